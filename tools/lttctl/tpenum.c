// SPDX-License-Identifier: GPL-2.0-only
/*
 * __print_symbolic tables of a tracefs format file (issue 38). The
 * format's last line is how ftrace prints the event:
 *
 *	print fmt: "vec=%u [action=%s]", REC->vec, __print_symbolic(REC->vec,
 *		{ 0, "HI" }, { 1, "TIMER" }, ...)
 *
 * (one line). The table of __print_symbolic(REC->FIELD, ...) (and
 * __print_symbolic_u64) is FIELD's labels: ltt records the field as a CTF
 * enumeration of them. The text comes from the kernel, but is read as
 * untrusted: a table this reading does not understand in full (a value
 * that is not a number, such as an enumerator the kernel left unresolved;
 * a label too long, not printable ASCII or with an escape; a text cut
 * short) is no table, and the field stays a plain integer.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "tpenum.h"

static const char *skip_blank(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n')
		p++;
	return p;
}

static const char *parse_literal(const char *p, int64_t *v);

/*
 * A value: an integer literal, or in parentheses a value or a shift of
 * one by a literal, "(1 << 3)" (the tables of flags give these).
 */
static const char *parse_value(const char *p, int64_t *v)
{
	int64_t sh;

	p = skip_blank(p);
	if (*p != '(')
		return parse_literal(p, v);
	p = parse_value(p + 1, v);
	if (!p)
		return NULL;
	p = skip_blank(p);
	if (p[0] == '<' && p[1] == '<') {
		p = parse_literal(p + 2, &sh);
		if (!p || *v < 0 || sh < 0 || sh > 62 || *v > (INT64_MAX >> sh))
			return NULL;
		*v <<= sh;
		p = skip_blank(p);
	}
	return *p == ')' ? p + 1 : NULL;
}

/* An integer literal (decimal, 0x hex, octal; a sign; U and L suffixes). */
static const char *parse_literal(const char *p, int64_t *v)
{
	bool neg = false;
	unsigned long long u;
	char *end;

	p = skip_blank(p);
	if (*p == '-') {
		neg = true;
		p = skip_blank(p + 1);
	}
	if (!isdigit((unsigned char)*p))
		return NULL;
	errno = 0;
	u = strtoull(p, &end, 0);
	if (errno || end == p)
		return NULL;
	while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
		end++;
	if (isalnum((unsigned char)*end) || *end == '_')
		return NULL;
	if (neg) {
		if (u > (unsigned long long)INT64_MAX + 1)
			return NULL;
		*v = u ? (int64_t)(0 - u) : 0;
	} else {
		*v = (int64_t)u;	/* above INT64_MAX: a u64 past s64 */
		if (u > INT64_MAX)
			return NULL;
	}
	return end;
}

/* "LABEL": copied into @l (LTT_TP_ENUM_LABEL_LEN), NULL if not one. */
static const char *parse_label(const char *p, char *l)
{
	size_t n = 0;

	p = skip_blank(p);
	if (*p++ != '"')
		return NULL;
	for (; *p != '"'; p++) {
		if (!*p || *p == '\\' || (unsigned char)*p < 0x20 ||
		    (unsigned char)*p > 0x7e || n + 1 >= LTT_TP_ENUM_LABEL_LEN)
			return NULL;
		l[n++] = *p;
	}
	if (!n)
		return NULL;
	l[n] = '\0';
	return p + 1;
}

/* After a NULL label ("0", "((void *)0)", "NULL"), or NULL if not one. */
static const char *null_label(const char *p)
{
	static const char *const spell[] = { "((void *)0)", "NULL", "0" };
	size_t i, n;

	for (i = 0; i < sizeof(spell) / sizeof(spell[0]); i++) {
		n = strlen(spell[i]);
		if (!strncmp(p, spell[i], n) &&
		    (*skip_blank(p + n) == '}'))
			return p + n;
	}
	return NULL;
}

bool tp_enum_fits(int64_t v, unsigned int size, bool is_signed)
{
	unsigned int bits = size * 8;

	if (bits == 64)
		return is_signed || v >= 0;
	if (is_signed)
		return v >= -(INT64_C(1) << (bits - 1)) &&
		       v < (INT64_C(1) << (bits - 1));
	return v >= 0 && v < (INT64_C(1) << bits);
}

/*
 * One table, @p after "__print_symbolic(REC->FIELD,": its entries into
 * @e (distinct values, the first of each kept: the one ftrace prints),
 * their number; -1 if malformed or more than @cap.
 */
static int parse_table(const char *p, struct ltt_tp_enum *e, unsigned int cap)
{
	unsigned int n = 0, i;
	struct ltt_tp_enum x;
	const char *end;
	int64_t v;

	for (;;) {
		p = skip_blank(p);
		if (*p == ')')
			return n ? (int)n : -1;
		if (*p++ != '{')
			return -1;
		memset(&x, 0, sizeof(x));
		p = parse_value(p, &v);
		if (!p)
			return -1;
		x.value = v;
		p = skip_blank(p);
		if (*p++ != ',')
			return -1;
		p = skip_blank(p);
		if ((end = null_label(p))) {
			p = end;	/* { -1, NULL }: the list's end mark */
			x.label[0] = '\0';
		} else {
			p = parse_label(p, x.label);
			if (!p)
				return -1;
		}
		p = skip_blank(p);
		if (*p++ != '}')
			return -1;
		for (i = 0; i < n && e[i].value != x.value; i++)
			;
		if (i == n && x.label[0]) {
			if (n == cap)
				return -1;
			e[n++] = x;
		}
		p = skip_blank(p);
		if (*p == ',')
			p++;
		else if (*p != ')')
			return -1;
	}
}

/*
 * The labels @fmt (a format file's "print fmt:" line, or its text) gives
 * field @field: the first __print_symbolic(REC->field, ...) or
 * __print_symbolic_u64 of it that reads in full. The number of entries
 * (1 to @cap), 0 if none.
 */
int tp_print_symbolic(const char *fmt, const char *field,
		      struct ltt_tp_enum *e, unsigned int cap)
{
	static const char fn[] = "__print_symbolic";
	size_t flen = strlen(field);
	const char *p = fmt;
	int n;

	if (!flen || !cap)
		return 0;
	while ((p = strstr(p, fn))) {
		p += sizeof(fn) - 1;
		if (!strncmp(p, "_u64", 4))
			p += 4;
		p = skip_blank(p);
		if (*p != '(')
			continue;
		p = skip_blank(p + 1);
		if (strncmp(p, "REC->", 5))
			continue;
		p += 5;
		if (strncmp(p, field, flen) ||
		    isalnum((unsigned char)p[flen]) || p[flen] == '_')
			continue;
		p = skip_blank(p + flen);
		if (*p != ',')
			continue;
		n = parse_table(p + 1, e, cap);
		if (n > 0)
			return n;
	}
	return 0;
}
