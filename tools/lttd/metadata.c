// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd metadata: the session's TSDL text, kept whole in memory (the kernel
 * caps it; it is small beside the packets) and handed to every output as
 * it grows (output.h, the metadata op); and the metadata files of the
 * local trace, which the files output (files-out.c) opens and writes
 * through the functions here: the current chunk's, <kdir>/metadata.
 * During a rotation the old chunk's file is written too, until that
 * chunk is complete; the new chunk's file starts with the whole text, so
 * each chunk reads alone.
 *
 * A packet on disk is readable only with its description, so the text
 * reaches a file before the packets that need it: lttd_metadata_pump() runs
 * before a stream's first packet in each file (the kernel appends a
 * stream's block before its first packet, an event's before it can be
 * recorded). When a write fails (disk full), the file is cut back to the
 * text it held whole and the write is tried again at the next pump (the
 * next packet, or main's timer). Meanwhile the metadata is "behind": the
 * streams drop their packets (DROP_NEXT_SUBBUF) rather than write packets
 * that no file describes.
 *
 * A file left by an earlier run of the same session is a prefix of the
 * kernel's text: it is checked, then appended to.
 *
 * Every function takes d->md_lock (but lttd_metadata_files_write(), the
 * files' metadata op, called with it held, and lttd_metadata_files_open(),
 * at the start, before any other thread): any thread may pump. m->behind
 * alone is read without it.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <urcu/uatomic.h>
#include "lttd.h"

#define READ_MIN	65536	/* room kept for one read() */

/* Everything the kernel has published now, appended to m->text. */
static int md_read(struct lttd *d, struct lttd_metadata *m)
{
	size_t cap;
	ssize_t n;
	char *p;

	for (;;) {
		if (m->cap - m->len < READ_MIN) {
			cap = m->cap ? m->cap * 2 : 4 * READ_MIN;
			p = realloc(m->text, cap);
			if (!p) {
				lttd_log(true, "session %s: no memory for its metadata",
					 d->session);
				return -ENOMEM;
			}
			m->text = p;
			m->cap = cap;
		}
		n = read(m->fd, m->text + m->len, m->cap - m->len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int err = errno;

			lttd_log(true, "session %s: reading its metadata: %s",
				 d->session, strerror(err));
			return -err;
		}
		if (n == 0)
			return 0;	/* at the end of what is published */
		m->len += n;
	}
}

/*
 * Bring one file up to the text. A failed write leaves the file as it was
 * (cut back to its whole size), to be tried again.
 */
static int md_file_write(struct lttd_metadata *m, struct lttd_md_file *f)
{
	uint64_t off = f->size;
	ssize_t n;
	int err;

	if (f->fd < 0) {
		/* a new chunk's file: its open failed before, or not tried */
		f->fd = open(f->path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
			     0644);
		if (f->fd < 0)
			return -errno;
		f->size = off = 0;
		f->dirty = false;
	}
	if (f->dirty) {
		if (ftruncate(f->fd, f->size))
			return -errno;
		f->dirty = false;
	}
	while (off < m->len) {
		n = pwrite(f->fd, m->text + off, m->len - off, off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			err = n < 0 ? errno : EIO;
			/* a part of a block would end the TSDL mid-block */
			if (ftruncate(f->fd, f->size))
				f->dirty = true;
			return -err;
		}
		off += n;
	}
	f->size = off;
	return 0;
}

/* Write every file; a write-error episode is logged once, at its start. */
static void md_sync(struct lttd *d, struct lttd_metadata *m)
{
	struct lttd_md_file *bad = NULL;
	unsigned int i;
	int ret, err = 0;

	if (!m->nr_files)	/* finished */
		return;
	for (i = 0; i < m->nr_files; i++) {
		ret = md_file_write(m, &m->file[i]);
		if (ret < 0 && !err) {
			err = -ret;
			bad = &m->file[i];
		}
	}
	if (err && !m->err) {
		lttd_log(true, "%s: %s: packets are dropped until the metadata is written",
			 bad->path, strerror(err));
		lttc_consumer_error(d->sfd, err);
		uatomic_set(&m->behind, 1);
	} else if (!err && m->err) {
		lttd_log(false, "%s: the metadata is written again",
			 m->file[0].path);
		uatomic_set(&m->behind, 0);
	}
	m->err = err;
}

/* The file's text must be what the kernel has at its start. */
static int md_resume(struct lttd *d, struct lttd_metadata *m)
{
	struct lttd_md_file *f = &m->file[0];
	struct stat st;
	char *buf;
	ssize_t n;
	int ret = 0;

	if (fstat(f->fd, &st)) {
		ret = -errno;
		lttd_log(true, "%s: %s", f->path, strerror(errno));
		return ret;
	}
	if (!st.st_size)
		return 0;
	if ((uint64_t)st.st_size > m->len) {
		lttd_log(true, "%s belongs to another trace than session %s; choose another directory",
			 f->path, d->session);
		return -EEXIST;
	}
	buf = malloc(st.st_size);
	if (!buf)
		return -ENOMEM;
	n = pread(f->fd, buf, st.st_size, 0);
	if (n != st.st_size) {
		ret = n < 0 ? -errno : -EIO;
		lttd_log(true, "%s: %s", f->path, strerror(-ret));
	} else if (memcmp(buf, m->text, n)) {
		lttd_log(true, "%s belongs to another trace than session %s; choose another directory",
			 f->path, d->session);
		ret = -EEXIST;
	} else {
		f->size = n;
	}
	free(buf);
	return ret;
}

static void md_file_init(struct lttd_md_file *f)
{
	f->fd = -1;
	f->size = 0;
	f->dirty = false;
}

static int md_file_path(struct lttd_md_file *f, const char *kdir)
{
	int n = snprintf(f->path, sizeof(f->path), "%s/metadata", kdir);

	return n < 0 || (size_t)n >= sizeof(f->path) ? -ENAMETOOLONG : 0;
}

void lttd_metadata_init(struct lttd_metadata *m)
{
	memset(m, 0, sizeof(*m));
	m->fd = -1;
	md_file_init(&m->file[0]);
	md_file_init(&m->file[1]);
}

/* The kernel's metadata stream, and the text it has now. */
int lttd_metadata_open(struct lttd *d, struct lttd_metadata *m)
{
	int ret;

	lttd_metadata_init(m);
	m->fd = lttc_metadata_open(d->sfd);
	if (m->fd < 0) {
		lttd_log(true, "session %s: cannot open its metadata: %s",
			 d->session, strerror(-m->fd));
		return m->fd;
	}
	ret = md_read(d, m);
	if (ret < 0)
		lttd_metadata_close(m);
	return ret;
}

/*
 * The files output, at the start: the current chunk's file, kdir/metadata,
 * written from now on; an earlier run's is checked and appended to (a
 * snapshot's is new). 0 or -errno (logged).
 */
int lttd_metadata_files_open(struct lttd *d, struct lttd_metadata *m,
			     const char *kdir)
{
	struct lttd_md_file *f = &m->file[0];
	int flags = O_RDWR | O_CREAT | O_CLOEXEC;
	int ret;

	ret = md_file_path(f, kdir);
	if (ret < 0) {
		lttd_log(true, "%s/metadata: %s", kdir, strerror(-ret));
		return ret;
	}
	if (d->snapshot)
		flags |= O_EXCL;
	f->fd = open(f->path, flags, 0644);
	if (f->fd < 0) {
		ret = -errno;
		lttd_log(true, "%s: %s", f->path, strerror(errno));
		return ret;
	}
	m->nr_files = 1;
	ret = md_resume(d, m);
	if (ret < 0) {
		close(f->fd);
		md_file_init(f);
		m->nr_files = 0;
	}
	return ret;
}

/* The files output's metadata op: every file up to the text. */
void lttd_metadata_files_write(struct lttd *d, struct lttd_metadata *m)
{
	md_sync(d, m);
}

/*
 * Read what the kernel has appended since the last call, hand the text to
 * the outputs (the files write what a file lacks). Called by main when the metadata fd polls readable and
 * every second while behind, and by a loop before a stream's first packet
 * in a file and while behind. 0, or -errno when the kernel's text cannot
 * be read (logged); a write error only makes the metadata behind.
 */
int lttd_metadata_pump(struct lttd *d, struct lttd_metadata *m)
{
	int ret;

	pthread_mutex_lock(&d->md_lock);
	ret = md_read(d, m);
	lttd_output_metadata(d, m->text, m->len);
	pthread_mutex_unlock(&d->md_lock);
	return ret;
}

/*
 * A rotation begins: the current file becomes the old chunk's, still
 * written until lttd_metadata_chunk_close(); the new chunk's file in kdir
 * gets the whole text (if it cannot, the metadata is behind).
 */
int lttd_metadata_chunk_open(struct lttd *d, struct lttd_metadata *m,
			     const char *kdir)
{
	struct lttd_md_file f;
	int ret;

	md_file_init(&f);
	ret = md_file_path(&f, kdir);
	if (ret < 0)
		return ret;
	pthread_mutex_lock(&d->md_lock);
	m->file[1] = m->file[0];
	m->file[0] = f;
	m->nr_files = 2;
	md_read(d, m);
	md_sync(d, m);
	pthread_mutex_unlock(&d->md_lock);
	return 0;
}

/*
 * A trigger's snapshot (snapshot.c): the whole text read so far into
 * kdir/metadata, a new file of its own, fsync()ed. The snapshot's
 * packets were recorded before the channels froze, so the text the
 * kernel has published by now describes every one of them. 0 or -errno
 * (logged).
 */
int lttd_metadata_copy(struct lttd *d, struct lttd_metadata *m,
		       const char *kdir)
{
	struct lttd_md_file f;
	int ret;

	md_file_init(&f);
	ret = md_file_path(&f, kdir);
	if (ret < 0) {
		lttd_log(true, "%s/metadata: %s", kdir, strerror(-ret));
		return ret;
	}
	f.fd = open(f.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (f.fd < 0) {
		ret = -errno;
		lttd_log(true, "%s: %s", f.path, strerror(errno));
		return ret;
	}
	pthread_mutex_lock(&d->md_lock);
	ret = md_read(d, m);
	if (!ret)
		ret = md_file_write(m, &f);
	pthread_mutex_unlock(&d->md_lock);
	if (!ret && f.size < m->len)
		ret = -EIO;
	if (!ret && fsync(f.fd) && errno != EINVAL)
		ret = -errno;
	if (ret < 0)
		lttd_log(true, "%s: %s", f.path, strerror(-ret));
	close(f.fd);
	return ret;
}

/* Everything read now to the file, fsync()ed, closed: 0 if it is whole. */
static int md_file_close(struct lttd_metadata *m, struct lttd_md_file *f)
{
	int ret = 0;

	if (f->fd < 0)
		return m->err ? -m->err : -EIO;
	if (f->size < m->len)
		ret = m->err ? -m->err : -EIO;
	if (fsync(f->fd) && errno != EINVAL && !ret)
		ret = -errno;
	close(f->fd);
	md_file_init(f);
	return ret;
}

/*
 * Every stream is done with the old chunk: its file gets what the kernel
 * has now and is closed. 0, or -errno: the old chunk's metadata is not
 * whole (logged).
 */
int lttd_metadata_chunk_close(struct lttd *d, struct lttd_metadata *m)
{
	char path[PATH_MAX];
	int ret;

	pthread_mutex_lock(&d->md_lock);
	md_read(d, m);
	md_sync(d, m);
	memcpy(path, m->file[1].path, sizeof(path));
	ret = md_file_close(m, &m->file[1]);
	m->nr_files = 1;
	if (m->err)	/* the old file's error may be the only one */
		md_sync(d, m);
	pthread_mutex_unlock(&d->md_lock);
	if (ret < 0)
		lttd_log(true, "%s: %s: the chunk's metadata is incomplete",
			 path, strerror(-ret));
	return ret;
}

/*
 * The end: what the kernel has to the outputs, and the current file
 * closed. 0, or -errno: the file lacks text (logged).
 */
int lttd_metadata_finish(struct lttd *d, struct lttd_metadata *m)
{
	char path[PATH_MAX];
	unsigned int i;
	int ret = 0, r;

	pthread_mutex_lock(&d->md_lock);
	if (m->fd >= 0)
		md_read(d, m);
	lttd_output_metadata(d, m->text, m->len);
	for (i = 0; i < m->nr_files; i++) {
		memcpy(path, m->file[i].path, sizeof(path));
		r = md_file_close(m, &m->file[i]);
		if (r < 0)
			lttd_log(true, "%s: %s: the metadata is incomplete",
				 path, strerror(-r));
		if (r < 0 && !ret)
			ret = r;
	}
	m->nr_files = 0;
	pthread_mutex_unlock(&d->md_lock);
	return ret;
}

/* Close what is open; no thread may pump any more. */
void lttd_metadata_close(struct lttd_metadata *m)
{
	unsigned int i;

	for (i = 0; i < 2; i++)
		if (m->file[i].fd >= 0)
			close(m->file[i].fd);
	if (m->fd >= 0)
		close(m->fd);
	free(m->text);
	m->text = NULL;
	m->len = m->cap = 0;
	m->fd = -1;
	m->nr_files = 0;
	md_file_init(&m->file[0]);
	md_file_init(&m->file[1]);
}
