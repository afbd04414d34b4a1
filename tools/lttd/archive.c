// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd archives: a closed chunk moved under DIR/archives, LTTng's names,
 * and the oldest archives deleted by --keep-chunks/--keep-size (the
 * choice is chunk-policy.c's). Main thread only: nftw() gives its
 * callbacks no argument, so they sum into a file-static variable.
 */
#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "lttd.h"

#define NFTW_FDS	16

/*
 * Chunk c becomes DIR/archives/<BEGIN>-<END>-<N>; chunk 0 (no name), whose
 * trace is DIR/kernel beside the other chunks, moves into that directory
 * as its kernel/. path: the archive's (absolute: DIR is). 0 or -errno
 * (logged).
 */
int lttd_archive_chunk(struct lttd *d, const struct lttd_chunk *c,
		       time_t end, char *path, size_t len)
{
	char when[LTTD_CHUNK_TIME_LEN], name[LTTD_CHUNK_NAME_LEN];
	char adir[PATH_MAX], kdir[PATH_MAX];
	int ret, n;

	ret = lttd_chunk_time(when, end);
	if (!ret)
		ret = lttd_archive_name(name, sizeof(name), c->begin, when,
					c->id);
	if (ret < 0)
		goto err;
	n = snprintf(adir, sizeof(adir), "%s/" LTTD_ARCHIVES_DIR, d->dir);
	if (n < 0 || (size_t)n >= sizeof(adir) ||
	    (n = snprintf(path, len, "%s/%s", adir, name)) < 0 ||
	    (size_t)n >= len ||
	    (n = snprintf(kdir, sizeof(kdir), "%s/" LTTD_TRACE_SUBDIR,
			  path)) < 0 || (size_t)n >= sizeof(kdir)) {
		ret = -ENAMETOOLONG;
		goto err;
	}
	if (mkdir(adir, 0755) && errno != EEXIST) {
		ret = -errno;
		goto err;
	}
	if (c->name[0]) {
		if (rename(c->dir, path)) {
			ret = -errno;
			goto err;
		}
		return 0;
	}
	if (mkdir(path, 0755)) {
		ret = -errno;
		goto err;
	}
	if (rename(c->kdir, kdir)) {
		ret = -errno;
		rmdir(path);
		goto err;
	}
	return 0;
err:
	lttd_log(true, "cannot archive chunk %llu (%s): %s",
		 (unsigned long long)c->id, c->dir, strerror(-ret));
	path[0] = '\0';
	return ret;
}

static uint64_t tree_bytes;

static int sum_one(const char *path __always_unused, const struct stat *st,
		   int flag __always_unused, struct FTW *ftw __always_unused)
{
	tree_bytes += (uint64_t)st->st_blocks * 512;	/* disk use */
	return 0;
}

static int remove_one(const char *path, const struct stat *st __always_unused,
		      int flag __always_unused, struct FTW *ftw __always_unused)
{
	if (remove(path))
		lttd_log(true, "%s: %s", path, strerror(errno));
	return 0;
}

/*
 * Archived chunks in DIR/archives (what lttd names so, nothing else), with
 * their times and whether they are the running session's (uuid).
 */
static int archives_list(const char *adir, const uint8_t uuid[16],
			 struct lttd_archive **out, size_t *nr)
{
	uint8_t au[16];
	struct lttd_archive *a = NULL, *p;
	size_t n = 0, cap = 0;
	char path[PATH_MAX];
	struct dirent *de;
	uint64_t id;
	DIR *dir;
	int ret = 0;

	*out = NULL;
	*nr = 0;
	dir = opendir(adir);
	if (!dir)
		return errno == ENOENT ? 0 : -errno;
	while ((errno = 0, de = readdir(dir))) {
		time_t begin, end;

		if (!lttd_archive_name_times(de->d_name, &begin, &end, &id))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 16;
			p = realloc(a, cap * sizeof(*a));
			if (!p) {
				ret = -ENOMEM;
				break;
			}
			a = p;
		}
		a[n].id = id;
		a[n].begin = begin;
		a[n].end = end;
		/* the name parsed: it fits */
		if (snprintf(a[n].name, sizeof(a[n].name), "%s",
			     de->d_name) >= (int)sizeof(a[n].name) ||
		    snprintf(path, sizeof(path), "%s/%s/" LTTD_TRACE_SUBDIR,
			     adir, de->d_name) >= (int)sizeof(path))
			continue;
		a[n].running = !lttd_trace_uuid(path, au) &&
			       !memcmp(au, uuid, sizeof(au));
		path[strlen(path) - strlen("/" LTTD_TRACE_SUBDIR)] = '\0';
		tree_bytes = 0;
		nftw(path, sum_one, NFTW_FDS, FTW_PHYS);
		a[n++].bytes = tree_bytes;
	}
	if (!de && errno && !ret)
		ret = -errno;
	closedir(dir);
	if (ret < 0) {
		free(a);
		return ret;
	}
	*out = a;
	*nr = n;
	return 0;
}

/*
 * Delete the oldest archives beyond keep_chunks of them or keep_size
 * bytes (0: no limit): lttd's archives only (by their names), an earlier
 * trace's (an earlier boot's) before the running session's, by time
 * (chunk-policy.h).
 */
void lttd_archives_prune(struct lttd *d, uint32_t keep_chunks,
			 uint64_t keep_size)
{
	char adir[PATH_MAX], path[PATH_MAX], sz[32];
	struct lttd_archive *a;
	size_t n, del, i;
	int ret;

	if (!keep_chunks && !keep_size)
		return;
	if (snprintf(adir, sizeof(adir), "%s/" LTTD_ARCHIVES_DIR,
		     d->dir) >= (int)sizeof(adir))
		return;		/* no archive could be made there */
	ret = archives_list(adir, d->uuid, &a, &n);
	if (ret < 0) {
		lttd_log(true, "%s: %s", adir, strerror(-ret));
		return;
	}
	lttd_archives_sort(a, n);
	del = lttd_archives_to_delete(a, n, keep_chunks, keep_size);
	for (i = 0; i < del; i++) {
		if (snprintf(path, sizeof(path), "%s/%s", adir,
			     a[i].name) >= (int)sizeof(path))
			continue;	/* listed: it fits */
		if (nftw(path, remove_one, NFTW_FDS, FTW_DEPTH | FTW_PHYS))
			lttd_log(true, "%s: %s", path, strerror(errno));
		else if (!d->quiet)
			lttd_log(false, "deleted the archived chunk %s (%s)",
				 path,
				 ltt_fmt_bytes(a[i].bytes, sz, sizeof(sz)));
	}
	free(a);
}
