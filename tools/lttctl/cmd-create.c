// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl create: make a session, not started, with its trace directory,
 * its rotation schedule and, given channel options, its first channel
 * (LTTng's lttng create).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"
#include "modules.h"

static const char description[] =
	"Creates session NAME (default \"" DEFAULT_SESSION "\") without starting it; its\n"
	"trace goes to DIR (default $HOME/ltt-traces/NAME-DATE-TIME). Given\n"
	"channel options, its channel \"" DEFAULT_CHANNEL "\" is made with them; else\n"
	"lttctl enable-channel makes channels, or lttctl enable without -c makes\n"
	"\"" DEFAULT_CHANNEL "\" with the defaults. lttctl enable, disable and track\n"
	"configure it, lttctl start -s NAME starts it, lttctl stop stops it and\n"
	"keeps it (start resumes it), lttctl destroy ends it.\n"
	"The session's first channel records the state dump (lttng_statedump_*:\n"
	"what runs when tracing starts, and at each rotation) unless\n"
	"--no-statedump.\n"
	"With --rotate-every or --rotate-size, lttd archives the current trace\n"
	"chunk that often, or once it holds SIZE: DIR/archives/BEGIN-END-N, a\n"
	"trace of its own; lttctl rotate does it at once. --keep-chunks and\n"
	"--keep-size delete the oldest archives, so that the session's disk use\n"
	"stays bounded. lttctl enable-rotation and disable-rotation change them.\n"
	"DURATION: a number and a unit, us, ms, s, m, h or d (30s, 10m, 1h, 2d).\n"
	"SIZE takes a k, M or G suffix.";

static const struct poptOption options[] = {
	{ NULL, 0, POPT_ARG_INCLUDE_TABLE, (void *)session_options, 0, NULL, NULL },
	{ NULL, 0, POPT_ARG_INCLUDE_TABLE, (void *)channel_options, 0,
	  "Its channel " DEFAULT_CHANNEL " (lttctl-enable-channel(1)):", NULL },
	POPT_TABLEEND
};

/* The module handles what create configures: ABI 1.7. */
static int check_abi(int ctl)
{
	struct ltt_version v;
	int ret = lttc_version(ctl, &v);

	if (ret < 0) {
		err("cannot ask the ltt module its version: %s", strerror(-ret));
		return -1;
	}
	if (v.minor >= 7)
		return 0;
	err("the loaded ltt module speaks ABI %u.%u: sessions that stop and start again need 1.7 (lttctl start -e ... works with it)",
	    v.major, v.minor);
	return -1;
}

static int run_create(const char **args)
{
	const char *name = args ? args[0] : DEFAULT_SESSION;
	struct ltt_session_config c;
	struct ltt_channel_args a;
	bool channel = channel_options_given();
	int ctl, sfd, cfd, rc;
	struct ltt_output out;
	char desc[OUTPUT_DESCRIBE_LEN], *made = NULL;

	if (channel && channel_options_args(&a, DEFAULT_CHANNEL))
		return LTTCTL_USAGE;
	rc = session_options_get(name, &out, &c);
	if (rc)
		return rc;
	rc = LTTCTL_ERROR;
	if (!(getenv("LTT_AUTOLOAD") && !strcmp(getenv("LTT_AUTOLOAD"), "0")) &&
	    autoload(NULL, 0))
		goto out_dir;
	ctl = ctl_open();
	if (ctl < 0)
		goto out_dir;
	if (check_abi(ctl))
		goto out_ctl;
	made = dirs_missing(out.dir);	/* what a refusal removes */
	sfd = session_new(ctl, name, &out, &c);
	if (sfd < 0)
		goto out_ctl;
	if (channel) {
		cfd = channel_add(sfd, name, &a);
		if (cfd < 0) {
			lttc_session_destroy(sfd);
			goto out_sfd;
		}
		close(cfd);
	}
	printf("Session %s created; its trace will go to %s\n", name,
	       output_describe(&out, desc, sizeof(desc)));
	if (!channel)
		printf("Next: lttctl enable -s %s EVENT... (or enable-channel), then lttctl start -s %s\n",
		       name, name);
	rc = LTTCTL_OK;
out_sfd:
	close(sfd);
out_ctl:
	close(ctl);
	if (rc != LTTCTL_OK)	/* the directories it made, if still empty */
		dirs_remove(out.dir, made);
	free(made);
out_dir:
	ltt_output_free(&out);
	return rc;
}

const struct lttctl_cmd lttctl_cmd_create = {
	.name		= "create",
	.summary	= "create a session, not started",
	.usage		= "[NAME] [OPTION...]",
	.description	= description,
	.options	= options,
	.option		= channel_option,
	.min_args	= 0,
	.max_args	= 1,
	.run		= run_create,
};
