// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd's relay protocol messages (tools/lttd/relay-proto.c): every field
 * of every message at the offset doc/relay.md gives, read back here with
 * this file's own big-endian readers, each field holding a value no other
 * field holds, so that a field moved, resized or swapped fails; and the
 * reply decoders fed every truncation and a fixed-seed fuzz of corrupted
 * replies, checked against a model of what the relay can send, each reply
 * in a heap block of its exact size (the ASan build catches a read past
 * it).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <ltt/abi.h>
#include "tap.h"
#include "relay-proto.h"
#include "relay.h"

static uint64_t be(const uint8_t *p, unsigned int n)
{
	uint64_t v = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		v = v << 8 | p[i];
	return v;
}

#define BE32(m, off)	be((m)->buf + (off), 4)
#define BE64(m, off)	be((m)->buf + (off), 8)

/* The header; payload offsets below are from the message's start. */
static void check_hdr(const struct lttd_relay_msg *m, const char *what,
		      uint32_t cmd, uint64_t size, size_t len)
{
	ok(m->len == len, "%s: %zu bytes (%zu)", what, len, m->len);
	ok(BE64(m, 0) == 0, "%s: circuit_id 0 at 0", what);
	ok(BE64(m, 8) == size, "%s: data_size %llu at 8", what,
	   (unsigned long long)size);
	ok(BE32(m, 16) == cmd, "%s: cmd %u at 16", what, cmd);
	ok(BE32(m, 20) == 0, "%s: cmd_version 0 at 20", what);
}

/* A fixed string field: the text, then NUL up to its end. */
static int field_is(const struct lttd_relay_msg *m, size_t off, size_t size,
		    const char *s)
{
	size_t n = strlen(s), i;

	if (memcmp(m->buf + off, s, n))
		return 0;
	for (i = n; i < size; i++)
		if (m->buf[off + i])
			return 0;
	return 1;
}

/* The control header's length, from LTTng's packed struct: 8+8+4+4. */
#define H	24

static void test_version(void)
{
	struct lttd_relay_msg m;

	ok(!lttd_relay_enc_version(&m, 2, 8), "version encoded");
	check_hdr(&m, "VERSION", 5, 8, H + 8);
	ok(BE32(&m, H) == 2, "VERSION: major at payload+0");
	ok(BE32(&m, H + 4) == 8, "VERSION: minor at payload+4");
}

static void test_session(void)
{
	struct lttd_relay_session_args a = {
		.name = "s1", .hostname = "box", .live_us = 0x01020304,
		.snapshot = true,
	};
	char name[300], host[100];
	struct lttd_relay_msg m;

	ok(!lttd_relay_enc_create_session_2_4(&m, &a), "create session encoded");
	check_hdr(&m, "CREATE_SESSION", 2, 327, H + 327);
	ok(field_is(&m, H, 255, "s1"), "session_name at payload+0, 255 bytes");
	ok(field_is(&m, H + 255, 64, "box"), "hostname at payload+255, 64 bytes");
	ok(BE32(&m, H + 319) == 0x01020304, "live_timer at payload+319");
	ok(BE32(&m, H + 323) == 1, "snapshot at payload+323");

	a.snapshot = false;
	a.live_us = LTTD_RELAY_LIVE_US;
	ok(!lttd_relay_enc_create_session_2_4(&m, &a) &&
	   BE32(&m, H + 323) == 0 && BE32(&m, H + 319) == 1000000,
	   "live, not snapshot");

	memset(name, 'n', 254);
	name[254] = 0;
	memset(host, 'h', 63);
	host[63] = 0;
	a.name = name;
	a.hostname = host;
	ok(!lttd_relay_enc_create_session_2_4(&m, &a) &&
	   field_is(&m, H, 255, name) && field_is(&m, H + 255, 64, host),
	   "the longest names the relay takes: 254 and 63 bytes");
	name[254] = 'n';
	name[255] = 0;
	ok(lttd_relay_enc_create_session_2_4(&m, &a) == -ENAMETOOLONG,
	   "a 255-byte session name is refused");
	name[254] = 0;
	host[63] = 'h';
	host[64] = 0;
	ok(lttd_relay_enc_create_session_2_4(&m, &a) == -ENAMETOOLONG,
	   "a 64-byte hostname is refused");
	a.hostname = "box";
	a.name = "";
	ok(lttd_relay_enc_create_session_2_4(&m, &a) == -EINVAL,
	   "an empty session name is refused");
	a.name = "a/b";
	ok(lttd_relay_enc_create_session_2_4(&m, &a) == -EINVAL,
	   "a session name with '/' is refused");
	a.name = ".hidden";
	ok(lttd_relay_enc_create_session_2_4(&m, &a) == -EINVAL,
	   "a session name starting with '.' is refused");
	a.name = "s";
	a.hostname = "";
	ok(lttd_relay_enc_create_session_2_4(&m, &a) == -EINVAL,
	   "an empty hostname is refused");
}

