// SPDX-License-Identifier: GPL-2.0-only
/*
 * Event source "tpgeneric" (LTT_EVENT_TPGENERIC, issue 38): any tracefs
 * event of the running kernel, without a declared event, as a dynamic
 * probe of a session (src/dynprobe.h, kind LTT_PROBE_TRACEPOINT).
 *
 * The route is perf's, through exported API only: one kernel counter per
 * CPU online at creation (perf_event_create_kernel_counter(),
 * PERF_TYPE_TRACEPOINT, config the tracefs id, sample_period 1,
 * PERF_SAMPLE_RAW), created disabled, enabled by attach and disabled by
 * detach. At each hit the kernel's own perf_trace_<event> builds the
 * record (the event's TP_fast_assign, ftrace's layout) and perf calls
 * the overflow handler, in the tracepoint's context, with that record in
 * data->raw; the handler reads the fields the caller described (from the
 * event's format file, struct ltt_tp_field) out of it and records them
 * through the values-array gates (filters, trackers, triggers, context
 * fields) and the ring buffer. The record's common_* header is not
 * recorded: lttctl leaves it out (tid, pid and the like are context).
 *
 * Checks. Creation checks every field (kind, sizes, counts, the name);
 * each hit checks that the record holds every fixed field and every
 * __data_loc range before reading any (a record too short is counted as
 * missed and not recorded), so a wrong description never reads outside
 * the record perf hands over.
 *
 * Contexts. The handler runs where the tracepoint fires, with preemption
 * disabled by the tracepoint (NMI for the few events that fire there):
 * no lock, no allocation, no sleep; the record is perf's per-CPU buffer,
 * plain kernel memory. Recursion: perf refuses a tracepoint event nested
 * in its own handler at the same context level (its swevent recursion
 * context); deeper nesting is stopped by the ring buffer's guard.
 *
 * Permissions. perf checks the creator (current, the CAP_SYS_ADMIN
 * caller of PROBE_CREATE: perfmon_capable()), so perf_event_paranoid
 * does not matter; perf_event_open()'s own checks are not on this path.
 *
 * CPU hotplug: as the perf_cpu_* context fields (src/context-perf.c),
 * no counter is made or released from a hotplug callback (creating one
 * takes cpus_read_lock()). A CPU that comes online after the creation
 * records nothing of this event; one that goes offline stops recording
 * it (perf detaches its counter) even when it comes back.
 *
 * Module tracepoints come and go with their module. perf holds the
 * tracepoint's module while a counter on it exists (a reference each):
 * the probe gives those back once its counters are made, so that rmmod
 * works, and a module notifier, before tracing's own (which removes the
 * module's events), releases the counters at MODULE_STATE_GOING (taking
 * back the references perf's release drops) and marks the probe gone;
 * when a module comes back (MODULE_STATE_LIVE, its events made at
 * COMING) with the probe's GROUP:EVENT, the counters are made again
 * (its id may be another) and enabled if the event is: it records from
 * then on. Its fields are the ones read at creation: a module with
 * another layout under the same name is recorded through the same
 * bounds checks (a record too short is missed, not read past).
 *
 * Labels (ABI 1.17): an integer field the caller gives labels for (the
 * format's __print_symbolic table) is a CTF enumeration in the metadata;
 * the record is the same integer.
 */
#include <linux/cpumask.h>
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace_events.h>
#include <linux/tracepoint.h>
#include <linux/uaccess.h>
#include <ltt/emit.h>
#include <ltt/fields.h>
#include <uapi/ltt/abi.h>
#include "dynprobe.h"
#include "event-source.h"
#include "registry.h"

#ifdef CONFIG_EVENT_TRACING

struct tg_field {
	u16 offset;
	u16 size;			/* element size */
	u16 count;			/* CHARS, ARRAY */
	u8 kind;			/* LTT_TPF_* */
	bool is_signed;
	bool rel;			/* __rel_loc */
};

