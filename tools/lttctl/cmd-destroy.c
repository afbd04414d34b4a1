// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl destroy: drop sessions and their buffers, without writing them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"

static const char desc[] =
	"Stops session NAME (default: the only one) and frees its buffers\n"
	"without writing them out; a daemon still draining it ends. With --all,\n"
	"every session. Use lttctl stop to keep the trace.";

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

int cmd_destroy(int argc, const char **argv)
{
	char *name = NULL;
	int all = 0, help = 0, rc, ctl;
	struct poptOption opts[] = {
		{ "session", 's', POPT_ARG_STRING, &name, 0,
		  "session (default: the only one)", "NAME" },
		{ "all", 'a', POPT_ARG_NONE, &all, 0, "every session", NULL },
		HELP_OPTION(help),
		POPT_TABLEEND
	};
	poptContext pc = poptGetContext("lttctl destroy", argc, argv, opts, 0);

	rc = cmd_parse(pc, "[OPTION...]", desc, &help, NULL, NULL, 0, 0, NULL);
	if (rc >= 0)
		goto out;
	if (all && name) {
		err("give either -s NAME or --all, not both");
		rc = LTTCTL_USAGE;
		goto out;
	}
	rc = LTTCTL_ERROR;
	ctl = ctl_open();
	if (ctl < 0)
		goto out;
	if (all)
		rc = for_each_session(ctl, destroy);
	else
		rc = destroy(ctl, name) ? LTTCTL_ERROR : LTTCTL_OK;
	close(ctl);
out:
	poptFreeContext(pc);
	return rc;
}
