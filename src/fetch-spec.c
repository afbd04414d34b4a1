// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fetch specification parser of dynamic probes; the vocabulary is in
 * fetch-spec.h. A recursive descent over one NUL-terminated string with
 * every loop bounded by the text or by a small constant (nesting depth,
 * number length), so random input ends in a clear error, never in a
 * read past the string or a deep recursion.
 */
#ifdef __KERNEL__
#include <linux/kernel.h>
#include <linux/ctype.h>
#include <linux/errno.h>
#include <linux/string.h>
#else
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#endif
#include "fetch-spec.h"

const char *const ltt_fetch_regs[LTT_FETCH_NR_REGS] = {
	"r15", "r14", "r13", "r12", "bp", "bx", "r11", "r10", "r9", "r8",
	"ax", "cx", "dx", "si", "di", "orig_ax", "ip", "cs", "flags", "sp",
	"ss",
};

/* $argN, N = 1..6: the x86-64 calling convention, kernel and user alike */
static const u8 fs_arg_regs[6] = { 14, 13, 12, 11, 9, 8 };

struct fs_parser {
	const char *p;			/* next character */
	const char *field;		/* start of the current field, for messages */
	unsigned int flags;
	char *err;
	size_t errlen;
};

#ifdef __KERNEL__
__printf(2, 3)
#else
__attribute__((format(printf, 2, 3)))
#endif
static int fs_error(struct fs_parser *ps, const char *fmt, ...)
{
	char msg[LTT_FETCH_ERR_MAX];
	int n = 0;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	/* the field, up to the first blank, cut to keep the message short */
	while (ps->field[n] && !isspace((unsigned char)ps->field[n]) && n < 40)
		n++;
	if (ps->errlen)
		snprintf(ps->err, ps->errlen, "field '%.*s': %s", n, ps->field,
			 msg);
	return -EINVAL;
}