static void test_stream(void)
{
	const char *path = "box/s1-20261128-074400/kernel";
	struct lttd_relay_msg m;
	char longp[300];

	ok(!lttd_relay_enc_add_stream_2_2(&m, "chan_1", path,
				      0x1112131415161718ULL,
				      0x2122232425262728ULL),
	   "add stream encoded");
	check_hdr(&m, "ADD_STREAM", 1, 4376, H + 4376);
	ok(m.len == LTTD_RELAY_MSG_MAX, "ADD_STREAM is the biggest message");
	ok(field_is(&m, H, 264, "chan_1"), "channel_name at payload+0, 264 bytes");
	ok(field_is(&m, H + 264, 4096, path), "pathname at payload+264, 4096 bytes");
	ok(BE64(&m, H + 4360) == 0x1112131415161718ULL,
	   "tracefile_size at payload+4360");
	ok(BE64(&m, H + 4368) == 0x2122232425262728ULL,
	   "tracefile_count at payload+4368");

	memset(longp, 'p', 254);
	longp[254] = 0;
	ok(!lttd_relay_enc_add_stream_2_2(&m, "metadata", longp, 0, 0) &&
	   field_is(&m, H + 264, 4096, longp), "a 254-byte path");
	longp[254] = 'p';
	longp[255] = 0;
	ok(lttd_relay_enc_add_stream_2_2(&m, "metadata", longp, 0, 0) ==
	   -ENAMETOOLONG, "a 255-byte path is refused (the relay would)");
	ok(lttd_relay_enc_add_stream_2_2(&m, "c", "/abs/kernel", 0, 0) == -EINVAL,
	   "an absolute path is refused");
	ok(lttd_relay_enc_add_stream_2_2(&m, "c", "a/../../etc", 0, 0) == -EINVAL,
	   "a path with .. is refused");
	ok(lttd_relay_enc_add_stream_2_2(&m, "c", "a/..", 0, 0) == -EINVAL,
	   "a path ending in .. is refused");
	ok(lttd_relay_enc_add_stream_2_2(&m, "c", "a//b", 0, 0) == -EINVAL,
	   "an empty path component is refused");
	ok(lttd_relay_enc_add_stream_2_2(&m, "c", "a/./b", 0, 0) == -EINVAL,
	   "a . path component is refused");
	ok(lttd_relay_enc_add_stream_2_2(&m, "c", "", 0, 0) == -EINVAL,
	   "an empty path is refused");
	ok(lttd_relay_enc_add_stream_2_2(&m, "c/d", path, 0, 0) == -EINVAL,
	   "a channel name with '/' is refused");
	ok(lttd_relay_enc_add_stream_2_2(&m, "c", path, 4096, 0) == -EINVAL,
	   "a tracefile size without a count is refused");
}

static void test_small(void)
{
	struct lttd_relay_msg m;

	ok(!lttd_relay_enc_streams_sent(&m), "streams sent encoded");
	check_hdr(&m, "STREAMS_SENT", 16, 0, H);

	ok(!lttd_relay_enc_metadata(&m, 0x0102030405060708ULL, 1000, 0x0a0b0c0d),
	   "metadata encoded");
	check_hdr(&m, "SEND_METADATA", 6, 12 + 1000, H + 12);
	ok(BE64(&m, H) == 0x0102030405060708ULL, "metadata stream_id at payload+0");
	ok(BE32(&m, H + 8) == 0x0a0b0c0d, "metadata padding_size at payload+8");
	ok(lttd_relay_enc_metadata(&m, 1, (128 << 20) - 12, 0) == 0,
	   "metadata of the relay's largest payload");
	ok(lttd_relay_enc_metadata(&m, 1, (128 << 20) - 11, 0) == -EMSGSIZE,
	   "metadata one byte over it is refused");

	ok(!lttd_relay_enc_close_stream(&m, 0x0102030405060708ULL,
					0x1112131415161718ULL), "close encoded");
	check_hdr(&m, "CLOSE_STREAM", 7, 16, H + 16);
	ok(BE64(&m, H) == 0x0102030405060708ULL, "close: stream_id at payload+0");
	ok(BE64(&m, H + 8) == 0x1112131415161718ULL,
	   "close: last_net_seq_num at payload+8");

	ok(!lttd_relay_enc_data_pending(&m, 0x0102030405060708ULL,
					0x1112131415161718ULL), "pending encoded");
	check_hdr(&m, "DATA_PENDING", 8, 16, H + 16);
	ok(BE64(&m, H) == 0x0102030405060708ULL, "pending: stream_id at payload+0");
	ok(BE64(&m, H + 8) == 0x1112131415161718ULL,
	   "pending: last_net_seq_num at payload+8");

	ok(!lttd_relay_enc_quiescent(&m, 0x0102030405060708ULL),
	   "quiescent encoded");
	check_hdr(&m, "QUIESCENT_CONTROL", 9, 8, H + 8);
	ok(BE64(&m, H) == 0x0102030405060708ULL, "quiescent: stream_id at payload+0");

	ok(!lttd_relay_enc_begin_pending(&m, 0x2122232425262728ULL),
	   "begin pending encoded");
	check_hdr(&m, "BEGIN_DATA_PENDING", 10, 8, H + 8);
	ok(BE64(&m, H) == 0x2122232425262728ULL, "begin: session_id at payload+0");

	ok(!lttd_relay_enc_end_pending(&m, 0x2122232425262728ULL),
	   "end pending encoded");
	check_hdr(&m, "END_DATA_PENDING", 11, 8, H + 8);
	ok(BE64(&m, H) == 0x2122232425262728ULL, "end: session_id at payload+0");

	ok(!lttd_relay_enc_reset_metadata(&m, 0x0102030405060708ULL,
					  0x3132333435363738ULL),
	   "reset metadata encoded");
	check_hdr(&m, "RESET_METADATA", 17, 16, H + 16);
	ok(BE64(&m, H) == 0x0102030405060708ULL, "reset: stream_id at payload+0");
	ok(BE64(&m, H + 8) == 0x3132333435363738ULL, "reset: version at payload+8");
}

/* Index values: byte k of field f is 0x<f><k>, unique in the message. */
#define F(f)	(0x0001020304050607ULL + 0x1010101010101010ULL * (f))

