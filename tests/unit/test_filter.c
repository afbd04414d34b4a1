// SPDX-License-Identifier: GPL-2.0-only
/*
 * Filters end to end in userspace: expressions compiled by lttctl's
 * compiler (common/filter-compile.c), linked and run by the kernel's
 * code (src/filter-link.c, src/filter-run.c) on an event's values, against
 * the result worked out by hand; every error message with its column;
 * the limits; and a fuzzer (random token soups and bytes, a fixed number
 * of seeded rounds): the compiler never crashes (ASan/UBSan build), and
 * every program it produces is one the kernel accepts.
 * Every expression is compiled by the compiler's kernel build too
 * (filter-compile-kernel.c): the same program, byte for byte, or the same
 * error. Floating literals, read without floating point, are checked
 * against strtod() (what lttctl read them with before) on a table and on
 * random literals.
 */
#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "../../src/filter.h"
#include "../../tools/lib/filter-dump.h"

#include "../../src/filter-link.c"
#include "../../src/filter-run.c"

long ltt_fstr(char *dst, const char *src, long n, bool user)
{
	long i;

	for (i = 0; i < n; i++) {
		dst[i] = src[i];
		if (!src[i])
			return i;
	}
	return n;
}

static const struct ltt_field_desc fields[] = {
	{ .name = "x", .kind = LTT_FIELD_INTEGER, .size = 4, .is_signed = 1 },
	{ .name = "y", .kind = LTT_FIELD_INTEGER, .size = 8 },
	{ .name = "next_tid", .kind = LTT_FIELD_INTEGER, .size = 4, .is_signed = 1 },
	{ .name = "filename", .kind = LTT_FIELD_STRING },
	{ .name = "comm", .kind = LTT_FIELD_ARRAY, .size = 1, .length = 16 },
};
#define NR_FIELDS	5

static struct ltt_fvalue vals[NR_FIELDS];

static int ctx_get(void *priv, unsigned int id, struct ltt_fvalue *v)
{
	static char procname[16] = "nginx";

	if (id == LTT_CONTEXT_PROCNAME) {
		v->type = LTT_FV_KSTR;
		v->str = procname;
		v->len = sizeof(procname);
		return 0;
	}
	v->type = LTT_FV_INT;
	v->i = id == LTT_CONTEXT_VPID ? 42 : 7;
	return 0;
}

static struct ltt_filter_error err;

/* ---- the kernel's build ---------------------------------------------- */
int kernel_filter_compile_text(const char *expr, void **prog, uint32_t *len,
			       char *why, size_t whylen);

static unsigned int kernel_checked, kernel_differ;

/*
 * expr compiled by lttctl's build, as lttctl (ltt_filter_compile()) and
 * as the kernel's entry (ltt_filter_compile_text()), and by the kernel's
 * build: the same bytes, or the same error and message, all three.
 */
static void same_in_kernel(const char *expr)
{
	char hw[LTT_FILTER_ERR_MAX], kw[LTT_FILTER_ERR_MAX];
	struct ltt_filter_error e;
	struct ltt_filter_prog p;
	uint32_t hl, kl;
	void *hp, *kp;
	int r, hr, kr;

	r = ltt_filter_compile(expr, &p, &e);
	hr = ltt_filter_compile_text(expr, &hp, &hl, hw, sizeof(hw));
	kr = kernel_filter_compile_text(expr, &kp, &kl, kw, sizeof(kw));
	kernel_checked++;
	if (r != hr || hr != kr ||
	    (hr ? strncmp(e.msg, hw, sizeof(hw) - 1) || strcmp(hw, kw) :
		  p.len != hl || hl != kl || memcmp(p.buf, hp, hl) ||
		  memcmp(hp, kp, hl))) {
		if (kernel_differ++ < 5)
			diag("the builds differ on '%s': %d '%s', %d '%s', %d '%s'",
			     expr, r, e.msg, hr, hw, kr, kw);
	}
	if (!r)
		ltt_filter_prog_free(&p);
	if (!hr)
		free(hp);
	if (!kr)
		free(kp);
}

