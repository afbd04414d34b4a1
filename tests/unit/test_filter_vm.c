// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel's filter linker and interpreter (src/filter-link.c,
 * src/filter-run.c), built in userspace: hand-assembled programs for every
 * opcode and every rule of include/uapi/ltt/abi.h; and a fuzzer (random
 * and mutated programs, a fixed number of seeded rounds): the linker never
 * crashes, and every program it accepts runs on random values without an
 * access outside the stack, the program, its strings or the values (the
 * ASan/UBSan build, make check-asan, is the instrumented evaluator: every
 * buffer is allocated at its exact size).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "../../src/filter.h"

#include "../../src/filter-link.c"
#include "../../src/filter-run.c"

/* ---- fault-safe strings: plain memory, faulting where the test says --- */
static const char *fault_at;		/* reading this address faults */

long ltt_fstr(char *dst, const char *src, long n, bool user)
{
	long i;

	for (i = 0; i < n; i++) {
		if (src + i == fault_at)
			return -EFAULT;
		dst[i] = src[i];
		if (!src[i])
			return i;
	}
	return n;
}

/* ---- a tiny assembler ------------------------------------------------ */
struct prog {
	uint8_t code[4096];
	uint32_t len;
	char str[1024];
	uint32_t slen;
};

static void emit(struct prog *p, int op)
{
	p->code[p->len++] = op;
}

static void emit16(struct prog *p, int op, unsigned int v)
{
	emit(p, op);
	p->code[p->len++] = v & 0xff;
	p->code[p->len++] = v >> 8;
}

static void emit_int(struct prog *p, int64_t v)
{
	int i;

	emit(p, LTT_FOP_PUSH_INT);
	for (i = 0; i < 8; i++)
		p->code[p->len++] = (uint64_t)v >> (8 * i);
}

static void emit_str(struct prog *p, int op, const char *s)
{
	size_t n = strlen(s);

	emit(p, op);
	p->code[p->len++] = p->slen & 0xff;
	p->code[p->len++] = p->slen >> 8;
	p->code[p->len++] = n & 0xff;
	p->code[p->len++] = n >> 8;
	memcpy(p->str + p->slen, s, n);
	p->slen += n;
}

#define FIELD(p, name)	emit_str(p, LTT_FOP_LOAD_FIELD, name)
#define LIT(p, s)	emit_str(p, LTT_FOP_PUSH_STR, s)

/* a jump whose target is patched by land() */
static uint32_t jump(struct prog *p, int op)
{
	emit16(p, op, 0);
	return p->len - 2;
}

static void land(struct prog *p, uint32_t at)
{
	p->code[at] = p->len & 0xff;
	p->code[at + 1] = p->len >> 8;
}

/* the program as the kernel receives it (malloc()ed, exact size) */
static void *image(const struct prog *p, size_t *len)
{
	struct ltt_filter_header h = {
		.magic = LTT_FILTER_MAGIC, .version = LTT_FILTER_VERSION,
		.code_len = p->len, .strtab_len = p->slen,
	};
	uint8_t *b;

	*len = sizeof(h) + p->len + p->slen;
	b = malloc(*len);
	memcpy(b, &h, sizeof(h));
	memcpy(b + sizeof(h), p->code, p->len);
	memcpy(b + sizeof(h) + p->len, p->str, p->slen);
	return b;
}

/* ---- an event: fields and their values ------------------------------- */
static const struct ltt_field_desc ev_fields[] = {
	{ .name = "x", .kind = LTT_FIELD_INTEGER, .size = 4, .is_signed = 1 },
	{ .name = "y", .kind = LTT_FIELD_INTEGER, .size = 8 },
	{ .name = "name", .kind = LTT_FIELD_STRING },
	{ .name = "comm", .kind = LTT_FIELD_ARRAY, .size = 1, .length = 16 },
	{ .name = "path", .kind = LTT_FIELD_STRING },
	{ .name = "regs", .kind = LTT_FIELD_ARRAY, .size = 8, .length = 6 },
	{ .name = "mode", .kind = LTT_FIELD_ENUM, .size = 1 },
};
#define NR_EV	((int)(sizeof(ev_fields) / sizeof(ev_fields[0])))