struct ltt_tpgeneric {
	struct ltt_dynprobe dp;
	u32 id;
	u32 extent;			/* bytes the fixed fields need */
	unsigned int nr;
	struct tg_field f[LTT_TP_MAX_FIELDS];
	struct ltt_field_desc fields[LTT_TP_MAX_FIELDS];
	char names[LTT_TP_MAX_FIELDS][LTT_TP_FIELD_NAME_LEN];
	/* an INT with labels: entries then their labels, one allocation */
	struct ltt_enum_desc enums[LTT_TP_MAX_FIELDS];
	struct perf_event **ev;		/* nr_cpu_ids entries, NULL: none */
	atomic64_t missed;		/* records shorter than the fields */
	/* a module's tracepoint: under tg_lock (and ev with it) */
	struct module *mod;		/* its module, while its counters exist */
	struct list_head mod_node;	/* on tg_mod_probes */
	bool gone;			/* its module unloaded, not back */
	bool enabled;			/* attached: ltt_lock() */
};

static struct ltt_tpgeneric *to_tg(struct ltt_dynprobe *dp)
{
	return container_of(dp, struct ltt_tpgeneric, dp);
}

/* ---- recording --------------------------------------------------------- */

/*
 * The kernel's record is laid out as its struct: read by copy, of a
 * constant size each (a copy of a variable size is a call to memcpy).
 */
static __always_inline s64 tg_int(const u8 *p, unsigned int size,
				  bool is_signed)
{
	u16 x16;
	u32 x32;
	u64 x64;

	switch (size) {
	case 1:
		return is_signed ? (s64)(s8)*p : (s64)*p;
	case 2:
		__builtin_memcpy(&x16, p, sizeof(x16));
		return is_signed ? (s64)(s16)x16 : (s64)x16;
	case 4:
		__builtin_memcpy(&x32, p, sizeof(x32));
		return is_signed ? (s64)(s32)x32 : (s64)x32;
	default:
		__builtin_memcpy(&x64, p, sizeof(x64));
		return (s64)x64;
	}
}

static __always_inline u32 tg_u32(const u8 *p)
{
	u32 x;

	__builtin_memcpy(&x, p, sizeof(x));
	return x;
}

/*
 * The values of a hit, and its payload's size; false if the record does
 * not hold a __data_loc range. Strings point into the record, their len
 * without the NUL the payload adds.
 */
static bool tg_values(const struct ltt_tpgeneric *t, const u8 *rec,
		      u32 size, struct ltt_fvalue *v, u32 *len)
{
	unsigned int i;
	u32 n = 0;

	for (i = 0; i < t->nr; i++, v++) {
		const struct tg_field *f = &t->f[i];
		const u8 *p = rec + f->offset;
		u32 loc, off, l;

		switch (f->kind) {
		case LTT_TPF_INT:
			v->type = LTT_FV_INT;
			v->i = tg_int(p, f->size, f->is_signed);
			n += f->size;
			continue;
		case LTT_TPF_CHARS:
			v->type = LTT_FV_KSTR;
			v->str = (const char *)p;
			v->len = strnlen(v->str, f->count);
			n += v->len + 1;
			continue;
		case LTT_TPF_ARRAY:
			v->type = f->size == 1 ? LTT_FV_KSTR : LTT_FV_INT;
			v->str = (const char *)p;
			v->len = f->count;
			n += f->size * f->count;
			continue;
		default:		/* STRING, DYNARRAY */
			break;
		}
		loc = tg_u32(p);
		off = (loc & 0xffff) + (f->rel ? f->offset + sizeof(u32) : 0);
		l = loc >> 16;
		if (off + l > size)
			return false;
		v->str = (const char *)rec + off;
		if (f->kind == LTT_TPF_STRING) {
			v->type = LTT_FV_KSTR;
			v->len = strnlen(v->str, l);
			n += v->len + 1;
		} else {
			v->type = f->size == 1 ? LTT_FV_KSTR : LTT_FV_INT;
			v->len = min_t(u32, l / f->size, LTT_SEQUENCE_MAX);
			n += sizeof(u32) + f->size * v->len;
		}
	}
	*len = n;
	return true;
}

