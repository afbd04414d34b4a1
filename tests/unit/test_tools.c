// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tools' pure helpers: size parsing (tools/lib/util.c) and lttd's scan
 * of a stream file left by an earlier run (tools/lttd/resume.c): whole
 * packets kept, a partial one cut, a foreign file refused.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include "tap.h"
#include "ltt-ctl.h"
#include "resume.h"

static const uint8_t uuid[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };

static void put_packet(int fd, uint64_t seq, uint32_t size, const uint8_t *id)
{
	char *p = calloc(1, size);
	struct ltt_packet_header h = {
		.magic = LTT_PACKET_MAGIC,
		.packet_size = (uint64_t)size * 8,
		.content_size = sizeof(h) * 8,
		.packet_seq_num = seq,
	};

	memcpy(h.uuid, id, sizeof(h.uuid));
	memcpy(p, &h, sizeof(h));
	if (write(fd, p, size) != size)
		abort();
	free(p);
}

static int tmpfile_fd(void)
{
	char path[] = "/tmp/ltt-test-XXXXXX";
	int fd = mkstemp(path);

	if (fd < 0)
		abort();
	unlink(path);
	return fd;
}

static void test_sizes(void)
{
	uint64_t v = 0;

	ok(!ltt_parse_size("4096", &v) && v == 4096, "parse 4096");
	ok(!ltt_parse_size("64k", &v) && v == 65536, "parse 64k");
	ok(!ltt_parse_size("1M", &v) && v == 1 << 20, "parse 1M");
	ok(!ltt_parse_size("2MiB", &v) && v == 2 << 20, "parse 2MiB");
	ok(!ltt_parse_size("1g", &v) && v == 1ULL << 30, "parse 1g");
	ok(ltt_parse_size("", &v) == -EINVAL, "empty refused");
	ok(ltt_parse_size("-1", &v) == -EINVAL, "negative refused");
	ok(ltt_parse_size("12q", &v) == -EINVAL, "unknown suffix refused");
	ok(ltt_parse_size("1kk", &v) == -EINVAL, "double suffix refused");
	ok(ltt_parse_size("99999999999999999999", &v) == -ERANGE, "overflow refused");
	ok(ltt_parse_size("17179869184G", &v) == -ERANGE, "overflow by suffix refused");
}

static void test_scan(void)
{
	uint8_t other[16] = { 9 };
	struct lttd_scan s;
	int fd;

	fd = tmpfile_fd();
	ok(lttd_scan_file(fd, uuid, &s) == 0 && s.keep == 0 && !s.have_seq,
	   "empty file: nothing to keep");
	put_packet(fd, 0, 4096, uuid);
	put_packet(fd, 1, 4096, uuid);
	put_packet(fd, 2, 8192, uuid);
	ok(lttd_scan_file(fd, uuid, &s) == 0 && s.keep == 16384 &&
	   s.have_seq && s.last_seq == 2, "three whole packets, last seq 2");
	if (write(fd, "partial", 7) != 7)
		abort();
	ok(lttd_scan_file(fd, uuid, &s) == 0 && s.keep == 16384 &&
	   s.size == 16391, "a tail shorter than a header is cut");
	close(fd);

	fd = tmpfile_fd();
	put_packet(fd, 5, 4096, uuid);
	put_packet(fd, 6, 8192, uuid);
	if (ftruncate(fd, 4096 + 100))
		abort();
	ok(lttd_scan_file(fd, uuid, &s) == 0 && s.keep == 4096 &&
	   s.last_seq == 5, "a packet cut short is dropped");
	close(fd);

	fd = tmpfile_fd();
	put_packet(fd, 0, 4096, uuid);
	put_packet(fd, 1, 4096, other);
	ok(lttd_scan_file(fd, uuid, &s) == -EEXIST && s.keep == 4096,
	   "a packet of another trace is refused, where it starts");
	close(fd);

	fd = tmpfile_fd();
	{
		char junk[128];

		memset(junk, 'x', sizeof(junk));	/* no packet magic */
		if (write(fd, junk, sizeof(junk)) != sizeof(junk))
			abort();
	}
	ok(lttd_scan_file(fd, uuid, &s) == -EEXIST && s.keep == 0,
	   "a file that is no trace is refused");
	close(fd);
}

/* A trigger's snapshot directories: snapshot-N-DATE-TIME, N counting on
 * from the highest there, whatever else the output holds. */
