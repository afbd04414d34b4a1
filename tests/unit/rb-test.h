/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Helpers shared by the ring buffer unit tests: a settable clock, writing
 * a test record, and a CTF packet checker that decodes every packet the
 * reader gets, the way a trace reader would.
 *
 * Test records: the payload starts with its own length (u32), so the
 * checker can walk a packet without knowing the events.
 */
#ifndef _LTT_RB_TEST_H
#define _LTT_RB_TEST_H

#include <stdbool.h>
#include <ltt/ringbuffer.h>

/* Fake clock: each read returns the current value, then adds the step. */
void rbt_fake_clock(u64 start, u64 step);
void rbt_clock_set(u64 now);
u64 rbt_clock_peek(void);

/* Reserve, fill (length word + @fill bytes), commit. Returns reserve's
 * result; *ts (if not NULL) gets the record's time. */
int rbt_write(struct ltt_rb_chan *chan, u32 id, u32 len, u8 fill, u64 *ts);

struct rbt_rec {
	u32 id;
	u64 ts;			/* decoded */
	bool extended;
	u32 pos;		/* of the event header in the packet */
	const u8 *payload;
	u32 len;
};

/* What the checker keeps between packets of one buffer. */
struct rbt_stream {
	const struct ltt_rb_attr *attr;
	int cpu;
	bool large;		/* large event headers (ltt_rb_chan_set_large) */
	bool seen;		/* a packet was checked already */
	u64 seq, end, discarded;/* of the previous packet */
	long packets, records;
	long empty;		/* header-only packets (switches) */
};

void rbt_stream_init(struct rbt_stream *st, const struct ltt_rb_attr *attr,
		     int cpu);

/* Record callback: nonzero stops the walk and fails the packet. */
typedef int (*rbt_rec_fn)(const struct rbt_rec *r, void *arg);

/*
 * Check a packet: header fields against the attributes and @sb, packet
 * order against the previous one (seq, time, events_discarded), then every
 * record: event header, time order within [begin, end], lengths ending
 * exactly at content_size. Returns its number of records, -1 on error
 * (with a diagnostic).
 */
int rbt_check_packet(struct rbt_stream *st, const void *pkt,
		     const struct ltt_rb_subbuf *sb, rbt_rec_fn fn, void *arg);

/* get / check / put until get fails; returns records read or -1; *ret
 * (if not NULL) gets get's last result (-EAGAIN or -ENODATA). */
long rbt_drain(struct ltt_rb_buf *buf, struct rbt_stream *st, rbt_rec_fn fn,
	       void *arg, int *ret);

static inline u64 rbt_lost(const struct ltt_rb_stats *s)
{
	return s->lost_full + s->lost_big + s->lost_nesting +
	       s->lost_overwritten;
}

#endif /* _LTT_RB_TEST_H */