static struct ltt_fvalue *vals;
static char procname[16] = "nginx-worker";

static int ctx_get(void *priv, unsigned int id, struct ltt_fvalue *v)
{
	if (id == LTT_CONTEXT_PROCNAME) {
		v->type = LTT_FV_KSTR;
		v->str = procname;
		v->len = sizeof(procname);
		return 0;
	}
	if (id == LTT_CONTEXT_PID) {
		v->type = LTT_FV_INT;
		v->i = 1234;
		return 0;
	}
	return -1;			/* cannot: the filter is false */
}

static void set_values(int64_t x, int64_t y, const char *name,
		       const char *comm, const char *upath)
{
	vals[0] = (struct ltt_fvalue){ .type = LTT_FV_INT, .i = x };
	vals[1] = (struct ltt_fvalue){ .type = LTT_FV_INT, .i = y };
	vals[2] = (struct ltt_fvalue){ .type = LTT_FV_KSTR, .str = name,
				       .len = LTT_STRING_MAX };
	vals[3] = (struct ltt_fvalue){ .type = LTT_FV_KSTR, .str = comm,
				       .len = 16 };
	vals[4] = (struct ltt_fvalue){ .type = LTT_FV_USTR, .str = upath,
				       .len = LTT_STRING_MAX };
	vals[5] = (struct ltt_fvalue){ .type = LTT_FV_INT, .i = 0 };
	vals[6] = (struct ltt_fvalue){ .type = LTT_FV_INT, .i = 3 };
}

static char why[LTT_FILTER_ERR_MAX];

static int link_prog(const struct prog *p, int nr, struct ltt_filter **f)
{
	size_t len;
	void *b = image(p, &len);
	int ret = ltt_filter_link(b, len, ev_fields, nr, f, why, sizeof(why));

	free(b);
	return ret;
}

/* link against the event and run: 1, 0, or -errno from the link */
static int run(const struct prog *p)
{
	struct ltt_filter_env env = { .fields = vals, .ctx = ctx_get };
	struct ltt_filter *f;
	int ret = link_prog(p, NR_EV, &f);

	if (ret)
		return ret;
	ret = ltt_filter_run(f, &env);
	ltt_filter_free(f);
	return ret;
}

/* ---- programs -------------------------------------------------------- */
static void cmp_int(struct prog *p, const char *field, int op, int64_t v)
{
	FIELD(p, field);
	emit_int(p, v);
	emit(p, op);
}

static void ret(struct prog *p)
{
	emit(p, LTT_FOP_RET);
}

static int one_op(int op, int64_t a, int64_t b)
{
	struct prog p = { 0 };

	emit_int(&p, a);
	emit_int(&p, b);
	emit(&p, op);
	ret(&p);
	return run(&p);
}

