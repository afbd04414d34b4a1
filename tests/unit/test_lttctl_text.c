// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl's pure text helpers (tools/lttctl/text.c): durations read and
 * written back, sizes written exactly, and the quoting of session files
 * (lttctl save) read back by poptParseArgvString() (lttctl load) into
 * the same words, and by sh too.
 */
#include <errno.h>
#include <popt.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "ltt-ctl.h"
#include "text.h"
#include "units.h"
#include "geometry.h"

static void test_durations(void)
{
	uint64_t us = 0;
	char buf[32];

	ok(!text_parse_duration("30s", 0, &us) && us == 30 * US_PER_S, "30s");
	ok(!text_parse_duration("10m", 0, &us) && us == 600 * US_PER_S, "10m");
	ok(!text_parse_duration("1h", 0, &us) && us == 3600 * US_PER_S, "1h");
	ok(!text_parse_duration("2d", 0, &us) && us == 172800 * US_PER_S, "2d");
	ok(!text_parse_duration("250ms", 0, &us) && us == 250000, "250ms");
	ok(!text_parse_duration("7us", 0, &us) && us == 7, "7us");
	ok(text_parse_duration("30", 0, &us) == -EINVAL, "a bare number needs a unit");
	ok(!text_parse_duration("30", 1000, &us) && us == 30000,
	   "a bare number in the caller's unit");
	ok(text_parse_duration("1w", 0, &us) == -EINVAL, "unknown unit refused");
	ok(text_parse_duration("-1s", 0, &us) == -EINVAL, "negative refused");
	ok(text_parse_duration("", 0, &us) == -EINVAL, "empty refused");
	ok(text_parse_duration("999999999999999d", 0, &us) == -ERANGE,
	   "overflow refused");
	ok(!strcmp(text_fmt_duration(3600 * US_PER_S, buf, sizeof(buf)), "1h"), "1h written");
	ok(!strcmp(text_fmt_duration(90 * US_PER_S, buf, sizeof(buf)), "90s"), "90s written");
	ok(!strcmp(text_fmt_duration(1500000, buf, sizeof(buf)), "1500ms"), "1500ms written");
	ok(!strcmp(text_fmt_duration(86400 * US_PER_S * 3, buf, sizeof(buf)), "3d"), "3d written");
	ok(!strcmp(text_fmt_duration(0, buf, sizeof(buf)), "0s"), "0 written");
	for (us = 1; us < 10 * 86400 * US_PER_S; us = us * 7 + 3) {
		uint64_t back = 0;

		text_fmt_duration(us, buf, sizeof(buf));
		if (text_parse_duration(buf, 0, &back) || back != us)
			break;
	}
	ok(us >= 10 * 86400 * US_PER_S, "durations read back as written");
}

static void test_sizes(void)
{
	uint64_t v, back;
	char buf[32];

	ok(!strcmp(text_fmt_size(64 << 10, buf, sizeof(buf)), "64k"), "64k");
	ok(!strcmp(text_fmt_size(3ULL << 30, buf, sizeof(buf)), "3G"), "3G");
	ok(!strcmp(text_fmt_size(1536 << 10, buf, sizeof(buf)), "1536k"), "1536k");
	ok(!strcmp(text_fmt_size(1000, buf, sizeof(buf)), "1000"), "1000");
	for (v = 1; v < (1ULL << 50); v = v * 3 + 1024) {
		text_fmt_size(v, buf, sizeof(buf));
		if (ltt_parse_size(buf, &back) || back != v)
			break;
	}
	ok(v >= (1ULL << 50), "sizes read back by ltt_parse_size() as written");
	ok(!text_parse_uint("42", 100, &v) && v == 42, "count 42");
	ok(text_parse_uint("4k", 100, &v) == -EINVAL, "a count takes no suffix");
	ok(text_parse_uint("101", 100, &v) == -ERANGE, "a count above its bound");
}

/* word quoted, then split by popt: the word alone again */
static bool popt_round_trip(const char *word)
{
	char *q = text_quote(word), *line;
	const char **argv;
	int argc;
	bool same;

	if (!q || asprintf(&line, "enable -c k %s --x", q) < 0)
		return false;
	same = !poptParseArgvString(line, &argc, &argv) && argc == 5 &&
	       !strcmp(argv[3], word) && !strcmp(argv[4], "--x");
	if (!same)
		diag("'%s' quoted as %s", word, q);
	if (argc)
		free(argv);
	free(line);
	free(q);
	return same;
}

