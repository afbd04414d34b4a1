// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl add-context: LTTng's lttng add-context -k -t FIELD. ltt fixes a
 * channel's context fields when the channel is made (CHANNEL_CREATE), so
 * this makes the channel with them, or checks that an existing channel
 * records them already, and says so when it does not.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"

static const char description[] =
	"Records context FIELDs (pid, tid, procname, ...: lttctl(1) lists them;\n"
	"several: -t pid -t tid, or -t pid,tid) before every event of channel\n"
	"CHAN (default: the session's first; \"" DEFAULT_CHANNEL "\" in a session without\n"
	"channels) of session NAME. Unlike LTTng, ltt chooses a channel's\n"
	"context fields when the channel is made, not after: a channel that\n"
	"does not exist yet is made here with the defaults and these fields\n"
	"(lttctl enable-channel --context makes it with other options); for\n"
	"a channel that exists, add-context succeeds if it records the fields\n"
	"already, and otherwise says which it lacks and exits with 1.";

static char *opt_session, *opt_channel;
static int nr_types;

static const struct poptOption options[] = {
	SESSION_OPTION(opt_session),
	{ "channel", 'c', POPT_ARG_STRING, &opt_channel, 0,
	  "channel (default: the session's first)", "CHAN" },
	{ "type", 't', POPT_ARG_STRING, NULL, 't',
	  "the context field to record (pid, tid, procname, ...); repeatable",
	  "FIELD[,FIELD...]" },
	KERNEL_OPTION,
	POPT_TABLEEND
};

/* -t FIELD: chanopt.c's --context reads the names */
static int type_option(int val, const char *arg)
{
	if (val != 't')
		return 0;
	nr_types++;
	return channel_option('C', arg);
}

/* The fields an existing channel cfd lacks: said, 1; or 0. */
static int check_existing(int cfd, const char *chan, const char *session,
			  uint64_t want)
{
	struct ltt_channel_info ci;
	char *missing;
	int ret;

	ret = lttc_channel_info(cfd, &ci);
	if (ret < 0) {
		err("channel %s: %s", chan, strerror(-ret));
		return 1;
	}
	if (!(want & ~ci.context)) {
		printf("channel %s of session %s records these context fields already\n",
		       chan, session);
		return 0;
	}
	missing = context_list(want & ~ci.context);
	err("channel %s of session %s does not record %s, and ltt chooses a channel's context fields when it is made (LTTng adds them later): make a channel with them (lttctl enable-channel -s %s --context %s NEW), or a new session",
	    chan, session, missing ? missing : "some of them", session,
	    missing ? missing : "FIELD,...");
	free(missing);
	return 1;
}

static int run_add_context(const char **args __always_unused)
{
	struct ltt_channel_args a;
	char name[LTT_NAME_LEN] = "", *fields;
	int ctl, sfd, cfd, rc = LTTCTL_ERROR;
	const char *session;

	if (!nr_types) {
		err("add which context field? -t FIELD (lttctl(1) lists them)");
		return LTTCTL_USAGE;
	}
	if (channel_options_args(&a, opt_channel ? opt_channel : DEFAULT_CHANNEL))
		return LTTCTL_USAGE;
	sfd = ctl_session_open(opt_session, &ctl, &session);
	if (sfd < 0)
		return LTTCTL_ERROR;
	cfd = opt_channel ? lttc_channel_open(sfd, opt_channel) :
			    lttc_channel_open_index(sfd, 0, name);
	if (cfd >= 0) {
		rc = check_existing(cfd, opt_channel ? opt_channel : name,
				    session, a.context) ?
		     LTTCTL_ERROR : LTTCTL_OK;
		close(cfd);
	} else if (cfd == -ENOENT) {
		cfd = channel_add(sfd, session, &a);	/* said why not */
		if (cfd >= 0) {
			fields = context_list(a.context);
			printf("created channel %s in session %s, recording %s before every event\n",
			       a.name, session, fields ? fields : "the fields");
			free(fields);
			close(cfd);
			rc = LTTCTL_OK;
		}
	} else {
		err("channel %s: %s", opt_channel ? opt_channel : DEFAULT_CHANNEL,
		    strerror(-cfd));
	}
	close(sfd);
	close(ctl);
	return rc;
}

const struct lttctl_cmd lttctl_cmd_add_context = {
	.name		= "add-context",
	.summary	= "record context fields in a channel (LTTng's add-context)",
	.usage		= "[OPTION...] -t FIELD...",
	.description	= description,
	.options	= options,
	.option		= type_option,
	.run		= run_add_context,
};