static void test_integers(void)
{
	struct prog p;

	ok(one_op(LTT_FOP_EQ, 5, 5) == 1 && one_op(LTT_FOP_EQ, 5, 6) == 0, "EQ");
	ok(one_op(LTT_FOP_NE, 5, 6) == 1 && one_op(LTT_FOP_NE, 5, 5) == 0, "NE");
	ok(one_op(LTT_FOP_LT, -1, 0) == 1 && one_op(LTT_FOP_LT, 0, 0) == 0,
	   "LT is signed");
	ok(one_op(LTT_FOP_LE, 0, 0) == 1 && one_op(LTT_FOP_LE, 1, 0) == 0, "LE");
	ok(one_op(LTT_FOP_GT, 1, 0) == 1 && one_op(LTT_FOP_GT, 0, 0) == 0, "GT");
	ok(one_op(LTT_FOP_GE, 0, 0) == 1 && one_op(LTT_FOP_GE, -5, 0) == 0, "GE");
	ok(one_op(LTT_FOP_BAND, 6, 3) == 1 && one_op(LTT_FOP_BAND, 4, 3) == 0,
	   "BAND");
	ok(one_op(LTT_FOP_BOR, 0, 0) == 0 && one_op(LTT_FOP_BOR, 0, 2) == 1, "BOR");
	ok(one_op(LTT_FOP_BXOR, 7, 7) == 0 && one_op(LTT_FOP_BXOR, 7, 6) == 1,
	   "BXOR");
	ok(one_op(LTT_FOP_SHL, 1, 63) == 1 && one_op(LTT_FOP_SHL, 1, 64) == 0 &&
	   one_op(LTT_FOP_SHL, 1, -1) == 0, "SHL, and out of 0..63 false");
	ok(one_op(LTT_FOP_SHR, 4, 2) == 1 && one_op(LTT_FOP_SHR, 4, 3) == 0 &&
	   one_op(LTT_FOP_SHR, -8, 1) == 1 && one_op(LTT_FOP_SHR, -8, 99) == 0,
	   "SHR arithmetic, out of range false");

	/* unary: x == 7 from the event */
	set_values(7, -2, "", "", "");
	memset(&p, 0, sizeof(p));
	FIELD(&p, "x"); emit(&p, LTT_FOP_NEG); emit_int(&p, -7); emit(&p, LTT_FOP_EQ);
	ret(&p);
	ok(run(&p) == 1, "NEG of a field");
	memset(&p, 0, sizeof(p));
	FIELD(&p, "x"); emit(&p, LTT_FOP_BNOT); emit_int(&p, -8); emit(&p, LTT_FOP_EQ);
	ret(&p);
	ok(run(&p) == 1, "BNOT");
	memset(&p, 0, sizeof(p));
	FIELD(&p, "y"); emit(&p, LTT_FOP_NOT); ret(&p);
	ok(run(&p) == 0, "NOT of a non-zero field");
	memset(&p, 0, sizeof(p));
	FIELD(&p, "mode"); emit(&p, LTT_FOP_TO_BOOL); emit_int(&p, 1); emit(&p, LTT_FOP_EQ);
	ret(&p);
	ok(run(&p) == 1, "TO_BOOL, an enum field read as an integer");
}

/*
 * "field OP constant" runs without the interpreter (simple_op): for every
 * comparison and values around the constant, the same verdict as the
 * interpreter gives the program with a TO_BOOL more, which it runs.
 */
static void test_simple(void)
{
	static const int ops[] = { LTT_FOP_EQ, LTT_FOP_NE, LTT_FOP_LT,
				   LTT_FOP_LE, LTT_FOP_GT, LTT_FOP_GE };
	struct ltt_filter *f;
	unsigned int i, bad = 0, simple = 0;
	int64_t x;

	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		for (x = -3; x <= 3; x++) {
			struct prog p = { 0 }, q = { 0 };
			int a, b;

			set_values(x, 0, "", "", "");
			cmp_int(&p, "x", ops[i], 1);
			ret(&p);
			cmp_int(&q, "x", ops[i], 1);
			emit(&q, LTT_FOP_TO_BOOL);
			ret(&q);
			if (!link_prog(&p, NR_EV, &f)) {
				simple += f->simple_op == ops[i];
				ltt_filter_free(f);
			}
			a = run(&p);
			b = run(&q);
			bad += a != b || a < 0;
		}
	}
	ok(simple == 6 * 7, "field OP constant is linked as a simple filter");
	ok(!bad, "simple filters give the interpreter's verdicts");
}

/* x OP1 a &&/|| y OP2 b, as the compiler emits it */
static int logic(int jop, int64_t a, int64_t b)
{
	struct prog p = { 0 };
	uint32_t j;

	cmp_int(&p, "x", LTT_FOP_EQ, a);
	j = jump(&p, jop);
	cmp_int(&p, "y", LTT_FOP_EQ, b);
	emit(&p, LTT_FOP_TO_BOOL);
	land(&p, j);
	ret(&p);
	return run(&p);
}

static void test_logic(void)
{
	set_values(1, 2, "", "", "");
	ok(logic(LTT_FOP_AND_JMP, 1, 2) == 1 && logic(LTT_FOP_AND_JMP, 0, 2) == 0 &&
	   logic(LTT_FOP_AND_JMP, 1, 3) == 0, "&&");
	ok(logic(LTT_FOP_OR_JMP, 0, 2) == 1 && logic(LTT_FOP_OR_JMP, 1, 9) == 1 &&
	   logic(LTT_FOP_OR_JMP, 0, 3) == 0, "||");
}

