// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl snapshot: write what a session's buffers hold now into a new
 * trace directory, without stopping it or consuming what it copies (a
 * flight recorder's dump).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "lttctl.h"

static const char description[] =
	"Copies what every buffer of session NAME holds now into DIR, a complete\n"
	"trace, while the session goes on tracing. Without -o, DIR is a new\n"
	"OUTPUT/snapshot-N-DATE-TIME in the session's trace directory OUTPUT (N\n"
	"one more than the highest there: LTTng's naming, as a trigger's\n"
	"snapshots), and the oldest snapshot-N-* directories beyond the\n"
	"session's --keep-snapshots N (else --keep-chunks N) and --keep-size\n"
	"are removed. Nothing is taken out of the buffers: a second snapshot\n"
	"holds the same events and the newer ones, and when lttd drains the\n"
	"session its trace loses nothing to the snapshot. The packet being\n"
	"written is closed first, so the snapshot ends now. Meant for\n"
	"--overwrite sessions (a flight recorder: the newest events); of a\n"
	"drained session it holds what lttd has not written out yet.";

static char *opt_session, *opt_output;

static const struct poptOption options[] = {
	SESSION_OPTION(opt_session),
	{ "output", 'o', POPT_ARG_STRING, &opt_output, 0,
	  "directory of the snapshot (must not hold a trace; default "
	  "OUTPUT/snapshot-N-DATE-TIME)", "DIR" },
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

void snapshot_prune(int sfd, const char *output, const char *kept)
{
	struct ltt_session_config c;
	struct ltt_output o = { 0 };
	bool shipping;
	int n;

	if (lttc_session_get_config(sfd, &c) < 0)
		return;
	/* a session with a relay counts what goes unshipped */
	shipping = !ltt_output_get(sfd, &o) && o.url;
	ltt_output_free(&o);
	n = ltt_snapshot_prune_spool(output, LTT_KEEP_SNAPSHOTS(&c),
				     c.keep_size, kept, shipping);
	if (n < 0)
		warn("%s: removing the oldest snapshots: %s", output,
		     strerror(-n));
}

static int run_snapshot(const char **args __always_unused)
{
	int rc = LTTCTL_ERROR, ctl, sfd, ret;
	struct ltt_output o = { 0 };
	const char *resolved;
	char *dir = NULL, made[PATH_MAX], spool[PATH_MAX];
	const char *top = NULL;

	sfd = ctl_session_open(opt_session, &ctl, &resolved);
	if (sfd < 0)
		return LTTCTL_ERROR;
	if (opt_output) {
		dir = absolute_path(opt_output);
		if (!dir)
			err("-o %s: cannot make it an absolute path: %s",
			    opt_output, strerror(errno));
	} else if (ltt_output_get(sfd, &o) < 0 ||
		   !(top = ltt_spool_dir(&o, resolved, spool, sizeof(spool)))) {
		err("session %s has no trace directory to hold its snapshots: give -o DIR",
		    resolved);
	} else if ((ret = ltt_snapshot_dir(top, time(NULL), made,
					   sizeof(made))) < 0) {
		err("cannot make a snapshot directory in %s: %s", top,
		    strerror(-ret));
	} else {
		dir = strdup(made);
		if (!dir)
			err("out of memory");
	}
	if (!dir)
		goto out;
	if (!snapshot_write(resolved, dir)) {
		if (!opt_output)
			snapshot_prune(sfd, top, dir);
		printf("Snapshot of %s written to %s\n  read it with: babeltrace2 %s\n",
		       resolved, dir, dir);
		rc = LTTCTL_OK;
	} else if (!opt_output) {
		rmdir(dir);	/* the empty directory made for it, if left */
	}
	free(dir);
out:
	ltt_output_free(&o);
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
