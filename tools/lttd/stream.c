// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd streams: open every per-CPU stream of the session, resume files
 * left by an earlier run, and drain sub-buffers to disk (mmap + write);
 * the loops that wait for them (an epoll set each, see lttd.h).
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
#include <sys/eventfd.h>
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
	struct lttd_loop *l = s->loop;

	if (s->out >= 0 && fsync(s->out) && errno != EINVAL)
		lttd_log(true, "%s: %s", s->path, strerror(errno));
	uatomic_add(&d->packets, s->packets);
	uatomic_add(&d->bytes, s->bytes);
	if (l) {
		lttd_loop_unwatch(l, s->fd);
		l->streams[s->slot] = NULL;
		l->live--;
	}
	pthread_mutex_lock(&d->streams_lock);
	cds_list_del_rcu(&s->node);
	pthread_mutex_unlock(&d->streams_lock);
	call_rcu(&s->rcu, stream_free_rcu);
}

/* Everything complete now, then finish: the end of a stream. */
static void stream_drain_finish(struct lttd *d, struct lttd_stream *s)
{
	while (stream_drain(d, s, DRAIN_BATCH) == DRAIN_MORE)
		;
	stream_finish(d, s);
}

/* ---- loops: an epoll set and the streams it drains ------------------- */

static int loop_init(struct lttd *d, struct lttd_loop *l)
{
	l->d = d;
	l->epfd = epoll_create1(EPOLL_CLOEXEC);
	if (l->epfd < 0)
		return -errno;
	l->wake_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (l->wake_fd < 0)
		return -errno;
	return lttd_loop_watch(l, l->wake_fd, LTTD_EV_WAKE);
}

static void loop_fini(struct lttd_loop *l)
{
	if (l->epfd >= 0)
		close(l->epfd);
	if (l->wake_fd >= 0)
		close(l->wake_fd);
	l->epfd = l->wake_fd = -1;
	free(l->streams);
	l->streams = NULL;
	l->nr_streams = l->live = 0;
}

int lttd_loop_watch(struct lttd_loop *l, int fd, uint64_t tag)
{
	struct epoll_event ev = { .events = EPOLLIN, .data.u64 = tag };

	return epoll_ctl(l->epfd, EPOLL_CTL_ADD, fd, &ev) ? -errno : 0;
}

void lttd_loop_unwatch(struct lttd_loop *l, int fd)
{
	if (epoll_ctl(l->epfd, EPOLL_CTL_DEL, fd, NULL))
		lttd_log(true, "epoll_ctl: %s", strerror(errno));
}

static int loop_add_stream(struct lttd_loop *l, struct lttd_stream *s)
{
	struct epoll_event ev = { .events = EPOLLIN, .data.ptr = s };
	struct lttd_stream **p;

	p = realloc(l->streams, (l->nr_streams + 1) * sizeof(*p));
	if (!p)
		return -ENOMEM;
	l->streams = p;
	if (epoll_ctl(l->epfd, EPOLL_CTL_ADD, s->fd, &ev))
		return -errno;
	s->loop = l;
	s->slot = l->nr_streams++;
	l->streams[s->slot] = s;
	l->live++;
	return 0;
}

/*
 * One event of the loop's epoll set, a stream's or its wake-up: the only
 * place where a running lttd drains a stream, in either mode.
 */
void lttd_loop_event(struct lttd_loop *l, const struct epoll_event *ev)
{
	struct lttd_stream *s;
	uint64_t n;

	if (ev->data.u64 == LTTD_EV_WAKE) {
		if (read(l->wake_fd, &n, sizeof(n)) < 0 && errno != EAGAIN)
			lttd_log(true, "eventfd: %s", strerror(errno));
		return;
	}
	s = ev->data.ptr;
	if ((ev->events & EPOLLERR) ||
	    stream_drain(l->d, s, DRAIN_BATCH) == DRAIN_FINISHED)
		stream_finish(l->d, s);
}

