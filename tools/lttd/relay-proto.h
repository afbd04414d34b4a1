/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The messages of LTTng's relay protocol that lttd sends to lttng-relayd,
 * and the replies it reads back (relay-proto.c). doc/relay.md describes
 * the protocol and why lttd speaks 2.11. Every message is packed here byte
 * by byte, big-endian, whatever the host; every reply comes from the
 * network and is checked field by field before it is believed. Pure code,
 * no I/O, so that tests/unit checks it alone.
 */
#ifndef _LTTD_RELAY_PROTO_H
#define _LTTD_RELAY_PROTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct ltt_packet_header;

#define LTTD_RELAY_MAJOR		2
#define LTTD_RELAY_MINOR		11	/* what lttd asks for */
#define LTTD_RELAY_MINOR_CHUNKS		11	/* sessions in trace chunks */
#define LTTD_RELAY_MINOR_MIN		4	/* the least with live */

#define LTTD_RELAY_CTRL_PORT		5342
#define LTTD_RELAY_DATA_PORT		5343
#define LTTD_RELAY_LIVE_PORT		5344
#define LTTD_RELAY_LIVE_US		1000000	/* LTTng's default period */

enum lttd_relay_cmd {
	LTTD_RELAY_ADD_STREAM		= 1,
	LTTD_RELAY_CREATE_SESSION	= 2,
	LTTD_RELAY_VERSION		= 5,
	LTTD_RELAY_SEND_METADATA	= 6,
	LTTD_RELAY_CLOSE_STREAM		= 7,
	LTTD_RELAY_DATA_PENDING		= 8,
	LTTD_RELAY_QUIESCENT_CONTROL	= 9,
	LTTD_RELAY_BEGIN_DATA_PENDING	= 10,
	LTTD_RELAY_END_DATA_PENDING	= 11,
	LTTD_RELAY_SEND_INDEX		= 13,
	LTTD_RELAY_STREAMS_SENT		= 16,
	LTTD_RELAY_RESET_METADATA	= 17,
	LTTD_RELAY_ROTATE_STREAMS	= 18,	/* 2.11 */
	LTTD_RELAY_CREATE_TRACE_CHUNK	= 19,	/* 2.11 */
	LTTD_RELAY_CLOSE_TRACE_CHUNK	= 20,	/* 2.11 */
	LTTD_RELAY_GET_CONFIGURATION	= 22,	/* 2.12 */
};

/* What the relay does with a chunk once closed (CLOSE_TRACE_CHUNK). */
enum lttd_relay_chunk_cmd {
	LTTD_RELAY_CHUNK_KEEP		= -1,	/* no command: stays in place */
	LTTD_RELAY_CHUNK_ARCHIVE	= 0,	/* into <session>/archives/ */
	LTTD_RELAY_CHUNK_NOOP		= 1,
	LTTD_RELAY_CHUNK_DELETE		= 2,	/* a clear: its files go */
};
#define LTTD_RELAY_MINOR_CONFIG		12	/* GET_CONFIGURATION exists */
/* GET_CONFIGURATION's answer: the relay lets sessions be cleared */
#define LTTD_RELAY_CONFIG_CLEAR		(1ULL << 0)

/* LTTng's error codes, as the relay puts them in ret_code: 10 is
 * success, 11 up to LTTng 2.13's last code an error. */
#define LTTD_RELAY_RET_OK		10
#define LTTD_RELAY_RET_UNK		11
#define LTTD_RELAY_RET_FATAL		25
#define LTTD_RELAY_RET_LAST		170

/* Sizes on the wire (doc/relay.md has every offset). */
#define LTTD_RELAY_HDR_LEN		24
#define LTTD_RELAY_DATA_HDR_LEN		32
#define LTTD_RELAY_VERSION_LEN		8
#define LTTD_RELAY_SESSION_NAME_LEN	255
#define LTTD_RELAY_HOSTNAME_LEN		64
#define LTTD_RELAY_SESSION_LEN		(LTTD_RELAY_SESSION_NAME_LEN + \
					 LTTD_RELAY_HOSTNAME_LEN + 4 + 4)
#define LTTD_RELAY_CHANNEL_LEN		264
#define LTTD_RELAY_PATHNAME_LEN		4096
/* The relay refuses a path this long, whatever the field's size. */
#define LTTD_RELAY_PATH_MAX		255
#define LTTD_RELAY_STREAM_LEN		(LTTD_RELAY_CHANNEL_LEN + \
					 LTTD_RELAY_PATHNAME_LEN + 8 + 8)