static int str_cmp(const char *field, int op, const char *lit)
{
	struct prog p = { 0 };

	FIELD(&p, field);
	LIT(&p, lit);
	emit(&p, op);
	ret(&p);
	return run(&p);
}

static void test_strings(void)
{
	static char longs[LTT_STRING_MAX];
	struct prog p;
	char *upath = strdup("/etc/passwd");

	memset(longs, 'a', sizeof(longs) - 1);
	set_values(0, 0, "sshd", "bash", upath);
	ok(str_cmp("name", LTT_FOP_EQ, "sshd") == 1 &&
	   str_cmp("name", LTT_FOP_EQ, "ssh") == 0 &&
	   str_cmp("name", LTT_FOP_EQ, "sshdd") == 0, "string equality");
	ok(str_cmp("name", LTT_FOP_NE, "sshd") == 0, "NE on strings");
	ok(str_cmp("name", LTT_FOP_EQ, "ss*") == 1 &&
	   str_cmp("name", LTT_FOP_EQ, "*hd") == 1 &&
	   str_cmp("name", LTT_FOP_EQ, "s*h*d") == 1 &&
	   str_cmp("name", LTT_FOP_EQ, "*") == 1 &&
	   str_cmp("name", LTT_FOP_EQ, "s*x") == 0, "globs");
	ok(str_cmp("comm", LTT_FOP_EQ, "ba*") == 1, "a char array is a string");
	ok(str_cmp("path", LTT_FOP_EQ, "/etc/*") == 1 &&
	   str_cmp("path", LTT_FOP_EQ, "/usr/*") == 0, "a user string");
	fault_at = upath + 5;
	ok(str_cmp("path", LTT_FOP_EQ, "/etc/*") == 0 &&
	   str_cmp("path", LTT_FOP_NE, "/etc/*") == 0,
	   "a user string that faults: the comparison is false either way");
	fault_at = NULL;
	set_values(0, 0, "a*b\\c", "", upath);
	ok(str_cmp("name", LTT_FOP_EQ, "a\\*b\\\\c") == 1 &&
	   str_cmp("name", LTT_FOP_EQ, "a\\*x*") == 0, "escaped star and backslash");
	set_values(0, 0, "", "", upath);
	ok(str_cmp("name", LTT_FOP_EQ, "") == 1 && str_cmp("name", LTT_FOP_EQ, "*") == 1 &&
	   str_cmp("name", LTT_FOP_EQ, "?") == 0, "the empty string");
	set_values(0, 0, longs, "", upath);
	ok(str_cmp("name", LTT_FOP_EQ, "a*a") == 1 &&
	   str_cmp("name", LTT_FOP_EQ, "*b") == 0, "a 255-character string");
	/* two string values */
	set_values(0, 0, "bash", "bash", upath);
	memset(&p, 0, sizeof(p));
	FIELD(&p, "name"); FIELD(&p, "comm"); emit(&p, LTT_FOP_EQ); ret(&p);
	ok(run(&p) == 1, "two string fields equal");
	/* context */
	memset(&p, 0, sizeof(p));
	emit16(&p, LTT_FOP_LOAD_CTX, LTT_CONTEXT_PROCNAME); LIT(&p, "nginx*");
	emit(&p, LTT_FOP_EQ); ret(&p);
	ok(run(&p) == 1, "$ctx.procname glob");
	memset(&p, 0, sizeof(p));
	emit16(&p, LTT_FOP_LOAD_CTX, LTT_CONTEXT_PID); emit_int(&p, 1234);
	emit(&p, LTT_FOP_EQ); ret(&p);
	ok(run(&p) == 1, "$ctx.pid");
	memset(&p, 0, sizeof(p));
	emit16(&p, LTT_FOP_LOAD_CTX, LTT_CONTEXT_TID); emit_int(&p, 1);
	emit(&p, LTT_FOP_NE); ret(&p);
	ok(run(&p) == 0, "a context field that cannot be read: false");
	free(upath);
}