/* When stopping: everything complete now in the loop's streams, then end. */
void lttd_loop_drain_all(struct lttd_loop *l)
{
	unsigned int i;

	for (i = 0; i < l->nr_streams; i++)
		if (l->streams[i])
			stream_drain_finish(l->d, l->streams[i]);
}

#define LOOP_EVENTS	64

static void *worker_main(void *arg)
{
	struct lttd_loop *l = arg;
	struct lttd *d = l->d;
	struct epoll_event ev[LOOP_EVENTS];
	uint64_t one = 1;
	int i, n;

	rcu_register_thread();
	while (l->live) {
		if (uatomic_read(&d->stopping)) {
			lttd_loop_drain_all(l);
			break;
		}
		n = epoll_wait(l->epfd, ev, LOOP_EVENTS, -1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			lttd_log(true, "epoll_wait: %s", strerror(errno));
			break;
		}
		for (i = 0; i < n; i++)
			lttd_loop_event(l, &ev[i]);
	}
	rcu_unregister_thread();
	if (write(d->done_fd, &one, sizeof(one)) < 0)
		lttd_log(true, "eventfd: %s", strerror(errno));
	return NULL;
}

/*
 * Give each stream to its loop: per-cpu, the worker of its CPU; single,
 * main's. Then start the workers (per-cpu). Main's loop is set up in
 * both modes: it waits for the metadata and signals (and the workers).
 */
int lttd_start_loops(struct lttd *d)
{
	struct lttd_stream *s;
	struct lttd_loop *l;
	unsigned int i;
	int ret;

	d->main.epfd = d->main.wake_fd = -1;
	ret = loop_init(d, &d->main);
	if (ret < 0)
		return ret;
	if (d->threads == LTTD_THREADS_PER_CPU && d->nr_cpus) {
		d->workers = calloc(d->nr_cpus, sizeof(*d->workers));
		if (!d->workers)
			return -ENOMEM;
		for (i = 0; i < d->nr_cpus; i++)
			d->workers[i].epfd = d->workers[i].wake_fd = -1;
		for (i = 0; i < d->nr_cpus; i++) {
			ret = loop_init(d, &d->workers[i]);
			if (ret < 0)
				return ret;
		}
	}
	/* no thread runs yet: the list is ours */
	cds_list_for_each_entry(s, &d->streams, node) {
		l = d->workers ? &d->workers[s->cpu] : &d->main;
		ret = loop_add_stream(l, s);
		if (ret < 0)
			return ret;
	}
	for (i = 0; d->workers && i < d->nr_cpus; i++) {
		ret = pthread_create(&d->workers[i].tid, NULL, worker_main,
				     &d->workers[i]);
		if (ret)
			return -ret;
		d->nr_started++;
	}
	return 0;
}

void lttd_join_loops(struct lttd *d)
{
	unsigned int i;

	for (i = 0; i < d->nr_started; i++)
		pthread_join(d->workers[i].tid, NULL);
	d->nr_started = 0;
	for (i = 0; d->workers && i < d->nr_cpus; i++)
		loop_fini(&d->workers[i]);
	free(d->workers);
	d->workers = NULL;
	loop_fini(&d->main);
}

/* Close every partial sub-buffer, so that draining gets it too. */
void lttd_flush_all(struct lttd *d)
{
	struct lttd_stream *s;

	rcu_read_lock();
	cds_list_for_each_entry_rcu(s, &d->streams, node)
		lttc_stream_flush(s->fd);
	rcu_read_unlock();
}

void lttd_wake_workers(struct lttd *d)
{
	uint64_t one = 1;
	unsigned int i;

	for (i = 0; i < d->nr_started; i++)
		if (write(d->workers[i].wake_fd, &one, sizeof(one)) < 0)
			lttd_log(true, "eventfd: %s", strerror(errno));
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