static int fs_is_word(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* A decimal or 0x hex number that fits in 0..max; *v set, 0 or -1. */
static int fs_number(struct fs_parser *ps, long long max, long long *v)
{
	int hex = ps->p[0] == '0' && (ps->p[1] == 'x' || ps->p[1] == 'X');
	long long n = 0;
	int digits = 0;

	if (hex)
		ps->p += 2;
	for (;; ps->p++) {
		char c = *ps->p;
		int d;

		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (hex && c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (hex && c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			break;
		/* n * base + d > max, without overflowing */
		if (d > max || n > (max - d) / (hex ? 16 : 10))
			return -1;
		n = n * (hex ? 16 : 10) + d;
		digits++;
	}
	*v = n;
	return digits ? 0 : -1;
}

/* A register name after '%': its index, or -1. */
static int fs_reg(struct fs_parser *ps)
{
	int i;

	for (i = 0; i < LTT_FETCH_NR_REGS; i++) {
		size_t len = strlen(ltt_fetch_regs[i]);

		if (!strncmp(ps->p, ltt_fetch_regs[i], len) &&
		    !fs_is_word(ps->p[len])) {
			ps->p += len;
			return i;
		}
	}
	return -1;
}

/* \IMM: a signed decimal or 0x hex constant of 64 bits */
static int fs_imm(struct fs_parser *ps, struct ltt_fetch_field *f)
{
	int neg = ps->p[0] == '-';
	long long n;

	ps->p += neg;
	if (fs_number(ps, 0x7fffffffffffffffLL, &n) || fs_is_word(*ps->p))
		return fs_error(ps, "\\IMM takes a decimal or 0x hex number below 2^63");
	f->fbase = LTT_FB_IMM;
	f->imm = neg ? -n : n;
	return 0;
}

/* @depth: inside that many +OFF(...), where %REG,%IDX,S may be said */
static int fs_base(struct fs_parser *ps, struct ltt_fetch_field *f,
		   unsigned int depth)
{
	long long n;
	int r;

	if (*ps->p == '\\') {
		ps->p++;
		return fs_imm(ps, f);
	}
	if (*ps->p == '%') {
		ps->p++;
		r = fs_reg(ps);
		if (r < 0)
			return fs_error(ps, "unknown register (x86-64 names: %%di, %%ax, %%r8, ...)");
		f->fbase = LTT_FB_REG;
		f->reg = r;
		if (*ps->p != ',')
			return 0;
		if (!depth)
			return fs_error(ps, "%%REG,%%IDX,S only inside +OFF(...)");
		ps->p++;
		if (*ps->p != '%')
			return fs_error(ps, "expected an index register after ','");
		ps->p++;
		r = fs_reg(ps);
		if (r < 0)
			return fs_error(ps, "unknown index register");
		if (*ps->p != ',' || ps->p[1] < '1' || ps->p[1] > '8' ||
		    (ps->p[1] - '0') & (ps->p[1] - '0' - 1) ||
		    isdigit((unsigned char)ps->p[2]))
			return fs_error(ps, "expected ',S' with S 1, 2, 4 or 8 after the index");
		f->ireg = r;
		f->scale = ps->p[1] - '0';
		ps->p += 2;
		return 0;
	}
	if (*ps->p != '$')
		return fs_error(ps, "expected %%REG, $argN, $stackN, $stack, $retval, $comm, \\IMM or +OFF(...)");
	ps->p++;
	if (!strncmp(ps->p, "arg", 3) && isdigit((unsigned char)ps->p[3])) {
		ps->p += 3;
		if (fs_number(ps, 6, &n) || n < 1 || fs_is_word(*ps->p))
			return fs_error(ps, "$argN takes N from 1 to 6");
		f->fbase = LTT_FB_REG;
		f->reg = fs_arg_regs[n - 1];
		return 0;
	}
	if (!strncmp(ps->p, "stack", 5) && isdigit((unsigned char)ps->p[5])) {
		ps->p += 5;
		if (fs_number(ps, 255, &n) || fs_is_word(*ps->p))
			return fs_error(ps, "$stackN takes N from 0 to 255");
		f->fbase = LTT_FB_STACK;
		f->idx = n;
		return 0;
	}
	if (!strncmp(ps->p, "stack", 5) && !fs_is_word(ps->p[5])) {
		ps->p += 5;
		f->fbase = LTT_FB_STACKP;
		return 0;
	}
	if (!strncmp(ps->p, "retval", 6) && !fs_is_word(ps->p[6])) {
		if (!(ps->flags & LTT_FETCH_F_RETURN))
			return fs_error(ps, "$retval only in a return probe (--kretprobe, --uretprobe)");
		ps->p += 6;
		f->fbase = LTT_FB_RETVAL;
		return 0;
	}
	if (!strncmp(ps->p, "comm", 4) && !fs_is_word(ps->p[4])) {
		ps->p += 4;
		f->fbase = LTT_FB_COMM;
		return 0;
	}
	return fs_error(ps, "unknown variable (known: $argN, $stackN, $stack, $retval, $comm)");
}

/* SPEC := BASE | [+-][u]OFF(SPEC); derefs appended innermost first. */
static int fs_spec(struct fs_parser *ps, struct ltt_fetch_field *f,
		   unsigned int depth)
{
	int neg, user = 0, ret;
	long long n;

	if (*ps->p != '+' && *ps->p != '-')
		return fs_base(ps, f, depth);
	if (depth >= LTT_FETCH_MAX_DEREF)
		return fs_error(ps, "more than %d nested dereferences",
				LTT_FETCH_MAX_DEREF);
	neg = *ps->p == '-';
	ps->p++;
	if (*ps->p == 'u') {
		user = 1;
		ps->p++;
	}
	if (fs_number(ps, 0x7fffffffLL, &n))
		return fs_error(ps, "expected an offset (decimal or 0x hex, below 2^31) after '%c'",
				neg ? '-' : '+');
	if (*ps->p != '(')
		return fs_error(ps, "expected '(' after the offset");
	ps->p++;
	ret = fs_spec(ps, f, depth + 1);
	if (ret)
		return ret;
	if (*ps->p != ')')
		return fs_error(ps, "expected ')'");
	ps->p++;
	if (f->fbase == LTT_FB_COMM)
		return fs_error(ps, "$comm is a string: it cannot be dereferenced");
	if (user || (ps->flags & LTT_FETCH_F_USER))
		f->user_deref |= 1U << f->nr_deref;
	f->off[f->nr_deref++] = neg ? -(s32)n : (s32)n;
	return 0;
}

/* TYPE after ':', or the default when @given is 0. */
static int fs_type(struct fs_parser *ps, struct ltt_fetch_field *f, int given)
{
	static const struct { const char *name; u8 sign, base; } ints[] = {
		{ "s", 1, 10 }, { "u", 0, 10 }, { "x", 0, 16 },
	};
	const char *t = ps->p;
	size_t len = 0;
	unsigned int i;
	long long bits;

	while (given && fs_is_word(t[len]))
		len++;
	ps->p += len;
	f->type = LTT_FT_INT;
	f->size = 8;
	f->base = 16;
	f->is_signed = 0;
	if (f->fbase == LTT_FB_COMM) {
		if (len && !(len == 6 && !strncmp(t, "string", 6)))
			return fs_error(ps, "$comm is a string: no other type");
		f->type = LTT_FT_COMM;
		f->size = 0;
		return 0;
	}
	if (!given)
		return 0;
	if (!len)
		return fs_error(ps, "expected a type after ':'");
	if ((len == 6 && !strncmp(t, "string", 6)) ||
	    (len == 7 && !strncmp(t, "ustring", 7))) {
		f->type = (t[0] == 'u' || (ps->flags & LTT_FETCH_F_USER)) ?
			  LTT_FT_USTRING : LTT_FT_STRING;
		f->size = 0;
		f->base = 10;
		return 0;
	}
	if (len == 6 && !strncmp(t, "symbol", 6))
		return 0;		/* x64: an address */
	for (i = 0; i < 3; i++) {
		const char *save = ps->p;

		if (t[0] != ints[i].name[0] || len < 2 || len > 3)
			continue;
		ps->p = t + 1;
		if (fs_number(ps, 64, &bits) || ps->p != t + len ||
		    (bits != 8 && bits != 16 && bits != 32 && bits != 64)) {
			ps->p = save;
			break;
		}
		f->size = bits / 8;
		f->is_signed = ints[i].sign;
		f->base = ints[i].base;
		return 0;
	}
	return fs_error(ps, "unknown type '%.*s' (s8..s64, u8..u64, x8..x64, string, ustring, symbol)",
			(int)(len > 16 ? 16 : len), t);
}

int ltt_fetch_name_reserved(const char *name, unsigned int flags)
{
	return (flags & LTT_FETCH_F_RETURN) &&
	       (!strcmp(name, "retval") || !strcmp(name, "duration_ns"));
}

static int fs_field(struct fs_parser *ps, struct ltt_fetch_spec *out)
{
	struct ltt_fetch_field *f;
	unsigned int len = 0, i;
	int ret;

	if (out->nr_fields >= LTT_FETCH_MAX_FIELDS)
		return fs_error(ps, "more than %d fields", LTT_FETCH_MAX_FIELDS);
	f = &out->fields[out->nr_fields];
	memset(f, 0, sizeof(*f));
	if (!isalpha((unsigned char)*ps->p) && *ps->p != '_')
		return fs_error(ps, "expected NAME=SPEC (a name: letters, digits, '_')");
	while (fs_is_word(ps->p[len]))
		len++;
	if (len >= LTT_FETCH_NAME_MAX)
		return fs_error(ps, "name longer than %d characters",
				LTT_FETCH_NAME_MAX - 1);
	memcpy(f->name, ps->p, len);
	f->name[len] = '\0';
	ps->p += len;
	for (i = 0; i < out->nr_fields; i++)
		if (!strcmp(out->fields[i].name, f->name))
			return fs_error(ps, "name used twice");
	if (ltt_fetch_name_reserved(f->name, ps->flags))
		return fs_error(ps, "name reserved for the return probe's own field");
	if (*ps->p != '=')
		return fs_error(ps, "expected '=' after the name");
	ps->p++;
	ret = fs_spec(ps, f, 0);
	if (ret)
		return ret;
	if (*ps->p == ':') {
		ps->p++;
		ret = fs_type(ps, f, 1);
	} else {
		ret = fs_type(ps, f, 0);	/* x64, or $comm's string */
	}
	if (ret)
		return ret;
	if (*ps->p && !isspace((unsigned char)*ps->p))
		return fs_error(ps, "unexpected '%c' after the spec", *ps->p);
	out->nr_fields++;
	return 0;
}

int ltt_fetch_parse(const char *text, unsigned int flags,
		    struct ltt_fetch_spec *out, char *err, size_t errlen)
{
	struct fs_parser ps = {
		.p = text, .field = text, .flags = flags,
		.err = err, .errlen = errlen,
	};
	int ret;

	out->nr_fields = 0;
	if (errlen)
		err[0] = '\0';
	if (strlen(text) >= LTT_FETCH_TEXT_MAX) {
		if (errlen)
			snprintf(err, errlen, "specification longer than %d bytes",
				 LTT_FETCH_TEXT_MAX - 1);
		return -EINVAL;
	}
	for (;;) {
		while (isspace((unsigned char)*ps.p))
			ps.p++;
		if (!*ps.p)
			return 0;
		ps.field = ps.p;
		ret = fs_field(&ps, out);
		if (ret)
			return ret;
	}
}
