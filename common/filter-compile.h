/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Filter expressions (LTTng's filter language) compiled into ltt's filter
 * program (include/uapi/ltt/abi.h, "Filter programs"), which the kernel
 * checks, links to each event and runs before recording it. The sources
 * (common/filter-compile.c and its phases, fc-internal.h) are built
 * as they are in lttctl (tools/lib) and in ltt.ko, which compiles the
 * filter text its in-kernel control API takes: the two give the same
 * bytes.
 *
 * Language, from the tightest binding to the loosest (as LTTng's: unlike
 * C, the bitwise operators bind tighter than the comparisons):
 *	unary - + ! ~
 *	<< >>
 *	&
 *	^
 *	|
 *	< <= > >=
 *	== !=
 *	&&
 *	||
 * Operands: payload fields by name, context fields as $ctx.NAME, integer
 * literals (decimal, 0x hex, 0 octal), floating literals (compared exactly
 * with integers: the kernel does no floating point, so x < 2.5 is
 * compiled as x < 3), string literals ("..." with C escapes; '*' is a
 * glob matching any run of characters, "\*" a star). Strings compare with
 * == and != only.
 *
 * Who may include it: common/ (the compiler), ltt.ko's callers of
 * ltt_filter_compile_text(), the tools (their include path has
 * common/, tools/tools.mk) and tests/unit.
 */
#ifndef _LTT_FILTER_COMPILE_H
#define _LTT_FILTER_COMPILE_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stddef.h>
#include <stdint.h>
#endif

struct ltt_filter_error {
	unsigned int column;		/* 1-based byte in the expression; 0: none */
	char msg[160];
};

struct ltt_filter_prog {
	void *buf;			/* header, code, string table, text: for
					 * the ioctl */
	size_t len;
	size_t text_len;		/* of the text section (abi.h), 0: none */
	unsigned int nr_fields;		/* payload fields it reads */
	char **fields;			/* their names */
};

/*
 * The program carries the expression's text (abi.h, LTT_FILTER_F_TEXT),
 * each byte outside printable ASCII shown as '?' (white space as ' ').
 * 0 and *prog (free with ltt_filter_prog_free()), or -EINVAL (a syntax or
 * type error), -E2BIG (past a limit: expression, code, stack) with *err
 * saying what and where, or -ENOMEM.
 */
int ltt_filter_compile(const char *expr, struct ltt_filter_prog *prog,
		       struct ltt_filter_error *err);
/*
 * What a payload field is in the events a filter is for, as the caller
 * knows them: ANY when it does not know (or they differ).
 */
enum ltt_filter_kind {
	LTT_FILTER_KIND_ANY,
	LTT_FILTER_KIND_NUMBER,
	LTT_FILTER_KIND_STRING,
};
/*
 * ltt_filter_compile(), and a field of known kind compared or combined
 * with what it cannot be is an error at the field's column ("field
 * 'filename' is a string, compared with a number"), where the kernel
 * would refuse the program with -EINVAL alone. kind(ctx, name) tells.
 */
int ltt_filter_compile_kinds(const char *expr, struct ltt_filter_prog *prog,
			     struct ltt_filter_error *err,
			     enum ltt_filter_kind (*kind)(void *ctx,
							  const char *name),
			     void *ctx);
void ltt_filter_prog_free(struct ltt_filter_prog *prog);
/* Without its text section, for a kernel older than ABI 1.6, which
 * refuses one. */
void ltt_filter_prog_drop_text(struct ltt_filter_prog *prog);

/*
 * The kernel's entry (src/filter.h declares it too): the program alone,
 * in *prog (kvfree() it; free() in userspace), or the error's message
 * ("column N: ...") in why.
 */
int ltt_filter_compile_text(const char *expr, void **prog, uint32_t *len,
			    char *why, size_t whylen);

#endif /* _LTT_FILTER_COMPILE_H */
