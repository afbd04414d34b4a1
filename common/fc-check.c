// SPDX-License-Identifier: GPL-2.0-only
/*
 * The filter compiler's checker (fc-internal.h), a visit of fc_walk():
 * each node's type from its children's, the errors a kernel would only
 * answer -EINVAL to said here with their column, constants folded, and
 * floating literals compared exactly with integers (x < 2.5 is x < 3).
 */
#include "fc-internal.h"

/* ---- types and folding ----------------------------------------------- */
static const char *op_name(enum tok t)
{
	return fc_tok_text[t];
}

static bool is_const_int(const struct node *n)
{
	return n->op == T_INT;
}

static void make_int(struct node *n, uint64_t v)
{
	cm_free(n->s);
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

enum tok fc_mirror(enum tok op)
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
		return fc_error(c, -EINVAL, col,
			     "a floating-point number cannot be used with %s (only compared)",
			     op_name(op));
	return fc_error(c, -EINVAL, col, "a string cannot be used with %s%s",
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
	if (a->ty == TY_FLOAT) {	/* f OP x: x fc_mirror(OP) f */
		other = n->b;
		f = dec_of(a);
		op = fc_mirror(op);
	} else {
		other = n->a;
		f = dec_of(b);
	}
	if (c->n[other].ty != TY_INT && c->n[other].ty != TY_FIELD)
		return fc_error(c, -EINVAL, n->col, "a string compared with a number");
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
		int zero = fc_new_node(c, T_INT, col, -1, -1);
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
		band = fc_new_node(c, T_BAND, col, other, zero);
		if (band < 0)
			return band;
		c->n[band].ty = TY_INT;
		zero = fc_new_node(c, T_INT, col, -1, -1);
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
			return fc_error(c, -EINVAL, f->col,
				     "field '%s' is a string: it cannot be used with %s",
				     f->s, op_name(n->op));
		if (o->op == T_IDENT && ko != LTT_FILTER_KIND_ANY && ko != k)
			return fc_error(c, -EINVAL, f->col,
				     "field '%s' is a %s, compared with field '%s', a %s",
				     f->s, k == LTT_FILTER_KIND_STRING ? "string" : "number",
				     o->s, ko == LTT_FILTER_KIND_STRING ? "string" : "number");
		if (o->ty != TY_FIELD &&
		    (k == LTT_FILTER_KIND_STRING) !=
		    (o->ty == TY_LIT || o->ty == TY_CTXSTR))
			return fc_error(c, -EINVAL, f->col,
				     "field '%s' is a %s, compared with %s",
				     f->s, k == LTT_FILTER_KIND_STRING ? "string" : "number",
				     what_of(o));
		if (k == LTT_FILTER_KIND_STRING && !eq)
			return fc_error(c, -EINVAL, f->col,
				     "field '%s' is a string: strings compare with == and != only",
				     f->s);
	}
	return 0;
}

/* Node i's type, its children's known (fc_walk()): fold or refuse it. */
int fc_check_at(struct compiler *c, int i, int at)
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
		n->ty = fc_ctx_kinds[n->ctx] == K_TEXT ? TY_CTXSTR : TY_INT;
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
				return fc_error(c, -EINVAL, n->col,
					     "two strings compared: one must be a field");
			if (o->ty != TY_FIELD && o->ty != TY_CTXSTR)
				return fc_error(c, -EINVAL, n->col,
					     "a string compared with a number");
			n->ty = TY_INT;
			return 0;
		}
		if (a->ty == TY_CTXSTR || b->ty == TY_CTXSTR) {
			const struct node *o = a->ty == TY_CTXSTR ? b : a;

			if (o->ty != TY_FIELD && o->ty != TY_CTXSTR)
				return fc_error(c, -EINVAL, n->col,
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
				return fc_error(c, -EINVAL, n->col,
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

