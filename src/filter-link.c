// SPDX-License-Identifier: GPL-2.0-only
/*
 * Filter programs: check every rule of include/uapi/ltt/abi.h ("Filter
 * programs") and link a program to one event. One pass over the code,
 * which jumps forward only: the stack's depth and the type of each slot
 * are known at every instruction, those a jump carries are kept at its
 * target and must equal those of the way that falls through to it.
 *
 * Types: an integer, a string value (a payload or context string), a
 * string literal (a glob), or, when checking without an event, a field of
 * unknown type, which any operation takes.
 */
#include "filter.h"

enum ft {
	FT_INT,
	FT_STR,
	FT_LIT,
	FT_ANY,
};

struct fstate {
	s8 depth;			/* -1: no jump lands here */
	u8 type[LTT_FILTER_STACK_MAX];
};

struct flinker {
	const u8 *code;
	u32 code_len;
	const char *strtab;
	u32 strtab_len;
	const struct ltt_field_desc *fields;
	int nr_fields;
	u16 *index;			/* byte offset -> instruction, or 0xffff */
	struct fstate *at;		/* per instruction: the jumps' state */
	struct fstate cur;
	bool dead;			/* after RET, until a jump target */
	bool missing;			/* a field the event lacks */
	char *why;
	size_t whylen;
};

enum { CTX_INT, CTX_TEXT, CTX_SEQ };
static const u8 ctx_kind[LTT_CONTEXT_NR] = {
#define LTT_CTX_KIND(id, name, kind, bytes, sign) [LTT_CONTEXT_##id] = CTX_##kind,
	LTT_CONTEXT_FIELDS(LTT_CTX_KIND)
#undef LTT_CTX_KIND
};

/* Operand bytes after the opcode, or -1 for an unknown opcode. */
static int op_operands(u8 op)
{
	switch (op) {
	case LTT_FOP_RET:
	case LTT_FOP_EQ: case LTT_FOP_NE: case LTT_FOP_LT: case LTT_FOP_LE:
	case LTT_FOP_GT: case LTT_FOP_GE: case LTT_FOP_BAND: case LTT_FOP_BOR:
	case LTT_FOP_BXOR: case LTT_FOP_SHL: case LTT_FOP_SHR:
	case LTT_FOP_NOT: case LTT_FOP_BNOT: case LTT_FOP_NEG:
	case LTT_FOP_TO_BOOL:
		return 0;
	case LTT_FOP_PUSH_INT:
		return 8;
	case LTT_FOP_PUSH_STR: case LTT_FOP_LOAD_FIELD:
		return 4;
	case LTT_FOP_LOAD_CTX: case LTT_FOP_AND_JMP: case LTT_FOP_OR_JMP:
		return 2;
	}
	return -1;
}

static u16 get16(const u8 *p)
{
	return p[0] | p[1] << 8;
}

