/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * USDT (SystemTap SDT) probes of an ELF file, for lttctl enable --usdt and
 * list --usdt: the .note.stapsdt notes read into the place of each probe
 * in the file (its instruction and its semaphore, as file offsets, what
 * the kernel's uprobes take) and its arguments turned into ltt's fetch
 * specifications (src/fetch-spec.h).
 *
 * A note is:   pc, base, semaphore (link-time addresses), then
 *              "provider\0name\0args\0"
 * where args is blank-separated "[-]SIZE@OPERAND" in AT&T syntax:
 * %rax %eax %ax %al (any width of any register), $5 (a constant),
 * -12(%rbp), 8(%rsp,%rdx,8), sym(%rip), sym+8(%rip). A negative SIZE is
 * a signed argument. .stapsdt.base, when present, is where the base
 * really is (prelink moved it): every address moves as it did.
 *
 * Everything read from the file is checked: a truncated or corrupt note
 * section is an error for the file; a note whose argument cannot be said
 * (an unknown register, a high-byte register such as %ah, a segment) is
 * listed with its reason in @error and cannot be enabled.
 */
#ifndef _LTT_USDT_H
#define _LTT_USDT_H

#include <stddef.h>
#include <stdint.h>

#define LTT_USDT_MAX_ARGS	12	/* sys/sdt.h's limit */
#define LTT_USDT_NAME_MAX	64	/* provider, name: NUL included */
#define LTT_USDT_SPEC_MAX	64	/* one argument's fetch SPEC */
#define LTT_USDT_TEXT_MAX	256	/* the note's argument string */

struct ltt_usdt_arg {
	unsigned int size;		/* 1, 2, 4, 8 */
	int is_signed;
	char spec[LTT_USDT_SPEC_MAX];	/* fetch SPEC, without NAME= and :TYPE */
};

struct ltt_usdt_probe {
	char provider[LTT_USDT_NAME_MAX];
	char name[LTT_USDT_NAME_MAX];
	uint64_t pc;			/* the probe's address (prelink-adjusted) */
	uint64_t sem;			/* its semaphore's address, or 0 */
	uint64_t pc_off;		/* the instruction's offset in the file */
	uint64_t sem_off;		/* the semaphore's, or 0 without one */
	unsigned int nr_args;
	struct ltt_usdt_arg args[LTT_USDT_MAX_ARGS];
	char argtext[LTT_USDT_TEXT_MAX];	/* as the note says them */
	char error[128];		/* "" or why it cannot be recorded */
};

/*
 * The probes of the ELF image @buf of @size bytes (64-bit little-endian
 * x86-64): *out (free() it) and their number, or -ENOEXEC (not such a
 * file) / -EINVAL (a corrupt note section: truncated note, addresses or
 * offsets out of the file) with a one-line reason in @err, or -ENOMEM.
 * A file without notes has 0 probes.
 */
int ltt_usdt_parse(const void *buf, size_t size, struct ltt_usdt_probe **out,
		   char *err, size_t errlen);

/* The same for a file: -errno of open() too. */
int ltt_usdt_read(const char *path, struct ltt_usdt_probe **out,
		  char *err, size_t errlen);

/*
 * One argument of a note ("-4@-12(%rbp)") into @a; @pc the probe's
 * address, for sym(%rip) which @sym_value resolves (NULL: refused).
 * 0, or -EINVAL with the reason in @err.
 */
int ltt_usdt_arg_parse(const char *text, uint64_t pc,
		       int (*sym_value)(void *ctx, const char *name,
					uint64_t *value),
		       void *ctx, int exec, struct ltt_usdt_arg *a,
		       char *err, size_t errlen);

/* The fetch type of an argument: "s32", "u8", ... */
const char *ltt_usdt_arg_type(const struct ltt_usdt_arg *a);

/*
 * The fetch text of @p's arguments, "arg1=SPEC:TYPE arg2=...": the
 * arguments whose bit is set in @strings are user strings at the pointer
 * (":ustring"). The length written, or -ENOSPC.
 */
int ltt_usdt_fetch_text(const struct ltt_usdt_probe *p, unsigned int strings,
			char *buf, size_t size);

#endif /* _LTT_USDT_H */
