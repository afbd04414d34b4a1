// SPDX-License-Identifier: GPL-2.0-only
/*
 * CTF metadata (src/metadata-tsdl.c) against real readers: describe a
 * trace with events of every field kind (and marker events made from a
 * parsed trace_mark() format), write records in the layout of
 * include/uapi/ltt/abi.h by hand (a compact-header stream with compact
 * and extended headers, two packets; a large-header stream with large
 * and extended headers), and check that babeltrace2 decodes every value,
 * the event names, and wall-clock times from the clock offset, and that
 * babeltrace 1.x decodes the same event list with the same timestamps.
 *
 * Both readers are installed by make deps (scripts/deps.sh); without
 * them the decoding checks fail.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <ltt/core.h>
#include <uapi/ltt/abi.h>
#include "tap.h"
#include "../../src/metadata-tsdl.h"
#include "../../src/marker-format.h"

#include "../../src/metadata-tsdl.c"
#include "../../src/marker-format.c"

/* ---- ltt_text for userspace ---------------------------------------- */
struct ltt_text {
	char *buf;
	size_t len, cap;
	int err;
};

void ltt_text_printf(struct ltt_text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (t->len + n + 1 > t->cap) {
		t->cap = (t->len + n + 1) * 2;
		t->buf = realloc(t->buf, t->cap);
		if (!t->buf)
			abort();
	}
	va_start(ap, fmt);
	vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
	va_end(ap);
	t->len += n;
}

/* ---- events ---------------------------------------------------------- */
static const struct ltt_enum_entry state_entries[] = {
	{ "running", 0, 0 }, { "sleeping", 1, 1 }, { "some \"odd\" range", 2, 9 },
};
static const struct ltt_enum_desc state_enum = {
	"state", state_entries, 3,
};

static const struct ltt_field_desc all_fields[] = {
	{ .name = "u8", .kind = LTT_FIELD_INTEGER, .size = 1, .base = 10 },
	{ .name = "s8", .kind = LTT_FIELD_INTEGER, .size = 1, .is_signed = 1, .base = 10 },
	{ .name = "u16", .kind = LTT_FIELD_INTEGER, .size = 2, .base = 10 },
	{ .name = "s16", .kind = LTT_FIELD_INTEGER, .size = 2, .is_signed = 1, .base = 10 },
	{ .name = "x32", .kind = LTT_FIELD_INTEGER, .size = 4, .base = 16 },
	{ .name = "s32", .kind = LTT_FIELD_INTEGER, .size = 4, .is_signed = 1, .base = 10 },
	{ .name = "u64", .kind = LTT_FIELD_INTEGER, .size = 8, .base = 10 },
	{ .name = "s64", .kind = LTT_FIELD_INTEGER, .size = 8, .is_signed = 1, .base = 10 },
	{ .name = "str", .kind = LTT_FIELD_STRING },
	{ .name = "arr", .kind = LTT_FIELD_ARRAY, .size = 4, .base = 10, .length = 3 },
	{ .name = "seq", .kind = LTT_FIELD_SEQUENCE, .size = 2, .is_signed = 1, .base = 10 },
	{ .name = "state", .kind = LTT_FIELD_ENUM, .size = 1, .base = 10, .enum_desc = &state_enum },
	/* a TSDL keyword as a field name: written as _string */
	{ .name = "string", .kind = LTT_FIELD_STRING },
};

static struct ltt_event_desc ev_all = {
	.name = "all_kinds", .fields = all_fields,
	.nr_fields = sizeof(all_fields) / sizeof(all_fields[0]),
};
static struct ltt_event_desc ev_empty = { .name = "no_fields" };

static const char mark_fmt[] =
	"a %d b %i c %u d %x e %hd f %hu g %hhd h %hhu i %ld j %lu k %lx "
	"l %lld m %llu n %llx o %c s %s p %p";
static struct ltt_marker_format mark;
static struct ltt_field_desc mark_fields[LTT_MARKER_MAX_FIELDS];
static struct ltt_event_desc ev_mark = { .name = "test_every_conversion" };

/* As src/source-marker.c builds a marker event's fields. */
static void make_marker_desc(void)
{
	char err[LTT_MARKER_ERR_MAX];
	unsigned int i;

	if (ltt_marker_parse_format(mark_fmt, &mark, err, sizeof(err)))
		abort();
	for (i = 0; i < mark.nr_fields; i++) {
		mark_fields[i].name = mark.fields[i].name;
		mark_fields[i].kind = mark.fields[i].arg == LTT_MARG_STRING ?
				      LTT_FIELD_STRING : LTT_FIELD_INTEGER;
		mark_fields[i].size = mark.fields[i].size;
		mark_fields[i].is_signed = mark.fields[i].is_signed;
		mark_fields[i].base = mark.fields[i].base;
	}
	ev_mark.fields = mark_fields;
	ev_mark.nr_fields = mark.nr_fields;
}

