// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl statedump: record the state dump again, now, in a running session.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"

static const char description[] =
	"Records, in session NAME (default: the only one), what exists now:\n"
	"every thread, open file, network interface and CPU, as the\n"
	"lttng_statedump_* events (lttctl start records them once at the\n"
	"start). The session must be recording and enable those events.";

static char *opt_session;

static const struct poptOption options[] = {
	SESSION_OPTION(opt_session),
	POPT_TABLEEND
};

static int run_statedump(const char **args __always_unused)
{
	const char *resolved;
	int ctl, sfd, ret, rc = LTTCTL_ERROR;

	ctl = ctl_open();
	if (ctl < 0)
		return LTTCTL_ERROR;
	sfd = session_open(ctl, opt_session, &resolved);
	if (sfd < 0)
		goto out;
	ret = lttc_session_statedump(sfd);
	if (ret == -EINVAL)
		err("session '%s' is not recording", resolved);
	else if (ret == -ENOENT)
		err("session '%s' records no state dump event (it was started with --no-statedump, or without lttng_statedump_*)",
		    resolved);
	else if (ret < 0)
		err("cannot dump the state into '%s': %s", resolved, strerror(-ret));
	else {
		printf("State dump recorded in session %s.\n", resolved);
		rc = LTTCTL_OK;
	}
	close(sfd);
out:
	close(ctl);
	return rc;
}

const struct lttctl_cmd lttctl_cmd_statedump = {
	.name		= "statedump",
	.usage		= "[OPTION...] [NAME]",
	.summary	= "record what exists now in a running session",
	.description	= description,
	.options	= options,
	.run		= run_statedump,
};
