// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd stream files: a stream's trace files in its chunk, cut by its
 * channel's tracefile_size/tracefile_count (tracefile.h says where), and
 * what an earlier run left there: the files output's I/O (files-out.c).
 * Called by the stream's loop only, and at setup before any loop runs.
 *
 * A file holds whole packets only, so that it stays readable whatever
 * happens: a write that fails is cut back off (and, if even that fails,
 * before the next write); a packet goes at the file's whole size, never
 * at a file offset a failed write moved.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "lttd.h"
#include "resume.h"

/*
 * One file an earlier run left: cut a partial packet off its end; delete
 * it if no whole packet is left (nothing in it is readable). 0 (found
 * filled in), 1 (no such file, or deleted), -errno.
 */
static int resume_scan(struct lttd *d, const char *path,
		       struct lttd_tracefile_found *found)
{
	struct lttd_scan scan;
	int fd, ret;

	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? 1 : -errno;
	ret = lttd_scan_file(fd, d->uuid, &scan);
	if (ret == -EEXIST) {
		lttd_log(true, "%s: not a packet of this session's trace at offset %llu; move the file away",
			 path, (unsigned long long)scan.keep);
		goto out;
	}
	if (ret < 0)
		goto err;
	if (scan.keep < scan.size) {
		lttd_log(false, "%s: dropping %llu bytes of an unfinished packet",
			 path, (unsigned long long)(scan.size - scan.keep));
		if (ftruncate(fd, scan.keep)) {
			ret = -errno;
			goto err;
		}
	}
	if (!scan.have_seq) {
		ret = unlink(path) ? -errno : 1;
		if (ret < 0)
			goto err;
		goto out;
	}
	found->have_seq = true;
	found->last_seq = scan.last_seq;
	goto out;
err:
	lttd_log(true, "%s: %s", path, strerror(-ret));
out:
	close(fd);
	return ret;
}

/* Every "<name>_<i>" of the stream in its chunk (i < count, if any). */
static int resume_find(struct lttd_stream *s,
		       struct lttd_tracefile_found **out, unsigned int *nr)
{
	struct lttd_tracefile_found *f = NULL, *p;
	unsigned int n = 0, cap = 0;
	struct dirent *de;
	uint64_t index;
	DIR *dir;
	int ret = 0;

	*out = NULL;
	*nr = 0;
	dir = opendir(s->kdir);
	if (!dir)
		return errno == ENOENT ? 0 : -errno;
	while ((errno = 0, de = readdir(dir))) {
		if (!lttd_tracefile_index(de->d_name, s->name, &index) ||
		    (s->lim.count && index >= s->lim.count))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 16;
			p = realloc(f, cap * sizeof(*f));
			if (!p) {
				ret = -ENOMEM;
				break;
			}
			f = p;
		}
		memset(&f[n], 0, sizeof(f[n]));
		f[n++].index = index;
	}
	if (!de && errno && !ret)
		ret = -errno;
	closedir(dir);
	if (ret < 0) {
		free(f);
		return ret;
	}
	*out = f;
	*nr = n;
	return 0;
}

/*
 * An earlier run left files of this stream in its chunk: keep their whole
 * packets, go on in the newest (the highest packet_seq_num: with a count
 * the indexes cycle). Packets up to the newest's last are not written
 * again.
 */
int lttd_stream_files_resume(struct lttd *d, struct lttd_stream *s)
{
	struct lttd_tracefile_found *f = NULL, plain = { 0 };
	unsigned int n = 0, i;
	struct stat st;
	int ret, best;

	s->index = s->max_index = 0;
	if (s->lim.size) {
		ret = resume_find(s, &f, &n);
		if (ret < 0) {
			lttd_log(true, "%s: %s", s->kdir, strerror(-ret));
			return ret;
		}
	} else {
		f = &plain;
		n = 1;
	}
	for (i = 0; i < n; i++) {
		ret = lttd_tracefile_path(s->path, sizeof(s->path), s->kdir,
					  s->name, &s->lim, f[i].index);
		if (ret < 0) {
			lttd_log(true, "%s/%s: %s", s->kdir, s->name,
				 strerror(-ret));
			goto out;
		}
		ret = resume_scan(d, s->path, &f[i]);
		if (ret < 0)
			goto out;
		if (f[i].index > s->max_index)
			s->max_index = f[i].index;
	}
	best = lttd_tracefile_newest(f, n);
	ret = 0;
	if (best < 0)
		goto out;
	s->index = f[best].index;
	s->have_last_seq = true;
	s->last_seq = f[best].last_seq;
	lttd_tracefile_path(s->path, sizeof(s->path), s->kdir, s->name,
			    &s->lim, s->index);
	s->out = open(s->path, O_WRONLY | O_CLOEXEC);
	if (s->out < 0 || fstat(s->out, &st)) {
		ret = -errno;
		lttd_log(true, "%s: %s", s->path, strerror(errno));
		goto out;
	}
	s->size = st.st_size;		/* cut to its whole packets */
out:
	if (f != &plain)
		free(f);
	return ret;
}

