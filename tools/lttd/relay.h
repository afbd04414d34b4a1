/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lttd's connection to lttng-relayd (relay.c): the control and data
 * sockets of one session, blocking calls that each give up after the
 * connection's timeout, so that a relay that stops answering never hangs
 * lttd. The messages are relay-proto.h's; doc/relay.md says what they
 * carry. One thread uses a connection at a time.
 */
#ifndef _LTTD_RELAY_H
#define _LTTD_RELAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "relay-proto.h"
#include "relay-url.h"

struct lttd_relay {
	int ctrl;		/* sockets, -1 when closed */
	int data;
	int timeout_ms;		/* per call: connect, one message, a reply */
	uint32_t minor;		/* the version both sides speak */
	uint32_t relay_minor;	/* the relay's own */
	uint64_t session_id;	/* the relay's, after create_session */
	uint64_t chunk_id;	/* 2.11: the session's current trace chunk */
	bool chunk_open;
	bool rotated;		/* a chunk went to archives/: the end's too */
	/* a snapshot session: the relay keeps no index of it, so none is
	 * sent (as LTTng's consumer sends none for a snapshot record) */
	bool snapshot;
	/* when the current and the one before were made: their names */
	uint64_t chunk_created, prev_created;
	/* Where the last chunk closed went, under the relay's output. */
	char chunk_path[LTTD_RELAY_REPLY_PATH_MAX];
	/* The session's directory under the relay's output, without /. */
	char session_dir[LTTD_RELAY_REPLY_PATH_MAX];
	char where[300];	/* "HOST:CTRL_PORT", for messages */
	char err[512];		/* what the last failure was */
};

/*
 * Connect both sockets and agree on the version: lttd asks for minor
 * (0: LTTD_RELAY_MINOR), the relay may answer less. 0, or -errno with
 * r->err saying what failed, naming the relay. r is ready for
 * lttd_relay_close() either way.
 */
int lttd_relay_connect(struct lttd_relay *r, const struct lttd_relay_url *u,
		       uint32_t minor, int timeout_ms);
void lttd_relay_close(struct lttd_relay *r);

/*
 * The session, stored by the relay as <hostname>/<name>-<date>-<time>
 * (r->session_dir; the date is creation_time's, local time). From 2.11,
 * with its first trace chunk.
 */
int lttd_relay_create_session(struct lttd_relay *r,
			      const struct lttd_relay_session_args *a);
/* A stream whose files go to dir of the session ("kernel"). */
int lttd_relay_add_stream(struct lttd_relay *r, const char *channel,
			  const char *dir, uint64_t tracefile_size,
			  uint64_t tracefile_count, uint64_t *stream_id);
int lttd_relay_streams_sent(struct lttd_relay *r);
int lttd_relay_send_metadata(struct lttd_relay *r, uint64_t stream_id,
			     const void *text, size_t len);

/*
 * One packet of a data stream (ltt's header at its start, avail bytes
 * readable): its content on the data socket with net_seq_num, then its
 * index on the control socket (but in a snapshot session).
 */
int lttd_relay_send_packet(struct lttd_relay *r, uint64_t stream_id,
			   uint64_t net_seq_num, const void *packet,
			   size_t avail);
int lttd_relay_send_beacon(struct lttd_relay *r, uint64_t stream_id,
			   uint64_t last_net_seq_num, uint64_t ctf_stream_id,
			   uint64_t timestamp);
int lttd_relay_close_stream(struct lttd_relay *r, uint64_t stream_id,
			    uint64_t last_net_seq_num);

/* One stream for the data-pending check and the session's end. */
struct lttd_relay_pending {
	uint64_t stream_id;
	uint64_t last_net_seq_num;	/* LTTD_RELAY_NO_SEQ: none sent */
	bool metadata;
	/*
	 * The packet_seq_num after its last packet's: where it leaves the
	 * chunk. 0: last_net_seq_num + 1, the same for a stream that sent
	 * every packet from packet_seq_num 0 (and 0 for one that sent none).
	 * Exact, or the relay moves it too early and its last packets go
	 * to no chunk.
	 */
	uint64_t rotate_at;
};

/*
 * After the last packet: from 2.11, the streams rotate to no chunk and
 * the chunk closes, as LTTng ends a session, which lets a live viewer
 * read to the end after the streams close (doc/relay.md); into archives/
 * like the others once a chunk was archived. Nothing to do below 2.11.
 * 0 or -errno.
 */
int lttd_relay_end_chunk(struct lttd_relay *r,
			 const struct lttd_relay_pending *s, unsigned int n);

/*
 * Has the relay written everything of these streams (the session's all)?
 * 0 with *pending, or -errno.
 */
int lttd_relay_data_pending(struct lttd_relay *r,
			    const struct lttd_relay_pending *s, unsigned int n,
			    bool *pending);

/*
 * Mid-session, which streams has the relay written up to their
 * last_net_seq_num, data and index (BEGIN_DATA_PENDING, a DATA_PENDING
 * each, END_DATA_PENDING, as LTTng asks): each[i] for s[i]. END's
 * answer is read, not used: the session's other streams are open, for
 * which the relay answers 1. 0 or -errno.
 */
int lttd_relay_streams_pending(struct lttd_relay *r,
			       const struct lttd_relay_pending *s,
			       unsigned int n, bool *each);

/*
 * Rotation and clear (2.11, doc/relay.md): the next chunk, streams that
 * move to it (chunk NULL: to none) at a packet_seq_num each, the old
 * chunk's close with what the relay does with it (r->chunk_path: where
 * it went, under the relay's output directory). What the relay allows, from 2.12 (-EPROTONOSUPPORT before).
 */
int lttd_relay_create_chunk(struct lttd_relay *r, uint64_t chunk_id,
			    uint64_t when);
struct lttd_relay_rot_pos {
	uint64_t stream_id;
	uint64_t rotate_at;	/* the first packet_seq_num of the new chunk */
};
int lttd_relay_rotate_streams(struct lttd_relay *r, const uint64_t *chunk_id,
			      const struct lttd_relay_rot_pos *p, unsigned int n);
int lttd_relay_close_chunk(struct lttd_relay *r, uint64_t chunk_id,
			   enum lttd_relay_chunk_cmd cmd);
int lttd_relay_get_config(struct lttd_relay *r, uint64_t *flags);

#endif /* _LTTD_RELAY_H */