/* ---- records ------------------------------------------------------- */
#define SUBBUF	4096
static unsigned char pkt[SUBBUF];
static size_t pos;
static uint64_t last_ts;
static int large;		/* the stream being written: its header kind */

static void put(const void *p, size_t n)
{
	memcpy(pkt + pos, p, n);
	pos += n;
}
#define PUT(type, v) do { type __v = (v); put(&__v, sizeof(__v)); } while (0)

static void event_header_large(uint32_t id, uint64_t ts)
{
	if (id < LTT_EVENT_LARGE_ID_EXTENDED &&
	    (ts >> LTT_EVENT_LARGE_TS_BITS) == (last_ts >> LTT_EVENT_LARGE_TS_BITS)) {
		PUT(uint16_t, id);
		PUT(uint32_t, ts);
	} else {
		PUT(uint16_t, LTT_EVENT_LARGE_ID_EXTENDED);
		PUT(uint32_t, id);
		PUT(uint64_t, ts);
	}
	last_ts = ts;
}

static void event_header(uint32_t id, uint64_t ts)
{
	if (large) {
		event_header_large(id, ts);
		return;
	}
	if (id < LTT_EVENT_ID_EXTENDED &&
	    (ts >> LTT_EVENT_COMPACT_TS_BITS) == (last_ts >> LTT_EVENT_COMPACT_TS_BITS)) {
		PUT(uint32_t, id | (uint32_t)ts << LTT_EVENT_COMPACT_ID_BITS);
	} else {
		PUT(uint8_t, LTT_EVENT_ID_EXTENDED);
		PUT(uint32_t, id);
		PUT(uint64_t, ts);
	}
	last_ts = ts;
}

static void packet_begin(uint64_t seq, uint64_t ts)
{
	memset(pkt, 0, sizeof(pkt));
	pos = sizeof(struct ltt_packet_header);
	last_ts = ts;
	(void)seq;
}

static void packet_end(FILE *f, const uint8_t *uuid, uint64_t seq,
		       uint64_t ts_begin, uint64_t ts_end)
{
	struct ltt_packet_header h = {
		.magic = LTT_PACKET_MAGIC,
		.stream_id = large,
		.stream_instance_id = 0,
		.timestamp_begin = ts_begin,
		.timestamp_end = ts_end,
		.content_size = pos * 8,
		.packet_size = SUBBUF * 8,
		.packet_seq_num = seq,
		.events_discarded = 0,
		.cpu_id = 0,
	};

	memcpy(h.uuid, uuid, 16);
	memcpy(pkt, &h, sizeof(h));
	fwrite(pkt, 1, SUBBUF, f);
}

static void write_all_kinds(void)
{
	PUT(uint8_t, 200);
	PUT(int8_t, -100);
	PUT(uint16_t, 60000);
	PUT(int16_t, -30000);
	PUT(uint32_t, 0xdeadbeef);
	PUT(int32_t, -2000000000);
	PUT(uint64_t, 18446744073709551615ULL);
	PUT(int64_t, -9000000000000000000LL);
	put("hello world", 12);
	PUT(uint32_t, 1); PUT(uint32_t, 2); PUT(uint32_t, 4000000000u);
	PUT(uint32_t, 3); PUT(int16_t, -1); PUT(int16_t, 0); PUT(int16_t, 7);
	PUT(uint8_t, 5);
	put("", 1);
}

static void write_marker(void)
{
	PUT(int32_t, -42);
	PUT(int32_t, 42);
	PUT(uint32_t, 4294967295u);
	PUT(uint32_t, 0xabcdef);
	PUT(int16_t, -32768);
	PUT(uint16_t, 65535);
	PUT(int8_t, -128);
	PUT(uint8_t, 255);
	PUT(int64_t, -1234567890123LL);
	PUT(uint64_t, 1234567890123ULL);
	PUT(uint64_t, 0xfeedfacecafeULL);
	PUT(int64_t, -9223372036854775807LL - 1);
	PUT(uint64_t, 18446744073709551615ULL);
	PUT(uint64_t, 0x0123456789abcdefULL);
	PUT(uint8_t, 'A');
	put("(null)", 7);
	PUT(uint64_t, 0xffff888012345678ULL);
}

