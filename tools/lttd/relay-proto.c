// SPDX-License-Identifier: GPL-2.0-only
/*
 * The relay protocol's messages and replies (relay-proto.h). Nothing here
 * lays a C struct over the wire: each field is written and read at its
 * offset, big-endian, so that the layout is the same on every host and a
 * reply of the wrong size is never read past its end.
 */
#include <errno.h>
#include <string.h>
#include <ltt/abi.h>
#include "relay-proto.h"

static void put_be32(uint8_t *p, uint32_t v)
{
	p[0] = v >> 24;
	p[1] = v >> 16;
	p[2] = v >> 8;
	p[3] = v;
}

static void put_be64(uint8_t *p, uint64_t v)
{
	put_be32(p, v >> 32);
	put_be32(p + 4, (uint32_t)v);
}

static uint32_t get_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static uint64_t get_be64(const uint8_t *p)
{
	return (uint64_t)get_be32(p) << 32 | get_be32(p + 4);
}

/*
 * The header for a payload of size bytes, of which paylen follow it in
 * m (the rest, metadata text, is sent apart). The payload is zeroed:
 * fixed string fields go NUL-filled, as the relay copies them whole.
 */
static uint8_t *start(struct lttd_relay_msg *m, enum lttd_relay_cmd cmd,
		      uint64_t size, size_t paylen)
{
	memset(m->buf, 0, LTTD_RELAY_HDR_LEN + paylen);
	put_be64(m->buf, 0);			/* circuit_id: unused */
	put_be64(m->buf + 8, size);
	put_be32(m->buf + 16, cmd);
	put_be32(m->buf + 20, 0);		/* cmd_version: unused */
	m->len = LTTD_RELAY_HDR_LEN + paylen;
	return m->buf + LTTD_RELAY_HDR_LEN;
}

int lttd_relay_enc_version(struct lttd_relay_msg *m, uint32_t major,
			   uint32_t minor)
{
	uint8_t *p = start(m, LTTD_RELAY_VERSION, LTTD_RELAY_VERSION_LEN,
			   LTTD_RELAY_VERSION_LEN);

	put_be32(p, major);
	put_be32(p + 4, minor);
	return 0;
}

/*
 * The relay's rule for a name that becomes a directory: not empty, no
 * '/', no leading '.'. Refused here, with a reason, rather than by a
 * relay that answers only "fatal".
 */
static int check_name(const char *s, size_t field)
{
	size_t n;

	if (!s || !*s || *s == '.' || strchr(s, '/'))
		return -EINVAL;
	n = strlen(s);
	if (n >= field)
		return -ENAMETOOLONG;
	return 0;
}

/*
 * A stream's directory, relative to the relay's output: components that
 * are neither empty, "." nor "..", so that it stays below that output
 * whatever the relay checks (it looks for "../" only).
 */
static int check_path(const char *path)
{
	const char *c, *e;
	size_t n;

	if (!path || !*path)
		return -EINVAL;
	if (strlen(path) >= LTTD_RELAY_PATH_MAX)
		return -ENAMETOOLONG;
	for (c = path; ; c = e + 1) {
		e = c + strcspn(c, "/");
		n = e - c;
		if (!n || (n == 1 && c[0] == '.') ||
		    (n == 2 && c[0] == '.' && c[1] == '.'))
			return -EINVAL;
		if (!*e)
			return 0;
	}
}

int lttd_relay_enc_create_session_2_4(struct lttd_relay_msg *m,
				  const struct lttd_relay_session_args *a)
{
	uint8_t *p;
	int ret;

	ret = check_name(a->name, LTTD_RELAY_SESSION_NAME_LEN);
	if (!ret)
		ret = check_name(a->hostname, LTTD_RELAY_HOSTNAME_LEN);
	if (ret)
		return ret;
	p = start(m, LTTD_RELAY_CREATE_SESSION, LTTD_RELAY_SESSION_LEN,
		  LTTD_RELAY_SESSION_LEN);
	memcpy(p, a->name, strlen(a->name));
	p += LTTD_RELAY_SESSION_NAME_LEN;
	memcpy(p, a->hostname, strlen(a->hostname));
	p += LTTD_RELAY_HOSTNAME_LEN;
	put_be32(p, a->live_us);
	put_be32(p + 4, a->snapshot);
	return 0;
}

