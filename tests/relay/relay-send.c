// SPDX-License-Identifier: GPL-2.0-only
/*
 * A trace of known content in ltt's layout, written to a local directory
 * as lttd writes it and sent to a relay through lttd's relay client
 * (tools/lttd/relay.c): the input of tests/relay/real-relay.t, without a
 * kernel. The metadata is ltt's own (src/metadata-tsdl.c, built through
 * tests/unit/core-shim); packets are ltt's header and compact event
 * headers, as include/uapi/ltt/abi.h lays them out.
 *
 * relay-send URL SESSION HOSTNAME LOCALDIR EVENTS [LIVE_US DELAY_MS [MODE]]
 *
 * Two streams (CPU 0 and 1) of channel "chan" with EVENTS events each,
 * "relay_mark" { n = i, cpu = c }, at 1 s + i us + c * 500 ns (trace
 * clock), 4 KiB packets. With DELAY_MS, it prints "ready" once the
 * session and its streams exist, waits for a line on stdin (a live
 * viewer has attached), then ends a packet per stream every 50 events,
 * DELAY_MS apart ("round K NS": CLOCK_MONOTONIC when round K went
 * out). MODE "idle": CPU 1 has events in round 0 only, and gets a
 * beacon each later round, as lttd's live timer sends for a stream with
 * nothing new; "idle-nobeacon": the same without beacons. Below 2.11
 * a live session ends LINGER periods after its last packet. With
 * RELAY_MINOR=N in the environment it asks for protocol 2.N. Prints the
 * relay's directory of the trace ("path: ...") and exits 0 once the
 * relay says it has every packet written. With RELAY_ROTATE=1 (2.11) it
 * rotates after half the events as lttd does (chunk 1, every stream at
 * its next packet_seq_num, the metadata again, chunk 0 archived), and
 * the end archives chunk 1: "archive: PATH" for each, as lttd has it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <ltt/core.h>
#include <uapi/ltt/abi.h>
#include "../../src/metadata-tsdl.h"
#include "../../src/metadata-tsdl.c"
#include "relay.h"

struct ltt_text {
	char *buf;
	size_t len, cap;
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

#define NR_CPUS		2
#define PKT		4096
#define T0		1000000000ULL

static const struct ltt_field_desc mark_fields[] = {
	{ .name = "n", .kind = LTT_FIELD_INTEGER, .size = 8, .base = 10 },
	{ .name = "cpu", .kind = LTT_FIELD_INTEGER, .size = 4, .base = 10 },
};
static const struct ltt_event_desc mark = {
	.name = "relay_mark", .fields = mark_fields, .nr_fields = 2,
};
static const uint8_t uuid[16] = {
	0x52, 0x45, 0x4c, 0x41, 0x59, 0x00, 0x40, 0x00,
	0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x26,
};

struct stream {
	uint8_t pkt[PKT];
	size_t pos;
	uint64_t seq, last_ts, begin, relay_id, sent;
	unsigned int cpu;
	FILE *local;
};

static void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("relay-send: ", stderr);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static char *metadata(const char *hostname)
{
	struct ltt_tsdl_env env = {
		.uuid = uuid, .clock_offset_ns = 1700000000000000000LL,
		.hostname = hostname, .sysname = "Linux", .release = "test",
		.version = "test", .tracer_version = "0.1.0",
		.compat_version = "2.13.0",
	};
	struct ltt_text t = { 0 };

	ltt_tsdl_header(&t, &env);
	ltt_tsdl_env(&t, &env);
	ltt_tsdl_stream(&t, 0, false, NULL, 0);
	ltt_tsdl_event(&t, &mark, 0, 0);
	return t.buf;
}

static void put(struct stream *s, const void *p, size_t n)
{
	memcpy(s->pkt + s->pos, p, n);
	s->pos += n;
}

static void packet_begin(struct stream *s, uint64_t ts)
{
	memset(s->pkt, 0, sizeof(s->pkt));
	s->pos = sizeof(struct ltt_packet_header);
	s->begin = s->last_ts = ts;
}

/* Close the packet: its header, locally and to the relay. */
static void packet_end(struct stream *s, struct lttd_relay *r)
{
	struct ltt_packet_header h = {
		.magic = LTT_PACKET_MAGIC,
		.stream_id = 0,
		.stream_instance_id = s->cpu,
		.timestamp_begin = s->begin,
		.timestamp_end = s->last_ts,
		.content_size = 8 * s->pos,
		.packet_size = 8 * PKT,
		.packet_seq_num = s->seq,
		.events_discarded = 0,
		.cpu_id = s->cpu,
	};

	memcpy(h.uuid, uuid, 16);
	memcpy(s->pkt, &h, sizeof(h));
	if (fwrite(s->pkt, 1, PKT, s->local) != PKT)
		die("local write: %s", strerror(errno));
	if (lttd_relay_send_packet(r, s->relay_id, s->seq, s->pkt, PKT))
		die("%s", r->err);
	s->sent = s->seq++;
}

