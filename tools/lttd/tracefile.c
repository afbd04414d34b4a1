// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd trace files: the policy of tracefile.h. The I/O that follows it is
 * in stream-file.c.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "tracefile.h"

int lttd_tracefile_path(char *buf, size_t len, const char *dir,
			const char *stream,
			const struct lttd_tracefile_limits *lim, uint64_t index)
{
	int n;

	if (lim->size)
		n = snprintf(buf, len, "%s/%s_%llu", dir, stream,
			     (unsigned long long)index);
	else
		n = snprintf(buf, len, "%s/%s", dir, stream);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

bool lttd_tracefile_cut(const struct lttd_tracefile_limits *lim,
			uint64_t file_size, uint64_t packet_size)
{
	if (!lim->size || !file_size)
		return false;
	/* file_size may pass the size: a packet bigger than it, alone */
	return file_size >= lim->size || packet_size > lim->size - file_size;
}

uint64_t lttd_tracefile_next(const struct lttd_tracefile_limits *lim,
			     uint64_t index)
{
	if (lim->count)
		return (index + 1) % lim->count;
	return index + 1;
}

bool lttd_tracefile_index(const char *fname, const char *stream,
			  uint64_t *index)
{
	size_t n = strlen(stream);
	uint64_t v = 0;
	const char *p;

	if (strncmp(fname, stream, n) || fname[n] != '_' || !fname[n + 1])
		return false;
	for (p = fname + n + 1; *p; p++) {
		if (*p < '0' || *p > '9')
			return false;
		if (v > (UINT64_MAX - (*p - '0')) / 10)
			return false;
		v = v * 10 + (*p - '0');
	}
	*index = v;
	return true;
}

int lttd_tracefile_newest(const struct lttd_tracefile_found *f,
			  unsigned int n)
{
	int best = -1;
	unsigned int i;

	for (i = 0; i < n; i++)
		if (f[i].have_seq &&
		    (best < 0 || f[i].last_seq > f[best].last_seq))
			best = i;
	return best;
}
