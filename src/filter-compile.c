// SPDX-License-Identifier: GPL-2.0-only
/*
 * The filter compiler (filter-compile.h): lexer, recursive descent parser
 * into a tree, type checks and constant folding, then code for the
 * kernel's stack machine, each subtree evaluated deepest first where the
 * operator allows, so that the stack stays as shallow as it can.
 *
 * Types known here: integers, string literals, context strings, floating
 * literals (folded away: the kernel has none) and payload fields, whose
 * type only the kernel knows (one expression serves several events): it
 * checks them when it links the program to each event.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ltt/abi.h>
#include "filter-compile.h"

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
	enum tok op;			/* T_INT, T_FLOAT, T_STR, T_IDENT, T_CTX or an operator */
	unsigned int col;
	int a, b;			/* children, -1: none */
	uint64_t ival;
	double fval;
	char *s;			/* T_STR: glob form; T_IDENT: name */
	size_t slen;
	unsigned int ctx;		/* T_CTX: LTT_CONTEXT_* */
	enum ty ty;
	int need;			/* stack slots to evaluate it */
};

struct compiler {
	const char *src, *p;
	enum tok tok;
	unsigned int tcol;		/* the current token's column */
	uint64_t tint;
	double tfloat;
	char *tstr;
	size_t tlen;
	unsigned int tctx;
	struct node *n;
	unsigned int nr, cap;
	uint8_t *code;
	uint32_t code_len, code_cap;
	char *strtab;
	uint32_t strtab_len, strtab_cap;
	struct ltt_filter_error *err;
	int ret;			/* first error */
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

static bool is_ident(int ch, bool first)
{
	return ch == '_' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	       (!first && ch >= '0' && ch <= '9');
}

/* A string literal into its glob form (abi.h): '*' stays, "\*" stays,
 * a backslash standing for itself doubles. */
static int lex_string(struct compiler *c)
{
	const char *start = c->p++;
	size_t cap = 64, n = 0;
	char *s = malloc(cap), ch;

	if (!s)
		return error(c, -ENOMEM, 0, "out of memory");
	for (;;) {
		if (n + 3 > cap) {
			char *t = realloc(s, cap *= 2);

			if (!t) {
				free(s);
				return error(c, -ENOMEM, 0, "out of memory");
			}
			s = t;
		}
		ch = *c->p++;
		if (!ch) {
			free(s);
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
			free(s);
			return error(c, -EINVAL, col_of(c, c->p - 2),
				     "unknown escape '\\%c' in a string", ch ? ch : '0');
		}
		s[n++] = ch;
	}
	if (n > LTT_FILTER_LITERAL_MAX) {
		free(s);
		return error(c, -E2BIG, col_of(c, start),
			     "string longer than %d bytes", LTT_FILTER_LITERAL_MAX);
	}
	c->tstr = s;
	c->tlen = n;
	c->tok = T_STR;
	return 0;
}

static int lex_number(struct compiler *c)
{
	const char *start = c->p, *q;
	char *end;
	int base = 10;

	/* a float: digits with '.' or an exponent (not hex) */
	q = start;
	if (q[0] == '0' && (q[1] == 'x' || q[1] == 'X')) {
		base = 16;
	} else {
		while (*q >= '0' && *q <= '9')
			q++;
		if (*q == '.' || *q == 'e' || *q == 'E') {
			errno = 0;
			c->tfloat = strtod(start, &end);
			if (end == start || errno == ERANGE || is_ident(*end, false))
				return error(c, -EINVAL, col_of(c, start),
					     "bad number");
			c->p = end;
			c->tok = T_FLOAT;
			return 0;
		}
		if (start[0] == '0' && start[1])
			base = 8;
	}
	errno = 0;
	c->tint = strtoull(start, &end, base);
	if (base == 16 && end == start + 1)	/* "0x" alone */
		end = (char *)start + 1;
	if (errno == ERANGE)
		return error(c, -EINVAL, col_of(c, start),
			     "number larger than 64 bits");
	while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
		end++;			/* C suffixes, as LTTng accepts them */
	if (is_ident(*end, false) || (*end >= '0' && *end <= '9'))
		return error(c, -EINVAL, col_of(c, start), "bad number");
	c->p = end;
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
	if (*c->p >= '0' && *c->p <= '9')
		return lex_number(c);
	if (*c->p == '.' && c->p[1] >= '0' && c->p[1] <= '9')
		return lex_number(c);
	if (*c->p == '$')
		return lex_ctx(c);
	if (is_ident(*c->p, true)) {
		q = c->p;
		while (is_ident(*q, false))
			q++;
		c->tstr = strndup(c->p, q - c->p);
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
		struct node *t = realloc(c->n, cap * sizeof(*t));

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

static int parse_expr(struct compiler *c, int level);

static int parse_primary(struct compiler *c)
{
	unsigned int col = c->tcol;
	int i;

	switch (c->tok) {
	case T_INT:
	case T_FLOAT:
	case T_STR:
	case T_IDENT:
	case T_CTX:
		i = new_node(c, c->tok, col, -1, -1);
		if (i < 0)
			return i;
		c->n[i].ival = c->tint;
		c->n[i].fval = c->tfloat;
		c->n[i].s = c->tstr;
		c->n[i].slen = c->tlen;
		c->n[i].ctx = c->tctx;
		c->tstr = NULL;
		return next(c) ?: i;
	case T_LP:
		if (next(c))
			return c->ret;
		i = parse_expr(c, 0);
		if (i < 0)
			return i;
		if (c->tok != T_RP)
			return error(c, -EINVAL, c->tcol,
				     "expected ')' to close the '(' of column %u, found %s",
				     col, tok_text[c->tok]);
		return next(c) ?: i;
	case T_NOT:
	case T_BNOT:
	case T_MINUS:
	case T_PLUS: {
		enum tok op = c->tok;

		if (next(c))
			return c->ret;
		i = parse_primary(c);
		if (i < 0)
			return i;
		return new_node(c, op, col, i, -1);
	}
	default:
		return error(c, -EINVAL, col, "expected a field, a value or '(', found %s",
			     tok_text[c->tok]);
	}
}

/* binary operators by level, loosest first; each level left-associative */
static const enum tok levels[][4] = {
	{ T_OR }, { T_AND }, { T_EQ, T_NE }, { T_LT, T_LE, T_GT, T_GE },
	{ T_BOR }, { T_BXOR }, { T_BAND }, { T_SHL, T_SHR },
};
#define NR_LEVELS	((int)(sizeof(levels) / sizeof(levels[0])))

static bool at_level(enum tok t, int level)
{
	int i;

	for (i = 0; i < 4 && levels[level][i]; i++)
		if (levels[level][i] == t)
			return true;
	return false;
}

static int parse_expr(struct compiler *c, int level)
{
	unsigned int col;
	enum tok op;
	int a, b;

	if (level == NR_LEVELS)
		return parse_primary(c);
	a = parse_expr(c, level + 1);
	while (a >= 0 && at_level(c->tok, level)) {
		op = c->tok;
		col = c->tcol;
		if (next(c))
			return c->ret;
		b = parse_expr(c, level + 1);
		if (b < 0)
			return b;
		a = new_node(c, op, col, a, b);
	}
	return a;
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
	free(n->s);
	n->s = NULL;
	n->op = T_INT;
	n->a = n->b = -1;
	n->ival = v;
	n->ty = TY_INT;
}

/*
 * An integer x compared with the floating constant f: the same comparison
 * with an integer constant, or a constant result (*always: 0 or 1) when
 * no integer makes it so (x == 2.5) or all do (x < 1e30).
 */
static bool float_cmp(enum tok *op, double f, int64_t *k, int *always)
{
	const double lim = 9223372036854775808.0;	/* 2^63 */

	*always = -1;
	switch (*op) {
	case T_EQ:
	case T_NE:
		if (f != floor(f) || f >= lim || f < -lim) {
			*always = *op == T_NE;
			return false;
		}
		*k = (int64_t)f;
		return true;
	case T_LT:	/* x < f <=> x < ceil(f) */
	case T_GE:	/* x >= f <=> x >= ceil(f) */
		f = ceil(f);
		break;
	default:	/* x <= f <=> x <= floor(f); x > f <=> x > floor(f) */
		f = floor(f);
		break;
	}
	if (f >= lim) {
		*always = *op == T_LT || *op == T_LE;
		return false;
	}
	if (f < -lim) {
		*always = *op == T_GT || *op == T_GE;
		return false;
	}
	*k = (int64_t)f;
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

static int check(struct compiler *c, int i);

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
	double f;
	int64_t k;

	if (a->ty == TY_FLOAT && b->ty == TY_FLOAT) {
		double x = a->fval, y = b->fval;
		int r = op == T_LT ? x < y : op == T_LE ? x <= y : op == T_GT ? x > y :
			op == T_GE ? x >= y : op == T_EQ ? x == y : x != y;

		make_int(n, r);
		return 0;
	}
	if (a->ty == TY_FLOAT) {	/* f OP x: x mirror(OP) f */
		other = n->b;
		f = a->fval;
		op = mirror(op);
	} else {
		other = n->a;
		f = b->fval;
	}
	if (c->n[other].ty != TY_INT && c->n[other].ty != TY_FIELD)
		return error(c, -EINVAL, n->col, "a string compared with a number");
	if (float_cmp(&op, f, &k, &always)) {
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

static int check(struct compiler *c, int i)
{
	struct node *n = &c->n[i];
	struct node *a, *b;
	bool ok;
	int ret;

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
	ret = check(c, c->n[i].a);
	if (!ret && c->n[i].b >= 0)
		ret = check(c, c->n[i].b);
	if (ret)
		return ret;
	n = &c->n[i];
	a = &c->n[n->a];
	b = n->b >= 0 ? &c->n[n->b] : NULL;
	switch (n->op) {
	case T_MINUS:
	case T_PLUS:
		if (a->ty == TY_FLOAT) {	/* a floating literal, signed */
			n->fval = n->op == T_MINUS ? -a->fval : a->fval;
			n->op = T_FLOAT;
			n->a = -1;
			n->ty = TY_FLOAT;
			return 0;
		}
		/* fall through */
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
		/* fall through */
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
		/* fall through */
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
static int need(struct compiler *c, int i)
{
	struct node *n = &c->n[i];
	int a, b;

	if (n->a < 0)
		return n->need = 1;
	a = need(c, n->a);
	if (n->b < 0)
		return n->need = a;
	b = need(c, n->b);
	if (n->op == T_AND || n->op == T_OR)	/* one after the other */
		return n->need = a > b ? a : b;
	/* the deeper side first when the operator lets us swap */
	if (b > a && n->op != T_SHL && n->op != T_SHR)
		return n->need = b > a + 1 ? b : a + 1;
	return n->need = a > b + 1 ? a : b + 1;
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
		t = realloc(c->code, cap);
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
		t = realloc(c->strtab, cap);
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

static int emit(struct compiler *c, int i)
{
	static const uint8_t bin_op[] = {
		[T_SHL] = LTT_FOP_SHL, [T_SHR] = LTT_FOP_SHR, [T_BAND] = LTT_FOP_BAND,
		[T_BXOR] = LTT_FOP_BXOR, [T_BOR] = LTT_FOP_BOR, [T_LT] = LTT_FOP_LT,
		[T_LE] = LTT_FOP_LE, [T_GT] = LTT_FOP_GT, [T_GE] = LTT_FOP_GE,
		[T_EQ] = LTT_FOP_EQ, [T_NE] = LTT_FOP_NE,
	};
	const struct node *n = &c->n[i];
	uint8_t b[9];
	uint32_t at;
	int ret, k;

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
		return emit(c, n->a);
	case T_NOT:
	case T_BNOT:
	case T_MINUS:
		ret = emit(c, n->a);
		return ret ?: op1(c, n->op == T_NOT ? LTT_FOP_NOT :
				     n->op == T_BNOT ? LTT_FOP_BNOT : LTT_FOP_NEG);
	case T_AND:
	case T_OR:
		ret = emit(c, n->a);
		if (ret)
			return ret;
		at = c->code_len + 1;
		ret = op16(c, n->op == T_AND ? LTT_FOP_AND_JMP : LTT_FOP_OR_JMP, 0);
		if (!ret)
			ret = emit(c, n->b);
		if (!ret)
			ret = op1(c, LTT_FOP_TO_BOOL);
		if (ret)
			return ret;
		c->code[at] = c->code_len & 0xff;
		c->code[at + 1] = c->code_len >> 8;
		return 0;
	default:
		if (c->n[n->b].need > c->n[n->a].need &&
		    n->op != T_SHL && n->op != T_SHR) {
			/* the deeper side first: a OP b == b mirror(OP) a */
			ret = emit(c, n->b);
			if (!ret)
				ret = emit(c, n->a);
			return ret ?: op1(c, bin_op[mirror(n->op)]);
		}
		ret = emit(c, n->a);
		if (!ret)
			ret = emit(c, n->b);
		return ret ?: op1(c, bin_op[n->op]);
	}
}

/* Past the stack's depth: the column of the deepest node that passes it. */
static unsigned int deepest_col(struct compiler *c, int i)
{
	const struct node *n = &c->n[i];

	if (n->a >= 0 && c->n[n->a].need > LTT_FILTER_STACK_MAX)
		return deepest_col(c, n->a);
	if (n->b >= 0 && c->n[n->b].need > LTT_FILTER_STACK_MAX)
		return deepest_col(c, n->b);
	return n->col;
}

static void free_nodes(struct compiler *c)
{
	unsigned int i;

	for (i = 0; i < c->nr; i++)
		free(c->n[i].s);
	free(c->n);
	free(c->tstr);
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
		t = realloc(prog->fields, (prog->nr_fields + 1) * sizeof(*t));
		if (!t)
			return -ENOMEM;
		prog->fields = t;
		t[prog->nr_fields] = strdup(n->s);
		if (!t[prog->nr_fields])
			return -ENOMEM;
		prog->nr_fields++;
	}
	return 0;
}

/* Mark the nodes still reachable from the root (folding orphans some). */
static void mark(struct compiler *c, int i, bool *live)
{
	live[i] = true;
	if (c->n[i].a >= 0)
		mark(c, c->n[i].a, live);
	if (c->n[i].b >= 0)
		mark(c, c->n[i].b, live);
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

int ltt_filter_compile(const char *expr, struct ltt_filter_prog *prog,
		       struct ltt_filter_error *err)
{
	struct compiler c = { .src = expr, .p = expr, .err = err };
	struct ltt_filter_header h = {
		.magic = LTT_FILTER_MAGIC, .version = LTT_FILTER_VERSION,
	};
	bool *live = NULL;
	unsigned int i;
	int root, ret;

	memset(prog, 0, sizeof(*prog));
	memset(err, 0, sizeof(*err));
	if (strlen(expr) >= LTT_FILTER_TEXT_MAX) {
		ret = error(&c, -E2BIG, 0, "the expression passes %d characters",
			    LTT_FILTER_TEXT_MAX - 1);
		goto out;
	}
	ret = next(&c);
	if (ret)
		goto out;
	if (c.tok == T_END) {
		ret = error(&c, -EINVAL, 1, "the expression is empty");
		goto out;
	}
	root = parse_expr(&c, 0);
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
	/*
	 * check() adds at most 3 nodes per comparison it rewrites: room for
	 * them now, so that no node moves under a pointer while it runs.
	 */
	if (c.cap < 4 * c.nr + 8) {
		struct node *t = realloc(c.n, (4 * c.nr + 8) * sizeof(*t));

		if (!t) {
			ret = error(&c, -ENOMEM, 0, "out of memory");
			goto out;
		}
		c.n = t;
		c.cap = 4 * c.nr + 8;
	}
	ret = check(&c, root);
	if (ret)
		goto out;
	if (c.n[root].ty != TY_INT && c.n[root].ty != TY_FIELD) {
		ret = error(&c, -EINVAL, c.n[root].col,
			    "the expression is %s, not a condition (compare it)",
			    c.n[root].ty == TY_FLOAT ? "a number" : "a string");
		goto out;
	}
	if (need(&c, root) > LTT_FILTER_STACK_MAX) {
		ret = error(&c, -E2BIG, deepest_col(&c, root),
			    "nested too deep: more than %d values at once",
			    LTT_FILTER_STACK_MAX);
		goto out;
	}
	ret = emit(&c, root) ?: op1(&c, LTT_FOP_RET);
	if (ret)
		goto out;
	live = calloc(c.nr, sizeof(*live));
	if (!live) {
		ret = -ENOMEM;
		goto out;
	}
	mark(&c, root, live);
	for (i = 0; i < c.nr; i++)	/* only the fields the code reads */
		if (!live[i] && c.n[i].op == T_IDENT) {
			free(c.n[i].s);
			c.n[i].s = NULL;
		}
	ret = collect_fields(&c, prog);
	if (ret)
		goto out;
	h.code_len = c.code_len;
	h.strtab_len = c.strtab_len;
	h.flags = LTT_FILTER_F_TEXT;
	prog->len = sizeof(h) + c.code_len + c.strtab_len;
	prog->text_len = strlen(expr) + 1;
	prog->buf = malloc(prog->len + prog->text_len);
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
	free(live);
	free_nodes(&c);
	free(c.code);
	free(c.strtab);
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
		free(prog->fields[i]);
	free(prog->fields);
	free(prog->buf);
	memset(prog, 0, sizeof(*prog));
}