/* Exactly the bytes tg_values() counted. */
static void tg_write(const struct ltt_tpgeneric *t,
		     const struct ltt_fvalue *v, char *p)
{
	unsigned int i;
	u32 n;

	for (i = 0; i < t->nr; i++, v++) {
		const struct tg_field *f = &t->f[i];

		switch (f->kind) {
		case LTT_TPF_INT:
			ltt_put_int(p, v->i, f->size);
			p += f->size;
			break;
		case LTT_TPF_CHARS:
		case LTT_TPF_STRING:
			memcpy(p, v->str, v->len);
			p[v->len] = '\0';
			p += v->len + 1;
			break;
		case LTT_TPF_ARRAY:
			n = f->size * f->count;
			memcpy(p, v->str, n);
			p += n;
			break;
		default:		/* DYNARRAY */
			n = f->size * v->len;
			memcpy(p, &v->len, sizeof(u32));
			memcpy(p + sizeof(u32), v->str, n);
			p += sizeof(u32) + n;
			break;
		}
	}
}

static void tg_overflow(struct perf_event *ev, struct perf_sample_data *data,
			struct pt_regs *regs)
{
	struct ltt_tpgeneric *t = ev->overflow_handler_context;
	struct ltt_fvalue v[LTT_TP_MAX_FIELDS] ltt_uninit;
	const struct perf_raw_record *raw;
	u32 len;

	if (!ltt_emit_wanted(&t->dp.desc))
		return;
	raw = data->sample_flags & PERF_SAMPLE_RAW ? data->raw : NULL;
	/* a tracepoint's record is one fragment, perf's per-CPU buffer */
	if (unlikely(!raw || !perf_raw_frag_last(&raw->frag) ||
		     raw->frag.size < t->extent ||
		     !tg_values(t, raw->frag.data, raw->frag.size, v, &len))) {
		atomic64_inc(&t->missed);
		return;
	}
	__ltt_emit_walk(&t->dp.desc, v, NULL, len, p, tg_write(t, v, p));
}

/* ---- creation ---------------------------------------------------------- */

static bool tg_name_valid(const char *name)
{
	size_t i, len = strnlen(name, LTT_TP_FIELD_NAME_LEN);

	if (!len || len == LTT_TP_FIELD_NAME_LEN || isdigit(name[0]))
		return false;
	for (i = 0; i < len; i++)
		if (!isalnum(name[i]) && name[i] != '_')
			return false;
	return true;
}

/* Does @v fit an integer of @size bytes, signed or not? */
static bool tg_value_fits(s64 v, unsigned int size, bool is_signed)
{
	unsigned int bits = size * 8;

	if (bits == 64)
		return is_signed || v >= 0;
	if (is_signed)
		return v >= -(1LL << (bits - 1)) && v < (1LL << (bits - 1));
	return v >= 0 && v < (1LL << bits);
}

/*
 * The labels of field @i's values (ltt_tp_field.enums): copied, checked
 * (a label of printable ASCII, NUL-terminated; a value of the field's
 * type, met once) into t->enums[i].
 */
static int tg_enum(struct ltt_tpgeneric *t, unsigned int i,
		   const struct ltt_tp_field *u)
{
	struct ltt_enum_desc *e = &t->enums[i];
	struct ltt_enum_entry *en;
	struct ltt_tp_enum x;
	unsigned int j, k;
	size_t len;
	char *labels;

	if (u->nr_enums > LTT_TP_ENUM_MAX)
		return -EINVAL;
	en = kcalloc(u->nr_enums, sizeof(*en) + LTT_TP_ENUM_LABEL_LEN,
		     GFP_KERNEL);
	if (!en)
		return -ENOMEM;
	e->entries = en;	/* freed by tg_free(), whatever comes next */
	labels = (char *)(en + u->nr_enums);
	for (j = 0; j < u->nr_enums; j++) {
		char *l = labels + j * LTT_TP_ENUM_LABEL_LEN;

		if (copy_from_user(&x, u64_to_user_ptr(u->enums +
						       (u64)j * sizeof(x)),
				   sizeof(x)))
			return -EFAULT;
		len = strnlen(x.label, sizeof(x.label));
		if (!len || len == sizeof(x.label) ||
		    !tg_value_fits(x.value, u->size, u->flags & LTT_TPF_F_SIGNED))
			return -EINVAL;
		for (k = 0; k < len; k++)
			if (x.label[k] < 0x20 || x.label[k] > 0x7e)
				return -EINVAL;
		for (k = 0; k < j; k++)
			if (en[k].start == x.value)
				return -EINVAL;
		memcpy(l, x.label, len + 1);
		en[j].label = l;
		en[j].start = x.value;
		en[j].end = x.value;
	}
	e->name = t->names[i];	/* lttctl list shows it */
	e->nr_entries = u->nr_enums;
	return 0;
}

