// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt probe module: system calls.
 *
 * Each system call is its own event, sys_<name> (compat_sys_<name> for
 * ia32 tasks), with its arguments named and typed as the kernel declares
 * them, and every exit is exit_syscall { id, ret } with id an enumeration
 * that shows the syscall's name. The table comes from the headers of the
 * kernel this module is built for (probes/gen-syscalls.sh writes
 * ltt-syscalls-table.h at build time): a syscall without a readable
 * prototype records its six raw argument registers as args[], a number
 * the table does not know is sys_unknown { id, args[] }.
 *
 * Two callbacks on the kernel's raw sys_enter/sys_exit tracepoints serve
 * all of them, registered while one is attached (src/source-syscall.c);
 * they look up the number and test its bit in the bitmap of attached
 * syscalls first: a syscall no channel records costs that one test. The
 * channels that record an attached syscall are its bindings (ltt_emit()).
 * The exit is recorded in the channels that record the entry and have
 * exit_syscall enabled, which they get with their first syscall.
 *
 * Context: the tracepoints run in the task, preemption enabled or not;
 * nothing here sleeps, locks, allocates or faults (user strings through
 * ltt_user_string_*(), the *_nofault accessors); a record nested in
 * another (an interrupt's syscall tracepoint cannot happen, but NMI
 * tracing of the same buffer can) is capped and counted lost by the ring
 * buffer.
 *
 * Also here: the raw events syscall_raw_entry/syscall_raw_exit, generated
 * from include/trace/syscalls.h.
 */
#include <linux/module.h>
#include <linux/bitmap.h>
#include <linux/compat.h>
#include <linux/syscalls.h>
#include <asm/syscall.h>
#include <ltt/emit-values.h>
#include <ltt/fields.h>

#define LTT_CREATE_PROBES
#include <trace/syscalls.h>

#include "ltt-syscalls-table.h"

/* exit_syscall's id for syscall nr of an ia32 task: the two tables overlap. */
#define LTT_SC_COMPAT_ID	0x10000

#ifdef CONFIG_IA32_EMULATION
#define LTT_SC_HAVE_COMPAT	1
#else
#define LTT_SC_HAVE_COMPAT	0
#endif

static struct ltt_syscall_probe sc_probe;

/* ---- field lists ----------------------------------------------------- */
#define LTT_SC_I(type, fname)	LTT_FIELD_TYPE_DESC(#fname, type, 10),
#define LTT_SC_P(fname)		LTT_FIELD_TYPE_DESC(#fname, unsigned long, 16),
#define LTT_SC_S(fname)		LTT_FIELD_STRING_DESC(#fname),

static const struct ltt_field_desc sc_fields_raw[] = {
	LTT_FIELD_ARRAY_DESC("args", unsigned long, 6, 16),
};

static const struct ltt_field_desc sc_fields_unknown[] = {
	LTT_FIELD_TYPE_DESC("id", long, 10),
	LTT_FIELD_ARRAY_DESC("args", unsigned long, 6, 16),
};

/* A syscall of no argument: one field list of none is enough. */
#define SC_FIELDS_T(nr, ev, nargs, args)				\
	static const struct ltt_field_desc sc_fields_##ev[nargs ? nargs : 1] \
		__maybe_unused = { args };
#define SC_FIELDS_N(nr, ev)
LTT_SYSCALLS_64(SC_FIELDS_T, SC_FIELDS_N)
#if LTT_SC_HAVE_COMPAT
LTT_SYSCALLS_32(SC_FIELDS_T, SC_FIELDS_N)
#endif

/* ---- descriptors and tables ------------------------------------------ */
static DECLARE_BITMAP(sc_on_64, LTT_SYSCALLS_NR_64);
#if LTT_SC_HAVE_COMPAT
static DECLARE_BITMAP(sc_on_32, LTT_SYSCALLS_NR_32);
#endif
static unsigned long sc_on_unknown;

#define SC_DESC(ev, bm, nr, f, n)					\
	static struct ltt_event_desc sc_desc_##ev = {			\
		.name = #ev,						\
		.type = LTT_EVENT_SYSCALL,				\
		.fields = f,						\
		.nr_fields = n,						\
		.owner = THIS_MODULE,					\
		.sc_probe = &sc_probe,					\
		.sc_bitmap = bm,					\
		.sc_nr = nr,						\
	};