/* each broken rule: -EINVAL */
static void test_rules(void)
{
	struct ltt_filter *f;
	struct prog p;
	void *b;
	size_t len;
	int r;

#define BAD(desc, ...) do {						\
	memset(&p, 0, sizeof(p));					\
	__VA_ARGS__;							\
	r = link_prog(&p, NR_EV, &f);					\
	ok(r == -EINVAL, "refused: %s (%s)", desc, why);		\
} while (0)
	BAD("empty code", (void)0);
	BAD("unknown opcode", emit(&p, 0x7f));
	BAD("operand past the code", emit(&p, LTT_FOP_PUSH_INT));
	BAD("string past the table", emit16(&p, LTT_FOP_PUSH_STR, 0); emit16(&p, 0, 0);
	    p.code[1] = 1; p.code[3] = 5; ret(&p));
	BAD("stack below empty", emit(&p, LTT_FOP_EQ); ret(&p));
	BAD("RET with two values", emit_int(&p, 1); emit_int(&p, 1); ret(&p));
	BAD("no RET", emit_int(&p, 1));
	BAD("a string returned", LIT(&p, "a"); ret(&p));
	BAD("stack deeper than 8", for (r = 0; r < 9; r++) emit_int(&p, 1));
	BAD("two literals compared", LIT(&p, "a"); LIT(&p, "b"); emit(&p, LTT_FOP_EQ); ret(&p));
	BAD("a string field in LT", FIELD(&p, "name"); emit_int(&p, 1);
	    emit(&p, LTT_FOP_LT); ret(&p));
	BAD("a string compared with an integer", FIELD(&p, "name"); FIELD(&p, "x");
	    emit(&p, LTT_FOP_EQ); ret(&p));
	BAD("a literal in NOT", LIT(&p, "a"); emit(&p, LTT_FOP_NOT); ret(&p));
	BAD("an integer array loaded", FIELD(&p, "regs"); emit(&p, LTT_FOP_NOT); ret(&p));
	BAD("unknown context field", emit16(&p, LTT_FOP_LOAD_CTX, LTT_CONTEXT_NR); ret(&p));
	BAD("a sequence context field",
	    emit16(&p, LTT_FOP_LOAD_CTX, LTT_CONTEXT_CALLSTACK_USER); ret(&p));
	BAD("a backward jump", emit_int(&p, 1); emit16(&p, LTT_FOP_AND_JMP, 0); ret(&p));
	BAD("a jump into an operand", emit_int(&p, 1); emit16(&p, LTT_FOP_AND_JMP, 12);
	    emit_int(&p, 1); emit(&p, LTT_FOP_TO_BOOL); ret(&p));
	BAD("a jump past the code", emit_int(&p, 1); emit16(&p, LTT_FOP_AND_JMP, 99); ret(&p));
	BAD("jumps meeting with other depths", emit_int(&p, 1); r = jump(&p, LTT_FOP_AND_JMP);
	    emit_int(&p, 1); emit_int(&p, 1); land(&p, r); emit(&p, LTT_FOP_EQ); ret(&p));
	BAD("unreachable code", emit_int(&p, 1); ret(&p); emit_int(&p, 1); ret(&p));
	BAD("a too long literal", { char l[LTT_FILTER_LITERAL_MAX + 2];
	    memset(l, 'a', sizeof(l) - 1); l[sizeof(l) - 1] = 0;
	    FIELD(&p, "name"); LIT(&p, l); emit(&p, LTT_FOP_EQ); ret(&p); });

	/* the header */
	memset(&p, 0, sizeof(p));
	emit_int(&p, 1);
	ret(&p);
	b = image(&p, &len);
	((struct ltt_filter_header *)b)->magic ^= 1;
	ok(ltt_filter_link(b, len, ev_fields, NR_EV, &f, why, sizeof(why)) == -EINVAL,
	   "refused: bad magic");
	((struct ltt_filter_header *)b)->magic ^= 1;
	((struct ltt_filter_header *)b)->flags = 2;
	ok(ltt_filter_link(b, len, ev_fields, NR_EV, &f, why, sizeof(why)) == -EINVAL,
	   "refused: unknown flags");
	((struct ltt_filter_header *)b)->flags = 0;
	ok(ltt_filter_link(b, len - 1, ev_fields, NR_EV, &f, why, sizeof(why)) == -EINVAL,
	   "refused: size not the header's");
	ok(ltt_filter_link(b, 3, ev_fields, NR_EV, &f, why, sizeof(why)) == -EINVAL,
	   "refused: shorter than the header");
	ok(ltt_filter_link(b, len, ev_fields, NR_EV, &f, why, sizeof(why)) == 0 && f,
	   "and accepted as it was");
	ltt_filter_free(f);
	free(b);

	/* a field the event lacks: -ENOENT naming it; alone, checked as valid */
	memset(&p, 0, sizeof(p));
	cmp_int(&p, "nosuch", LTT_FOP_EQ, 1);
	ret(&p);
	r = link_prog(&p, NR_EV, &f);
	ok(r == -ENOENT && strstr(why, "'nosuch'"), "a missing field: -ENOENT, named (%s)", why);
	r = link_prog(&p, -1, &f);
	ok(r == 0 && !f, "checked alone, without an event: valid");
	memset(&p, 0, sizeof(p));
	FIELD(&p, "nosuch"); LIT(&p, "x*"); emit(&p, LTT_FOP_EQ); ret(&p);
	ok(link_prog(&p, -1, &f) == 0, "a field of unknown type compared with a glob");