/* One entry of the caller's list into t->f[i], t->fields[i]. */
static int tg_field(struct ltt_tpgeneric *t, unsigned int i,
		    const struct ltt_tp_field *u)
{
	struct tg_field *f = &t->f[i];
	bool is_signed = u->flags & LTT_TPF_F_SIGNED;
	unsigned int base = u->flags & LTT_TPF_F_HEX ? 16 : 10;
	unsigned int j;
	u32 end;

	if (u->flags & ~(LTT_TPF_F_SIGNED | LTT_TPF_F_HEX | LTT_TPF_F_REL) ||
	    !tg_name_valid(u->name) || u->reserved ||
	    !u->nr_enums != !u->enums ||
	    (u->nr_enums && u->kind != LTT_TPF_INT))
		return -EINVAL;
	for (j = 0; j < i; j++)
		if (!strcmp(t->names[j], u->name))
			return -EINVAL;
	f->offset = u->offset;
	f->size = u->size;
	f->count = u->count;
	f->kind = u->kind;
	f->is_signed = is_signed;
	f->rel = u->flags & LTT_TPF_F_REL;
	switch (u->kind) {
	case LTT_TPF_INT:
	case LTT_TPF_ARRAY:
	case LTT_TPF_DYNARRAY:
		if (u->size != 1 && u->size != 2 && u->size != 4 &&
		    u->size != 8)
			return -EINVAL;
		break;
	case LTT_TPF_CHARS:
		if (u->size != 1 || is_signed || base != 10)
			return -EINVAL;
		break;
	case LTT_TPF_STRING:
		if (u->size != 1 || is_signed || base != 10 || u->count)
			return -EINVAL;
		break;
	default:
		return -EINVAL;
	}
	if (f->rel && u->kind != LTT_TPF_STRING && u->kind != LTT_TPF_DYNARRAY)
		return -EINVAL;
	if (u->kind == LTT_TPF_CHARS || u->kind == LTT_TPF_ARRAY) {
		if (!u->count || u->count > LTT_TP_ARRAY_MAX)
			return -EINVAL;
	} else if (u->count) {
		return -EINVAL;
	}
	/* what the record must hold: a __data_loc field is its u32 */
	if (u->kind == LTT_TPF_STRING || u->kind == LTT_TPF_DYNARRAY)
		end = u->offset + sizeof(u32);
	else if (u->kind == LTT_TPF_INT)
		end = u->offset + u->size;
	else
		end = u->offset + u->size * u->count;
	t->extent = max(t->extent, end);

	strscpy(t->names[i], u->name, LTT_TP_FIELD_NAME_LEN);
	switch (u->kind) {
	case LTT_TPF_INT:
		if (u->nr_enums) {
			int ret = tg_enum(t, i, u);

			if (ret)
				return ret;
			t->fields[i] = (struct ltt_field_desc)
				LTT_FIELD_DESC(t->names[i], LTT_FIELD_ENUM,
					       u->size, is_signed, base, 0,
					       &t->enums[i]);
			break;
		}
		t->fields[i] = (struct ltt_field_desc)
			LTT_FIELD_INT_DESC(t->names[i], u->size, is_signed, base);
		break;
	case LTT_TPF_ARRAY:
		t->fields[i] = (struct ltt_field_desc)
			LTT_FIELD_DESC(t->names[i], LTT_FIELD_ARRAY, u->size,
				       is_signed, base, u->count, NULL);
		break;
	case LTT_TPF_DYNARRAY:
		t->fields[i] = (struct ltt_field_desc)
			LTT_FIELD_DESC(t->names[i], LTT_FIELD_SEQUENCE,
				       u->size, is_signed, base, 0, NULL);
		break;
	default:		/* CHARS, STRING */
		t->fields[i] = (struct ltt_field_desc)
			LTT_FIELD_STRING_DESC(t->names[i]);
		break;
	}
	return 0;
}

