// SPDX-License-Identifier: GPL-2.0-only
/*
 * Shipping a spool entry to a relay (tools/lttd/relay-ship.c; issue 35 §4),
 * against a fake relay on 127.0.0.1 that keeps what it is sent as
 * lttng-relayd keeps it: a stream's file is truncated when the stream is
 * added (lttng-relayd opens it O_TRUNC), then written packet by packet,
 * at <hostname>/<session>-<creation date>/<ADD_STREAM's path>/<channel>.
 *  1. a snapshot entry ships whole: every packet once, in order, the
 *     metadata, a snapshot session (flag 1, no index sent), at the path
 *     the entry fixes; the entry marked, the catalogue's line counted;
 *  2. a relay that dies midway through a ship: the entry is not marked
 *     and waits; the resend lands on the same relay path and leaves one
 *     complete copy there (not two, not a partial one), counted once;
 *  3. bad replies refused (a DATA_PENDING answer the relay never sends, a
 *     session reply cut short, no answer at all): an error naming the
 *     relay within the timeout, nothing marked;
 *  4. a recovered-<boot id> entry (its trace files in it): to
 *     recovered-<boot id>/kernel, its boot id in the catalogue;
 *  5. the keep limits removing an entry not shipped: counted "dropped";
 *  6. two shippers of one spool at once: the entry goes once.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <ltt/abi.h>
#include "tap.h"
#include "ltt-ctl.h"
#include "relay-proto.h"
#include "ship.h"

#define TIMEOUT_MS	300
#define PKT_SIZE	1024	/* bytes: each packet in the spool's files */
#define NR_PKTS		6	/* per stream */
#define NR_STREAMS	2
#define MAX_FILES	8
#define MAX_DATA	(64 * 1024)

/* lttd.c's, for relay-ship.c's shipper (not used here) */
void lttd_log(bool error, const char *fmt, ...)
{
	(void)error;
	(void)fmt;
}

enum fault { CLEAN, DIE_AFTER_3, BAD_PENDING, CUT_SESSION, SILENT };

struct file {			/* what the fake relay wrote */
	char path[600];
	uint8_t data[MAX_DATA];
	size_t len;
	unsigned int packets;
};

struct fake {
	int lc, ld;		/* listening */
	uint16_t cport, dport;
	enum fault fault;
	/* what it saw */
	unsigned int sessions, indexes, metadata_len;
	uint8_t snapshot_flag;
	uint64_t creation_time;
	char session_dir[300];
	struct file files[MAX_FILES];
	unsigned int nr_files;
	int stream_file[33];	/* relay stream id (1..) -> file */
	uint64_t received[33];	/* packets received per stream id */
	unsigned int nr_streams;
};

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
}

static uint64_t be64(const uint8_t *p)
{
	return (uint64_t)be32(p) << 32 | be32(p + 4);
}

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = v >> 24;
	p[1] = v >> 16;
	p[2] = v >> 8;
	p[3] = v;
}

static void put64(uint8_t *p, uint64_t v)
{
	put32(p, v >> 32);
	put32(p + 4, v);
}

static int listen_any(uint16_t *port)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t l = sizeof(a);
	int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1;

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, (void *)&a, sizeof(a)) || listen(fd, 4) ||
	    getsockname(fd, (void *)&a, &l))
		return -1;
	*port = ntohs(a.sin_port);
	return fd;
}

static int read_n(int fd, void *buf, size_t n)
{
	uint8_t *p = buf;
	ssize_t r;

	while (n) {
		r = read(fd, p, n);
		if (r <= 0)
			return -1;
		p += r;
		n -= r;
	}
	return 0;
}

static void write_n(int fd, const void *buf, size_t n)
{
	if (write(fd, buf, n) != (ssize_t)n)
		return;
}

static void code(int fd, uint32_t c)
{
	uint8_t b[4];

	put32(b, c);
	write_n(fd, b, 4);
}

/* ADD_STREAM 2.11: the file, truncated, as lttng-relayd opens it */
static uint64_t add_stream(struct fake *f, const uint8_t *p)
{
	uint32_t cl = be32(p), pl = be32(p + 4);
	const char *chan = (const char *)p + 32, *path = chan + cl;
	char full[600];
	unsigned int i;
	uint64_t id = ++f->nr_streams;	/* the relay's ids start at 1 */

	(void)pl;
	snprintf(full, sizeof(full), "%s/%s/%s", f->session_dir, path, chan);
	for (i = 0; i < f->nr_files; i++)
		if (!strcmp(f->files[i].path, full))
			break;
	if (i == MAX_FILES)
		return 0;		/* the client refuses id 0 */
	if (i == f->nr_files)
		f->nr_files++;
	snprintf(f->files[i].path, sizeof(f->files[i].path), "%s", full);
	f->files[i].len = 0;		/* O_TRUNC */
	f->files[i].packets = 0;
	f->stream_file[id] = i;
	f->received[id] = 0;
	return id;
}

