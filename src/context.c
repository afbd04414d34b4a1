// SPDX-License-Identifier: GPL-2.0-only
/*
 * Context fields: what a channel writes before every event's payload
 * about where the event happened (which thread, process, names, ids,
 * namespaces, interrupt state). The list, their names, sizes and bit
 * numbers is LTT_CONTEXT_FIELDS in <uapi/ltt/abi.h>; this file has one
 * function per field, ctx_<name>(), that writes its value. Adding a field
 * is a line there and a function here.
 *
 * The writers run in the fast path, in any context (NMI included), with
 * preemption disabled: they read only the current task and its own
 * credentials and namespaces, take no lock, and write exactly the field's
 * size. A task that is exiting may have lost its namespaces (nsproxy) or
 * its pid: such a field reads 0 (or an empty name).
 *
 * Only callstack_kernel holds kernel addresses: its channel is created
 * only for a caller allowed to read them (src/context-callstack.c).
 * The callstacks are variable-length: taken before the reserve, copied
 * here (see ltt_context_stack_take() in <ltt/emit.h>).
 */
#include <linux/cgroup.h>
#include <linux/cred.h>
#include <linux/ipc_namespace.h>
#include <linux/irqflags.h>
#include <linux/nsproxy.h>
#include <linux/pid_namespace.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/time_namespace.h>
#include <linux/uidgid.h>
#include <linux/user_namespace.h>
#include <linux/utsname.h>
#include <net/net_namespace.h>
#include <compat/export.h>
#include <ltt/emit.h>
#include <uapi/ltt/abi.h>
#include "context.h"
#include "context-callstack.h"
#include "context-perf.h"

static __always_inline void *put32(void *p, u32 v)
{
	__builtin_memcpy(p, &v, 4);
	return p + 4;
}

static __always_inline void *put8(void *p, u8 v)
{
	*(u8 *)p = v;
	return p + 1;
}

/* The thread's pid namespace; NULL once it detached its pid (exiting). */
static struct pid_namespace *ctx_pid_ns_of_current(void)
{
	return task_active_pid_ns(current);
}

static void *ctx_pid(void *p, const struct ltt_channel_fast *ch)
{
	return put32(p, task_tgid_nr(current));
}

static void *ctx_tid(void *p, const struct ltt_channel_fast *ch)
{
	return put32(p, task_pid_nr(current));
}

static void *ctx_ppid(void *p, const struct ltt_channel_fast *ch)
{
	return put32(p, task_tgid_nr(rcu_dereference_sched(current->real_parent)));
}

static void *ctx_vpid(void *p, const struct ltt_channel_fast *ch)
{
	struct pid_namespace *ns = ctx_pid_ns_of_current();

	return put32(p, ns ? task_tgid_nr_ns(current, ns) : 0);
}

static void *ctx_vtid(void *p, const struct ltt_channel_fast *ch)
{
	struct pid_namespace *ns = ctx_pid_ns_of_current();

	return put32(p, ns ? task_pid_nr_ns(current, ns) : 0);
}

static void *ctx_vppid(void *p, const struct ltt_channel_fast *ch)
{
	struct pid_namespace *ns = ctx_pid_ns_of_current();
	struct task_struct *parent = rcu_dereference_sched(current->real_parent);

	return put32(p, ns ? task_tgid_nr_ns(parent, ns) : 0);
}

static void *ctx_procname(void *p, const struct ltt_channel_fast *ch)
{
	/* a racing rename gives a mix of both names, never an overrun */
	__builtin_memcpy(p, current->comm, TASK_COMM_LEN);
	return p + TASK_COMM_LEN;
}

/* As LTTng's and the kernel's /proc: 0..139 shifted, RT below 0. */
static void *ctx_prio(void *p, const struct ltt_channel_fast *ch)
{
	return put32(p, current->prio - MAX_RT_PRIO);
}

static void *ctx_nice(void *p, const struct ltt_channel_fast *ch)
{
	return put32(p, task_nice(current));
}

/* Own credentials: stable while this task runs. */
#define CTX_ID(name, field, map, ns)					\
static void *ctx_##name(void *p, const struct ltt_channel_fast *ch)	\
{									\
	const struct cred *c = rcu_dereference_raw(current->cred);	\
									\
	return put32(p, map(ns, c->field));				\
}
CTX_ID(uid, uid, from_kuid_munged, &init_user_ns)
CTX_ID(euid, euid, from_kuid_munged, &init_user_ns)
CTX_ID(gid, gid, from_kgid_munged, &init_user_ns)
CTX_ID(egid, egid, from_kgid_munged, &init_user_ns)
CTX_ID(vuid, uid, from_kuid_munged, c->user_ns)
CTX_ID(veuid, euid, from_kuid_munged, c->user_ns)
CTX_ID(vgid, gid, from_kgid_munged, c->user_ns)
CTX_ID(vegid, egid, from_kgid_munged, c->user_ns)

