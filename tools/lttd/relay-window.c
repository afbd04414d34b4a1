// SPDX-License-Identifier: GPL-2.0-only
/*
 * The relay output's window: each stream's copies of the packets sent to
 * the relay and not yet confirmed written by it, asked for, waited for,
 * and sent again to a new relay session (relay-out.c is the rest of the
 * output; relay-out-internal.h their shared state).
 *
 * Confirmed delivery: the relay acknowledges a packet's index on its
 * control thread, while its data thread may not have written the
 * packet's bytes yet (lttng-relayd writes an index once both are
 * there). Killed in between, the relay loses a packet lttd was told it
 * got. So each stream keeps a copy of every packet sent and not yet
 * confirmed (its window, WIN_* below), and asks DATA_PENDING (0: data
 * and index written, up to that net_seq_num) when the window is half
 * full, at every tick and at the end; a full window waits for the
 * relay, bounded, then the connection counts as lost. A new relay
 * session sends a stream's unconfirmed copies first, in order: the old
 * relay session may hold some of them too (duplicates, never holes),
 * counted "sent again" in the status file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "relay-out-internal.h"

/*
 * A stream's window of unconfirmed packets: as many as its kernel buffer
 * holds (num_subbuf), or more while that is under WIN_BYTES, at most
 * WIN_MAX packets: a buffer of small packets is not asked for after
 * every other packet (three round trips each time), a buffer of large
 * ones costs lttd no more than one buffer's copy per stream.
 */
#define WIN_BYTES		(1u << 20)
#define WIN_MAX			64u
/* A full window polls the relay this often, RELAY_TIMEOUT_MS at most. */
#define WIN_WAIT_NS		1000000L

/* Packets sent and not confirmed written, all streams: o->lock held. */
unsigned int relay_win_total(const struct lttd_relay_out *o)
{
	unsigned int i, n = 0;

	for (i = 0; i < o->nr; i++)
		n += o->st[i].win_n;
	return n;
}

/* The window's i-th oldest copy. */
static struct relay_copy *win_at(struct relay_stream *rs, unsigned int i)
{
	return &rs->win[(rs->win_head + i) % rs->win_cap];
}

/* The first ask once the window is half full (at least one packet). */
unsigned int relay_win_half(const struct relay_stream *rs)
{
	return rs->win_cap / 2 ? rs->win_cap / 2 : 1;
}

/* The k oldest copies are confirmed: forgotten (their buffers kept). */
static void win_forget(struct relay_stream *rs, unsigned int k)
{
	rs->win_head = (rs->win_head + k) % rs->win_cap;
	rs->win_n -= k;
	if (rs->win_n < relay_win_half(rs))
		rs->ask_at = relay_win_half(rs);
}

/*
 * A copy of a packet just sent, the newest: one memcpy, no allocation
 * once each slot has held a packet of that size. 0 or -ENOMEM.
 */
int relay_win_push(struct relay_stream *rs, const uint8_t *p, size_t len)
{
	struct relay_copy *c = &rs->win[(rs->win_head + rs->win_n) %
					 rs->win_cap];
	uint8_t *b;

	if (c->cap < len) {
		b = realloc(c->buf, len);
		if (!b)
			return -ENOMEM;
		c->buf = b;
		c->cap = len;
	}
	memcpy(c->buf, p, len);
	c->len = len;
	rs->win_n++;
	return 0;
}

/* The net_seq_num of the window's k-th oldest copy (k >= 1), connected. */
static uint64_t win_seq(const struct relay_stream *rs, unsigned int k)
{
	return rs->next_seq - rs->win_n + k - 1;
}

/*
 * Ask the relay whether it wrote the k oldest copies of each of n
 * streams (k[i] >= 1); those it did are forgotten. *all: every one was.
 * 0, or -errno (the connection is over: the caller calls
 * relay_out_lost()). o->lock held, connected.
 */