#undef BAD
}

/* ---- fuzzing --------------------------------------------------------- */
static uint64_t rng = 0x1234567;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)rng;
}

static const uint8_t ops[] = {
	LTT_FOP_RET, LTT_FOP_PUSH_INT, LTT_FOP_PUSH_STR, LTT_FOP_LOAD_FIELD,
	LTT_FOP_LOAD_CTX, LTT_FOP_EQ, LTT_FOP_NE, LTT_FOP_LT, LTT_FOP_LE,
	LTT_FOP_GT, LTT_FOP_GE, LTT_FOP_BAND, LTT_FOP_BOR, LTT_FOP_BXOR,
	LTT_FOP_SHL, LTT_FOP_SHR, LTT_FOP_NOT, LTT_FOP_BNOT, LTT_FOP_NEG,
	LTT_FOP_TO_BOOL, LTT_FOP_AND_JMP, LTT_FOP_OR_JMP,
};
static const char *const lits[] = { "a*", "*", "bash", "\\*", "/etc/*" };
static const char *const names[] = { "x", "y", "name", "comm", "path", "mode", "regs", "zz" };

/* a random program of plausible instructions */
static void random_prog(struct prog *p)
{
	int n = 1 + rnd() % 24, i;

	memset(p, 0, sizeof(*p));
	for (i = 0; i < n && p->len < 200; i++) {
		uint8_t op = ops[rnd() % sizeof(ops)];

		switch (op) {
		case LTT_FOP_PUSH_INT:
			emit_int(p, (int64_t)(rnd() % 7) - 3);
			break;
		case LTT_FOP_PUSH_STR:
			LIT(p, lits[rnd() % 5]);
			break;
		case LTT_FOP_LOAD_FIELD:
			FIELD(p, names[rnd() % 8]);
			break;
		case LTT_FOP_LOAD_CTX:
			emit16(p, op, rnd() % (LTT_CONTEXT_NR + 2));
			break;
		case LTT_FOP_AND_JMP:
		case LTT_FOP_OR_JMP:
			emit16(p, op, p->len + 3 + rnd() % 24);
			break;
		default:
			emit(p, op);
		}
	}
	if (rnd() % 4)
		ret(p);
}

