// SPDX-License-Identifier: GPL-2.0-only
/*
 * Dynamic probes, the part common to kprobes and uprobes (see dynprobe.h):
 * the session's list, the event's fields, and the recording of a hit.
 *
 * Recording. A hit reads every fetch once into an array of values on the
 * stack (integers, string addresses) and hands it to the values-array
 * writer (ltt_emit_values()), which runs the filters on them and measures
 * and copies the strings fault-safe. Memory is read with
 * copy_from_kernel_nofault() or
 * copy_from_user_nofault(): an integer that cannot be read is recorded as
 * 0, a string as "(fault)". No lock, no allocation: a handler may run in
 * any context, NMI included for a kprobe.
 *
 * Recursion: a kprobe hit inside the tracer's own path (a probe on a
 * function the ring buffer calls) is refused by kprobes itself (counted
 * as missed, see ltt_probe_entry.missed); anything deeper is stopped by
 * the ring buffer's nesting guard, counted as lost_nesting.
 */
#include <linux/capability.h>
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <ltt/emit.h>
#include <ltt/fields.h>
#include "dynprobe.h"
#include "event-source.h"
#include "registry.h"
#include "session.h"
#include "session-feature.h"

/* ---- recording --------------------------------------------------------- */

/* fetch-spec.c names the registers as the words of x86-64's pt_regs */
#ifdef CONFIG_X86_64
static_assert(offsetof(struct pt_regs, r15) == 0 &&
	      offsetof(struct pt_regs, di) == 14 * sizeof(long) &&
	      offsetof(struct pt_regs, sp) == 19 * sizeof(long) &&
	      sizeof(struct pt_regs) == LTT_FETCH_NR_REGS * sizeof(long));
#endif

static __always_inline bool dp_read(void *dst, unsigned long addr,
				    size_t size, bool user)
{
	if (user)
		return !copy_from_user_nofault(dst, (const void __user *)addr,
					       size);
	return !copy_from_kernel_nofault(dst, (const void *)addr, size);
}

static unsigned long dp_base(const struct ltt_fetch_field *f,
			     struct pt_regs *regs, bool user)
{
	unsigned long v = 0;

	switch (f->fbase) {
	case LTT_FB_REG:
		v = regs_get_register(regs, f->reg * sizeof(unsigned long));
		if (f->scale)		/* +OFF(%REG,%IDX,S) */
			v += regs_get_register(regs, f->ireg *
					       sizeof(unsigned long)) * f->scale;
		return v;
	case LTT_FB_IMM:
		return f->imm;
	case LTT_FB_STACKP:
		return user ? user_stack_pointer(regs) :
			      kernel_stack_pointer(regs);
	case LTT_FB_STACK:
		if (!user)
			return regs_get_kernel_stack_nth(regs, f->idx);
		if (!dp_read(&v, user_stack_pointer(regs) +
				 f->idx * sizeof(unsigned long), sizeof(v), true))
			v = 0;
		return v;
	case LTT_FB_RETVAL:
		return regs_return_value(regs);
	default:		/* LTT_FB_COMM: not an integer */
		return 0;
	}
}

/* The value of one integer field, or a string's address. */
static u64 dp_fetch(const struct ltt_fetch_field *f, struct pt_regs *regs,
		    bool user)
{
	unsigned long v = dp_base(f, regs, user);
	unsigned int i;

	for (i = 0; i < f->nr_deref; i++) {
		bool u = f->user_deref & BIT(i);
		unsigned long addr = v + f->off[i];

		/* the last read of an integer field reads its size only */
		if (i == f->nr_deref - 1 && f->type == LTT_FT_INT) {
			u64 x = 0;

			/* x86-64 is little-endian: the low bytes come first */
			if (!dp_read(&x, addr, f->size, u))
				return 0;
			return x;
		}
		if (!dp_read(&v, addr, sizeof(v), u))
			return 0;
	}
	return v;
}

