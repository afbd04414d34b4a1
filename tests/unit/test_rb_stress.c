// SPDX-License-Identifier: GPL-2.0-only
/*
 * Ring buffer stress: on each of 2 simulated CPUs, 2 writer threads share
 * the buffer, and a signal handler interrupts them, often in the middle of
 * a record, to write records of its own on the same buffer (an interrupt
 * nesting in a writer). Another thread flushes buffers at random moments
 * (the switch timer); a reader drains all buffers at the same time, at
 * times too slowly. Every record carries its writer, a sequence number and
 * a checksum; the reader checks them, every packet header and the time
 * order, and that a sub-buffer it holds does not change. At the end:
 *
 *	records read + records counted lost == records attempted
 *
 * exactly, in discard and in overwrite mode. RBT_STRESS_MS sets each
 * mode's length (default 2000).
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "tap.h"
#include "rb-test.h"

#define NCPU		2
#define THREADS		2		/* writer threads per CPU */
#define NTHREADS	(NCPU * THREADS)
#define NWRITERS	(2 * NTHREADS)	/* each thread and its handler */
#define S		4096
#define N		4
#define ID_COMPACT	1
#define ID_EXTENDED	40

struct rec {
	u32 len;			/* payload length (rb-test.h) */
	u32 writer;
	u64 seq;
	u64 sum;
};

struct writer {
	u64 attempted;			/* by its owner only */
	u64 seq;
};

struct wthread {
	pthread_t tid;
	int cpu;
	int index;
	struct writer self, handler;
};

static struct ltt_rb_chan *chan;
static struct ltt_rb_attr attr;
static struct wthread threads[NTHREADS];
static atomic_bool stop_writers, stop_signals, stop_reader;
static atomic_long nested;		/* handler ran inside a record */
static atomic_long errors;

/* What the reader saw. */
static u64 last_seq[NWRITERS];
static bool seen_any[NWRITERS];
static long nread, packets, held_changed;

static __thread struct wthread *self_thread;
static __thread volatile sig_atomic_t in_record;

static u64 rec_sum(u32 writer, u64 seq, u32 len)
{
	return (seq * 0x9E3779B97F4A7C15ULL) ^ ((u64)writer << 48) ^
	       ((u64)len << 32) ^ 0xA5A5A5A5ULL;
}

static u8 fill_byte(u32 writer, u64 seq, u32 i)
{
	return (u8)(seq * 31 + writer * 7 + i);
}

#define err(...) do {						\
	if (atomic_fetch_add(&errors, 1) < 10)			\
		diag(__VA_ARGS__);				\
} while (0)

/* One record from @w (writer number @wid); @slow widens the window. */
static void write_one(struct writer *w, u32 wid, bool slow)
{
	u64 seq = w->seq++;
	u32 len = sizeof(struct rec) + (u32)(seq * 13 % 200);
	struct ltt_rb_ctx ctx = {
		.chan = chan,
		.event_id = seq % 8 ? ID_COMPACT : ID_EXTENDED,
		.payload_len = len,
	};
	struct rec r = { len, wid, seq, rec_sum(wid, seq, len) };
	u8 *p;
	u32 i;

	w->attempted++;
	if (ltt_rb_reserve(&ctx))
		return;			/* counted lost by the ring buffer */
	p = ctx.payload;
	in_record = !(wid & 1);
	memcpy(p, &r, 12);
	if (slow)	/* a system call: pending signals come in here, also
			 * under TSan, which delays them to such points */
		nanosleep(&(struct timespec){ 0, 0 }, NULL);
	memcpy(p + 12, (char *)&r + 12, sizeof(r) - 12);
	for (i = sizeof(r); i < len; i++)
		p[i] = fill_byte(wid, seq, i);
	in_record = 0;
	ltt_rb_commit(&ctx);
}

static void on_signal(int sig)
{
	int saved = errno;
	struct wthread *t = self_thread;

	if (t) {
		if (in_record)
			atomic_fetch_add_explicit(&nested, 1,
						  memory_order_relaxed);
		write_one(&t->handler, 2 * t->index + 1, false);
	}
	errno = saved;
}

