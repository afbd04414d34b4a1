// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd at the start of a session: what earlier traces left in the output
 * directory. A machine that went down (a crash, a power loss, a reset)
 * leaves its session's current chunk where it was written, DIR/kernel or
 * DIR/<BEGIN>-<N>, never archived. The next lttd for that directory (the
 * service's session of the next boot) archives each such chunk as it
 * stands, its trace cut to whole packets (so that it reads alone: its
 * metadata is in it), where the keep limits count it; and its own first
 * chunk takes the id after the highest one present, so that ids never
 * repeat in a directory (chunk-policy.h). A chunk whose metadata is the
 * running session's own (the same uuid: an lttd restarted before the
 * session's first rotation) is where that lttd goes on instead.
 * Main thread only (nftw() callbacks sum into file-static variables).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "lttd.h"
#include "resume.h"

#define NFTW_FDS	16
#define MD_HEAD		8192	/* the trace block is within it */

/* The uuid of the trace in kdir (its metadata file's): 0 or -errno. */
int lttd_trace_uuid(const char *kdir, uint8_t uuid[16])
{
	char path[PATH_MAX], *buf;
	ssize_t n;
	int fd, ret;

	if (snprintf(path, sizeof(path), "%s/metadata", kdir) >=
	    (int)sizeof(path))
		return -ENAMETOOLONG;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	buf = malloc(MD_HEAD);
	if (!buf) {
		close(fd);
		return -ENOMEM;
	}
	n = pread(fd, buf, MD_HEAD, 0);
	ret = n < 0 ? -errno : lttd_metadata_uuid(buf, n, uuid);
	free(buf);
	close(fd);
	return ret;
}

static time_t newest;

static int newest_one(const char *path __always_unused, const struct stat *st,
		      int flag, struct FTW *ftw __always_unused)
{
	if (flag == FTW_F && st->st_mtime > newest)
		newest = st->st_mtime;
	return 0;
}

/* When the chunk was last written to: its newest file's time, or 0. */
static time_t last_write(const char *kdir)
{
	newest = 0;
	nftw(kdir, newest_one, NFTW_FDS, FTW_PHYS);
	return newest;
}

/*
 * Every stream file of kdir cut to its whole packets: the one being
 * written when the machine went down may end in part of one, which no
 * reader takes. Files of another trace (a packet of another uuid) are
 * left alone.
 */
static void trim_streams(const char *kdir, const uint8_t uuid[16])
{
	char path[PATH_MAX];
	struct lttd_scan scan;
	struct dirent *de;
	DIR *dir = opendir(kdir);
	int fd;

	if (!dir)
		return;
	while ((de = readdir(dir))) {
		if (de->d_name[0] == '.' || !strcmp(de->d_name, "metadata") ||
		    snprintf(path, sizeof(path), "%s/%s", kdir, de->d_name) >=
		    (int)sizeof(path))
			continue;
		fd = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW);
		if (fd < 0)
			continue;	/* a directory, or not ours to change */
		if (!lttd_scan_file(fd, uuid, &scan) && scan.keep < scan.size) {
			if (ftruncate(fd, scan.keep))
				lttd_log(true, "%s: %s", path, strerror(errno));
			else
				lttd_log(false, "%s: dropped %llu bytes of an unfinished packet",
					 path, (unsigned long long)(scan.size - scan.keep));
		}
		close(fd);
	}
	closedir(dir);
}

/* A chunk found in DIR: chunk 0 (DIR/kernel) or DIR/<BEGIN>-<N>. */
struct found {
	struct lttd_chunk c;
	bool own;
};

/* The BEGIN of chunk 0 found in kdir: when its directory was made. */
static time_t chunk0_made(const char *kdir, time_t end)
{
	struct statx stx;

	if (!statx(AT_FDCWD, kdir, 0, STATX_BTIME, &stx) &&
	    (stx.stx_mask & STATX_BTIME) && stx.stx_btime.tv_sec <= end)
		return stx.stx_btime.tv_sec;
	return end;
}

/* An earlier trace's chunk, archived as it stands. */
static void archive_leftover(struct lttd *d, struct found *f)
{
	char archive[PATH_MAX];
	uint8_t uuid[16];
	time_t begin = 0, end = last_write(f->c.kdir);

	/* made, nothing written (an lttd that failed at once): not a trace */
	if (!end && !rmdir(f->c.kdir)) {
		if (f->c.name[0])
			rmdir(f->c.dir);
		return;
	}
	if (!end)
		end = time(NULL);
	if (f->c.name[0] && !lttd_chunk_time_parse(f->c.begin, &begin) &&
	    end < begin)
		end = begin;	/* a clock stepped back: END is not before BEGIN */
	if (!f->c.name[0])
		lttd_chunk_time(f->c.begin, chunk0_made(f->c.kdir, end));
	if (!lttd_trace_uuid(f->c.kdir, uuid))
		trim_streams(f->c.kdir, uuid);
	else
		lttd_log(true, "%s: no metadata: archived, but unreadable",
			 f->c.kdir);
	if (!lttd_archive_chunk(d, &f->c, end, archive, sizeof(archive)))
		lttd_log(false, "an earlier trace's chunk %llu (%s), never archived, is in %s",
			 (unsigned long long)f->c.id, f->c.dir, archive);
}