#define LTTD_RELAY_METADATA_HDR_LEN	12
/* 2.11: fixed parts, before their names */
#define LTTD_RELAY_SESSION_2_11_LEN	59
#define LTTD_RELAY_HOSTNAME_2_11_LEN	256	/* with its NUL */
#define LTTD_RELAY_STREAM_2_11_LEN	32
#define LTTD_RELAY_CHUNK_LEN		20
#define LTTD_RELAY_ROTATE_LEN		13
#define LTTD_RELAY_ROTATE_POS_LEN	16
#define LTTD_RELAY_CLOSE_CHUNK_LEN	21
#define LTTD_RELAY_CONFIG_LEN		8	/* u64 query_flags: 0 */
/* The longest path a 2.11 reply may carry (LTTng's PATH_MAX). */
#define LTTD_RELAY_REPLY_PATH_MAX	4096
#define LTTD_RELAY_INDEX_LEN_2_4	64
#define LTTD_RELAY_INDEX_LEN_2_8	80
/* The relay drops a control connection announcing more. */
#define LTTD_RELAY_CTRL_PAYLOAD_MAX	(128ULL << 20)

/* Replies: every one has a fixed size at 2.4-2.10. */
#define LTTD_RELAY_REPLY_VERSION_LEN	8
#define LTTD_RELAY_REPLY_ID_LEN		12	/* u64 id, u32 ret_code */
#define LTTD_RELAY_REPLY_CODE_LEN	4
/* 2.11, each followed by a path of the length it gives */
#define LTTD_RELAY_REPLY_SESSION_2_11_LEN 16	/* id, code, path length */
#define LTTD_RELAY_REPLY_CLOSE_CHUNK_LEN 8	/* code, path length */
#define LTTD_RELAY_REPLY_CONFIG_LEN	12	/* code, u64 flags */

/* The biggest control message lttd builds: ADD_STREAM. */
#define LTTD_RELAY_MSG_MAX		(LTTD_RELAY_HDR_LEN + \
					 LTTD_RELAY_STREAM_LEN)

/* A control message: header and fixed payload, ready to send. */
struct lttd_relay_msg {
	size_t len;
	uint8_t buf[LTTD_RELAY_MSG_MAX];
};

struct lttd_relay_session_args {
	const char *name;	/* 1..254 bytes, path-safe */
	const char *hostname;	/* 1..63 bytes (2.11: 255), path-safe */
	uint32_t live_us;	/* 0: not live */
	bool snapshot;		/* the relay then keeps no index */
	/*
	 * 2.11: who the session is to the relay, which keys its trace
	 * chunks by (uuid, id): unique per session. The uuid is not nil.
	 */
	const uint8_t *uuid;	/* 16 bytes */
	uint64_t id;
	uint64_t creation_time;	/* s since the epoch: the directory's date */
};

/* One packet's index, host order; packet_size == 0 makes a beacon. */
struct lttd_relay_index {
	uint64_t relay_stream_id;
	uint64_t net_seq_num;
	uint64_t packet_size;		/* bits */
	uint64_t content_size;		/* bits */
	uint64_t timestamp_begin;
	uint64_t timestamp_end;
	uint64_t events_discarded;
	uint64_t stream_id;		/* CTF stream class */
	uint64_t stream_instance_id;	/* sent from 2.8 */
	uint64_t packet_seq_num;	/* sent from 2.8 */
};

/*
 * Encoders: fill m with one whole control message. 0, or -EINVAL (a
 * name the relay would refuse, an unsupported minor), -ENAMETOOLONG,
 * -EMSGSIZE.
 */
int lttd_relay_enc_version(struct lttd_relay_msg *m, uint32_t major,
			   uint32_t minor);
int lttd_relay_enc_create_session_2_4(struct lttd_relay_msg *m,
				  const struct lttd_relay_session_args *a);
int lttd_relay_enc_add_stream_2_2(struct lttd_relay_msg *m, const char *channel,
			      const char *path, uint64_t tracefile_size,
			      uint64_t tracefile_count);
/*
 * 2.11: a session named by its args, its trace chunks, streams that
 * belong to one (path relative to the chunk), a rotation of streams to
 * another chunk or to none (stream_count positions follow the message,
 * each from lttd_relay_enc_rotate_pos()), and a chunk's close.
 */
int lttd_relay_enc_create_session_2_11(struct lttd_relay_msg *m,
				       const struct lttd_relay_session_args *a);
int lttd_relay_enc_create_chunk(struct lttd_relay_msg *m, uint64_t chunk_id,
				uint64_t creation_time, const char *name);
int lttd_relay_enc_add_stream_2_11(struct lttd_relay_msg *m,
				   const char *channel, const char *path,
				   uint64_t tracefile_size,
				   uint64_t tracefile_count, uint64_t chunk_id);
int lttd_relay_enc_rotate_streams(struct lttd_relay_msg *m,
				  const uint64_t *new_chunk_id,
				  uint32_t stream_count);
void lttd_relay_enc_rotate_pos(uint8_t buf[LTTD_RELAY_ROTATE_POS_LEN],
			       uint64_t stream_id, uint64_t rotate_at_seq_num);