static int win_confirm(struct lttd_relay_out *o, struct relay_stream **v,
		       const unsigned int *k, unsigned int n, bool *all)
{
	struct lttd_relay_pending pend[8];
	bool pending[8];
	unsigned int i, j, m;
	int ret;

	*all = true;
	for (i = 0; i < n; i += m) {
		m = n - i < 8 ? n - i : 8;
		for (j = 0; j < m; j++)
			pend[j] = (struct lttd_relay_pending){
				.stream_id = v[i + j]->relay_id,
				.last_net_seq_num = win_seq(v[i + j], k[i + j]),
			};
		ret = lttd_relay_streams_pending(&o->r, pend, m, pending);
		if (ret)
			return ret;
		for (j = 0; j < m; j++) {
			if (pending[j])
				*all = false;
			else
				win_forget(v[i + j], k[i + j]);
		}
	}
	return 0;
}

/*
 * The k oldest copies of one stream confirmed, waiting for the relay to
 * write them up to RELAY_TIMEOUT_MS. 0, or -errno with o->r.err saying
 * why: the caller calls relay_out_lost(). o->lock held, connected.
 */
int relay_win_wait(struct lttd_relay_out *o, struct relay_stream *rs,
		   unsigned int k)
{
	struct timespec ts = { 0, WIN_WAIT_NS }, t0, t1;
	bool all;
	int ret;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		ret = win_confirm(o, &rs, &k, 1, &all);
		if (ret || all)
			return ret;
		clock_gettime(CLOCK_MONOTONIC, &t1);
		if ((t1.tv_sec - t0.tv_sec) * 1000 +
		    (t1.tv_nsec - t0.tv_nsec) / 1000000 >= RELAY_TIMEOUT_MS)
			break;
		nanosleep(&ts, NULL);
	}
	lttd_relay_close(&o->r);
	snprintf(o->r.err, sizeof(o->r.err),
		 "relay %s: %s: %u packets sent are not written after %d ms",
		 o->r.where, rs->name, k, RELAY_TIMEOUT_MS);
	return -ETIMEDOUT;
}

/*
 * A new relay session: the stream's unconfirmed copies again, with this
 * session's net_seq_nums, before any other packet of it. 0 or -errno.
 */
int relay_win_resend(struct lttd_relay_out *o, struct relay_stream *rs)
{
	struct relay_copy *c;
	unsigned int i;
	int ret;

	for (i = 0; i < rs->win_n; i++) {
		c = win_at(rs, i);
		ret = lttd_relay_send_packet(&o->r, rs->relay_id,
					     rs->next_seq, c->buf, c->len);
		if (ret)
			return ret;
		relay_out_sent(rs, c->buf);
		o->resent++;
	}
	rs->ask_at = rs->win_n + 1 > relay_win_half(rs) ?
		     rs->win_n + 1 : relay_win_half(rs);
	return 0;
}

/* The window's size in packets (WIN_BYTES above says why). */
unsigned int relay_win_cap(const struct lttd_stream *s)
{
	uint64_t n = s->subbuf_size ? WIN_BYTES / s->subbuf_size : WIN_MAX;

	if (n > WIN_MAX)
		n = WIN_MAX;
	if (n < s->num_subbuf)
		n = s->num_subbuf;
	return n ? n : 1;
}

/*
 * The window is past its mark: has the relay written all of it? If not,
 * ask again once half of what is left has come. o->lock held, connected.
 */
void relay_win_ask(struct lttd *d, struct lttd_relay_out *o,
		   struct relay_stream *rs)
{
	unsigned int k = rs->win_n;
	bool all;

	if (win_confirm(o, &rs, &k, 1, &all))
		relay_out_lost(d, o);	/* the packets stay in the window */
	else if (!all)
		rs->ask_at = rs->win_n + (rs->win_cap - rs->win_n + 1) / 2;
}

/* Every tick: what the relay wrote of each stream's window is forgotten. */
void relay_win_tick(struct lttd *d, struct lttd_relay_out *o)
{
	struct relay_stream *v[8];
	unsigned int k[8], i, n = 0, before = relay_win_total(o);
	bool all;

	for (i = 0; o->up && i <= o->nr; i++) {
		if (i < o->nr && o->st[i].win_n) {
			v[n] = &o->st[i];
			k[n++] = o->st[i].win_n;
		}
		if (n && (n == 8 || i == o->nr)) {
			if (win_confirm(o, v, k, n, &all))
				relay_out_lost(d, o);
			n = 0;
		}
	}
	/* the count of unconfirmed packets, for whoever waits for 0 */
	if (o->up && relay_win_total(o) != before)
		relay_out_status_write(d, o);
}
