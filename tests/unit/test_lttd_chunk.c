// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd's pure policies: chunk and archive names (LTTng's, local time with
 * its offset), which archives --keep-chunks/--keep-size delete
 * (tools/lttd/chunk-policy.c), and how a stream is cut into trace files
 * by tracefile_size/tracefile_count (tools/lttd/tracefile.c).
 */
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
	ok(a[0].id == 0 && a[1].id == 2 && a[4].id == 9, "sorted by id");
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

int main(void)
{
	test_times();
	test_names();
	test_keep();
	test_tracefiles();
	done_testing();
	return exit_status();
}
