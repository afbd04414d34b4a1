// SPDX-License-Identifier: GPL-2.0-only
/*
 * Discard and overwrite modes, one writer and one reader taking turns:
 * which records survive, and that every record is either read or counted
 * lost, exactly, with the loss reported in the packet headers too.
 */
#include "tap.h"
#include "rb-test.h"

#define S	4096
#define N	4

static struct ltt_rb_attr attr = { .subbuf_size = S, .num_subbuf = N };
static long next_seq;		/* seq of the next record a reader expects */
static long gaps;		/* records skipped between two read */

/* Payload: length, then the writer's record number. */
static int write_n(struct ltt_rb_chan *c, long *seq, int n, int *ok_n)
{
	struct ltt_rb_ctx ctx = { .chan = c, .event_id = 3, .payload_len = 60 };
	u32 len = 60;
	int lost = 0;

	while (n--) {
		if (ltt_rb_reserve(&ctx)) {
			lost++;
			(*seq)++;
			continue;
		}
		memcpy(ctx.payload, &len, 4);
		memset((char *)ctx.payload + 4, 0x5a, len - 4);
		memcpy((char *)ctx.payload + 4, seq, 8);
		(*seq)++;
		ltt_rb_commit(&ctx);
		if (ok_n)
			(*ok_n)++;
	}
	return lost;
}

static int check_seq(const struct rbt_rec *r, void *arg)
{
	long s;

	memcpy(&s, r->payload + 4, 8);
	if (s < next_seq)
		return 1;	/* order: each record later than the last */
	gaps += s - next_seq;
	next_seq = s + 1;
	return 0;
}

static const struct ltt_packet_header *last_hdr;

static long drain(struct ltt_rb_buf *b, struct rbt_stream *rs, int *ret)
{
	struct ltt_rb_subbuf sb;
	long n = 0, k;

	while (!(*ret = ltt_rb_get_next_subbuf(b, &sb))) {
		last_hdr = (const void *)((const char *)ltt_rb_buf_base(b) +
					  sb.offset);
		k = rbt_check_packet(rs, last_hdr, &sb, check_seq, NULL);
		ltt_rb_put_next_subbuf(b);
		if (k < 0)
			return -1;
		n += k;
	}
	return n;
}

