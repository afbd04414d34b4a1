// SPDX-License-Identifier: GPL-2.0-only
/*
 * The filter compiler's parser (fc-internal.h): tokens into a tree by
 * operator precedence, without recursion (fc_parse()), and the walk every
 * later phase visits the tree with (fc_walk()).
 */
#include "fc-internal.h"

/* ---- parser ---------------------------------------------------------- */
int fc_new_node(struct compiler *c, enum tok op, unsigned int col, int a, int b)
{
	struct node *n;

	if (c->nr == c->cap) {
		unsigned int cap = c->cap ? 2 * c->cap : 32;
		struct node *t = fc_realloc(c->n, c->cap * sizeof(*t),
					    cap * sizeof(*t));

		if (!t)
			return fc_error(c, -ENOMEM, 0, "out of memory");
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
	int i = fc_new_node(c, c->tok, c->tcol, -1, -1);

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
	return fc_next(c) ?: i;
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
int fc_parse(struct compiler *c)
{
	struct pending *ops = c->ops;
	int *vals = c->vals;
	int nops = 0, nvals = 0, level, i;

	for (;;) {
		/* an operand, after its prefix operators and '(' */
		while (c->tok == T_LP || is_prefix(c->tok)) {
			ops[nops].op = c->tok;
			ops[nops++].col = c->tcol;
			if (fc_next(c))
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
			return fc_error(c, -EINVAL, c->tcol,
				     "expected a field, a value or '(', found %s",
				     fc_tok_text[c->tok]);
		}
		/* then an operator, or what ends the operand's '(' or all */
		for (;;) {
			while (nops && is_prefix(ops[nops - 1].op)) {
				nops--;
				i = fc_new_node(c, ops[nops].op, ops[nops].col,
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
				i = fc_new_node(c, ops[nops].op, ops[nops].col,
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
				return fc_error(c, -EINVAL, c->tcol,
					     "expected ')' to close the '(' of column %u, found %s",
					     ops[nops - 1].col, fc_tok_text[c->tok]);
			nops--;
			if (fc_next(c))
				return c->ret;
		}
		ops[nops].op = c->tok;
		ops[nops++].col = c->tcol;
		if (fc_next(c))
			return c->ret;
	}
}

/* ---- walking the tree ------------------------------------------------ */
/* Emitted right side first: a OP b as b fc_mirror(OP) a, when b is deeper
 * (need() set) and the operator lets us swap. */
bool fc_swapped(const struct compiler *c, int i)
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
 * fc_swapped() says. The first error stops it.
 */
int fc_walk(struct compiler *c, int root, bool swap,
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
		sw = swap && fc_swapped(c, i);
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