/* word quoted, then read by sh: printf '%s' WORD prints the word */
static bool sh_round_trip(const char *word)
{
	char *q = text_quote(word), *cmd, out[1100] = "";
	size_t n = 0;
	FILE *p;

	if (!q || asprintf(&cmd, "printf '%%s' %s", q) < 0)
		return false;
	p = popen(cmd, "r");
	if (p) {
		n = fread(out, 1, sizeof(out) - 1, p);
		pclose(p);
	}
	out[n] = '\0';
	free(cmd);
	free(q);
	return !strcmp(out, word);
}

static void test_quoting(void)
{
	static const char *const words[] = {
		"sched_switch", "sched_*", "/var/log/ltt/night", "a b",
		"it's", "back\\slash", "\\", "'", "''", "\"", "x\\*y",
		"filename == \"/etc/*\" && $ctx.procname != \"it's \\\\ odd\"",
		"$HOME", "`id`", "a\tb", "tail\\", "-s", "--filter", "x=1,y=2",
		"~user", "#not a comment", "semi;colon", "(paren)",
	};
	bool popt_ok = true, sh_ok = true;
	size_t i;
	char *q;

	q = text_quote("sched_switch");
	ok(q && !strcmp(q, "sched_switch"), "a safe word stays as it is");
	free(q);
	q = text_quote("sched_*");
	ok(q && !strcmp(q, "'sched_*'"), "a pattern in single quotes");
	free(q);
	q = text_quote("it's");
	ok(q && !strcmp(q, "'it'\\''s'"), "a quote outside the quotes");
	free(q);
	q = text_quote("a\\b");
	ok(q && !strcmp(q, "'a'\\\\'b'"), "a backslash outside the quotes");
	free(q);
	ok(!text_quote("") && errno == EINVAL, "an empty word cannot be written");
	ok(!text_quote("a\nb") && errno == EINVAL, "nor a line break");
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		popt_ok &= popt_round_trip(words[i]);
		sh_ok &= sh_round_trip(words[i]);
	}
	ok(popt_ok, "poptParseArgvString reads every quoted word back");
	ok(sh_ok, "sh reads every quoted word back");
}

/* units-kernel.c: the same sources built as ltt.ko builds them */
int kernel_units_size(const char *s, uint64_t *bytes);
int kernel_units_duration(const char *s, uint64_t bare_ns, uint64_t *ns);
int kernel_geometry_check(uint64_t subbuf_size, uint32_t num_subbuf,
			  unsigned long page_size, enum ltt_geometry_param *param,
			  char *why, size_t len);

/* Every text read by both builds: the same answer, the same value. */
static void test_both_builds(void)
{
	static const char *const texts[] = {
		"64k", "1M", "2GiB", "3G", "4096", "0", "1x", "1kb", "", "k",
		"18446744073709551615", "18446744073709551616", "17179869184G",
		"100ms", "5ns", "7us", "2d", "3h", "10m", "30s", "7", "5 s",
		"99999999999999999999s", "300000d", "-1s", "1w",
	};
	enum ltt_geometry_param pu = 0, pk = 0;
	char wu[64], wk[64];
	unsigned int i, same = 0;
	uint64_t u, k;
	int ru, rk;

	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		u = k = 1;
		ru = ltt_units_size(texts[i], &u);
		rk = kernel_units_size(texts[i], &k);
		same += ru == rk && u == k;
		u = k = 1;
		ru = ltt_units_duration(texts[i], 1000, &u);
		rk = kernel_units_duration(texts[i], 1000, &k);
		same += ru == rk && u == k;
	}
	ok(same == 2 * i, "units: the kernel's build reads %u texts as the tools' does", i);
	same = 0;
	for (i = 0; i < 64; i++) {
		uint64_t size = i < 32 ? 1ULL << (i % 32) : 3000 + i;
		uint32_t num = (uint32_t)(i % 7);

		wu[0] = wk[0] = 0;
		ru = ltt_geometry_check(size, num, 4096, &pu, wu, sizeof(wu));
		rk = kernel_geometry_check(size, num, 4096, &pk, wk, sizeof(wk));
		same += ru == rk && (!ru || (pu == pk && !strcmp(wu, wk)));
	}
	ok(same == 64, "geometry: the kernel's build judges 64 geometries as the tools' does");
}

/*
 * common/units.c, the one parser of sizes and durations: the kernel's
 * boot parameters read the same text the same way.
 */