static void test_snapshot_dir(void)
{
	char tmpl[] = "/tmp/ltt-snapdir-XXXXXX", out[512], path[600], cmd[700];
	time_t when = 1767225600;	/* 2026-01-01 00:00:00 UTC */
	struct stat st;
	char *root = mkdtemp(tmpl);

	setenv("TZ", "UTC", 1);
	tzset();
	snprintf(out, sizeof(out), "%s/out/deeper", root);
	ok(!ltt_snapshot_dir(out, when, path, sizeof(path)) &&
	   !strcmp(path + strlen(out), "/snapshot-1-20260101-000000") &&
	   !stat(path, &st) && S_ISDIR(st.st_mode),
	   "the first: snapshot-1-DATE-TIME, its output made");
	ok(!ltt_snapshot_dir(out, when, path, sizeof(path)) &&
	   !strcmp(path + strlen(out), "/snapshot-2-20260101-000000"),
	   "the second in the same second: snapshot-2");
	snprintf(cmd, sizeof(cmd), "mkdir %s/snapshot-9-x %s/snapshot-x-1 %s/kernel %s/snapshot-10",
		 out, out, out, out);
	ok(!system(cmd), "other entries made");
	ok(!ltt_snapshot_dir(out, when + 61, path, sizeof(path)) &&
	   !strcmp(path + strlen(out), "/snapshot-10-20260101-000101"),
	   "after snapshot-9-*: snapshot-10 (names not of the form ignored)");
	ok(ltt_snapshot_dir(out, when, path, 10) == -ENAMETOOLONG,
	   "a buffer too short: -ENAMETOOLONG");
	snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
	ok(!system(cmd), "cleaned up");
}

/* names of v marked for removal, in order: "a b c" */
static const char *victims(struct ltt_snapshot_entry *v, unsigned int n,
			   uint32_t keep, uint64_t keep_size,
			   unsigned long newest, unsigned int *count)
{
	static char buf[256];
	unsigned int i;
	size_t len = 0;

	*count = ltt_snapshot_victims(v, n, keep, keep_size, newest);
	buf[0] = 0;
	for (i = 0; i < n; i++)
		if (v[i].remove)
			len += snprintf(buf + len, sizeof(buf) - len, "%s%lu",
					len ? " " : "", v[i].number);
	return buf;
}

/* --keep-snapshots N and --keep-size: the oldest (lowest N) go first,
 * the one just written never; the directories themselves removed. */
static void test_snapshot_prune(void)
{
	struct ltt_snapshot_entry v[5];
	unsigned long nums[5] = { 10, 2, 7, 3, 1 };
	char tmpl[] = "/tmp/ltt-snapprune-XXXXXX", cmd[700], path[600];
	char *root = mkdtemp(tmpl);
	unsigned int i, c;
	struct stat st;
	FILE *f;

	for (i = 0; i < 5; i++)
		v[i] = (struct ltt_snapshot_entry){ .number = nums[i],
						    .bytes = 100 };
	ok(!strcmp(victims(v, 5, 2, 0, 10, &c), "1 2 3") && c == 3,
	   "keep 2 of 1,2,3,7,10: 1, 2 and 3 go, the oldest first");
	ok(!strcmp(victims(v, 5, 0, 0, 10, &c), "") && c == 0,
	   "no limit: nothing goes");
	ok(!strcmp(victims(v, 5, 0, 250, 10, &c), "1 2 3") && c == 3,
	   "at most 250 bytes of 5 x 100: the 3 oldest go");
	ok(!strcmp(victims(v, 5, 4, 350, 10, &c), "1 2") && c == 2,
	   "keep 4 and 350 bytes: the stricter (size) holds");
	ok(!strcmp(victims(v, 5, 1, 0, 3, &c), "1 2 7 10") && c == 4,
	   "keep 1, just written 3 (lower than others): only 3 stays");
	ok(!strcmp(victims(v, 5, 0, 50, 10, &c), "1 2 3 7") && c == 4,
	   "a size below one snapshot: the newest stays alone");

	for (i = 1; i <= 4; i++) {
		snprintf(path, sizeof(path), "%s/snapshot-%u-20260101-00000%u/kernel",
			 root, i, i);
		ltt_mkdirs(path);
		snprintf(path + strlen(path), sizeof(path) - strlen(path),
			 "/metadata");
		f = fopen(path, "w");
		if (f) {
			fputs("/* CTF 1.8 */\n", f);
			fclose(f);
		}
	}
	snprintf(cmd, sizeof(cmd), "mkdir %s/snapshot-x %s/archives && touch %s/snapshot-5-file",
		 root, root, root);
	ok(!system(cmd), "4 snapshot directories with files, and other entries");
	snprintf(path, sizeof(path), "%s/snapshot-4-20260101-000004", root);
	ok(ltt_snapshot_prune(root, 2, 0, path) == 2,
	   "prune to 2: 2 removed");
	snprintf(cmd, sizeof(cmd), "cd %s && [ \"$(ls | tr '\\n' ' ')\" = \"archives snapshot-3-20260101-000003 snapshot-4-20260101-000004 snapshot-5-file snapshot-x \" ]",
		 root);
	ok(!system(cmd), "the 2 newest are left, and every other entry");
	ok(ltt_snapshot_prune(root, 2, 0, path) == 0, "pruned again: none");
	ok(ltt_snapshot_prune(root, 0, 0, NULL) == 0, "no limit: none");
	snprintf(path, sizeof(path), "%s/snapshot-3-20260101-000003/kernel/metadata",
		 root);
	ok(!stat(path, &st), "what is kept is whole");
	snprintf(path, sizeof(path), "%s/missing", root);
	ok(ltt_snapshot_prune(path, 2, 0, NULL) == -ENOENT,
	   "an output that does not exist: -ENOENT");
	snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
	ok(!system(cmd), "cleaned up");
}