/* 1/0: the filter's verdict; -errno: compile (or link) failed */
static int eval(const char *expr)
{
	struct ltt_filter_env env = { .fields = vals, .ctx = ctx_get };
	struct ltt_filter_prog prog;
	struct ltt_filter *f;
	char why[LTT_FILTER_ERR_MAX];
	int ret;

	same_in_kernel(expr);
	ret = ltt_filter_compile(expr, &prog, &err);
	if (ret)
		return ret;
	ret = ltt_filter_link(prog.buf, prog.len, fields, NR_FIELDS, &f, why,
			      sizeof(why));
	ltt_filter_prog_free(&prog);
	if (ret == -ENOENT)
		return 0;		/* a field the event lacks: false */
	if (ret) {
		diag("link: %s", why);
		return ret;
	}
	ret = ltt_filter_run(f, &env);
	ltt_filter_free(f);
	return ret;
}

#define IS(expr, want)	ok(eval(expr) == (want), "%s is %d", expr, want)

static void event(int64_t x, int64_t y, const char *filename, const char *comm)
{
	vals[0] = (struct ltt_fvalue){ .type = LTT_FV_INT, .i = x };
	vals[1] = (struct ltt_fvalue){ .type = LTT_FV_INT, .i = y };
	vals[2] = (struct ltt_fvalue){ .type = LTT_FV_INT, .i = 1234 };
	vals[3] = (struct ltt_fvalue){ .type = LTT_FV_USTR, .str = filename,
				       .len = LTT_STRING_MAX };
	vals[4] = (struct ltt_fvalue){ .type = LTT_FV_KSTR, .str = comm, .len = 16 };
}

static void test_operators(void)
{
	event(5, -3, "/etc/passwd", "bash");
	IS("x == 5", 1);
	IS("x != 5", 0);
	IS("x < 6 && x <= 5 && x > 4 && x >= 5", 1);
	IS("y < 0", 1);
	IS("-x == -5 && +x == 5 && ~x == -6 && !x == 0 && !!x", 1);
	IS("(x & 4) == 4 && (x | 2) == 7 && (x ^ 1) == 4", 1);
	IS("x << 2 == 20 && x >> 1 == 2 && y >> 1 == -2", 1);
	IS("x << 64", 0);
	IS("x >> -1 || 1", 0);	/* a bad shift: the whole filter is false */
	IS("x == 1 || x == 5", 1);
	IS("x == 1 || x == 2", 0);
	IS("x == 5 && y == -3", 1);
	IS("x == 5 && y == 3", 0);
	IS("!(x == 5)", 0);
	IS("next_tid == 1234", 1);
	IS("0x10 == 16 && 010 == 8 && 0 == 0 && 10UL == 10", 1);
	IS("0xffffffffffffffff == -1", 1);
	IS("$ctx.vpid == 42 && $ctx.tid == 7", 1);
	IS("x", 1);
}

static void test_precedence(void)
{
	event(5, -3, "/etc/passwd", "bash");
	/* LTTng's: & ^ | bind tighter than comparisons (in C: 2 & (2 == 2) = 0) */
	IS("2 & 2 == 2", 1);
	IS("1 | 2 == 3", 1);
	IS("3 ^ 1 == 2", 1);
	IS("1 << 2 & 4", 1);		/* (1 << 2) & 4 */
	IS("6 & 3 ^ 1", 1);		/* (6 & 3) ^ 1 = 3 */
	IS("1 ^ 1 | 1", 1);		/* (1 ^ 1) | 1 */
	IS("1 < 2 == 1", 1);		/* (1 < 2) == 1 */
	IS("0 == 1 < 2", 0);		/* 0 == (1 < 2) */
	IS("1 || 0 && 0", 1);		/* 1 || (0 && 0) */
	IS("(1 || 0) && 0", 0);
	IS("!0 == 1", 1);		/* (!0) == 1 */
	IS("-1 < 0", 1);
	IS("- - 1 == 1", 1);
}