static void test_units(void)
{
	uint64_t v = 0, us = 0;

	ok(!ltt_units_size("64k", &v) && v == 65536, "units: 64k");
	ok(!ltt_units_size("1M", &v) && v == 1048576, "units: 1M");
	ok(!ltt_units_size("2GiB", &v) && v == 2ULL << 30, "units: 2GiB");
	ok(!ltt_units_size("4096", &v) && v == 4096, "units: 4096");
	ok(!ltt_units_size("18446744073709551615", &v) && v == UINT64_MAX,
	   "units: 2^64 - 1");
	ok(ltt_units_size("18446744073709551616", &v) == -ERANGE,
	   "units: 2^64 refused (-ERANGE)");
	ok(ltt_units_size("17179869184G", &v) == -ERANGE,
	   "units: 2^34 G refused (-ERANGE)");
	ok(ltt_units_size("1x", &v) == -EINVAL, "units: 1x refused");
	ok(ltt_units_size("1kb", &v) == -EINVAL, "units: 1kb refused");
	ok(ltt_units_size("", &v) == -EINVAL && ltt_units_size("k", &v) == -EINVAL,
	   "units: no digits refused");
	ok(ltt_units_size(NULL, &v) == -EINVAL, "units: NULL refused");
	ok(!ltt_units_duration("100ms", 0, &v) && v == 100000000ULL,
	   "units: 100ms in ns");
	ok(!ltt_units_duration("5ns", 0, &v) && v == 5, "units: 5ns");
	ok(!ltt_units_duration("2d", 0, &v) && v == 172800000000000ULL,
	   "units: 2d in ns");
	ok(ltt_units_duration("7", 0, &v) == -EINVAL, "units: bare, no default unit: refused");
	ok(!ltt_units_duration("7", 1000, &v) && v == 7000, "units: bare, in the caller's unit");
	ok(ltt_units_duration("99999999999999999999s", 0, &v) == -ERANGE,
	   "units: too many digits refused (-ERANGE)");
	ok(ltt_units_duration("300000d", 0, &v) == -ERANGE,
	   "units: 300000 days in ns refused (-ERANGE)");
	ok(ltt_units_duration("5 s", 0, &v) == -EINVAL, "units: a space refused");
	ok(!text_parse_duration("2000ns", 0, &us) && us == 2,
	   "lttctl: 2000ns is 2 us");
	ok(text_parse_duration("1500ns", 0, &us) == -EINVAL,
	   "lttctl: 1500ns refused: not whole microseconds");
}

/* common/geometry.c: the rule of every front door, in its words */
static void test_geometry(void)
{
	enum ltt_geometry_param p = LTT_GEOMETRY_NUM_SUBBUF;
	char why[64] = "";

	ok(!ltt_geometry_check(4096, 2, 4096, &p, why, sizeof(why)),
	   "geometry: 4 KiB x 2 with 4 KiB pages");
	ok(!ltt_geometry_check(1 << 20, 64, 4096, &p, why, sizeof(why)),
	   "geometry: 1 MiB x 64");
	ok(ltt_geometry_check(3000, 4, 4096, &p, why, sizeof(why)) == -EINVAL &&
	   p == LTT_GEOMETRY_SUBBUF_SIZE &&
	   !strcmp(why, "not a power of two of at least 4096 bytes"),
	   "geometry: 3000 bytes: the sub-buffer size, said");
	ok(ltt_geometry_check(2048, 4, 4096, &p, why, sizeof(why)) == -EINVAL &&
	   p == LTT_GEOMETRY_SUBBUF_SIZE, "geometry: below a page");
	ok(ltt_geometry_check(0, 4, 4096, &p, why, sizeof(why)) == -EINVAL &&
	   p == LTT_GEOMETRY_SUBBUF_SIZE, "geometry: 0 bytes");
	ok(ltt_geometry_check(8192, 3, 4096, &p, why, sizeof(why)) == -EINVAL &&
	   p == LTT_GEOMETRY_NUM_SUBBUF &&
	   !strcmp(why, "not a power of two of at least 2"),
	   "geometry: 3 sub-buffers: the count, said");
	ok(ltt_geometry_check(8192, 1, 4096, &p, why, sizeof(why)) == -EINVAL &&
	   p == LTT_GEOMETRY_NUM_SUBBUF, "geometry: 1 sub-buffer");
	ok(ltt_geometry_check(3000, 3, 4096, &p, why, sizeof(why)) == -EINVAL &&
	   p == LTT_GEOMETRY_SUBBUF_SIZE, "geometry: both wrong: the size first");
}

int main(void)
{
	plan(65);
	test_units();
	test_geometry();
	test_both_builds();
	test_durations();
	test_sizes();
	test_quoting();
	return exit_status();
}
