// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl snapshot: write what a session's buffers hold now into a new
 * trace directory, without stopping it or consuming what it copies (a
 * flight recorder's dump).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"

static const char description[] =
	"Copies what every buffer of session NAME holds now into DIR (default\n"
	"$HOME/ltt-traces/NAME-snapshot-DATE-TIME), a complete trace, while the\n"
	"session goes on tracing. Nothing is taken out of the buffers: a second\n"
	"snapshot holds the same events and the newer ones, and when lttd drains\n"
	"the session its trace loses nothing to the snapshot. The packet being\n"
	"written is closed first, so the snapshot ends now. Meant for\n"
	"--overwrite sessions (a flight recorder: the newest events); of a\n"
	"drained session it holds what lttd has not written out yet.";

static char *opt_session, *opt_output;

static const struct poptOption options[] = {
	SESSION_OPTION(opt_session),
	{ "output", 'o', POPT_ARG_STRING, &opt_output, 0,
	  "directory of the snapshot (must not hold a trace)", "DIR" },
	POPT_TABLEEND
};

int snapshot_write(const char *name, const char *dir)
{
	const char *lttd_argv[] = { "lttd", "--snapshot", "-q", "-s", name,
				    "-o", dir, NULL };

	if (run_lttd(lttd_argv) == 0)
		return 0;
	err("the snapshot failed (see lttd's message above)");
	return -1;
}

static int run_snapshot(const char **args __always_unused)
{
	int rc = LTTCTL_ERROR, ctl, sfd;
	const char *resolved;
	char *dir;

	sfd = ctl_session_open(opt_session, &ctl, &resolved);
	if (sfd < 0)
		return LTTCTL_ERROR;
	dir = opt_output ? absolute_path(opt_output) :
			   default_dir(resolved, "snapshot-");
	if (!dir)
		goto out;
	if (!snapshot_write(resolved, dir)) {
		printf("Snapshot of %s written to %s\n  read it with: babeltrace2 %s\n",
		       resolved, dir, dir);
		rc = LTTCTL_OK;
	}
	free(dir);
out:
	close(sfd);
	close(ctl);
	return rc;
}

const struct lttctl_cmd lttctl_cmd_snapshot = {
	.name		= "snapshot",
	.usage		= "[OPTION...] [NAME]",
	.summary	= "write the buffers of a session as a new trace",
	.description	= description,
	.options	= options,
	.run		= run_snapshot,
};
