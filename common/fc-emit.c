// SPDX-License-Identifier: GPL-2.0-only
/*
 * The filter compiler's emitter (fc-internal.h), visits of fc_walk(): the
 * stack slots each node needs, then the code for the kernel's stack
 * machine (abi.h, "Filter programs"), the deeper side first where the
 * operator allows, string literals and field names interned once.
 */
#include "fc-internal.h"

/* ---- code ------------------------------------------------------------ */
/* The stack slots node i needs, its children's known (fc_walk()). */
int fc_need_at(struct compiler *c, int i, int at)
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

int fc_mark_at(struct compiler *c, int i, int at)
{
	if (at == AT_END)
		c->live[i] = true;
	return 0;
}

static int put(struct compiler *c, const void *p, size_t len)
{
	if (c->code_len + len > LTT_FILTER_CODE_MAX)
		return fc_error(c, -E2BIG, 0, "the program passes %d bytes",
			     LTT_FILTER_CODE_MAX);
	if (c->code_len + len > c->code_cap) {
		uint32_t cap = c->code_cap ? 2 * c->code_cap : 256;
		uint8_t *t;

		while (cap < c->code_len + len)
			cap *= 2;
		t = fc_realloc(c->code, c->code_len, cap);
		if (!t)
			return fc_error(c, -ENOMEM, 0, "out of memory");
		c->code = t;
		c->code_cap = cap;
	}
	memcpy(c->code + c->code_len, p, len);
	c->code_len += len;
	return 0;
}

int fc_op1(struct compiler *c, int op)
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
		return fc_error(c, -E2BIG, 0, "the strings pass %d bytes",
			     LTT_FILTER_STRTAB_MAX);
	if (c->strtab_len + len > c->strtab_cap) {
		uint32_t cap = c->strtab_cap ? c->strtab_cap : 64;
		char *t;

		while (cap < c->strtab_len + len)
			cap *= 2;
		t = fc_realloc(c->strtab, c->strtab_len, cap);
		if (!t)
			return fc_error(c, -ENOMEM, 0, "out of memory");
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

/* Node i's code: after its children's (fc_walk(), deeper side first), and
 * for && and || the jump between them. */
int fc_emit_at(struct compiler *c, int i, int at)
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
		return fc_op1(c, n->op == T_NOT ? LTT_FOP_NOT :
			      n->op == T_BNOT ? LTT_FOP_BNOT : LTT_FOP_NEG);
	case T_AND:
	case T_OR:
		ret = fc_op1(c, LTT_FOP_TO_BOOL);
		if (ret)
			return ret;
		c->code[n->jmp] = c->code_len & 0xff;
		c->code[n->jmp + 1] = c->code_len >> 8;
		return 0;
	default:	/* the deeper side first: a OP b == b fc_mirror(OP) a */
		return fc_op1(c, bin_op[fc_swapped(c, i) ? fc_mirror(n->op) : n->op]);
	}
}

/* Past the stack's depth: the column of the deepest node that passes it. */
unsigned int fc_deepest_col(struct compiler *c, int i)
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

