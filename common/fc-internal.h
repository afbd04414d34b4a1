/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Inside the filter compiler (filter-compile.h): what its phases share,
 * one file each, in the order they run on an expression:
 *
 *   fc-lex.c		characters to tokens (fc_next()), and the errors
 *   fc-parse.c		tokens to a tree (fc_parse()); fc_walk() visits it
 *   fc-check.c		types checked, constants folded (fc_check_at())
 *   fc-emit.c		stack depth (fc_need_at()), then code and string
 *			table (fc_emit_at())
 *   filter-compile.c	the entries: runs them in turn, builds the program
 *
 * Every phase works on one struct compiler and stops at its first error
 * (fc_error(): the first one is kept, with its column). No recursion
 * anywhere: the tree is walked with a stack on the heap (fc_walk()).
 *
 * Who may include it: common/filter-compile.c and common/fc-*.c.
 */
#ifndef _LTT_FC_INTERNAL_H
#define _LTT_FC_INTERNAL_H

#include "shim.h"
#include "filter-compile.h"

/* ---- tokens ---------------------------------------------------------- */
enum tok {
	T_END, T_INT, T_FLOAT, T_STR, T_IDENT, T_CTX, T_LP, T_RP,
	T_NOT, T_BNOT, T_MINUS, T_PLUS, T_SHL, T_SHR, T_BAND, T_BXOR, T_BOR,
	T_LT, T_LE, T_GT, T_GE, T_EQ, T_NE, T_AND, T_OR,
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
	int *stack;			/* fc_walk()'s: at most a node each */
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


/* filter-compile.c: realloc() the same in both builds (kvrealloc()
 * changed its arguments in 6.12), strndup() */
void *fc_realloc(void *p, size_t old, size_t len);
char *fc_strndup(const char *s, size_t len);

/* fc-lex.c */
extern const char *const fc_tok_text[];		/* a token, for messages */
enum { K_INT, K_TEXT, K_SEQ };			/* a context field's kind */
extern const unsigned char fc_ctx_kinds[LTT_CONTEXT_NR];
/* Records the first error (its message, "column N: ..."); returns c->ret. */
int fc_error(struct compiler *c, int ret, unsigned int col,
	     const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* The next token into c->tok (c->tint, c->tstr ... as it is); 0 or c->ret. */
int fc_next(struct compiler *c);

/* fc-parse.c */
int fc_new_node(struct compiler *c, enum tok op, unsigned int col, int a,
		int b);
int fc_parse(struct compiler *c);
enum { AT_MID = 1, AT_END };
bool fc_swapped(const struct compiler *c, int i);
int fc_walk(struct compiler *c, int root, bool swap,
	    int (*visit)(struct compiler *c, int i, int at));

/* fc-check.c */
enum tok fc_mirror(enum tok op);
int fc_check_at(struct compiler *c, int i, int at);

/* fc-emit.c */
int fc_need_at(struct compiler *c, int i, int at);
int fc_mark_at(struct compiler *c, int i, int at);
int fc_op1(struct compiler *c, int op);
int fc_emit_at(struct compiler *c, int i, int at);
unsigned int fc_deepest_col(struct compiler *c, int i);

#endif /* _LTT_FC_INTERNAL_H */