static int found_add(struct lttd *d, struct found **v, size_t *n,
		     const char *name, uint64_t id, const char *begin)
{
	struct found *p = realloc(*v, (*n + 1) * sizeof(**v));
	struct lttd_chunk *c;
	int len;

	if (!p)
		return -ENOMEM;
	*v = p;
	c = &p[*n].c;
	memset(&p[*n], 0, sizeof(p[*n]));
	c->id = id;
	snprintf(c->name, sizeof(c->name), "%s", name);
	if (begin)
		memcpy(c->begin, begin, LTTD_CHUNK_TIME_LEN);
	len = name[0] ? snprintf(c->dir, sizeof(c->dir), "%s/%s", d->dir, name) :
			snprintf(c->dir, sizeof(c->dir), "%s", d->dir);
	if (len < 0 || (size_t)len >= sizeof(c->dir) ||
	    snprintf(c->kdir, sizeof(c->kdir), "%s/" LTTD_TRACE_SUBDIR,
		     c->dir) >= (int)sizeof(c->kdir))
		return 0;	/* not one lttd could have made */
	(*n)++;
	return 0;
}

static bool is_dir(const char *path)
{
	struct stat st;

	return !lstat(path, &st) && S_ISDIR(st.st_mode);
}

/* The chunks in DIR and the highest chunk id in DIR and DIR/archives. */
static int scan(struct lttd *d, struct found **v, size_t *n, bool *have,
		uint64_t *max)
{
	char begin[LTTD_CHUNK_TIME_LEN], path[PATH_MAX];
	struct dirent *de;
	uint64_t id;
	DIR *dir;
	int ret = 0;

	dir = opendir(d->dir);
	if (!dir)
		return -errno;
	while (!ret && (de = readdir(dir))) {
		if (!strcmp(de->d_name, LTTD_TRACE_SUBDIR)) {
			if (snprintf(path, sizeof(path), "%s/%s", d->dir,
				     de->d_name) < (int)sizeof(path) &&
			    is_dir(path))
				ret = found_add(d, v, n, "", 0, NULL);
			continue;
		}
		if (!lttd_chunk_name_parse(de->d_name, begin, &id) ||
		    snprintf(path, sizeof(path), "%s/%s/" LTTD_TRACE_SUBDIR,
			     d->dir, de->d_name) >= (int)sizeof(path) ||
		    !is_dir(path))
			continue;
		ret = found_add(d, v, n, de->d_name, id, begin);
	}
	closedir(dir);
	if (ret)
		return ret;
	for (size_t i = 0; i < *n; i++)
		if (!*have || (*v)[i].c.id > *max) {
			*have = true;
			*max = (*v)[i].c.id;
		}
	if (snprintf(path, sizeof(path), "%s/" LTTD_ARCHIVES_DIR, d->dir) >=
	    (int)sizeof(path))
		return 0;
	dir = opendir(path);
	if (!dir)
		return errno == ENOENT ? 0 : -errno;
	while ((de = readdir(dir)))
		if (lttd_archive_name_parse(de->d_name, &id) &&
		    (!*have || id > *max)) {
			*have = true;
			*max = id;
		}
	closedir(dir);
	return 0;
}

/*
 * lttd_chunks_found - the session's first chunk, after what DIR holds
 * @d: lttd, its session open (d->uuid known), DIR made and absolute
 * @c: the chunk to write in: filled (id, name, begin)
 * @resumed: set when c is the session's own chunk, found in DIR
 *
 * Return: 0, or -errno (logged).
 */
int lttd_chunks_found(struct lttd *d, struct lttd_chunk *c, bool *resumed)
{
	struct ltt_session_config cfg;
	struct found *v = NULL;
	size_t left = 0;
	uint8_t uuid[16];
	bool have = false;
	uint64_t max = 0, id;
	size_t n = 0, i;
	int ret;

	*resumed = false;
	ret = scan(d, &v, &n, &have, &max);
	if (ret < 0) {
		lttd_log(true, "%s: %s", d->dir, strerror(-ret));
		free(v);
		return ret;
	}
	for (i = 0; i < n; i++)
		if (!*resumed && !lttd_trace_uuid(v[i].c.kdir, uuid) &&
		    !memcmp(uuid, d->uuid, sizeof(uuid))) {
			v[i].own = true;
			*resumed = true;
			*c = v[i].c;
		}
	for (i = 0; i < n; i++)
		if (!v[i].own) {
			archive_leftover(d, &v[i]);
			left++;
		}
	free(v);
	/* what was archived counts at once, as a rotation's archive does */
	if (left && !lttc_session_get_config(d->sfd, &cfg))
		lttd_archives_prune(d, cfg.keep_chunks, cfg.keep_size);
	if (*resumed)
		return 0;
	memset(c, 0, sizeof(*c));
	ret = lttd_chunk_first_id(have, max, &id);
	if (ret < 0) {
		lttd_log(true, "%s: chunk ids are used up", d->dir);
		return ret;
	}
	c->id = id;
	if (id) {
		ret = lttd_chunk_time(c->begin, time(NULL));
		if (!ret)
			ret = lttd_chunk_name(c->name, sizeof(c->name),
					      c->begin, id);
		if (ret < 0) {
			lttd_log(true, "%s: %s", d->dir, strerror(-ret));
			return ret;
		}
	}
	return 0;
}
