// SPDX-License-Identifier: GPL-2.0-only
/*
 * Benchmark: ns per record for reserve + 16-byte payload + commit, ltt's ring
 * buffer against the kernel's own ring_buffer_lock_reserve() /
 * ring_buffer_unlock_commit(), on the same CPUs in the same boot.
 *
 * Both run in overwrite mode with no reader (the writer's steady state, sub-
 * buffer/page switches included) with the same memory per CPU. Rounds
 * alternate which tracer goes first; the median round of each is reported.
 * Results are kernel log lines "ltt-bench-rb: ..."; bench/rb-vs-kernel reads
 * them. Not a test: it never fails on a figure.
 */
#include <linux/module.h>
#include <linux/kthread.h>
#include <linux/completion.h>
#include <linux/sort.h>
#include <linux/slab.h>
#include <linux/sched/clock.h>
#include <ltt/ringbuffer.h>
#include <compat/kernel-ring-buffer.h>

static unsigned int records = 200000;
module_param(records, uint, 0444);
MODULE_PARM_DESC(records, "records per CPU per round");
static unsigned int rounds = 7;
module_param(rounds, uint, 0444);
static ulong subbuf_size = 65536;
module_param(subbuf_size, ulong, 0444);
static unsigned int num_subbuf = 16;
module_param(num_subbuf, uint, 0444);

enum tracer { LTT, KERNEL, NR_TRACERS };
static const char *const tracer_name[NR_TRACERS] = { "ltt", "kernel" };

static struct ltt_rb_chan *chan;
static struct trace_buffer *kbuf;
static atomic_t running;
static DECLARE_COMPLETION(all_done);
static DEFINE_PER_CPU(u64, cpu_ns);

static const u64 payload[2] = { 0x0123456789abcdefULL, 0xfedcba9876543210ULL };

static noinline void run_ltt(unsigned int n)
{
	struct ltt_rb_ctx ctx = {
		.chan = chan,
		.event_id = 1,
		.payload_len = sizeof(payload),
	};

	while (n--) {
		preempt_disable_notrace();	/* as in a tracepoint callback */
		if (!ltt_rb_reserve(&ctx)) {
			memcpy(ctx.payload, payload, sizeof(payload));
			ltt_rb_commit(&ctx);
		}
		preempt_enable_notrace();
	}
}

static noinline void run_kernel(unsigned int n)
{
	struct ring_buffer_event *ev;

	while (n--) {
		ev = ring_buffer_lock_reserve(kbuf, sizeof(payload));
		if (ev) {
			memcpy(ring_buffer_event_data(ev), payload, sizeof(payload));
			compat_ring_buffer_unlock_commit(kbuf, ev);
		}
	}
}

static int bench_thread(void *data)
{
	enum tracer t = (enum tracer)(long)data;
	u64 t0, t1;

	t0 = local_clock();
	if (t == LTT)
		run_ltt(records);
	else
		run_kernel(records);
	t1 = local_clock();
	*this_cpu_ptr(&cpu_ns) = t1 - t0;
	if (atomic_dec_and_test(&running))
		complete(&all_done);
	return 0;
}

/* One round of one tracer on every online CPU at once; mean ns*100/record. */
static u64 bench_round(enum tracer t)
{
	struct task_struct *th;
	u64 sum = 0;
	int cpu, n = 0;

	reinit_completion(&all_done);
	atomic_set(&running, num_online_cpus());
	for_each_online_cpu(cpu) {
		th = kthread_create_on_cpu(bench_thread, (void *)(long)t, cpu,
					   "ltt-bench/%u");
		if (IS_ERR(th)) {
			if (atomic_dec_and_test(&running))
				complete(&all_done);
			continue;
		}
		wake_up_process(th);
	}
	wait_for_completion(&all_done);
	for_each_online_cpu(cpu) {
		sum += per_cpu(cpu_ns, cpu);
		n++;
	}
	return div_u64(sum * 100, (u64)n * records);
}

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

static int __init bench_init(void)
{
	struct ltt_rb_attr attr = {
		.subbuf_size = subbuf_size,
		.num_subbuf = num_subbuf,
		.mode = LTT_RB_OVERWRITE,
	};
	u64 *res[NR_TRACERS], med[NR_TRACERS], ratio;
	unsigned int r;
	int t, ret = 0;

	if (!rounds || !records)
		return -EINVAL;
	res[LTT] = kcalloc(rounds, sizeof(u64), GFP_KERNEL);
	res[KERNEL] = kcalloc(rounds, sizeof(u64), GFP_KERNEL);
	if (!res[LTT] || !res[KERNEL]) {
		ret = -ENOMEM;
		goto free;
	}
	chan = ltt_rb_chan_create(&attr);
	if (IS_ERR(chan)) {
		ret = PTR_ERR(chan);
		goto free;
	}
	kbuf = ring_buffer_alloc(subbuf_size * num_subbuf, RB_FL_OVERWRITE);
	if (!kbuf) {
		ret = -ENOMEM;
		goto destroy;
	}
	for (r = 0; r < rounds; r++) {
		for (t = 0; t < NR_TRACERS; t++) {
			enum tracer which = (r & 1) ? NR_TRACERS - 1 - t : t;

			res[which][r] = bench_round(which);
			pr_info("ltt-bench-rb: round=%u tracer=%s ns_per_record=%llu.%02llu\n",
				r, tracer_name[which], res[which][r] / 100,
				res[which][r] % 100);
		}
	}
	for (t = 0; t < NR_TRACERS; t++) {
		sort(res[t], rounds, sizeof(u64), cmp_u64, NULL);
		med[t] = res[t][rounds / 2];
	}
	ratio = div64_u64(med[LTT] * 1000, med[KERNEL] ? med[KERNEL] : 1);
	pr_info("ltt-bench-rb: cpus=%u records=%u rounds=%u ltt_ns=%llu.%02llu kernel_ns=%llu.%02llu ratio=%llu.%03llu\n",
		num_online_cpus(), records, rounds, med[LTT] / 100, med[LTT] % 100,
		med[KERNEL] / 100, med[KERNEL] % 100, ratio / 1000, ratio % 1000);
	ring_buffer_free(kbuf);
destroy:
	ltt_rb_chan_destroy(chan);
free:
	kfree(res[LTT]);
	kfree(res[KERNEL]);
	return ret;
}

static void __exit bench_exit(void)
{
}

module_init(bench_init);
module_exit(bench_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt benchmark: ltt ring buffer against the kernel's ring_buffer");