/* One data message: 0, or -1 when the connection ends. */
static int on_data(struct fake *f, int d)
{
	uint8_t h[32];
	uint64_t id;
	uint32_t size, pad;
	struct file *fl;

	if (read_n(d, h, sizeof(h)))
		return -1;
	id = be64(h + 8);
	size = be32(h + 24);
	pad = be32(h + 28);
	if (!id || id > f->nr_streams || size + pad > PKT_SIZE)
		return -1;
	fl = &f->files[f->stream_file[id]];
	if (fl->len + size + pad > MAX_DATA ||
	    read_n(d, fl->data + fl->len, size))
		return -1;
	memset(fl->data + fl->len + size, 0, pad);
	fl->len += size + pad;
	fl->packets++;
	f->received[id] = be64(h + 16) + 1;
	return 0;
}

/* One control message: 0, 1 (the fault: end the connection), -1. */
static int on_ctrl(struct fake *f, int c, unsigned int *packets_seen)
{
	uint8_t h[24], *p, r[16];
	uint64_t len;
	uint32_t cmd;
	char path[400];
	int n;

	if (read_n(c, h, sizeof(h)))
		return -1;
	len = be64(h + 8);
	cmd = be32(h + 16);
	if (len > (1 << 20))
		return -1;
	p = malloc(len + 1);
	if (!p || read_n(c, p, len)) {
		free(p);
		return -1;
	}
	p[len] = 0;
	switch (cmd) {
	case LTTD_RELAY_VERSION:
		put32(r, 2);
		put32(r + 4, 13);
		write_n(c, r, 8);
		break;
	case LTTD_RELAY_CREATE_SESSION: {
		const char *name = (const char *)p + 59;
		const char *host = name + be32(p);
		time_t t;
		struct tm tm;
		char when[32];

		f->sessions++;
		f->metadata_len = 0;
		f->snapshot_flag = p[16];
		f->creation_time = be64(p + 42);
		t = f->creation_time;
		gmtime_r(&t, &tm);
		strftime(when, sizeof(when), "%Y%m%d-%H%M%S", &tm);
		snprintf(f->session_dir, sizeof(f->session_dir), "%s/%s-%s",
			 host, name, when);
		if (f->fault == CUT_SESSION) {
			write_n(c, "\0\0\0", 3);
			free(p);
			return 1;
		}
		n = snprintf(path, sizeof(path), "%s", f->session_dir) + 1;
		put64(r, 7);
		put32(r + 8, LTTD_RELAY_RET_OK);
		put32(r + 12, n);
		write_n(c, r, 16);
		write_n(c, path, n);
		break;
	}
	case LTTD_RELAY_ADD_STREAM:
		put64(r, add_stream(f, p));
		put32(r + 8, LTTD_RELAY_RET_OK);
		write_n(c, r, 12);
		break;
	case LTTD_RELAY_SEND_METADATA:
		f->metadata_len += len - 12;
		break;		/* no reply */
	case LTTD_RELAY_SEND_INDEX:
		f->indexes++;
		code(c, LTTD_RELAY_RET_OK);
		break;
	case LTTD_RELAY_DATA_PENDING: {
		uint64_t id = be64(p), last = be64(p + 8);

		if (f->fault == BAD_PENDING)
			code(c, 7);
		else if (f->fault == SILENT)
			break;
		else
			code(c, id && id <= f->nr_streams &&
				f->received[id] > last ?
				0 : 1);
		break;
	}
	case LTTD_RELAY_END_DATA_PENDING:
		code(c, 1);	/* the streams are open, as lttng-relayd says */
		break;
	case LTTD_RELAY_CLOSE_TRACE_CHUNK:
		n = snprintf(path, sizeof(path), "%s/x", f->session_dir) + 1;
		put32(r, LTTD_RELAY_RET_OK);
		put32(r + 4, n);
		write_n(c, r, 8);
		write_n(c, path, n);
		break;
	default:		/* a bare code */
		code(c, LTTD_RELAY_RET_OK);
		break;
	}
	free(p);
	(void)packets_seen;
	return 0;
}