static void *ctx_hostname(void *p, const struct ltt_channel_fast *ch)
{
	struct nsproxy *nsp = READ_ONCE(current->nsproxy);

	memset(p, 0, __NEW_UTS_LEN + 1);
	if (nsp)
		strscpy(p, nsp->uts_ns->name.nodename, __NEW_UTS_LEN + 1);
	return p + __NEW_UTS_LEN + 1;
}

static void *ctx_cpu_id(void *p, const struct ltt_channel_fast *ch)
{
	return put32(p, raw_smp_processor_id());
}

static void *ctx_need_reschedule(void *p, const struct ltt_channel_fast *ch)
{
	return put8(p, test_tsk_need_resched(current));
}

/* Tracepoints keep the interrupt state of the code they are in. */
static void *ctx_interruptible(void *p, const struct ltt_channel_fast *ch)
{
	return put8(p, !irqs_disabled());
}

static void *ctx_irq_context(void *p, const struct ltt_channel_fast *ch)
{
	return put8(p, (in_serving_softirq() ? LTT_IRQ_CONTEXT_SOFTIRQ : 0) |
		       (in_hardirq() ? LTT_IRQ_CONTEXT_HARDIRQ : 0) |
		       (in_nmi() ? LTT_IRQ_CONTEXT_NMI : 0));
}

static void *ctx_pid_ns(void *p, const struct ltt_channel_fast *ch)
{
	struct pid_namespace *ns = ctx_pid_ns_of_current();

	return put32(p, ns ? ns->ns.inum : 0);
}

/* A namespace of the task's nsproxy, by its member name; 0 when exiting. */
#define CTX_NSPROXY(name, member)					\
static void *ctx_##name(void *p, const struct ltt_channel_fast *ch)	\
{									\
	struct nsproxy *nsp = READ_ONCE(current->nsproxy);		\
									\
	return put32(p, nsp && nsp->member ? nsp->member->ns.inum : 0);	\
}
CTX_NSPROXY(uts_ns, uts_ns)
CTX_NSPROXY(ipc_ns, ipc_ns)
CTX_NSPROXY(net_ns, net_ns)
CTX_NSPROXY(cgroup_ns, cgroup_ns)
#ifdef CONFIG_TIME_NS
CTX_NSPROXY(time_ns, time_ns)
#else
static void *ctx_time_ns(void *p, const struct ltt_channel_fast *ch)
{
	return put32(p, 0);
}
#endif

static void *ctx_user_ns(void *p, const struct ltt_channel_fast *ch)
{
	const struct cred *c = rcu_dereference_raw(current->cred);

	return put32(p, c->user_ns->ns.inum);
}

/* src/context-callstack.c: the count and addresses taken before reserve */
static void *ctx_callstack_kernel(void *p, const struct ltt_channel_fast *ch)
{
	return ltt_callstack_write(p, LTT_CALLSTACK_KERNEL);
}

static void *ctx_callstack_user(void *p, const struct ltt_channel_fast *ch)
{
	return ltt_callstack_write(p, LTT_CALLSTACK_USER);
}

/*
 * Preemption levels the tracer itself adds before a writer runs: one by
 * the instrumentation (the tracepoint, trace_mark(), the syscall probe; the
 * state dump takes one as they do) and one by the walk of the bindings
 * (ltt_emit(), ltt_emit_begin()'s callers). What is left is the traced
 * code's own, interrupt levels included.
 */
#define LTT_PREEMPT_NESTING	2

static bool ctx_traced_preemptible(void)
{
	return preempt_count() == LTT_PREEMPT_NESTING && !irqs_disabled();
}

/* As the kernel's preemptible(): no preemption or interrupt level held,
 * interrupts on. */
static void *ctx_preemptible(void *p, const struct ltt_channel_fast *ch)
{
	return put8(p, ctx_traced_preemptible());
}

/* Could the scheduler move the traced code to another CPU here: it is
 * preemptible and not inside migrate_disable(). */