static int tg_fields(struct ltt_dynprobe *dp, const struct ltt_probe_args *a)
{
	struct ltt_tpgeneric *t = to_tg(dp);
	struct ltt_tp_field u;
	unsigned int i;
	int ret;

	if (!a->nr_tp_fields || a->nr_tp_fields > LTT_TP_MAX_FIELDS ||
	    a->tp_field_size < LTT_TP_FIELD_SIZE_VER0 ||
	    a->tp_field_size > PAGE_SIZE || !a->tp_id)
		return -EINVAL;
	for (i = 0; i < a->nr_tp_fields; i++) {
		ret = copy_struct_from_user(&u, sizeof(u),
				u64_to_user_ptr(a->tp_fields +
						(u64)i * a->tp_field_size),
				a->tp_field_size);
		if (ret)
			return ret == -E2BIG ? -EINVAL : ret;
		ret = tg_field(t, i, &u);
		if (ret)
			return ret;
	}
	t->nr = a->nr_tp_fields;
	t->id = a->tp_id;
	dp->nr_fields = t->nr;
	dp->desc.fields = t->fields;
	dp->desc.nr_fields = t->nr;
	return 0;
}

static struct ltt_dynprobe *tg_alloc(void)
{
	struct ltt_tpgeneric *t = kzalloc(sizeof(*t), GFP_KERNEL);

	if (!t)
		return NULL;
	t->ev = kcalloc(nr_cpu_ids, sizeof(*t->ev), GFP_KERNEL);
	if (!t->ev) {
		kfree(t);
		return NULL;
	}
	INIT_LIST_HEAD(&t->mod_node);
	return &t->dp;
}

static void tg_free(struct ltt_dynprobe *dp)
{
	struct ltt_tpgeneric *t = to_tg(dp);
	unsigned int i;

	for (i = 0; i < LTT_TP_MAX_FIELDS; i++)
		kfree(t->enums[i].entries);
	kfree(t->ev);
	kfree(t);
}

/*
 * The probes of a module's tracepoint (and, once it went, those of a
 * module that may come back): their counters and module change under
 * tg_lock. Order: ltt_lock() (the module notifier), then tg_lock.
 */
static DEFINE_MUTEX(tg_lock);
static LIST_HEAD(tg_mod_probes);

/*
 * The counters released (under tg_lock); a handler may still run
 * (tg_sync() waits). A module's: perf's release drops the module
 * reference its creation took, given back by tg_counters(): take it
 * again first.
 */
static void tg_drop(struct ltt_tpgeneric *t)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu) {
		if (t->ev[cpu]) {
			if (t->mod)
				__module_get(t->mod);
			perf_event_release_kernel(t->ev[cpu]);
			t->ev[cpu] = NULL;
		}
	}
	t->mod = NULL;
}

/*
 * perf unlinks a counter from the tracepoint's per-CPU list, but waits
 * for the handlers still running only when it was the tracepoint's last
 * perf user: wait here, as for a probe.
 */
static void tg_sync(void)
{
	tracepoint_synchronize_unregister();
}

/* The tracepoint's module of @ev, or NULL (the kernel's, or dynamic). */
static struct module *tg_module(struct perf_event *ev)
{
	struct trace_event_call *call = ev->tp_event;

	if (!call || (call->flags & TRACE_EVENT_FL_DYNAMIC))
		return NULL;
	return call->module;
}

/*
 * Under tg_lock: a counter of event @id on every CPU online, enabled if
 * the event is; a module's references perf took given back (t->mod).
 */