/* One client's connections, to their end (or the fault's). */
static void *fake_main(void *arg)
{
	struct fake *f = arg;
	int c, d = -1, ret = 0;
	unsigned int seen = 0, total;
	struct pollfd pf[3];

	c = accept(f->lc, NULL, NULL);
	if (c < 0)
		return NULL;
	for (;;) {
		pf[0] = (struct pollfd){ .fd = c, .events = POLLIN };
		pf[1] = (struct pollfd){ .fd = d >= 0 ? d : f->ld,
					 .events = POLLIN };
		if (poll(pf, 2, 5000) <= 0)
			break;
		if (pf[1].revents) {
			if (d < 0) {
				d = accept(f->ld, NULL, NULL);
			} else if (on_data(f, d)) {
				/* a connection of a client before: ended */
				close(d);
				d = -1;
			} else if (f->fault == DIE_AFTER_3) {
				unsigned int i;

				for (total = 0, i = 1; i <= f->nr_streams; i++)
					total += f->received[i];
				if (total >= 3)
					break;	/* the relay dies */
			}
			continue;
		}
		if (pf[0].revents) {
			ret = on_ctrl(f, c, &seen);
			if (ret)
				break;
		}
	}
	close(c);
	if (d >= 0)
		close(d);
	return NULL;
}

static void fake_run(struct fake *f, enum fault fault, pthread_t *t)
{
	f->fault = fault;
	f->nr_streams = 0;
	pthread_create(t, NULL, fake_main, f);
}

/* ---- the spool ---- */

static char spool[] = "/tmp/ltt-ship-XXXXXX";

static void put_packet(FILE *fp, unsigned int stream, uint64_t seq)
{
	uint8_t pkt[PKT_SIZE];
	struct ltt_packet_header h = {
		.magic = 0xc1fc1fc1, .stream_id = 0,
		.stream_instance_id = stream,
		.timestamp_begin = 1000 * seq, .timestamp_end = 1000 * seq + 999,
		.content_size = 8 * (LTT_PACKET_HEADER_LEN + 100 + 7 * seq),
		.packet_size = 8 * PKT_SIZE, .packet_seq_num = seq,
		.cpu_id = stream,
	};
	unsigned int i;

	memset(pkt, 0, sizeof(pkt));
	memcpy(pkt, &h, sizeof(h));
	for (i = sizeof(h); i < h.content_size / 8; i++)
		pkt[i] = (uint8_t)(i * 31 + seq * 7 + stream);
	fwrite(pkt, 1, sizeof(pkt), fp);
}

static const char metadata[] = "/* CTF 1.8 */\ntrace { major = 1; minor = 8; };\n";

/* An entry with trace directory tdir (made): NR_STREAMS streams. */
static void make_trace(const char *tdir)
{
	char p[600];
	unsigned int s, k;
	FILE *fp;

	ltt_mkdirs(tdir);
	snprintf(p, sizeof(p), "%s/metadata", tdir);
	fp = fopen(p, "w");
	fputs(metadata, fp);
	fclose(fp);
	for (s = 0; s < NR_STREAMS; s++) {
		snprintf(p, sizeof(p), "%s/chan_%u", tdir, s);
		fp = fopen(p, "w");
		for (k = 0; k < NR_PKTS; k++)
			put_packet(fp, s, k);
		fclose(fp);
	}
}

/* The fake's file at the end of path equals the spool's stream s. */
static bool same_stream(const struct fake *f, const char *relpath,
			unsigned int s)
{
	char want[600], p[600];
	uint8_t buf[PKT_SIZE * NR_PKTS];
	unsigned int i;
	FILE *fp;

	snprintf(want, sizeof(want), "%s/%s/chan_%u", f->session_dir, relpath,
		 s);
	for (i = 0; i < f->nr_files; i++)
		if (!strcmp(f->files[i].path, want))
			break;
	if (i == f->nr_files)
		return false;
	snprintf(p, sizeof(p), "%s/%s/chan_%u", spool,
		 strchr(relpath, '/') && !strncmp(relpath, "snapshot", 8) ?
		 relpath : "recovered-0123", s);
	fp = fopen(p, "r");
	if (!fp || fread(buf, 1, sizeof(buf), fp) != sizeof(buf)) {
		if (fp)
			fclose(fp);
		return false;
	}
	fclose(fp);
	return f->files[i].packets == NR_PKTS &&
	       f->files[i].len == sizeof(buf) &&
	       !memcmp(f->files[i].data, buf, sizeof(buf));
}