int lttd_relay_enc_add_stream_2_2(struct lttd_relay_msg *m, const char *channel,
			      const char *path, uint64_t tracefile_size,
			      uint64_t tracefile_count)
{
	uint8_t *p;
	int ret;

	ret = check_name(channel, LTTD_RELAY_CHANNEL_LEN);
	if (ret)
		return ret;
	ret = check_path(path);
	if (ret)
		return ret;
	/* The relay cannot cycle through zero files of a limited size. */
	if (tracefile_size && !tracefile_count)
		return -EINVAL;
	p = start(m, LTTD_RELAY_ADD_STREAM, LTTD_RELAY_STREAM_LEN,
		  LTTD_RELAY_STREAM_LEN);
	memcpy(p, channel, strlen(channel));
	p += LTTD_RELAY_CHANNEL_LEN;
	memcpy(p, path, strlen(path));
	p += LTTD_RELAY_PATHNAME_LEN;
	put_be64(p, tracefile_size);
	put_be64(p + 8, tracefile_count);
	return 0;
}

static bool uuid_nil(const uint8_t *u)
{
	unsigned int i;

	for (i = 0; i < 16; i++)
		if (u[i])
			return false;
	return true;
}

/* Names after a 2.11 fixed part, each with its NUL. */
static void put_names(uint8_t *p, const char *a, const char *b)
{
	size_t n = strlen(a) + 1;

	memcpy(p, a, n);
	memcpy(p + n, b, strlen(b) + 1);
}

int lttd_relay_enc_create_session_2_11(struct lttd_relay_msg *m,
				       const struct lttd_relay_session_args *a)
{
	size_t nl, hl;
	uint8_t *p;
	int ret;

	ret = check_name(a->name, LTTD_RELAY_SESSION_NAME_LEN);
	if (!ret)
		ret = check_name(a->hostname, LTTD_RELAY_HOSTNAME_2_11_LEN);
	if (ret)
		return ret;
	/* A nil uuid is how the relay tells a peer older than 2.11. */
	if (!a->uuid || uuid_nil(a->uuid))
		return -EINVAL;
	nl = strlen(a->name) + 1;
	hl = strlen(a->hostname) + 1;
	p = start(m, LTTD_RELAY_CREATE_SESSION,
		  LTTD_RELAY_SESSION_2_11_LEN + nl + hl,
		  LTTD_RELAY_SESSION_2_11_LEN + nl + hl);
	put_be32(p, nl);
	put_be32(p + 4, hl);
	put_be32(p + 8, 0);		/* no base path: <session>-<date> */
	put_be32(p + 12, a->live_us);
	p[16] = a->snapshot;
	p[17] = 0;			/* the name holds no date */
	memcpy(p + 18, a->uuid, 16);
	put_be64(p + 34, a->id);
	put_be64(p + 42, a->creation_time);
	p[50] = 0;			/* no current chunk yet */
	put_be64(p + 51, 0);
	put_names(p + LTTD_RELAY_SESSION_2_11_LEN, a->name, a->hostname);
	return 0;
}

int lttd_relay_enc_create_chunk(struct lttd_relay_msg *m, uint64_t chunk_id,
				uint64_t creation_time, const char *name)
{
	size_t n = 0;
	uint8_t *p;
	int ret;

	if (name) {
		ret = check_name(name, LTTD_RELAY_SESSION_NAME_LEN);
		if (ret)
			return ret;
		n = strlen(name) + 1;
	}
	p = start(m, LTTD_RELAY_CREATE_TRACE_CHUNK, LTTD_RELAY_CHUNK_LEN + n,
		  LTTD_RELAY_CHUNK_LEN + n);
	put_be64(p, chunk_id);
	put_be64(p + 8, creation_time);
	put_be32(p + 16, n);
	if (name)
		memcpy(p + LTTD_RELAY_CHUNK_LEN, name, n);
	return 0;
}

