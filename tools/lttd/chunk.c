// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd chunks: the session's current trace chunk, the rotations and
 * clears that close it or empty it, carried out for the kernel's rotation
 * mailbox (abi.h, "Rotation") through every output (output.h), and the
 * schedules that ask for rotations. Main thread only, but for
 * lttd_rotation_stream_done(). Where a chunk is (the files' directories,
 * another machine's chunks) is the outputs' business (files-out.c for
 * DIR).
 *
 * A rotation, chunk N to N+1:
 *  1. ROTATE_TAKE, when the session fd polls readable;
 *  2. each output begins it (the files: chunk N+1's directory, and its
 *     metadata file with the whole text), or refuses, and then nothing
 *     is done;
 *  3. every stream: STREAM_FLUSH, then it is marked (lttd.h:
 *     s->rot_state);
 *  4. the loops are woken;
 *  5. each loop (stream.c), seeing the mark, reads the stream's boundary,
 *     STREAM_POSITION.next_seq (the packets below it are chunk N's, the
 *     others N+1's), drains the stream up to it into chunk N, moves it
 *     on in every output (the files: closes chunk N's files) and counts
 *     the stream done; the last one wakes main (rot.done_fd);
 *  6. main asks for SESSION_STATEDUMP, past every boundary now, so that
 *     chunk N+1 begins with the system's state and reads alone; each
 *     output ends the old chunk (the files: complete its metadata,
 *     rename it archives/<BEGIN>-<END>-<N>, delete the archives beyond
 *     keep_chunks/keep_size), and ROTATE_DONE is reported with the first
 *     output's archive.
 * A clear is the same split, but the packets below the boundary are put
 * back unwritten, the outputs delete the chunk's packets (the files
 * their files in it; the metadata stays) and the chunk goes on in place.
 * A trigger's snapshot request (LTT_ROTATE_SNAPSHOT) comes the same way
 * but changes no chunk: snapshot.c writes it at once.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/eventfd.h>
#include <sys/stat.h>
#include <sys/timerfd.h>
#include "lttd.h"

void lttd_config_reread(struct lttd *d)
{
	struct ltt_session_config c;
	int ret = lttc_session_get_config(d->sfd, &c);

	if (!ret)
		d->config = c;
	else if (ret != d->config_err)
		lttd_log(true, "session %s: SESSION_GET_CONFIG: %s",
			 d->session, strerror(-ret));
	d->config_err = ret;
}

/*
 * Once the loops run: wait for rotation requests (the session fd), for
 * rotations to end, and for the schedule's timer.
 */
int lttd_chunk_start(struct lttd *d)
{
	struct itimerspec its = {
		.it_interval = { .tv_sec = 1 },
		.it_value = { .tv_sec = 1 },
	};
	int ret;

	d->rot.done_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (d->rot.done_fd < 0)
		return -errno;
	ret = lttd_loop_watch(&d->main, d->rot.done_fd, LTTD_EV_ROTATED);
	if (ret < 0)
		return ret;
	d->timer_fd = timerfd_create(CLOCK_MONOTONIC,
				     TFD_CLOEXEC | TFD_NONBLOCK);
	if (d->timer_fd < 0 || timerfd_settime(d->timer_fd, 0, &its, NULL))
		return -errno;
	ret = lttd_loop_watch(&d->main, d->timer_fd, LTTD_EV_TIMER);
	if (ret < 0)
		return ret;
	lttd_config_reread(d);
	ret = lttd_loop_watch(&d->main, d->sfd, LTTD_EV_SESSION);
	if (ret < 0)	/* a kernel before ABI 1.7: no poll on the session */
		lttd_log(true, "session %s: cannot wait for rotation requests (%s): no rotations",
			 d->session, strerror(-ret));
	d->rotations = !ret;
	return 0;
}

/* Ending (SIGTERM): no new request is taken; one in progress finishes. */
void lttd_chunk_stop(struct lttd *d)
{
	if (d->rotations)
		lttd_loop_unwatch(&d->main, d->sfd);
	d->rotations = false;
}

static void rotation_report(struct lttd *d, const char *archive)
{
	struct lttd_rotation *r = &d->rot;
	int ret;

	ret = lttc_rotate_done(d->sfd, r->id, r->error, d->chunk.id, archive,
			       d->chunk.name);
	if (ret < 0)
		lttd_log(true, "session %s: ROTATE_DONE %llu: %s", d->session,
			 (unsigned long long)r->id, strerror(-ret));
}

/* The stream's loop splits it at its position (stream.c): mark it. */
static void rotation_mark(struct lttd *d, struct lttd_stream *s)
{
	struct lttd_rotation *r = &d->rot;

	/* counted first: its loop may count it done at once */
	uatomic_inc(&r->remaining);
	if (uatomic_cmpxchg(&s->rot_state, LTTD_ROT_IDLE, LTTD_ROT_PENDING) !=
	    LTTD_ROT_IDLE)
		uatomic_dec(&r->remaining);	/* finished: not in it */
}

static void rotation_statedump(struct lttd *d)
{
	int ret;

	if (d->config.flags & LTT_SESSION_F_NO_STATEDUMP)
		return;
	ret = lttc_session_statedump(d->sfd);
	/* -EINVAL: stopped; -ENOENT: no channel records the state dump */
	if (ret < 0 && ret != -EINVAL && ret != -ENOENT)
		lttd_log(true, "session %s: state dump: %s", d->session,
			 strerror(-ret));
}

static void rotation_begin(struct lttd *d, uint64_t id, bool clear)
{
	struct lttd_rotation *r = &d->rot;
	const char *who = "";
	struct lttd_stream *s;
	int ret;

	r->id = id;
	r->clear = clear;
	r->error = 0;
	r->when = time(NULL);
	r->t0 = lttd_now();
	lttd_config_reread(d);
	if (!clear) {
		/* numbered on; an output may name and place it (files-out.c) */
		r->next = d->chunk;
		r->next.id++;
		r->next.t0 = lttd_now();
	}
	/* each output's part, or none if one refuses (output.h) */
	ret = lttd_output_rotate_begin(d, clear, &who);
	if (ret < 0) {
		lttd_log(true, "session %s: no %s: the %s output cannot do its part",
			 d->session, clear ? "clear" : "rotation", who);
		r->error = -ret;
		rotation_report(d, "");
		return;
	}
	r->gen = d->gen + 1;
	uatomic_set(&d->chunk_bytes[r->gen & 1], 0);	/* no stream in it */
	uatomic_set(&r->remaining, 1);	/* main's share, while it marks */
	r->active = true;
	/* every flush first: the boundaries are then close in time */
	rcu_read_lock();
	cds_list_for_each_entry_rcu(s, &d->streams, node) {
		ret = lttc_stream_flush(s->fd);
		if (ret < 0)
			lttd_log(true, "stream %s: STREAM_FLUSH: %s", s->name,
				 strerror(-ret));
	}
	cds_list_for_each_entry_rcu(s, &d->streams, node)
		rotation_mark(d, s);
	rcu_read_unlock();
	lttd_wake_loops(d);
	lttd_rotation_stream_done(d);
}

/* The session fd polled readable: a request waits. */
void lttd_rotation_take(struct lttd *d)
{
	uint64_t id, trigger = 0;
	unsigned int flags;
	int ret;

	if (!d->rotations)	/* stopped earlier in this epoll batch */
		return;
	ret = lttc_rotate_take_trigger(d->sfd, &id, &flags, &trigger);
	if (ret == -ENOENT)	/* none waits any more */
		return;
	if (ret < 0) {
		/* the fd would poll readable forever: stop watching it */
		lttd_log(true, "session %s: ROTATE_TAKE: %s: no more rotations",
			 d->session, strerror(-ret));
		lttd_chunk_stop(d);
		return;
	}
	if (d->rot.active) {	/* the kernel keeps one pending: not seen */
		lttc_rotate_done(d->sfd, id, EBUSY, d->chunk.id, "",
				 d->chunk.name);
		return;
	}
	if (!d->dir && (flags & LTT_ROTATE_SNAPSHOT)) {
		/* no directory to write it in */
		lttd_log(true, "session %s: no snapshot: its trace goes to a %s only",
			 d->session, lttd_output_name(d));
		lttc_rotate_done(d->sfd, id, EOPNOTSUPP, d->chunk.id, "",
				 d->chunk.name);
		return;
	}
	/* a trigger's snapshot (ABI 1.8): no chunk changes, done here */
	if (flags & LTT_ROTATE_SNAPSHOT) {
		lttd_snapshot_request(d, id, trigger);
		return;
	}
	rotation_begin(d, id, flags & LTT_ROTATE_CLEAR);
}

/* Any loop, and main: one marked stream (or main's share) is done. */
void lttd_rotation_stream_done(struct lttd *d)
{
	uint64_t one = 1;

	if (uatomic_sub_return(&d->rot.remaining, 1))
		return;
	if (write(d->rot.done_fd, &one, sizeof(one)) < 0)
		lttd_log(true, "eventfd: %s", strerror(errno));
}

static void rotate_finish(struct lttd *d)
{
	struct lttd_rotation *r = &d->rot;
	uint64_t old = d->chunk.id;
	char archive[PATH_MAX];
	int ret;

	archive[0] = 0;
	/* the session's limits now: an output keeps its archives by them */
	lttd_config_reread(d);
	/* the archive: the first output's (the files', when there are) */
	ret = lttd_output_rotate_end(d, archive, sizeof(archive));
	if (ret < 0 && !r->error)
		r->error = -ret;
	d->chunk = r->next;
	rotation_report(d, archive);
	if (!d->quiet || r->error)
		lttd_log(r->error, "rotation %llu: chunk %llu archived in %s in %.3f s%s%s",
			 (unsigned long long)r->id, (unsigned long long)old,
			 archive[0] ? archive : "(nothing)",
			 lttd_now() - r->t0, r->error ? ": " : "",
			 r->error ? strerror(r->error) : "");
}

/* rot.done_fd: every marked stream is done with the old chunk. */
void lttd_rotation_finish(struct lttd *d)
{
	struct lttd_rotation *r = &d->rot;
	char path[PATH_MAX];
	uint64_t n;
	int ret;

	if (read(r->done_fd, &n, sizeof(n)) < 0 && errno != EAGAIN)
		lttd_log(true, "eventfd: %s", strerror(errno));
	if (!r->active || uatomic_read(&r->remaining))
		return;
	cmm_smp_mb();	/* the loops' file closes before their count */
	r->active = false;
	d->gen = r->gen;
	/*
	 * Only now: every stream has read its boundary, so the state dump
	 * is past all of them, in the new chunk (or, after a clear, kept).
	 * Before, a packet it filled could close below a boundary a loop
	 * had not read yet and land in the old chunk.
	 */
	rotation_statedump(d);
	if (!r->clear) {
		rotate_finish(d);
		return;
	}
	ret = lttd_output_rotate_end(d, path, sizeof(path));
	if (ret < 0 && !r->error)
		r->error = -ret;
	rotation_report(d, "");
	if (!d->quiet || r->error)
		lttd_log(r->error, "clear %llu: chunk %llu cleared in %.3f s%s%s",
			 (unsigned long long)r->id,
			 (unsigned long long)d->chunk.id, lttd_now() - r->t0,
			 r->error ? ": " : "",
			 r->error ? strerror(r->error) : "");
}

static bool schedule_due(struct lttd *d)
{
	const struct ltt_session_config *c = &d->config;

	if (c->rotate_every_us &&
	    (lttd_now() - d->chunk.t0) * 1e6 >= c->rotate_every_us)
		return true;
	return c->rotate_size &&
	       uatomic_read(&d->chunk_bytes[d->gen & 1]) >= c->rotate_size;
}

/*
 * Every second: the configuration again (lttctl may change it), a
 * metadata write to retry, and the schedules: a rotation is asked on
 * lttd's own fd (then taken as any other) when the chunk is old or big
 * enough and none is pending.
 */
void lttd_schedule_tick(struct lttd *d)
{
	struct ltt_session_info si;
	uint64_t n;
	int ret;

	if (read(d->timer_fd, &n, sizeof(n)) < 0 && errno != EAGAIN)
		lttd_log(true, "timerfd: %s", strerror(errno));
	if (lttd_metadata_behind(d->md))
		lttd_metadata_pump(d, d->md);
	lttd_config_reread(d);
	if (!d->rotations || d->rot.active || !schedule_due(d))
		return;
	/* a stopped session writes nothing: no chunk to close */
	if (lttc_session_info(d->sfd, &si) < 0 ||
	    si.state != LTT_SESSION_ACTIVE)
		return;
	ret = lttc_rotate(d->sfd, 0, NULL);
	if (ret == -EBUSY)	/* one is pending: a user's */
		ret = 0;
	if (ret < 0 && ret != d->sched_err)
		lttd_log(true, "session %s: scheduled rotation: %s", d->session,
			 strerror(-ret));
	d->sched_err = ret;
}

/*
 * After the loops: a rotation whose streams are all done is finished (the
 * last one may have ended with the loops).
 */
void lttd_rotation_end(struct lttd *d)
{
	struct lttd_rotation *r = &d->rot;

	if (!r->active)
		return;
	if (!uatomic_read(&r->remaining))
		lttd_rotation_finish(d);
	else	/* the kernel makes it done with EPIPE when we detach */
		lttd_log(true, "rotation %llu left undone: a stream was not drained",
			 (unsigned long long)r->id);
}

void lttd_chunk_fini(struct lttd *d)
{
	if (d->rot.done_fd >= 0)
		close(d->rot.done_fd);
	if (d->timer_fd >= 0)
		close(d->timer_fd);
	d->rot.done_fd = d->timer_fd = -1;
}
