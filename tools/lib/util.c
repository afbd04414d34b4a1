// SPDX-License-Identifier: GPL-2.0-only
/*
 * Small helpers shared by lttctl and lttd, no ioctl: sizes, directories.
 */
#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include "ltt-ctl.h"
#include "units.h"

/* common/units.c's, the kernel's boot parameters' too */
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

/* nftw: remove what it visits, the deepest first */
static int remove_one(const char *path, const struct stat *sb __attribute__((unused)),
		      int type, struct FTW *ftw __attribute__((unused)))
{
	return (type == FTW_DP ? rmdir(path) : unlink(path)) ? -errno : 0;
}

/* bytes a tree holds (its blocks), 0 if it cannot be read */
static uint64_t tree_bytes_total;
static int tree_bytes_one(const char *path __attribute__((unused)),
			  const struct stat *sb, int type,
			  struct FTW *ftw __attribute__((unused)))
{
	if (type == FTW_F)
		tree_bytes_total += (uint64_t)sb->st_blocks * 512;
	return 0;
}

static uint64_t tree_bytes(const char *path)
{
	tree_bytes_total = 0;
	nftw(path, tree_bytes_one, 16, FTW_PHYS);
	return tree_bytes_total;
}

static int by_number(const void *a, const void *b)
{
	const struct ltt_snapshot_entry *x = a, *y = b;

	return x->number < y->number ? -1 : x->number > y->number;
}

unsigned int ltt_snapshot_victims(struct ltt_snapshot_entry *v, unsigned int n,
				  uint32_t keep, uint64_t keep_size,
				  unsigned long newest)
{
	uint64_t total = 0;
	unsigned int i, left = n, del = 0;

	qsort(v, n, sizeof(*v), by_number);
	for (i = 0; i < n; i++) {
		total += v[i].bytes;
		v[i].remove = false;
	}
	for (i = 0; i < n; i++) {
		if ((!keep || left <= keep) && (!keep_size || total <= keep_size))
			break;
		if (v[i].number == newest)
			continue;	/* the one just written stays */
		v[i].remove = true;
		total -= v[i].bytes;
		left--;
		del++;
	}
	return del;
}

int ltt_snapshot_prune(const char *output, uint32_t keep, uint64_t keep_size,
		       const char *kept)
{
	return ltt_snapshot_prune_spool(output, keep, keep_size, kept, false);
}

int ltt_snapshot_prune_spool(const char *output, uint32_t keep,
			     uint64_t keep_size, const char *kept,
			     bool shipping)
{
	struct ltt_snapshot_entry *v = NULL, *nv;
	unsigned long newest = 0;
	unsigned int n = 0, i;
	char path[PATH_MAX];
	struct dirent *de;
	struct stat sb;
	int removed = 0;
	DIR *dir;

	if (!keep && !keep_size)
		return 0;
	if (kept && strrchr(kept, '/'))
		newest = snapshot_number(strrchr(kept, '/') + 1);
	dir = opendir(output);
	if (!dir)
		return -errno;
	while ((de = readdir(dir))) {
		unsigned long k = snapshot_number(de->d_name);

		if (!k || snprintf(path, sizeof(path), "%s/%s", output,
				   de->d_name) >= (int)sizeof(path) ||
		    lstat(path, &sb) || !S_ISDIR(sb.st_mode))
			continue;
		nv = realloc(v, (n + 1) * sizeof(*v));
		if (!nv) {
			removed = -ENOMEM;
			break;
		}
		v = nv;
		snprintf(v[n].name, sizeof(v[n].name), "%s", de->d_name);
		v[n].number = k;
		v[n].bytes = keep_size ? tree_bytes(path) : 0;
		n++;
	}
	closedir(dir);
	if (removed == 0 && n)
		ltt_snapshot_victims(v, n, keep, keep_size, newest);
	for (i = 0; removed >= 0 && i < n; i++) {
		if (!v[i].remove)
			continue;
		snprintf(path, sizeof(path), "%s/%s", output, v[i].name);
		if (shipping)
			ltt_spool_unshipped(path, "removed by the keep limits before it was shipped");
		if (nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS))
			removed = -errno ?: -EIO;
		else
			removed++;
	}
	free(v);
	return removed;
}
