// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl destroy: drop sessions and their buffers, without writing them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"

static const char description[] =
	"Stops session NAME (default: the only one) and frees its buffers\n"
	"without writing them out; a daemon still draining it ends. With --all,\n"
	"every session. Use lttctl stop to keep the trace.";

static char *opt_session;
static int opt_all;

static const struct poptOption options[] = {
	SESSION_OPTION(opt_session),
	{ "all", 'a', POPT_ARG_NONE, &opt_all, 0, "every session", NULL },
	POPT_TABLEEND
};

static int destroy(int ctl, const char *name)
{
	const char *resolved;
	int sfd, ret;

	sfd = session_open(ctl, name, &resolved);
	if (sfd < 0)
		return -1;
	ret = lttc_session_destroy(sfd);
	if (ret < 0)
		err("cannot destroy '%s': %s", resolved, strerror(-ret));
	else
		printf("Session %s destroyed.\n", resolved);
	close(sfd);
	return ret < 0 ? -1 : 0;
}

static int run_destroy(const char **args __always_unused)
{
	int rc, ctl;

	if (opt_all && opt_session) {
		err("give either -s NAME or --all, not both");
		return LTTCTL_USAGE;
	}
	ctl = ctl_open();
	if (ctl < 0)
		return LTTCTL_ERROR;
	if (opt_all)
		rc = for_each_session(ctl, destroy);
	else
		rc = destroy(ctl, opt_session) ? LTTCTL_ERROR : LTTCTL_OK;
	close(ctl);
	return rc;
}

const struct lttctl_cmd lttctl_cmd_destroy = {
	.name		= "destroy",
	.summary	= "drop a session and its buffers",
	.description	= description,
	.options	= options,
	.run		= run_destroy,
};
