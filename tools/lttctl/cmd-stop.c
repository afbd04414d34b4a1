// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl stop: stop tracing, let the daemon write out what the buffers
 * hold (or run one to do it), print a summary, destroy the session.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "lttctl.h"
#include "summary.h"

static const char description[] =
	"Stops session NAME (default: the only session), waits until the trace\n"
	"is on disk, prints what was recorded and lost, then destroys the\n"
	"session (unless --keep). If no daemon drains the session (flight\n"
	"recorder, or lttd was killed) or the daemon ends before it is done,\n"
	"lttd is run to write the rest of the buffers out.\n"
	"The summary gives the records per event name (the most frequent), per\n"
	"CPU the records lost and why, the peak rate the kernel measured and,\n"
	"when a full buffer lost records, the --subbuf-size and --num-subbuf that\n"
	"would have held them (doc/sizing.md); lttctl start warns when given less\n"
	"for the same events. --json prints it as one JSON object (doc/json.md).\n"
	"While the daemon writes a backlog, a progress line goes to stderr if it\n"
	"is a terminal.";

static char *opt_session;
static int opt_keep, opt_json;

static const struct poptOption options[] = {
	SESSION_OPTION(opt_session),
	{ "keep", 'k', POPT_ARG_NONE, &opt_keep, 0,
	  "keep the stopped session (lttctl destroy drops it)", NULL },
	{ "json", 0, POPT_ARG_NONE, &opt_json, 0,
	  "print the summary as JSON (doc/json.md)", NULL },
	POPT_TABLEEND
};

/* "\rlttd: 12.0 MiB left to write, 3.4 MiB/s" on a terminal, every second. */
static void progress(int sfd, double *t0, uint64_t *w0, bool *shown)
{
	struct timespec now;
	struct ltt_totals tot;
	uint64_t left, written;
	char a[32], b[32];
	double t;

	clock_gettime(CLOCK_MONOTONIC, &now);
	t = now.tv_sec + now.tv_nsec / 1e9;
	if (ltt_session_totals(sfd, &tot) < 0)
		return;
	left = tot.backlog;
	written = tot.bytes;
	if (*t0 && t > *t0 && left) {
		fprintf(stderr, "\rlttd: %s left to write, %s/s   ",
			ltt_fmt_bytes(left, a, sizeof(a)),
			ltt_fmt_bytes((uint64_t)((written - *w0) / (t - *t0)), b,
				      sizeof(b)));
		*shown = true;
	}
	*t0 = t;
	*w0 = written;
}

/* Wait until the consumer detached (it does once every stream drained). */
static int wait_consumer(int sfd)
{
	struct timespec ts = { 0, 50 * 1000 * 1000 };
	bool tty = isatty(STDERR_FILENO), shown = false;
	struct ltt_session_info si;
	unsigned int ticks = 0;
	uint64_t w0 = 0;
	double t0 = 0;
	int ret;

	for (;;) {
		ret = lttc_session_info(sfd, &si);
		if (ret < 0 || !si.consumer_pid)
			break;
		++ticks;
		if (tty && ticks % 20 == 0)
			progress(sfd, &t0, &w0, &shown);
		else if (!tty && ticks == 200)
			fprintf(stderr, "lttctl: waiting for lttd (pid %d) to write the trace out...\n",
				si.consumer_pid);
		nanosleep(&ts, NULL);
	}
	if (shown)
		fprintf(stderr, "\r\033[K");	/* the summary follows */
	return ret < 0 ? ret : 0;
}

/* The stop summary as one JSON object (doc/json.md). */
static int print_json(int sfd, const char *name, const char *dir)
{
	struct ltt_session_info si;
	struct json j;
	int ret;

	ret = lttc_session_info(sfd, &si);
	if (ret < 0) {
		err("session '%s': %s", name, strerror(-ret));
		return -1;
	}
	json_init(&j, stdout);
	json_obj_begin(&j, NULL);
	json_str(&j, "session", name);
	json_str(&j, "state", state_name(si.state));
	json_str(&j, "trace", dir);
	json_i64(&j, "consumer_error", si.consumer_error);
	ret = session_summary(sfd, NULL, &j, true);
	json_obj_end(&j);
	json_end(&j);
	if (ret < 0) {
		err("cannot read the session's counters: %s", strerror(-ret));
		return -1;
	}
	return si.consumer_error ? -1 : 0;
}

static int stop(int sfd, const char *name, bool keep)
{
	const char *lttd_argv[] = { "lttd", "-s", name, "-q", NULL };
	struct ltt_session_info si;
	bool need_lttd = false;
	char *dir = NULL;
	int ret, rc = LTTCTL_OK;

	ret = lttc_session_stop(sfd);
	if (ret < 0) {
		err("cannot stop session '%s': %s", name, strerror(-ret));
		return LTTCTL_ERROR;
	}
	ret = lttc_session_info(sfd, &si);
	if (ret < 0) {
		err("session '%s': %s", name, strerror(-ret));
		return LTTCTL_ERROR;
	}
	lttc_get_output(sfd, &dir);
	if (si.consumer_pid) {
		ret = wait_consumer(sfd);
		/*
		 * A daemon killed now (or while we looked) detaches without
		 * having drained everything; one that failed (disk full)
		 * reported why, and another run would fail the same way.
		 */
		if (!ret)
			ret = lttc_session_info(sfd, &si);
		if (ret < 0) {
			err("session '%s': %s", name, strerror(-ret));
			rc = LTTCTL_ERROR;
		} else if (si.streams_undrained && !si.consumer_error && dir) {
			warn("lttd ended before writing out every buffer: running lttd for the rest");
			need_lttd = true;
		}
	} else if (dir) {
		need_lttd = true;
	} else {
		warn("session '%s' has no trace directory: its buffers are dropped",
		     name);
	}
	if (need_lttd && run_lttd(lttd_argv))
		rc = LTTCTL_ERROR;
	if (opt_json) {
		if (print_json(sfd, name, dir))
			rc = LTTCTL_ERROR;
	} else {
		printf("Session %s stopped.\n", name);
		if (print_totals(sfd, "  "))
			rc = LTTCTL_ERROR;
		if (dir)
			printf("  trace:           %s\n  read it with:    babeltrace2 %s\n",
			       dir, dir);
		ret = session_summary(sfd, "  ", NULL, true);
		if (ret < 0)
			warn("cannot read the session's counters: %s", strerror(-ret));
	}
	free(dir);
	if (!keep && rc == LTTCTL_OK)
		lttc_session_destroy(sfd);
	else if (!keep)
		warn("session '%s' kept after the error above (lttctl destroy -s %s drops it)",
		     name, name);
	return rc;
}

static int run_stop(const char **args __always_unused)
{
	const char *resolved;
	int rc, ctl, sfd;

	sfd = ctl_session_open(opt_session, &ctl, &resolved);
	if (sfd < 0)
		return LTTCTL_ERROR;
	rc = stop(sfd, resolved, opt_keep);
	close(sfd);
	close(ctl);
	return rc;
}

const struct lttctl_cmd lttctl_cmd_stop = {
	.name		= "stop",
	.summary	= "stop tracing, write out the trace, print a summary",
	.description	= description,
	.options	= options,
	.run		= run_stop,
};