int lttd_relay_enc_add_stream_2_11(struct lttd_relay_msg *m,
				   const char *channel, const char *path,
				   uint64_t tracefile_size,
				   uint64_t tracefile_count, uint64_t chunk_id)
{
	size_t cl, pl;
	uint8_t *p;
	int ret;

	ret = check_name(channel, LTTD_RELAY_CHANNEL_LEN);
	if (!ret)
		ret = check_path(path);
	if (ret)
		return ret;
	if (tracefile_size && !tracefile_count)
		return -EINVAL;
	cl = strlen(channel) + 1;
	pl = strlen(path) + 1;
	p = start(m, LTTD_RELAY_ADD_STREAM, LTTD_RELAY_STREAM_2_11_LEN + cl + pl,
		  LTTD_RELAY_STREAM_2_11_LEN + cl + pl);
	put_be32(p, cl);
	put_be32(p + 4, pl);
	put_be64(p + 8, tracefile_size);
	put_be64(p + 16, tracefile_count);
	put_be64(p + 24, chunk_id);
	put_names(p + LTTD_RELAY_STREAM_2_11_LEN, channel, path);
	return 0;
}

/*
 * The optional chunk id is packed (a byte, then the u64): the relay also
 * takes two padded forms that some LTTng releases sent, told apart by the
 * payload's size, which is why the positions' count must be exact.
 */
int lttd_relay_enc_rotate_streams(struct lttd_relay_msg *m,
				  const uint64_t *new_chunk_id,
				  uint32_t stream_count)
{
	uint64_t size = LTTD_RELAY_ROTATE_LEN +
			(uint64_t)LTTD_RELAY_ROTATE_POS_LEN * stream_count;
	uint8_t *p;

	if (!stream_count || size > LTTD_RELAY_CTRL_PAYLOAD_MAX)
		return -EINVAL;
	p = start(m, LTTD_RELAY_ROTATE_STREAMS, size, LTTD_RELAY_ROTATE_LEN);
	put_be32(p, stream_count);
	p[4] = !!new_chunk_id;
	put_be64(p + 5, new_chunk_id ? *new_chunk_id : 0);
	return 0;
}

void lttd_relay_enc_rotate_pos(uint8_t buf[LTTD_RELAY_ROTATE_POS_LEN],
			       uint64_t stream_id, uint64_t rotate_at_seq_num)
{
	put_be64(buf, stream_id);
	put_be64(buf + 8, rotate_at_seq_num);
}

int lttd_relay_enc_close_chunk_cmd(struct lttd_relay_msg *m,
				   uint64_t chunk_id, uint64_t close_time,
				   enum lttd_relay_chunk_cmd cmd)
{
	uint8_t *p;

	if (cmd != LTTD_RELAY_CHUNK_KEEP && cmd != LTTD_RELAY_CHUNK_ARCHIVE &&
	    cmd != LTTD_RELAY_CHUNK_NOOP && cmd != LTTD_RELAY_CHUNK_DELETE)
		return -EINVAL;
	p = start(m, LTTD_RELAY_CLOSE_TRACE_CHUNK, LTTD_RELAY_CLOSE_CHUNK_LEN,
		  LTTD_RELAY_CLOSE_CHUNK_LEN);
	put_be64(p, chunk_id);
	put_be64(p + 8, close_time);
	p[16] = cmd != LTTD_RELAY_CHUNK_KEEP;
	put_be32(p + 17, cmd == LTTD_RELAY_CHUNK_KEEP ? 0 : (uint32_t)cmd);
	return 0;
}

int lttd_relay_enc_close_chunk(struct lttd_relay_msg *m, uint64_t chunk_id,
			       uint64_t close_time)
{
	return lttd_relay_enc_close_chunk_cmd(m, chunk_id, close_time,
					      LTTD_RELAY_CHUNK_KEEP);
}

int lttd_relay_enc_get_config(struct lttd_relay_msg *m)
{
	uint8_t *p = start(m, LTTD_RELAY_GET_CONFIGURATION,
			   LTTD_RELAY_CONFIG_LEN, LTTD_RELAY_CONFIG_LEN);

	put_be64(p, 0);
	return 0;
}

int lttd_relay_enc_streams_sent(struct lttd_relay_msg *m)
{
	start(m, LTTD_RELAY_STREAMS_SENT, 0, 0);
	return 0;
}