bool lttd_stream_file_cut(const struct lttd_stream *s, uint64_t len)
{
	return s->out >= 0 && lttd_tracefile_cut(&s->lim, s->size, len);
}

static int file_open(struct lttd_stream *s)
{
	int ret;

	ret = lttd_tracefile_path(s->path, sizeof(s->path), s->kdir, s->name,
				  &s->lim, s->index);
	if (ret < 0)
		return ret;
	/* O_TRUNC: with a count, the index's file is the oldest: replaced */
	s->out = open(s->path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (s->out < 0)
		return -errno;
	s->size = 0;
	s->dirty = false;
	if (s->index > s->max_index)
		s->max_index = s->index;
	return 0;
}

/*
 * One packet at the end of the stream's file, a new file first if the
 * limits say so (the caller has put the metadata on disk). 0, or -errno:
 * nothing of the packet is left in any file.
 */
int lttd_stream_file_write(struct lttd_stream *s, const uint8_t *p,
			   uint64_t len)
{
	uint64_t off = 0;
	ssize_t n;
	int ret;

	if (lttd_stream_file_cut(s, len)) {
		lttd_stream_file_close(s, false);
		s->index = lttd_tracefile_next(&s->lim, s->index);
	}
	if (s->out < 0) {
		ret = file_open(s);
		if (ret < 0)
			return ret;
	}
	if (s->dirty) {
		if (ftruncate(s->out, s->size))
			return -errno;
		s->dirty = false;
	}
	while (off < len) {
		n = pwrite(s->out, p + off, len - off, s->size + off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			ret = n < 0 ? -errno : -EIO;
			goto err;
		}
		off += n;
	}
	s->size += len;
	return 0;
err:
	/* leave whole packets only: the file stays readable */
	if (ftruncate(s->out, s->size))
		s->dirty = true;
	/* a file we created without a whole packet in it is no stream */
	if (!s->size && !s->dirty && !unlink(s->path)) {
		close(s->out);
		s->out = -1;
	}
	return ret;
}

/* sync: the file is done for good (a chunk left, the end), else a cut */
void lttd_stream_file_close(struct lttd_stream *s, bool sync)
{
	if (s->out < 0)
		return;
	if (s->dirty && ftruncate(s->out, s->size))
		lttd_log(true, "%s: cannot cut a partial packet: %s", s->path,
			 strerror(errno));
	if (sync && fsync(s->out) && errno != EINVAL)
		lttd_log(true, "%s: %s", s->path, strerror(errno));
	close(s->out);
	s->out = -1;
	s->size = 0;
	s->dirty = false;
}

void lttd_stream_files_chdir(struct lttd_stream *s, const char *kdir)
{
	lttd_stream_file_close(s, true);
	snprintf(s->kdir, sizeof(s->kdir), "%s", kdir);
	s->index = s->max_index = 0;
}

void lttd_stream_files_delete(struct lttd_stream *s)
{
	char path[PATH_MAX];
	uint64_t i;

	lttd_stream_file_close(s, false);
	for (i = 0; i <= s->max_index; i++) {
		if (lttd_tracefile_path(path, sizeof(path), s->kdir, s->name,
					&s->lim, i) < 0)
			break;
		if (unlink(path) && errno != ENOENT)
			lttd_log(true, "%s: %s", path, strerror(errno));
		if (!s->lim.size)
			break;
	}
	s->index = s->max_index = 0;
}
