// SPDX-License-Identifier: GPL-2.0-only
/*
 * Ring buffer stress test, in the kernel.
 *
 * On every online CPU a kthread writes records, and an hrtimer pinned to the
 * same CPU writes records from hardirq context, so that timer writers nest
 * inside half-written kthread records. A reader kthread drains all buffers at
 * the same time and checks every packet and record: header fields, time
 * order, a per-writer sequence number that only grows, a checksum over the
 * record. At the end:
 *
 *	records read + records counted lost == records attempted
 *
 * exactly, in discard and in overwrite mode. The test runs in module init; a
 * failure makes init return -EINVAL, and the figures are in the kernel log
 * ("ltt-test-rb: ..." lines) for the guest script to check.
 */
#include <linux/module.h>
#include <linux/cpu.h>
#include <linux/kthread.h>
#include <linux/hrtimer.h>
#include <linux/delay.h>
#include <linux/completion.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <ltt/ringbuffer.h>
#include <uapi/ltt/abi.h>

static char *mode = "discard";
module_param(mode, charp, 0444);
MODULE_PARM_DESC(mode, "discard or overwrite");
static unsigned int duration_ms = 2000;
module_param(duration_ms, uint, 0444);
static ulong subbuf_size = 4096;
module_param(subbuf_size, ulong, 0444);
static unsigned int num_subbuf = 4;
module_param(num_subbuf, uint, 0444);
static unsigned int timer_us = 100;
module_param(timer_us, uint, 0444);
MODULE_PARM_DESC(timer_us, "period of the nesting hrtimer writer");

enum { WRITER_THREAD, WRITER_TIMER, NR_WRITERS };

#define ID_COMPACT	1	/* fits the compact event header */
#define ID_EXTENDED	40	/* needs the extended one */

struct stress_rec {
	u32 cpu;
	u32 writer;
	u64 seq;
	u64 sum;
} __packed;

struct stress_cpu {
	u64 attempted[NR_WRITERS];	/* each slot written by one writer only */
	int in_record;			/* the thread is between reserve and commit */
	struct hrtimer timer;
	struct task_struct *thread;
};

/* What the reader saw of one (cpu, writer) stream of records. */
struct stress_seen {
	u64 next_seq;			/* lowest seq still acceptable */
};

static struct ltt_rb_chan *chan;
static DEFINE_PER_CPU(struct stress_cpu, stress_cpu);
static struct stress_seen *seen;	/* [nr_cpu_ids][NR_WRITERS] */
static atomic_long_t nr_read = ATOMIC_LONG_INIT(0);
static atomic_t nr_errors = ATOMIC_INIT(0);
static atomic_long_t nr_packets = ATOMIC_LONG_INIT(0);
static atomic_long_t nr_nested = ATOMIC_LONG_INIT(0);
static bool writers_stop;

static u64 rec_sum(u32 cpu, u32 writer, u64 seq)
{
	return (seq * 0x9E3779B97F4A7C15ULL) ^ ((u64)cpu << 40) ^
	       ((u64)writer << 32) ^ 0x5A5A5A5AULL;
}

#define stress_err(fmt, ...) do {					\
	if (atomic_inc_return(&nr_errors) <= 10)			\
		pr_err("ltt-test-rb: " fmt "\n", ##__VA_ARGS__);	\
} while (0)

/* One record from writer w on this CPU; preemption is disabled. */
static void write_one(int w, bool slow)
{
	struct stress_cpu *sc = this_cpu_ptr(&stress_cpu);
	u32 cpu = smp_processor_id();
	struct ltt_rb_ctx ctx = {
		.chan = chan,
		.payload_len = sizeof(struct stress_rec),
	};
	struct stress_rec rec;
	u64 seq = sc->attempted[w];

	ctx.event_id = (seq & 7) ? ID_COMPACT : ID_EXTENDED;
	sc->attempted[w] = seq + 1;
	if (ltt_rb_reserve(&ctx))
		return;		/* counted lost by the ring buffer */
	WRITE_ONCE(sc->in_record, w == WRITER_THREAD);
	rec.cpu = cpu;
	rec.writer = w;
	rec.seq = seq;
	rec.sum = rec_sum(cpu, w, seq);
	/* Write in two halves, slowly now and then, so timers land inside. */
	memcpy(ctx.payload, &rec, 12);
	if (slow)
		ndelay(2000);
	memcpy((char *)ctx.payload + 12, (char *)&rec + 12, sizeof(rec) - 12);
	if (w == WRITER_THREAD)
		WRITE_ONCE(sc->in_record, 0);
	ltt_rb_commit(&ctx);
}