static void test_strings(void)
{
	event(0, 0, "/etc/passwd", "bash");
	IS("filename == \"/etc/passwd\"", 1);
	IS("filename == \"/etc/*\"", 1);
	IS("filename != \"/etc/*\"", 0);
	IS("\"/etc/*\" == filename", 1);
	IS("filename == \"*passwd\"", 1);
	IS("filename == \"/usr/*\"", 0);
	IS("comm == \"ba*\"", 1);
	IS("$ctx.procname == \"nginx*\"", 1);
	IS("$ctx.procname == \"httpd\"", 0);
	event(0, 0, "a*b", "a\\b");
	IS("filename == \"a\\*b\"", 1);
	IS("filename == \"a\\*c\"", 0);
	IS("comm == \"a\\\\b\"", 1);
	event(0, 0, "tab\there", "");
	IS("filename == \"tab\\there\"", 1);
}

static void test_floats(void)
{
	event(2, 3, "", "");
	IS("x < 2.5", 1);
	IS("x <= 2.5", 1);
	IS("x > 2.5", 0);
	IS("x >= 2.5", 0);
	IS("x == 2.0", 1);
	IS("x == 2.5", 0);
	IS("x != 2.5", 1);
	IS("2.5 > x", 1);
	IS("x < 1e30 && x > -1e30", 1);
	IS("x == 1e30", 0);
	IS("x > -2.5 && x < -1.5 || y >= 3.0", 1);
	IS("1.5 < 2.5", 1);
	IS("x < -0.5", 0);
	IS("nosuch < 2.5", 0);		/* a missing field: false */
}

/* ---- floating literals against strtod() ----------------------------- */
#if LDBL_MANT_DIG < 64
#error "the reference below compares an int64 with a double in long double"
#endif

/* The old reading of a literal: strtod(), refused on ERANGE or when a
 * letter, digit or '_' follows what it read. */
static bool strtod_reads(const char *lit, double *f)
{
	char *end;

	errno = 0;
	*f = strtod(lit, &end);
	return errno != ERANGE && !isalnum((unsigned char)*end) && *end != '_';
}

static const char *const cmp_ops[] = { "<", "<=", ">", ">=", "==", "!=" };

static bool cmp_ld(int op, long double a, long double b)
{
	switch (op) {
	case 0: return a < b;
	case 1: return a <= b;
	case 2: return a > b;
	case 3: return a >= b;
	case 4: return a == b;
	default: return a != b;
	}
}

/* a filter's verdicts for y = ys[0..n) into out; 0, or -errno */
static int verdicts(const char *expr, const int64_t *ys, int n, int *out)
{
	struct ltt_filter_env env = { .fields = vals, .ctx = ctx_get };
	struct ltt_filter_prog prog;
	char why[LTT_FILTER_ERR_MAX];
	struct ltt_filter *f;
	int ret, i;

	same_in_kernel(expr);
	ret = ltt_filter_compile(expr, &prog, &err);
	if (ret)
		return ret;
	ret = ltt_filter_link(prog.buf, prog.len, fields, NR_FIELDS, &f, why,
			      sizeof(why));
	ltt_filter_prog_free(&prog);
	if (ret)
		return ret;
	for (i = 0; i < n; i++) {
		event(0, ys[i], "", "");
		out[i] = ltt_filter_run(f, &env);
	}
	ltt_filter_free(f);
	return 0;
}

/*
 * One literal (lit: no sign; neg: written "-lit"), compared with the
 * 64-bit field y both ways by each operator, on the y around it and at
 * the ends: the verdicts the strtod() value gives, compared exactly; or,
 * when strtod() refused it, "bad number". How many cases differ.
 */
