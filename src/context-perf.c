// SPDX-License-Identifier: GPL-2.0-only
/*
 * perf_cpu_* context fields: the value of a per-CPU perf counter on the
 * CPU an event happened on, as LTTng's perf:cpu:* contexts.
 *
 * Each channel with such fields owns one counter per CPU and field,
 * created with perf_event_create_kernel_counter() (pinned, counting from
 * creation) when the channel is created. CPU hotplug: the channel is an
 * instance of a multi-instance hotplug state, whose callbacks create the
 * counters of a CPU coming online and release those of a CPU going
 * offline. At channel creation a counter that cannot be created fails the
 * creation: -ENODEV for a hardware counter when the machine has no PMU
 * (QEMU TCG). On a later hotplug it only leaves that CPU's field at 0.
 *
 * The read: perf_event_read_local() is not exported by Debian's 6.1 and
 * 6.12 kernels. What it does for a counter of the current CPU is done
 * here with the counter's own PMU: if the counter is active on this CPU,
 * update its count (pmu->read, NMI-safe, interrupts off as perf does),
 * then read the count. A counter not active reads its last count.
 */
#include <linux/cpuhotplug.h>
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
	struct hlist_node node;			/* the hotplug instance */
	u64 mask;				/* its perf_cpu_* bits */
	bool created;				/* past channel creation */
	struct perf_cpu __percpu *cpu;
};

static int perf_state = -1;			/* the hotplug state */

static void perf_release_cpu(struct ltt_ctx_perf *p, unsigned int cpu)
{
	struct perf_cpu *pc = per_cpu_ptr(p->cpu, cpu);
	struct perf_event *ev[PERF_NR];
	unsigned int i;

	for (i = 0; i < PERF_NR; i++) {
		ev[i] = pc->ev[i];
		WRITE_ONCE(pc->ev[i], NULL);
	}
	/* writers read the pointers with preemption disabled */
	synchronize_rcu();
	for (i = 0; i < PERF_NR; i++)
		if (ev[i])
			perf_event_release_kernel(ev[i]);
}

static int perf_online(unsigned int cpu, struct hlist_node *node)
{
	struct ltt_ctx_perf *p = hlist_entry(node, struct ltt_ctx_perf, node);
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
			if (p->created) {
				pr_warn_ratelimited("ltt: no perf counter %u on new CPU %u: %ld\n",
						    i, cpu, PTR_ERR(ev));
				continue;
			}
			perf_release_cpu(p, cpu);
			/* no hardware counters: no PMU */
			if (perf_kinds[i].type == PERF_TYPE_HARDWARE &&
			    (PTR_ERR(ev) == -ENOENT ||
			     PTR_ERR(ev) == -EOPNOTSUPP))
				return -ENODEV;
			return PTR_ERR(ev);
		}
		WRITE_ONCE(pc->ev[i], ev);
	}
	return 0;
}

static int perf_offline(unsigned int cpu, struct hlist_node *node)
{
	perf_release_cpu(hlist_entry(node, struct ltt_ctx_perf, node), cpu);
	return 0;
}

int ltt_context_perf_init(void)
{
	int ret = cpuhp_setup_state_multi(CPUHP_AP_ONLINE_DYN, "ltt/perf",
					  perf_online, perf_offline);

	if (ret < 0)
		return ret;
	perf_state = ret;
	return 0;
}

void ltt_context_perf_exit(void)
{
	if (perf_state >= 0)
		cpuhp_remove_multi_state(perf_state);
	perf_state = -1;
}

struct ltt_ctx_perf *ltt_context_perf_create(u64 mask)
{
	struct ltt_ctx_perf *p;
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
	/* counters on every online CPU, or none and the first error */
	ret = cpuhp_state_add_instance(perf_state, &p->node);
	if (ret) {
		free_percpu(p->cpu);
		kfree(p);
		return ERR_PTR(ret);
	}
	WRITE_ONCE(p->created, true);
	return p;
}

/* After the channel's last writer (its bindings are gone). */
void ltt_context_perf_destroy(struct ltt_ctx_perf *p)
{
	if (!p)
		return;
	cpuhp_state_remove_instance(perf_state, &p->node);
	free_percpu(p->cpu);
	kfree(p);
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