int main(void)
{
	struct ltt_rb_stats st;
	struct ltt_rb_chan *c;
	struct ltt_rb_buf *b;
	struct rbt_stream rs;
	long seq = 0, read, read2, lost;
	u64 discarded;
	int ret, i;

	plan(20);
	rbt_fake_clock(1000, 3);

	/* Discard: the first N sub-buffers' worth is kept, the rest lost. */
	c = ltt_rb_chan_create(&attr);
	b = ltt_rb_chan_buf(c, 0);
	rbt_stream_init(&rs, &attr, 0);
	lost = write_n(c, &seq, 1000, NULL);
	ltt_rb_buf_stats(b, &st);
	ok(st.subbufs_delivered == N,
	   "discard, full: all %d sub-buffers delivered", N);
	read = drain(b, &rs, &ret);
	ok(read > 0 && ret == -EAGAIN && rs.packets == N,
	   "%ld records read in %ld packets", read, rs.packets);
	ok(gaps == 0 && next_seq == read, "the oldest ones, none missing");
	ok(st.lost_full == (u64)lost && read + lost == 1000,
	   "read %ld + lost_full %llu == 1000 attempted", read, st.lost_full);
	ok(last_hdr->events_discarded == 0,
	   "packets closed before the losses say 0 discarded");
	discarded = st.lost_full;
	lost += write_n(c, &seq, 10, NULL);
	ltt_rb_buf_switch(b, LTT_RB_SWITCH_CLOSE);
	read2 = drain(b, &rs, &ret);
	ok(read2 == 10 && gaps == (long)discarded,
	   "after reading, room again; the gap is the loss");
	ok(last_hdr->events_discarded == discarded,
	   "the next packet says %llu discarded", discarded);
	ok(last_hdr->packet_seq_num == N,
	   "and has seq %d: no packet missing", N);
	ltt_rb_chan_destroy(c);

	/* Overwrite: the newest records are kept, the rest overwritten. */
	attr.mode = LTT_RB_OVERWRITE;
	seq = next_seq = gaps = 0;
	c = ltt_rb_chan_create(&attr);
	b = ltt_rb_chan_buf(c, 0);
	rbt_stream_init(&rs, &attr, 0);
	lost = write_n(c, &seq, 1000, NULL);
	ok(lost == 0, "overwrite: no reservation refused");
	ltt_rb_chan_finalize(c);
	read = drain(b, &rs, &ret);
	ltt_rb_buf_stats(b, &st);
	ok(ret == -ENODATA && rs.packets == N,
	   "finalized: the last %d packets read (%ld records)", N, read);
	ok(next_seq == 1000 && gaps == 1000 - read,
	   "the newest ones, in order, up to the last written");
	ok(st.lost_overwritten == (u64)(1000 - read),
	   "read %ld + lost_overwritten %llu == 1000", read,
	   st.lost_overwritten);
	ok(last_hdr->events_discarded == 0,
	   "the last packet says 0 discarded: the overwritten records are older than any packet kept");
	ok(st.records_written == 1000, "1000 written");
	ltt_rb_chan_destroy(c);

	/* Overwrite, reader taking turns with the writer. */
	seq = next_seq = gaps = 0;
	c = ltt_rb_chan_create(&attr);
	b = ltt_rb_chan_buf(c, 0);
	rbt_stream_init(&rs, &attr, 0);
	read = 0;
	for (i = 0; i < 200; i++) {
		write_n(c, &seq, 37 * (i % 13), NULL);
		if (i % 3 == 0)
			ltt_rb_buf_switch(b, LTT_RB_SWITCH_CLOSE);
		read2 = drain(b, &rs, &ret);
		if (read2 < 0)
			break;
		read += read2;
	}
	ltt_rb_chan_finalize(c);
	read2 = drain(b, &rs, &ret);
	read += read2 > 0 ? read2 : 0;
	ltt_rb_buf_stats(b, &st);
	ok(read2 >= 0 && ret == -ENODATA,
	   "200 rounds decode, end with -ENODATA");
	ok(read + (long)st.lost_overwritten == seq && gaps == seq - read,
	   "read %ld + overwritten %llu == %ld attempted", read,
	   st.lost_overwritten, seq);
	ok(st.lost_overwritten > 0 && read > seq / 2,
	   "some overwritten, most read");
	ok(st.subbufs_delivered >= (u64)rs.packets,
	   "delivered %llu >= read %ld packets", st.subbufs_delivered,
	   rs.packets);
	ltt_rb_chan_destroy(c);

	/* Discard, same turns: nothing lost when the reader keeps up. */
	attr.mode = LTT_RB_DISCARD;
	seq = next_seq = gaps = 0;
	c = ltt_rb_chan_create(&attr);
	b = ltt_rb_chan_buf(c, 0);
	rbt_stream_init(&rs, &attr, 0);
	read = 0;
	for (i = 0; i < 200; i++) {
		write_n(c, &seq, 15 * (i % 13), NULL);
		read2 = drain(b, &rs, &ret);
		if (read2 < 0)
			break;
		read += read2;
	}
	ltt_rb_chan_finalize(c);
	read2 = drain(b, &rs, &ret);
	read += read2 > 0 ? read2 : 0;
	ltt_rb_buf_stats(b, &st);
	ok(read == seq && !rbt_lost(&st) && gaps == 0,
	   "discard, reader keeping up: %ld of %ld read, none lost", read, seq);
	ok(st.records_written == (u64)seq, "records_written == %ld", seq);
	ltt_rb_chan_destroy(c);
	return exit_status();
}