static unsigned int literal_vs_strtod(const char *lit, bool neg)
{
	char text[400], expr[512];
	int64_t ys[12] = { INT64_MIN, INT64_MIN + 1, -2, -1, 0, 1, 2,
			   INT64_MAX - 1, INT64_MAX };
	unsigned int bad = 0;
	int op, side, i, got[12];
	long double lf, t;
	double f;

	snprintf(text, sizeof(text), "%s%s", neg ? "-" : "", lit);
	if (!strtod_reads(text, &f)) {
		snprintf(expr, sizeof(expr), "y < %s", text);
		same_in_kernel(expr);
		if (ltt_filter_compile(expr, &(struct ltt_filter_prog){ 0 }, &err) != -EINVAL ||
		    !strstr(err.msg, "bad number") || err.column != 5u + neg) {
			diag("%s: strtod() refuses it, the compiler says '%s'", text, err.msg);
			return 1;
		}
		return 0;
	}
	lf = f;
	t = lf < -9e18L ? -9e18L : lf > 9e18L ? 9e18L : lf;
	ys[9] = (int64_t)t - 1;
	ys[10] = (int64_t)t;
	ys[11] = (int64_t)t + 1;
	for (op = 0; op < 6; op++)
		for (side = 0; side < 2; side++) {
			if (side)
				snprintf(expr, sizeof(expr), "%s %s y", text, cmp_ops[op]);
			else
				snprintf(expr, sizeof(expr), "y %s %s", cmp_ops[op], text);
			if (verdicts(expr, ys, 12, got)) {
				diag("%s: refused: %s", expr, err.msg);
				bad++;
				continue;
			}
			for (i = 0; i < 12; i++)
				if (got[i] != (side ? cmp_ld(op, lf, ys[i]) :
						     cmp_ld(op, ys[i], lf))) {
					if (bad++ < 3)
						diag("%s with y = %lld: %d", expr,
						     (long long)ys[i], got[i]);
				}
		}
	return bad;
}

/* A random literal of at most 15 significant digits: the double strtod()
 * made of it is exact enough to round, and to compare, as the decimal. */
static void random_literal(char *buf, size_t size, uint32_t (*rnd)(void))
{
	int nd = 1 + rnd() % 15, point = rnd() % (nd + 1), i, n = 0;
	static const int exps[] = { 0, 1, -1, 3, -3, 5, -8, 12, -20, 25, 40,
				    150, -150, 300, 307, 308, 309, -300,
				    -307, -308, -320, -330 };

	for (i = 0; i < nd; i++) {
		if (i == point)
			buf[n++] = '.';
		buf[n++] = '0' + (i == 0 && point != 0 ? 1 + rnd() % 9 : rnd() % 10);
	}
	if (point == nd && rnd() % 2)
		buf[n++] = '.';
	buf[n] = '\0';
	if (rnd() % 3 || point == nd)
		snprintf(buf + n, size - n, "%se%d", rnd() % 2 ? "E" : "",
			 exps[rnd() % (sizeof(exps) / sizeof(exps[0]))]);
	if (buf[n] == 'E')
		memmove(buf + n, buf + n + 1, strlen(buf + n));
}

static uint64_t lrng = 0x5eed;

static uint32_t lrnd(void)
{
	lrng ^= lrng << 13;
	lrng ^= lrng >> 7;
	lrng ^= lrng << 17;
	return (uint32_t)lrng;
}

static void test_float_literals(void)
{
	static const char *const table[] = {
		"2.5", "0.5", "1e3", "1.000000001", "0.0", "0", ".5", "5.", "1.e5",
		"1E5", "1e+5", "1e-5", "08.5", "017e3", "0e999999", "1e18", "9.3e18",
		"1e19", "9223372036854775808.0", "4503599627370495.5",
		"123456.789e-3", "0.000001", "1.5e1", "15e-1", "0.15e+1",
		/* the ends of a double's range */
		"1e308", "1.7976931348623157e308", "1.7976931348623158e308",
		"1.7976931348623159e308", "1.8e308", "1e309", "1e400",
		"2.2250738585072014e-308", "2.2250738585072013e-308",
		"2.2250738585072012e-308", "1e-307", "1e-308", "1e-310",
		"4.9e-324", "1e-400", "0e-400", "0.0e-99999999999999999999",
		"1e99999999999999999999", "1e-99999999999999999999",
		/* not numbers for strtod() either */
		"1e", "1e+", "1.5f", "1.e", "2.5_",
	};
	char lit[64];
	unsigned int i, bad, tried = 0, total = 0;
	double f;

	for (i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
		bad = literal_vs_strtod(table[i], false) + literal_vs_strtod(table[i], true);
		ok(!bad, "literal %s: as strtod() read it (%u cases differ)", table[i], bad);
	}
	bad = 0;
	while (tried < 400) {
		random_literal(lit, sizeof(lit), lrnd);
		/* past 10^15, a 15-digit integer may not be a double: strtod()
		 * rounds it, the compiler does not; past 10^19 no int64 is near */
		if (strtod_reads(lit, &f) && fabs(f) >= 1e15 && fabs(f) < 1e20)
			continue;
		tried++;
		total += bad += literal_vs_strtod(lit, lrnd() % 2);
		bad = 0;
	}
	ok(!total, "400 random literals: as strtod() read them (%u cases differ)", total);
	/* two literals compared: folded as their doubles compare */
	for (i = total = 0; i < 2000; i++) {
		char a[64], b[64], expr[160];
		double fa, fb;
		int op = lrnd() % 6, want, got;

		random_literal(a, sizeof(a), lrnd);
		random_literal(b, sizeof(b), lrnd);
		if (i % 4 == 0)
			strcpy(b, a);
		if (!strtod_reads(a, &fa) || !strtod_reads(b, &fb))
			continue;
		snprintf(expr, sizeof(expr), "%s%s %s %s", i % 3 ? "" : "-", a,
			 cmp_ops[op], b);
		want = cmp_ld(op, i % 3 ? fa : -fa, fb);
		got = eval(expr);
		if (got != want && total++ < 3)
			diag("%s: %d", expr, got);
	}
	ok(!total, "literals compared with literals: as their doubles (%u differ)", total);
}