static void *writer_thread(void *arg)
{
	struct wthread *t = arg;
	struct ltt_rb_ctx big = { .chan = NULL, .event_id = ID_COMPACT,
				  .payload_len = S };
	struct timespec pace = { 0, 20000 };
	unsigned long n = 0;
	sigset_t set;

	ltt_rb_user_set_cpu(t->cpu);
	self_thread = t;
	big.chan = chan;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	while (!atomic_load_explicit(&stop_writers, memory_order_relaxed)) {
		if ((++n & 1023) == 0) {
			/* too large: refused, counted, never written */
			t->self.attempted++;
			if (ltt_rb_reserve(&big) != -EMSGSIZE)
				err("oversized record not refused");
			continue;
		}
		write_one(&t->self, 2 * t->index, (n & 63) == 0);
		/* bursts: let the reader keep up, at times */
		if ((n & 15) == 0)
			nanosleep(&pace, NULL);
	}
	return NULL;
}

/* Interrupts: signal writer threads at random points of their work. */
static void *signal_thread(void *arg)
{
	struct timespec ts = { 0, 20000 };
	int i = 0;

	while (!atomic_load(&stop_signals)) {
		pthread_kill(threads[i++ % NTHREADS].tid, SIGUSR1);
		nanosleep(&ts, NULL);
	}
	return NULL;
}

/* The switch timer, from anywhere. */
static void *switch_thread(void *arg)
{
	struct timespec ts = { 0, 300000 };
	int i = 0;

	while (!atomic_load(&stop_writers)) {
		ltt_rb_buf_switch(ltt_rb_chan_buf(chan, i++ % NCPU), LTT_RB_SWITCH_CLOSE);
		nanosleep(&ts, NULL);
	}
	return NULL;
}

static int check_rec(const struct rbt_rec *r, void *arg)
{
	struct rec h;
	u32 i;

	if (r->len < sizeof(h))
		return 1;
	memcpy(&h, r->payload, sizeof(h));
	if (h.writer >= NWRITERS || h.sum != rec_sum(h.writer, h.seq, h.len))
		return 1;
	if (r->id != (h.seq % 8 ? ID_COMPACT : ID_EXTENDED))
		return 1;
	for (i = sizeof(h); i < h.len; i++)
		if (r->payload[i] != fill_byte(h.writer, h.seq, i))
			return 1;
	/* A writer's records come in its order; gaps are losses. */
	if (seen_any[h.writer] && h.seq <= last_seq[h.writer]) {
		err("writer %u: seq %llu after %llu", h.writer, h.seq,
		    last_seq[h.writer]);
		return 1;
	}
	seen_any[h.writer] = true;
	last_seq[h.writer] = h.seq;
	nread++;
	return 0;
}

static u64 hash(const u8 *p, u64 len)
{
	u64 h = 1469598103934665603ULL;

	while (len--)
		h = (h ^ *p++) * 1099511628211ULL;
	return h;
}

/* Get, check and put what is ready; returns buffers finalized and empty. */
static int drain_once(struct rbt_stream *st)
{
	struct ltt_rb_subbuf sb;
	int cpu, done = 0, ret;

	for (cpu = 0; cpu < NCPU; cpu++) {
		struct ltt_rb_buf *b = ltt_rb_chan_buf(chan, cpu);

		while (!(ret = ltt_rb_get_next_subbuf(b, &sb))) {
			const u8 *p = (const u8 *)ltt_rb_buf_base(b) +
				      sb.offset;
			u64 before = hash(p, sb.packet_size);

			if (rbt_check_packet(&st[cpu], p, &sb, check_rec,
					     NULL) < 0)
				err("cpu %d: bad packet seq %llu", cpu, sb.seq);
			if (hash(p, sb.packet_size) != before)
				held_changed++;
			packets++;
			if (ltt_rb_put_next_subbuf(b))
				err("cpu %d: put failed", cpu);
		}
		if (ret == -ENODATA)
			done++;
		else if (ret != -EAGAIN)
			err("cpu %d: get: %d", cpu, ret);
	}
	return done;
}

