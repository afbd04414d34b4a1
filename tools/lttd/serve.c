// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd --serve: serve the snapshots a session's triggers ask for, and
 * drain nothing. A flight recorder (every channel --overwrite) has no
 * lttd draining it, and without one the kernel can give a trigger's
 * snapshot request only to a process that opened a notification fd with
 * LTT_NOTIFY_SERVE (abi.h): this is that process, which lttctl start
 * runs for a session that has a snapshot trigger and no lttd to drain it.
 *
 * It opens such an fd (counted in the session info's nr_servers before a
 * --daemon parent exits, so that the session's start finds it served),
 * then waits on it and on the session fd: a request waiting (POLLIN on
 * the session fd) is taken (ROTATE_TAKE), written by `lttd --snapshot`
 * run as a child (the code of lttctl snapshot) into
 * DIR/snapshot-N-DATE-TIME, the snapshot directories beyond the session's
 * keep limits removed (ltt_snapshot_prune()), and reported done with its
 * path (ROTATE_DONE), which lets the frozen channels record again. A
 * consumer attached meanwhile (lttctl start --daemon) takes the requests
 * itself: the take says -EPERM, and we look again after a pause. The
 * notifications of notify triggers are read and dropped. The session's
 * destruction ends the notification fd (read gives 0) and lttd with it;
 * SIGTERM/SIGINT end it too.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
#include "lttd.h"

/* how long a request a consumer serves is left to it before we look again */
#define SERVE_BACKOFF_MS	100

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000ULL + ts.tv_nsec / 1000000;
}