/*
 * Where a literal has more digits than a double holds, the compiler keeps
 * them all (strtod() rounded them first): exact comparisons.
 */
static void test_float_exact(void)
{
	event(1, INT64_MAX, "", "");
	IS("x == 1.0000000000000000001", 0);	/* strtod(): 1.0, true */
	IS("x < 1.0000000000000000001", 1);	/* strtod(): false */
	IS("x <= 1.0000000000000000001", 1);
	IS("y < 9223372036854775807.5", 1);
	IS("y < 9.2233720368547758e18", 0);	/* strtod(): 2^63, true */
	IS("y > 9223372036854775806.9999999999", 1);
	event(1, INT64_MIN, "", "");
	IS("y == -9223372036854775808.0 && y >= -9223372036854775808.5", 1);
	IS("y < -9223372036854775807.5", 1);
	IS("1.00000000000000000001 > 1.00000000000000000000999", 1);
	IS("1.00000000000000000001 == 1.0000000000000000000100", 1);
	IS("-0.0 == 0 && -0.0 == 0.0 && 0e5 == -0e-5", 1);
}

/* Nested and chained as deep as 1023 characters allow: no recursion. */
static void test_depth(void)
{
	char e[LTT_FILTER_TEXT_MAX];
	int i, n;

	event(5, 0, "", "");
	for (n = i = 0; i < 511; i++)
		e[n++] = '(';
	e[n++] = 'x';
	memset(e + n, ')', 511);
	e[n + 511] = '\0';
	ok(eval(e) == 1, "511 parentheses");
	for (n = i = 0; i < 1022; i++)
		e[n++] = "--~~"[i % 4];
	strcpy(e + n, "x");
	ok(eval(e) == 1, "1022 prefix operators");	/* in pairs: x */
	e[0] = '!';
	ok(eval(e) == 0, "1022 prefix operators, '!' first");
	n = sprintf(e, "x == 0");
	while (n < 1010)
		n += sprintf(e + n, " || x == %d", n % 7);
	ok(eval(e) == 1, "a chain of %d '||'", n / 10);
	for (n = i = 0; i < 200; i++)
		n += sprintf(e + n, "(x&&");
	n += sprintf(e + n, "x");
	memset(e + n, ')', 200);
	e[n + 200] = '\0';
	ok(eval(e) == 1, "200 nested '&&' to the right");
	n = sprintf(e, "x");
	while (n < 1015)
		n += sprintf(e + n, " < 2.5");
	ok(eval(e) == 1, "a chain of comparisons with floats (%d nodes added)", 3 * n / 6);
}

/* every error: its code, column and words */
static void bad(const char *expr, int code, unsigned int col, const char *words)
{
	struct ltt_filter_prog prog;
	int ret;

	same_in_kernel(expr);
	ret = ltt_filter_compile(expr, &prog, &err);
	ok(ret == code && err.column == col && strstr(err.msg, words),
	   "refused: %s -> %s", expr, err.msg);
	if (!ret)
		ltt_filter_prog_free(&prog);
}