static void *ctx_migratable(void *p, const struct ltt_channel_fast *ch)
{
#ifdef CONFIG_SMP
	return put8(p, ctx_traced_preemptible() &&
		       !current->migration_disabled);
#else
	return put8(p, 0);
#endif
}

/* The task's cgroup (v2) id; the cgroup lives while the task's css_set
 * does, read under RCU as the cgroup tracker does (src/tracker.c). */
static void *ctx_cgroup_id(void *p, const struct ltt_channel_fast *ch)
{
	u64 id = 0;

#ifdef CONFIG_CGROUPS
	rcu_read_lock();
	id = cgroup_id(task_dfl_cgroup(current));
	rcu_read_unlock();
#endif
	__builtin_memcpy(p, &id, sizeof(id));
	return p + sizeof(id);
}

/**
 * ltt_cgroup_path() - the path of a cgroup v2 cgroup, without a lock
 * @cgrp: a cgroup of the default hierarchy, kept alive by the caller's
 *	  RCU read section (task_dfl_cgroup() under rcu_read_lock())
 * @buf: filled with the path from the hierarchy's root ("/" for the root)
 *	 and a NUL
 * @len: its size, at least 2: a longer path is cut at len - 1 characters
 *
 * cgroup_path() and kernfs_path() take kernfs's rename lock (a spinlock
 * on 6.1, an rwlock on 6.12), which an NMI or an interrupt of its holder
 * cannot take. This reads the names of the cgroup's ancestors instead
 * (cgrp->ancestors[1..level]) from their kernfs nodes, without a lock,
 * which is safe here: a cgroup v2 directory cannot be renamed or moved
 * (the hierarchy's kernfs_syscall_ops have no .rename, unlike cgroup
 * v1's), so kn->name never changes; a cgroup holds its parent, and its
 * node until css_free_rwork_fn(), which runs after an RCU grace period.
 * The copy is bounded by @len, the walk by the cgroup's level.
 *
 * Any context, NMI included.
 *
 * Return: the path's length.
 */
size_t ltt_cgroup_path(struct cgroup *cgrp, char *buf, size_t len)
{
	size_t n = 0;
#ifdef CONFIG_CGROUPS
	const char *name;
	int level;

	for (level = 1; level <= cgrp->level && n < len - 1; level++) {
		name = cgrp->ancestors[level]->kn->name;
		buf[n++] = '/';
		while (*name && n < len - 1)
			buf[n++] = *name++;
	}
#endif
	if (!n)
		buf[n++] = '/';
	buf[n] = '\0';
	return n;
}

