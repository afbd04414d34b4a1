// SPDX-License-Identifier: GPL-2.0-only
/*
 * trace_mark() format parser: turns "len %u name %s" into the fields
 * (len: u32, name: string). The word before each conversion names the
 * field; a conversion without a word gets "argN".
 *
 * The accepted set is what the serializer can record exactly, nothing
 * more: no flags, width or precision (they would change what printf shows
 * but not what we record, so accepting them would mislead), no %p
 * extensions (%pS, %pI4, ... print data we do not copy), no floating point.
 */
#ifdef __KERNEL__
#include <linux/kernel.h>
#include <linux/ctype.h>
#include <linux/errno.h>
#include <linux/string.h>
#else
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#endif
#include "marker-format.h"

enum mf_length { MF_NONE, MF_HH, MF_H, MF_L, MF_LL, MF_Z };

static int mf_is_word(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Length of the conversion spec at @pct, for messages: "%08llx" is 6. */
static int mf_spec_len(const char *pct)
{
	const char *p = pct + 1;

	while (*p && strchr("-+ #0123456789.*hlzjtLq", *p))
		p++;
	if (isalpha((unsigned char)*p))
		p++;
	return p - pct;
}

/* Length modifier at *p; advances *p past it. */
static enum mf_length mf_length(const char **p)
{
	const char *s = *p;

	if (s[0] == 'h' && s[1] == 'h') {
		*p += 2;
		return MF_HH;
	}
	if (s[0] == 'l' && s[1] == 'l') {
		*p += 2;
		return MF_LL;
	}
	switch (s[0]) {
	case 'h':
		*p += 1;
		return MF_H;
	case 'l':
		*p += 1;
		return MF_L;
	case 'z':
		*p += 1;
		return MF_Z;
	default:
		return MF_NONE;
	}
}

/* Fill the type of @f from length modifier and conversion; 0 or -EINVAL. */
static int mf_type(struct ltt_marker_field *f, enum mf_length len, char conv)
{
	int is_signed = conv == 'd' || conv == 'i';

	f->is_signed = is_signed;
	f->base = conv == 'x' || conv == 'p' ? 16 : 10;
	switch (conv) {
	case 'd': case 'i': case 'u': case 'x':
		break;
	case 'c':
		if (len != MF_NONE)
			return -EINVAL;
		f->arg = LTT_MARG_INT;
		f->size = 1;
		f->is_signed = 0;
		return 0;
	case 's':
		if (len != MF_NONE)
			return -EINVAL;
		f->arg = LTT_MARG_STRING;
		f->size = 0;
		return 0;
	case 'p':
		if (len != MF_NONE)
			return -EINVAL;
		f->arg = LTT_MARG_PTR;
		f->size = sizeof(void *);
		return 0;
	default:
		return -EINVAL;
	}
	switch (len) {
	case MF_HH:
		f->arg = is_signed ? LTT_MARG_INT : LTT_MARG_UINT;
		f->size = 1;
		break;
	case MF_H:
		f->arg = is_signed ? LTT_MARG_INT : LTT_MARG_UINT;
		f->size = 2;
		break;
	case MF_NONE:
		f->arg = is_signed ? LTT_MARG_INT : LTT_MARG_UINT;
		f->size = sizeof(int);
		break;
	case MF_L:
	case MF_Z:
		f->arg = is_signed ? LTT_MARG_LONG : LTT_MARG_ULONG;
		f->size = sizeof(long);
		break;
	case MF_LL:
		f->arg = is_signed ? LTT_MARG_LLONG : LTT_MARG_ULLONG;
		f->size = sizeof(long long);
		break;
	}
	return 0;
}

/*
 * Name the field from the word that ends before @pct (skipping blanks and
 * '=' or ':'), not looking further back than @from.
 */
static int mf_name(struct ltt_marker_field *f, const char *from,
		   const char *pct, unsigned int idx)
{
	const char *end = pct, *start;
	size_t n;

	while (end > from && (end[-1] == ' ' || end[-1] == '\t' ||
			      end[-1] == '=' || end[-1] == ':'))
		end--;
	start = end;
	while (start > from && mf_is_word(start[-1]))
		start--;
	n = end - start;
	if (!n) {
		snprintf(f->name, sizeof(f->name), "arg%u", idx);
		return 0;
	}
	if (n >= sizeof(f->name))
		return -EINVAL;
	memcpy(f->name, start, n);
	f->name[n] = '\0';
	return 0;
}

int ltt_marker_parse_format(const char *fmt, struct ltt_marker_format *out,
			    char *err, size_t errlen)
{
	const char *p = fmt, *word_from = fmt;
	unsigned int i;

	out->nr_fields = 0;
	while (*p) {
		struct ltt_marker_field *f;
		const char *pct = p, *conv;
		enum mf_length len;

		if (*p != '%') {
			p++;
			continue;
		}
		if (p[1] == '%') {
			p += 2;
			word_from = p;
			continue;
		}
		if (out->nr_fields == LTT_MARKER_MAX_FIELDS) {
			snprintf(err, errlen, "more than %d conversions",
				 LTT_MARKER_MAX_FIELDS);
			return -EINVAL;
		}
		f = &out->fields[out->nr_fields];
		p++;
		len = mf_length(&p);
		conv = p;
		if (!*conv || mf_type(f, len, *conv)) {
			int n = mf_spec_len(pct);

			snprintf(err, errlen,
				 "unsupported conversion \"%.*s\" at offset %d",
				 n, pct, (int)(pct - fmt));
			return -EINVAL;
		}
		p++;
		if (*conv == 'p' && mf_is_word(*p)) {
			snprintf(err, errlen,
				 "unsupported conversion \"%%p%c\" at offset %d (no %%p extensions)",
				 *p, (int)(pct - fmt));
			return -EINVAL;
		}
		if (mf_name(f, word_from, pct, out->nr_fields)) {
			snprintf(err, errlen,
				 "field name before offset %d longer than %d characters",
				 (int)(pct - fmt), LTT_MARKER_NAME_MAX - 1);
			return -EINVAL;
		}
		for (i = 0; i < out->nr_fields; i++) {
			if (!strcmp(out->fields[i].name, f->name)) {
				snprintf(err, errlen,
					 "duplicate field name \"%s\" at offset %d",
					 f->name, (int)(pct - fmt));
				return -EINVAL;
			}
		}
		out->nr_fields++;
		word_from = p;
	}
	return 0;
}