/* a well-formed random integer expression, at most depth deep */
static void gen_int(struct prog *p, int depth)
{
	static const uint8_t bin[] = { LTT_FOP_EQ, LTT_FOP_NE, LTT_FOP_LT,
		LTT_FOP_LE, LTT_FOP_GT, LTT_FOP_GE, LTT_FOP_BAND, LTT_FOP_BOR,
		LTT_FOP_BXOR, LTT_FOP_SHL, LTT_FOP_SHR };
	static const uint8_t un[] = { LTT_FOP_NOT, LTT_FOP_BNOT, LTT_FOP_NEG };
	static const char *const strf[] = { "name", "comm", "path" };
	static const char *const intf[] = { "x", "y", "mode" };
	unsigned int k = depth <= 1 ? rnd() % 2 : rnd() % 6;
	uint32_t j;

	if (p->len > 3000)
		k = 0;
	switch (k) {
	case 0:
		emit_int(p, (int64_t)(rnd() % 9) - 4);
		break;
	case 1:
		if (rnd() % 4)
			FIELD(p, intf[rnd() % 3]);
		else
			emit16(p, LTT_FOP_LOAD_CTX, rnd() % 2 ? LTT_CONTEXT_PID :
						     LTT_CONTEXT_TID);
		break;
	case 2:
		gen_int(p, depth - 1);
		gen_int(p, depth - 1);
		emit(p, bin[rnd() % sizeof(bin)]);
		break;
	case 3:
		gen_int(p, depth - 1);
		emit(p, un[rnd() % sizeof(un)]);
		break;
	case 4:
		if (rnd() % 3)
			FIELD(p, strf[rnd() % 3]);
		else
			emit16(p, LTT_FOP_LOAD_CTX, LTT_CONTEXT_PROCNAME);
		LIT(p, lits[rnd() % 5]);
		emit(p, rnd() % 2 ? LTT_FOP_EQ : LTT_FOP_NE);
		break;
	default:
		gen_int(p, depth - 1);
		j = jump(p, rnd() % 2 ? LTT_FOP_AND_JMP : LTT_FOP_OR_JMP);
		gen_int(p, depth - 1);
		emit(p, LTT_FOP_TO_BOOL);
		land(p, j);
	}
}

static void run_random_values(const struct ltt_filter *f)
{
	static const char *const strs[] = { "", "a", "bash", "/etc/passwd", "a*b" };
	struct ltt_filter_env env = { .ctx = ctx_get };
	struct ltt_fvalue *v = malloc(NR_EV * sizeof(*v));
	char *us = strdup(strs[rnd() % 5]);
	int i;

	for (i = 0; i < NR_EV; i++) {
		v[i].type = LTT_FV_INT;
		v[i].i = (int64_t)(rnd() % 9) - 4;
	}
	v[2] = (struct ltt_fvalue){ .type = LTT_FV_KSTR, .str = strs[rnd() % 5],
				    .len = LTT_STRING_MAX };
	v[3] = (struct ltt_fvalue){ .type = LTT_FV_KSTR, .str = "bash\0\0\0\0\0\0\0\0\0\0\0",
				    .len = 16 };
	v[4] = (struct ltt_fvalue){ .type = LTT_FV_USTR, .str = us, .len = LTT_STRING_MAX };
	fault_at = rnd() % 3 ? NULL : us;
	env.fields = v;
	ltt_filter_run(f, &env);
	fault_at = NULL;
	free(us);
	free(v);
}

static void test_fuzz(void)
{
	unsigned int round, accepted = 0, crashes = 0, j;
	struct ltt_filter *f;
	struct prog p;
	size_t len;
	uint8_t *b;
	int r;

	for (round = 0; round < 50000; round++) {
		if (round % 2) {
			random_prog(&p);
		} else {
			memset(&p, 0, sizeof(p));
			gen_int(&p, 1 + rnd() % 7);
			ret(&p);
		}
		b = image(&p, &len);
		if (round % 6 < 2)		/* mutate a byte or two */
			for (j = 0; j < 1 + rnd() % 2; j++)
				b[rnd() % len] ^= 1 << (rnd() % 8);
		r = ltt_filter_link(b, len, ev_fields, NR_EV, &f, why, sizeof(why));
		if (r != 0 && r != -EINVAL && r != -ENOENT)
			crashes++;
		if (!r) {
			accepted++;
			for (j = 0; j < 4; j++)
				run_random_values(f);
			ltt_filter_free(f);
		}
		/* random bytes, any length */
		len = rnd() % 64;
		b = realloc(b, len ? len : 1);
		for (j = 0; j < len; j++)
			b[j] = rnd();
		if (len >= sizeof(struct ltt_filter_header) && rnd() % 2) {
			struct ltt_filter_header h = { LTT_FILTER_MAGIC, LTT_FILTER_VERSION,
						       0, len - sizeof(h), 0 };
			memcpy(b, &h, sizeof(h));
		}
		r = ltt_filter_link(b, len, ev_fields, NR_EV, &f, why, sizeof(why));
		if (!r) {
			accepted++;
			run_random_values(f);
			ltt_filter_free(f);
		}
		free(b);
	}
	ok(!crashes, "fuzz: 100000 programs, only 0, -EINVAL or -ENOENT");
	ok(accepted > 10000, "fuzz: %u programs accepted and run on random values "
	   "without a bad access", accepted);
}