/* lttd --snapshot -q -s NAME -o dir, run from our own file: 0 or -1 */
static int snapshot_child(const char *session, const char *dir)
{
	const char *argv[] = { "lttd", "--snapshot", "-q", "-s", session,
			       "-o", dir, NULL };
	int status;
	pid_t pid;

	pid = fork();
	if (pid < 0) {
		lttd_log(true, "session %s: fork: %s", session, strerror(errno));
		return -1;
	}
	if (!pid) {
		sigset_t none;

		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		execv("/proc/self/exe", (char *const *)argv);
		lttd_log(true, "cannot run lttd --snapshot: %s", strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/* Request id (of trigger) taken: write it, prune, report it done. */
static void serve_one(struct lttd *d, uint64_t id, uint64_t trigger)
{
	struct ltt_session_config c;
	char dir[PATH_MAX] = "";
	double t0 = lttd_now();
	int ret, error = 0, removed = 0;

	ret = ltt_snapshot_dir(d->dir, time(NULL), dir, sizeof(dir));
	if (ret < 0) {
		lttd_log(true, "%s: cannot make a snapshot directory: %s",
			 d->dir, strerror(-ret));
		error = -ret;
	} else if (snapshot_child(d->session, dir)) {
		error = EIO;
	} else if (lttc_session_get_config(d->sfd, &c) >= 0) {
		/* before DONE: once it is done, the directory holds its
		 * limits (what a waiting script or test reads) */
		removed = ltt_snapshot_prune_spool(d->dir,
						   LTT_KEEP_SNAPSHOTS(&c),
						   c.keep_size, dir,
						   d->spool != NULL);
		if (removed < 0)
			lttd_log(true, "%s: removing old snapshots: %s",
				 d->dir, strerror(-removed));
	}
	if (!error)
		lttd_ship_kick(d, dir, trigger);
	ret = lttc_rotate_done(d->sfd, id, error, 0, error ? "" : dir, "");
	if (ret < 0)
		lttd_log(true, "snapshot %llu of trigger %llu: ROTATE_DONE: %s",
			 (unsigned long long)id, (unsigned long long)trigger,
			 strerror(-ret));
	else if (error)
		lttd_log(true, "snapshot %llu of trigger %llu failed: %s",
			 (unsigned long long)id, (unsigned long long)trigger,
			 strerror(error));
	else
		lttd_log(false, "snapshot %llu of trigger %llu written to %s in %.3f s; %d older removed",
			 (unsigned long long)id, (unsigned long long)trigger,
			 dir, lttd_now() - t0, removed > 0 ? removed : 0);
}

/* The session fd polled readable: a request waits; ours if we may. */
static void on_request(struct lttd *d, uint64_t *backoff_until)
{
	uint64_t id, trigger;
	unsigned int flags;
	int ret;

	ret = lttc_rotate_take_trigger(d->sfd, &id, &flags, &trigger);
	if (ret < 0) {
		/* -EPERM: a consumer's to take; -ENOENT: taken already */
		if (ret != -EPERM && ret != -ENOENT)
			lttd_log(true, "session %s: ROTATE_TAKE: %s", d->session,
				 strerror(-ret));
		*backoff_until = now_ms() + SERVE_BACKOFF_MS;
		return;
	}
	if (!(flags & LTT_ROTATE_SNAPSHOT)) {
		/* the kernel gives us none other: say no, not a hang */
		lttc_rotate_done(d->sfd, id, EOPNOTSUPP, 0, "", "");
		return;
	}
	serve_one(d, id, trigger);
}

/* 0: the notifications go on; 1: the session is gone. */
static int on_notification(struct lttd *d, int nfd)
{
	char buf[LTT_NOTIFICATION_MAX];
	ssize_t len;

	for (;;) {
		len = read(nfd, buf, sizeof(buf));
		if (len > 0)
			continue;	/* a notify trigger's: not ours */
		if (len < 0 && (errno == EAGAIN || errno == EINTR))
			return 0;
		if (len < 0)
			lttd_log(true, "session %s: its notifications: %s",
				 d->session, strerror(errno));
		return 1;
	}
}

int lttd_serve_open(struct lttd *d)
{
	int nfd;

	if (lttd_ship_setup(d) < 0)
		return -ENOENT;
	if (!d->dir && d->spool) {
		/* no trace directory: the snapshots wait in the spool */
		d->dir = strdup(d->spool);
		if (!d->dir)
			return -ENOMEM;
	}
	if (!d->dir) {
		lttd_log(true, "session %s has no trace directory for its snapshots: give -o DIR",
			 d->session);
		return -ENOENT;
	}
	nfd = lttc_trigger_notify_open(d->sfd, LTT_NOTIFY_SERVE);
	if (nfd < 0) {
		lttd_log(true, "session %s: cannot serve its triggers: %s",
			 d->session, nfd == -EBUSY ? "it is being destroyed" :
			 nfd == -ENOTTY ? "this ltt module has no triggers (ABI 1.8)" :
			 strerror(-nfd));
		return nfd;
	}
	fcntl(nfd, F_SETFL, O_NONBLOCK);
	return nfd;
}

static int serve_loop(struct lttd *d, int nfd, int sigfd);

int lttd_serve(struct lttd *d, int nfd, int sigfd)
{
	int ret;

	if (!d->quiet)
		lttd_log(false, "session %s: serving its triggers' snapshots into %s/snapshot-N-*%s%s",
			 d->session, d->dir, d->spool ? ", each shipped to " : "",
			 d->spool ? d->url : "");
	/* what an earlier run or boot left unshipped goes first */
	lttd_ship_start(d);
	ret = serve_loop(d, nfd, sigfd);
	lttd_ship_stop(d);
	return ret;
}

static int serve_loop(struct lttd *d, int nfd, int sigfd)
{
	uint64_t backoff_until = 0, now;
	struct pollfd p[3];
	int nfds, timeout, ret;

	for (;;) {
		now = now_ms();
		p[0] = (struct pollfd){ .fd = sigfd, .events = POLLIN };
		p[1] = (struct pollfd){ .fd = nfd, .events = POLLIN };
		p[2] = (struct pollfd){ .fd = d->sfd, .events = POLLIN };
		nfds = now >= backoff_until ? 3 : 2;
		timeout = nfds == 3 ? -1 : (int)(backoff_until - now);
		ret = poll(p, nfds, timeout);
		if (ret < 0 && errno == EINTR)
			continue;
		if (ret < 0) {
			lttd_log(true, "poll: %s", strerror(errno));
			return -errno;
		}
		if (p[0].revents) {
			if (!d->quiet)
				lttd_log(false, "signal: ending");
			return 0;
		}
		if (nfds == 3 && (p[2].revents & POLLIN))
			on_request(d, &backoff_until);
		if (p[1].revents && on_notification(d, nfd)) {
			if (!d->quiet)
				lttd_log(false, "session %s is gone: ending",
					 d->session);
			return 0;
		}
	}
}
