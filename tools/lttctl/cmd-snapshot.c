// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl snapshot: write what a session's buffers hold now into a new
 * trace directory, without stopping it (a flight recorder's dump).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"

static const char desc[] =
	"Writes the current content of every buffer of session NAME into DIR\n"
	"(default $HOME/ltt-traces/NAME-snapshot-DATE-TIME), a complete trace,\n"
	"while the session goes on tracing. Meant for --overwrite sessions,\n"
	"which no daemon drains: the snapshot holds the newest events. The\n"
	"data written is taken out of the buffers.";

int cmd_snapshot(int argc, const char **argv)
{
	const char *lttd_argv[] = { "lttd", "--snapshot", "-q", "-s", NULL,
				    "-o", NULL, NULL };
	char *name = NULL, *out = NULL, *dir = NULL;
	struct ltt_session_info si;
	const char *resolved;
	int help = 0, rc, ctl, sfd;
	struct poptOption opts[] = {
		{ "session", 's', POPT_ARG_STRING, &name, 0,
		  "session (default: the only one)", "NAME" },
		{ "output", 'o', POPT_ARG_STRING, &out, 0,
		  "directory of the snapshot (must not hold a trace)", "DIR" },
		HELP_OPTION(help),
		POPT_TABLEEND
	};
	poptContext pc = poptGetContext("lttctl snapshot", argc, argv, opts, 0);

	rc = cmd_parse(pc, "[OPTION...]", desc, &help, NULL, NULL, 0, 0, NULL);
	if (rc >= 0)
		goto out;
	rc = LTTCTL_ERROR;
	sfd = ctl_session_open(name, &ctl, &resolved);
	if (sfd < 0)
		goto out;
	if (lttc_session_info(sfd, &si) >= 0 && si.consumer_pid) {
		err("lttd (pid %d) drains session '%s' already: its trace is on disk; snapshots are for --overwrite sessions",
		    si.consumer_pid, resolved);
		goto out_sfd;
	}
	dir = out ? absolute_path(out) : default_dir(resolved, "snapshot-");
	if (!dir)
		goto out_sfd;
	lttd_argv[4] = resolved;
	lttd_argv[6] = dir;
	if (run_lttd(lttd_argv) == 0) {
		printf("Snapshot of %s written to %s\n  read it with: babeltrace2 %s\n",
		       resolved, dir, dir);
		rc = LTTCTL_OK;
	} else {
		err("the snapshot failed (see lttd's message above)");
	}
	free(dir);
out_sfd:
	close(sfd);
	close(ctl);
out:
	poptFreeContext(pc);
	return rc;
}