/*
 * The program with a text section (ABI 1.6) of n bytes copied from text
 * (NUL included when the caller counts it): link's result, *f freed.
 */
static int link_text(const char *text, size_t n, bool flag, const char **got)
{
	struct ltt_filter *f;
	struct prog p;
	size_t len;
	uint8_t *b;
	char why[LTT_FILTER_ERR_MAX];
	int r;

	memset(&p, 0, sizeof(p));
	cmp_int(&p, "x", LTT_FOP_EQ, 1);
	ret(&p);
	b = image(&p, &len);
	b = realloc(b, len + n);
	memcpy(b + len, text, n);
	if (flag)
		((struct ltt_filter_header *)b)->flags = LTT_FILTER_F_TEXT;
	r = ltt_filter_link(b, len + n, ev_fields, NR_EV, &f, why, sizeof(why));
	ltt_filter_free(f);
	if (got) {
		static char keep[LTT_FILTER_TEXT_MAX + 1];
		const char *t = r ? NULL : ltt_filter_text(b, len + n);

		*got = t ? strcpy(keep, t) : NULL;
	}
	free(b);
	return r;
}

/* The expression's text: kept when it follows the rules, else refused. */
static void test_text(void)
{
	static char big[LTT_FILTER_TEXT_MAX + 1];
	const char *got = NULL;
	int r;

	r = link_text("x == 1", 7, true, &got);
	ok(r == 0 && got && !strcmp(got, "x == 1"),
	   "text: accepted, and found again (%s)", got ? got : "none");
	ok(link_text("", 0, false, &got) == 0 && !got,
	   "text: none without the flag");
	ok(link_text("x == 1", 7, false, NULL) == -EINVAL,
	   "text: bytes past the strtab without the flag: refused");
	ok(link_text("", 0, true, NULL) == -EINVAL,
	   "text: the flag without a section: refused");
	ok(link_text("", 1, true, NULL) == -EINVAL,
	   "text: a NUL alone (empty text): refused");
	ok(link_text("x == 1", 6, true, NULL) == -EINVAL,
	   "text: not NUL-terminated: refused");
	ok(link_text("x\0== 1", 7, true, NULL) == -EINVAL,
	   "text: a NUL inside: refused");
	ok(link_text("x ==\t1", 7, true, NULL) == -EINVAL,
	   "text: a control character: refused");
	ok(link_text("x == \x7f", 7, true, NULL) == -EINVAL &&
	   link_text("x == \xc3\xa9", 8, true, NULL) == -EINVAL,
	   "text: DEL or a byte past ASCII: refused");
	ok(link_text(" !\"\\~", 6, true, &got) == 0 && got &&
	   !strcmp(got, " !\"\\~"), "text: printable ASCII, both ends");
	memset(big, 'a', sizeof(big));
	big[LTT_FILTER_TEXT_MAX - 1] = '\0';
	ok(link_text(big, LTT_FILTER_TEXT_MAX, true, &got) == 0 && got &&
	   strlen(got) == LTT_FILTER_TEXT_MAX - 1,
	   "text: %d bytes with the NUL: accepted", LTT_FILTER_TEXT_MAX);
	big[LTT_FILTER_TEXT_MAX - 1] = 'a';
	big[LTT_FILTER_TEXT_MAX] = '\0';
	ok(link_text(big, LTT_FILTER_TEXT_MAX + 1, true, NULL) == -EINVAL,
	   "text: one byte more: refused");
}

int main(void)
{
	vals = malloc(NR_EV * sizeof(*vals));
	test_integers();
	test_simple();
	test_logic();
	test_strings();
	test_rules();
	test_text();
	test_fuzz();
	free(vals);
	done_testing();
	return exit_status();
}
