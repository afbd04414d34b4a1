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

static const char description[] =
	"Stops session NAME (default: the only session), waits until the trace\n"
	"is on disk, prints what was recorded and lost, then destroys the\n"
	"session (unless --keep). If no daemon drains the session (flight\n"
	"recorder, or lttd was killed) or the daemon ends before it is done,\n"
	"lttd is run to write the rest of the buffers out.";

static char *opt_session;
static int opt_keep;

static const struct poptOption options[] = {
	SESSION_OPTION(opt_session),
	{ "keep", 'k', POPT_ARG_NONE, &opt_keep, 0,
	  "keep the stopped session (lttctl destroy drops it)", NULL },
	POPT_TABLEEND
};

/* Wait until the consumer detached (it does once every stream drained). */
static int wait_consumer(int sfd)
{
	struct timespec ts = { 0, 50 * 1000 * 1000 };
	struct ltt_session_info si;
	unsigned int ticks = 0;
	int ret;

	for (;;) {
		ret = lttc_session_info(sfd, &si);
		if (ret < 0)
			return ret;
		if (!si.consumer_pid)
			return 0;
		if (++ticks == 200)
			fprintf(stderr, "lttctl: waiting for lttd (pid %d) to write the trace out...\n",
				si.consumer_pid);
		nanosleep(&ts, NULL);
	}
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
	printf("Session %s stopped.\n", name);
	if (print_totals(sfd, "  "))
		rc = LTTCTL_ERROR;
	if (dir)
		printf("  trace:           %s\n  read it with:    babeltrace2 %s\n",
		       dir, dir);
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
