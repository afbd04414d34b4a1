/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Fetch specifications of dynamic probes (kprobes, kretprobes, uprobes,
 * uretprobes): "NAME=SPEC NAME=SPEC ..." parsed into the fields a probe
 * records and how it reads each one. Pure C with no kernel dependency:
 * ltt.ko validates with it what lttctl sends, and tests/unit builds the
 * same file in userspace (and fuzzes it under ASan/UBSan).
 *
 * SPEC, in the spirit of ftrace's kprobe_events (x86-64 only):
 *	%REG		a register by name: %di, %ax, %r8, %sp, %ip, ...
 *	$argN		the Nth integer argument (N = 1..6: di si dx cx r8 r9)
 *	$stackN		the Nth word of the stack at the probe (N = 0..255)
 *	$stack		the stack pointer
 *	$retval		the return value (return probes only)
 *	$comm		the current task's command name (a string)
 *	\IMM		a constant: signed decimal or 0x hex (USDT's $5)
 *	+OFF(SPEC)	the word at address SPEC + OFF (OFF: signed decimal or
 *			0x hex), read fault-safe from kernel memory
 *	+uOFF(SPEC)	the same, from user memory
 *	+OFF(%REG,%IDX,S) the word at address REG + IDX * S + OFF (S: 1, 2,
 *			4 or 8), the x86 indexed form USDT notes use
 * followed by an optional ":TYPE": s8 s16 s32 s64, u8 .. u64, x8 .. x64
 * (hex display), string (the NUL-terminated kernel string AT the address
 * the spec gives), ustring (the same in user memory), symbol (an address,
 * recorded as x64). Default: x64. Unlike ftrace, "string" does not
 * consume the last dereference: "%si:string" is the string at %si, and
 * "+8(%di):string" the string that the pointer at %di + 8 points to.
 * In uprobes every memory read (dereference, string) is of user memory.
 *
 * Who may include it: ltt.ko (src/source-kprobe.c, src/source-uprobe.c)
 * and tests/unit.
 */
#ifndef _LTT_FETCH_SPEC_H
#define _LTT_FETCH_SPEC_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stddef.h>
#include <stdint.h>
typedef uint8_t u8;
typedef int32_t s32;
typedef int64_t s64;
#endif

#define LTT_FETCH_MAX_FIELDS	16
#define LTT_FETCH_MAX_DEREF	4	/* nested +OFF(...) per field */
#define LTT_FETCH_NAME_MAX	32	/* field name, NUL included */
#define LTT_FETCH_ERR_MAX	128	/* parse error message, NUL included */
#define LTT_FETCH_TEXT_MAX	1024	/* whole specification, NUL included */

/* Where the value starts. */
enum ltt_fetch_base {
	LTT_FB_REG,		/* pt_regs word number reg */
	LTT_FB_STACK,		/* stack word number idx */
	LTT_FB_STACKP,		/* the stack pointer */
	LTT_FB_RETVAL,
	LTT_FB_COMM,
	LTT_FB_IMM,		/* the constant imm */
};

/* What is recorded. */
enum ltt_fetch_type {
	LTT_FT_INT,		/* size, is_signed, base */
	LTT_FT_STRING,		/* kernel string at the value */
	LTT_FT_USTRING,		/* user string at the value */
	LTT_FT_COMM,		/* current->comm */
};

struct ltt_fetch_field {
	char name[LTT_FETCH_NAME_MAX];
	u8 fbase;		/* enum ltt_fetch_base */
	u8 type;		/* enum ltt_fetch_type */
	u8 reg;			/* LTT_FB_REG: index in ltt_fetch_regs[] */
	u8 idx;			/* LTT_FB_STACK: word number */
	u8 size;		/* LTT_FT_INT: 1, 2, 4, 8 */
	u8 is_signed;
	u8 base;		/* 10 or 16 */
	u8 nr_deref;
	u8 user_deref;		/* bit i: dereference i reads user memory */
	u8 ireg;		/* LTT_FB_REG with scale: the index register */
	u8 scale;		/* 0, or the index's factor: 1, 2, 4, 8 */
	s32 off[LTT_FETCH_MAX_DEREF];	/* innermost first */
	s64 imm;		/* LTT_FB_IMM */
};

struct ltt_fetch_spec {
	unsigned int nr_fields;
	struct ltt_fetch_field fields[LTT_FETCH_MAX_FIELDS];
};

/* For which kind of probe a specification is parsed. */
#define LTT_FETCH_F_RETURN	(1U << 0)	/* $retval allowed */
#define LTT_FETCH_F_USER	(1U << 1)	/* uprobe: all memory is user */

/*
 * The x86-64 registers in the order of struct pt_regs (word number =
 * index), as named after '%'. ltt.ko checks the order at build time.
 */
#define LTT_FETCH_NR_REGS	21
extern const char *const ltt_fetch_regs[LTT_FETCH_NR_REGS];

/*
 * Names the probe records itself, which a fetch may not take: the
 * kretprobe's "retval" and "duration_ns".
 */
int ltt_fetch_name_reserved(const char *name, unsigned int flags);

/*
 * Parse @text (fields separated by blanks, at most LTT_FETCH_TEXT_MAX - 1
 * bytes) into @out. Returns 0, or -EINVAL with a one-line reason in @err
 * naming the offending field. Never allocates; safe on any NUL-terminated
 * string.
 */
int ltt_fetch_parse(const char *text, unsigned int flags,
		    struct ltt_fetch_spec *out, char *err, size_t errlen);

#endif /* _LTT_FETCH_SPEC_H */
