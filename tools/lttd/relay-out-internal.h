/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The relay output's own state and the functions its files share:
 * relay-out.c (the connection, the packets, the live ticks, the end),
 * relay-window.c (the packets sent and not yet confirmed written) and
 * relay-rotate.c (rotation and clear through the relay's chunks).
 *
 * Who may include it: those three files only (lttd reaches the relay
 * through output.h).
 */
#ifndef _LTTD_RELAY_OUT_INTERNAL_H
#define _LTTD_RELAY_OUT_INTERNAL_H

#include <limits.h>
#include <pthread.h>
#include "lttd.h"
#include "relay.h"
#include "relay-out.h"

/* Per call: connect, one message, one reply (relay.c). */
#define RELAY_TIMEOUT_MS	5000

struct relay_copy {
	uint8_t *buf;
	size_t cap, len;
};

struct relay_stream {
	char name[LTT_NAME_LEN + 16];
	uint64_t ctf_id;		/* the channel's index */
	uint64_t tracefile_size, tracefile_count;
	uint64_t relay_id;		/* the relay's, this session */
	uint64_t next_seq;		/* its next packet's net_seq_num */
	bool sent_any;			/* a packet went, this relay session */
	uint64_t last_pkt_seq;		/* the last sent's packet_seq_num */
	uint64_t last_end;		/* and its timestamp_end */
	uint64_t produced;		/* STREAM_POSITION.next_seq, at a tick */
	uint64_t flushed_at;		/* trace clock, read before that flush */
	bool known;			/* produced is read */
	bool rot_pending;		/* to move to the rotation's chunk */
	/*
	 * Packets sent, not confirmed (written by the relay), oldest at
	 * win_head; while connected the i-th oldest went as net_seq_num
	 * next_seq - win_n + i. Lost: what a new relay session gets first.
	 */
	struct relay_copy *win;
	unsigned int win_cap, win_head, win_n;
	unsigned int ask_at;		/* win_n at which to ask the relay */
	/* the stream keeps a packet whose send failed half way: the old
	 * relay session may have it; its next send counts as sent again */
	bool again;
};

struct lttd_relay_out {
	pthread_mutex_t lock;
	pthread_cond_t cond;		/* the connection came back */
	struct lttd_relay_url url;
	const char *url_text;
	struct lttd_relay r;
	bool up;
	double next_try, backoff;	/* lttd_now() */
	unsigned int sessions;		/* relay sessions made */
	char hostname[64];
	struct relay_stream *st;
	unsigned int nr;
	uint64_t md_id;
	char *md;			/* the metadata text, whole */
	size_t md_len, md_cap, md_sent;
	uint64_t packets, bytes, unsent;
	uint64_t resent;		/* sent again to a new relay session */
	uint64_t dropped;		/* unconfirmed copies given up at the end */
	char error[512];		/* the last loss's reason */
	char dir[LTTD_RELAY_REPLY_PATH_MAX];	/* the last relay session's */
	char status_path[PATH_MAX];
	double status_at;		/* lttd_now() of its last write */
	const char *state;
	int timer_fd;
	/* a rotation or clear through the relay (doc/relay.md) */
	bool rot_active, rot_clear;
	uint64_t rot_from;		/* the relay chunk it leaves */
	int rot_error;			/* -errno: the relay's part failed */
	char archive[LTTD_RELAY_REPLY_PATH_MAX];	/* the last archived */
	char refused[512];		/* why the last one did not go */
};

/* relay-out.c; o->lock held */
void relay_out_status_write(struct lttd *d, struct lttd_relay_out *o);
void relay_out_lost(struct lttd *d, struct lttd_relay_out *o);
void relay_out_sent(struct relay_stream *rs, const uint8_t *p);
void relay_out_retry(struct lttd *d, struct lttd_relay_out *o);

/* relay-window.c; o->lock held (at the start, before any loop: none) */
unsigned int relay_win_total(const struct lttd_relay_out *o);
unsigned int relay_win_half(const struct relay_stream *rs);
int relay_win_push(struct relay_stream *rs, const uint8_t *p, size_t len);
int relay_win_wait(struct lttd_relay_out *o, struct relay_stream *rs,
		   unsigned int k);
int relay_win_resend(struct lttd_relay_out *o, struct relay_stream *rs);
unsigned int relay_win_cap(const struct lttd_stream *s);
void relay_win_ask(struct lttd *d, struct lttd_relay_out *o,
		   struct relay_stream *rs);
void relay_win_tick(struct lttd *d, struct lttd_relay_out *o);

#endif /* _LTTD_RELAY_OUT_INTERNAL_H */
