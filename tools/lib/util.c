// SPDX-License-Identifier: GPL-2.0-only
/*
 * Small helpers shared by lttctl and lttd, no ioctl: sizes, directories.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "ltt-ctl.h"

int ltt_parse_size(const char *s, uint64_t *out)
{
	unsigned long long v;
	unsigned int shift = 0;
	char *end;

	if (!s || *s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno)
		return -ERANGE;
	switch (*end) {
	case '\0':
		break;
	case 'k': case 'K':
		shift = 10;
		break;
	case 'm': case 'M':
		shift = 20;
		break;
	case 'g': case 'G':
		shift = 30;
		break;
	default:
		return -EINVAL;
	}
	if (*end && end[1] && strcmp(end + 1, "iB") && strcmp(end + 1, "B"))
		return -EINVAL;
	if (v > (UINT64_MAX >> shift))
		return -ERANGE;
	*out = (uint64_t)v << shift;
	return 0;
}

const char *ltt_fmt_bytes(uint64_t n, char *buf, size_t len)
{
	static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	double v = n;
	unsigned int i = 0;

	while (v >= 1024 && i < 4) {
		v /= 1024;
		i++;
	}
	if (i == 0)
		snprintf(buf, len, "%llu B", (unsigned long long)n);
	else
		snprintf(buf, len, "%.1f %s", v, unit[i]);
	return buf;
}

int ltt_mkdirs(const char *path)
{
	char *p, *dup = strdup(path);
	int ret = 0;

	if (!dup)
		return -ENOMEM;
	for (p = dup + 1; ; p++) {
		if (*p != '/' && *p)
			continue;
		char c = *p;

		*p = '\0';
		if (mkdir(dup, 0755) && errno != EEXIST) {
			ret = -errno;
			break;
		}
		*p = c;
		if (!c)
			break;
	}
	free(dup);
	return ret;
}