static void test_index(void)
{
	struct lttd_relay_index ix = {
		F(0), F(1), F(2), F(3), F(4), F(5), F(6), F(7), F(8), F(9),
	};
	static const char *const names[] = {
		"relay_stream_id", "net_seq_num", "packet_size", "content_size",
		"timestamp_begin", "timestamp_end", "events_discarded",
		"stream_id", "stream_instance_id", "packet_seq_num",
	};
	struct lttd_relay_msg m;
	int f;

	ok(lttd_relay_index_len(8) == 80 && lttd_relay_index_len(13) == 80 &&
	   lttd_relay_index_len(4) == 64 && lttd_relay_index_len(7) == 64,
	   "index length: 80 from 2.8, 64 before");
	ok(!lttd_relay_enc_index(&m, 8, &ix), "index 2.8 encoded");
	check_hdr(&m, "SEND_INDEX 2.8", 13, 80, H + 80);
	for (f = 0; f < 10; f++)
		ok(BE64(&m, H + 8 * f) == F(f), "index 2.8: %s at payload+%d",
		   names[f], 8 * f);

	ok(!lttd_relay_enc_index(&m, 4, &ix), "index 2.4 encoded");
	check_hdr(&m, "SEND_INDEX 2.4", 13, 64, H + 64);
	for (f = 0; f < 8; f++)
		ok(BE64(&m, H + 8 * f) == F(f), "index 2.4: %s at payload+%d",
		   names[f], 8 * f);
	ok(lttd_relay_enc_index(&m, 3, &ix) == -EINVAL &&
	   lttd_relay_enc_index(&m, 12, &ix) == -EINVAL,
	   "an index for a minor lttd does not speak is refused");

	ok(!lttd_relay_enc_beacon(&m, 8, F(0), F(1), F(7), F(5)),
	   "beacon encoded");
	check_hdr(&m, "beacon", 13, 80, H + 80);
	ok(BE64(&m, H) == F(0) && BE64(&m, H + 8) == F(1) &&
	   BE64(&m, H + 40) == F(5) && BE64(&m, H + 56) == F(7),
	   "beacon: relay stream, net_seq_num, timestamp_end, stream_id");
	ok(BE64(&m, H + 16) == 0 && BE64(&m, H + 24) == 0 &&
	   BE64(&m, H + 32) == 0 && BE64(&m, H + 48) == 0 &&
	   BE64(&m, H + 64) == 0 && BE64(&m, H + 72) == 0,
	   "beacon: every other field 0 (packet_size 0 makes it one)");
}

static const uint8_t uuid[16] = {
	0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8,
	0xa9, 0xaa, 0xab, 0xac, 0xad, 0xae, 0xaf, 0xb0,
};

/* A NUL-terminated name at off of m: its bytes, then its NUL. */
static int name_at(const struct lttd_relay_msg *m, size_t off, const char *s)
{
	return !memcmp(m->buf + off, s, strlen(s) + 1);
}

