/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the filter code (src/filter-*.c) needs of its surroundings, in the
 * kernel and in the userspace unit tests: memory for the slow path, and
 * the fault-safe reads of a user or kernel string for the fast path.
 *
 * Who may include it: src/filter*.c only (through src/filter.h).
 */
#ifndef _LTT_FILTER_SHIM_H
#define _LTT_FILTER_SHIM_H

#ifdef __KERNEL__
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#define ltt_fzalloc(n)		kvzalloc((n), GFP_KERNEL)
#define ltt_ffree(p)		kvfree(p)

/*
 * Up to n bytes of the string at src, stopping at its NUL: the length
 * before the NUL (n: no NUL in them), or < 0 when it faults. Read from
 * user memory (@user) or kernel memory with the nofault copies, in
 * pieces that never straddle a page (a piece is readable or not as a
 * whole: bytes past the NUL on an unmapped page do not fault the read).
 */
static inline long ltt_fstr(char *dst, const char *src, long n, bool user)
{
	long done = 0, chunk;
	const char *nul;
	int bad;

	while (done < n) {
		chunk = min_t(long, n - done,
			      PAGE_SIZE - offset_in_page(src + done));
		if (user)
			bad = copy_from_user_nofault(dst + done,
				(const char __user *)src + done, chunk);
		else
			bad = copy_from_kernel_nofault(dst + done, src + done,
						       chunk);
		if (bad)
			return -EFAULT;
		nul = memchr(dst + done, '\0', chunk);
		if (nul)
			return nul - dst;
		done += chunk;
	}
	return n;
}
#else
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>

#define ltt_fzalloc(n)		calloc(1, (n))
#define ltt_ffree(p)		free(p)
#ifndef min_t
#define min_t(t, a, b)		((t)(a) < (t)(b) ? (t)(a) : (t)(b))
#endif
/* the tests provide it, and make it fault where they want */
long ltt_fstr(char *dst, const char *src, long n, bool user);
#endif

#endif /* _LTT_FILTER_SHIM_H */
