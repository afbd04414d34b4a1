// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd trace chunks: names and the keep policy of chunk-policy.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "chunk-policy.h"

int lttd_chunk_time(char buf[LTTD_CHUNK_TIME_LEN], time_t t)
{
	struct tm tm;

	if (!localtime_r(&t, &tm) ||
	    strftime(buf, LTTD_CHUNK_TIME_LEN, "%Y%m%dT%H%M%S%z", &tm) !=
	    LTTD_CHUNK_TIME_LEN - 1)
		return -EINVAL;
	return 0;
}

/* n decimal digits at s, into *v */
static bool digits(const char *s, unsigned int n, int *v)
{
	*v = 0;
	while (n--) {
		if (*s < '0' || *s > '9')
			return false;
		*v = *v * 10 + (*s++ - '0');
	}
	return true;
}

int lttd_chunk_time_parse(const char *s, time_t *t)
{
	struct tm tm = { 0 };
	int year, mon, hh, mm, off;

	if (strnlen(s, LTTD_CHUNK_TIME_LEN - 1) < LTTD_CHUNK_TIME_LEN - 1 ||
	    !digits(s, 4, &year) || !digits(s + 4, 2, &mon) ||
	    !digits(s + 6, 2, &tm.tm_mday) || s[8] != 'T' ||
	    !digits(s + 9, 2, &tm.tm_hour) || !digits(s + 11, 2, &tm.tm_min) ||
	    !digits(s + 13, 2, &tm.tm_sec) ||
	    (s[15] != '+' && s[15] != '-') ||
	    !digits(s + 16, 2, &hh) || !digits(s + 18, 2, &mm))
		return -EINVAL;
	if (mon < 1 || mon > 12 || tm.tm_mday < 1 || tm.tm_mday > 31 ||
	    tm.tm_hour > 23 || tm.tm_min > 59 || tm.tm_sec > 60 || mm > 59)
		return -EINVAL;
	tm.tm_year = year - 1900;
	tm.tm_mon = mon - 1;
	off = (hh * 60 + mm) * 60;
	*t = timegm(&tm) - (s[15] == '-' ? -off : off);
	return 0;
}

int lttd_chunk_name(char *buf, size_t len, const char *begin, uint64_t id)
{
	int n = snprintf(buf, len, "%s-%llu", begin, (unsigned long long)id);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int lttd_archive_name(char *buf, size_t len, const char *begin,
		      const char *end, uint64_t id)
{
	int n = snprintf(buf, len, "%s-%s-%llu", begin, end,
			 (unsigned long long)id);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

/* s is a chunk time: its 20 characters */
static bool is_time(const char *s)
{
	time_t t;

	return !lttd_chunk_time_parse(s, &t);
}

/* s is a decimal number that fits: the whole of s */
static bool is_id(const char *s, uint64_t *id)
{
	char *end;

	if (*s < '0' || *s > '9' || strlen(s) > 20)
		return false;
	errno = 0;
	*id = strtoull(s, &end, 10);
	return !*end && !errno;
}

#define T	(LTTD_CHUNK_TIME_LEN - 1)

bool lttd_chunk_name_parse(const char *name,
			   char begin[LTTD_CHUNK_TIME_LEN], uint64_t *id)
{
	if (!is_time(name) || name[T] != '-' || !is_id(name + T + 1, id))
		return false;
	if (begin) {
		memcpy(begin, name, T);
		begin[T] = '\0';
	}
	return true;
}

bool lttd_archive_name_parse(const char *name, uint64_t *id)
{
	return is_time(name) && name[T] == '-' && is_time(name + T + 1) &&
	       name[2 * T + 1] == '-' && is_id(name + 2 * T + 2, id);
}

bool lttd_archive_name_times(const char *name, time_t *begin, time_t *end,
			     uint64_t *id)
{
	return lttd_archive_name_parse(name, id) &&
	       !lttd_chunk_time_parse(name, begin) &&
	       !lttd_chunk_time_parse(name + T + 1, end);
}

#undef T

static int archive_cmp(const void *pa, const void *pb)
{
	const struct lttd_archive *a = pa, *b = pb;

	if (a->running != b->running)
		return a->running ? 1 : -1;
	if (a->end != b->end)
		return a->end < b->end ? -1 : 1;
	if (a->begin != b->begin)
		return a->begin < b->begin ? -1 : 1;
	if (a->id != b->id)
		return a->id < b->id ? -1 : 1;
	return strcmp(a->name, b->name);
}

void lttd_archives_sort(struct lttd_archive *a, size_t n)
{
	qsort(a, n, sizeof(*a), archive_cmp);
}

size_t lttd_archives_to_delete(const struct lttd_archive *a, size_t n,
			       uint32_t keep_chunks, uint64_t keep_size)
{
	uint64_t total = 0;
	size_t del = 0, i;

	if (keep_chunks && n > keep_chunks)
		del = n - keep_chunks;
	if (!keep_size)
		return del;
	for (i = del; i < n; i++)
		total += a[i].bytes;
	for (; del + 1 < n && total > keep_size; del++)
		total -= a[del].bytes;
	return del;
}

int lttd_chunk_first_id(bool have, uint64_t max, uint64_t *id)
{
	if (!have) {
		*id = 0;
		return 0;
	}
	if (max == UINT64_MAX)
		return -EOVERFLOW;
	*id = max + 1;
	return 0;
}

static int hex(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int lttd_metadata_uuid(const char *text, size_t len, uint8_t uuid[16])
{
	static const char trace[] = "trace {", key[] = "uuid = \"";
	const char *p = memmem(text, len, trace, strlen(trace)), *end;
	int i, hi, lo;

	if (!p)
		return -ENOENT;
	end = text + len;
	p = memmem(p, end - p, key, strlen(key));
	if (!p)
		return -ENOENT;
	p += strlen(key);
	/* 8-4-4-4-12 hex digits */
	for (i = 0; i < 16; i++) {
		if (i == 4 || i == 6 || i == 8 || i == 10) {
			if (p >= end || *p != '-')
				return -ENOENT;
			p++;
		}
		if (end - p < 2)
			return -ENOENT;
		hi = hex(p[0]);
		lo = hex(p[1]);
		if (hi < 0 || lo < 0)
			return -ENOENT;
		uuid[i] = hi << 4 | lo;
		p += 2;
	}
	return p < end && *p == '"' ? 0 : -ENOENT;
}

unsigned int lttd_restart_delay(unsigned int prev, double ran)
{
	if (!prev || ran >= LTTD_RESTART_RESET_S)
		return LTTD_RESTART_MIN_S;
	return prev >= LTTD_RESTART_MAX_S / 2 ? LTTD_RESTART_MAX_S : 2 * prev;
}