/* The values of a hit: the fetches, then retval and duration_ns. */
void ltt_dynprobe_record(struct ltt_dynprobe *dp, struct pt_regs *regs,
			 u64 duration_ns)
{
	struct ltt_fvalue v[LTT_FETCH_MAX_FIELDS + 2] ltt_uninit;
	unsigned int i;

	if (!ltt_emit_wanted(&dp->desc))
		return;
	for (i = 0; i < dp->spec.nr_fields; i++) {
		const struct ltt_fetch_field *f = &dp->spec.fields[i];

		switch (f->type) {
		case LTT_FT_INT:
			v[i].type = LTT_FV_INT;
			v[i].i = dp_fetch(f, regs, dp->user);
			continue;
		case LTT_FT_USTRING:
			v[i].type = LTT_FV_USTR;
			break;
		case LTT_FT_COMM:
			v[i].type = LTT_FV_KSTR_NOFAULT;
			v[i].str = current->comm;
			v[i].len = LTT_STRING_MAX;
			continue;
		default:
			v[i].type = LTT_FV_KSTR_NOFAULT;
			break;
		}
		v[i].str = (const char *)(unsigned long)dp_fetch(f, regs,
								 dp->user);
		v[i].len = LTT_STRING_MAX;
	}
	if (dp->ret) {
		v[i].type = LTT_FV_INT;
		v[i++].i = regs_return_value(regs);
	}
	if (dp->duration) {
		v[i].type = LTT_FV_INT;
		v[i].i = duration_ns;
	}
	ltt_emit_values(&dp->desc, v);
}

/* ---- creation ---------------------------------------------------------- */

/*
 * Event names of dynamic probes are CTF identifiers, or two joined by one
 * ':' (PROVIDER:NAME of a USDT probe, as lttng-ust names its events).
 */
static bool dp_name_valid(const char *name)
{
	size_t i, len = strnlen(name, LTT_EVENT_NAME_LEN);
	const char *colon = strchr(name, ':');

	if (!len || len == LTT_EVENT_NAME_LEN || isdigit(name[0]))
		return false;
	if (colon && (colon == name || !colon[1] || isdigit(colon[1]) ||
		      strchr(colon + 1, ':')))
		return false;
	for (i = 0; i < len; i++)
		if (!isalnum(name[i]) && name[i] != '_' && name[i] != ':')
			return false;
	return true;
}

/* The fields of the event: the fetches, then retval and duration_ns. */
static void dp_fill_fields(struct ltt_dynprobe *dp)
{
	unsigned int i;

	for (i = 0; i < dp->spec.nr_fields; i++) {
		const struct ltt_fetch_field *f = &dp->spec.fields[i];

		if (f->type == LTT_FT_INT)
			dp->fields[i] = (struct ltt_field_desc)
				LTT_FIELD_INT_DESC(f->name, f->size,
						   f->is_signed, f->base);
		else
			dp->fields[i] = (struct ltt_field_desc)
				LTT_FIELD_STRING_DESC(f->name);
	}
	if (dp->ret)
		dp->fields[i++] = (struct ltt_field_desc)
			LTT_FIELD_TYPE_DESC(dp->ops->ret_field ?: "retval",
					    s64, 10);
	if (dp->duration)
		dp->fields[i++] = (struct ltt_field_desc)
			LTT_FIELD_TYPE_DESC("duration_ns", u64, 10);
	dp->nr_fields = i;
}

static struct ltt_dynprobe *dp_find(struct ltt_session *s, const char *name)
{
	struct ltt_dynprobe *dp;

	list_for_each_entry(dp, &s->dynprobes, node)
		if (!strcmp(dp->name, name))
			return dp;
	return NULL;
}

static_assert(ARRAY_SIZE(((struct ltt_session *)0)->nr_probes) ==
	      LTT_DP_NR_BOUNDS);

static const unsigned int dp_bounds[LTT_DP_NR_BOUNDS] = {
	[LTT_DP_BOUND_PROBES] = LTT_MAX_DYNPROBES,
	[LTT_DP_BOUND_TP] = LTT_MAX_TPPROBES,
	[LTT_DP_BOUND_FUNC] = LTT_MAX_FUNCPROBES,
};

/* Can @s take a new probe named @name, counted in @bound, now?
 * Under ltt_lock(). */
