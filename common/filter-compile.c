// SPDX-License-Identifier: GPL-2.0-only
/*
 * The filter compiler (filter-compile.h): lexer, operator-precedence
 * parser into a tree, type checks and constant folding, then code for the
 * kernel's stack machine, each subtree evaluated deepest first where the
 * operator allows, so that the stack stays as shallow as it can. One
 * phase a file (fc-internal.h); here, the entries that run them in turn.
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
 *   characters allow costs the caller's stack nothing (ltt.ko builds
 *   these files with a bound on their frames, src/Kbuild);
 * - memory bounded by the expression's length (LTT_FILTER_TEXT_MAX):
 *   nodes, stacks, code and strings.
 * What differs between the two builds is in shim.h.
 */
#include "fc-internal.h"

void *fc_realloc(void *p, size_t old, size_t len)
{
	void *t = cm_malloc(len);

	if (!t)
		return NULL;
	if (p)
		memcpy(t, p, old < len ? old : len);
	cm_free(p);
	return t;
}

char *fc_strndup(const char *s, size_t len)
{
	char *t = cm_malloc(len + 1);

	if (t) {
		memcpy(t, s, len);
		t[len] = '\0';
	}
	return t;
}


static void free_nodes(struct compiler *c)
{
	unsigned int i;

	for (i = 0; i < c->nr; i++)
		cm_free(c->n[i].s);
	cm_free(c->n);
	cm_free(c->tstr);
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
	c->ops = cm_malloc((len + 1) * sizeof(*c->ops));
	c->vals = cm_malloc((len + 1) * sizeof(*c->vals));
	if (!c->ops || !c->vals)
		return fc_error(c, -ENOMEM, 0, "out of memory");
	return 0;
}

/*
 * Room for the nodes fc_check_at() adds (at most 3 per floating literal, for
 * the comparison it is in) so that none moves under a pointer while it
 * runs, and fc_walk()'s stack: a node each at most.
 */
static int reserve(struct compiler *c)
{
	unsigned int cap = c->nr + 3 * c->nr_float + 8;

	if (c->cap < cap) {
		struct node *t = fc_realloc(c->n, c->nr * sizeof(*t),
					    cap * sizeof(*t));

		if (!t)
			return fc_error(c, -ENOMEM, 0, "out of memory");
		c->n = t;
		c->cap = cap;
	}
	c->stack = cm_malloc(c->cap * sizeof(*c->stack));
	if (!c->stack)
		return fc_error(c, -ENOMEM, 0, "out of memory");
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
		ret = fc_error(&c, -E2BIG, 0, "the expression passes %d characters",
			    LTT_FILTER_TEXT_MAX - 1);
		goto out;
	}
	ret = alloc_stacks(&c, len) ?: fc_next(&c);
	if (ret)
		goto out;
	if (c.tok == T_END) {
		ret = fc_error(&c, -EINVAL, 1, "the expression is empty");
		goto out;
	}
	root = fc_parse(&c);
	if (root < 0 || c.ret) {
		ret = c.ret ?: root;
		goto out;
	}
	if (c.tok == T_PLUS || c.tok == T_MINUS) {
		ret = fc_error(&c, -EINVAL, c.tcol,
			    "filters have no arithmetic: %s is a sign only",
			    fc_tok_text[c.tok]);
		goto out;
	}
	if (c.tok != T_END) {
		ret = fc_error(&c, -EINVAL, c.tcol, "expected an operator or the end, found %s",
			    fc_tok_text[c.tok]);
		goto out;
	}
	ret = reserve(&c) ?: fc_walk(&c, root, false, fc_check_at);
	if (ret)
		goto out;
	if (c.n[root].ty != TY_INT && c.n[root].ty != TY_FIELD) {
		ret = fc_error(&c, -EINVAL, c.n[root].col,
			    "the expression is %s, not a condition (compare it)",
			    c.n[root].ty == TY_FLOAT ? "a number" : "a string");
		goto out;
	}
	fc_walk(&c, root, false, fc_need_at);
	if (c.n[root].need > LTT_FILTER_STACK_MAX) {
		ret = fc_error(&c, -E2BIG, fc_deepest_col(&c, root),
			    "nested too deep: more than %d values at once",
			    LTT_FILTER_STACK_MAX);
		goto out;
	}
	ret = fc_walk(&c, root, true, fc_emit_at) ?: fc_op1(&c, LTT_FOP_RET);
	if (ret)
		goto out;
	c.live = cm_calloc(c.nr, sizeof(*c.live));
	if (!c.live) {
		ret = -ENOMEM;
		goto out;
	}
	fc_walk(&c, root, false, fc_mark_at);
	for (i = 0; i < c.nr; i++)	/* only the fields the code reads */
		if (!c.live[i] && c.n[i].op == T_IDENT) {
			cm_free(c.n[i].s);
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
	prog->buf = cm_malloc(prog->len + prog->text_len);
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
	cm_free(c.live);
	cm_free(c.stack);
	cm_free(c.ops);
	cm_free(c.vals);
	free_nodes(&c);
	cm_free(c.code);
	cm_free(c.strtab);
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
		cm_free(prog->fields[i]);
	cm_free(prog->fields);
	cm_free(prog->buf);
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

