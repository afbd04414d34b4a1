// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl enable: add "record EVENT" rules to a channel of a session, also
 * while it traces. events_cmd() serves lttctl disable too.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"

static const char enable_desc[] =
	"Records EVENT (a name, or a pattern such as 'sched_*'; '*' is every\n"
	"event) in channel CHAN of session NAME, from now on, also while\n"
	"tracing. Events that modules register later are recorded as well\n"
	"when they match.";

static const char disable_desc[] =
	"Stops recording EVENT (a name or a pattern) in channel CHAN of session\n"
	"NAME. Rules apply in order, the last matching one wins: enable 'sched_*'\n"
	"then disable sched_switch records every sched_ event but that one;\n"
	"disable '*' drops every rule.";

int events_cmd(int argc, const char **argv, bool enable)
{
	char *name = NULL, *chan = NULL;
	const char **events = NULL;
	int help = 0, rc, ctl, sfd, cfd, ret, i;
	struct poptOption opts[] = {
		{ "session", 's', POPT_ARG_STRING, &name, 0,
		  "session (default: the only one)", "NAME" },
		{ "channel", 'c', POPT_ARG_STRING, &chan, 0,
		  "channel (default: the session's first)", "CHAN" },
		HELP_OPTION(help),
		POPT_TABLEEND
	};
	poptContext pc = poptGetContext(enable ? "lttctl enable" :
				       "lttctl disable", argc, argv, opts, 0);

	rc = cmd_parse(pc, "[OPTION...] EVENT...",
		       enable ? enable_desc : disable_desc, &help, NULL, NULL,
		       1, -1, &events);
	if (rc >= 0)
		goto out;
	rc = LTTCTL_ERROR;
	sfd = ctl_session_open(name, &ctl, NULL);
	if (sfd < 0)
		goto out;
	cfd = chan ? lttc_channel_open(sfd, chan) :
		     lttc_channel_open_index(sfd, 0, NULL);
	if (cfd < 0) {
		err("%s: %s", chan ? chan : "the session's channel",
		    cfd == -ENOENT ? "no such channel" : strerror(-cfd));
		goto out_sfd;
	}
	rc = LTTCTL_OK;
	for (i = 0; events[i]; i++) {
		ret = enable ? lttc_event_enable(cfd, events[i]) :
			       lttc_event_disable(cfd, events[i]);
		if (ret < 0) {
			err("cannot %s '%s': %s", enable ? "enable" : "disable",
			    events[i], ret == -EINVAL || ret == -ENAMETOOLONG ?
			    "not an event name or pattern" :
			    ret == -ENOENT ?
			    "unavailable on this kernel (lttctl list)" :
			    ret == -EBUSY ? "the session is stopped" :
			    strerror(-ret));
			rc = LTTCTL_ERROR;
		} else if (ret == 0 && enable) {
			warn("no event matches '%s' now; it is recorded if a module brings one",
			     events[i]);
		} else {
			printf("%s '%s' (%d event%s)\n",
			       enable ? "enabled" : "disabled", events[i], ret,
			       ret == 1 ? "" : "s");
		}
	}
	close(cfd);
out_sfd:
	close(sfd);
	close(ctl);
out:
	poptFreeContext(pc);
	return rc;
}

int cmd_enable(int argc, const char **argv)
{
	return events_cmd(argc, argv, true);
}
