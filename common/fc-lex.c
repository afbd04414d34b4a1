// SPDX-License-Identifier: GPL-2.0-only
/*
 * The filter compiler's lexer (fc-internal.h): the expression's characters
 * into tokens, one at a time as the parser asks (fc_next()): numbers
 * (integers, and floating literals kept as their decimal digits, struct
 * dec: no floating point here), string literals into their glob form,
 * fields, $ctx. names; and fc_error(), which every phase reports through.
 */
#include "fc-internal.h"

const char *const fc_tok_text[] = {
	[T_END] = "the end", [T_INT] = "a number", [T_FLOAT] = "a number",
	[T_STR] = "a string", [T_IDENT] = "a field", [T_CTX] = "a context field",
	[T_LP] = "'('", [T_RP] = "')'", [T_NOT] = "'!'", [T_BNOT] = "'~'",
	[T_MINUS] = "'-'", [T_PLUS] = "'+'", [T_SHL] = "'<<'", [T_SHR] = "'>>'",
	[T_BAND] = "'&'", [T_BXOR] = "'^'", [T_BOR] = "'|'", [T_LT] = "'<'",
	[T_LE] = "'<='", [T_GT] = "'>'", [T_GE] = "'>='", [T_EQ] = "'=='",
	[T_NE] = "'!='", [T_AND] = "'&&'", [T_OR] = "'||'",
};


int fc_error(struct compiler *c, int ret, unsigned int col,
		 const char *fmt, ...)
{
	va_list ap;
	int n = 0;

	if (c->ret)
		return c->ret;
	c->ret = ret;
	c->err->column = col;
	if (col)
		n = snprintf(c->err->msg, sizeof(c->err->msg), "column %u: ", col);
	va_start(ap, fmt);
	vsnprintf(c->err->msg + n, sizeof(c->err->msg) - n, fmt, ap);
	va_end(ap);
	return ret;
}

static unsigned int col_of(const struct compiler *c, const char *at)
{
	return at - c->src + 1;
}

/* ---- lexer ----------------------------------------------------------- */
static const char *const ctx_names[LTT_CONTEXT_NR] = {
#define CTX_NAME(id, name, kind, bytes, sign) [LTT_CONTEXT_##id] = #name,
	LTT_CONTEXT_FIELDS(CTX_NAME)
#undef CTX_NAME
};

const unsigned char fc_ctx_kinds[LTT_CONTEXT_NR] = {
#define CTX_KIND(id, name, kind, bytes, sign) [LTT_CONTEXT_##id] = K_##kind,
	LTT_CONTEXT_FIELDS(CTX_KIND)
#undef CTX_KIND
};

static bool is_digit(int ch)
{
	return ch >= '0' && ch <= '9';
}

static bool is_ident(int ch, bool first)
{
	return ch == '_' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	       (!first && is_digit(ch));
}

/* A string literal into its glob form (abi.h): '*' stays, "\*" stays,
 * a backslash standing for itself doubles. */
static int lex_string(struct compiler *c)
{
	const char *start = c->p++;
	size_t cap = 64, n = 0;
	char *s = cm_malloc(cap), ch;

	if (!s)
		return fc_error(c, -ENOMEM, 0, "out of memory");
	for (;;) {
		if (n + 3 > cap) {
			char *t = fc_realloc(s, cap, 2 * cap);

			if (!t) {
				cm_free(s);
				return fc_error(c, -ENOMEM, 0, "out of memory");
			}
			s = t;
			cap *= 2;
		}
		ch = *c->p++;
		if (!ch) {
			cm_free(s);
			return fc_error(c, -EINVAL, col_of(c, start),
				     "string not closed by '\"'");
		}
		if (ch == '"')
			break;
		if (ch != '\\') {
			s[n++] = ch;
			continue;
		}
		ch = *c->p++;
		switch (ch) {
		case '*':
			s[n++] = '\\';
			s[n++] = '*';
			continue;
		case '\\':
			s[n++] = '\\';
			s[n++] = '\\';
			continue;
		case 'n': ch = '\n'; break;
		case 't': ch = '\t'; break;
		case 'r': ch = '\r'; break;
		case 'a': ch = '\a'; break;
		case 'b': ch = '\b'; break;
		case 'f': ch = '\f'; break;
		case 'v': ch = '\v'; break;
		case '"': case '\'': case '?': break;
		default:
			cm_free(s);
			return fc_error(c, -EINVAL, col_of(c, c->p - 2),
				     "unknown escape '\\%c' in a string", ch ? ch : '0');
		}
		s[n++] = ch;
	}
	if (n > LTT_FILTER_LITERAL_MAX) {
		cm_free(s);
		return fc_error(c, -E2BIG, col_of(c, start),
			     "string longer than %d bytes", LTT_FILTER_LITERAL_MAX);
	}
	c->tstr = s;
	c->tlen = n;
	c->tok = T_STR;
	return 0;
}