#define CTX_CGROUP_SIZE(cid, fname, fkind, bytes, sign)		\
	+ (LTT_CONTEXT_##cid == LTT_CONTEXT_CGROUP ? (bytes) : 0)
static_assert(0 LTT_CONTEXT_FIELDS(CTX_CGROUP_SIZE) == LTT_CONTEXT_CGROUP_LEN);
#undef CTX_CGROUP_SIZE

/* The task's cgroup (v2) path, NUL-padded to the field's size. */
static void *ctx_cgroup(void *p, const struct ltt_channel_fast *ch)
{
	memset(p, 0, LTT_CONTEXT_CGROUP_LEN);
#ifdef CONFIG_CGROUPS
	rcu_read_lock();
	ltt_cgroup_path(task_dfl_cgroup(current), p, LTT_CONTEXT_CGROUP_LEN);
	rcu_read_unlock();
#endif
	return p + LTT_CONTEXT_CGROUP_LEN;
}

/* src/context-perf.c: the channel's counter on this CPU */
#define CTX_PERF(name, idx)						\
static void *ctx_##name(void *p, const struct ltt_channel_fast *ch)	\
{									\
	u64 v = ltt_context_perf_read(ch->perf, idx);			\
									\
	__builtin_memcpy(p, &v, sizeof(v));				\
	return p + sizeof(v);						\
}
CTX_PERF(perf_cpu_cycles, LTT_CONTEXT_PERF_CPU_CYCLES)
CTX_PERF(perf_cpu_instructions, LTT_CONTEXT_PERF_CPU_INSTRUCTIONS)
CTX_PERF(perf_cpu_cache_misses, LTT_CONTEXT_PERF_CPU_CACHE_MISSES)
CTX_PERF(perf_cpu_branch_misses, LTT_CONTEXT_PERF_CPU_BRANCH_MISSES)
CTX_PERF(perf_cpu_cpu_clock, LTT_CONTEXT_PERF_CPU_CPU_CLOCK)
CTX_PERF(perf_cpu_page_fault, LTT_CONTEXT_PERF_CPU_PAGE_FAULT)

static const struct ltt_context_desc ctx_descs[LTT_CONTEXT_NR] = {
#define CTX_DESC(id, fname, fkind, bytes, sign)				\
	[LTT_CONTEXT_##id] = { .name = #fname, .size = bytes,		\
			       .is_signed = sign,			\
			       .text = LTT_CTX_TEXT_##fkind,		\
			       .seq = LTT_CTX_SEQ_##fkind },
#define LTT_CTX_TEXT_INT	false
#define LTT_CTX_TEXT_TEXT	true
#define LTT_CTX_TEXT_SEQ	false
#define LTT_CTX_SEQ_INT		false
#define LTT_CTX_SEQ_TEXT	false
#define LTT_CTX_SEQ_SEQ		true
	LTT_CONTEXT_FIELDS(CTX_DESC)
#undef CTX_DESC
};

/**
 * ltt_context_desc() - the description of context field @id
 * @id: an enum ltt_context_id
 *
 * Return: its name, size and kind (for the metadata and the size).
 */
const struct ltt_context_desc *ltt_context_desc(unsigned int id)
{
	return id < LTT_CONTEXT_NR ? &ctx_descs[id] : NULL;
}

/**
 * ltt_context_len() - bytes a set of context fields takes in each event
 * @mask: 1 << LTT_CONTEXT_* bits, all known
 *
 * Return: the sum of their sizes (for a callstack, of its count only: the
 * addresses are added per event).
 */
u32 ltt_context_len(u64 mask)
{
	unsigned int id;
	u32 len = 0;

	for (id = 0; id < LTT_CONTEXT_NR; id++)
		if (mask & BIT_ULL(id))
			len += ctx_descs[id].size;
	return len;
}

/**
 * ltt_context_value() - context field @id of the current task, for a filter
 * @id: an enum ltt_context_id, not a sequence
 * @v: filled: an integer, or a string in @text
 * @text: room for a text field (LTT_CONTEXT_TEXT_MAX bytes; for cgroup,
 *	  LTT_CONTEXT_CGROUP_LEN), alive while @v is used
 *
 * Any context, as the record writers. The value is what an event's
 * context field would hold, written by the same code.
 *
 * Return: 0; -EOPNOTSUPP for a field filters cannot read (perf counters:
 * they are the channel's, the filter is the event's).
 */
int ltt_context_value(unsigned int id, struct ltt_fvalue *v, char *text)
{
	const struct ltt_context_desc *d = ltt_context_desc(id);
	u8 buf[LTT_CONTEXT_TEXT_MAX] __aligned(8) ltt_uninit;

	if (!d || d->seq)
		return -EOPNOTSUPP;
	switch (id) {
#define CTX_VALUE(cid, fname, fkind, bytes, sign)			\
	case LTT_CONTEXT_##cid:						\
		if (__builtin_strncmp(#fname, "perf_", 5) == 0)		\
			return -EOPNOTSUPP;				\
		ctx_##fname(d->text ? (void *)text : (void *)buf, NULL); \
		break;
	LTT_CONTEXT_FIELDS(CTX_VALUE)
#undef CTX_VALUE
	default:
		return -EOPNOTSUPP;
	}
	if (d->text) {
		v->type = LTT_FV_KSTR;
		v->str = text;
		v->len = d->size;
		return 0;
	}
	v->type = LTT_FV_INT;
	switch (d->size) {
	case 1:
		v->i = d->is_signed ? (s64)*(s8 *)buf : (s64)buf[0];
		break;
	case 4:
		v->i = d->is_signed ? (s64)*(s32 *)buf : (s64)*(u32 *)buf;
		break;
	default:
		v->i = *(s64 *)buf;
	}
	return 0;
}

/* A switch, not a table of pointers: direct calls the compiler inlines
 * (an indirect call costs a retpoline on the kernels we build for). */
void *ltt_context_write(const struct ltt_channel_fast *ch, void *p)
{
	u64 mask = ch->ctx;

	while (mask) {
		unsigned int id = __ffs64(mask);

		mask &= mask - 1;
		switch (id) {
#define CTX_CASE(cid, fname, fkind, bytes, sign)			\
		case LTT_CONTEXT_##cid:					\
			p = ctx_##fname(p, ch);				\
			break;
		LTT_CONTEXT_FIELDS(CTX_CASE)
#undef CTX_CASE
		}
	}
	return p;
}
LTT_EXPORT_SYMBOL(ltt_context_write);