static void test_2_11(void)
{
	struct lttd_relay_session_args a = {
		.name = "s1", .hostname = "box", .live_us = 0x01020304,
		.snapshot = true, .uuid = uuid, .id = F(1),
		.creation_time = F(2),
	};
	static const uint8_t nil[16];
	struct lttd_relay_msg m;
	uint8_t pos[16];
	uint64_t next = F(3);
	char host[300];

	ok(!lttd_relay_enc_create_session_2_11(&m, &a),
	   "create session 2.11 encoded");
	check_hdr(&m, "CREATE_SESSION 2.11", 2, 59 + 3 + 4, H + 59 + 3 + 4);
	ok(BE32(&m, H) == 3, "session_name_len (with NUL) at payload+0");
	ok(BE32(&m, H + 4) == 4, "hostname_len (with NUL) at payload+4");
	ok(BE32(&m, H + 8) == 0, "base_path_len 0 at payload+8");
	ok(BE32(&m, H + 12) == 0x01020304, "live_timer at payload+12");
	ok(m.buf[H + 16] == 1, "snapshot at payload+16");
	ok(m.buf[H + 17] == 0, "name_contains_creation_time 0 at payload+17");
	ok(!memcmp(m.buf + H + 18, uuid, 16), "sessiond_uuid at payload+18");
	ok(BE64(&m, H + 34) == F(1), "session_id at payload+34");
	ok(BE64(&m, H + 42) == F(2), "creation_time at payload+42");
	ok(m.buf[H + 50] == 0 && BE64(&m, H + 51) == 0,
	   "no current chunk (is_set, value) at payload+50");
	ok(name_at(&m, H + 59, "s1") && name_at(&m, H + 62, "box"),
	   "names at payload+59");
	memset(host, 'h', 255);
	host[255] = 0;
	a.hostname = host;
	ok(!lttd_relay_enc_create_session_2_11(&m, &a) &&
	   BE32(&m, H + 4) == 256, "a 255-byte hostname at 2.11");
	host[255] = 'h';
	host[256] = 0;
	ok(lttd_relay_enc_create_session_2_11(&m, &a) == -ENAMETOOLONG,
	   "a 256-byte hostname is refused");
	a.hostname = "box";
	a.uuid = nil;
	ok(lttd_relay_enc_create_session_2_11(&m, &a) == -EINVAL,
	   "a nil uuid is refused (the relay's mark of a pre-2.11 peer)");
	a.uuid = NULL;
	ok(lttd_relay_enc_create_session_2_11(&m, &a) == -EINVAL,
	   "no uuid is refused");

	ok(!lttd_relay_enc_create_chunk(&m, F(4), F(5), NULL),
	   "create chunk encoded");
	check_hdr(&m, "CREATE_TRACE_CHUNK", 19, 20, H + 20);
	ok(BE64(&m, H) == F(4), "chunk: chunk_id at payload+0");
	ok(BE64(&m, H + 8) == F(5), "chunk: creation_timestamp at payload+8");
	ok(BE32(&m, H + 16) == 0, "chunk: no override name at payload+16");
	ok(!lttd_relay_enc_create_chunk(&m, 1, 2, "c1") &&
	   BE32(&m, H + 16) == 3 && name_at(&m, H + 20, "c1") &&
	   BE64(&m, 8) == 23, "chunk: an override name at payload+20");

	ok(!lttd_relay_enc_add_stream_2_11(&m, "chan_1", "kernel", F(6), F(7),
					   F(8)), "add stream 2.11 encoded");
	check_hdr(&m, "ADD_STREAM 2.11", 1, 32 + 7 + 7, H + 32 + 7 + 7);
	ok(BE32(&m, H) == 7, "stream: channel_name_len at payload+0");
	ok(BE32(&m, H + 4) == 7, "stream: pathname_len at payload+4");
	ok(BE64(&m, H + 8) == F(6), "stream: tracefile_size at payload+8");
	ok(BE64(&m, H + 16) == F(7), "stream: tracefile_count at payload+16");
	ok(BE64(&m, H + 24) == F(8), "stream: trace_chunk_id at payload+24");
	ok(name_at(&m, H + 32, "chan_1") && name_at(&m, H + 39, "kernel"),
	   "stream: names at payload+32");
	ok(lttd_relay_enc_add_stream_2_11(&m, "c", "../k", 0, 0, 0) == -EINVAL,
	   "stream 2.11: a path with .. is refused");

	ok(!lttd_relay_enc_rotate_streams(&m, &next, 3), "rotate encoded");
	check_hdr(&m, "ROTATE_STREAMS", 18, 13 + 3 * 16, H + 13);
	ok(BE32(&m, H) == 3, "rotate: stream_count at payload+0");
	ok(m.buf[H + 4] == 1 && BE64(&m, H + 5) == F(3),
	   "rotate: new_chunk_id (is_set, value) packed at payload+4");
	ok(!lttd_relay_enc_rotate_streams(&m, NULL, 1) && m.buf[H + 4] == 0 &&
	   BE64(&m, H + 5) == 0 && BE64(&m, 8) == 29,
	   "rotate to no chunk");
	ok(lttd_relay_enc_rotate_streams(&m, NULL, 0) == -EINVAL,
	   "rotate no stream: refused");
	lttd_relay_enc_rotate_pos(pos, F(9), F(10));
	ok(be(pos, 8) == F(9) && be(pos + 8, 8) == F(10),
	   "rotate position: stream_id, rotate_at_seq_num");

	ok(!lttd_relay_enc_close_chunk(&m, F(11), F(12)), "close chunk encoded");
	check_hdr(&m, "CLOSE_TRACE_CHUNK", 20, 21, H + 21);
	ok(BE64(&m, H) == F(11), "close chunk: chunk_id at payload+0");
	ok(BE64(&m, H + 8) == F(12), "close chunk: close_timestamp at payload+8");
	ok(m.buf[H + 16] == 0 && BE32(&m, H + 17) == 0,
	   "close chunk: no close command at payload+16");
	/* LTTng's enum lttng_trace_chunk_command_type: 0 move, 2 delete */
	ok(!lttd_relay_enc_close_chunk_cmd(&m, F(11), F(12),
					   LTTD_RELAY_CHUNK_ARCHIVE),
	   "close chunk into archives encoded");
	check_hdr(&m, "CLOSE_TRACE_CHUNK archive", 20, 21, H + 21);
	ok(BE64(&m, H) == F(11) && BE64(&m, H + 8) == F(12) &&
	   m.buf[H + 16] == 1 && BE32(&m, H + 17) == 0,
	   "close chunk archive: is_set 1 at payload+16, 0 (move to completed) at +17");
	ok(!lttd_relay_enc_close_chunk_cmd(&m, F(11), F(12),
					   LTTD_RELAY_CHUNK_DELETE) &&
	   m.len == H + 21 && m.buf[H + 16] == 1 && BE32(&m, H + 17) == 2,
	   "close chunk delete: is_set 1, 2 (delete)");
	ok(lttd_relay_enc_close_chunk_cmd(&m, 1, 2, 3) == -EINVAL &&
	   lttd_relay_enc_close_chunk_cmd(&m, 1, 2, -2) == -EINVAL,
	   "close chunk: a command LTTng does not have is refused");

	ok(!lttd_relay_enc_get_config(&m), "get configuration encoded");
	check_hdr(&m, "GET_CONFIGURATION", 22, 8, H + 8);
	ok(BE64(&m, H) == 0, "get configuration: query_flags 0 at payload+0");
}

static void test_data_hdr(void)
{
	struct lttd_relay_msg m;

	lttd_relay_enc_data_hdr(m.buf, F(1), F(2), 0x41424344, 0x51525354);
	m.len = LTTD_RELAY_DATA_HDR_LEN;
	ok(BE64(&m, 0) == 0, "data header: circuit_id 0 at 0");
	ok(BE64(&m, 8) == F(1), "data header: stream_id at 8");
	ok(BE64(&m, 16) == F(2), "data header: net_seq_num at 16");
	ok(BE32(&m, 24) == 0x41424344, "data header: data_size at 24");
	ok(BE32(&m, 28) == 0x51525354, "data header: padding_size at 28");
}