int lttd_relay_enc_metadata(struct lttd_relay_msg *m, uint64_t stream_id,
			    uint64_t len, uint32_t padding)
{
	uint8_t *p;

	if (len > LTTD_RELAY_CTRL_PAYLOAD_MAX - LTTD_RELAY_METADATA_HDR_LEN)
		return -EMSGSIZE;
	p = start(m, LTTD_RELAY_SEND_METADATA,
		  LTTD_RELAY_METADATA_HDR_LEN + len,
		  LTTD_RELAY_METADATA_HDR_LEN);
	put_be64(p, stream_id);
	put_be32(p + 8, padding);
	return 0;
}

size_t lttd_relay_index_len(uint32_t minor)
{
	return minor >= 8 ? LTTD_RELAY_INDEX_LEN_2_8 : LTTD_RELAY_INDEX_LEN_2_4;
}

int lttd_relay_enc_index(struct lttd_relay_msg *m, uint32_t minor,
			 const struct lttd_relay_index *ix)
{
	size_t len = lttd_relay_index_len(minor);
	uint8_t *p;

	if (minor < LTTD_RELAY_MINOR_MIN || minor > LTTD_RELAY_MINOR)
		return -EINVAL;
	p = start(m, LTTD_RELAY_SEND_INDEX, len, len);
	put_be64(p, ix->relay_stream_id);
	put_be64(p + 8, ix->net_seq_num);
	put_be64(p + 16, ix->packet_size);
	put_be64(p + 24, ix->content_size);
	put_be64(p + 32, ix->timestamp_begin);
	put_be64(p + 40, ix->timestamp_end);
	put_be64(p + 48, ix->events_discarded);
	put_be64(p + 56, ix->stream_id);
	if (len == LTTD_RELAY_INDEX_LEN_2_8) {
		put_be64(p + 64, ix->stream_instance_id);
		put_be64(p + 72, ix->packet_seq_num);
	}
	return 0;
}

/* What LTTng's consumer sends for an idle stream: see doc/relay.md, Live. */
int lttd_relay_enc_beacon(struct lttd_relay_msg *m, uint32_t minor,
			  uint64_t relay_stream_id, uint64_t last_net_seq_num,
			  uint64_t stream_id, uint64_t timestamp_end)
{
	struct lttd_relay_index ix = {
		.relay_stream_id = relay_stream_id,
		.net_seq_num = last_net_seq_num,
		.stream_id = stream_id,
		.timestamp_end = timestamp_end,
	};

	return lttd_relay_enc_index(m, minor, &ix);
}

/* The commands whose payload is one or two u64. */
static int enc_u64s(struct lttd_relay_msg *m, enum lttd_relay_cmd cmd,
		    uint64_t a, uint64_t b, unsigned int n)
{
	uint8_t *p = start(m, cmd, 8 * n, 8 * n);

	put_be64(p, a);
	if (n == 2)
		put_be64(p + 8, b);
	return 0;
}

int lttd_relay_enc_close_stream(struct lttd_relay_msg *m, uint64_t stream_id,
				uint64_t last_net_seq_num)
{
	return enc_u64s(m, LTTD_RELAY_CLOSE_STREAM, stream_id,
			last_net_seq_num, 2);
}

int lttd_relay_enc_data_pending(struct lttd_relay_msg *m, uint64_t stream_id,
				uint64_t last_net_seq_num)
{
	return enc_u64s(m, LTTD_RELAY_DATA_PENDING, stream_id,
			last_net_seq_num, 2);
}

int lttd_relay_enc_quiescent(struct lttd_relay_msg *m, uint64_t stream_id)
{
	return enc_u64s(m, LTTD_RELAY_QUIESCENT_CONTROL, stream_id, 0, 1);
}

int lttd_relay_enc_begin_pending(struct lttd_relay_msg *m,
				 uint64_t session_id)
{
	return enc_u64s(m, LTTD_RELAY_BEGIN_DATA_PENDING, session_id, 0, 1);
}

