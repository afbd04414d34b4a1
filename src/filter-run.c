// SPDX-License-Identifier: GPL-2.0-only
/*
 * The filter interpreter: runs a program linked by ltt_filter_link() on
 * one event's values, before anything is reserved. Any context, NMI
 * included: no lock, no allocation, no sleep, no recursion; the stack is
 * a fixed array (the linker proved its depth), jumps go forward only, and
 * a glob match does at most (field length + 1) x (literal length + 1)
 * steps, both bounded (LTT_STRING_MAX, LTT_FILTER_LITERAL_MAX).
 *
 * Strings are read one character at a time through a cursor: kernel
 * strings a tracepoint vouches for directly (as its record reads them),
 * user strings and the kernel strings nobody vouches for (trace_mark()
 * arguments, probe fetches) through the fault-safe copies, a chunk at a
 * time; a fault makes the comparison false.
 */
#include "filter.h"

#define FV_LIT		0x80	/* internal: a literal glob in the strtab */
#define CUR_CHUNK	32

struct fcursor {
	const struct ltt_fvalue *v;
	u32 base, n;			/* read fault-safe: buf holds
					 * [base, base + n) */
	bool end;			/* and a NUL is in buf */
	char buf[CUR_CHUNK];
};

/* Character i of the string: 0 past its end, -1 on a fault. */
static int cur_get(struct fcursor *c, u32 i)
{
	const struct ltt_fvalue *v = c->v;
	long n;

	if (i >= v->len || i >= LTT_STRING_MAX - 1)
		return 0;
	if (v->type == LTT_FV_KSTR)
		return (unsigned char)v->str[i];
	if (i < c->base || i >= c->base + c->n) {
		long want = min_t(long, CUR_CHUNK, v->len - i);

		if (i >= c->base + c->n && c->end)
			return 0;
		n = ltt_fstr(c->buf, v->str + i, want,
			     v->type == LTT_FV_USTR);
		if (n < 0)
			return -1;
		c->base = i;
		c->n = n;
		c->end = n < want;
		if (!n)
			return 0;
	}
	return (unsigned char)c->buf[i - c->base];
}

static void cur_init(struct fcursor *c, const struct ltt_fvalue *v)
{
	c->v = v;
	c->base = 0;
	c->n = 0;
	c->end = false;
}

/*
 * Does string s match the glob p (plen bytes: '*' any run, "\*" a star,
 * "\\" a backslash)? 1, 0, or -1 on a fault. Classic one-star
 * backtracking: on a mismatch after a star, the star takes one more
 * character; each retry moves the star forward, so the work is bounded.
 */
static int glob_match(struct fcursor *s, const char *p, u32 plen)
{
	u32 pi = 0, si = 0, star_p = 0, star_s = 0;
	bool star = false;
	int c, lit;
	u32 step;

	for (;;) {
		c = cur_get(s, si);
		if (c < 0)
			return -1;
		if (pi < plen) {
			if (p[pi] == '*') {
				star = true;
				star_p = ++pi;
				star_s = si;
				continue;
			}
			lit = (unsigned char)p[pi];
			step = 1;
			if (p[pi] == '\\' && pi + 1 < plen) {
				lit = (unsigned char)p[pi + 1];
				step = 2;
			}
			if (c && c == lit) {
				pi += step;
				si++;
				continue;
			}
		} else if (!c) {
			return 1;
		}
		if (!star)
			return 0;
		c = cur_get(s, star_s);
		if (c <= 0)
			return c;		/* the star ran out of string */
		si = ++star_s;
		pi = star_p;
	}
}

/* Two string values equal? 1, 0, -1 on a fault. */
static int str_equal(struct fcursor *a, struct fcursor *b)
{
	int ca, cb;
	u32 i;

	for (i = 0; i < LTT_STRING_MAX; i++) {
		ca = cur_get(a, i);
		cb = cur_get(b, i);
		if (ca < 0 || cb < 0)
			return -1;
		if (ca != cb)
			return 0;
		if (!ca)
			return 1;
	}
	return 1;
}