static void test_errors(void)
{
	static char big[LTT_FILTER_TEXT_MAX + 1], deep[64];
	int i;

	bad("", -EINVAL, 1, "empty");
	bad("x ==", -EINVAL, 5, "expected a field");
	bad("(x == 1", -EINVAL, 8, "expected ')' to close the '(' of column 1");
	bad("x == 1)", -EINVAL, 7, "expected an operator or the end, found ')'");
	bad("x = 1", -EINVAL, 3, "unexpected character '='");
	bad("x == \"abc", -EINVAL, 6, "not closed");
	bad("x == \"a\\q\"", -EINVAL, 8, "unknown escape");
	bad("$ctx.foo == 1", -EINVAL, 1, "'$ctx.foo' is not a context field");
	bad("$app.x == 1", -EINVAL, 1, "$ctx.NAME");
	bad("$ctx.callstack_user == 1", -EINVAL, 1, "cannot be compared");
	bad("x < \"a\"", -EINVAL, 3, "strings compare with == and != only");
	bad("\"a\" == 1", -EINVAL, 5, "a string compared with a number");
	bad("\"a\" == \"b\"", -EINVAL, 5, "two strings compared");
	bad("$ctx.procname == 3", -EINVAL, 15, "a string compared with a number");
	bad("x & 1.5", -EINVAL, 3, "floating-point");
	bad("2.5", -EINVAL, 1, "not a condition");
	bad("\"a\"", -EINVAL, 1, "not a condition");
	bad("x + 1", -EINVAL, 3, "no arithmetic: '+' is a sign only");
	bad("99999999999999999999 == x", -EINVAL, 1, "larger than 64 bits");
	bad("12ab == x", -EINVAL, 1, "bad number");
	bad("!\"a\"", -EINVAL, 1, "a string cannot be used with '!'");
	memset(big, 'x', sizeof(big) - 1);
	bad(big, -E2BIG, 0, "passes 1023 characters");
	/* 1 + 9 values at once: a right-leaning chain of '<<', which cannot swap */
	strcpy(deep, "x");
	for (i = 0; i < 8; i++)
		strcat(deep, " << (x");
	strcat(deep, " << x))))))))");
	bad(deep, -E2BIG, 9, "nested too deep");	/* where 9 are needed */
	/* ... while a deep chain of '==' swaps its sides and fits */
	strcpy(deep, "x");
	for (i = 0; i < 8; i++)
		strcat(deep, " == (x");
	strcat(deep, " == x))))))))");
	event(1, 0, "", "");
	ok(eval(deep) >= 0, "a deep chain of commutative operators fits in 8 values");
}

/* The kinds lttctl reads from the kernel's field list, for the test's
 * fields: comm, an array, is left to the kernel. */
static enum ltt_filter_kind kinds(void *ctx, const char *name)
{
	(void)ctx;
	if (!strcmp(name, "filename"))
		return LTT_FILTER_KIND_STRING;
	if (!strcmp(name, "x") || !strcmp(name, "y") || !strcmp(name, "next_tid"))
		return LTT_FILTER_KIND_NUMBER;
	return LTT_FILTER_KIND_ANY;
}

/* expr with the kinds: refused at col, the message holding words */
static void bad_kind(const char *expr, unsigned int col, const char *words)
{
	struct ltt_filter_prog prog;
	int ret;

	ret = ltt_filter_compile_kinds(expr, &prog, &err, kinds, NULL);
	ok(ret == -EINVAL && err.column == col && strstr(err.msg, words),
	   "kinds: refused: %s -> %s", expr, err.msg);
	if (!ret)
		ltt_filter_prog_free(&prog);
}

/* expr with the kinds: the same program as without them */
static void good_kind(const char *expr)
{
	struct ltt_filter_prog a, b;
	int ra, rb;

	ra = ltt_filter_compile_kinds(expr, &a, &err, kinds, NULL);
	rb = ltt_filter_compile(expr, &b, &err);
	ok(!ra && !rb && a.len == b.len && !memcmp(a.buf, b.buf, a.len),
	   "kinds: %s compiles as without them", expr);
	if (!ra)
		ltt_filter_prog_free(&a);
	if (!rb)
		ltt_filter_prog_free(&b);
}