static int tg_counters(struct ltt_tpgeneric *t, u32 id)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_TRACEPOINT,
		.size = sizeof(attr),
		.config = id,
		.sample_period = 1,
		.sample_type = PERF_SAMPLE_RAW,
		.disabled = 1,		/* attach enables it */
		.pinned = 1,
	};
	struct module *mod = NULL;
	unsigned int cpu;
	int n = 0;

	/* not under cpus_read_lock(): see the top of this file */
	for_each_online_cpu(cpu) {
		struct perf_event *ev;

		ev = perf_event_create_kernel_counter(&attr, cpu, NULL,
						      tg_overflow, t);
		if (IS_ERR(ev)) {
			if (PTR_ERR(ev) == -ENODEV && !cpu_online(cpu))
				continue;	/* went offline meanwhile */
			tg_drop(t);
			/* perf: -ENOENT, no tracepoint PMU */
			return PTR_ERR(ev) == -ENOENT ? -EOPNOTSUPP :
							 PTR_ERR(ev);
		}
		t->ev[cpu] = ev;
		mod = tg_module(ev);
		n++;
	}
	if (!n)
		return -ENODEV;
	if (mod) {
		/* one reference per counter: rmmod must not see them */
		for_each_possible_cpu(cpu)
			if (t->ev[cpu])
				module_put(mod);
		t->mod = mod;
	}
	t->id = id;
	for_each_possible_cpu(cpu)
		if (t->ev[cpu] && t->enabled)
			perf_event_enable(t->ev[cpu]);
	return 0;
}

static int tg_arm(struct ltt_dynprobe *dp, const struct ltt_probe_args *a,
		  const char *where)
{
	struct ltt_tpgeneric *t = to_tg(dp);
	int ret;

	strscpy(dp->where, where, sizeof(dp->where));
	mutex_lock(&tg_lock);
	ret = tg_counters(t, t->id);
	if (!ret && t->mod)
		list_add_tail(&t->mod_node, &tg_mod_probes);
	mutex_unlock(&tg_lock);
	return ret;
}

static void tg_disarm_nowait(struct ltt_dynprobe *dp)
{
	struct ltt_tpgeneric *t = to_tg(dp);

	mutex_lock(&tg_lock);
	tg_drop(t);
	list_del_init(&t->mod_node);
	mutex_unlock(&tg_lock);
}

static void tg_disarm(struct ltt_dynprobe *dp)
{
	tg_disarm_nowait(dp);
	tg_sync();
}

/* The id of @mod's event GROUP:EVENT (@where), 0 if it has none. */
static u32 tg_find(struct module *mod, const char *where)
{
#ifdef CONFIG_MODULES
	const char *colon = strchr(where, ':');
	unsigned int i;

	if (!colon)
		return 0;
	for (i = 0; i < mod->num_trace_events; i++) {
		struct trace_event_call *call = mod->trace_events[i];
		const char *sys = call->class ? call->class->system : NULL;

		if (sys && strlen(sys) == colon - where &&
		    !strncmp(sys, where, colon - where) &&
		    !strcmp(trace_event_name(call), colon + 1))
			return call->event.type;
	}
#endif
	return 0;
}

static int tg_module_notify(struct notifier_block *nb, unsigned long val,
			    void *data)
{
	struct module *mod = data;
	struct ltt_tpgeneric *t;
	bool dropped = false;
	u32 id;

	if (val != MODULE_STATE_GOING && val != MODULE_STATE_LIVE)
		return NOTIFY_DONE;
	ltt_lock();		/* t->enabled */
	mutex_lock(&tg_lock);
	list_for_each_entry(t, &tg_mod_probes, mod_node) {
		if (val == MODULE_STATE_GOING && t->mod == mod) {
			tg_drop(t);
			WRITE_ONCE(t->gone, true);
			dropped = true;
		} else if (val == MODULE_STATE_LIVE && t->gone) {
			id = tg_find(mod, t->dp.where);
			if (id && !tg_counters(t, id))
				WRITE_ONCE(t->gone, false);
		}
	}
	mutex_unlock(&tg_lock);
	ltt_unlock();
	if (dropped)
		tg_sync();	/* no handler left in the module's code */
	return NOTIFY_OK;
}