static unsigned int catalogue_lines(const char *prefix, char *last,
				    size_t len)
{
	char p[600], line[2048];
	unsigned int n = 0;
	FILE *fp;

	snprintf(p, sizeof(p), "%s/%s", spool, LTT_SPOOL_LOG);
	fp = fopen(p, "r");
	while (fp && fgets(line, sizeof(line), fp))
		if (!strncmp(line, prefix, strlen(prefix))) {
			n++;
			if (last)
				snprintf(last, len, "%s", line);
		}
	if (fp)
		fclose(fp);
	return n;
}

static long ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) * 1000 +
	       (t.tv_nsec - t0->tv_nsec) / 1000000;
}

static int other_ret;
static unsigned int other_shipped;

static void *ship_thread(void *arg)
{
	char e[600];

	other_ret = lttd_ship_pending(arg, &other_shipped, e, sizeof(e));
	return NULL;
}

int main(void)
{
	static struct fake f;
	struct lttd_ship_target t = { .session = "fr", .hostname = "box",
				      .timeout_ms = TIMEOUT_MS };
	const char *snap = "snapshot-1-20261207-101500";
	struct ltt_spool_count sc;
	struct lttd_ship_result res;
	struct timespec t0;
	char url[64], err[600], rel[300], dir1[300], line[2048], p[600];
	unsigned int shipped, s;
	struct stat sb;
	pthread_t th, th2;
	int ret;

	plan(40);
	if (!mkdtemp(spool)) {
		diag("mkdtemp: %s", strerror(errno));
		return 1;
	}
	t.spool = spool;
	f.lc = listen_any(&f.cport);
	f.ld = listen_any(&f.dport);
	if (f.lc < 0 || f.ld < 0) {
		diag("cannot listen on 127.0.0.1");
		return 1;
	}
	snprintf(url, sizeof(url), "net://127.0.0.1:%u:%u", f.cport, f.dport);
	t.url = url;
	snprintf(p, sizeof(p), "%s/%s/kernel", spool, snap);
	make_trace(p);
	snprintf(rel, sizeof(rel), "%s/kernel", snap);

	/* 2 first: a relay dying after 3 packets of 12 */
	fake_run(&f, DIE_AFTER_3, &th);
	ret = lttd_ship_pending(&t, &shipped, err, sizeof(err));
	pthread_join(th, NULL);
	ok(ret < 0 && shipped == 0, "a relay dying midway: the ship fails (%s)", err);
	ok(strstr(err, "127.0.0.1") != NULL, "the error names the relay");
	snprintf(p, sizeof(p), "%s/%s/%s", spool, snap, LTT_SPOOL_MARK);
	ok(stat(p, &sb) && errno == ENOENT, "the entry is not marked shipped");
	ret = ltt_spool_count(spool, &sc);
	ok(!ret && sc.shipped == 0 && sc.waiting == 1,
	   "counted: 0 shipped, 1 waiting (%u, %u)", sc.shipped, sc.waiting);
	ok(!same_stream(&f, rel, 0) || !same_stream(&f, rel, 1),
	   "the relay holds a partial copy after the cut");
	snprintf(dir1, sizeof(dir1), "%s", f.session_dir);

	/* the resend, to a relay that is back */
	memset(f.files, 0, sizeof(f.files));
	fake_run(&f, CLEAN, &th);
	/* the partial copy of the first try, as the relay left it */
	ret = lttd_ship_pending(&t, &shipped, err, sizeof(err));
	pthread_join(th, NULL);
	ok(ret == 0 && shipped == 1, "the resend ships it (%d: %s)", ret, err);
	ok(!strcmp(dir1, f.session_dir),
	   "the resend lands on the same relay path: %s", f.session_dir);
	for (s = 0; s < NR_STREAMS; s++)
		ok(same_stream(&f, rel, s),
		   "stream %u: one whole copy on the relay, every packet once, in order",
		   s);
	ok(f.metadata_len == strlen(metadata), "the metadata, whole (%u bytes)",
	   f.metadata_len);
	ok(f.snapshot_flag == 1, "a snapshot session (flag 1)");
	ok(f.indexes == 0, "no index sent: a snapshot session keeps none (%u)",
	   f.indexes);
	snprintf(p, sizeof(p), "%s/%s/kernel/metadata", spool, snap);
	ok(!stat(p, &sb) && (uint64_t)sb.st_mtime == f.creation_time,
	   "the session's creation time is the entry's metadata's");
	ok(!strncmp(f.session_dir, "box/fr-", 7),
	   "stored as <hostname>/<session>-<date>-<time>: %s", f.session_dir);
	snprintf(p, sizeof(p), "%s/%s/%s", spool, snap, LTT_SPOOL_MARK);
	ok(!stat(p, &sb), "the entry is marked shipped");
	ok(catalogue_lines("shipped ", line, sizeof(line)) == 1,
	   "one catalogue line: %s", line);
	ok(strstr(line, "host=box ") && strstr(line, "packets=12 ") &&
	   strstr(line, " to=net://127.0.0.1:"),
	   "the line has the host, the packets and the relay");
	ret = ltt_spool_count(spool, &sc);
	ok(!ret && sc.shipped == 1 && sc.waiting == 0,
	   "counted: 1 shipped, 0 waiting");

	/* nothing waits: no connection at all */
	ret = lttd_ship_pending(&t, &shipped, err, sizeof(err));
	ok(ret == 0 && shipped == 0, "a shipped entry is not sent again");
	/* sent again by hand (its marker lost): one more line, counted once */
	fake_run(&f, CLEAN, &th);
	ret = lttd_ship_entry(&t, snap, &res, err, sizeof(err));
	pthread_join(th, NULL);
	ret = ret ?: ltt_spool_count(spool, &sc);
	ok(!ret && catalogue_lines("shipped ", NULL, 0) == 2 &&
	   sc.shipped == 1,
	   "a trace sent twice: two catalogue lines, counted once (%u)",
	   sc.shipped);

	/* 1: a second snapshot, clean, in one go */
	snap = "snapshot-2-20261207-101600";
	snprintf(p, sizeof(p), "%s/%s/kernel", spool, snap);
	make_trace(p);
	snprintf(rel, sizeof(rel), "%s/kernel", snap);
	lttd_ship_note_trigger(p, 42);	/* into kernel/: not the entry's */
	snprintf(p, sizeof(p), "%s/%s", spool, snap);
	lttd_ship_note_trigger(p, 42);
	memset(f.files, 0, sizeof(f.files));
	f.nr_files = 0;
	fake_run(&f, CLEAN, &th);
	ret = lttd_ship_entry(&t, snap, &res, err, sizeof(err));
	pthread_join(th, NULL);
	ok(ret == 0, "a clean ship (%s)", err);
	ok(res.packets == NR_STREAMS * NR_PKTS &&
	   res.bytes == NR_STREAMS * NR_PKTS * PKT_SIZE && res.streams == 2,
	   "its counts: %llu packets, %llu bytes, %u streams",
	   (unsigned long long)res.packets, (unsigned long long)res.bytes,
	   res.streams);
	ok(same_stream(&f, rel, 0) && same_stream(&f, rel, 1),
	   "both streams whole on the relay");
	catalogue_lines("shipped ", line, sizeof(line));
	ok(strstr(line, "trigger=42 ") != NULL, "its trigger in the catalogue");

	/* 3: bad replies, each refused, nothing marked */
	snap = "snapshot-3-20261207-101700";
	snprintf(p, sizeof(p), "%s/%s/kernel", spool, snap);
	make_trace(p);
	fake_run(&f, BAD_PENDING, &th);
	ret = lttd_ship_entry(&t, snap, &res, err, sizeof(err));
	pthread_join(th, NULL);
	ok(ret == -EBADMSG, "a DATA_PENDING answer the relay never sends: refused (%d: %s)",
	   ret, err);
	fake_run(&f, CUT_SESSION, &th);
	ret = lttd_ship_entry(&t, snap, &res, err, sizeof(err));
	pthread_join(th, NULL);
	ok(ret == -ECONNRESET, "a session reply cut short: refused (%d: %s)",
	   ret, err);
	fake_run(&f, SILENT, &th);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ret = lttd_ship_entry(&t, snap, &res, err, sizeof(err));
	pthread_join(th, NULL);
	ok(ret == -ETIMEDOUT && ms_since(&t0) < 10 * TIMEOUT_MS,
	   "a relay that stops answering: an error within the timeout (%d, %ld ms)",
	   ret, ms_since(&t0));
	snprintf(p, sizeof(p), "%s/%s/%s", spool, snap, LTT_SPOOL_MARK);
	ok(stat(p, &sb) && errno == ENOENT, "none of them marked it shipped");
	ret = ltt_spool_count(spool, &sc);
	ok(!ret && sc.shipped == 2 && sc.waiting == 1,
	   "counted: 2 shipped, 1 waiting (%u, %u)", sc.shipped, sc.waiting);
	t.url = "net://127.0.0.1:1";
	ret = lttd_ship_pending(&t, &shipped, err, sizeof(err));
	ok(ret < 0 && shipped == 0 && strstr(err, "127.0.0.1"),
	   "no relay listening: it waits (%s)", err);
	t.url = url;

	/* 4: a recovered trace, its files in the entry */
	snprintf(p, sizeof(p), "%s/recovered-0123", spool);
	make_trace(p);
	fake_run(&f, CLEAN, &th);
	memset(f.files, 0, sizeof(f.files));
	f.nr_files = 0;
	ret = lttd_ship_entry(&t, "recovered-0123", &res, err, sizeof(err));
	pthread_join(th, NULL);
	ok(ret == 0, "a recovered trace ships (%s)", err);
	ok(same_stream(&f, "recovered-0123/kernel", 0) &&
	   same_stream(&f, "recovered-0123/kernel", 1),
	   "as recovered-<boot id>/kernel on the relay, whole");
	catalogue_lines("shipped ", line, sizeof(line));
	ok(strstr(line, "shipped recovered-0123 ") && strstr(line, "boot=0123 "),
	   "its boot id in the catalogue");
	/* the remaining snapshot ships with it, oldest first: one connection
	 * each */
	fake_run(&f, CLEAN, &th);
	ret = lttd_ship_pending(&t, &shipped, err, sizeof(err));
	pthread_join(th, NULL);
	ok(ret == 0 && shipped == 1, "what waited ships once the relay answers");
	ret = ltt_spool_count(spool, &sc);
	ok(!ret && sc.shipped == 4 && sc.waiting == 0,
	   "counted: 4 shipped, 0 waiting (%u, %u)", sc.shipped, sc.waiting);

	/* 5: the keep limits and an entry not shipped */
	snprintf(p, sizeof(p), "%s/snapshot-4-20261207-101800/kernel", spool);
	make_trace(p);
	snprintf(p, sizeof(p), "%s/snapshot-5-20261207-101900/kernel", spool);
	make_trace(p);
	snprintf(p, sizeof(p), "%s/snapshot-5-20261207-101900", spool);
	ret = ltt_snapshot_prune_spool(spool, 1, 0, p, true);
	ok(ret == 4, "keeping 1 of 5 snapshots: 4 removed (%d)", ret);
	ok(catalogue_lines("dropped ", line, sizeof(line)) == 1 &&
	   strstr(line, "dropped snapshot-4-"),
	   "the one not shipped counted dropped: %s", line);
	ret = ltt_spool_count(spool, &sc);
	ok(!ret && sc.shipped == 4 &&
	   sc.waiting == 1 && sc.dropped == 1,
	   "counted: 4 shipped, 1 waiting, 1 dropped (%u, %u, %u)",
	   sc.shipped, sc.waiting, sc.dropped);
	snprintf(p, sizeof(p), "%s/snapshot-6-20261207-102000/kernel", spool);
	make_trace(p);
	ret = ltt_snapshot_prune(spool, 1, 0, NULL);
	ok(ret == 1 && catalogue_lines("dropped ", NULL, 0) == 1,
	   "a session that ships nothing counts nothing dropped (%d removed)",
	   ret);

	/* two shippers of one spool at once: one ships, the other finds it
	 * shipped (the fake takes one connection: a second would time out) */
	snprintf(p, sizeof(p), "rm -rf %s/snapshot-6-*", spool);
	if (system(p))
		diag("cannot remove snapshot-6");
	snprintf(p, sizeof(p), "%s/snapshot-7-20261207-102100/kernel", spool);
	make_trace(p);
	memset(f.files, 0, sizeof(f.files));
	f.nr_files = 0;
	fake_run(&f, CLEAN, &th);
	pthread_create(&th2, NULL, ship_thread, &t);
	ret = lttd_ship_pending(&t, &shipped, err, sizeof(err));
	pthread_join(th2, NULL);
	pthread_join(th, NULL);
	ok(ret == 0 && other_ret == 0 && shipped + other_shipped == 1,
	   "two shippers at once: one ships it, once (%d %u, %d %u: %s)", ret,
	   shipped, other_ret, other_shipped, err);

	snprintf(p, sizeof(p), "rm -rf '%s'", spool);
	if (system(p))
		diag("cannot remove %s", spool);
	close(f.lc);
	close(f.ld);
	done_testing();
	return exit_status();
}