static void *reader_thread(void *arg)
{
	struct rbt_stream *st = arg;
	struct timespec nap = { 0, 100000 }, slow = { 0, 3000000 };
	unsigned long n = 0;

	while (!atomic_load(&stop_reader)) {
		drain_once(st);
		/* now and then too slow, so that losses happen */
		nanosleep(++n % 64 < 8 ? &slow : &nap, NULL);
	}
	return NULL;
}

static void run(enum ltt_rb_mode mode, long ms)
{
	const char *name = mode == LTT_RB_DISCARD ? "discard" : "overwrite";
	struct rbt_stream st[NCPU];
	struct ltt_rb_stats s;
	pthread_t reader, signaler, switcher;
	struct timespec len = { ms / 1000, ms % 1000 * 1000000 };
	u64 attempted = 0, lost = 0, written = 0, overwritten = 0;
	int i;

	attr = (struct ltt_rb_attr){ .subbuf_size = S, .num_subbuf = N,
				     .mode = mode, .stream_id = 3 };
	chan = ltt_rb_chan_create(&attr);
	if (IS_ERR(chan)) {
		ok(0, "%s: create", name);
		return;
	}
	memset(threads, 0, sizeof(threads));
	memset(seen_any, 0, sizeof(seen_any));
	nread = packets = held_changed = 0;
	atomic_store(&nested, 0);
	atomic_store(&errors, 0);
	atomic_store(&stop_writers, false);
	atomic_store(&stop_signals, false);
	atomic_store(&stop_reader, false);
	for (i = 0; i < NCPU; i++)
		rbt_stream_init(&st[i], &attr, i);

	pthread_create(&reader, NULL, reader_thread, st);
	for (i = 0; i < NTHREADS; i++) {
		threads[i].cpu = i % NCPU;
		threads[i].index = i;
		pthread_create(&threads[i].tid, NULL, writer_thread,
			       &threads[i]);
	}
	pthread_create(&signaler, NULL, signal_thread, NULL);
	pthread_create(&switcher, NULL, switch_thread, NULL);
	nanosleep(&len, NULL);

	atomic_store(&stop_signals, true);
	pthread_join(signaler, NULL);
	atomic_store(&stop_writers, true);
	for (i = 0; i < NTHREADS; i++)
		pthread_join(threads[i].tid, NULL);
	pthread_join(switcher, NULL);
	ltt_rb_chan_finalize(chan);
	atomic_store(&stop_reader, true);
	pthread_join(reader, NULL);
	for (i = 0; i < 1000 && drain_once(st) < NCPU; i++)
		;

	for (i = 0; i < NTHREADS; i++)
		attempted += threads[i].self.attempted +
			     threads[i].handler.attempted;
	for (i = 0; i < NCPU; i++) {
		ltt_rb_buf_stats(ltt_rb_chan_buf(chan, i), &s);
		lost += rbt_lost(&s);
		written += s.records_written;
		overwritten += s.lost_overwritten;
	}
	diag("%s: attempted %llu read %ld lost %llu (overwritten %llu) packets %ld nested %ld",
	     name, attempted, nread, lost, overwritten, packets,
	     atomic_load(&nested));
	ok(i == NCPU && atomic_load(&errors) == 0,
	   "%s: every packet and record checked out", name);
	ok(held_changed == 0, "%s: no held sub-buffer changed under the reader",
	   name);
	ok((u64)nread + lost == attempted,
	   "%s: read + lost == attempted, exactly", name);
	ok(written == (u64)nread + overwritten,
	   "%s: records_written == read + overwritten", name);
	ok(lost > 0 && nread > 0, "%s: some records lost, some read", name);
	ok(atomic_load(&nested) > 0, "%s: handlers interrupted records", name);
	ltt_rb_chan_destroy(chan);
}

int main(void)
{
	const char *env = getenv("RBT_STRESS_MS");
	long ms = env ? atol(env) : 2000;
	struct sigaction sa = { .sa_handler = on_signal };
	sigset_t set;

	plan(12);
	ltt_rb_user_set_nr_cpus(NCPU);
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	sigaction(SIGUSR1, &sa, NULL);
	/* Only writer threads take the signal: they unblock it. */
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &set, NULL);

	run(LTT_RB_DISCARD, ms);
	run(LTT_RB_OVERWRITE, ms);
	return exit_status();
}
