// SPDX-License-Identifier: GPL-2.0-only
/*
 * The switches that begin and end a stream (OPEN at a session's start, END
 * at its stop) and snapshots, which read packets without consuming them:
 * what they find, that two in a row agree, that they never take a packet
 * from the reader, and, with a writer flooding an overwrite buffer in
 * another thread, that every copy they return is a whole packet.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "rb-test.h"

#define S	4096
#define N	4

static struct ltt_rb_attr attr = { .subbuf_size = S, .num_subbuf = N };

/* A snapshot of buf: every packet found, checked, into rs; returns count. */
static long snapshot(struct ltt_rb_buf *b, struct rbt_stream *rs, u64 *seqs,
		     long *torn)
{
	struct ltt_rb_subbuf sb;
	struct ltt_rb_peek pk;
	u64 first, end, seq;
	char *copy = malloc(S);
	long n = 0;

	rbt_stream_init(rs, &attr, 0);
	ltt_rb_snapshot_range(b, &first, &end);
	for (seq = first; seq < end; seq++) {
		if (ltt_rb_snapshot_peek(b, seq, &pk))
			continue;
		memcpy(copy, pk.data, pk.packet_size);
		if (!ltt_rb_snapshot_check(b, &pk)) {
			if (torn)
				(*torn)++;
			continue;
		}
		sb = (struct ltt_rb_subbuf){ .content_size = pk.content_size,
			.packet_size = pk.packet_size, .seq = seq };
		if (rbt_check_packet(rs, copy, &sb, NULL, NULL) < 0) {
			n = -1;
			break;
		}
		if (seqs)
			seqs[n] = seq;
		n++;
	}
	free(copy);
	return n;
}

/* A writer floods an overwrite buffer while snapshots are taken. */
static atomic_int stop;

static void *flood(void *arg)
{
	struct ltt_rb_chan *c = arg;

	ltt_rb_user_set_cpu(0);
	while (!atomic_load(&stop))
		rbt_write(c, 2, 40, 0x77, NULL);
	return NULL;
}