/* EQ/NE of two values: 1 equal, 0 not, -1 cannot tell (a fault). */
static int values_equal(const struct ltt_finsn *in,
			const struct ltt_fvalue *a, const struct ltt_fvalue *b)
{
	struct fcursor ca ltt_uninit, cb ltt_uninit;

	switch (in->cmp) {
	case LTT_FCMP_INT:
		return a->i == b->i;
	case LTT_FCMP_GLOB_A:
		cur_init(&ca, a);
		return glob_match(&ca, b->str, b->len);
	case LTT_FCMP_GLOB_B:
		cur_init(&cb, b);
		return glob_match(&cb, a->str, a->len);
	default:
		cur_init(&ca, a);
		cur_init(&cb, b);
		return str_equal(&ca, &cb);
	}
}


bool ltt_filter_run(const struct ltt_filter *f,
		    const struct ltt_filter_env *env)
{
	struct ltt_fvalue st[LTT_FILTER_STACK_MAX] ltt_uninit;
	const struct ltt_finsn *in;
	unsigned int pc = 0, sp = 0;
	int eq;

/* the linker proved the depth: OPA OP OPB, OPB the top value */
	if (f->simple_op) {
		s64 x = env->fields[f->simple_field].i, k = f->simple_imm;

		switch (f->simple_op) {
		case LTT_FOP_EQ: return x == k;
		case LTT_FOP_NE: return x != k;
		case LTT_FOP_LT: return x < k;
		case LTT_FOP_LE: return x <= k;
		case LTT_FOP_GT: return x > k;
		default: return x >= k;
		}
	}
#define OPA (&st[sp - 2])
#define OPB (&st[sp - 1])
	while (pc < f->nr_insns) {
		in = &f->insns[pc++];
		switch (in->op) {
		case LTT_FOP_RET:
			return st[0].i != 0;
		case LTT_FOP_PUSH_INT:
			st[sp].type = LTT_FV_INT;
			st[sp++].i = in->imm;
			break;
		case LTT_FOP_PUSH_STR:
			st[sp].type = FV_LIT;
			st[sp].str = f->strtab + in->a;
			st[sp++].len = in->b;
			break;
		case LTT_FOP_LOAD_FIELD:
			st[sp++] = env->fields[in->a];
			break;
		case LTT_FOP_LOAD_CTX:
			if (env->ctx(env->priv, in->a, &st[sp++]))
				return false;
			break;
		case LTT_FOP_EQ:
		case LTT_FOP_NE:
			eq = values_equal(in, OPA, OPB);
			if (eq < 0)
				return false;
			OPA->i = in->op == LTT_FOP_EQ ? eq : !eq;
			OPA->type = LTT_FV_INT;
			sp--;
			break;
		case LTT_FOP_LT: OPA->i = OPA->i < OPB->i; sp--; break;
		case LTT_FOP_LE: OPA->i = OPA->i <= OPB->i; sp--; break;
		case LTT_FOP_GT: OPA->i = OPA->i > OPB->i; sp--; break;
		case LTT_FOP_GE: OPA->i = OPA->i >= OPB->i; sp--; break;
		case LTT_FOP_BAND: OPA->i &= OPB->i; sp--; break;
		case LTT_FOP_BOR: OPA->i |= OPB->i; sp--; break;
		case LTT_FOP_BXOR: OPA->i ^= OPB->i; sp--; break;
		case LTT_FOP_SHL:
		case LTT_FOP_SHR:
			if (OPB->i < 0 || OPB->i > 63)
				return false;	/* as LTTng: no value */
			OPA->i = in->op == LTT_FOP_SHL ?
				 (s64)((u64)OPA->i << OPB->i) : OPA->i >> OPB->i;
			sp--;
			break;
		case LTT_FOP_NOT: OPB->i = !OPB->i; break;
		case LTT_FOP_BNOT: OPB->i = ~OPB->i; break;
		case LTT_FOP_NEG: OPB->i = (s64)(0 - (u64)OPB->i); break;
		case LTT_FOP_TO_BOOL: OPB->i = OPB->i != 0; break;
		case LTT_FOP_AND_JMP:
			if (!OPB->i)
				pc = in->target;
			else
				sp--;
			break;
		case LTT_FOP_OR_JMP:
			if (OPB->i) {
				OPB->i = 1;
				pc = in->target;
			} else {
				sp--;
			}
			break;
		default:
			return false;
		}
	}
#undef OPA
#undef OPB
	return false;
}
