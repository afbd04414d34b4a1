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

int main(void)
{
	plan(34);
	test_durations();
	test_sizes();
	test_quoting();
	return exit_status();
}
