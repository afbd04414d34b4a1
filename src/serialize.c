// SPDX-License-Identifier: GPL-2.0-only
/*
 * Serializer helpers shared by the generated probes and the marker
 * serializer: bounded strings that are safe on NULL and faulting pointers.
 *
 * A string is measured first (to size the reservation), then copied into
 * each channel's reservation. Both steps read through the *_nofault
 * accessors, so a bad pointer passed to trace_mark("... %s") records
 * "(fault)" instead of oopsing. The record must keep the size measured
 * first even if the string changes between the two reads (another CPU may
 * be writing it): ltt_string_copy() pads or truncates to that size.
 */
#include <linux/kernel.h>
#include <linux/minmax.h>
#include <linux/mm.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <ltt/emit.h>
#include <compat/export.h>

static const char ltt_str_null[] = "(null)";
static const char ltt_str_fault[] = "(fault)";

/*
 * Read the string in chunks that never cross a page: a chunk we fail to
 * read lies on an unreadable page, and since no NUL was found before it,
 * the string runs into that page and is recorded as "(fault)". Most
 * strings (a handler's name, a module's) end in the first chunk: one
 * nofault read instead of one per word.
 */
u32 ltt_string_len(const char **src)
{
	const char *s = *src;
	u32 len = 0;
	char buf[64];

	if (!s) {
		*src = ltt_str_null;
		return sizeof(ltt_str_null) - 1;
	}
	while (len < LTT_STRING_MAX - 1) {
		unsigned long addr = (unsigned long)s + len;
		size_t n = min3(sizeof(buf), PAGE_SIZE - offset_in_page(addr),
				(size_t)(LTT_STRING_MAX - 1 - len));
		const char *nul;

		if (copy_from_kernel_nofault(buf, (void *)addr, n)) {
			*src = ltt_str_fault;
			return sizeof(ltt_str_fault) - 1;
		}
		nul = memchr(buf, '\0', n);
		if (nul)
			return len + (nul - buf);
		len += n;
	}
	return len;
}
LTT_EXPORT_SYMBOL(ltt_string_len);

void ltt_string_copy(char *dst, const char *src, u32 len)
{
	u32 i;

	if (copy_from_kernel_nofault(dst, src, len)) {
		memset(dst, '?', len);
	} else {
		for (i = 0; i < len; i++)
			if (!dst[i])
				dst[i] = ' ';
	}
	dst[len] = '\0';
}
LTT_EXPORT_SYMBOL(ltt_string_copy);

/*
 * Strings in user memory (system call arguments), read with the *_nofault
 * user accessors: never a fault, never a sleep, whatever the context. A
 * string longer than the bound is recorded as its first bytes followed
 * by LTT_USTR_TRUNC, so that the record says it was cut.
 */
static const char ltt_ustr_trunc[] = LTT_USTR_TRUNC;

/*
 * Length of the user string at @src if below @max, else @max; -EFAULT if
 * unreadable before its end. Read in pieces that never straddle a page
 * (copy_from_user_nofault() is the one such accessor exported), so a
 * piece is readable or not as a whole.
 */
static long ltt_user_strnlen(const char __user *src, long max)
{
	char tmp[64];
	long n = 0;

	while (n < max) {
		size_t chunk = min3(sizeof(tmp), (size_t)(max - n),
				    (size_t)(PAGE_SIZE -
					     offset_in_page(src + n)));
		const char *nul;

		if (copy_from_user_nofault(tmp, src + n, chunk))
			return -EFAULT;
		nul = memchr(tmp, '\0', chunk);
		if (nul)
			return n + (nul - tmp);
		n += chunk;
	}
	return max;
}

void ltt_user_string_measure(struct ltt_ustr *s, const char __user *src)
{
	long n;

	s->src = src;
	if (!src) {
		s->state = LTT_USTR_NULL;
		s->len = sizeof(ltt_str_null) - 1;
		return;
	}
	n = ltt_user_strnlen(src, LTT_STRING_MAX);
	if (n < 0) {
		s->state = LTT_USTR_FAULT;
		s->len = sizeof(ltt_str_fault) - 1;
	} else if (n == LTT_STRING_MAX) {
		s->state = LTT_USTR_TRUNCATED;
		s->len = LTT_STRING_MAX - 1;
	} else {
		s->state = LTT_USTR_OK;
		s->len = n;
	}
}
LTT_EXPORT_SYMBOL(ltt_user_string_measure);

void ltt_user_string_copy(char *dst, const struct ltt_ustr *s)
{
	u32 n = s->len, i;

	switch (s->state) {
	case LTT_USTR_NULL:
		memcpy(dst, ltt_str_null, n);
		break;
	case LTT_USTR_FAULT:
		memcpy(dst, ltt_str_fault, n);
		break;
	case LTT_USTR_TRUNCATED:
		n -= sizeof(ltt_ustr_trunc) - 1;
		memcpy(dst + n, ltt_ustr_trunc, sizeof(ltt_ustr_trunc) - 1);
		fallthrough;
	default:
		/* the string may have changed since it was measured */
		if (copy_from_user_nofault(dst, s->src, n)) {
			memset(dst, '?', n);
		} else {
			for (i = 0; i < n; i++)
				if (!dst[i])
					dst[i] = ' ';
		}
		break;
	}
	dst[s->len] = '\0';
}
LTT_EXPORT_SYMBOL(ltt_user_string_copy);