int lttd_relay_enc_close_chunk(struct lttd_relay_msg *m, uint64_t chunk_id,
			       uint64_t close_time);
/* The same with what the relay is to do with it (-EINVAL: not a command) */
int lttd_relay_enc_close_chunk_cmd(struct lttd_relay_msg *m,
				   uint64_t chunk_id, uint64_t close_time,
				   enum lttd_relay_chunk_cmd cmd);
/* 2.12: what the relay allows (no query flag is defined) */
int lttd_relay_enc_get_config(struct lttd_relay_msg *m);
int lttd_relay_enc_streams_sent(struct lttd_relay_msg *m);
/* The header and the 12 bytes before the text, whose len bytes follow. */
int lttd_relay_enc_metadata(struct lttd_relay_msg *m, uint64_t stream_id,
			    uint64_t len, uint32_t padding);
int lttd_relay_enc_index(struct lttd_relay_msg *m, uint32_t minor,
			 const struct lttd_relay_index *ix);
int lttd_relay_enc_beacon(struct lttd_relay_msg *m, uint32_t minor,
			  uint64_t relay_stream_id, uint64_t last_net_seq_num,
			  uint64_t stream_id, uint64_t timestamp_end);
int lttd_relay_enc_close_stream(struct lttd_relay_msg *m, uint64_t stream_id,
				uint64_t last_net_seq_num);
int lttd_relay_enc_data_pending(struct lttd_relay_msg *m, uint64_t stream_id,
				uint64_t last_net_seq_num);
int lttd_relay_enc_quiescent(struct lttd_relay_msg *m, uint64_t stream_id);
int lttd_relay_enc_begin_pending(struct lttd_relay_msg *m,
				 uint64_t session_id);
int lttd_relay_enc_end_pending(struct lttd_relay_msg *m, uint64_t session_id);
int lttd_relay_enc_reset_metadata(struct lttd_relay_msg *m,
				  uint64_t stream_id, uint64_t version);

/* The data connection's header before data_size bytes of a packet. */
void lttd_relay_enc_data_hdr(uint8_t buf[LTTD_RELAY_DATA_HDR_LEN],
			     uint64_t stream_id, uint64_t net_seq_num,
			     uint32_t data_size, uint32_t padding);

/* The index length at a negotiated minor: 64 or 80 bytes. */
size_t lttd_relay_index_len(uint32_t minor);

/* "sent no packet": the last net_seq_num of an empty or metadata stream */
#define LTTD_RELAY_NO_SEQ		UINT64_MAX

/*
 * A packet as ltt's kernel wrote it (host order): its index, and what to
 * send of it (content bytes) and what the relay pads with (the rest of
 * packet_size). 0, or -EINVAL for sizes that make no packet.
 */
int lttd_relay_packet(const struct ltt_packet_header *h,
		      uint64_t relay_stream_id, uint64_t net_seq_num,
		      struct lttd_relay_index *ix, uint32_t *data_size,
		      uint32_t *padding);

/*
 * The size of the reply to cmd at minor (its fixed part when a path
 * follows), 0 when it has none; -EINVAL if unknown.
 */
int lttd_relay_reply_len(enum lttd_relay_cmd cmd, uint32_t minor);

/*
 * Decoders of the relay's replies: buf holds exactly len bytes from the
 * network. 0 and the value, or:
 *   -EBADMSG		wrong length, or a value the relay never sends
 *   -EPROTONOSUPPORT	a relay version lttd cannot speak
 *   -EREMOTEIO		the relay's own "failed" (LTTng's error code)
 */
int lttd_relay_dec_version(const void *buf, size_t len, uint32_t *minor,
			   uint32_t *relay_major, uint32_t *relay_minor);
int lttd_relay_dec_session(const void *buf, size_t len, uint64_t *session_id);
int lttd_relay_dec_stream(const void *buf, size_t len, uint64_t *stream_id);
int lttd_relay_dec_code(const void *buf, size_t len);
/* DATA_PENDING and END_DATA_PENDING: *pending is 0 or 1. */
int lttd_relay_dec_pending(const void *buf, size_t len, bool *pending);
/* 2.11: the fixed parts, giving the length of the path that follows */
int lttd_relay_dec_session_2_11(const void *buf, size_t len,
				uint64_t *session_id, uint32_t *path_len);
int lttd_relay_dec_close_chunk(const void *buf, size_t len,
			       uint32_t *path_len);
/* GET_CONFIGURATION: the relay's flags (bits lttd does not know kept) */
int lttd_relay_dec_config(const void *buf, size_t len, uint64_t *flags);
/* Such a path: len bytes, its NUL the last and only one. */
int lttd_relay_dec_path(const void *buf, size_t len);

#endif /* _LTTD_RELAY_PROTO_H */
