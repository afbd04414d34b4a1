// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl trigger wait: a notification fd of the session, opened with
 * LTT_NOTIFY_SERVE, and the session fd, polled together:
 *  - a notification (notify triggers) is parsed (notify.h: as untrusted)
 *    and printed, one line (or JSON object) each; without --serve the
 *    first one ends the wait;
 *  - POLLIN on the session fd: a rotation request waits. When no lttd
 *    is attached the kernel lets us TAKE a trigger's snapshot request:
 *    the snapshot is written as lttctl snapshot writes one, into
 *    OUTPUT/snapshot-N-DATE-TIME, and reported with ROTATE_DONE (its
 *    path, or the error), which lets the frozen channels record again.
 *    With lttd attached, TAKE says -EPERM and lttd serves it: we look
 *    again at the session fd after a pause, not in a busy loop.
 * The session's destruction ends the notification fd (read gives 0).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "notify.h"
#include "text.h"
#include "trigger.h"

/* how long a request lttd serves is left to it before we look again */
#define SESSION_BACKOFF_MS	100

enum { WAIT_GO_ON, WAIT_DONE, WAIT_GONE };

struct waiter {
	const struct trigger_opts *o;
	const char *session;
	int sfd, nfd;
	uint64_t backoff_until;		/* ms, CLOCK_MONOTONIC */
	unsigned long notes;
};

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000ULL + ts.tv_nsec / 1000000;
}

static int on_notification(struct waiter *w)
{
	static struct ltt_notif n;
	char buf[LTT_NOTIFICATION_MAX];
	const char *why;
	ssize_t len;

	len = read(w->nfd, buf, sizeof(buf));
	if (len < 0) {
		if (errno == EAGAIN || errno == EINTR)
			return WAIT_GO_ON;	/* lost meanwhile: counted */
		err("reading the notifications of session %s: %s", w->session,
		    strerror(errno));
		return WAIT_GONE;
	}
	if (len == 0) {
		err("session %s was destroyed", w->session);
		return WAIT_GONE;
	}
	if (ltt_notif_parse(buf, len, &n, &why)) {
		/* a kernel bug, not a reason to stop serving */
		warn("a notification of %zd bytes left out: %s", len, why);
		return WAIT_GO_ON;
	}
	if (w->o->json)
		ltt_notif_json(stdout, &n);
	else
		ltt_notif_print(stdout, &n);
	fflush(stdout);
	w->notes++;
	return w->o->serve ? WAIT_GO_ON : WAIT_DONE;
}

/* Write the snapshot of request id: ROTATE_DONE with its path or error. */
static void serve_snapshot(struct waiter *w, uint64_t id, uint64_t trigger)
{
	char dir[PATH_MAX], *out = NULL;
	int ret, error = 0;

	ret = lttc_get_output(w->sfd, &out);
	if (ret < 0) {
		err("trigger %llu: session %s has no output directory for its snapshot",
		    (unsigned long long)trigger, w->session);
		error = -ret;
	} else if ((ret = ltt_snapshot_dir(out, time(NULL), dir,
					   sizeof(dir))) < 0) {
		err("trigger %llu: cannot make a snapshot directory in %s: %s",
		    (unsigned long long)trigger, out, strerror(-ret));
		error = -ret;
	} else if (snapshot_write(w->session, dir)) {
		error = EIO;
	} else {
		snapshot_prune(w->sfd, out, dir);
	}
	free(out);
	ret = lttc_rotate_done(w->sfd, id, error, 0, error ? "" : dir, "");
	if (ret < 0)
		err("trigger %llu: ROTATE_DONE %llu: %s", (unsigned long long)trigger,
		    (unsigned long long)id, strerror(-ret));
	else if (!error)
		printf("snapshot written: %s\n", dir);
	fflush(stdout);
}

/* The session fd polled readable: a request waits; ours if we may. */
static void on_request(struct waiter *w)
{
	uint64_t id, trigger;
	unsigned int flags;
	int ret;

	ret = lttc_rotate_take_trigger(w->sfd, &id, &flags, &trigger);
	if (ret == -EPERM || ret == -ENOENT) {
		/* lttd's to take (or taken already): look again later */
		w->backoff_until = now_ms() + SESSION_BACKOFF_MS;
		return;
	}
	if (ret < 0) {
		err("session %s: ROTATE_TAKE: %s", w->session, strerror(-ret));
		w->backoff_until = now_ms() + SESSION_BACKOFF_MS;
		return;
	}
	if (!(flags & LTT_ROTATE_SNAPSHOT)) {
		/* the kernel gives us none other: say no, not a hang */
		lttc_rotate_done(w->sfd, id, EOPNOTSUPP, 0, "", "");
		return;
	}
	serve_snapshot(w, id, trigger);
}

static int wait_loop(struct waiter *w, uint64_t deadline)
{
	struct pollfd p[2];
	uint64_t now;
	int nfds, timeout, ret;

	for (;;) {
		now = now_ms();
		if (deadline && now >= deadline)
			break;
		p[0] = (struct pollfd){ .fd = w->nfd, .events = POLLIN };
		p[1] = (struct pollfd){ .fd = w->sfd, .events = POLLIN };
		nfds = now >= w->backoff_until ? 2 : 1;
		timeout = -1;
		if (deadline)
			timeout = deadline - now;
		if (nfds == 1 && (timeout < 0 ||
				  w->backoff_until - now < (uint64_t)timeout))
			timeout = w->backoff_until - now;
		ret = poll(p, nfds, timeout);
		if (ret < 0 && errno == EINTR)
			continue;
		if (ret < 0) {
			err("poll: %s", strerror(errno));
			return LTTCTL_ERROR;
		}
		if (nfds == 2 && (p[1].revents & POLLIN))
			on_request(w);
		if (p[0].revents) {
			ret = on_notification(w);
			if (ret == WAIT_DONE)
				return LTTCTL_OK;
			if (ret == WAIT_GONE)
				return LTTCTL_ERROR;
		}
	}
	if (w->o->serve)
		return LTTCTL_OK;
	err("trigger wait: no notification from session %s within %s",
	    w->session, w->o->timeout);
	return LTTCTL_ERROR;
}

int trigger_wait(const struct trigger_opts *o, const char **args __always_unused)
{
	struct waiter w = { .o = o };
	uint64_t us = 0;
	int ctl, rc;

	if (o->timeout && (text_parse_duration(o->timeout, 0, &us) || !us)) {
		err("--timeout: '%s' is not a duration above 0 (like 100ms, 5s, 1m)",
		    o->timeout);
		return LTTCTL_USAGE;
	}
	w.sfd = trigger_session_open(o->session, &ctl, &w.session);
	if (w.sfd < 0)
		return LTTCTL_ERROR;
	close(ctl);
	w.nfd = lttc_trigger_notify_open(w.sfd, LTT_NOTIFY_SERVE);
	if (w.nfd < 0) {
		err("session %s: cannot open its notifications: %s", w.session,
		    w.nfd == -EBUSY ? "it is being destroyed" : strerror(-w.nfd));
		close(w.sfd);
		return LTTCTL_ERROR;
	}
	fcntl(w.nfd, F_SETFL, O_NONBLOCK);
	rc = wait_loop(&w, us ? now_ms() + (us + 999) / 1000 : 0);
	close(w.nfd);
	close(w.sfd);
	return rc;
}
