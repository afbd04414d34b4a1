// SPDX-License-Identifier: GPL-2.0-only
/*
 * Pure text helpers of lttctl (text.h): durations, exact sizes, quoting.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "text.h"
#include "units.h"

static const struct unit {
	const char *name;
	uint64_t us;
} units[] = {	/* largest first: text_fmt_duration() takes the first exact */
	{ "d", 86400 * US_PER_S },
	{ "h", 3600 * US_PER_S },
	{ "m", 60 * US_PER_S },
	{ "s", US_PER_S },
	{ "ms", 1000 },
	{ "us", 1 },
};

int text_parse_uint(const char *s, uint64_t max, uint64_t *v)
{
	unsigned long long n;
	char *end;

	if (!s || *s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	n = strtoull(s, &end, 10);
	if (*end)
		return -EINVAL;
	if (errno || n > max)
		return -ERANGE;
	*v = n;
	return 0;
}

/* common/units.c's parser (the kernel's boot parameters' too), in us */
int text_parse_duration(const char *s, uint64_t bare_us, uint64_t *us)
{
	uint64_t ns;
	int ret;

	if (bare_us > UINT64_MAX / 1000)
		return -ERANGE;
	ret = ltt_units_duration(s, bare_us * 1000, &ns);
	if (ret)
		return ret;
	if (ns % 1000)
		return -EINVAL;	/* "1500ns": not whole microseconds */
	*us = ns / 1000;
	return 0;
}

const char *text_fmt_duration(uint64_t us, char *buf, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof(units) / sizeof(units[0]) - 1; i++)
		if (us && us % units[i].us == 0)
			break;
	if (!us)
		i = 3;		/* "0s" */
	snprintf(buf, len, "%llu%s", (unsigned long long)(us / units[i].us),
		 units[i].name);
	return buf;
}

const char *text_fmt_size(uint64_t bytes, char *buf, size_t len)
{
	static const char suffix[] = "GMk";
	unsigned int shift = 30, i;

	for (i = 0; i < 3; i++, shift -= 10)
		if (bytes && bytes % (1ULL << shift) == 0) {
			snprintf(buf, len, "%llu%c",
				 (unsigned long long)(bytes >> shift), suffix[i]);
			return buf;
		}
	snprintf(buf, len, "%llu", (unsigned long long)bytes);
	return buf;
}

static int safe_char(char c)
{
	return c && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || strchr("_./:=,+@%-", c));
}

char *text_quote(const char *word)
{
	const char *p;
	char *out, *q;
	int quoted = 0;

	if (!*word || strpbrk(word, "\n\r")) {
		errno = EINVAL;
		return NULL;
	}
	for (p = word; *p && safe_char(*p); p++)
		;
	if (!*p)
		return strdup(word);
	/* at worst each byte becomes '\x' plus the quotes around it */
	out = malloc(4 * strlen(word) + 3);
	if (!out)
		return NULL;
	for (p = word, q = out; *p; p++) {
		if (*p == '\'' || *p == '\\') {
			if (quoted)
				*q++ = '\'';
			quoted = 0;
			*q++ = '\\';
			*q++ = *p;
			continue;
		}
		if (!quoted)
			*q++ = '\'';
		quoted = 1;
		*q++ = *p;
	}
	if (quoted)
		*q++ = '\'';
	*q = '\0';
	return out;
}