static const uint8_t uuid[16] = {
	0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0,
	0x0f, 0xed, 0xcb, 0xa9, 0x87, 0x65, 0x43, 0x21,
};
/* the boot id, the clock's uuid */
static const uint8_t boot_id[16] = {
	0xb0, 0x07, 0x1d, 0x00, 0x11, 0x22, 0x43, 0x33,
	0x84, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa,
};
/* 2023-11-14T22:13:20Z at trace clock 0, plus 123456789 ns */
#define OFFSET_NS	1700000000123456789LL

static int run(const char *cmd, char **out)
{
	FILE *p = popen(cmd, "r");
	size_t cap = 1 << 16, len = 0, n;

	*out = calloc(1, cap);
	if (!p)
		return -1;
	while ((n = fread(*out + len, 1, cap - len - 1, p)) > 0) {
		len += n;
		if (len + 1 == cap) {
			cap *= 2;
			*out = realloc(*out, cap);
		}
	}
	(*out)[len] = '\0';
	return pclose(p);
}

static int contains(const char *hay, const char *needle, const char *what)
{
	int r = strstr(hay, needle) != NULL;

	ok(r, "%s", what);
	if (!r)
		diag("missing: %s", needle);
	return r;
}

/*
 * The event list as "[seconds.ns] name" lines, from babeltrace 1.x or 2:
 * both print "[time] host name: ..." with these options.
 */
#define EVENT_LIST " --clock-seconds --no-delta %s 2>&1 | awk '{ print $1, $3 }'"

static void write_compact_stream(const char *dir)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/chan_0", dir);
	f = fopen(path, "w");
	large = 0;
	packet_begin(0, 1000);
	event_header(0, 1000);
	write_all_kinds();
	event_header(1, 2000);			/* compact, no payload */
	event_header(40, 3000);			/* extended by id */
	write_marker();
	event_header(1, 3000 + (1ULL << 28));	/* extended by time */
	event_header(1, 3001 + (1ULL << 28));
	packet_end(f, uuid, 0, 1000, 3001 + (1ULL << 28));
	packet_begin(1, 5000000000ULL);
	event_header(1, 5000000000ULL);
	packet_end(f, uuid, 1, 5000000000ULL, 5000000000ULL);
	fclose(f);
}

/* Stream 1, large headers; times apart from stream 0's. */
#define L0	1500ULL
static void write_large_stream(const char *dir)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/chan_1", dir);
	f = fopen(path, "w");
	large = 1;
	packet_begin(0, L0);
	event_header(1, L0);			/* first: extended */
	event_header(1, L0 + 1);		/* large, 6 bytes */
	event_header(40, L0 + 2);		/* large: id 40 fits */
	write_marker();
	event_header(70000, L0 + 3);		/* extended by id */
	write_all_kinds();
	event_header(1, L0 + (1ULL << 32) + 7);	/* extended by time */
	event_header(1, L0 + (1ULL << 32) + 8);	/* large again */
	packet_end(f, uuid, 0, L0, L0 + (1ULL << 32) + 8);
	fclose(f);
	large = 0;
}

/*
 * Another trace of the same boot in @dir (another session: another trace
 * uuid, its own clock offset measurement), one event at 2500 ns; with
 * @clock_uuid NULL its clock has no uuid.
 */
static void write_other_trace(const char *dir, const uint8_t *clock_uuid)
{
	static const uint8_t uuid2[16] = { 0x22, 0x22, 0x22, 0x22, 0x22, 0x22,
		0x42, 0x22, 0x82, 0x22, 0x22, 0x22, 0x22, 0x22, 0x22, 0x22 };
	struct ltt_tsdl_env env = {
		.uuid = uuid2, .clock_offset_ns = OFFSET_NS + 3,
		.clock_uuid = clock_uuid,
		.hostname = "test\"host", .sysname = "Linux",
		.release = "6.1.0-test", .version = "#1", .tracer_version = "0.1.0",
	};
	struct ltt_text t = { 0 };
	char path[256];
	FILE *f;

	ltt_tsdl_header(&t, &env);
	ltt_tsdl_env(&t, &env);
	ok(!strstr(t.buf, "ltt_filters") && !strstr(t.buf, "ltt_trackers"),
	   "env: no ltt_filters nor ltt_trackers when the session has none");
	ltt_tsdl_stream(&t, 0, false, NULL, 0);
	ltt_tsdl_event(&t, &ev_empty, 1, 0);
	snprintf(path, sizeof(path), "%s/metadata", dir);
	f = fopen(path, "w");
	fwrite(t.buf, 1, t.len, f);
	fclose(f);
	free(t.buf);
	snprintf(path, sizeof(path), "%s/kernel_0", dir);
	f = fopen(path, "w");
	packet_begin(0, 2500);
	event_header(1, 2500);
	packet_end(f, uuid2, 0, 2500, 2500);
	fclose(f);
}

