// SPDX-License-Identifier: GPL-2.0-only
/*
 * The filter compiler (filter-compile.h): lexer, operator-precedence
 * parser into a tree, type checks and constant folding, then code for the
 * kernel's stack machine, each subtree evaluated deepest first where the
 * operator allows, so that the stack stays as shallow as it can.
 *
 * Types known here: integers, string literals, context strings, floating
 * literals (folded away: the kernel has none) and payload fields, whose
 * type only the kernel knows (one expression serves several events): it
 * checks them when it links the program to each event.
 *
 * One source for lttctl and ltt.ko (which compiles the filter text of its
 * in-kernel control API), hence:
 * - no floating point: a floating literal is kept as its decimal digits
 *   and exponent, compared and rounded exactly (struct dec);
 * - no recursion: the parser and the tree walks keep their own stacks on
 *   the heap, so an expression nested or chained as deep as its 1023
 *   characters allow costs the caller's stack nothing (ltt.ko builds this
 *   file with a bound on its frames, src/Kbuild);
 * - memory bounded by the expression's length (LTT_FILTER_TEXT_MAX):
 *   nodes, stacks, code and strings.
 * What differs between the two builds is the few lines below.
 */
#ifdef __KERNEL__
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/stdarg.h>
#include <linux/string.h>
#include <uapi/ltt/abi.h>

#define fc_malloc(n)		kvmalloc((n), GFP_KERNEL)
#define fc_calloc(n, size)	kvcalloc((n), (size), GFP_KERNEL)
#define fc_free(p)		kvfree(p)
#else
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ltt/abi.h>

#define fc_malloc(n)		malloc(n)
#define fc_calloc(n, size)	calloc((n), (size))
#define fc_free(p)		free(p)
#define fallthrough		__attribute__((__fallthrough__))
#endif
#include "filter-compile.h"

/* realloc(), the same in both (kvrealloc() changed its arguments in 6.12) */
static void *fc_realloc(void *p, size_t old, size_t len)
{
	void *t = fc_malloc(len);

	if (!t)
		return NULL;
	if (p)
		memcpy(t, p, old < len ? old : len);
	fc_free(p);
	return t;
}

static char *fc_strndup(const char *s, size_t len)
{
	char *t = fc_malloc(len + 1);

	if (t) {
		memcpy(t, s, len);
		t[len] = '\0';
	}
	return t;
}

/* ---- tokens ---------------------------------------------------------- */
enum tok {
	T_END, T_INT, T_FLOAT, T_STR, T_IDENT, T_CTX, T_LP, T_RP,
	T_NOT, T_BNOT, T_MINUS, T_PLUS, T_SHL, T_SHR, T_BAND, T_BXOR, T_BOR,
	T_LT, T_LE, T_GT, T_GE, T_EQ, T_NE, T_AND, T_OR,
};

static const char *const tok_text[] = {
	[T_END] = "the end", [T_INT] = "a number", [T_FLOAT] = "a number",
	[T_STR] = "a string", [T_IDENT] = "a field", [T_CTX] = "a context field",
	[T_LP] = "'('", [T_RP] = "')'", [T_NOT] = "'!'", [T_BNOT] = "'~'",
	[T_MINUS] = "'-'", [T_PLUS] = "'+'", [T_SHL] = "'<<'", [T_SHR] = "'>>'",
	[T_BAND] = "'&'", [T_BXOR] = "'^'", [T_BOR] = "'|'", [T_LT] = "'<'",
	[T_LE] = "'<='", [T_GT] = "'>'", [T_GE] = "'>='", [T_EQ] = "'=='",
	[T_NE] = "'!='", [T_AND] = "'&&'", [T_OR] = "'||'",
};

/* ---- tree ------------------------------------------------------------ */
enum ty { TY_INT, TY_FLOAT, TY_LIT, TY_CTXSTR, TY_FIELD };

struct node {
	uint64_t ival;			/* T_INT */
	char *s;			/* T_STR: glob form; T_IDENT: name;
					 * T_FLOAT: digits (struct dec) */
	unsigned int slen;
	int fexp;			/* T_FLOAT: exponent (struct dec) */
	int a, b;			/* children, -1: none */
	unsigned int col;
	uint32_t jmp;			/* T_AND, T_OR: their jump's operand, in code */
	int need;			/* stack slots to evaluate it */
	uint16_t ctx;			/* T_CTX: LTT_CONTEXT_* */
	uint8_t op;			/* enum tok: T_INT, T_FLOAT, T_STR,
					 * T_IDENT, T_CTX or an operator */
	uint8_t ty;			/* enum ty */
	bool fneg;			/* T_FLOAT: negative (struct dec) */
};

/*
 * A floating literal, exactly as written: 0.DIGITS x 10^exp, the digits
 * without leading or trailing zeros (none: the value is 0). Nothing is
 * rounded, so x < 2.5 is x < 3 and x == 1.000000001 is false in both
 * builds alike.
 */
struct dec {
	const char *d;
	unsigned int n;
	int exp;
	bool neg;
};

/* An operator waiting for its right operand, or a '(' for its ')'. */
struct pending {
	enum tok op;			/* binary, prefix, or T_LP */
	unsigned int col;
};

