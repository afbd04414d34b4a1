// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl track, lttctl untrack: the processes a session records
 * (tools/lttctl/track.c has the options).
 */
#include <stdio.h>
#include <unistd.h>
#include "lttctl.h"

static const char description[] =
	"A session records only the events of processes in all of its sets:\n"
	"--pid, --vpid (process ids, every thread of them), --uid, --vuid,\n"
	"--gid, --vgid (user and group ids or names). A set starts as every\n"
	"process; the first track of a kind makes it those ids alone; untrack\n"
	"removes ids (an empty set records nothing); --KIND all in track\n"
	"makes the set every process again, in untrack empties it; --all\n"
	"does so for every kind. Also while tracing. An event in interrupt\n"
	"context counts as the interrupted task's; a kernel thread has its own\n"
	"pid, uid and gid 0. With --follow-children the processes a tracked\n"
	"process forks are tracked from their fork until they exit.\n"
	"--cgroup PATH (under the cgroup2 mount, or absolute) and --unit NAME\n"
	"(a systemd unit's cgroup): the processes in that cgroup or below,\n"
	"where they run at each event (moved in: recorded from the move; at\n"
	"most 16 cgroups; a removed one stays, shown gone). The same\n"
	"options work on lttctl start. Examples:\n"
	"  lttctl track --pid 1234,5678\n"
	"  lttctl track --uid www-data --follow-children\n"
	"  lttctl track --unit nginx\n"
	"  lttctl untrack --pid all";

static char *opt_session;

static const struct poptOption options[] = {
	SESSION_OPTION(opt_session),
	{ NULL, 0, POPT_ARG_INCLUDE_TABLE, (void *)tracker_options, 0, NULL, NULL },
	{ NULL, 0, POPT_ARG_INCLUDE_TABLE, (void *)tracker_all_option, 0, NULL, NULL },
	POPT_TABLEEND
};

static int run(bool add)
{
	int ctl, sfd, rc;

	if (!trackers_given()) {
		err("give what to %s: --pid, --vpid, --uid, --vuid, --gid, --vgid, --cgroup, --unit or --all",
		    add ? "track" : "untrack");
		return LTTCTL_USAGE;
	}
	sfd = ctl_session_open(opt_session, &ctl, NULL);
	if (sfd < 0)
		return LTTCTL_ERROR;
	rc = trackers_apply(sfd, add) ? LTTCTL_ERROR : LTTCTL_OK;
	close(sfd);
	close(ctl);
	return rc;
}

static int run_track(const char **args __always_unused)
{
	return run(true);
}

static int run_untrack(const char **args __always_unused)
{
	return run(false);
}

const struct lttctl_cmd lttctl_cmd_track = {
	.name		= "track",
	.usage		= "[OPTION...] [NAME]",
	.summary	= "record only the events of these processes",
	.description	= description,
	.options	= options,
	.option		= tracker_option,
	.run		= run_track,
};

const struct lttctl_cmd lttctl_cmd_untrack = {
	.name		= "untrack",
	.usage		= "[OPTION...] [NAME]",
	.summary	= "stop recording the events of these processes",
	.description	= description,
	.options	= options,
	.option		= tracker_option,
	.run		= run_untrack,
};