static void test_packet(void)
{
	struct ltt_packet_header h = {
		.stream_id = 3, .stream_instance_id = 1,
		.timestamp_begin = 1000, .timestamp_end = 2000,
		.content_size = 8 * 1000, .packet_size = 8 * 4096,
		.packet_seq_num = 17, .events_discarded = 5, .cpu_id = 1,
	};
	struct lttd_relay_index ix;
	uint32_t data, pad;

	ok(!lttd_relay_packet(&h, 42, 7, &ix, &data, &pad) &&
	   data == 1000 && pad == 3096, "a packet: 1000 bytes sent, 3096 padded");
	ok(ix.relay_stream_id == 42 && ix.net_seq_num == 7 &&
	   ix.packet_size == 8 * 4096 && ix.content_size == 8000 &&
	   ix.timestamp_begin == 1000 && ix.timestamp_end == 2000 &&
	   ix.events_discarded == 5 && ix.stream_id == 3 &&
	   ix.stream_instance_id == 1 && ix.packet_seq_num == 17,
	   "its index from its header");
	h.content_size = 8 * 4096;
	ok(!lttd_relay_packet(&h, 42, 7, &ix, &data, &pad) && data == 4096 &&
	   !pad, "a full packet: no padding");
	h.content_size = 8 * 4097;
	ok(lttd_relay_packet(&h, 42, 7, &ix, &data, &pad) == -EINVAL,
	   "content past the packet is refused");
	h.content_size = 8 * 1000 + 3;
	ok(lttd_relay_packet(&h, 42, 7, &ix, &data, &pad) == -EINVAL,
	   "content in bits that are not whole bytes is refused");
	h.content_size = 8 * (LTT_PACKET_HEADER_LEN - 1);
	ok(lttd_relay_packet(&h, 42, 7, &ix, &data, &pad) == -EINVAL,
	   "content shorter than the header is refused");
	h.content_size = 8 * 1000;
	h.packet_size = 8 * (1ULL << 32);
	ok(lttd_relay_packet(&h, 42, 7, &ix, &data, &pad) == -EINVAL,
	   "a packet of 4 GiB is refused");
}

static void test_reply_len(void)
{
	ok(lttd_relay_reply_len(LTTD_RELAY_VERSION, 8) == 8 &&
	   lttd_relay_reply_len(LTTD_RELAY_CREATE_SESSION, 8) == 12 &&
	   lttd_relay_reply_len(LTTD_RELAY_ADD_STREAM, 8) == 12 &&
	   lttd_relay_reply_len(LTTD_RELAY_SEND_METADATA, 8) == 0 &&
	   lttd_relay_reply_len(LTTD_RELAY_SEND_INDEX, 8) == 4 &&
	   lttd_relay_reply_len(LTTD_RELAY_STREAMS_SENT, 8) == 4 &&
	   lttd_relay_reply_len(LTTD_RELAY_CLOSE_STREAM, 8) == 4 &&
	   lttd_relay_reply_len(LTTD_RELAY_DATA_PENDING, 8) == 4 &&
	   lttd_relay_reply_len(LTTD_RELAY_QUIESCENT_CONTROL, 8) == 4 &&
	   lttd_relay_reply_len(LTTD_RELAY_BEGIN_DATA_PENDING, 8) == 4 &&
	   lttd_relay_reply_len(LTTD_RELAY_END_DATA_PENDING, 8) == 4 &&
	   lttd_relay_reply_len(LTTD_RELAY_RESET_METADATA, 8) == 4,
	   "reply sizes");
	ok(lttd_relay_reply_len(LTTD_RELAY_CREATE_SESSION, 11) == 16 &&
	   lttd_relay_reply_len(LTTD_RELAY_CREATE_TRACE_CHUNK, 11) == 4 &&
	   lttd_relay_reply_len(LTTD_RELAY_ROTATE_STREAMS, 11) == 4 &&
	   lttd_relay_reply_len(LTTD_RELAY_CLOSE_TRACE_CHUNK, 11) == 8,
	   "reply sizes at 2.11 (before their paths)");
	ok(lttd_relay_reply_len(LTTD_RELAY_GET_CONFIGURATION, 11) == 12,
	   "GET_CONFIGURATION's reply: 12 bytes (u32 code, u64 flags)");
	ok(lttd_relay_reply_len(3, 8) == -EINVAL &&
	   lttd_relay_reply_len(21, 11) == -EINVAL,
	   "no reply size for a command lttd does not send");
}

/*
 * The decoders' model: what each must return for a reply of len bytes
 * holding b, derived from the relay's code rather than from relay-proto.c.
 */
enum dec {
	D_VERSION, D_SESSION, D_STREAM, D_CODE, D_PENDING,
	D_SESSION11, D_CLOSE, D_PATH, D_CONFIG, NR_DEC
};
static const char *const dec_names[] = {
	"version", "session", "stream", "code", "pending",
	"session 2.11", "close chunk", "path", "configuration",
};

struct dec_out {
	int ret;
	uint64_t v;	/* minor, id or pending */
	uint32_t n;	/* a path's length */
};

/* LTTng's error codes: 10 success, 11..170 errors, nothing else. */
static int code_ret(uint32_t c)
{
	return c == 10 ? 0 : c > 10 && c <= 170 ? -EREMOTEIO : -EBADMSG;
}

static struct dec_out model(enum dec d, const uint8_t *b, size_t len)
{
	struct dec_out o = { .ret = -EBADMSG };
	uint64_t v;
	uint32_t c, n;