static enum hrtimer_restart stress_timer_fn(struct hrtimer *t)
{
	if (READ_ONCE(writers_stop))
		return HRTIMER_NORESTART;
	/* Interrupting a half-written thread record: the case under test. */
	if (READ_ONCE(this_cpu_ptr(&stress_cpu)->in_record))
		atomic_long_inc(&nr_nested);
	write_one(WRITER_TIMER, false);
	hrtimer_forward_now(t, ns_to_ktime(timer_us * NSEC_PER_USEC));
	return HRTIMER_RESTART;
}

static int stress_writer(void *unused)
{
	struct stress_cpu *sc = this_cpu_ptr(&stress_cpu);
	struct ltt_rb_ctx big = { .chan = chan, .event_id = ID_COMPACT };
	unsigned long n = 0;

	/* Pinned: the timer fires on this CPU, inside our records. */
	hrtimer_start(&sc->timer, ns_to_ktime(timer_us * NSEC_PER_USEC),
		      HRTIMER_MODE_REL_PINNED);
	while (!kthread_should_stop()) {
		preempt_disable();
		if ((++n & 1023) == 0) {
			/* Larger than a sub-buffer: refused and counted. */
			big.payload_len = subbuf_size;
			sc->attempted[WRITER_THREAD]++;
			if (ltt_rb_reserve(&big) != -EMSGSIZE)
				stress_err("oversized record not refused");
		} else {
			write_one(WRITER_THREAD, (n & 63) == 0);
		}
		preempt_enable();
		cond_resched();
	}
	return 0;
}

/* Decode one packet: header, then every record up to content_size. */
static void check_packet(int cpu, const char *p, const struct ltt_rb_subbuf *sb)
{
	const struct ltt_packet_header *h = (const void *)p;
	u64 ts = h->timestamp_begin, pos = LTT_PACKET_HEADER_LEN;
	u64 mask = (1ULL << LTT_EVENT_COMPACT_TS_BITS) - 1;

	atomic_long_inc(&nr_packets);
	if (h->magic != LTT_PACKET_MAGIC || h->stream_instance_id != cpu ||
	    h->cpu_id != cpu || h->stream_id != 7 ||
	    /* the content rounded up to the page (or the sub-buffer) */
	    h->packet_size != min_t(u64, PAGE_ALIGN(sb->content_size),
				    subbuf_size) * 8 ||
	    h->content_size != sb->content_size * 8 ||
	    h->content_size > h->packet_size || h->packet_seq_num != sb->seq ||
	    h->timestamp_end < h->timestamp_begin) {
		stress_err("cpu %d: bad packet header (magic %x seq %llu content %llu)",
			   cpu, h->magic, h->packet_seq_num, h->content_size);
		return;
	}
	while (pos < sb->content_size) {
		struct stress_rec r;
		u32 word, id;
		u64 t;

		if (sb->content_size - pos < LTT_EVENT_HEADER_COMPACT_LEN)
			goto torn;
		memcpy(&word, p + pos, sizeof(word));	/* records are packed */
		id = word & LTT_EVENT_ID_EXTENDED;
		if (id == LTT_EVENT_ID_EXTENDED) {
			if (sb->content_size - pos < LTT_EVENT_HEADER_EXTENDED_LEN)
				goto torn;
			if ((u8)p[pos] != LTT_EVENT_ID_EXTENDED)
				goto torn;
			memcpy(&id, p + pos + 1, sizeof(id));
			memcpy(&t, p + pos + 5, sizeof(t));
			pos += LTT_EVENT_HEADER_EXTENDED_LEN;
		} else {
			t = (ts & ~mask) | (word >> LTT_EVENT_COMPACT_ID_BITS);
			if (t < ts)
				t += mask + 1;	/* the low bits wrapped once */
			pos += LTT_EVENT_HEADER_COMPACT_LEN;
		}
		if (t < ts || t > h->timestamp_end) {
			stress_err("cpu %d: time goes back or past packet end", cpu);
			return;
		}
		ts = t;
		if ((id != ID_COMPACT && id != ID_EXTENDED) ||
		    sb->content_size - pos < sizeof(r))
			goto torn;
		memcpy(&r, p + pos, sizeof(r));
		pos += sizeof(r);
		if (r.cpu != cpu || r.writer >= NR_WRITERS ||
		    r.sum != rec_sum(r.cpu, r.writer, r.seq))
			goto torn;
		if (r.seq < seen[cpu * NR_WRITERS + r.writer].next_seq) {
			stress_err("cpu %d writer %u: seq %llu after %llu", cpu,
				   r.writer, r.seq,
				   seen[cpu * NR_WRITERS + r.writer].next_seq);
			return;
		}
		seen[cpu * NR_WRITERS + r.writer].next_seq = r.seq + 1;
		atomic_long_inc(&nr_read);
	}
	return;
torn:
	stress_err("cpu %d: torn record at %llu of packet seq %llu", cpu, pos,
		   sb->seq);
}

