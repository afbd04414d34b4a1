// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd streams: open every per-CPU stream of the session, resume files
 * left by an earlier run, drain sub-buffers to disk (mmap + write), and
 * finish them. The loops that wait for them are in loop.c.
 *
 * One packet's life: GET_NEXT_SUBBUF, write packet_size bytes from the
 * mapping, PUT_NEXT_SUBBUF. A sub-buffer is put back only once it is on
 * disk; if this process dies in between, the kernel keeps it held and the
 * next run gets it again. That run first scans the file, cuts a partial
 * packet off its end and skips the packets whose sequence number is
 * already there: nothing is lost and nothing written twice.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <urcu/uatomic.h>
#include "lttd.h"
#include "resume.h"

/* Sub-buffers drained from one stream before looking at the others. */
#define DRAIN_BATCH	64

static void stream_free(struct lttd_stream *s)
{
	if (s->map)
		munmap((void *)s->map, s->map_len);
	if (s->fd >= 0)
		close(s->fd);
	if (s->out >= 0)
		close(s->out);
	free(s);
}

static void stream_free_rcu(struct rcu_head *head)
{
	stream_free(caa_container_of(head, struct lttd_stream, rcu));
}

/* An earlier run left this file: keep its whole packets, go on after them. */
static int stream_resume(struct lttd *d, struct lttd_stream *s)
{
	struct lttd_scan scan;
	int fd, ret;

	fd = open(s->path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? 0 : -errno;
	ret = lttd_scan_file(fd, d->uuid, &scan);
	if (ret == -EEXIST) {
		lttd_log(true, "%s: not a packet of this session's trace at offset %llu; move the file away",
			 s->path, (unsigned long long)scan.keep);
		goto err;
	}
	if (ret < 0)
		goto err_errno;
	if (scan.keep < scan.size) {
		lttd_log(false, "%s: dropping %llu bytes of an unfinished packet",
			 s->path, (unsigned long long)(scan.size - scan.keep));
		if (ftruncate(fd, scan.keep)) {
			ret = -errno;
			goto err_errno;
		}
	}
	if (lseek(fd, scan.keep, SEEK_SET) < 0) {
		ret = -errno;
		goto err_errno;
	}
	s->out = fd;
	s->size = scan.keep;
	s->have_last_seq = scan.have_seq;
	s->last_seq = scan.last_seq;
	return 0;
err_errno:
	lttd_log(true, "%s: %s", s->path, strerror(-ret));
err:
	close(fd);
	return ret;
}

static int stream_open(struct lttd *d, int cfd, const char *chan,
		       unsigned int cpu)
{
	struct ltt_stream_info info;
	struct lttd_stream *s;
	void *map;
	int ret;

	s = calloc(1, sizeof(*s));
	if (!s)
		return -ENOMEM;
	s->out = -1;
	s->cpu = cpu;
	snprintf(s->name, sizeof(s->name), "%s_%u", chan, cpu);
	snprintf(s->path, sizeof(s->path), "%s/%s", d->kdir, s->name);
	s->fd = lttc_stream_open(cfd, cpu);
	if (s->fd < 0) {
		ret = s->fd;
		if (ret == -ENODEV)	/* no buffer for this CPU */
			ret = 0;
		else if (ret == -EBUSY)
			lttd_log(true, "stream %s of session %s is being read by another consumer",
				 s->name, d->session);
		else
			lttd_log(true, "cannot open stream %s: %s", s->name,
				 strerror(-ret));
		free(s);
		return ret;
	}
	ret = lttc_stream_info(s->fd, &info);
	if (ret < 0) {
		lttd_log(true, "stream %s: STREAM_INFO: %s", s->name,
			 strerror(-ret));
		goto err;
	}
	map = mmap(NULL, info.mmap_len, PROT_READ, MAP_SHARED, s->fd, 0);
	if (map == MAP_FAILED) {
		ret = -errno;
		lttd_log(true, "cannot map stream %s: %s", s->name,
			 strerror(errno));
		goto err;
	}
	s->map = map;
	s->map_len = info.mmap_len;
	ret = stream_resume(d, s);
	if (ret < 0)
		goto err;
	cds_list_add_tail_rcu(&s->node, &d->streams);
	return 0;
err:
	stream_free(s);
	return ret;
}

/* Every stream of every channel; d->nr_cpus is set to the widest. */
int lttd_open_streams(struct lttd *d)
{
	struct ltt_session_info si;
	struct ltt_channel_info ci;
	char name[LTT_NAME_LEN];
	unsigned int i, cpu;
	int cfd, ret;

	ret = lttc_session_info(d->sfd, &si);
	if (ret < 0) {
		lttd_log(true, "session %s: %s", d->session, strerror(-ret));
		return ret;
	}
	memcpy(d->uuid, si.uuid, sizeof(d->uuid));
	for (i = 0; i < si.nr_channels; i++) {
		cfd = lttc_channel_open_index(d->sfd, i, name);
		if (cfd < 0) {
			lttd_log(true, "session %s: channel %u: %s", d->session,
				 i, strerror(-cfd));
			return cfd;
		}
		ret = lttc_channel_info(cfd, &ci);
		if (ret < 0)
			lttd_log(true, "channel %s: %s", name, strerror(-ret));
		for (cpu = 0; ret >= 0 && cpu < ci.nr_streams; cpu++)
			ret = stream_open(d, cfd, name, cpu);
		if (ci.nr_streams > d->nr_cpus)
			d->nr_cpus = ci.nr_streams;
		close(cfd);
		if (ret < 0)
			return ret;
	}
	return 0;
}

static int write_all(int fd, const uint8_t *p, size_t len)
{
	ssize_t n;

	while (len) {
		n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			return -EIO;
		p += n;
		len -= n;
	}
	return 0;
}

static int stream_write(struct lttd *d, struct lttd_stream *s,
			const struct ltt_subbuf *sb)
{
	int ret;

	if (sb->offset > s->map_len || sb->packet_size > s->map_len - sb->offset)
		return -EINVAL;
	if (s->out < 0) {
		/* the stream's description on disk first */
		ret = lttd_metadata_pump(d, d->md);
		if (ret)
			return ret;
		s->out = open(s->path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
			      0644);
		if (s->out < 0)
			return -errno;
	}
	ret = write_all(s->out, s->map + sb->offset, sb->packet_size);
	if (ret) {
		/* leave whole packets only: the file stays readable */
		if (ftruncate(s->out, s->size) || lseek(s->out, s->size, SEEK_SET) < 0)
			lttd_log(true, "%s: cannot cut the partial packet: %s",
				 s->path, strerror(errno));
		return ret;
	}
	s->size += sb->packet_size;
	s->packets++;
	s->bytes += sb->packet_size;
	return 0;
}

static void stream_fail(struct lttd *d, struct lttd_stream *s, int err)
{
	if (err == -ENOSPC || err == -EDQUOT)
		lttd_log(true, "%s: disk full: stopped writing %s after %llu bytes; the trace written so far is readable, the rest stays in the kernel buffers",
			 s->path, s->name, (unsigned long long)s->size);
	else
		lttd_log(true, "%s: %s: stopped writing %s", s->path,
			 strerror(-err), s->name);
	/* a file we created without a whole packet in it is no stream */
	if (s->out >= 0 && s->size == 0 && !unlink(s->path)) {
		close(s->out);
		s->out = -1;
	}
	lttc_consumer_error(d->sfd, -err);
	s->failed = true;
	uatomic_set(&d->failed, 1);
}

enum drain_result {
	DRAIN_EMPTY,		/* nothing complete now */
	DRAIN_FINISHED,		/* finalized and drained, or failed */
	DRAIN_MORE,		/* batch done, more may wait */
};

/* Write out up to batch complete sub-buffers. */
static enum drain_result stream_drain(struct lttd *d, struct lttd_stream *s,
				      unsigned int batch)
{
	struct ltt_subbuf sb;
	int ret;

	while (batch--) {
		ret = lttc_get_next_subbuf(s->fd, &sb);
		if (ret == -EAGAIN)
			return DRAIN_EMPTY;
		if (ret == -ENODATA)
			return DRAIN_FINISHED;
		if (ret < 0) {
			stream_fail(d, s, ret);
			return DRAIN_FINISHED;
		}
		if (!(s->have_last_seq && sb.seq <= s->last_seq)) {
			ret = stream_write(d, s, &sb);
			if (ret) {
				/* not put back: a later run writes it */
				stream_fail(d, s, ret);
				return DRAIN_FINISHED;
			}
		}
		ret = lttc_put_next_subbuf(s->fd);
		if (ret < 0) {
			stream_fail(d, s, ret);
			return DRAIN_FINISHED;
		}
	}
	return DRAIN_MORE;
}

/* Finished (drained, or failed): out of its loop and the table; freed later. */
static void stream_finish(struct lttd *d, struct lttd_stream *s)
{
	if (s->out >= 0 && fsync(s->out) && errno != EINVAL)
		lttd_log(true, "%s: %s", s->path, strerror(errno));
	uatomic_add(&d->packets, s->packets);
	uatomic_add(&d->bytes, s->bytes);
	if (s->loop)
		lttd_loop_remove(s->loop, s);
	pthread_mutex_lock(&d->streams_lock);
	cds_list_del_rcu(&s->node);
	pthread_mutex_unlock(&d->streams_lock);
	call_rcu(&s->rcu, stream_free_rcu);
}

/* A batch of what its fd polled readable for; the stream may finish. */
void lttd_stream_event(struct lttd *d, struct lttd_stream *s, uint32_t events)
{
	if ((events & EPOLLERR) ||
	    stream_drain(d, s, DRAIN_BATCH) == DRAIN_FINISHED)
		stream_finish(d, s);
}

/* Everything complete now, then finish: the end of a stream. */
void lttd_stream_drain_finish(struct lttd *d, struct lttd_stream *s)
{
	while (stream_drain(d, s, DRAIN_BATCH) == DRAIN_MORE)
		;
	stream_finish(d, s);
}

/* After the loops: whatever is left (setup failed half way). */
void lttd_free_streams(struct lttd *d)
{
	struct lttd_stream *s, *tmp;

	cds_list_for_each_entry_safe(s, tmp, &d->streams, node) {
		cds_list_del_rcu(&s->node);
		call_rcu(&s->rcu, stream_free_rcu);
	}
	rcu_barrier();
}