/*
 * The first 40 significant digits of the bounds of a double's range (the
 * range strtod() gives without ERANGE, which lttctl used to read these
 * literals with): a literal of at most 40 significant digits is refused
 * exactly when strtod() refused it; past 40, its first 40 decide.
 */
#define DEC_BOUND_DIGITS	40
/* 2^1024 - 2^970, halfway from DBL_MAX up: 0.DIGITS x 10^309 and above
 * round to infinity */
static const char dec_over[] = "1797693134862315807937289714053034150799";
/* 2^-1022 - 2^-1076, halfway from DBL_MIN down to the next 53-bit value:
 * glibc refuses a non-zero value below 0.DIGITS x 10^-307 (it would round
 * below DBL_MIN) */
static const char dec_under[] = "2225073858507201259573821257020768020077";

/* The digits d[0..n) (then zeros) against a bound's: <0, 0, >0. */
static int dec_cmp_bound(const char *d, unsigned int n, const char *bound)
{
	unsigned int i;
	char ch;

	for (i = 0; i < DEC_BOUND_DIGITS; i++) {
		ch = i < n ? d[i] : '0';
		if (ch != bound[i])
			return ch < bound[i] ? -1 : 1;
	}
	return 0;
}

/*
 * Digits with a '.' or an exponent (as C, and as strtod() read them): the
 * mantissa's significant digits into c->tstr, and where the point falls
 * into c->texp. An exponent counts only with digits after its 'e' (and
 * sign); the literal's value must be in a double's range, 0 included.
 */
static int lex_float(struct compiler *c)
{
	const char *start = c->p, *q;
	bool point = false;
	unsigned int n = 0;
	int exp = 0, e = 0, sign = 1;
	char *d;

	for (q = start; is_digit(*q) || (*q == '.' && !point); q++)
		point |= *q == '.';
	d = cm_malloc(q - start + 1);
	if (!d)
		return fc_error(c, -ENOMEM, 0, "out of memory");
	point = false;
	for (q = start; is_digit(*q) || (*q == '.' && !point); q++) {
		if (*q == '.') {
			point = true;
		} else if (*q != '0' || n) {	/* significant */
			d[n++] = *q;
			exp += !point;
		} else if (point) {		/* 0.0...: a leading zero */
			exp--;
		}
	}
	while (n && d[n - 1] == '0')
		n--;
	d[n] = '\0';
	if ((*q == 'e' || *q == 'E') &&
	    (is_digit(q[1]) || ((q[1] == '+' || q[1] == '-') && is_digit(q[2])))) {
		q++;
		if (*q == '+' || *q == '-')
			sign = *q++ == '-' ? -1 : 1;
		for (; is_digit(*q); q++)
			if (e < 1000000)	/* past it, out of range anyway */
				e = 10 * e + (*q - '0');
		exp += sign * e;
	}
	if (is_ident(*q, false) ||
	    (n && (exp > 309 || (exp == 309 && dec_cmp_bound(d, n, dec_over) > 0) ||
		   exp < -307 || (exp == -307 && dec_cmp_bound(d, n, dec_under) <= 0)))) {
		cm_free(d);
		return fc_error(c, -EINVAL, col_of(c, start), "bad number");
	}
	c->tstr = d;
	c->tlen = n;
	c->texp = exp;
	c->p = q;
	c->tok = T_FLOAT;
	return 0;
}

static unsigned int digit_value(char ch)
{
	if (is_digit(ch))
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return 99;
}

/* The digits of base at p (as strtoull()): where they end; *over: past
 * 64 bits. */
static const char *parse_uint(const char *p, unsigned int base, uint64_t *v,
			      bool *over)
{
	unsigned int dv;

	*v = 0;
	*over = false;
	for (; (dv = digit_value(*p)) < base; p++) {
		if (*v > (~(uint64_t)0 - dv) / base)
			*over = true;
		else
			*v = *v * base + dv;
	}
	return p;
}

