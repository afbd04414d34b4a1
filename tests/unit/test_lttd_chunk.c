// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd's pure policies: chunk and archive names (LTTng's, local time with
 * its offset), which archives --keep-chunks/--keep-size delete
 * (tools/lttd/chunk-policy.c), and how a stream is cut into trace files
 * by tracefile_size/tracefile_count (tools/lttd/tracefile.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tap.h"
#include "chunk-policy.h"
#include "tracefile.h"

/* 2017-11-19 20:24:07 UTC, LTTng's example chunk: 15:24:07 at -0500 */
#define T0	1511123047

static void test_times(void)
{
	char buf[LTTD_CHUNK_TIME_LEN];
	time_t t = 0;

	setenv("TZ", "UTC", 1);
	tzset();
	ok(!lttd_chunk_time(buf, T0) && !strcmp(buf, "20171119T202407+0000"),
	   "UTC time: %s", buf);
	setenv("TZ", "EST5", 1);
	tzset();
	ok(!lttd_chunk_time(buf, T0) && !strcmp(buf, "20171119T152407-0500"),
	   "a negative offset, as LTTng's example: %s", buf);
	ok(!lttd_chunk_time_parse(buf, &t) && t == T0, "parsed back");
	setenv("TZ", "IST-5:30", 1);
	tzset();
	ok(!lttd_chunk_time(buf, T0) && !strcmp(buf, "20171120T015407+0530"),
	   "a half-hour offset, past midnight: %s", buf);
	ok(!lttd_chunk_time_parse(buf, &t) && t == T0, "parsed back");
	ok(lttd_chunk_time_parse("20171119T152407", &t) < 0,
	   "a time without its offset is refused");
	ok(lttd_chunk_time_parse("20171319T152407-0500", &t) < 0,
	   "month 13 is refused");
	ok(lttd_chunk_time_parse("2017111xT152407-0500", &t) < 0,
	   "a letter in the date is refused");
	setenv("TZ", "UTC", 1);
	tzset();
}

static void test_names(void)
{
	char buf[LTTD_CHUNK_NAME_LEN], begin[LTTD_CHUNK_TIME_LEN];
	const char *b = "20171119T151422-0500", *e = "20171119T152407-0500";
	uint64_t id = 0;

	ok(!lttd_chunk_name(buf, sizeof(buf), b, 3) &&
	   !strcmp(buf, "20171119T151422-0500-3"), "chunk name %s", buf);
	ok(lttd_chunk_name_parse(buf, begin, &id) && id == 3 &&
	   !strcmp(begin, b), "chunk name parsed");
	ok(!lttd_archive_name(buf, sizeof(buf), b, e, 3) &&
	   !strcmp(buf, "20171119T151422-0500-20171119T152407-0500-3"),
	   "archive name %s", buf);
	ok(lttd_archive_name_parse(buf, &id) && id == 3, "archive name parsed");
	ok(!lttd_chunk_name_parse(buf, NULL, &id),
	   "an archive is not a chunk being written");
	ok(!lttd_archive_name(buf, sizeof(buf), b, e, UINT64_MAX) &&
	   lttd_archive_name_parse(buf, &id) && id == UINT64_MAX,
	   "the largest id fits LTTD_CHUNK_NAME_LEN");
	ok(lttd_archive_name(buf, 20, b, e, 3) < 0, "a short buffer is refused");
	ok(!lttd_archive_name_parse("kernel", &id), "kernel is no archive");
	ok(!lttd_archive_name_parse("20171119T151422-0500-20171119T152407-0500-",
				    &id), "an archive without id");
	ok(!lttd_archive_name_parse("20171119T151422-0500-20171119T152407-0500-3x",
				    &id), "an archive with junk after its id");
	ok(!lttd_archive_name_parse("20171119T151422-0500-20171119T152407-0500-99999999999999999999",
				    &id), "an id past 64 bits");
	ok(!lttd_chunk_name_parse("20171119T151422-0500-", NULL, &id),
	   "a chunk without id");
}

static void set(struct lttd_archive *a, size_t n, const uint64_t *bytes)
{
	size_t i;

	for (i = 0; i < n; i++) {
		memset(&a[i], 0, sizeof(a[i]));		/* the same times */
		a[i].id = i + 1;
		a[i].bytes = bytes[i];
		snprintf(a[i].name, sizeof(a[i].name), "a%zu", i);
	}
}

static void test_keep(void)
{
	static const uint64_t sz[5] = { 100, 200, 300, 400, 500 };
	struct lttd_archive a[5];

	set(a, 5, sz);
	ok(lttd_archives_to_delete(a, 5, 0, 0) == 0, "no limit: keep all");
	ok(lttd_archives_to_delete(a, 5, 2, 0) == 3, "keep 2 of 5: delete 3");
	ok(lttd_archives_to_delete(a, 5, 5, 0) == 0, "keep 5 of 5");
	ok(lttd_archives_to_delete(a, 5, 9, 0) == 0, "keep 9 of 5");
	ok(lttd_archives_to_delete(a, 5, 0, 1500) == 0, "1500 bytes: all fit");
	ok(lttd_archives_to_delete(a, 5, 0, 1499) == 1,
	   "1499 bytes: the oldest goes");
	ok(lttd_archives_to_delete(a, 5, 0, 900) == 3,
	   "900 bytes: the newest two (900) stay");
	ok(lttd_archives_to_delete(a, 5, 0, 899) == 4,
	   "899 bytes: the newest (500) alone");
	ok(lttd_archives_to_delete(a, 5, 0, 1) == 4,
	   "1 byte: the newest is still kept");
	ok(lttd_archives_to_delete(a, 5, 4, 1200) == 2,
	   "both limits: the stricter wins (size)");
	ok(lttd_archives_to_delete(a, 5, 1, 1200) == 4,
	   "both limits: the stricter wins (count)");
	ok(lttd_archives_to_delete(a, 0, 1, 1) == 0, "no archive");

	a[0].id = 9;
	a[3].id = 0;
	lttd_archives_sort(a, 5);
	ok(a[0].id == 0 && a[1].id == 2 && a[4].id == 9,
	   "the same times: sorted by id");
}

/* archive i of a[]: id, END (BEGIN an hour before), the running trace's? */
static void arch(struct lttd_archive *a, uint64_t id, time_t end, bool running)
{
	memset(a, 0, sizeof(*a));
	a->id = id;
	a->end = end;
	a->begin = end - 3600;
	a->running = running;
	a->bytes = 100;
	snprintf(a->name, sizeof(a->name), "%llu", (unsigned long long)id);
}

/*
 * Issue 35: across boots, archives are ordered by time, never by chunk
 * id; what the running session archived goes after every other trace's.
 */
static void test_keep_boots(void)
{
	struct lttd_archive a[6];
	time_t begin, end;
	uint64_t id;

	/*
	 * Boot 1's chunks 0..3 (an older lttd restarted ids at 0), its chunk
	 * 4 left by a reset and archived at boot 2's start; boot 2's chunks
	 * 0 and 1 (ids from 0 again, as before issue 35).
	 */
	arch(&a[0], 0, T0 + 200, true);		/* boot 2 */
	arch(&a[1], 2, T0 + 20, false);
	arch(&a[2], 1, T0 + 10, true);		/* boot 2, earlier */
	arch(&a[3], 4, T0 + 40, false);		/* boot 1's leftover */
	arch(&a[4], 3, T0 + 30, false);
	arch(&a[5], 1, T0 + 100000, false);	/* boot 1, a clock ahead */
	lttd_archives_sort(a, 6);
	ok(a[0].id == 2 && a[1].id == 3 && a[2].id == 4 && a[3].id == 1 &&
	   !a[3].running && a[4].id == 1 && a[4].running && a[5].id == 0,
	   "an earlier trace's archives first, by END; the running one's last, by END");
	ok(lttd_archives_to_delete(a, 6, 2, 0) == 4,
	   "keep 2: both of the running session stay, all four of the earlier go");
	ok(lttd_archives_to_delete(a, 6, 3, 0) == 3,
	   "keep 3: the earlier trace's newest by time (its clock ahead) stays");

	arch(&a[0], 7, T0 + 50, false);
	arch(&a[1], 7, T0 + 50, false);
	a[1].begin = T0 + 40;
	arch(&a[2], 5, T0 + 50, false);
	a[2].begin = T0 + 40;
	lttd_archives_sort(a, 3);
	ok(a[0].begin == T0 - 3550 && a[1].id == 5 && a[2].id == 7 &&
	   a[2].begin == T0 + 40,
	   "the same END: by BEGIN, then by id");

	ok(lttd_archive_name_times("20171119T151422-0500-20171119T152407-0500-3",
				   &begin, &end, &id) &&
	   begin == T0 - 585 && end == T0 && id == 3,
	   "an archive's name gives BEGIN, END and id");
	ok(!lttd_archive_name_times("20171119T151422-0500-3", &begin, &end, &id),
	   "a chunk's name is no archive's");

	ok(!lttd_chunk_first_id(false, 0, &id) && id == 0,
	   "an empty directory: chunk 0");
	ok(!lttd_chunk_first_id(true, 0, &id) && id == 1,
	   "chunk 0 present: the first is 1");
	ok(!lttd_chunk_first_id(true, 41, &id) && id == 42,
	   "ids never repeat: one past the highest present");
	ok(lttd_chunk_first_id(true, UINT64_MAX, &id) == -EOVERFLOW,
	   "past the last id: EOVERFLOW");
}

static void test_uuid(void)
{
	static const char md[] =
		"/* CTF 1.8 */\n\ntypealias integer { size = 8; } := uint8_t;\n"
		"trace {\n\tmajor = 1;\n\tminor = 8;\n"
		"\tuuid = \"0123abcd-4567-89ef-0a1b-c2d3e4f5a6b7\";\n"
		"\tbyte_order = le;\n};\n";
	static const uint8_t want[16] = {
		0x01, 0x23, 0xab, 0xcd, 0x45, 0x67, 0x89, 0xef,
		0x0a, 0x1b, 0xc2, 0xd3, 0xe4, 0xf5, 0xa6, 0xb7,
	};
	static const char bad_digit[] =
		"trace {\n\tuuid = \"0123abcd-4567-89ef-0a1b-c2d3e4f5a6bz\";";
	static const char no_dash[] =
		"trace {\n\tuuid = \"0123abcd4567-89ef-0a1b-c2d3e4f5a6b7a\";";
	uint8_t u[16];

	ok(!lttd_metadata_uuid(md, strlen(md), u) && !memcmp(u, want, 16),
	   "the trace's uuid, from its metadata");
	ok(lttd_metadata_uuid(md, strstr(md, "a6b7") - md, u) == -ENOENT,
	   "a metadata cut within the uuid: none");
	ok(lttd_metadata_uuid(md, strstr(md, "trace {") - md, u) == -ENOENT,
	   "before the trace block: none");
	ok(lttd_metadata_uuid(bad_digit, strlen(bad_digit), u) == -ENOENT,
	   "a bad digit: none");
	ok(lttd_metadata_uuid(no_dash, strlen(no_dash), u) == -ENOENT,
	   "a dash missing: none");
}

static void test_tracefiles(void)
{
	struct lttd_tracefile_limits none = { 0, 0 }, sized = { 65536, 0 },
		counted = { 65536, 3 };
	struct lttd_tracefile_found f[3] = {
		{ .index = 0, .have_seq = true, .last_seq = 40 },
		{ .index = 1, .have_seq = true, .last_seq = 52 },
		{ .index = 2, .have_seq = true, .last_seq = 46 },
	};
	char p[64];
	uint64_t i = 0;

	ok(!lttd_tracefile_path(p, sizeof(p), "/t/kernel", "chan_1", &none, 7) &&
	   !strcmp(p, "/t/kernel/chan_1"), "no size: the plain name");
	ok(!lttd_tracefile_path(p, sizeof(p), "/t/kernel", "chan_1", &sized, 7) &&
	   !strcmp(p, "/t/kernel/chan_1_7"), "a size: <channel>_<cpu>_<i>");
	ok(lttd_tracefile_path(p, 12, "/t/kernel", "chan_1", &sized, 7) < 0,
	   "too long a path is refused");

	ok(!lttd_tracefile_cut(&none, 1 << 30, 4096), "no size: never cut");
	ok(!lttd_tracefile_cut(&sized, 0, 4096), "an empty file takes a packet");
	ok(!lttd_tracefile_cut(&sized, 0, 1 << 20),
	   "a packet bigger than the size gets a file alone");
	ok(lttd_tracefile_cut(&sized, 1 << 20, 4096),
	   "and the next packet a new file");
	ok(!lttd_tracefile_cut(&sized, 61440, 4096), "61440 + 4096 fits 64 KiB");
	ok(lttd_tracefile_cut(&sized, 61440, 4097), "61440 + 4097 does not");
	ok(lttd_tracefile_cut(&sized, 65536, 1), "a full file takes nothing");
	ok(lttd_tracefile_cut(&sized, 4096, UINT64_MAX - 100),
	   "a huge packet does not overflow the sum");

	ok(lttd_tracefile_next(&sized, 7) == 8, "no count: indexes grow");
	ok(lttd_tracefile_next(&counted, 0) == 1 &&
	   lttd_tracefile_next(&counted, 1) == 2 &&
	   lttd_tracefile_next(&counted, 2) == 0,
	   "a count of 3: 0, 1, 2, 0 (the oldest replaced)");

	ok(lttd_tracefile_index("chan_1_12", "chan_1", &i) && i == 12,
	   "chan_1_12 is index 12 of chan_1");
	ok(!lttd_tracefile_index("chan_1", "chan_1", &i), "the plain name");
	ok(!lttd_tracefile_index("chan_1_", "chan_1", &i), "no digits");
	ok(!lttd_tracefile_index("chan_1_1x", "chan_1", &i), "junk");
	ok(!lttd_tracefile_index("chan_12_1", "chan_1", &i), "another stream");
	ok(!lttd_tracefile_index("chan_1_99999999999999999999", "chan_1", &i),
	   "an index past 64 bits");

	ok(lttd_tracefile_newest(f, 3) == 1,
	   "resume in the file with the highest packet_seq_num");
	f[1].have_seq = false;
	ok(lttd_tracefile_newest(f, 3) == 2, "a file without packets is not it");
	f[0].have_seq = f[2].have_seq = false;
	ok(lttd_tracefile_newest(f, 3) == -1, "no packet anywhere");
}

/* The supervisor's waits before a restart (supervise.c). */
static void test_restart_delay(void)
{
	static const unsigned int want[] = { 1, 2, 4, 8, 16, 32, 60, 60, 60 };
	unsigned int d = 0, i;
	bool same = true;

	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		d = lttd_restart_delay(d, 2.0);
		if (d != want[i]) {
			diag("restart %u: %u s, not %u", i + 1, d, want[i]);
			same = false;
		}
	}
	ok(same, "restarts of a worker that dies at once: 1, 2, 4 ... 32, then 60 s");
	ok(lttd_restart_delay(60, 299.9) == 60,
	   "a worker that ran less than 5 minutes: the wait stays 60 s");
	ok(lttd_restart_delay(60, 300) == 1,
	   "a worker that ran 5 minutes: 1 s again");
	ok(lttd_restart_delay(8, 1e6) == 1, "and from any wait");
	ok(lttd_restart_delay(0, 0) == 1, "the first restart: 1 s");
}

int main(void)
{
	test_times();
	test_names();
	test_keep();
	test_keep_boots();
	test_uuid();
	test_tracefiles();
	test_restart_delay();
	done_testing();
	return exit_status();
}