/* lttctl's compile with the fields' kinds: the field and its column */
static void test_kinds(void)
{
	bad_kind("filename > 3", 1, "field 'filename' is a string, compared with a number");
	bad_kind("3 < filename", 5, "field 'filename' is a string, compared with a number");
	bad_kind("x == 1 && filename == 2", 11,
		 "field 'filename' is a string, compared with a number");
	bad_kind("next_tid == \"a*\"", 1, "field 'next_tid' is a number, compared with a string");
	bad_kind("next_tid != $ctx.procname", 1,
		 "field 'next_tid' is a number, compared with a string");
	bad_kind("filename == next_tid", 1,
		 "field 'filename' is a string, compared with field 'next_tid', a number");
	bad_kind("filename & 1", 1, "field 'filename' is a string: it cannot be used with '&'");
	bad_kind("filename < \"a\"", 1, "strings compare with == and != only");
	bad_kind("(y << 2) == 1 || 2.5 < filename", 24, "field 'filename' is a string");
	good_kind("filename == \"/etc/*\"");
	good_kind("next_tid > 3 && filename != \"a\"");
	good_kind("x < 2.5");
	good_kind("comm == 3");		/* an array: the kernel decides */
	good_kind("unknown_field == \"a\" || unknown_field == 1");
	good_kind("filename == $ctx.procname");
}

static void test_program(void)
{
	struct ltt_filter_prog prog;
	char buf[4096];
	FILE *f = fmemopen(buf, sizeof(buf), "w");

	ok(!ltt_filter_compile("next_tid == 1234 && filename == \"/etc/*\" && x == next_tid",
			       &prog, &err), "compiles");
	ok(prog.nr_fields == 3 && !strcmp(prog.fields[0], "next_tid") &&
	   !strcmp(prog.fields[1], "filename") && !strcmp(prog.fields[2], "x"),
	   "the fields it reads, each once");
	ltt_filter_dump(&prog, f);
	fclose(f);
	ok(strstr(buf, "LOAD_FIELD \"next_tid\"") && strstr(buf, "AND_JMP") &&
	   strstr(buf, "PUSH_STR \"/etc/*\"") && strstr(buf, "RET"), "the dump");
	ltt_filter_prog_free(&prog);
	ok(!ltt_filter_compile("1.5 < 2.5 || x < 1e40", &prog, &err) &&
	   prog.nr_fields == 1, "folded floats keep the field they compare");
	ltt_filter_prog_free(&prog);
}

/* The program's text section (ABI 1.6): what lttctl status shows. */
static const char *text_of(const char *expr, struct ltt_filter_prog *prog)
{
	struct ltt_filter *f;
	char why[LTT_FILTER_ERR_MAX];

	if (ltt_filter_compile(expr, prog, &err))
		return "(compile error)";
	if (ltt_filter_link(prog->buf, prog->len, fields, NR_FIELDS, &f, why,
			    sizeof(why)))
		return "(refused by the kernel)";
	ltt_filter_free(f);
	return ltt_filter_text(prog->buf, prog->len) ?: "(none)";
}

static void test_text(void)
{
	const struct ltt_filter_header *h;
	char why[LTT_FILTER_ERR_MAX];
	struct ltt_filter_prog prog;
	struct ltt_filter *f = NULL;
	const char *t;

	t = text_of("filename == \"/etc/*\" && x > 2", &prog);
	ok(!strcmp(t, "filename == \"/etc/*\" && x > 2") &&
	   prog.text_len == strlen(t) + 1,
	   "text: the expression as given, in the program (%s)", t);
	ltt_filter_prog_free(&prog);
	t = text_of("x ==\n\t1 ||\r\ny == 2", &prog);
	ok(!strcmp(t, "x ==  1 ||  y == 2"), "text: white space as ' ' (%s)", t);
	ltt_filter_prog_free(&prog);
	t = text_of("filename == \"/tmp/\xc3\xa9*\" || comm == \"a\x01\"", &prog);
	ok(!strcmp(t, "filename == \"/tmp/??*\" || comm == \"a?\""),
	   "text: other bytes as '?' (%s)", t);
	ltt_filter_prog_free(&prog);
	ok(!ltt_filter_compile("x == 1", &prog, &err), "compiles");
	h = prog.buf;
	ltt_filter_prog_drop_text(&prog);
	ok(!h->flags && prog.len == sizeof(*h) + h->code_len + h->strtab_len &&
	   !ltt_filter_link(prog.buf, prog.len, fields, NR_FIELDS, &f, why,
			    sizeof(why)) && !ltt_filter_text(prog.buf, prog.len),
	   "without its text: an ABI 1.5 program, accepted");
	ltt_filter_free(f);
	ltt_filter_prog_free(&prog);
}