/* Before tracing's own notifier (priority 1), which removes the events. */
static struct notifier_block tg_module_nb = {
	.notifier_call = tg_module_notify,
	.priority = 10,
};

static int tg_init(void)
{
	return register_module_notifier(&tg_module_nb);
}

static void tg_exit(void)
{
	unregister_module_notifier(&tg_module_nb);
}

static u64 tg_missed(struct ltt_dynprobe *dp)
{
	return atomic64_read(&to_tg(dp)->missed);
}

static bool tg_gone(struct ltt_dynprobe *dp)
{
	return READ_ONCE(to_tg(dp)->gone);
}

static struct ltt_tpgeneric *desc_tg(struct ltt_event_desc *desc)
{
	return to_tg(container_of(desc, struct ltt_dynprobe, desc));
}

static bool tg_available(struct ltt_event_desc *desc)
{
	return true;
}

/* Under ltt_lock(): perf's enable and disable sleep, take no ltt lock. */
static int tg_attach(struct ltt_event_desc *desc)
{
	struct ltt_tpgeneric *t = desc_tg(desc);
	unsigned int cpu;

	mutex_lock(&tg_lock);
	t->enabled = true;
	for_each_possible_cpu(cpu)
		if (t->ev[cpu])
			perf_event_enable(t->ev[cpu]);
	mutex_unlock(&tg_lock);
	return 0;
}

static void tg_detach(struct ltt_event_desc *desc)
{
	struct ltt_tpgeneric *t = desc_tg(desc);
	unsigned int cpu;

	mutex_lock(&tg_lock);
	t->enabled = false;
	for_each_possible_cpu(cpu)
		if (t->ev[cpu])
			perf_event_disable(t->ev[cpu]);
	mutex_unlock(&tg_lock);
}

#else /* !CONFIG_EVENT_TRACING */

static int tg_fields(struct ltt_dynprobe *dp, const struct ltt_probe_args *a)
{
	return -EOPNOTSUPP;
}

static struct ltt_dynprobe *tg_alloc(void)
{
	return kzalloc(sizeof(struct ltt_dynprobe), GFP_KERNEL);
}

static void tg_free(struct ltt_dynprobe *dp)
{
	kfree(dp);
}

static int tg_arm(struct ltt_dynprobe *dp, const struct ltt_probe_args *a,
		  const char *where)
{
	return -EOPNOTSUPP;
}

static void tg_disarm(struct ltt_dynprobe *dp)
{
}

static void tg_disarm_nowait(struct ltt_dynprobe *dp)
{
}

static void tg_sync(void)
{
}

static u64 tg_missed(struct ltt_dynprobe *dp)
{
	return 0;
}

static bool tg_gone(struct ltt_dynprobe *dp)
{
	return false;
}

static bool tg_available(struct ltt_event_desc *desc)
{
	return false;
}

static int tg_init(void)
{
	return 0;
}

static void tg_exit(void)
{
}

static int tg_attach(struct ltt_event_desc *desc)
{
	return -EOPNOTSUPP;
}

static void tg_detach(struct ltt_event_desc *desc)
{
}

#endif /* CONFIG_EVENT_TRACING */

static const struct ltt_dynprobe_ops ltt_tpgeneric_ops = {
	.kind = LTT_PROBE_TRACEPOINT,
	.ret_kind = LTT_PROBE_TRACEPOINT,
	.user = false,
	.fields = tg_fields,
	.bound = LTT_DP_BOUND_TP,
	.ret_bound = LTT_DP_BOUND_TP,
	.alloc = tg_alloc,
	.arm = tg_arm,
	.disarm = tg_disarm,
	.disarm_nowait = tg_disarm_nowait,
	.sync = tg_sync,
	.free = tg_free,
	.missed = tg_missed,
	.gone = tg_gone,
};

const struct ltt_event_source ltt_source_tpgeneric = {
	.name = "tpgeneric",
	.init = tg_init,
	.exit = tg_exit,
	.available = tg_available,
	.attach = tg_attach,
	.detach = tg_detach,
	.probe_ops = &ltt_tpgeneric_ops,
};