int lttd_relay_enc_end_pending(struct lttd_relay_msg *m, uint64_t session_id)
{
	return enc_u64s(m, LTTD_RELAY_END_DATA_PENDING, session_id, 0, 1);
}

int lttd_relay_enc_reset_metadata(struct lttd_relay_msg *m,
				  uint64_t stream_id, uint64_t version)
{
	return enc_u64s(m, LTTD_RELAY_RESET_METADATA, stream_id, version, 2);
}

void lttd_relay_enc_data_hdr(uint8_t buf[LTTD_RELAY_DATA_HDR_LEN],
			     uint64_t stream_id, uint64_t net_seq_num,
			     uint32_t data_size, uint32_t padding)
{
	put_be64(buf, 0);			/* circuit_id: unused */
	put_be64(buf + 8, stream_id);
	put_be64(buf + 16, net_seq_num);
	put_be32(buf + 24, data_size);
	put_be32(buf + 28, padding);
}

int lttd_relay_packet(const struct ltt_packet_header *h,
		      uint64_t relay_stream_id, uint64_t net_seq_num,
		      struct lttd_relay_index *ix, uint32_t *data_size,
		      uint32_t *padding)
{
	uint64_t content = h->content_size, size = h->packet_size;

	/* Whole bytes, the header inside, and sizes a u32 carries. */
	if (content % 8 || size % 8 || content > size ||
	    content < 8 * LTT_PACKET_HEADER_LEN || size / 8 > UINT32_MAX)
		return -EINVAL;
	*data_size = content / 8;
	*padding = (size - content) / 8;
	*ix = (struct lttd_relay_index) {
		.relay_stream_id = relay_stream_id,
		.net_seq_num = net_seq_num,
		.packet_size = size,
		.content_size = content,
		.timestamp_begin = h->timestamp_begin,
		.timestamp_end = h->timestamp_end,
		.events_discarded = h->events_discarded,
		.stream_id = h->stream_id,
		.stream_instance_id = h->stream_instance_id,
		.packet_seq_num = h->packet_seq_num,
	};
	return 0;
}

int lttd_relay_reply_len(enum lttd_relay_cmd cmd, uint32_t minor)
{
	switch (cmd) {
	case LTTD_RELAY_VERSION:
		return LTTD_RELAY_REPLY_VERSION_LEN;
	case LTTD_RELAY_CREATE_SESSION:
		return minor >= LTTD_RELAY_MINOR_CHUNKS ?
		       LTTD_RELAY_REPLY_SESSION_2_11_LEN : LTTD_RELAY_REPLY_ID_LEN;
	case LTTD_RELAY_ADD_STREAM:
		return LTTD_RELAY_REPLY_ID_LEN;
	case LTTD_RELAY_CLOSE_TRACE_CHUNK:
		return LTTD_RELAY_REPLY_CLOSE_CHUNK_LEN;
	case LTTD_RELAY_GET_CONFIGURATION:
		return LTTD_RELAY_REPLY_CONFIG_LEN;
	case LTTD_RELAY_SEND_METADATA:
		return 0;
	case LTTD_RELAY_CLOSE_STREAM:
	case LTTD_RELAY_DATA_PENDING:
	case LTTD_RELAY_QUIESCENT_CONTROL:
	case LTTD_RELAY_BEGIN_DATA_PENDING:
	case LTTD_RELAY_END_DATA_PENDING:
	case LTTD_RELAY_SEND_INDEX:
	case LTTD_RELAY_STREAMS_SENT:
	case LTTD_RELAY_RESET_METADATA:
	case LTTD_RELAY_ROTATE_STREAMS:
	case LTTD_RELAY_CREATE_TRACE_CHUNK:
		return LTTD_RELAY_REPLY_CODE_LEN;
	}
	return -EINVAL;
}

/* ret_code: success, the relay's refusal, or something it never sends. */
static int ret_code(uint32_t code)
{
	if (code == LTTD_RELAY_RET_OK)
		return 0;
	if (code > LTTD_RELAY_RET_OK && code <= LTTD_RELAY_RET_LAST)
		return -EREMOTEIO;
	return -EBADMSG;
}