/* ---- fuzzing --------------------------------------------------------- */
static uint64_t rng = 0xfeed;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)rng;
}

static void test_fuzz(void)
{
	static const char *const toks[] = {
		"x", "y", "filename", "nosuch", "$ctx.pid", "$ctx.procname", "1",
		"0x7f", "2.5", "-", "+", "!", "~", "<<", ">>", "&", "^", "|", "<",
		"<=", ">", ">=", "==", "!=", "&&", "||", "(", ")", "\"a*\"",
		"\"\\*\"", "077", "1e3", " ",
	};
	unsigned int round, produced = 0, refused = 0, bad_prog = 0, crash = 0;
	char expr[256], why[LTT_FILTER_ERR_MAX];
	struct ltt_filter_prog prog;
	struct ltt_filter *f;
	size_t n;
	int ret, k;

	for (round = 0; round < 30000; round++) {
		expr[0] = 0;
		n = 0;
		if (round % 4 == 2) {		/* comparisons joined by && || */
			k = 1 + rnd() % 5;
			while (k--) {
				static const char *const lhs[] = { "x", "-y", "(x & 3)",
					"$ctx.vpid", "filename", "$ctx.procname", "nosuch", "!x" };
				static const char *const cmp[] = { "==", "!=", "<", ">=" };
				static const char *const rhs[] = { "1", "2.5", "\"a*\"", "y",
					"0x10", "-1e3", "(y | 1)" };

				n += snprintf(expr + n, sizeof(expr) - n, "%s %s %s %s",
					      lhs[rnd() % 8], cmp[rnd() % 4], rhs[rnd() % 7],
					      k ? (rnd() % 2 ? "&& " : "|| ") : "");
			}
		} else if (round % 4 == 3) {	/* random bytes */
			k = rnd() % 40;
			while (k--)
				expr[n++] = 1 + rnd() % 127;
			expr[n] = 0;
		} else {
			k = 1 + rnd() % 12;
			while (k-- && n < 200) {
				const char *t = toks[rnd() % (sizeof(toks) / sizeof(toks[0]))];

				strcat(expr, t);
				strcat(expr, " ");
				n += strlen(t) + 1;
			}
		}
		same_in_kernel(expr);
		ret = ltt_filter_compile(expr, &prog, &err);
		if (ret == -EINVAL || ret == -E2BIG) {
			refused++;
			if (!err.msg[0])
				crash++;
			continue;
		}
		if (ret) {
			crash++;
			continue;
		}
		produced++;
		if (ltt_filter_link(prog.buf, prog.len, NULL, -1, &f, why, sizeof(why)))
			bad_prog++, diag("'%s': %s", expr, why);
		ltt_filter_prog_free(&prog);
	}
	ok(!crash, "fuzz: 30000 expressions: a program or an error with a message");
	ok(produced > 1000 && !bad_prog, "fuzz: the kernel accepts all %u programs "
	   "produced (%u refused)", produced, refused);
}

int main(void)
{
	test_operators();
	test_precedence();
	test_strings();
	test_floats();
	test_float_literals();
	test_float_exact();
	test_errors();
	test_kinds();
	test_depth();
	test_program();
	test_text();
	test_fuzz();
	ok(!kernel_differ && kernel_checked > 30000,
	   "the kernel's build: the same program or error for all %u expressions",
	   kernel_checked);
	done_testing();
	return exit_status();
}