struct compiler {
	const char *src, *p;
	enum tok tok;
	unsigned int tcol;		/* the current token's column */
	uint64_t tint;
	char *tstr;
	unsigned int tlen;
	int texp;
	unsigned int tctx;
	struct node *n;
	unsigned int nr, cap;
	unsigned int nr_float;		/* T_FLOAT leaves */
	struct pending *ops;		/* the parser's stacks: at most a */
	int *vals;			/* token each, of the expression */
	int *stack;			/* walk()'s: at most a node each */
	bool *live;			/* nodes the code reads */
	uint8_t *code;
	uint32_t code_len, code_cap;
	char *strtab;
	uint32_t strtab_len, strtab_cap;
	struct ltt_filter_error *err;
	int ret;			/* first error */
	/* the caller's kinds of payload fields, or NULL */
	enum ltt_filter_kind (*kind)(void *ctx, const char *name);
	void *kind_ctx;
};

static int error(struct compiler *c, int ret, unsigned int col,
		 const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int error(struct compiler *c, int ret, unsigned int col,
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

enum { K_INT, K_TEXT, K_SEQ };
static const unsigned char ctx_kinds[LTT_CONTEXT_NR] = {
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
	char *s = fc_malloc(cap), ch;

	if (!s)
		return error(c, -ENOMEM, 0, "out of memory");
	for (;;) {
		if (n + 3 > cap) {
			char *t = fc_realloc(s, cap, 2 * cap);

			if (!t) {
				fc_free(s);
				return error(c, -ENOMEM, 0, "out of memory");
			}
			s = t;
			cap *= 2;
		}
		ch = *c->p++;
		if (!ch) {
			fc_free(s);
			return error(c, -EINVAL, col_of(c, start),
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
			fc_free(s);
			return error(c, -EINVAL, col_of(c, c->p - 2),
				     "unknown escape '\\%c' in a string", ch ? ch : '0');
		}
		s[n++] = ch;
	}
	if (n > LTT_FILTER_LITERAL_MAX) {
		fc_free(s);
		return error(c, -E2BIG, col_of(c, start),
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
	d = fc_malloc(q - start + 1);
	if (!d)
		return error(c, -ENOMEM, 0, "out of memory");
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
		fc_free(d);
		return error(c, -EINVAL, col_of(c, start), "bad number");
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
		return error(c, -EINVAL, col_of(c, start),
			     "number larger than 64 bits");
	while (*q == 'u' || *q == 'U' || *q == 'l' || *q == 'L')
		q++;			/* C suffixes, as LTTng accepts them */
	if (is_ident(*q, false))
		return error(c, -EINVAL, col_of(c, start), "bad number");
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
		return error(c, -EINVAL, col_of(c, start),
			     "'$' starts a context field: $ctx.NAME");
	q = c->p + 5;
	while (is_ident(*q, q == c->p + 5))
		q++;
	n = q - (c->p + 5);
	for (i = 0; i < LTT_CONTEXT_NR; i++)
		if (strlen(ctx_names[i]) == n && !memcmp(ctx_names[i], c->p + 5, n))
			break;
	if (i == LTT_CONTEXT_NR)
		return error(c, -EINVAL, col_of(c, start),
			     "'%.*s' is not a context field (pid, tid, procname, vpid, ...: see lttctl(1))",
			     (int)(q - start > 64 ? 64 : q - start), start);
	if (ctx_kinds[i] == K_SEQ)
		return error(c, -EINVAL, col_of(c, start),
			     "'%.*s' is a list of addresses: it cannot be compared",
			     (int)(q - start), start);
	c->tctx = i;
	c->p = q;
	c->tok = T_CTX;
	return 0;
}

static int next(struct compiler *c)
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
			return error(c, -ENOMEM, 0, "out of memory");
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
	return error(c, -EINVAL, c->tcol, "unexpected character '%c'", *c->p);
}

/* ---- parser ---------------------------------------------------------- */
static int new_node(struct compiler *c, enum tok op, unsigned int col, int a, int b)
{
	struct node *n;

	if (c->nr == c->cap) {
		unsigned int cap = c->cap ? 2 * c->cap : 32;
		struct node *t = fc_realloc(c->n, c->cap * sizeof(*t),
					    cap * sizeof(*t));

		if (!t)
			return error(c, -ENOMEM, 0, "out of memory");
		c->n = t;
		c->cap = cap;
	}
	n = &c->n[c->nr];
	memset(n, 0, sizeof(*n));
	n->op = op;
	n->col = col;
	n->a = a;
	n->b = b;
	return c->nr++;
}

/* binary operators by level, loosest first; each level left-associative */
static const enum tok levels[][4] = {
	{ T_OR }, { T_AND }, { T_EQ, T_NE }, { T_LT, T_LE, T_GT, T_GE },
	{ T_BOR }, { T_BXOR }, { T_BAND }, { T_SHL, T_SHR },
};
#define NR_LEVELS	((int)(sizeof(levels) / sizeof(levels[0])))

/* a binary operator's level; -1: not one */
static int level_of(enum tok t)
{
	int level, i;

	for (level = 0; level < NR_LEVELS; level++)
		for (i = 0; i < 4 && levels[level][i]; i++)
			if (levels[level][i] == t)
				return level;
	return -1;
}

static bool is_prefix(enum tok t)
{
	return t == T_NOT || t == T_BNOT || t == T_MINUS || t == T_PLUS;
}

/* The current token, a value, as a leaf; the next token. */
static int leaf(struct compiler *c)
{
	struct node *n;
	int i = new_node(c, c->tok, c->tcol, -1, -1);

	if (i < 0)
		return i;
	n = &c->n[i];
	n->ival = c->tint;
	n->s = c->tstr;
	n->slen = c->tlen;
	n->fexp = c->texp;
	n->ctx = c->tctx;
	c->nr_float += c->tok == T_FLOAT;
	c->tstr = NULL;
	return next(c) ?: i;
}

/*
 * The expression up to the first token that cannot continue it (the
 * caller says what it expected there): its root, or < 0. Operator
 * precedence with two stacks (c->ops, c->vals): operators wait on one
 * until an operator binding no tighter, a ')' or the end comes; prefix
 * operators bind tightest, to the operand or '(...)' after them. The
 * tree, its nodes' order, the errors and their columns are those of a
 * recursive descent (which lttctl had), without its recursion.
 */
static int parse(struct compiler *c)
{
	struct pending *ops = c->ops;
	int *vals = c->vals;
	int nops = 0, nvals = 0, level, i;

	for (;;) {
		/* an operand, after its prefix operators and '(' */
		while (c->tok == T_LP || is_prefix(c->tok)) {
			ops[nops].op = c->tok;
			ops[nops++].col = c->tcol;
			if (next(c))
				return c->ret;
		}
		switch (c->tok) {
		case T_INT:
		case T_FLOAT:
		case T_STR:
		case T_IDENT:
		case T_CTX:
			i = leaf(c);
			if (i < 0)
				return i;
			vals[nvals++] = i;
			break;
		default:
			return error(c, -EINVAL, c->tcol,
				     "expected a field, a value or '(', found %s",
				     tok_text[c->tok]);
		}
		/* then an operator, or what ends the operand's '(' or all */
		for (;;) {
			while (nops && is_prefix(ops[nops - 1].op)) {
				nops--;
				i = new_node(c, ops[nops].op, ops[nops].col,
					     vals[nvals - 1], -1);
				if (i < 0)
					return i;
				vals[nvals - 1] = i;
			}
			level = level_of(c->tok);
			while (nops && ops[nops - 1].op != T_LP &&
			       level_of(ops[nops - 1].op) >= level) {
				nops--;
				nvals--;
				i = new_node(c, ops[nops].op, ops[nops].col,
					     vals[nvals - 1], vals[nvals]);
				if (i < 0)
					return i;
				vals[nvals - 1] = i;
			}
			if (level >= 0)
				break;
			if (!nops)
				return vals[0];
			if (c->tok != T_RP)	/* the innermost '(' is on top */
				return error(c, -EINVAL, c->tcol,
					     "expected ')' to close the '(' of column %u, found %s",
					     ops[nops - 1].col, tok_text[c->tok]);
			nops--;
			if (next(c))
				return c->ret;
		}
		ops[nops].op = c->tok;
		ops[nops++].col = c->tcol;
		if (next(c))
			return c->ret;
	}
}

/* ---- walking the tree ------------------------------------------------ */
enum { AT_MID = 1, AT_END };

/* Emitted right side first: a OP b as b mirror(OP) a, when b is deeper
 * (need() set) and the operator lets us swap. */
static bool swapped(const struct compiler *c, int i)
{
	const struct node *n = &c->n[i];

	return n->b >= 0 && n->op != T_AND && n->op != T_OR &&
	       n->op != T_SHL && n->op != T_SHR &&
	       c->n[n->b].need > c->n[n->a].need;
}

/*
 * Every node under root, each after its children: visit(c, i, AT_END),
 * and for a node with two, visit(c, i, AT_MID) between them. Without
 * recursion: a chain of 200 '||' is a tree 200 deep, and the kernel's
 * stack is small; c->stack holds the path (a node and how far it got,
 * 0..2), at most every node. Children in order a, b; with @swap, as
 * swapped() says. The first error stops it.
 */
static int walk(struct compiler *c, int root, bool swap,
		int (*visit)(struct compiler *c, int i, int at))
{
	int *st = c->stack;
	int sp = 0, i, state, child, ret;
	bool sw;

	st[sp++] = root * 4;
	while (sp) {
		i = st[sp - 1] / 4;
		state = st[sp - 1] % 4;
		if (state == 2) {
			sp--;
			ret = visit(c, i, AT_END);
			if (ret)
				return ret;
			continue;
		}
		sw = swap && swapped(c, i);
		child = (state == 0) == sw ? c->n[i].b : c->n[i].a;
		if (state == 1 && child >= 0) {
			ret = visit(c, i, AT_MID);
			if (ret)
				return ret;
		}
		st[sp - 1]++;
		if (child >= 0)
			st[sp++] = child * 4;
	}
	return 0;
}

/* ---- types and folding ----------------------------------------------- */
static const char *op_name(enum tok t)
{
	return tok_text[t];
}

static bool is_const_int(const struct node *n)
{
	return n->op == T_INT;
}

static void make_int(struct node *n, uint64_t v)
{
	fc_free(n->s);
	n->s = NULL;
	n->op = T_INT;
	n->a = n->b = -1;
	n->ival = v;
	n->ty = TY_INT;
}

static struct dec dec_of(const struct node *n)
{
	struct dec f = { .d = n->s, .n = n->slen, .exp = n->fexp, .neg = n->fneg };

	return f;
}

/* x against y: <0, 0, >0 (-0 is 0). */
static int dec_cmp(const struct dec *x, const struct dec *y)
{
	int sx = !x->n ? 0 : x->neg ? -1 : 1;
	int sy = !y->n ? 0 : y->neg ? -1 : 1;
	unsigned int i;
	int r = 0;

	if (sx != sy || !sx)
		return sx - sy;
	if (x->exp != y->exp) {
		r = x->exp < y->exp ? -1 : 1;
	} else {
		for (i = 0; !r && i < x->n && i < y->n; i++)
			r = x->d[i] - y->d[i];
		if (!r)		/* no trailing zeros: the longer is larger */
			r = (x->n > y->n) - (x->n < y->n);
	}
	return sx < 0 ? -r : r;
}

/*
 * |f| as its integer part *ip and whether a fraction follows (*frac);
 * false when |f| >= 10^19, past any int64.
 */
static bool dec_split(const struct dec *f, uint64_t *ip, bool *frac)
{
	int i;

	*ip = 0;
	*frac = false;
	if (!f->n)
		return true;
	if (f->exp > 19)
		return false;
	for (i = 0; i < f->exp; i++)
		*ip = *ip * 10 + ((unsigned int)i < f->n ? f->d[i] - '0' : 0);
	*frac = f->exp < 0 || f->n > (unsigned int)f->exp;
	return true;
}

/*
 * An integer x compared with the floating constant f: the same comparison
 * with an integer constant, or a constant result (*always: 0 or 1) when
 * no integer makes it so (x == 2.5) or all do (x < 1e30).
 */
static bool float_cmp(enum tok *op, const struct dec *f, int64_t *k, int *always)
{
	const uint64_t lim = (uint64_t)1 << 63;
	bool in, frac, up;
	uint64_t ip, m;

	*always = -1;
	in = dec_split(f, &ip, &frac);
	switch (*op) {
	case T_EQ:
	case T_NE:
		if (!in || frac || (f->neg ? ip > lim : ip >= lim)) {
			*always = *op == T_NE;
			return false;
		}
		m = ip;
		break;
	case T_LT:	/* x < f <=> x < ceil(f) */
	case T_GE:	/* x >= f <=> x >= ceil(f) */
		up = true;
		goto round;
	default:	/* x <= f <=> x <= floor(f); x > f <=> x > floor(f) */
		up = false;
round:
		/* |ceil(f)|: up for f > 0, down for f < 0; |floor(f)| the other way */
		m = in ? ip + (frac && up != f->neg) : 0;
		if (!f->neg && (!in || m >= lim)) {
			*always = *op == T_LT || *op == T_LE;
			return false;
		}
		if (f->neg && (!in || m > lim)) {
			*always = *op == T_GT || *op == T_GE;
			return false;
		}
		break;
	}
	*k = !f->neg ? (int64_t)m : m ? -(int64_t)(m - 1) - 1 : 0;
	return true;
}

static enum tok mirror(enum tok op)
{
	switch (op) {
	case T_LT: return T_GT;
	case T_LE: return T_GE;
	case T_GT: return T_LT;
	case T_GE: return T_LE;
	default: return op;
	}
}

static int need_int(struct compiler *c, int i, enum tok op, unsigned int col)
{
	const struct node *n = &c->n[i];

	if (n->ty == TY_INT || n->ty == TY_FIELD)
		return 0;
	if (n->ty == TY_FLOAT)
		return error(c, -EINVAL, col,
			     "a floating-point number cannot be used with %s (only compared)",
			     op_name(op));
	return error(c, -EINVAL, col, "a string cannot be used with %s%s",
		     op_name(op),
		     op >= T_LT && op <= T_GE ? " (strings compare with == and != only)" : "");
}

static int64_t fold_int(enum tok op, int64_t a, int64_t b, bool *ok)
{
	*ok = true;
	switch (op) {
	case T_BAND: return a & b;
	case T_BOR: return a | b;
	case T_BXOR: return a ^ b;
	case T_SHL:
	case T_SHR:
		if (b < 0 || b > 63) {
			*ok = false;	/* false at run time: keep it there */
			return 0;
		}
		return op == T_SHL ? (int64_t)((uint64_t)a << b) : a >> b;
	case T_LT: return a < b;
	case T_LE: return a <= b;
	case T_GT: return a > b;
	case T_GE: return a >= b;
	case T_EQ: return a == b;
	case T_NE: return a != b;
	case T_AND: return a && b;
	case T_OR: return a || b;
	default:
		*ok = false;
		return 0;
	}
}

/* A comparison involving a floating literal: rewrite or fold. */
static int check_float_cmp(struct compiler *c, int i)
{
	struct node *n = &c->n[i];
	struct node *a = &c->n[n->a], *b = &c->n[n->b];
	int always, other;
	enum tok op = n->op;
	struct dec f;
	int64_t k;

	if (a->ty == TY_FLOAT && b->ty == TY_FLOAT) {
		struct dec x = dec_of(a), y = dec_of(b);
		int r = dec_cmp(&x, &y);

		make_int(n, op == T_LT ? r < 0 : op == T_LE ? r <= 0 :
			    op == T_GT ? r > 0 : op == T_GE ? r >= 0 :
			    op == T_EQ ? r == 0 : r != 0);
		return 0;
	}
	if (a->ty == TY_FLOAT) {	/* f OP x: x mirror(OP) f */
		other = n->b;
		f = dec_of(a);
		op = mirror(op);
	} else {
		other = n->a;
		f = dec_of(b);
	}
	if (c->n[other].ty != TY_INT && c->n[other].ty != TY_FIELD)
		return error(c, -EINVAL, n->col, "a string compared with a number");
	if (float_cmp(&op, &f, &k, &always)) {
		int lit = n->a == other ? n->b : n->a;

		n->op = op;
		n->a = other;
		n->b = lit;
		c->n[lit].op = T_INT;
		c->n[lit].ty = TY_INT;
		c->n[lit].ival = (uint64_t)k;
		n->ty = TY_INT;
		return 0;
	}
	/*
	 * Always true or false for an integer; the operand stays evaluated
	 * (a field the event lacks still makes the whole filter false):
	 * true as (x & 0) == 0, false as x & 0.
	 */
	{
		unsigned int col = n->col;	/* n moves when nodes are added */
		int zero = new_node(c, T_INT, col, -1, -1);
		int band;

		if (zero < 0)
			return zero;
		c->n[zero].ty = TY_INT;
		if (!always) {
			n = &c->n[i];
			n->op = T_BAND;
			n->a = other;
			n->b = zero;
			n->ty = TY_INT;
			return 0;
		}
		band = new_node(c, T_BAND, col, other, zero);
		if (band < 0)
			return band;
		c->n[band].ty = TY_INT;
		zero = new_node(c, T_INT, col, -1, -1);
		if (zero < 0)
			return zero;
		c->n[zero].ty = TY_INT;
		n = &c->n[i];
		n->op = T_EQ;
		n->a = band;
		n->b = zero;
		n->ty = TY_INT;
	}
	return 0;
}

/* Node i's kind: a payload field's as the caller knows it, else ANY */
static enum ltt_filter_kind kind_of(struct compiler *c, const struct node *n)
{
	if (!c->kind || n->op != T_IDENT)
		return LTT_FILTER_KIND_ANY;
	return c->kind(c->kind_ctx, n->s);
}

/* What node n is, for a message: "a number", "a string", "field 'x'". */
static const char *what_of(const struct node *n)
{
	if (n->ty == TY_LIT || n->ty == TY_CTXSTR)
		return "a string";
	return "a number";
}

/*
 * Binary operator n on a payload field of known kind: refuse what the
 * kernel would, naming the field at its column. 0, or the error.
 */
static int check_field_kinds(struct compiler *c, const struct node *n)
{
	const struct node *side[2] = { &c->n[n->a], &c->n[n->b] };
	bool cmp = n->op >= T_LT && n->op <= T_NE;
	bool eq = n->op == T_EQ || n->op == T_NE;
	enum ltt_filter_kind k, ko;
	const struct node *f, *o;
	int i;

	for (i = 0; i < 2; i++) {
		f = side[i];
		o = side[!i];
		k = kind_of(c, f);
		if (k == LTT_FILTER_KIND_ANY)
			continue;
		ko = kind_of(c, o);
		if (k == LTT_FILTER_KIND_STRING && !cmp)
			return error(c, -EINVAL, f->col,
				     "field '%s' is a string: it cannot be used with %s",
				     f->s, op_name(n->op));
		if (o->op == T_IDENT && ko != LTT_FILTER_KIND_ANY && ko != k)
			return error(c, -EINVAL, f->col,
				     "field '%s' is a %s, compared with field '%s', a %s",
				     f->s, k == LTT_FILTER_KIND_STRING ? "string" : "number",
				     o->s, ko == LTT_FILTER_KIND_STRING ? "string" : "number");
		if (o->ty != TY_FIELD &&
		    (k == LTT_FILTER_KIND_STRING) !=
		    (o->ty == TY_LIT || o->ty == TY_CTXSTR))
			return error(c, -EINVAL, f->col,
				     "field '%s' is a %s, compared with %s",
				     f->s, k == LTT_FILTER_KIND_STRING ? "string" : "number",
				     what_of(o));
		if (k == LTT_FILTER_KIND_STRING && !eq)
			return error(c, -EINVAL, f->col,
				     "field '%s' is a string: strings compare with == and != only",
				     f->s);
	}
	return 0;
}

/* Node i's type, its children's known (walk()): fold or refuse it. */
static int check_at(struct compiler *c, int i, int at)
{
	struct node *n = &c->n[i];
	struct node *a, *b;
	bool ok;
	int ret;

	if (at != AT_END)
		return 0;
	switch (n->op) {
	case T_INT: n->ty = TY_INT; return 0;
	case T_FLOAT: n->ty = TY_FLOAT; return 0;
	case T_STR: n->ty = TY_LIT; return 0;
	case T_IDENT: n->ty = TY_FIELD; return 0;
	case T_CTX:
		n->ty = ctx_kinds[n->ctx] == K_TEXT ? TY_CTXSTR : TY_INT;
		return 0;
	default:
		break;
	}
	a = &c->n[n->a];
	b = n->b >= 0 ? &c->n[n->b] : NULL;
	if (b && n->op != T_AND && n->op != T_OR) {
		ret = check_field_kinds(c, n);
		if (ret)
			return ret;
	}
	switch (n->op) {
	case T_MINUS:
	case T_PLUS:
		if (a->ty == TY_FLOAT) {	/* a floating literal, signed */
			n->s = a->s;
			a->s = NULL;
			n->slen = a->slen;
			n->fexp = a->fexp;
			n->fneg = n->op == T_MINUS ? !a->fneg : a->fneg;
			n->op = T_FLOAT;
			n->a = -1;
			n->ty = TY_FLOAT;
			return 0;
		}
		fallthrough;
	case T_NOT:
	case T_BNOT:
		ret = need_int(c, n->a, n->op, n->col);
		if (ret)
			return ret;
		n->ty = TY_INT;
		if (is_const_int(a)) {
			int64_t v = (int64_t)a->ival;

			make_int(n, n->op == T_MINUS ? (uint64_t)0 - (uint64_t)v :
				    n->op == T_PLUS ? (uint64_t)v :
				    n->op == T_NOT ? (uint64_t)!v : ~(uint64_t)v);
		}
		return 0;
	case T_EQ:
	case T_NE:
		if (a->ty == TY_LIT || b->ty == TY_LIT) {
			const struct node *o = a->ty == TY_LIT ? b : a;

			if (o->ty == TY_LIT)
				return error(c, -EINVAL, n->col,
					     "two strings compared: one must be a field");
			if (o->ty != TY_FIELD && o->ty != TY_CTXSTR)
				return error(c, -EINVAL, n->col,
					     "a string compared with a number");
			n->ty = TY_INT;
			return 0;
		}
		if (a->ty == TY_CTXSTR || b->ty == TY_CTXSTR) {
			const struct node *o = a->ty == TY_CTXSTR ? b : a;

			if (o->ty != TY_FIELD && o->ty != TY_CTXSTR)
				return error(c, -EINVAL, n->col,
					     "a string compared with a number");
			n->ty = TY_INT;
			return 0;
		}
		/* numbers, then: */
		fallthrough;
	case T_LT:
	case T_LE:
	case T_GT:
	case T_GE:
		if (a->ty == TY_FLOAT || b->ty == TY_FLOAT) {
			if (a->ty == TY_LIT || a->ty == TY_CTXSTR ||
			    b->ty == TY_LIT || b->ty == TY_CTXSTR)
				return error(c, -EINVAL, n->col,
					     "a string compared with a number");
			return check_float_cmp(c, i);
		}
		fallthrough;
	default:	/* integer operators */
		ret = need_int(c, n->a, n->op, n->col);
		if (!ret)
			ret = need_int(c, n->b, n->op, n->col);
		if (ret)
			return ret;
		n->ty = TY_INT;
		if (is_const_int(a) && is_const_int(b)) {
			int64_t v = fold_int(n->op, (int64_t)a->ival, (int64_t)b->ival, &ok);

			if (ok)
				make_int(n, (uint64_t)v);
		}
		return 0;
	}
}

/* ---- code ------------------------------------------------------------ */
/* The stack slots node i needs, its children's known (walk()). */
static int need_at(struct compiler *c, int i, int at)
{
	struct node *n = &c->n[i];
	int a, b;

	if (at != AT_END)
		return 0;
	if (n->a < 0) {
		n->need = 1;
		return 0;
	}
	a = c->n[n->a].need;
	if (n->b < 0) {
		n->need = a;
		return 0;
	}
	b = c->n[n->b].need;
	if (n->op == T_AND || n->op == T_OR)	/* one after the other */
		n->need = a > b ? a : b;
	/* the deeper side first when the operator lets us swap */
	else if (b > a && n->op != T_SHL && n->op != T_SHR)
		n->need = b > a + 1 ? b : a + 1;
	else
		n->need = a > b + 1 ? a : b + 1;
	return 0;
}

static int mark_at(struct compiler *c, int i, int at)
{
	if (at == AT_END)
		c->live[i] = true;
	return 0;
}

static int put(struct compiler *c, const void *p, size_t len)
{
	if (c->code_len + len > LTT_FILTER_CODE_MAX)
		return error(c, -E2BIG, 0, "the program passes %d bytes",
			     LTT_FILTER_CODE_MAX);
	if (c->code_len + len > c->code_cap) {
		uint32_t cap = c->code_cap ? 2 * c->code_cap : 256;
		uint8_t *t;

		while (cap < c->code_len + len)
			cap *= 2;
		t = fc_realloc(c->code, c->code_len, cap);
		if (!t)
			return error(c, -ENOMEM, 0, "out of memory");
		c->code = t;
		c->code_cap = cap;
	}
	memcpy(c->code + c->code_len, p, len);
	c->code_len += len;
	return 0;
}

static int op1(struct compiler *c, int op)
{
	uint8_t b = op;

	return put(c, &b, 1);
}

static int op16(struct compiler *c, int op, unsigned int v)
{
	uint8_t b[3] = { op, v & 0xff, v >> 8 };

	return put(c, b, 3);
}

/* (off, len) of s in the string table, shared with an equal string */
static int intern(struct compiler *c, const char *s, size_t len, uint32_t *off)
{
	uint32_t i;

	for (i = 0; i + len <= c->strtab_len; i++)
		if (!memcmp(c->strtab + i, s, len)) {
			*off = i;
			return 0;
		}
	if (c->strtab_len + len > LTT_FILTER_STRTAB_MAX)
		return error(c, -E2BIG, 0, "the strings pass %d bytes",
			     LTT_FILTER_STRTAB_MAX);
	if (c->strtab_len + len > c->strtab_cap) {
		uint32_t cap = c->strtab_cap ? c->strtab_cap : 64;
		char *t;

		while (cap < c->strtab_len + len)
			cap *= 2;
		t = fc_realloc(c->strtab, c->strtab_len, cap);
		if (!t)
			return error(c, -ENOMEM, 0, "out of memory");
		c->strtab = t;
		c->strtab_cap = cap;
	}
	memcpy(c->strtab + c->strtab_len, s, len);
	*off = c->strtab_len;
	c->strtab_len += len;
	return 0;
}

static int emit_str(struct compiler *c, int op, const char *s, size_t len)
{
	uint32_t off = 0;
	uint8_t b[5];
	int ret = intern(c, s, len, &off);

	if (ret)
		return ret;
	b[0] = op;
	b[1] = off & 0xff;
	b[2] = off >> 8;
	b[3] = len & 0xff;
	b[4] = len >> 8;
	return put(c, b, 5);
}

/* Node i's code: after its children's (walk(), deeper side first), and
 * for && and || the jump between them. */
static int emit_at(struct compiler *c, int i, int at)
{
	static const uint8_t bin_op[] = {
		[T_SHL] = LTT_FOP_SHL, [T_SHR] = LTT_FOP_SHR, [T_BAND] = LTT_FOP_BAND,
		[T_BXOR] = LTT_FOP_BXOR, [T_BOR] = LTT_FOP_BOR, [T_LT] = LTT_FOP_LT,
		[T_LE] = LTT_FOP_LE, [T_GT] = LTT_FOP_GT, [T_GE] = LTT_FOP_GE,
		[T_EQ] = LTT_FOP_EQ, [T_NE] = LTT_FOP_NE,
	};
	struct node *n = &c->n[i];
	uint8_t b[9];
	int ret, k;

	if (at == AT_MID) {
		if (n->op != T_AND && n->op != T_OR)
			return 0;
		n->jmp = c->code_len + 1;
		return op16(c, n->op == T_AND ? LTT_FOP_AND_JMP : LTT_FOP_OR_JMP, 0);
	}
	switch (n->op) {
	case T_INT:
		b[0] = LTT_FOP_PUSH_INT;
		for (k = 0; k < 8; k++)
			b[1 + k] = n->ival >> (8 * k);
		return put(c, b, 9);
	case T_STR:
		return emit_str(c, LTT_FOP_PUSH_STR, n->s, n->slen);
	case T_IDENT:
		return emit_str(c, LTT_FOP_LOAD_FIELD, n->s, n->slen);
	case T_CTX:
		return op16(c, LTT_FOP_LOAD_CTX, n->ctx);
	case T_PLUS:
		return 0;
	case T_NOT:
	case T_BNOT:
	case T_MINUS:
		return op1(c, n->op == T_NOT ? LTT_FOP_NOT :
			      n->op == T_BNOT ? LTT_FOP_BNOT : LTT_FOP_NEG);
	case T_AND:
	case T_OR:
		ret = op1(c, LTT_FOP_TO_BOOL);
		if (ret)
			return ret;
		c->code[n->jmp] = c->code_len & 0xff;
		c->code[n->jmp + 1] = c->code_len >> 8;
		return 0;
	default:	/* the deeper side first: a OP b == b mirror(OP) a */
		return op1(c, bin_op[swapped(c, i) ? mirror(n->op) : n->op]);
	}
}

/* Past the stack's depth: the column of the deepest node that passes it. */
static unsigned int deepest_col(struct compiler *c, int i)
{
	for (;;) {
		const struct node *n = &c->n[i];

		if (n->a >= 0 && c->n[n->a].need > LTT_FILTER_STACK_MAX)
			i = n->a;
		else if (n->b >= 0 && c->n[n->b].need > LTT_FILTER_STACK_MAX)
			i = n->b;
		else
			return n->col;
	}
}

static void free_nodes(struct compiler *c)
{
	unsigned int i;

	for (i = 0; i < c->nr; i++)
		fc_free(c->n[i].s);
	fc_free(c->n);
	fc_free(c->tstr);
}

static int collect_fields(struct compiler *c, struct ltt_filter_prog *prog)
{
	unsigned int i, j;

	for (i = 0; i < c->nr; i++) {
		const struct node *n = &c->n[i];
		bool dup = false;
		char **t;

		if (n->op != T_IDENT || !n->s)
			continue;
		for (j = 0; j < prog->nr_fields; j++)
			dup |= !strcmp(prog->fields[j], n->s);
		if (dup)
			continue;
		t = fc_realloc(prog->fields, prog->nr_fields * sizeof(*t),
			       (prog->nr_fields + 1) * sizeof(*t));
		if (!t)
			return -ENOMEM;
		prog->fields = t;
		t[prog->nr_fields] = fc_strndup(n->s, n->slen);
		if (!t[prog->nr_fields])
			return -ENOMEM;
		prog->nr_fields++;
	}
	return 0;
}

/*
 * The text section (abi.h, LTT_FILTER_F_TEXT): the expression as given,
 * in printable ASCII as the kernel wants it: white space (tab, newline,
 * carriage return: outside a literal, the only other bytes a valid
 * expression holds) as ' ', any other byte as '?'. The same length: it
 * always fits.
 */
static void put_text(char *dst, const char *expr)
{
	for (; *expr; expr++, dst++) {
		unsigned char ch = *expr;

		if (ch >= 0x20 && ch <= 0x7e)
			*dst = ch;
		else
			*dst = ch == '\t' || ch == '\n' || ch == '\r' ? ' ' : '?';
	}
	*dst = '\0';
}

void ltt_filter_prog_drop_text(struct ltt_filter_prog *prog)
{
	struct ltt_filter_header *h = prog->buf;

	if (!prog->text_len)
		return;
	h->flags &= ~LTT_FILTER_F_TEXT;
	prog->len -= prog->text_len;
	prog->text_len = 0;
}

/* The parser's stacks, a token each at most: one per byte of the text. */
static int alloc_stacks(struct compiler *c, size_t len)
{
	c->ops = fc_malloc((len + 1) * sizeof(*c->ops));
	c->vals = fc_malloc((len + 1) * sizeof(*c->vals));
	if (!c->ops || !c->vals)
		return error(c, -ENOMEM, 0, "out of memory");
	return 0;
}

/*
 * Room for the nodes check_at() adds (at most 3 per floating literal, for
 * the comparison it is in) so that none moves under a pointer while it
 * runs, and walk()'s stack: a node each at most.
 */
static int reserve(struct compiler *c)
{
	unsigned int cap = c->nr + 3 * c->nr_float + 8;

	if (c->cap < cap) {
		struct node *t = fc_realloc(c->n, c->nr * sizeof(*t),
					    cap * sizeof(*t));

		if (!t)
			return error(c, -ENOMEM, 0, "out of memory");
		c->n = t;
		c->cap = cap;
	}
	c->stack = fc_malloc(c->cap * sizeof(*c->stack));
	if (!c->stack)
		return error(c, -ENOMEM, 0, "out of memory");
	return 0;
}

int ltt_filter_compile(const char *expr, struct ltt_filter_prog *prog,
		       struct ltt_filter_error *err)
{
	return ltt_filter_compile_kinds(expr, prog, err, NULL, NULL);
}

int ltt_filter_compile_kinds(const char *expr, struct ltt_filter_prog *prog,
			     struct ltt_filter_error *err,
			     enum ltt_filter_kind (*kind)(void *ctx,
							  const char *name),
			     void *ctx)
{
	struct compiler c = {
		.src = expr, .p = expr, .err = err, .kind = kind, .kind_ctx = ctx,
	};
	struct ltt_filter_header h = {
		.magic = LTT_FILTER_MAGIC, .version = LTT_FILTER_VERSION,
	};
	size_t len = strlen(expr);
	unsigned int i;
	int root, ret;

	memset(prog, 0, sizeof(*prog));
	memset(err, 0, sizeof(*err));
	if (len >= LTT_FILTER_TEXT_MAX) {
		ret = error(&c, -E2BIG, 0, "the expression passes %d characters",
			    LTT_FILTER_TEXT_MAX - 1);
		goto out;
	}
	ret = alloc_stacks(&c, len) ?: next(&c);
	if (ret)
		goto out;
	if (c.tok == T_END) {
		ret = error(&c, -EINVAL, 1, "the expression is empty");
		goto out;
	}
	root = parse(&c);
	if (root < 0 || c.ret) {
		ret = c.ret ?: root;
		goto out;
	}
	if (c.tok == T_PLUS || c.tok == T_MINUS) {
		ret = error(&c, -EINVAL, c.tcol,
			    "filters have no arithmetic: %s is a sign only",
			    tok_text[c.tok]);
		goto out;
	}
	if (c.tok != T_END) {
		ret = error(&c, -EINVAL, c.tcol, "expected an operator or the end, found %s",
			    tok_text[c.tok]);
		goto out;
	}
	ret = reserve(&c) ?: walk(&c, root, false, check_at);
	if (ret)
		goto out;
	if (c.n[root].ty != TY_INT && c.n[root].ty != TY_FIELD) {
		ret = error(&c, -EINVAL, c.n[root].col,
			    "the expression is %s, not a condition (compare it)",
			    c.n[root].ty == TY_FLOAT ? "a number" : "a string");
		goto out;
	}
	walk(&c, root, false, need_at);
	if (c.n[root].need > LTT_FILTER_STACK_MAX) {
		ret = error(&c, -E2BIG, deepest_col(&c, root),
			    "nested too deep: more than %d values at once",
			    LTT_FILTER_STACK_MAX);
		goto out;
	}
	ret = walk(&c, root, true, emit_at) ?: op1(&c, LTT_FOP_RET);
	if (ret)
		goto out;
	c.live = fc_calloc(c.nr, sizeof(*c.live));
	if (!c.live) {
		ret = -ENOMEM;
		goto out;
	}
	walk(&c, root, false, mark_at);
	for (i = 0; i < c.nr; i++)	/* only the fields the code reads */
		if (!c.live[i] && c.n[i].op == T_IDENT) {
			fc_free(c.n[i].s);
			c.n[i].s = NULL;
		}
	ret = collect_fields(&c, prog);
	if (ret)
		goto out;
	h.code_len = c.code_len;
	h.strtab_len = c.strtab_len;
	h.flags = LTT_FILTER_F_TEXT;
	prog->len = sizeof(h) + c.code_len + c.strtab_len;
	prog->text_len = len + 1;
	prog->buf = fc_malloc(prog->len + prog->text_len);
	if (!prog->buf) {
		ret = -ENOMEM;
		goto out;
	}
	memcpy(prog->buf, &h, sizeof(h));
	memcpy((char *)prog->buf + sizeof(h), c.code, c.code_len);
	if (c.strtab_len)
		memcpy((char *)prog->buf + sizeof(h) + c.code_len, c.strtab,
		       c.strtab_len);
	put_text((char *)prog->buf + prog->len, expr);
	prog->len += prog->text_len;
out:
	fc_free(c.live);
	fc_free(c.stack);
	fc_free(c.ops);
	fc_free(c.vals);
	free_nodes(&c);
	fc_free(c.code);
	fc_free(c.strtab);
	if (ret) {
		if (ret == -ENOMEM && !err->msg[0])
			snprintf(err->msg, sizeof(err->msg), "out of memory");
		ltt_filter_prog_free(prog);
	}
	return ret;
}

void ltt_filter_prog_free(struct ltt_filter_prog *prog)
{
	unsigned int i;

	for (i = 0; i < prog->nr_fields; i++)
		fc_free(prog->fields[i]);
	fc_free(prog->fields);
	fc_free(prog->buf);
	memset(prog, 0, sizeof(*prog));
}

int ltt_filter_compile_text(const char *expr, void **prog, uint32_t *len,
			    char *why, size_t whylen)
{
	struct ltt_filter_error err;
	struct ltt_filter_prog p;
	int ret = ltt_filter_compile(expr, &p, &err);

	*prog = NULL;
	*len = 0;
	if (ret) {
		snprintf(why, whylen, "%s", err.msg);
		return ret;
	}
	*prog = p.buf;
	*len = p.len;
	p.buf = NULL;
	ltt_filter_prog_free(&p);
	return 0;
}