int lttd_relay_dec_version(const void *buf, size_t len, uint32_t *minor,
			   uint32_t *relay_major, uint32_t *relay_minor)
{
	const uint8_t *p = buf;

	if (len != LTTD_RELAY_REPLY_VERSION_LEN)
		return -EBADMSG;
	*relay_major = get_be32(p);
	*relay_minor = get_be32(p + 4);
	/* Both sides then use the lower minor; the major must match. */
	if (*relay_major != LTTD_RELAY_MAJOR ||
	    *relay_minor < LTTD_RELAY_MINOR_MIN)
		return -EPROTONOSUPPORT;
	*minor = *relay_minor < LTTD_RELAY_MINOR ? *relay_minor :
		 LTTD_RELAY_MINOR;
	return 0;
}

/*
 * An id and its ret_code. The relay numbers sessions and streams from 1
 * and answers a failure with no id (0 or all ones): an id there with a
 * success is not from a relay.
 */
static int dec_id(const void *buf, size_t len, uint64_t *id)
{
	const uint8_t *p = buf;
	uint64_t v;
	int ret;

	if (len != LTTD_RELAY_REPLY_ID_LEN)
		return -EBADMSG;
	v = get_be64(p);
	ret = ret_code(get_be32(p + 8));
	if (ret)
		return ret;
	if (v == 0 || v == UINT64_MAX)
		return -EBADMSG;
	*id = v;
	return 0;
}

int lttd_relay_dec_session(const void *buf, size_t len, uint64_t *session_id)
{
	return dec_id(buf, len, session_id);
}

int lttd_relay_dec_stream(const void *buf, size_t len, uint64_t *stream_id)
{
	return dec_id(buf, len, stream_id);
}

int lttd_relay_dec_code(const void *buf, size_t len)
{
	if (len != LTTD_RELAY_REPLY_CODE_LEN)
		return -EBADMSG;
	return ret_code(get_be32(buf));
}

int lttd_relay_dec_pending(const void *buf, size_t len, bool *pending)
{
	uint32_t v;

	if (len != LTTD_RELAY_REPLY_CODE_LEN)
		return -EBADMSG;
	v = get_be32(buf);
	if (v > 1)
		/* -1: the relay knows no such stream */
		return v == UINT32_MAX ? -EREMOTEIO : -EBADMSG;
	*pending = v;
	return 0;
}

int lttd_relay_dec_session_2_11(const void *buf, size_t len,
				uint64_t *session_id, uint32_t *path_len)
{
	const uint8_t *p = buf;
	uint32_t n;
	int ret;

	if (len != LTTD_RELAY_REPLY_SESSION_2_11_LEN)
		return -EBADMSG;
	ret = dec_id(buf, LTTD_RELAY_REPLY_ID_LEN, session_id);
	n = get_be32(p + 12);
	if (n > LTTD_RELAY_REPLY_PATH_MAX)
		return -EBADMSG;
	/* A session's path, with its NUL; a failure has none. */
	if (!ret && !n)
		return -EBADMSG;
	*path_len = n;
	return ret;
}

int lttd_relay_dec_close_chunk(const void *buf, size_t len,
			       uint32_t *path_len)
{
	const uint8_t *p = buf;
	uint32_t n;
	int ret;

	if (len != LTTD_RELAY_REPLY_CLOSE_CHUNK_LEN)
		return -EBADMSG;
	ret = ret_code(get_be32(p));
	n = get_be32(p + 4);
	if (n > LTTD_RELAY_REPLY_PATH_MAX || (!ret && !n))
		return -EBADMSG;
	*path_len = n;
	return ret;
}

int lttd_relay_dec_config(const void *buf, size_t len, uint64_t *flags)
{
	const uint8_t *p = buf;
	int ret;

	if (len != LTTD_RELAY_REPLY_CONFIG_LEN)
		return -EBADMSG;
	ret = ret_code(get_be32(p));
	if (!ret)
		*flags = get_be64(p + 4);
	return ret;
}

int lttd_relay_dec_path(const void *buf, size_t len)
{
	const uint8_t *p = buf;

	if (!len || len > LTTD_RELAY_REPLY_PATH_MAX || p[len - 1] ||
	    memchr(p, 0, len - 1))
		return -EBADMSG;
	return 0;
}