	switch (d) {
	case D_VERSION:
		if (len != 8)
			break;
		if (be(b, 4) != 2 || be(b + 4, 4) < 4) {
			o.ret = -EPROTONOSUPPORT;
			break;
		}
		o.ret = 0;
		o.v = be(b + 4, 4) < 11 ? be(b + 4, 4) : 11;
		break;
	case D_SESSION:
	case D_STREAM:
	case D_SESSION11:
		if (len != (d == D_SESSION11 ? 16 : 12))
			break;
		v = be(b, 8);
		c = be(b + 8, 4);
		o.ret = code_ret(c);
		if (!o.ret && (!v || v == UINT64_MAX))
			o.ret = -EBADMSG;
		if (d == D_SESSION11) {
			n = be(b + 12, 4);
			if (n > 4096 || (!o.ret && !n))
				o.ret = -EBADMSG;
			if (!o.ret)
				o.n = n;
		}
		if (!o.ret)
			o.v = v;
		break;
	case D_CLOSE:
		if (len != 8)
			break;
		o.ret = code_ret(be(b, 4));
		n = be(b + 4, 4);
		if (n > 4096 || (!o.ret && !n))
			o.ret = -EBADMSG;
		if (!o.ret)
			o.n = n;
		break;
	case D_PATH:
		if (len && len <= 4096 && !b[len - 1] &&
		    strnlen((const char *)b, len) == len - 1)
			o.ret = 0;
		break;
	case D_CODE:
		if (len != 4)
			break;
		o.ret = code_ret(be(b, 4));
		break;
	case D_CONFIG:
		/* any flags: a newer relay may set bits lttd does not know */
		if (len != 12)
			break;
		o.ret = code_ret(be(b, 4));
		if (!o.ret)
			o.v = be(b + 4, 8);
		break;
	case D_PENDING:
		if (len != 4)
			break;
		c = be(b, 4);
		if (c <= 1)
			o = (struct dec_out){ .v = c };
		else if (c == UINT32_MAX)
			o.ret = -EREMOTEIO;
		break;
	default:
		break;
	}
	return o;
}

/* Run decoder d on a heap copy of exactly len bytes. */
static struct dec_out run(enum dec d, const uint8_t *b, size_t len)
{
	uint8_t *copy = malloc(len ? len : 1);
	struct dec_out o = { .ret = 0 };
	uint32_t minor = 0, rmaj, rmin, n = 0;
	uint64_t id = 0;
	bool pend = false;

	memcpy(copy, b, len);
	switch (d) {
	case D_VERSION:
		o.ret = lttd_relay_dec_version(copy, len, &minor, &rmaj, &rmin);
		o.v = o.ret ? 0 : minor;
		break;
	case D_SESSION:
		o.ret = lttd_relay_dec_session(copy, len, &id);
		o.v = o.ret ? 0 : id;
		break;
	case D_STREAM:
		o.ret = lttd_relay_dec_stream(copy, len, &id);
		o.v = o.ret ? 0 : id;
		break;
	case D_CODE:
		o.ret = lttd_relay_dec_code(copy, len);
		break;
	case D_PENDING:
		o.ret = lttd_relay_dec_pending(copy, len, &pend);
		o.v = o.ret ? 0 : pend;
		break;
	case D_SESSION11:
		o.ret = lttd_relay_dec_session_2_11(copy, len, &id, &n);
		o.v = o.ret ? 0 : id;
		o.n = o.ret ? 0 : n;
		break;
	case D_CLOSE:
		o.ret = lttd_relay_dec_close_chunk(copy, len, &n);
		o.n = o.ret ? 0 : n;
		break;
	case D_PATH:
		o.ret = lttd_relay_dec_path(copy, len);
		break;
	case D_CONFIG:
		o.ret = lttd_relay_dec_config(copy, len, &id);
		o.v = o.ret ? 0 : id;
		break;
	default:
		break;
	}
	free(copy);
	return o;
}

static int agrees(enum dec d, const uint8_t *b, size_t len)
{
	struct dec_out want = model(d, b, len), got = run(d, b, len);

	return want.ret == got.ret && want.v == got.v && want.n == got.n;
}