int main(void)
{
	struct ltt_rb_subbuf sb;
	struct ltt_rb_chan *c;
	struct ltt_rb_buf *b;
	struct rbt_stream rs;
	u64 seqs1[N], seqs2[N], first, end, t_open, ts;
	long n1, n2, torn = 0, rounds = 0, found = 0;
	pthread_t tid;
	int ret;

	rbt_fake_clock(1000, 7);

	/* OPEN: a header-only packet beginning at the start. */
	c = ltt_rb_chan_create(&attr);
	b = ltt_rb_chan_buf(c, 0);
	t_open = rbt_clock_peek();
	ltt_rb_chan_open(c);
	ltt_rb_chan_open(c);
	rbt_clock_set(t_open + 5000);
	rbt_write(c, 1, 20, 1, &ts);
	rbt_write(c, 1, 20, 1, NULL);
	ltt_rb_buf_switch(b, LTT_RB_SWITCH_CLOSE);
	rbt_stream_init(&rs, &attr, 0);
	ret = ltt_rb_get_next_subbuf(b, &sb);
	ok(ret == 0 && sb.seq == 0 &&
	   sb.content_size == LTT_PACKET_HEADER_LEN + 2 * 4 + 2 * 20,
	   "OPEN twice: one packet, its records compact (%llu bytes)",
	   sb.content_size);
	ok(!ret && ((const struct ltt_packet_header *)((const char *)
		ltt_rb_buf_base(b) + sb.offset))->timestamp_begin == t_open,
	   "it begins at the OPEN, before its first record");
	ok(!ret && rbt_check_packet(&rs, (const char *)ltt_rb_buf_base(b) +
				    sb.offset, &sb, NULL, NULL) == 2,
	   "its records decode from the packet's begin time");
	ltt_rb_put_next_subbuf(b);

	/* OPEN then a switch with nothing recorded: a header-only packet. */
	ltt_rb_chan_open(c);
	ltt_rb_buf_switch(b, LTT_RB_SWITCH_CLOSE);
	ok(rbt_drain(b, &rs, NULL, NULL, &ret) == 0 && rs.empty == 1 &&
	   ret == -EAGAIN, "OPEN, flush: one empty packet");
	/* END with none open: an empty packet; with one open: closes it. */
	ltt_rb_buf_switch(b, LTT_RB_SWITCH_END);
	rbt_write(c, 1, 20, 1, NULL);
	ltt_rb_buf_switch(b, LTT_RB_SWITCH_END);
	ok(rbt_drain(b, &rs, NULL, NULL, &ret) == 1 && rs.empty == 2 &&
	   rs.packets == 2, "END: an empty packet, then the open one closed");
	ok(rs.seq == 3, "packets 0-3, in order");
	ltt_rb_chan_destroy(c);

	/* END in a full discard buffer makes nothing. */
	c = ltt_rb_chan_create(&attr);
	b = ltt_rb_chan_buf(c, 0);
	while (rbt_write(c, 1, 100, 1, NULL) == 0)
		;
	ltt_rb_snapshot_range(b, &first, &end);
	ltt_rb_buf_switch(b, LTT_RB_SWITCH_END);
	{
		u64 end2;

		ltt_rb_snapshot_range(b, &first, &end2);
		ok(first == 0 && end2 == end, "END in a full buffer: no packet");
	}

	/* Discard-mode snapshots: what the reader has not taken. */
	rbt_stream_init(&rs, &attr, 0);
	n1 = snapshot(b, &rs, seqs1, NULL);
	ok(n1 == N, "discard: a full buffer's snapshot has its %d packets", N);
	n2 = snapshot(b, &rs, seqs2, NULL);
	ok(n2 == n1 && !memcmp(seqs1, seqs2, sizeof(seqs1)),
	   "a second snapshot has the same");
	ok(ltt_rb_get_next_subbuf(b, &sb) == 0 && sb.seq == 0,
	   "the reader still gets packet 0");
	ltt_rb_put_next_subbuf(b);
	n2 = snapshot(b, &rs, seqs2, NULL);
	ok(n2 == N - 1 && seqs2[0] == 1,
	   "after the reader took packet 0: packets 1-%d", N - 1);
	ltt_rb_chan_destroy(c);

	/* Overwrite-mode snapshots: the newest N packets, twice alike. */
	attr.mode = LTT_RB_OVERWRITE;
	c = ltt_rb_chan_create(&attr);
	b = ltt_rb_chan_buf(c, 0);
	for (n1 = 0; n1 < 3000; n1++)
		rbt_write(c, 1, 100, 1, NULL);
	ltt_rb_buf_switch(b, LTT_RB_SWITCH_CLOSE);
	ltt_rb_snapshot_range(b, &first, &end);
	n1 = snapshot(b, &rs, seqs1, NULL);
	ok(n1 == N && seqs1[N - 1] == end - 1 && seqs1[0] == end - N,
	   "overwrite: the newest %d packets (%llu-%llu)", N, end - N, end - 1);
	n2 = snapshot(b, &rs, seqs2, NULL);
	ok(n2 == n1 && !memcmp(seqs1, seqs2, sizeof(seqs1)),
	   "a second snapshot has the same");
	ok(ltt_rb_get_next_subbuf(b, &sb) == 0 && sb.seq == end - N,
	   "the reader still gets the oldest, %llu", end - N);
	ltt_rb_put_next_subbuf(b);
	n2 = snapshot(b, &rs, seqs2, NULL);
	ok(n2 == N - 1 && seqs2[0] == end - N + 1,
	   "the packet the reader swapped out is not in the next snapshot");
	/* END does not overwrite the oldest packet of a flight recorder */
	rbt_stream_init(&rs, &attr, 0);
	ltt_rb_buf_switch(b, LTT_RB_SWITCH_END);
	n2 = snapshot(b, &rs, seqs2, NULL);
	ok(n2 == N && seqs2[0] == end - N + 1 && seqs2[N - 1] == end &&
	   rs.empty == 1,
	   "END after the reader freed a slot: an empty packet there");
	ltt_rb_buf_switch(b, LTT_RB_SWITCH_END);
	n1 = snapshot(b, &rs, seqs1, NULL);
	ok(n1 == N && !memcmp(seqs1, seqs2, sizeof(seqs1)),
	   "END with no free slot: nothing overwritten");

	/* A copy taken back by a writer between peek and check is refused. */
	{
		struct ltt_rb_peek pk;

		ltt_rb_snapshot_range(b, &first, &end);
		ok(ltt_rb_snapshot_peek(b, first, &pk) == 0,
		   "peek the oldest packet");
		for (n1 = 0; n1 < 40; n1++)
			rbt_write(c, 1, 100, 1, NULL);
		ok(!ltt_rb_snapshot_check(b, &pk),
		   "a writer took its slot back: check fails");
		ok(ltt_rb_snapshot_peek(b, first, &pk) == -ENOENT,
		   "and peek no longer finds it");
	}
	ltt_rb_chan_destroy(c);

#ifndef __SANITIZE_THREAD__
	/*
	 * A flood in another thread: every checked copy is a whole packet.
	 * Not under TSan: the copy races with the writer by design (a
	 * seqlock reader's), and the check after it is what makes it safe.
	 */
	rbt_fake_clock(1000, 3);
	c = ltt_rb_chan_create(&attr);
	b = ltt_rb_chan_buf(c, 0);
	pthread_create(&tid, NULL, flood, c);
	/* until 2000 rounds found packets (bounded: a stuck writer fails) */
	for (n2 = 0, rounds = 0; rounds < 2000 && n2 < 10000000; n2++) {
		n1 = snapshot(b, &rs, NULL, &torn);
		if (n1 < 0)
			break;
		found += n1;
		rounds += n1 > 0;
	}
	atomic_store(&stop, 1);
	pthread_join(tid, NULL);
	ok(rounds == 2000 && n1 >= 0,
	   "2000 snapshots under a flood: every copy decodes");
	diag("%ld packets copied whole, %ld refused as overwritten", found,
	     torn);
	ok(found > 0, "snapshots found packets under the flood");
	ltt_rb_chan_destroy(c);
#else
	(void)flood; (void)tid; (void)torn; (void)rounds; (void)found;
#endif
	done_testing();
	return exit_status();
}
