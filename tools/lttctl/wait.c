// SPDX-License-Identifier: GPL-2.0-only
/*
 * Waiting for lttd, which works beside lttctl: until a stopped session's
 * trace is on disk (stop), until it let go of a destroyed session
 * (destroy, stop), until it carried out a rotation or a clear. Polls
 * the session's state every 50 ms; a progress line on a terminal.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "lttctl.h"

#define TICK_NS		(50 * 1000 * 1000)
#define TICKS_PER_S	20

struct progress {
	bool tty, shown;
	unsigned int ticks;
	double t0;
	uint64_t w0;
};

/* "\rlttd: 12.0 MiB left to write, 3.4 MiB/s" on a terminal, every second. */
static void progress_line(int sfd, struct progress *p)
{
	struct timespec now;
	struct ltt_totals tot;
	char a[32], b[32];
	double t;

	clock_gettime(CLOCK_MONOTONIC, &now);
	t = now.tv_sec + now.tv_nsec / 1e9;
	if (ltt_session_totals(sfd, &tot) < 0)
		return;
	if (p->t0 && t > p->t0 && tot.backlog) {
		fprintf(stderr, "\rlttd: %s left to write, %s/s   ",
			ltt_fmt_bytes(tot.backlog, a, sizeof(a)),
			ltt_fmt_bytes((uint64_t)((tot.bytes - p->w0) / (t - p->t0)),
				      b, sizeof(b)));
		p->shown = true;
	}
	p->t0 = t;
	p->w0 = tot.bytes;
}

/* One tick: sleep, and say that we wait (what: "write the trace out"). */
static void tick(int sfd, const struct ltt_session_info *si,
		 struct progress *p, const char *what)
{
	struct timespec ts = { 0, TICK_NS };

	if (!p->ticks++)
		p->tty = isatty(STDERR_FILENO);
	if (p->tty && p->ticks % TICKS_PER_S == 0)
		progress_line(sfd, p);
	else if (!p->tty && p->ticks == 10 * TICKS_PER_S)
		fprintf(stderr, "lttctl: waiting for lttd (pid %d) to %s...\n",
			si->consumer_pid, what);
	nanosleep(&ts, NULL);
}

static void progress_end(struct progress *p)
{
	if (p->shown)
		fprintf(stderr, "\r\033[K");	/* what follows takes the line */
}

/*
 * The trace goes to a relay only and lttd has been reconnecting to it
 * for RELAY_WAIT_S: what is left stays in the buffers (lttd takes no
 * packet it cannot send), so waiting longer may be forever.
 */
static bool relay_away(const char *session, unsigned int *away_ticks)
{
	struct ltt_relay_status st;

	if (ltt_relay_status_read(session, &st) < 0 ||
	    strcmp(st.state, "reconnecting")) {
		*away_ticks = 0;
		return false;
	}
	return ++*away_ticks >= RELAY_WAIT_S * TICKS_PER_S;
}

int wait_on_disk(int sfd, const char *relay_session)
{
	struct progress p = { 0 };
	struct ltt_session_info si;
	unsigned int away = 0;
	int ret;

	for (;;) {
		ret = lttc_session_info(sfd, &si);
		if (ret < 0)
			break;
		if (!si.streams_undrained && !si.metadata_pending) {
			ret = 0;
			break;
		}
		if (!si.consumer_pid) {
			ret = 1;
			break;
		}
		if (relay_session && relay_away(relay_session, &away)) {
			ret = 2;
			break;
		}
		tick(sfd, &si, &p, "write the trace out");
	}
	progress_end(&p);
	return ret;
}

int wait_detached(int sfd)
{
	struct progress p = { 0 };
	struct ltt_session_info si;
	int ret;

	while ((ret = lttc_session_info(sfd, &si)) >= 0 && si.consumer_pid)
		tick(sfd, &si, &p, "write the end of the trace");
	progress_end(&p);
	return ret < 0 ? ret : 0;
}

int wait_rotation(int sfd, uint64_t id, const char *what, int *error,
		  char **archive)
{
	struct progress p = { 0 };
	struct ltt_rotate_status st;
	struct ltt_session_info si;
	bool gone = false;
	int ret;

	for (;;) {
		free(*archive);
		*archive = NULL;
		ret = lttc_rotate_status(sfd, &st, archive, NULL);
		if (ret < 0)
			break;
		if (st.done_id >= id) {
			/* a later request done before we looked: ours was
			 * done too, its result is gone */
			*error = st.done_id == id ? st.done_error : 0;
			if (st.done_id != id) {
				free(*archive);
				*archive = NULL;
			}
			break;
		}
		if (gone) {
			ret = -EPIPE;
			break;
		}
		ret = lttc_session_info(sfd, &si);
		if (ret < 0)
			break;
		/* look once more: it may have been done as it went */
		gone = !si.consumer_pid;
		if (!gone)
			tick(sfd, &si, &p, what);
	}
	progress_end(&p);
	return ret < 0 ? ret : 0;
}