static int lex_number(struct compiler *c)
{
	const char *start = c->p, *q;
	unsigned int base = 10;
	bool over;

	/* a float: digits with '.' or an exponent (not hex) */
	q = start;
	if (q[0] == '0' && (q[1] == 'x' || q[1] == 'X')) {
		base = 16;
	} else {
		while (is_digit(*q))
			q++;
		if (*q == '.' || *q == 'e' || *q == 'E')
			return lex_float(c);
		if (start[0] == '0' && start[1])
			base = 8;
	}
	if (base == 16) {
		q = parse_uint(start + 2, 16, &c->tint, &over);
		if (q == start + 2)	/* "0x" alone: the 0, then an 'x' */
			q = start + 1;
	} else {
		q = parse_uint(start, base, &c->tint, &over);
	}
	if (over)
		return fc_error(c, -EINVAL, col_of(c, start),
			     "number larger than 64 bits");
	while (*q == 'u' || *q == 'U' || *q == 'l' || *q == 'L')
		q++;			/* C suffixes, as LTTng accepts them */
	if (is_ident(*q, false))
		return fc_error(c, -EINVAL, col_of(c, start), "bad number");
	c->p = q;
	c->tok = T_INT;
	return 0;
}

static int lex_ctx(struct compiler *c)
{
	const char *start = c->p, *q;
	unsigned int i;
	size_t n;

	if (strncmp(c->p, "$ctx.", 5))
		return fc_error(c, -EINVAL, col_of(c, start),
			     "'$' starts a context field: $ctx.NAME");
	q = c->p + 5;
	while (is_ident(*q, q == c->p + 5))
		q++;
	n = q - (c->p + 5);
	for (i = 0; i < LTT_CONTEXT_NR; i++)
		if (strlen(ctx_names[i]) == n && !memcmp(ctx_names[i], c->p + 5, n))
			break;
	if (i == LTT_CONTEXT_NR)
		return fc_error(c, -EINVAL, col_of(c, start),
			     "'%.*s' is not a context field (pid, tid, procname, vpid, ...: see lttctl(1))",
			     (int)(q - start > 64 ? 64 : q - start), start);
	if (fc_ctx_kinds[i] == K_SEQ)
		return fc_error(c, -EINVAL, col_of(c, start),
			     "'%.*s' is a list of addresses: it cannot be compared",
			     (int)(q - start), start);
	c->tctx = i;
	c->p = q;
	c->tok = T_CTX;
	return 0;
}

int fc_next(struct compiler *c)
{
	static const struct { const char *s; enum tok t; } ops[] = {
		{ "<<", T_SHL }, { ">>", T_SHR }, { "<=", T_LE }, { ">=", T_GE },
		{ "==", T_EQ }, { "!=", T_NE }, { "&&", T_AND }, { "||", T_OR },
		{ "<", T_LT }, { ">", T_GT }, { "&", T_BAND }, { "^", T_BXOR },
		{ "|", T_BOR }, { "!", T_NOT }, { "~", T_BNOT }, { "-", T_MINUS },
		{ "+", T_PLUS }, { "(", T_LP }, { ")", T_RP },
	};
	const char *q;
	unsigned int i;

	while (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r')
		c->p++;
	c->tcol = col_of(c, c->p);
	if (!*c->p) {
		c->tok = T_END;
		return 0;
	}
	if (*c->p == '"')
		return lex_string(c);
	if (is_digit(*c->p))
		return lex_number(c);
	if (*c->p == '.' && is_digit(c->p[1]))
		return lex_number(c);
	if (*c->p == '$')
		return lex_ctx(c);
	if (is_ident(*c->p, true)) {
		q = c->p;
		while (is_ident(*q, false))
			q++;
		c->tstr = fc_strndup(c->p, q - c->p);
		if (!c->tstr)
			return fc_error(c, -ENOMEM, 0, "out of memory");
		c->tlen = q - c->p;
		c->p = q;
		c->tok = T_IDENT;
		return 0;
	}
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		size_t n = strlen(ops[i].s);

		if (!strncmp(c->p, ops[i].s, n)) {
			c->p += n;
			c->tok = ops[i].t;
			return 0;
		}
	}
	return fc_error(c, -EINVAL, c->tcol, "unexpected character '%c'", *c->p);
}