static void test_decode(void)
{
	static const uint8_t ver[] = { 0, 0, 0, 2, 0, 0, 0, 13 };
	static const uint8_t ver_old[] = { 0, 0, 0, 2, 0, 0, 0, 5 };
	static const uint8_t ver_3[] = { 0, 0, 0, 2, 0, 0, 0, 3 };
	static const uint8_t ver_maj[] = { 0, 0, 0, 3, 0, 0, 0, 13 };
	static const uint8_t sess[] = { 0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 10 };
	static const uint8_t sess_fail[] = { 0, 0, 0, 0, 0, 0, 0, 0,
					     0, 0, 0, 25 };
	static const uint8_t sess_zero[] = { 0, 0, 0, 0, 0, 0, 0, 0,
					     0, 0, 0, 10 };
	static const uint8_t strm_fail[] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
					     0xff, 0xff, 0, 0, 0, 11 };
	static const uint8_t strm_ones[] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
					     0xff, 0xff, 0, 0, 0, 10 };
	static const uint8_t code_ok[] = { 0, 0, 0, 10 };
	static const uint8_t code_unk[] = { 0, 0, 0, 11 };
	static const uint8_t code_odd[] = { 0, 0, 0, 171 };
	static const uint8_t code_9[] = { 0, 0, 0, 9 };
	static const uint8_t pend0[] = { 0, 0, 0, 0 };
	static const uint8_t pend1[] = { 0, 0, 0, 1 };
	static const uint8_t pend_err[] = { 0xff, 0xff, 0xff, 0xff };
	static const uint8_t pend2[] = { 0, 0, 0, 2 };
	uint32_t minor, rmaj, rmin;
	uint64_t id;
	bool pend;
	size_t n;
	int bad;

	ok(!lttd_relay_dec_version(ver, 8, &minor, &rmaj, &rmin) &&
	   minor == 11 && rmaj == 2 && rmin == 13,
	   "relay 2.13: lttd speaks 2.11");
	ok(!lttd_relay_dec_version(ver_old, 8, &minor, &rmaj, &rmin) &&
	   minor == 5, "relay 2.5: lttd speaks 2.5");
	ok(lttd_relay_dec_version(ver_3, 8, &minor, &rmaj, &rmin) ==
	   -EPROTONOSUPPORT && rmin == 3, "relay 2.3 (no live) is refused");
	ok(lttd_relay_dec_version(ver_maj, 8, &minor, &rmaj, &rmin) ==
	   -EPROTONOSUPPORT && rmaj == 3, "relay 3.x is refused");

	ok(!lttd_relay_dec_session(sess, 12, &id) && id == 0x102,
	   "session id 0x102");
	ok(lttd_relay_dec_session(sess_fail, 12, &id) == -EREMOTEIO,
	   "session refused by the relay (LTTNG_ERR_FATAL)");
	ok(lttd_relay_dec_session(sess_zero, 12, &id) == -EBADMSG,
	   "session id 0 with success: not from a relay");
	ok(lttd_relay_dec_stream(strm_ones, 12, &id) == -EBADMSG,
	   "stream id -1 with success: not from a relay");
	ok(!lttd_relay_dec_stream(sess, 12, &id) && id == 0x102,
	   "stream id 0x102");
	ok(lttd_relay_dec_stream(strm_fail, 12, &id) == -EREMOTEIO,
	   "stream refused (-1, LTTNG_ERR_UNK)");

	ok(!lttd_relay_dec_code(code_ok, 4), "LTTNG_OK");
	ok(lttd_relay_dec_code(code_unk, 4) == -EREMOTEIO, "LTTNG_ERR_UNK");
	ok(lttd_relay_dec_code(code_odd, 4) == -EBADMSG &&
	   lttd_relay_dec_code(code_9, 4) == -EBADMSG,
	   "codes past LTTng's last and below LTTNG_OK: never sent");
	ok(lttd_relay_dec_code((const uint8_t[]){ 0, 0, 0, 170 }, 4) ==
	   -EREMOTEIO, "LTTng's last error code");
	ok(!lttd_relay_dec_pending(pend1, 4, &pend) && pend, "pending 1");
	ok(!lttd_relay_dec_pending(pend0, 4, &pend) && !pend, "pending 0");
	ok(lttd_relay_dec_pending(pend_err, 4, &pend) == -EREMOTEIO,
	   "pending -1: unknown stream");
	ok(lttd_relay_dec_pending(pend2, 4, &pend) == -EBADMSG, "pending 2");

	{
		static const uint8_t s11[] = { 0, 0, 0, 0, 0, 0, 0, 1,
					       0, 0, 0, 10, 0, 0, 0, 21 };
		static const uint8_t c_ok[] = { 0, 0, 0, 10, 0, 0, 16, 0 };
		static const uint8_t c_big[] = { 0, 0, 16, 1, 0, 0, 16, 1 };
		char *big = malloc(4097);
		uint32_t n = 0;

		ok(!lttd_relay_dec_session_2_11(s11, 16, &id, &n) && id == 1 &&
		   n == 21, "session 2.11: id 1, a path of 21 bytes");
		ok(!lttd_relay_dec_close_chunk(c_ok, 8, &n) && n == 4096,
		   "close chunk: a path of 4096 bytes, the most");
		ok(lttd_relay_dec_close_chunk(c_big, 8, &n) == -EBADMSG,
		   "close chunk: a path of 4097 bytes is refused");
		ok(!lttd_relay_dec_path("box/s1-20261128-074400", 23),
		   "a path with its NUL");
		ok(lttd_relay_dec_path("box/s1", 6) == -EBADMSG,
		   "a path without its NUL");
		ok(lttd_relay_dec_path("box\0s1", 7) == -EBADMSG,
		   "a path with a NUL inside");
		memset(big, 'p', 4096);
		big[4095] = 0;
		ok(!lttd_relay_dec_path(big, 4096), "a 4096-byte path");
		big[4095] = 'p';
		big[4096] = 0;
		ok(lttd_relay_dec_path(big, 4097) == -EBADMSG,
		   "a 4097-byte path is refused");
		ok(lttd_relay_dec_path(big, 0) == -EBADMSG, "an empty path");
		free(big);
	}
	{
		static const uint8_t cf_clear[] = { 0, 0, 0, 10, 0, 0, 0, 0,
						    0, 0, 0, 1 };
		static const uint8_t cf_none[] = { 0, 0, 0, 10, 0, 0, 0, 0,
						   0, 0, 0, 0 };
		static const uint8_t cf_fail[] = { 0, 0, 0, 94, 0, 0, 0, 0,
						   0, 0, 0, 0 };
		uint64_t fl = 7;

		ok(!lttd_relay_dec_config(cf_clear, 12, &fl) &&
		   fl == LTTD_RELAY_CONFIG_CLEAR,
		   "configuration: clear allowed (bit 0 of the u64 at 4)");
		ok(!lttd_relay_dec_config(cf_none, 12, &fl) && fl == 0,
		   "configuration: clear not allowed");
		ok(lttd_relay_dec_config(cf_fail, 12, &fl) == -EREMOTEIO,
		   "configuration: the relay's refusal");
		bad = 0;
		for (n = 0; n < 12; n++)
			bad += run(D_CONFIG, cf_clear, n).ret != -EBADMSG;
		{
			uint8_t longer[13] = { 0, 0, 0, 10 };

			ok(!bad && run(D_CONFIG, longer, 13).ret == -EBADMSG,
			   "configuration reply: every truncation, one byte more: an error");
		}
	}

	/* Every truncation and one byte more: an error, never a read past. */
	bad = 0;
	for (n = 0; n < 8; n++)
		bad += run(D_VERSION, ver, n).ret != -EBADMSG;
	ok(!bad, "version reply: every truncation is an error");
	bad = 0;
	for (n = 0; n < 12; n++)
		bad += run(D_SESSION, sess, n).ret != -EBADMSG ||
		       run(D_STREAM, sess, n).ret != -EBADMSG;
	ok(!bad, "id replies: every truncation is an error");
	bad = 0;
	for (n = 0; n < 4; n++)
		bad += run(D_CODE, code_ok, n).ret != -EBADMSG ||
		       run(D_PENDING, pend1, n).ret != -EBADMSG;
	ok(!bad, "code replies: every truncation is an error");
	{
		uint8_t longer[16] = { 0, 0, 0, 10, 0, 0, 0, 10, 0, 0, 0, 10,
				       0, 0, 0, 10 };

		ok(run(D_CODE, longer, 5).ret == -EBADMSG &&
		   run(D_PENDING, longer, 5).ret == -EBADMSG &&
		   run(D_SESSION, longer, 13).ret == -EBADMSG &&
		   run(D_VERSION, longer, 9).ret == -EBADMSG,
		   "a reply longer than its size is an error");
	}
}