/* Drain what is ready; return the number of buffers finalized and empty. */
static int drain_once(void)
{
	struct ltt_rb_subbuf sb;
	int cpu, done = 0, ret;

	for (cpu = 0; cpu < ltt_rb_chan_nr_bufs(chan); cpu++) {
		struct ltt_rb_buf *buf = ltt_rb_chan_buf(chan, cpu);

		if (!buf)
			continue;
		while ((ret = ltt_rb_get_next_subbuf(buf, &sb)) == 0) {
			check_packet(cpu, (const char *)ltt_rb_buf_base(buf) +
				     sb.offset, &sb);
			if (ltt_rb_put_next_subbuf(buf))
				stress_err("cpu %d: put failed", cpu);
		}
		if (ret == -ENODATA)
			done++;
		else if (ret != -EAGAIN)
			stress_err("cpu %d: get_next_subbuf: %d", cpu, ret);
	}
	return done;
}

static int stress_reader(void *unused)
{
	while (!kthread_should_stop()) {
		drain_once();
		usleep_range(200, 400);	/* pacing of a polling reader */
	}
	return 0;
}

static int __init stress_init(void)
{
	struct ltt_rb_attr attr = {
		.subbuf_size = subbuf_size,
		.num_subbuf = num_subbuf,
		.stream_id = 7,
	};
	struct task_struct *reader;
	struct ltt_rb_stats st;
	u64 attempted = 0, lost = 0, written = 0;
	int cpu, nbufs, i, ret = 0;

	if (!strcmp(mode, "overwrite"))
		attr.mode = LTT_RB_OVERWRITE;
	else if (strcmp(mode, "discard"))
		return -EINVAL;
	seen = kcalloc(nr_cpu_ids * NR_WRITERS, sizeof(*seen), GFP_KERNEL);
	if (!seen)
		return -ENOMEM;
	chan = ltt_rb_chan_create(&attr);
	if (IS_ERR(chan)) {
		ret = PTR_ERR(chan);
		goto free_seen;
	}
	reader = kthread_run(stress_reader, NULL, "ltt-rb-reader");
	if (IS_ERR(reader)) {
		ret = PTR_ERR(reader);
		goto destroy;
	}
	cpus_read_lock();
	for_each_online_cpu(cpu) {
		struct stress_cpu *sc = per_cpu_ptr(&stress_cpu, cpu);

		hrtimer_init(&sc->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED);
		sc->timer.function = stress_timer_fn;
		sc->thread = kthread_create_on_cpu(stress_writer, NULL, cpu,
						   "ltt-rb-writer/%u");
		if (!IS_ERR(sc->thread))
			wake_up_process(sc->thread);
	}
	msleep(duration_ms);	/* the test's length, not a synchronisation */
	WRITE_ONCE(writers_stop, true);
	for_each_online_cpu(cpu) {
		struct stress_cpu *sc = per_cpu_ptr(&stress_cpu, cpu);

		if (!IS_ERR(sc->thread))
			kthread_stop(sc->thread);
		else
			stress_err("cpu %d: no writer thread", cpu);
		hrtimer_cancel(&sc->timer);
		attempted += sc->attempted[WRITER_THREAD] +
			     sc->attempted[WRITER_TIMER];
	}
	cpus_read_unlock();

	ltt_rb_chan_finalize(chan);
	kthread_stop(reader);
	/* The reader is gone; drain the rest here until every buffer is done. */
	nbufs = 0;
	for (cpu = 0; cpu < ltt_rb_chan_nr_bufs(chan); cpu++)
		nbufs += !!ltt_rb_chan_buf(chan, cpu);
	for (i = 0; i < 1000 && drain_once() < nbufs; i++)
		;
	if (i == 1000)
		stress_err("buffers not drained after finalize");

	for (cpu = 0; cpu < ltt_rb_chan_nr_bufs(chan); cpu++) {
		struct ltt_rb_buf *buf = ltt_rb_chan_buf(chan, cpu);

		if (!buf)
			continue;
		ltt_rb_buf_stats(buf, &st);
		lost += st.lost_full + st.lost_big + st.lost_overwritten +
			st.lost_nesting;
		written += st.records_written;
	}
	pr_info("ltt-test-rb: mode=%s cpus=%u attempted=%llu read=%ld lost=%llu written=%llu packets=%ld nested=%ld errors=%d\n",
		mode, num_online_cpus(), attempted, atomic_long_read(&nr_read),
		lost, written, atomic_long_read(&nr_packets),
		atomic_long_read(&nr_nested), atomic_read(&nr_errors));
	if (atomic_read(&nr_errors) ||
	    atomic_long_read(&nr_read) + lost != attempted) {
		pr_err("ltt-test-rb: FAILED: read + lost != attempted or errors\n");
		ret = -EINVAL;
	}
destroy:
	ltt_rb_chan_destroy(chan);
free_seen:
	kfree(seen);
	return ret;
}

static void __exit stress_exit(void)
{
}

module_init(stress_init);
module_exit(stress_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt test: ring buffer stress with nested writers and a concurrent reader");