static int dp_session_check(struct ltt_session *s, const char *name,
			    unsigned int bound)
{
	if (!s->listed)
		return -EBUSY;
	if (ltt_event_find_locked(name))
		return -EEXIST;
	if (s->nr_probes[bound] >= dp_bounds[bound])
		return -ENOSPC;
	return 0;
}

/* Copy in a user string of at most @max bytes (NUL incl.), or NULL. */
static char *dp_user_string(u64 uptr, long max)
{
	if (!uptr)
		return NULL;
	return strndup_user(u64_to_user_ptr(uptr), max);
}

static int dp_parse(struct ltt_dynprobe *dp, const struct ltt_probe_args *a)
{
	char err[LTT_FETCH_ERR_MAX];
	unsigned int flags = 0;
	char *text;
	int ret;

	text = dp_user_string(a->fetch, LTT_PROBE_FETCH_MAX);
	if (IS_ERR(text))
		return PTR_ERR(text) == -EINVAL ? -E2BIG : PTR_ERR(text);
	if (dp->ret)
		flags |= LTT_FETCH_F_RETURN;
	if (dp->user)
		flags |= LTT_FETCH_F_USER;
	ret = ltt_fetch_parse(text ?: "", flags, &dp->spec, err, sizeof(err));
	kfree(text);
	if (!ret)
		return 0;
	/* the reason, for lttctl's message */
	if (a->errbuf &&
	    copy_to_user(u64_to_user_ptr(a->errbuf), err,
			 min_t(size_t, strlen(err) + 1, LTT_PROBE_ERR_LEN)))
		return -EFAULT;
	return -EBADMSG;
}

/**
 * ltt_dynprobe_create - PROBE_CREATE on a session fd
 * @s: the session
 * @a: the caller's arguments (zero-extended copy)
 *
 * Return: 0, or the errors listed at LTT_IOC_PROBE_CREATE; on error
 * nothing is left registered.
 */
int ltt_dynprobe_create(struct ltt_session *s, const struct ltt_probe_args *a)
{
	const struct ltt_event_source *src;
	const struct ltt_dynprobe_ops *ops;
	enum ltt_event_type type;
	struct ltt_dynprobe *dp;
	unsigned int bound;
	char *loc;
	bool user;
	int ret;

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	src = ltt_probe_source(a->kind, &type);
	if (!src || a->flags || a->reserved[0] || a->reserved[1] ||
	    !dp_name_valid(a->name))
		return -EINVAL;
	ops = src->probe_ops;
	user = ops->user;
	if (ops->fields ? !a->symbol || a->path || a->addr || a->offset ||
			  a->fetch :
	    a->tp_fields || a->nr_tp_fields || a->tp_field_size || a->tp_id)
		return -EINVAL;
	if (a->tp_reserved || (!user && a->ref_ctr_offset))
		return -EINVAL;
	if (ops->sym_and_addr ? !a->symbol || !a->addr || a->path :
	    user ? !a->path || a->symbol || a->addr :
		   a->path || (!a->symbol && !a->addr) || (a->symbol && a->addr))
		return -EINVAL;
	bound = a->kind == ops->kind ? ops->bound : ops->ret_bound;
	ltt_lock();
	ret = dp_session_check(s, a->name, bound);
	ltt_unlock();
	if (ret)
		return ret;

	dp = ops->alloc();
	if (!dp)
		return -ENOMEM;
	dp->kind = a->kind;
	dp->ops = ops;
	dp->user = user;
	dp->ret = a->kind == ops->ret_kind && a->kind != ops->kind;
	dp->duration = dp->ret && ops->ret_duration;
	dp->bound = bound;
	strscpy(dp->name, a->name, sizeof(dp->name));
	if (ops->fields) {
		ret = ops->fields(dp, a);
		if (ret)
			goto err_free;
	} else {
		ret = dp_parse(dp, a);
		if (ret)
			goto err_free;
		dp_fill_fields(dp);
		dp->desc.fields = dp->fields;
		dp->desc.nr_fields = dp->nr_fields;
	}
	dp->desc.name = dp->name;
	dp->desc.type = type;
	dp->desc.session = s;
	INIT_LIST_HEAD(&dp->desc.bindings);	/* a uprobe hits from arm on */

	loc = dp_user_string(user ? a->path : a->symbol,
			     user ? PATH_MAX : LTT_PROBE_SYMBOL_LEN);
	if (IS_ERR(loc)) {
		ret = PTR_ERR(loc) == -EINVAL ? -ENAMETOOLONG : PTR_ERR(loc);
		goto err_free;
	}
	ret = ops->arm(dp, a, loc);
	kfree(loc);
	if (ret)
		goto err_free;

	ltt_lock();
	ret = dp_session_check(s, a->name, bound);
	if (!ret)
		ret = ltt_event_register_locked(&dp->desc);
	if (!ret) {
		list_add_tail(&dp->node, &s->dynprobes);
		s->nr_probes[bound]++;
	}
	ltt_unlock();
	if (!ret)
		return 0;
	ops->disarm(dp);
err_free:
	ops->free(dp);
	return ret;
}