/* Live periods a session stays open after its last packet. */
#define LINGER		5

/* 1 + 4 + 8 + 8 + 4: the longest compact record of relay_mark */
#define REC_MAX		25

/*
 * Chunk 0 to chunk 1, as lttd rotates (relay-out.c), after a packet end:
 * once the relay has written every packet sent (DATA_PENDING), as lttd
 * waits for its window to be confirmed. Rotated while its data thread
 * still received the last packets, Debian's relay refused
 * ROTATE_STREAMS about one run in three on a loaded machine.
 */
static void rotate(struct lttd_relay *r, struct stream *st, uint64_t md_id,
		   const char *md)
{
	struct lttd_relay_pending pend[NR_CPUS];
	struct lttd_relay_rot_pos p;
	uint64_t next = 1;
	unsigned int c, tries;
	bool pending = true, each[NR_CPUS];

	for (c = 0; c < NR_CPUS; c++)
		pend[c] = (struct lttd_relay_pending){
			.stream_id = st[c].relay_id,
			.last_net_seq_num = st[c].sent,
		};
	for (tries = 0; pending && tries < 500; tries++) {
		if (lttd_relay_streams_pending(r, pend, NR_CPUS, each))
			die("%s", r->err);
		pending = false;
		for (c = 0; c < NR_CPUS; c++)
			pending = pending || each[c];
		if (pending)
			usleep(10000);
	}
	if (pending)
		die("the relay still has data pending after 5 s, before the rotation");
	if (lttd_relay_create_chunk(r, 1, time(NULL)))
		die("%s", r->err);
	for (c = 0; c < NR_CPUS; c++) {
		p = (struct lttd_relay_rot_pos){ st[c].relay_id, st[c].seq };
		if (lttd_relay_rotate_streams(r, &next, &p, 1))
			die("%s", r->err);
	}
	r->chunk_id = 1;
	p = (struct lttd_relay_rot_pos){ md_id, 0 };
	if (lttd_relay_rotate_streams(r, &next, &p, 1) ||
	    lttd_relay_send_metadata(r, md_id, md, strlen(md)) ||
	    lttd_relay_close_chunk(r, 0, LTTD_RELAY_CHUNK_ARCHIVE))
		die("%s", r->err);
	printf("archive: %s\n", r->chunk_path);
}

static void event(struct stream *s, uint64_t ts, uint64_t n)
{
	uint32_t cpu = s->cpu, w;

	if (ts >> LTT_EVENT_COMPACT_TS_BITS ==
	    s->last_ts >> LTT_EVENT_COMPACT_TS_BITS) {
		w = 0 | (uint32_t)ts << LTT_EVENT_COMPACT_ID_BITS;
		put(s, &w, 4);
	} else {
		uint8_t x = LTT_EVENT_ID_EXTENDED;
		uint32_t id = 0;

		put(s, &x, 1);
		put(s, &id, 4);
		put(s, &ts, 8);
	}
	s->last_ts = ts;
	put(s, &n, 8);
	put(s, &cpu, 4);
}

