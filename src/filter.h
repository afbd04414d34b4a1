/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Event filters: the program lttctl compiles (include/uapi/ltt/abi.h,
 * "Filter programs") is checked and linked here, once per event it applies
 * to, into a decoded program that ltt_filter_run() evaluates on the
 * event's values before anything is reserved.
 *
 *   ltt_filter_link()	slow path (ioctl, event registered): checks every
 *			rule of abi.h, resolves field names against the
 *			event's fields and types every stack slot; with no
 *			fields (nr_fields < 0) it checks the program alone
 *   ltt_filter_run()	fast path: any context (NMI included), no lock, no
 *			allocation, no sleep; bounded: forward jumps only,
 *			a glob match bounded by the literal and field sizes
 *
 * Built in ltt.ko and in userspace (tests/unit), like src/fetch-spec.c:
 * what differs is in src/filter-shim.h.
 *
 * Who may include it: ltt.ko only, and tests/unit/test_filter*.c.
 */
#ifndef _LTT_FILTER_H
#define _LTT_FILTER_H

#include "filter-shim.h"
#include <ltt/core.h>
#include <ltt/filter.h>
#include <uapi/ltt/abi.h>

/*
 * What the filter may read: the event's payload values, and the context
 * fields, computed on demand (only those the program names) by ctx(),
 * which fills *v and returns 0, or not 0 when it cannot (the comparison is
 * then false).
 */
struct ltt_filter_env {
	const struct ltt_fvalue *fields;
	int (*ctx)(void *priv, unsigned int id, struct ltt_fvalue *v);
	void *priv;
};

/* A decoded instruction. */
struct ltt_finsn {
	u8 op;			/* LTT_FOP_* */
	u8 cmp;			/* EQ/NE: enum ltt_fcmp */
	u16 target;		/* AND_JMP/OR_JMP: instruction index */
	u32 a;			/* LOAD_FIELD: field; LOAD_CTX: id; PUSH_STR: offset */
	u32 b;			/* PUSH_STR: length */
	s64 imm;		/* PUSH_INT */
};

enum ltt_fcmp {
	LTT_FCMP_INT,		/* two integers */
	LTT_FCMP_GLOB_A,	/* a string value and a literal glob (b) */
	LTT_FCMP_GLOB_B,	/* a literal glob (a) and a string value */
	LTT_FCMP_STR,		/* two string values */
};

struct ltt_filter {
	struct rcu_head rcu;		/* freed after the writers that saw it */
	/*
	 * The most common program, one payload integer compared with a
	 * constant ("prev_tid == 1234"), found at link time and run without
	 * the interpreter: simple_op is its LTT_FOP_EQ..GE, 0 for any other
	 * program.
	 */
	u8 simple_op;
	u32 simple_field;
	s64 simple_imm;
	unsigned int nr_insns;
	char *strtab;			/* the program's, copied */
	u32 strtab_len;
	struct ltt_finsn insns[];
};

#define LTT_FILTER_ERR_MAX	96

/*
 * Check the program (@len bytes at @buf, kernel memory) and, when
 * nr_fields >= 0, link it to an event with these fields. Returns 0 and
 * *out (free with ltt_filter_free()), -ENOENT when the event lacks a
 * field it names (*why names it: the filter is false for that event),
 * -EINVAL for any broken rule or type error (*why says which, with the
 * byte offset in code), -ENOMEM. With nr_fields < 0 only the program is
 * checked and *out may be NULL.
 */
int ltt_filter_link(const void *buf, size_t len,
		    const struct ltt_field_desc *fields, int nr_fields,
		    struct ltt_filter **out, char *why, size_t whylen);
void ltt_filter_free(struct ltt_filter *f);
/* The expression's text of a program ltt_filter_link() accepted, or NULL
 * when it carries none (abi.h: LTT_FILTER_F_TEXT); it points into buf. */
const char *ltt_filter_text(const void *buf, size_t len);

/*
 * A filter expression (lttctl's language) compiled in the kernel into the
 * program the ioctls take (kvfree() it): 0, or -EINVAL/-E2BIG/-ENOMEM with
 * why saying what and where.
 */
int ltt_filter_compile_text(const char *expr, void **prog, u32 *len,
			    char *why, size_t whylen);

/* true: record the event. */
bool ltt_filter_run(const struct ltt_filter *f,
		    const struct ltt_filter_env *env);

#endif /* _LTT_FILTER_H */
