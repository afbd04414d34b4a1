// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd loops: an epoll set each and the streams it drains (lttd.h), the
 * worker threads that run them (--threads=per-cpu), and main's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <urcu/uatomic.h>
#include "lttd.h"

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

/* A stream finished: the loop's thread, from stream_finish(). */
void lttd_loop_remove(struct lttd_loop *l, struct lttd_stream *s)
{
	lttd_loop_unwatch(l, s->fd);
	l->streams[s->slot] = NULL;
	l->live--;
	s->loop = NULL;
}

/* Woken by main: the streams it marked for a rotation, up to their boundary. */
static void loop_rotate(struct lttd_loop *l)
{
	unsigned int i;

	for (i = 0; i < l->nr_streams; i++)
		if (l->streams[i] &&
		    uatomic_read(&l->streams[i]->rot_state) == LTTD_ROT_PENDING)
			lttd_stream_rotate(l->d, l->streams[i]);
}

/*
 * One event of the loop's epoll set, a stream's or its wake-up: the only
 * place where a running lttd drains a stream, in either mode. Called
 * under rcu_read_lock(), for a whole epoll batch: a stream finished
 * earlier in the batch (a wake-up, a signal) is still allocated, and
 * skipped.
 */
void lttd_loop_event(struct lttd_loop *l, const struct epoll_event *ev)
{
	struct lttd_stream *s = ev->data.ptr;
	uint64_t n;

	if (ev->data.u64 == LTTD_EV_WAKE) {
		if (read(l->wake_fd, &n, sizeof(n)) < 0 && errno != EAGAIN)
			lttd_log(true, "eventfd: %s", strerror(errno));
		loop_rotate(l);
		return;
	}
	if (s->loop != l)
		return;
	lttd_snapshot_drain_begin(l->d);
	lttd_stream_event(l->d, s, ev->events);
	lttd_snapshot_drain_end(l->d);
}

/* When stopping: everything complete now in the loop's streams, then end. */
void lttd_loop_drain_all(struct lttd_loop *l)
{
	unsigned int i;

	for (i = 0; i < l->nr_streams; i++)
		if (l->streams[i])
			lttd_stream_drain_finish(l->d, l->streams[i]);
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
		rcu_read_lock();
		for (i = 0; i < n; i++)
			lttd_loop_event(l, &ev[i]);
		rcu_read_unlock();
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

void lttd_wake_loops(struct lttd *d)
{
	uint64_t one = 1;
	unsigned int i;

	if (!d->nr_started && d->main.wake_fd >= 0 &&
	    write(d->main.wake_fd, &one, sizeof(one)) < 0)
		lttd_log(true, "eventfd: %s", strerror(errno));
	for (i = 0; i < d->nr_started; i++)
		if (write(d->workers[i].wake_fd, &one, sizeof(one)) < 0)
			lttd_log(true, "eventfd: %s", strerror(errno));
}