/* Unregistered and unlisted: remove the probe, wait, free. */
static void dp_destroy(struct ltt_dynprobe *dp)
{
	/* no handler can run after disarm: none is left on dp */
	dp->ops->disarm(dp);
	dp->ops->free(dp);
}

int ltt_dynprobe_remove(struct ltt_session *s, const char *name)
{
	struct ltt_dynprobe *dp;

	ltt_lock();
	dp = dp_find(s, name);
	if (dp) {
		ltt_event_unregister_locked(&dp->desc);
		list_del(&dp->node);
		s->nr_probes[dp->bound]--;
	}
	ltt_unlock();
	if (!dp)
		return -ENOENT;
	dp_destroy(dp);
	return 0;
}

/*
 * After DESTROY (which unbound them): every probe of @s goes. A source
 * with disarm_nowait (tracepoint probes: -e '*' makes 500 and more) has
 * its probes removed without a wait each, then one wait for all of them
 * (its sync) before any is freed.
 */
static void dynprobes_destroyed(struct ltt_session *s)
{
	void (*sync)(void) = NULL;
	struct ltt_dynprobe *dp, *tmp;
	LIST_HEAD(dead);

	ltt_lock();
	list_for_each_entry_safe(dp, tmp, &s->dynprobes, node) {
		ltt_event_unregister_locked(&dp->desc);
		list_move_tail(&dp->node, &dead);
	}
	memset(s->nr_probes, 0, sizeof(s->nr_probes));
	ltt_unlock();
	list_for_each_entry(dp, &dead, node) {
		if (dp->ops->disarm_nowait) {
			dp->ops->disarm_nowait(dp);
			sync = dp->ops->sync;
		} else {
			dp->ops->disarm(dp);
		}
	}
	if (sync)
		sync();
	list_for_each_entry_safe(dp, tmp, &dead, node)
		dp->ops->free(dp);
}

static int dynprobes_init(struct ltt_session *s)
{
	INIT_LIST_HEAD(&s->dynprobes);
	return 0;
}

const struct ltt_session_feature ltt_feature_dynprobes = {
	.name = "dynprobes",
	.init = dynprobes_init,
	.destroyed = dynprobes_destroyed,
};

int ltt_dynprobe_list(struct ltt_session *s, struct ltt_probe_entry *e,
		      unsigned int cap)
{
	struct ltt_dynprobe *dp;
	unsigned int n = 0;

	ltt_lock();
	list_for_each_entry(dp, &s->dynprobes, node) {
		const struct ltt_dynprobe_ops *ops = dp->ops;

		if (n < cap) {
			memset(&e[n], 0, sizeof(e[n]));
			strscpy(e[n].name, dp->name, sizeof(e[n].name));
			strscpy(e[n].where, dp->where, sizeof(e[n].where));
			e[n].kind = dp->kind;
			e[n].flags = ops->gone(dp) ? LTT_PROBE_F_GONE : 0;
			e[n].nr_fields = dp->nr_fields;
			e[n].missed = ops->missed(dp);
		}
		n++;
	}
	ltt_unlock();
	return n;
}
