// SPDX-License-Identifier: GPL-2.0-only
/*
 * Small helpers shared by lttctl and lttd, no ioctl: sizes, directories.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include "ltt-ctl.h"
#include "units.h"

/* src/common/units.c's, the kernel's boot parameters' too */
int ltt_parse_size(const char *s, uint64_t *out)
{
	return ltt_units_size(s, out);
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

/* N of a directory entry "snapshot-N-..." (0: not one). */
static unsigned long snapshot_number(const char *name)
{
	unsigned long n;
	char *end;

	if (strncmp(name, "snapshot-", 9) || name[9] < '1' || name[9] > '9')
		return 0;
	n = strtoul(name + 9, &end, 10);
	return *end == '-' ? n : 0;
}

int ltt_snapshot_dir(const char *output, time_t when, char *buf, size_t len)
{
	unsigned long n = 0, k;
	struct dirent *de;
	char stamp[32];
	struct tm tm;
	DIR *dir;
	int ret, tries;

	ret = ltt_mkdirs(output);
	if (ret < 0)
		return ret;
	dir = opendir(output);
	if (!dir)
		return -errno;
	while ((de = readdir(dir)))
		if ((k = snapshot_number(de->d_name)) > n)
			n = k;
	closedir(dir);
	localtime_r(&when, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
	/* another writer may take N meanwhile: mkdir is the arbiter */
	for (tries = 0; tries < 100; tries++) {
		ret = snprintf(buf, len, "%s/snapshot-%lu-%s", output, ++n, stamp);
		if (ret < 0 || (size_t)ret >= len)
			return -ENAMETOOLONG;
		if (!mkdir(buf, 0755))
			return 0;
		if (errno != EEXIST)
			return -errno;
	}
	return -EEXIST;
}
