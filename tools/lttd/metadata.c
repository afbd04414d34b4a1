// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd metadata: copy the session's TSDL text to <dir>/kernel/metadata as the
 * kernel appends to it. A file left by an earlier run of the same session
 * is a prefix of the kernel's text: it is checked, then appended to.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lttd.h"

#define CHUNK	65536

static ssize_t read_full(int fd, char *buf, size_t len)
{
	size_t done = 0;
	ssize_t n;

	while (done < len) {
		n = read(fd, buf + done, len - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			break;
		done += n;
	}
	return done;
}

/* The file's text must be what the kernel has at its start. */
static int metadata_resume(struct lttd *d, struct lttd_metadata *m,
			   const char *path)
{
	char *a = malloc(CHUNK), *b = malloc(CHUNK);
	ssize_t na, nb;
	int ret = 0;

	if (!a || !b) {
		ret = -ENOMEM;
		goto out;
	}
	for (;;) {
		na = read_full(m->out, a, CHUNK);
		if (na < 0)
			lttd_log(true, "%s: %s", path, strerror(-na));
		if (na <= 0) {
			ret = na;
			break;
		}
		nb = read_full(m->fd, b, na);
		if (nb < 0) {
			lttd_log(true, "session %s: reading its metadata: %s",
				 d->session, strerror(-nb));
			ret = nb;
			break;
		}
		if (nb != na || memcmp(a, b, na)) {
			lttd_log(true, "%s belongs to another trace than session %s; choose another directory",
				 path, d->session);
			ret = -EEXIST;
			break;
		}
		m->size += na;
	}
out:
	free(a);
	free(b);
	return ret;
}

int lttd_metadata_open(struct lttd *d, struct lttd_metadata *m)
{
	char path[PATH_MAX];
	int flags = O_RDWR | O_CREAT | O_CLOEXEC;
	int ret;

	m->out = -1;
	m->hup = false;
	m->size = 0;
	m->fd = lttc_metadata_open(d->sfd);
	if (m->fd < 0) {
		lttd_log(true, "session %s: cannot open its metadata: %s",
			 d->session, strerror(-m->fd));
		return m->fd;
	}
	snprintf(path, sizeof(path), "%s/metadata", d->kdir);
	if (d->snapshot)
		flags |= O_EXCL;
	m->out = open(path, flags, 0644);
	if (m->out < 0) {
		ret = -errno;
		lttd_log(true, "%s: %s", path, strerror(errno));
		goto err;
	}
	ret = metadata_resume(d, m, path);
	if (ret < 0)
		goto err;
	return 0;
err:
	lttd_metadata_close(m);
	return ret;
}

static int metadata_pump(struct lttd *d, struct lttd_metadata *m)
{
	char buf[CHUNK];
	ssize_t n, w;
	size_t off;

	for (;;) {
		n = read(m->fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int err = errno;

			lttd_log(true, "session %s: reading its metadata: %s",
				 d->session, strerror(err));
			return -err;
		}
		if (n == 0)
			return 0;
		for (off = 0; off < (size_t)n; off += w) {
			w = write(m->out, buf + off, n - off);
			if (w < 0 && errno == EINTR) {
				w = 0;
				continue;
			}
			if (w <= 0) {
				int err = w < 0 ? errno : EIO;

				lttd_log(true, "%s/metadata: %s", d->kdir,
					 strerror(err));
				lttc_consumer_error(d->sfd, err);
				return -err;
			}
		}
		m->size += n;
	}
}

/*
 * Copy what the kernel has appended to the metadata since the last call.
 * Called by main when the metadata fd polls readable, and by a loop before
 * the first packet of a stream: the kernel appends a channel's stream
 * block when the session starts, before its first packet, so that packet
 * never reaches the disk before its description (a disk filling up could
 * otherwise leave packets without metadata).
 */
int lttd_metadata_pump(struct lttd *d, struct lttd_metadata *m)
{
	int ret;

	pthread_mutex_lock(&d->md_lock);
	ret = metadata_pump(d, m);
	pthread_mutex_unlock(&d->md_lock);
	return ret;
}

void lttd_metadata_close(struct lttd_metadata *m)
{
	if (m->out >= 0) {
		fsync(m->out);
		close(m->out);
	}
	if (m->fd >= 0)
		close(m->fd);
	m->out = m->fd = -1;
}