/* A start's env (src/session-env.c), with characters TSDL escapes. */
#define FILTERS		"openat*: filename == \"/etc/*\"; a\\b: x == 1"
#define TRACKERS	"pid=12,34 uid=1000 follow_children=1"

int main(void)
{
	char dir[] = "/tmp/ltt-test-metadata.XXXXXX", path[256], cmd[1024];
	char dir2[] = "/tmp/ltt-test-metadata2.XXXXXX";
	char dir3[] = "/tmp/ltt-test-metadata3.XXXXXX";
	struct ltt_text t = { 0 };
	struct ltt_tsdl_env env = {
		.uuid = uuid, .clock_offset_ns = OFFSET_NS,
		.clock_uuid = boot_id,
		.hostname = "test\"host", .sysname = "Linux",
		.release = "6.1.0-test", .version = "#1 SMP \\ test",
		.tracer_version = "0.1.0", .compat_version = "2.13.0",
		.filters = FILTERS, .trackers = TRACKERS,
	};
	char *out = NULL, *list1 = NULL, *list2 = NULL;
	FILE *f;
	int rc;

	plan(30);
	make_marker_desc();
	ltt_tsdl_header(&t, &env);
	ok(!strstr(t.buf, "env {"), "the header has no env block (the start writes it)");
	ltt_tsdl_env(&t, &env);
	ltt_tsdl_stream(&t, 0, false, NULL, 0);
	ltt_tsdl_event(&t, &ev_all, 0, 0);
	ltt_tsdl_event(&t, &ev_empty, 1, 0);
	ltt_tsdl_event(&t, &ev_mark, 40, 0);	/* id > 30: extended header */
	ltt_tsdl_stream(&t, 1, true, NULL, 0);
	ltt_tsdl_event(&t, &ev_empty, 1, 1);
	ltt_tsdl_event(&t, &ev_mark, 40, 1);	/* id > 30: large header */
	ltt_tsdl_event(&t, &ev_all, 70000, 1);	/* id > 65534: extended */
	ok(!strncmp(t.buf, "/* CTF 1.8 */\n", 14), "metadata starts with the CTF 1.8 magic comment");
	contains(t.buf, "clock {\n\tname = \"monotonic\";\n"
		 "\tuuid = \"b0071d00-1122-4333-8444-5566778899aa\";\n",
		 "the clock's uuid is the boot id");
	contains(t.buf, "\tltt_version = \"0.1.0\";\n"
		 "\tltt_filters = \"openat*: filename == "
		 "\\\"/etc/*\\\"; a\\\\b: x == 1\";\n"
		 "\tltt_trackers = \"" TRACKERS "\";\n};\n",
		 "env: the session's filters and trackers, escaped");
	contains(t.buf, "\ttracer_name = \"ltt\";\n\ttracer_major = 2;\n"
		 "\ttracer_minor = 13;\n\ttracer_patchlevel = 0;\n"
		 "\tltt_version = \"0.1.0\";\n",
		 "env: ltt, LTTng's version it follows, its own");

	if (!mkdtemp(dir))
		return 1;
	snprintf(path, sizeof(path), "%s/metadata", dir);
	f = fopen(path, "w");
	fwrite(t.buf, 1, t.len, f);
	fclose(f);
	write_compact_stream(dir);
	write_large_stream(dir);

	snprintf(cmd, sizeof(cmd),
		 "babeltrace2 --clock-seconds --no-delta %s 2>&1", dir);
	rc = run(cmd, &out);
	ok(rc == 0, "babeltrace2 reads the trace");
	if (rc)
		diag("%s\n%s", out, t.buf);
	contains(out, "[1700000000.123457789] ", "wall-clock time from the clock offset");
	contains(out, "all_kinds: { cpu_id = 0 }, { u8 = 200, s8 = -100, u16 = 60000, s16 = -30000, "
		 "x32 = 0xDEADBEEF, s32 = -2000000000, u64 = 18446744073709551615, "
		 "s64 = -9000000000000000000, str = \"hello world\", arr = [ [0] = 1, [1] = 2, [2] = 4000000000 ], "
		 "seq_length = 3, seq = [ [0] = -1, [1] = 0, [2] = 7 ], state = ( \"some \\\"odd\\\" range\" : container = 5 ), "
		 "string = \"\" }",
		 "every field kind decodes, in order");
	contains(out, "[1700000000.123458789] ", "compact header: 27-bit timestamp");
	contains(out, "no_fields: { cpu_id = 0 }, { }", "an event without fields");
	contains(out, "[1700000000.123459789] ", "extended header by id: full timestamp");
	contains(out, "test_every_conversion: { cpu_id = 0 }, { a = -42, b = 42, c = 4294967295, d = 0xABCDEF, "
		 "e = -32768, f = 65535, g = -128, h = 255, i = -1234567890123, j = 1234567890123, "
		 "k = 0xFEEDFACECAFE, l = -9223372036854775808, m = 18446744073709551615, "
		 "n = 0x123456789ABCDEF, o = 65, s = \"(null)\", p = 0xFFFF888012345678 }",
		 "a marker event with every conversion decodes");
	contains(out, "[1700000000.391895245] ", "extended header by time delta");
	contains(out, "[1700000000.391895246] ", "compact header after an extended one");
	contains(out, "[1700000005.123456789] ", "second packet");
	contains(out, "[1700000000.123458290] test\"host no_fields:",
		 "large header: 32-bit timestamp");
	contains(out, "[1700000000.123458291] test\"host test_every_conversion:",
		 "large header: id 40 in 16 bits");
	contains(out, "[1700000000.123458292] test\"host all_kinds:",
		 "large header, extended by id (70000)");
	contains(out, "[1700000004.418425592] test\"host no_fields:",
		 "large header, extended by time delta (2^32 ns)");
	contains(out, "[1700000004.418425593] test\"host no_fields:",
		 "large header after an extended one");
	if (tap_failed)
		diag("babeltrace2 output:\n%s", out);

	/* the trace class's environment */
	snprintf(cmd, sizeof(cmd),
		 "babeltrace2 %s -c sink.text.details 2>&1", dir);
	free(out);
	rc = run(cmd, &out);
	contains(out, "      ltt_filters: " FILTERS "\n",
		 "babeltrace2: ltt_filters, exact");
	contains(out, "      ltt_trackers: " TRACKERS "\n"
		 "      ltt_version: 0.1.0\n",
		 "babeltrace2: ltt_trackers, exact");

	snprintf(cmd, sizeof(cmd), "babeltrace2" EVENT_LIST, dir);
	rc = run(cmd, &list2);
	snprintf(cmd, sizeof(cmd), "babeltrace" EVENT_LIST, dir);
	rc |= run(cmd, &list1);
	ok(rc == 0, "babeltrace 1.x and babeltrace2 list the events");
	ok(!strcmp(list1, list2),
	   "babeltrace 1.x: the same events with the same timestamps");
	if (strcmp(list1, list2))
		diag("babeltrace 1.x:\n%s\nbabeltrace2:\n%s", list1, list2);
	rc = 0;
	for (char *p = list2; (p = strchr(p, '\n')); p++)
		rc++;
	ok(rc == 12, "12 events in the list (%d)", rc);

	/* Two traces of one boot merge; without the clock uuid they do not. */
	if (!mkdtemp(dir2) || !mkdtemp(dir3))
		return 1;
	write_other_trace(dir2, boot_id);
	write_other_trace(dir3, NULL);
	snprintf(path, sizeof(path), "%s %s", dir, dir2);
	snprintf(cmd, sizeof(cmd), "babeltrace2" EVENT_LIST, path);
	free(out);
	rc = run(cmd, &out);
	ok(rc == 0, "babeltrace2 reads two traces of the same boot together");
	contains(out, "[1700000000.123458789] no_fields:\n"
		 "[1700000000.123459292] no_fields:\n"
		 "[1700000000.123459789] test_every_conversion:\n",
		 "their events merge in time order (the other trace's at 2500 ns, offset + 3 ns)");
	if (tap_failed)
		diag("%s", out);
	snprintf(cmd, sizeof(cmd), "babeltrace2 %s %s >/dev/null 2>&1", dir, dir3);
	ok(system(cmd) != 0,
	   "without a clock uuid on one side, babeltrace2 refuses to merge");

	snprintf(cmd, sizeof(cmd), "rm -rf %s %s %s", dir, dir2, dir3);
	if (system(cmd))
		diag("could not remove %s", dir);
	free(out);
	free(list1);
	free(list2);
	free(t.buf);
	return exit_status();
}