/* xorshift64: a fixed sequence, so that a failure reproduces. */
static uint64_t rnd_state = 0x9e3779b97f4a7c15ULL;

static uint64_t rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return rnd_state;
}

static void test_fuzz(void)
{
	/* Valid replies to corrupt, one per decoder. */
	static const uint8_t seeds[NR_DEC][16] = {
		[D_VERSION] = { 0, 0, 0, 2, 0, 0, 0, 13 },
		[D_SESSION] = { 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 10 },
		[D_STREAM] = { 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 10 },
		[D_CODE] = { 0, 0, 0, 10 },
		[D_PENDING] = { 0, 0, 0, 1 },
		[D_SESSION11] = { 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 10,
				  0, 0, 0, 9 },
		[D_CLOSE] = { 0, 0, 0, 10, 0, 0, 0, 6 },
		[D_PATH] = { 'b', 'o', 'x', '/', 's', '-', '1', 0 },
		[D_CONFIG] = { 0, 0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 1 },
	};
	static const size_t seed_len[NR_DEC] = { 8, 12, 12, 4, 4, 16, 8, 8, 12 };
	unsigned int d, i, k, errors[NR_DEC] = { 0 }, wrong[NR_DEC] = { 0 };
	uint8_t b[16];

	for (d = 0; d < NR_DEC; d++) {
		for (i = 0; i < 20000; i++) {
			size_t len = seed_len[d];

			memcpy(b, seeds[d], sizeof(seeds[d]));
			switch (rnd() % 4) {
			case 0:		/* flip 1..3 bits */
				for (k = rnd() % 3 + 1; k; k--)
					b[rnd() % len] ^= 1 << (rnd() % 8);
				break;
			case 1:		/* a byte set to an edge value */
				b[rnd() % len] = (const uint8_t[]){
					0, 1, 0x7f, 0x80, 0xff }[rnd() % 5];
				break;
			case 2:		/* truncated or grown */
				len = rnd() % (sizeof(b) + 1);
				for (k = seed_len[d]; k < len; k++)
					b[k] = rnd();
				break;
			default:	/* random bytes, random length */
				len = rnd() % (sizeof(b) + 1);
				for (k = 0; k < len; k++)
					b[k] = rnd();
				break;
			}
			if (!agrees(d, b, len))
				wrong[d]++;
			if (run(d, b, len).ret)
				errors[d]++;
		}
		ok(!wrong[d], "fuzz %s: 20000 corrupted replies, each decoded as "
		   "the relay's rules say (%u errors)", dec_names[d], errors[d]);
		ok(errors[d] > 1000, "fuzz %s: corruption is mostly caught "
		   "(%u of 20000)", dec_names[d], errors[d]);
	}
}

/*
 * What the relay allows is asked only of a relay that has the command
 * (2.12): an older one would take it for an unknown command and close.
 */
static void test_get_config_version(void)
{
	struct lttd_relay r;
	uint64_t flags = 0;

	memset(&r, 0, sizeof(r));
	r.ctrl = r.data = -1;
	r.timeout_ms = 100;
	snprintf(r.where, sizeof(r.where), "h:5342");
	r.relay_minor = 11;
	ok(lttd_relay_get_config(&r, &flags) == -EPROTONOSUPPORT &&
	   strstr(r.err, "protocol 2.11 has no GET_CONFIGURATION"),
	   "a 2.11 relay is not asked whether it allows a clear: %s", r.err);
	r.relay_minor = 12;
	ok(lttd_relay_get_config(&r, &flags) == -ENOTCONN,
	   "a 2.12 relay is asked (here: no connection)");
}

int main(void)
{
	test_version();
	test_session();
	test_stream();
	test_small();
	test_index();
	test_2_11();
	test_data_hdr();
	test_packet();
	test_reply_len();
	test_decode();
	test_fuzz();
	test_get_config_version();
	done_testing();
	return exit_status();
}