/* When a round went out, for the test to compare with arrivals. */
static long long mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void add_stream(struct lttd_relay *r, const char *name,
		       const char *path, uint64_t *id)
{
	if (lttd_relay_add_stream(r, name, path, 0, 0, id))
		die("%s", r->err);
}

int main(int argc, char **argv)
{
	struct lttd_relay_session_args a = { 0 };
	struct lttd_relay_pending pend[NR_CPUS + 1];
	struct stream st[NR_CPUS] = { 0 };
	char path[LTTD_RELAY_REPLY_PATH_MAX + 16], file[4096];
	uint8_t sess_uuid[16];
	uint32_t minor = 0;
	struct lttd_relay_url url;
	struct lttd_relay r;
	unsigned int c, k, delay_ms = 0, tries;
	bool idle = false, beacons = true, rot = false;
	uint64_t i, nr, md_id;
	char *md, err[256];
	bool pending = true;
	time_t now = time(NULL);
	FILE *f;

	if (argc < 6)
		die("usage: relay-send URL SESSION HOSTNAME LOCALDIR EVENTS [LIVE_US DELAY_MS [MODE]]");
	if (lttd_relay_parse_url(argv[1], &url, err, sizeof(err)))
		die("%s", err);
	a.name = argv[2];
	a.hostname = argv[3];
	nr = strtoull(argv[5], NULL, 0);
	if (argc > 6)
		a.live_us = strtoul(argv[6], NULL, 0);
	if (argc > 7)
		delay_ms = strtoul(argv[7], NULL, 0);
	if (argc > 8) {
		idle = !strncmp(argv[8], "idle", 4);
		beacons = strcmp(argv[8], "idle-nobeacon");
	}
	if (getenv("RELAY_MINOR"))
		minor = strtoul(getenv("RELAY_MINOR"), NULL, 0);
	rot = getenv("RELAY_ROTATE") && !strcmp(getenv("RELAY_ROTATE"), "1");

	snprintf(file, sizeof(file), "%s/kernel", argv[4]);
	if (mkdir(argv[4], 0755) || mkdir(file, 0755))
		die("%s: %s", file, strerror(errno));
	md = metadata(a.hostname);
	snprintf(file, sizeof(file), "%s/kernel/metadata", argv[4]);
	f = fopen(file, "w");
	if (!f || fputs(md, f) < 0 || fclose(f))
		die("%s: %s", file, strerror(errno));

	/* Who the session is to a 2.11 relay: unique per run. */
	f = fopen("/dev/urandom", "r");
	if (!f || fread(sess_uuid, 1, 16, f) != 16)
		die("/dev/urandom: %s", strerror(errno));
	fclose(f);
	sess_uuid[0] |= 1;
	a.uuid = sess_uuid;
	a.id = 1;
	a.creation_time = now;
	if (lttd_relay_connect(&r, &url, minor, 5000) ||
	    lttd_relay_create_session(&r, &a))
		die("%s", r.err);
	snprintf(path, sizeof(path), "%s/kernel", r.session_dir);
	add_stream(&r, "metadata", "kernel", &md_id);
	for (c = 0; c < NR_CPUS; c++) {
		snprintf(file, sizeof(file), "chan_%u", c);
		add_stream(&r, file, "kernel", &st[c].relay_id);
		snprintf(file, sizeof(file), "%s/kernel/chan_%u", argv[4], c);
		st[c].local = fopen(file, "w");
		if (!st[c].local)
			die("%s: %s", file, strerror(errno));
		st[c].cpu = c;
		st[c].sent = LTTD_RELAY_NO_SEQ;
	}
	if (lttd_relay_streams_sent(&r) ||
	    lttd_relay_send_metadata(&r, md_id, md, strlen(md)))
		die("%s", r.err);
	/* Live: a viewer attaches now; the test says when it has. */
	if (delay_ms) {
		printf("ready\n");
		fflush(stdout);
		if (!fgets(err, sizeof(err), stdin))
			die("no go on stdin");
	}

	for (c = 0; c < NR_CPUS; c++)
		packet_begin(&st[c], T0);
	for (i = 0; i < nr; i++) {
		if (rot && i == nr / 2) {
			for (c = 0; c < NR_CPUS; c++) {
				packet_end(&st[c], &r);
				packet_begin(&st[c], T0 + i * 1000);
			}
			rotate(&r, st, md_id, md);
		}
		for (c = 0; c < NR_CPUS; c++) {
			struct stream *s = &st[c];

			if (idle && c == 1 && i >= 50)
				continue;
			if (s->pos + REC_MAX > PKT) {
				packet_end(s, &r);
				packet_begin(s, T0 + i * 1000 + c * 500);
			}
			event(s, T0 + i * 1000 + c * 500, i);
		}
		/*
		 * Live, each round: what every stream holds goes out as a
		 * packet; a stream holding nothing gets a beacon, "nothing
		 * here up to now", so that a viewer need not wait for it.
		 */
		if (delay_ms && i % 50 == 49) {
			for (c = 0; c < NR_CPUS; c++) {
				struct stream *s = &st[c];

				if (s->pos > sizeof(struct ltt_packet_header)) {
					packet_end(s, &r);
					packet_begin(s, T0 + i * 1000 + 999);
				} else if (beacons &&
					   lttd_relay_send_beacon(&r, s->relay_id,
						s->sent, 0, T0 + i * 1000 + 999)) {
					die("%s", r.err);
				}
			}
			printf("round %llu %lld\n", (unsigned long long)i / 50,
			       mono_ns());
			usleep(delay_ms * 1000);
		}
	}
	for (c = 0; c < NR_CPUS; c++) {
		if (st[c].pos > sizeof(struct ltt_packet_header))
			packet_end(&st[c], &r);
	}
	/*
	 * Live below 2.11: the relay stops serving a viewer the packets it
	 * has not read yet once their stream is closed (doc/relay.md,
	 * Live), so the session stays open LINGER periods more, each with
	 * a beacon per stream, as lttd's live timer would send. From 2.11
	 * the end of the chunk lets the viewer read on.
	 */
	for (k = 0; delay_ms && r.minor < LTTD_RELAY_MINOR_CHUNKS &&
		    k < LINGER; k++) {
		usleep(a.live_us);
		for (c = 0; c < NR_CPUS; c++)
			if (beacons && lttd_relay_send_beacon(&r, st[c].relay_id,
					st[c].sent, 0, T0 + nr * 1000 + k))
				die("%s", r.err);
	}
	for (c = 0; c < NR_CPUS; c++) {
		fclose(st[c].local);
		pend[c] = (struct lttd_relay_pending){
			.stream_id = st[c].relay_id,
			.last_net_seq_num = st[c].sent,
		};
	}
	pend[NR_CPUS] = (struct lttd_relay_pending){
		.stream_id = md_id, .last_net_seq_num = LTTD_RELAY_NO_SEQ,
		.metadata = true,
	};
	if (lttd_relay_end_chunk(&r, pend, NR_CPUS + 1))
		die("%s", r.err);
	if (r.rotated)
		printf("archive: %s\n", r.chunk_path);
	/* Everything written? Asked as LTTng's session daemon asks, until yes. */
	for (tries = 0; pending && tries < 500; tries++) {
		if (lttd_relay_data_pending(&r, pend, NR_CPUS + 1, &pending))
			die("%s", r.err);
		if (pending)
			usleep(10000);
	}
	if (pending)
		die("the relay still has data pending after 5 s");
	for (c = 0; c <= NR_CPUS; c++)
		if (lttd_relay_close_stream(&r, pend[c].stream_id,
					    pend[c].last_net_seq_num))
			die("%s", r.err);
	printf("path: %s\nsession: %llu\nminor: %u\npackets: %llu %llu\n",
	       path, (unsigned long long)r.session_id, r.minor,
	       (unsigned long long)st[0].seq, (unsigned long long)st[1].seq);
	lttd_relay_close(&r);
	free(md);
	return 0;
}
