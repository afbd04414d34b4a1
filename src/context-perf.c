// SPDX-License-Identifier: GPL-2.0-only
/*
 * perf_cpu_* context fields: the value of a per-CPU perf counter on the
 * CPU an event happened on, as LTTng's perf:cpu:* contexts.
 *
 * Each channel with such fields owns one counter per CPU and field,
 * created with perf_event_create_kernel_counter() (pinned, counting from
 * creation) for the CPUs online when the channel is created, released
 * when it is destroyed. A counter that cannot be created fails the
 * channel's creation: -ENODEV for a hardware counter when the machine has
 * no PMU (QEMU TCG).
 *
 * Not from CPU hotplug callbacks: creating or releasing a software
 * counter (page-fault) takes a static key, hence cpus_read_lock(), which
 * a hotplug callback must not (lockdep: recursive cpu_hotplug_lock; a
 * hotplug writer waiting on the callback would wait forever). So a CPU
 * that comes online after the channel's creation has no counter (its
 * fields read 0), and one that goes offline keeps its counter detached
 * by perf (its fields keep their last value).
 *
 * The read: perf_event_read_local() is not exported by Debian's 6.1 and
 * 6.12 kernels. What it does for a counter of the current CPU is done
 * here with the counter's own PMU: if the counter is active on this CPU,
 * update its count (pmu->read, NMI-safe, interrupts off as perf does),
 * then read the count. A counter not active reads its last count.
 */
#include <linux/cpumask.h>
#include <linux/irqflags.h>
#include <linux/percpu.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <uapi/ltt/abi.h>
#include "context-perf.h"

#define PERF_FIRST	LTT_CONTEXT_PERF_CPU_CYCLES
#define PERF_NR		(LTT_CONTEXT_PERF_CPU_PAGE_FAULT - PERF_FIRST + 1)
#define PERF_MASK	(GENMASK_ULL(LTT_CONTEXT_PERF_CPU_PAGE_FAULT, PERF_FIRST))

/* What each perf_cpu_* field counts, by id - PERF_FIRST. */
static const struct {
	u32 type;
	u64 config;
} perf_kinds[PERF_NR] = {
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES },
	{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK },
	{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
};

struct perf_cpu {
	struct perf_event *ev[PERF_NR];		/* NULL: not counting */
};

struct ltt_ctx_perf {
	u64 mask;				/* its perf_cpu_* bits */
	struct perf_cpu __percpu *cpu;
};

static void perf_release(struct ltt_ctx_perf *p)
{
	unsigned int cpu, i;

	for_each_possible_cpu(cpu) {
		struct perf_cpu *pc = per_cpu_ptr(p->cpu, cpu);

		for (i = 0; i < PERF_NR; i++)
			if (pc->ev[i])
				perf_event_release_kernel(pc->ev[i]);
	}
	free_percpu(p->cpu);
	kfree(p);
}

/* @cpu's counters: 0, or the error of the first that perf refused. */
static int perf_create_cpu(struct ltt_ctx_perf *p, unsigned int cpu)
{
	struct perf_cpu *pc = per_cpu_ptr(p->cpu, cpu);
	unsigned int i;

	for (i = 0; i < PERF_NR; i++) {
		struct perf_event_attr attr = {
			.type = perf_kinds[i].type,
			.size = sizeof(attr),
			.config = perf_kinds[i].config,
			.pinned = 1,
		};
		struct perf_event *ev;

		if (!(p->mask & BIT_ULL(PERF_FIRST + i)))
			continue;
		ev = perf_event_create_kernel_counter(&attr, cpu, NULL, NULL,
						      NULL);
		if (IS_ERR(ev)) {
			/* no hardware counters: no PMU */
			if (perf_kinds[i].type == PERF_TYPE_HARDWARE &&
			    (PTR_ERR(ev) == -ENOENT ||
			     PTR_ERR(ev) == -EOPNOTSUPP))
				return -ENODEV;
			return PTR_ERR(ev);
		}
		pc->ev[i] = ev;
	}
	return 0;
}

/* Before the channel's first writer: no reader of p->cpu yet. */
struct ltt_ctx_perf *ltt_context_perf_create(u64 mask)
{
	struct ltt_ctx_perf *p;
	unsigned int cpu;
	int ret;

	if (!(mask & PERF_MASK))
		return NULL;
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return ERR_PTR(-ENOMEM);
	p->mask = mask & PERF_MASK;
	p->cpu = alloc_percpu(struct perf_cpu);
	if (!p->cpu) {
		kfree(p);
		return ERR_PTR(-ENOMEM);
	}
	/* not under cpus_read_lock(): see above */
	for_each_online_cpu(cpu) {
		ret = perf_create_cpu(p, cpu);
		if (ret == -ENODEV && !cpu_online(cpu))
			continue;		/* went offline meanwhile */
		if (ret) {
			perf_release(p);
			return ERR_PTR(ret);
		}
	}
	return p;
}

/* After the channel's last writer (its bindings are gone). */
void ltt_context_perf_destroy(struct ltt_ctx_perf *p)
{
	if (p)
		perf_release(p);
}

/* The counter of field @id on this CPU; 0 without one. Any context. */
u64 ltt_context_perf_read(const struct ltt_ctx_perf *p, unsigned int id)
{
	struct perf_event *ev;
	unsigned long flags;
	u64 v;

	ev = READ_ONCE(this_cpu_ptr(p->cpu)->ev[id - PERF_FIRST]);
	if (!ev)
		return 0;
	local_irq_save(flags);
	if (READ_ONCE(ev->state) == PERF_EVENT_STATE_ACTIVE &&
	    READ_ONCE(ev->oncpu) == smp_processor_id())
		ev->pmu->read(ev);
	v = local64_read(&ev->count);
	local_irq_restore(flags);
	return v;
}