#define SC_DESC_T64(nr, ev, nargs, args)				\
	SC_DESC(ev, sc_on_64, nr, sc_fields_##ev, nargs)
#define SC_DESC_N64(nr, ev)						\
	SC_DESC(ev, sc_on_64, nr, sc_fields_raw, 1)
#define SC_DESC_T32(nr, ev, nargs, args)				\
	SC_DESC(ev, sc_on_32, nr, sc_fields_##ev, nargs)
#define SC_DESC_N32(nr, ev)						\
	SC_DESC(ev, sc_on_32, nr, sc_fields_raw, 1)
LTT_SYSCALLS_64(SC_DESC_T64, SC_DESC_N64)
#if LTT_SC_HAVE_COMPAT
LTT_SYSCALLS_32(SC_DESC_T32, SC_DESC_N32)
#endif
SC_DESC(sys_unknown, &sc_on_unknown, 0, sc_fields_unknown,
	ARRAY_SIZE(sc_fields_unknown))

#define SC_SLOT_T(nr, ev, nargs, args)	[nr] = &sc_desc_##ev,
#define SC_SLOT_N(nr, ev)		[nr] = &sc_desc_##ev,
static struct ltt_event_desc *const sc_table_64[LTT_SYSCALLS_NR_64] = {
	LTT_SYSCALLS_64(SC_SLOT_T, SC_SLOT_N)
};
#if LTT_SC_HAVE_COMPAT
static struct ltt_event_desc *const sc_table_32[LTT_SYSCALLS_NR_32] = {
	LTT_SYSCALLS_32(SC_SLOT_T, SC_SLOT_N)
};
#endif

/* exit_syscall: id as an enumeration of every known syscall's event name */
#define SC_ENUM_T64(nr, ev, nargs, args)	{ #ev, (nr), (nr) },
#define SC_ENUM_N64(nr, ev)			{ #ev, (nr), (nr) },
#define SC_ENUM_T32(nr, ev, nargs, args)				\
	{ #ev, LTT_SC_COMPAT_ID + (nr), LTT_SC_COMPAT_ID + (nr) },
#define SC_ENUM_N32(nr, ev)						\
	{ #ev, LTT_SC_COMPAT_ID + (nr), LTT_SC_COMPAT_ID + (nr) },
/*
 * -1: no syscall number at exit, which is recorded as sys_unknown's: that
 * of rt_sigreturn (it restores the registers, orig_ax = -1) and of a
 * syscall skipped by seccomp or ptrace.
 */
static const struct ltt_enum_entry sc_enum_entries[] = {
	{ "sys_unknown", -1, -1 },
	LTT_SYSCALLS_64(SC_ENUM_T64, SC_ENUM_N64)
#if LTT_SC_HAVE_COMPAT
	LTT_SYSCALLS_32(SC_ENUM_T32, SC_ENUM_N32)
#endif
};
static const struct ltt_enum_desc sc_enum = {
	.name = "syscall_id",
	.entries = sc_enum_entries,
	.nr_entries = ARRAY_SIZE(sc_enum_entries),
};

static const struct ltt_field_desc sc_fields_exit[] = {
	LTT_FIELD_ENUM_DESC("id", s32, &sc_enum),
	LTT_FIELD_TYPE_DESC("ret", long, 10),
};
SC_DESC(exit_syscall, NULL, 0, sc_fields_exit, ARRAY_SIZE(sc_fields_exit))

/*
 * The event of syscall @nr of the current task, if attached, and the id
 * its exit records; NULL (one bit test) if not attached.
 */
static __always_inline struct ltt_event_desc *sc_lookup(long nr, s32 *id)
{
	*id = nr;
#if LTT_SC_HAVE_COMPAT
	/* ia32 only: x32 numbers have __X32_SYSCALL_BIT, sys_unknown here */
	if (unlikely(in_ia32_syscall())) {
		if ((unsigned long)nr < LTT_SYSCALLS_NR_32 && sc_table_32[nr]) {
			if (!test_bit(nr, sc_on_32))
				return NULL;
			*id = LTT_SC_COMPAT_ID + nr;
			return sc_table_32[nr];
		}
		goto unknown;
	}
#endif
	if ((unsigned long)nr < LTT_SYSCALLS_NR_64 && sc_table_64[nr]) {
		if (!test_bit(nr, sc_on_64))
			return NULL;
		return sc_table_64[nr];
	}
#if LTT_SC_HAVE_COMPAT
unknown:
#endif
	if (!READ_ONCE(sc_on_unknown))
		return NULL;
	return &sc_desc_sys_unknown;
}

/* ---- entry ------------------------------------------------------------ */
/* An argument as its field's type gives it: truncated, then extended. */
static __always_inline s64 sc_int(unsigned long v, const struct ltt_field_desc *f)
{
	switch (f->size) {
	case 1: return f->is_signed ? (s64)(s8)v : (s64)(u8)v;
	case 2: return f->is_signed ? (s64)(s16)v : (s64)(u16)v;
	case 4: return f->is_signed ? (s64)(s32)v : (s64)(u32)v;
	}
	return (s64)v;
}

/*
 * The entry's values: field i is argument i, except in sys_unknown (id,
 * then the array); the array (raw and unknown syscalls) is the whole of
 * @args. Strings are in the task's memory, read fault-safe.
 */
static __always_inline void sc_entry_values(const struct ltt_event_desc *desc,
					    long nr, const unsigned long *args,
					    struct ltt_fvalue *v)
{
	unsigned int i;

	for (i = 0; i < desc->nr_fields; i++) {
		const struct ltt_field_desc *f = &desc->fields[i];

		switch (f->kind) {
		case LTT_FIELD_STRING:
			v[i].type = LTT_FV_USTR;
			v[i].str = (const char *)args[i];
			v[i].len = LTT_STRING_MAX;
			break;
		case LTT_FIELD_ARRAY:
			v[i].type = LTT_FV_INT;	/* no string: filters refuse it */
			v[i].str = (const char *)args;
			break;
		default:
			v[i].type = LTT_FV_INT;
			v[i].i = desc == &sc_desc_sys_unknown ? nr :
				 sc_int(args[i], f);
			break;
		}
	}
}

static void sc_enter_probe(void *data, struct pt_regs *regs, long nr)
{
	struct ltt_event_desc *desc;
	struct ltt_fvalue v[6] ltt_uninit;
	unsigned long args[6] ltt_uninit;
	s32 id;

	if (ltt_cut(6))
		return;
	desc = sc_lookup(nr, &id);
	if (!desc || ltt_cut(1))
		return;
	if (desc->nr_fields)	/* getpid and the like: nothing to read */
		syscall_get_arguments(current, regs, args);
	sc_entry_values(desc, nr, args, v);
	__ltt_emit_values(desc, v, NULL);	/* inline: the hottest path */
}

/* ---- exit ------------------------------------------------------------- */
/* @desc's binding in channel @ch if it records there, else NULL. */
static __always_inline struct ltt_event_binding *
sc_recorded_in(const struct ltt_event_desc *desc,
	       const struct ltt_channel_fast *ch)
{
	struct ltt_event_binding *b;

	list_for_each_entry_rcu(b, &desc->bindings, node)
		if (b->chan == ch)
			return READ_ONCE(b->enabled) ? b : NULL;
	return NULL;
}

/*
 * The filters of an exit binding @b, whose entry binding is @entry (out
 * of line: the values are prepared only when a filter wants them, and
 * the exit of an unfiltered session pays no stack for them). The exit
 * follows its entry: with a filter on the entry, recorded only if the
 * filter lets the entry's arguments through again (they are the saved
 * registers, unchanged; a string the call changed, or a context field
 * such as an execve's procname, may give another verdict); then its own
 * filter, on { id, ret }.
 */
static noinline bool sc_exit_filters_pass(const struct ltt_event_binding *b,
					  const struct ltt_event_binding *entry,
					  const struct ltt_event_desc *desc,
					  struct pt_regs *regs, s32 id,
					  long ret)
{
	struct ltt_fvalue vals[6];
	unsigned long args[6];

	if (rcu_access_pointer(entry->filter)) {
		if (desc->nr_fields)
			syscall_get_arguments(current, regs, args);
		sc_entry_values(desc, syscall_get_nr(current, regs), args,
				vals);
		if (!ltt_emit_filter(entry, vals))
			return false;
	}
	if (!rcu_access_pointer(b->filter))
		return true;
	vals[0] = (struct ltt_fvalue){ .type = LTT_FV_INT, .i = id };
	vals[1] = (struct ltt_fvalue){ .type = LTT_FV_INT, .i = ret };
	return ltt_emit_filter(b, vals);
}

/*
 * A trigger's binding on exit_syscall (a trigger's condition, a latency
 * histogram's end): hit by the exit of every syscall whose entry event is
 * attached, with the values { id, ret }. Out of line: the exit of a
 * session with no such binding pays nothing for it.
 */
static noinline void sc_exit_trigger(const struct ltt_event_binding *b,
				     s32 id, long ret)
{
	struct ltt_fvalue vals[2] = {
		{ .type = LTT_FV_INT, .i = id },
		{ .type = LTT_FV_INT, .i = ret },
	};

	ltt_trigger_hit(b, vals);
}

static void sc_exit_probe(void *data, struct pt_regs *regs, long ret)
{
	struct ltt_event_binding *b, *entry;
	struct ltt_event_desc *desc;
	struct ltt_rb_ctx ctx ltt_uninit;
	char *p;
	s32 id;

	if (ltt_cut(6))
		return;
	desc = sc_lookup(syscall_get_nr(current, regs), &id);
	if (!desc || ltt_cut(1) || ltt_cut(5))
		return;
	preempt_disable_notrace();
	list_for_each_entry_rcu(b, &sc_desc_exit_syscall.bindings, node) {
		struct ltt_channel_fast *ch = b->chan;

		/*
		 * A trigger's binding fails the gate (its channel is never
		 * active): tested there, so that a recorded exit pays
		 * nothing for it.
		 */
		if (!ltt_emit_gate(b, false)) {
			if (unlikely(b->trigger))
				sc_exit_trigger(b, id, ret);
			continue;
		}
		entry = sc_recorded_in(desc, ch);
		if (!entry)
			continue;
		if (unlikely(rcu_access_pointer(entry->filter) ||
			     rcu_access_pointer(b->filter)) &&
		    !sc_exit_filters_pass(b, entry, desc, regs, id, ret))
			continue;
		if (ltt_cut(2))
			continue;
		p = ltt_emit_begin(&ctx, ch, b->id, sizeof(id) + sizeof(ret));
		if (!p)
			continue;	/* counted lost */
		if (!ltt_cut(4)) {
			memcpy(p, &id, sizeof(id));
			memcpy(p + sizeof(id), &ret, sizeof(ret));
		}
		ltt_emit_commit(&ctx, b);
	}
	preempt_enable_notrace();
}

static struct ltt_syscall_probe sc_probe = {
	.enter = sc_enter_probe,
	.exit = sc_exit_probe,
	.exit_desc = &sc_desc_exit_syscall,
};

/*
 * Registration order: exit_syscall first, so that it is there when the
 * rules of a running session bind the entries and want their companion.
 */
#define SC_REG_T64(nr, ev, nargs, args)	&sc_desc_##ev,
#define SC_REG_N64(nr, ev)		&sc_desc_##ev,
static struct ltt_event_desc *const sc_descs[] = {
	&sc_desc_exit_syscall,
	LTT_SYSCALLS_64(SC_REG_T64, SC_REG_N64)
#if LTT_SC_HAVE_COMPAT
	LTT_SYSCALLS_32(SC_REG_T64, SC_REG_N64)
#endif
	&sc_desc_sys_unknown,
};

/*
 * The events above by name, for lttctl (see stage 9 of
 * ltt-define-events.h): one ltt_events tag per event, since all in one
 * string would pass the 8191 bytes C compilers must accept. (.modinfo is
 * not loaded with the module: no memory cost.)
 */
#define SC_NAME_T(nr, ev, nargs, args)	MODULE_INFO(ltt_events, #ev);
#define SC_NAME_N(nr, ev)		MODULE_INFO(ltt_events, #ev);
MODULE_INFO(ltt_events, "exit_syscall");
LTT_SYSCALLS_64(SC_NAME_T, SC_NAME_N)
#if LTT_SC_HAVE_COMPAT
LTT_SYSCALLS_32(SC_NAME_T, SC_NAME_N)
#endif
MODULE_INFO(ltt_events, "sys_unknown");

static int __init ltt_probe_syscalls_init(void)
{
	int ret;

	/* "*" and --all record each system call once: by sys_<name> */
	__ltt_desc_syscall_raw_entry.by_name_only = true;
	__ltt_desc_syscall_raw_exit.by_name_only = true;
	ret = ltt_probes_register(sc_descs, ARRAY_SIZE(sc_descs));
	if (ret)
		return ret;
	ret = ltt_probes_register(ltt_descs_syscalls,
				  ARRAY_SIZE(ltt_descs_syscalls));
	if (ret)
		ltt_events_unregister(sc_descs, ARRAY_SIZE(sc_descs));
	return ret;
}

static void __exit ltt_probe_syscalls_exit(void)
{
	ltt_probes_unregister(ltt_descs_syscalls,
			      ARRAY_SIZE(ltt_descs_syscalls));
	ltt_events_unregister(sc_descs, ARRAY_SIZE(sc_descs));
}

module_init(ltt_probe_syscalls_init);
module_exit(ltt_probe_syscalls_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt probes: system calls by name with typed arguments, and raw");
