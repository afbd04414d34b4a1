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
#include <linux/string.h>
#include <linux/uaccess.h>
#include <ltt/emit.h>
#include <compat/export.h>

static const char ltt_str_null[] = "(null)";
static const char ltt_str_fault[] = "(fault)";

/*
 * Scan the string one aligned word at a time: an aligned word never
 * straddles a page, so a word we fail to read holds no byte of a readable
 * string and the scan stops exactly where the readable memory does.
 */
u32 ltt_string_len(const char **src)
{
	const char *s = *src;
	unsigned long addr = (unsigned long)s;
	unsigned long word_addr = addr & ~(sizeof(long) - 1);
	u32 len = 0;

	if (!s) {
		*src = ltt_str_null;
		return sizeof(ltt_str_null) - 1;
	}
	for (;;) {
		unsigned long w;
		unsigned int i = 0;
		const char *b = (const char *)&w;

		if (copy_from_kernel_nofault(&w, (void *)word_addr, sizeof(w))) {
			*src = ltt_str_fault;
			return sizeof(ltt_str_fault) - 1;
		}
		if (word_addr < addr)
			i = addr - word_addr;
		for (; i < sizeof(w); i++) {
			if (!b[i] || len == LTT_STRING_MAX - 1)
				return len;
			len++;
		}
		word_addr += sizeof(w);
	}
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
