// SPDX-License-Identifier: GPL-2.0-only
/*
 * A software interrupt line for bench/kevent-overhead: a descriptor of
 * the dummy irq chip with one handler ("ltt-bench"), raised N times by
 * generic_handle_irq_safe(), each a full pass through the kernel's flow
 * handler and so through irq_handler_entry and irq_handler_exit.
 *
 *	echo N > /sys/module/ltt_bench_irq/parameters/run
 *	cat .../run_ns		(best of 5 runs of N interrupts)
 */
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

static int ltt_bench_irq = -1;
static unsigned long run_ns;
module_param(run_ns, ulong, 0444);
static unsigned long handled;

static irqreturn_t ltt_bench_irq_handler(int irq, void *dev)
{
	handled++;
	return IRQ_HANDLED;
}

static int run_set(const char *val, const struct kernel_param *kp)
{
	unsigned long best = ULONG_MAX;
	unsigned int n, r, i;
	int ret = kstrtouint(val, 0, &n);

	if (ret)
		return ret;
	if (ltt_bench_irq < 0)
		return -ENODEV;
	for (r = 0; r < 5; r++) {
		u64 t0 = ktime_get_ns();

		for (i = 0; i < n; i++) {
			ret = generic_handle_irq_safe(ltt_bench_irq);
			if (ret)
				return ret;
		}
		best = min_t(unsigned long, best, ktime_get_ns() - t0);
		cond_resched();
	}
	run_ns = best;
	return 0;
}

static const struct kernel_param_ops run_ops = {
	.set = run_set,
};
module_param_cb(run, &run_ops, NULL, 0200);

static int __init ltt_bench_irq_init(void)
{
	int irq = irq_alloc_desc(NUMA_NO_NODE);
	int ret;

	if (irq < 0)
		return irq;
	irq_set_chip_and_handler(irq, &dummy_irq_chip, handle_simple_irq);
	/* not threaded on PREEMPT_RT either: one handler call per raise */
	ret = request_irq(irq, ltt_bench_irq_handler, IRQF_NO_THREAD,
			  "ltt-bench", NULL);
	if (ret) {
		irq_free_desc(irq);
		return ret;
	}
	ltt_bench_irq = irq;
	return 0;
}

static void __exit ltt_bench_irq_exit(void)
{
	free_irq(ltt_bench_irq, NULL);
	irq_free_desc(ltt_bench_irq);
}

module_init(ltt_bench_irq_init);
module_exit(ltt_bench_irq_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt bench: a software interrupt line raised on demand");