/*
 * The output string lttctl of ABI 1.8 wrote (tools/lib/output.c), which
 * lttctl and lttd still read for a session it made: every form it wrote.
 */
static void test_output(void)
{
	struct ltt_output b;

	ok(!ltt_output_decode("/t/x\nrelay net://h:1:2\nlive 500000", &b) &&
	   !strcmp(b.dir, "/t/x") && !strcmp(b.url, "net://h:1:2") &&
	   b.live_us == 500000, "a directory, a relay and a live period");
	ltt_output_free(&b);
	ok(!ltt_output_decode("/dev/null\nrelay net://h:1:2", &b) && !b.dir &&
	   !strcmp(b.url, "net://h:1:2") && !b.live_us,
	   "the relay only: no directory");
	ltt_output_free(&b);
	ok(ltt_output_decode("/x\nlive 5", &b) == -EINVAL,
	   "a live period without a relay is refused");
	ok(ltt_output_decode("/x\nrelay net://h\nfoo", &b) == -EINVAL,
	   "an unknown line is refused");
	ok(ltt_output_decode("/x\nrelay net://h\nlive 5x", &b) == -EINVAL,
	   "a bad period is refused");
}

/* lttd's supervisor's status file, as lttctl status reads it (output.c) */
static void test_lttd_status(void)
{
	char dir[] = "/tmp/ltt-unit-run-XXXXXX", path[4096];
	struct ltt_lttd_status st;
	FILE *f;

	ok(mkdtemp(dir) != NULL, "a run directory");
	setenv("LTT_RUN_DIR", dir, 1);
	ok(ltt_lttd_status_read("s1", &st) == -ENOENT, "no file: -ENOENT");
	ok(!ltt_lttd_status_path("s1", path, sizeof(path)) &&
	   !strcmp(path + strlen(dir), "/lttd-s1"), "its path: DIR/lttd-s1");
	f = fopen(path, "w");
	fprintf(f, "uuid 0102030405060708090a000000000000\nsupervisor 12\n"
		"worker 13\nrestarts 2\nlast_time 345\n"
		"last_cause killed by signal 9\nfuture 1\n");
	fclose(f);
	ok(!ltt_lttd_status_read("s1", &st) && st.have_uuid &&
	   !memcmp(st.uuid, uuid, 16) && st.supervisor_pid == 12 &&
	   st.worker_pid == 13 && st.restarts == 2 && st.last_time == 345 &&
	   !strcmp(st.last_cause, "killed by signal 9"),
	   "every field read, an unknown line skipped");
	f = fopen(path, "w");
	fprintf(f, "uuid 01zz\nrestarts 1\n");
	fclose(f);
	ok(!ltt_lttd_status_read("s1", &st) && !st.have_uuid && st.restarts == 1,
	   "a bad uuid: none (the file is no session's)");
	unlink(path);
	rmdir(dir);
	unsetenv("LTT_RUN_DIR");
}

int main(void)
{
	plan(47);
	test_sizes();
	test_scan();
	test_snapshot_dir();
	test_snapshot_prune();
	test_output();
	test_lttd_status();
	return exit_status();
}