static u64 get64(const u8 *p)
{
	u64 v = 0;
	int i;

	for (i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static int fail(struct flinker *l, u32 off, int err, const char *what)
{
	if (l->why && l->whylen)
		snprintf(l->why, l->whylen, "code offset %u: %s", off, what);
	return err;
}

static int push(struct flinker *l, u32 off, enum ft t)
{
	if (l->cur.depth >= LTT_FILTER_STACK_MAX)
		return fail(l, off, -EINVAL, "stack deeper than 8 values");
	l->cur.type[l->cur.depth++] = t;
	return 0;
}

/* Pop n values (n <= 2) into t[0] (deepest) .. t[n-1] (top). */
static int pop(struct flinker *l, u32 off, int n, enum ft *t)
{
	int i;

	if (l->cur.depth < n)
		return fail(l, off, -EINVAL, "stack used below empty");
	l->cur.depth -= n;
	for (i = 0; i < n; i++)
		t[i] = l->cur.type[l->cur.depth + i];
	return 0;
}

static bool is_int(enum ft t)
{
	return t == FT_INT || t == FT_ANY;
}

static bool is_strval(enum ft t)
{
	return t == FT_STR || t == FT_ANY;
}

/* The type of the event's field named (name, len), or -ENOENT. */
static int field_type(struct flinker *l, u32 off, const char *name, u32 len,
		      u32 *index)
{
	const struct ltt_field_desc *f;
	int i;

	for (i = 0; i < l->nr_fields; i++) {
		f = &l->fields[i];
		if (strlen(f->name) != len || memcmp(f->name, name, len))
			continue;
		*index = i;
		switch (f->kind) {
		case LTT_FIELD_INTEGER:
		case LTT_FIELD_ENUM:
			return FT_INT;
		case LTT_FIELD_STRING:
			return FT_STR;
		case LTT_FIELD_ARRAY:
		case LTT_FIELD_SEQUENCE:
			if (f->size == 1)
				return FT_STR;	/* characters */
			break;
		}
		return fail(l, off, -EINVAL, "an array field cannot be compared");
	}
	return -ENOENT;
}

/* EQ, NE: which comparison, from the two operands' types. */
static int cmp_kind(struct flinker *l, u32 off, enum ft a, enum ft b)
{
	if (a == FT_LIT && b == FT_LIT)
		return fail(l, off, -EINVAL, "two string literals compared");
	if (b == FT_LIT && is_strval(a))
		return LTT_FCMP_GLOB_A;
	if (a == FT_LIT && is_strval(b))
		return LTT_FCMP_GLOB_B;
	if (a == FT_ANY || b == FT_ANY)
		return LTT_FCMP_INT;	/* checked again once linked */
	if (a == FT_INT && b == FT_INT)
		return LTT_FCMP_INT;
	if (a == FT_STR && b == FT_STR)
		return LTT_FCMP_STR;
	return fail(l, off, -EINVAL, "a string compared with an integer");
}

static bool state_eq(const struct fstate *a, const struct fstate *b)
{
	return a->depth == b->depth &&
	       !memcmp(a->type, b->type, a->depth * sizeof(a->type[0]));
}

/* One instruction at byte off, decoded into *in (when linking). */
static int step(struct flinker *l, u32 off, struct ltt_finsn *in)
{
	const u8 *p = l->code + off + 1;
	u8 op = l->code[off];
	enum ft t[2];
	u32 a, b;
	int ret;

	in->op = op;
	switch (op) {
	case LTT_FOP_RET:
		if (l->cur.depth != 1 || !is_int(l->cur.type[0]))
			return fail(l, off, -EINVAL, "RET without exactly one integer");
		l->dead = true;
		return 0;
	case LTT_FOP_PUSH_INT:
		in->imm = (s64)get64(p);
		return push(l, off, FT_INT);
	case LTT_FOP_PUSH_STR:
	case LTT_FOP_LOAD_FIELD:
		a = get16(p);
		b = get16(p + 2);
		if (a > l->strtab_len || b > l->strtab_len - a)
			return fail(l, off, -EINVAL, "string past the string table");
		in->a = a;
		in->b = b;
		if (op == LTT_FOP_PUSH_STR) {
			if (b > LTT_FILTER_LITERAL_MAX)
				return fail(l, off, -EINVAL, "string literal too long");
			return push(l, off, FT_LIT);
		}
		if (!b)
			return fail(l, off, -EINVAL, "empty field name");
		if (l->nr_fields < 0)
			return push(l, off, FT_ANY);
		ret = field_type(l, off, l->strtab + a, b, &in->a);
		if (ret == -ENOENT) {
			if (!l->missing && l->why && l->whylen)
				snprintf(l->why, l->whylen,
					 "code offset %u: the event has no field '%.*s'",
					 off, (int)min_t(u32, b, 64), l->strtab + a);
			l->missing = true;
			ret = FT_ANY;
		}
		return ret < 0 ? ret : push(l, off, ret);
	case LTT_FOP_LOAD_CTX:
		a = get16(p);
		if (a >= LTT_CONTEXT_NR)
			return fail(l, off, -EINVAL, "unknown context field");
		if (ctx_kind[a] == CTX_SEQ)
			return fail(l, off, -EINVAL, "a sequence context field cannot be compared");
		in->a = a;
		return push(l, off, ctx_kind[a] == CTX_TEXT ? FT_STR : FT_INT);
	case LTT_FOP_EQ:
	case LTT_FOP_NE:
		ret = pop(l, off, 2, t);
		if (ret)
			return ret;
		ret = cmp_kind(l, off, t[0], t[1]);
		if (ret < 0)
			return ret;
		in->cmp = ret;
		return push(l, off, FT_INT);
	case LTT_FOP_AND_JMP:
	case LTT_FOP_OR_JMP:
		a = get16(p);
		if (!l->cur.depth || !is_int(l->cur.type[l->cur.depth - 1]))
			return fail(l, off, -EINVAL, "jump without an integer on top");
		if (a <= off + 2 || a >= l->code_len || l->index[a] == 0xffff)
			return fail(l, off, -EINVAL, "jump not forward onto an instruction");
		in->target = l->index[a];
		if (l->at[in->target].depth < 0) {
			l->at[in->target] = l->cur;
			l->at[in->target].type[l->cur.depth - 1] = FT_INT;
		} else {
			struct fstate st = l->cur;

			st.type[st.depth - 1] = FT_INT;
			if (!state_eq(&l->at[in->target], &st))
				return fail(l, off, -EINVAL, "jumps meet with other stack states");
		}
		return pop(l, off, 1, t);
	case LTT_FOP_NOT:
	case LTT_FOP_BNOT:
	case LTT_FOP_NEG:
	case LTT_FOP_TO_BOOL:
		ret = pop(l, off, 1, t);
		if (ret)
			return ret;
		if (!is_int(t[0]))
			return fail(l, off, -EINVAL, "a string in an integer operation");
		return push(l, off, FT_INT);
	default:		/* LT..SHR: two integers */
		ret = pop(l, off, 2, t);
		if (ret)
			return ret;
		if (!is_int(t[0]) || !is_int(t[1]))
			return fail(l, off, -EINVAL, "a string in an integer operation");
		return push(l, off, FT_INT);
	}
}

/* Where each instruction starts; -EINVAL on an unknown opcode or a cut one. */
static int index_code(struct flinker *l, unsigned int *nr)
{
	u32 off = 0;
	int n;

	*nr = 0;
	while (off < l->code_len) {
		n = op_operands(l->code[off]);
		if (n < 0)
			return fail(l, off, -EINVAL, "unknown opcode");
		if ((u32)n > l->code_len - off - 1)
			return fail(l, off, -EINVAL, "operand past the code");
		l->index[off] = (*nr)++;
		off += 1 + n;
	}
	return 0;
}

static int walk(struct flinker *l, struct ltt_filter *f)
{
	struct ltt_finsn scratch;
	unsigned int i = 0;
	u32 off;
	int ret;

	for (off = 0; off < l->code_len; off += 1 + op_operands(l->code[off]), i++) {
		if (l->at[i].depth >= 0) {
			if (!l->dead && !state_eq(&l->at[i], &l->cur))
				return fail(l, off, -EINVAL, "jumps meet with other stack states");
			l->cur = l->at[i];
			l->dead = false;
		} else if (l->dead) {
			return fail(l, off, -EINVAL, "unreachable instruction");
		}
		ret = step(l, off, f ? &f->insns[i] : &scratch);
		if (ret)
			return ret;
	}
	if (!l->dead)
		return fail(l, off, -EINVAL, "a path does not end with RET");
	return 0;
}

/*
 * LOAD_FIELD n, PUSH_INT k, an integer comparison, RET: the filter is
 * "field n OP k", which ltt_filter_run() evaluates without dispatching.
 */
static void find_simple(struct ltt_filter *f)
{
	const struct ltt_finsn *in = f->insns;

	if (f->nr_insns != 4 || in[0].op != LTT_FOP_LOAD_FIELD ||
	    in[1].op != LTT_FOP_PUSH_INT || in[3].op != LTT_FOP_RET ||
	    in[2].op < LTT_FOP_EQ || in[2].op > LTT_FOP_GE ||
	    ((in[2].op == LTT_FOP_EQ || in[2].op == LTT_FOP_NE) &&
	     in[2].cmp != LTT_FCMP_INT))
		return;
	f->simple_op = in[2].op;
	f->simple_field = in[0].a;
	f->simple_imm = in[1].imm;
}

/*
 * The text section's length (abi.h: LTT_FILTER_F_TEXT), 0 without one, or
 * -1 when it breaks a rule. len and the header are known to cover the
 * code and the string table.
 */
static long text_len(const void *buf, size_t len,
		     const struct ltt_filter_header *h)
{
	size_t off = sizeof(*h) + h->code_len + h->strtab_len, i;
	const u8 *text = (const u8 *)buf + off;
	size_t n = len - off;

	if (!(h->flags & LTT_FILTER_F_TEXT))
		return n ? -1 : 0;
	if (n < 2 || n > LTT_FILTER_TEXT_MAX || text[n - 1])
		return -1;
	for (i = 0; i < n - 1; i++)
		if (text[i] < 0x20 || text[i] > 0x7e)
			return -1;
	return n;
}

const char *ltt_filter_text(const void *buf, size_t len)
{
	struct ltt_filter_header h;

	if (len < sizeof(h))
		return NULL;
	memcpy(&h, buf, sizeof(h));
	if (!(h.flags & LTT_FILTER_F_TEXT))
		return NULL;
	return (const char *)buf + sizeof(h) + h.code_len + h.strtab_len;
}

int ltt_filter_link(const void *buf, size_t len,
		    const struct ltt_field_desc *fields, int nr_fields,
		    struct ltt_filter **out, char *why, size_t whylen)
{
	struct flinker l = { .fields = fields, .nr_fields = nr_fields,
			     .why = why, .whylen = whylen };
	struct ltt_filter_header h;
	struct ltt_filter *f = NULL;
	unsigned int nr, i;
	int ret;

	if (why && whylen)
		why[0] = '\0';
	*out = NULL;
	if (len < sizeof(h))
		return fail(&l, 0, -EINVAL, "shorter than its header");
	memcpy(&h, buf, sizeof(h));
	if (h.magic != LTT_FILTER_MAGIC || h.version != LTT_FILTER_VERSION ||
	    (h.flags & ~LTT_FILTER_F_TEXT) || !h.code_len ||
	    h.code_len > LTT_FILTER_CODE_MAX ||
	    h.strtab_len > LTT_FILTER_STRTAB_MAX ||
	    len < sizeof(h) + h.code_len + h.strtab_len)
		return fail(&l, 0, -EINVAL, "bad header or size");
	if (text_len(buf, len, &h) < 0)
		return fail(&l, 0, -EINVAL, "bad text section");
	l.code = (const u8 *)buf + sizeof(h);
	l.code_len = h.code_len;
	l.strtab = (const char *)l.code + h.code_len;
	l.strtab_len = h.strtab_len;
	l.index = ltt_fzalloc(h.code_len * sizeof(*l.index));
	l.at = ltt_fzalloc(h.code_len * sizeof(*l.at));
	ret = -ENOMEM;
	if (!l.index || !l.at)
		goto out;
	memset(l.index, 0xff, h.code_len * sizeof(*l.index));
	for (i = 0; i < h.code_len; i++)
		l.at[i].depth = -1;
	ret = index_code(&l, &nr);
	if (ret)
		goto out;
	if (nr_fields >= 0) {
		ret = -ENOMEM;
		f = ltt_fzalloc(sizeof(*f) + nr * sizeof(f->insns[0]));
		if (!f)
			goto out;
		f->strtab = ltt_fzalloc(h.strtab_len + 1);
		if (!f->strtab)
			goto out;
		memcpy(f->strtab, l.strtab, h.strtab_len);
		f->strtab_len = h.strtab_len;
		f->nr_insns = nr;
	}
	ret = walk(&l, f);
	if (!ret && l.missing)
		ret = -ENOENT;
	if (!ret && f)
		find_simple(f);
out:
	ltt_ffree(l.index);
	ltt_ffree(l.at);
	if (ret || nr_fields < 0) {
		ltt_filter_free(f);
		f = NULL;
	}
	*out = f;
	return ret;
}

void ltt_filter_free(struct ltt_filter *f)
{
	if (!f)
		return;
	ltt_ffree(f->strtab);
	ltt_ffree(f);
}
