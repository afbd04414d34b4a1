// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl enable: add "record EVENT" rules to a channel of a session, also
 * while it traces. events_run() serves lttctl disable too.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"

static const char description[] =
	"Records EVENT (a name, or a pattern such as 'sched_*'; '*' is every\n"
	"event) in channel CHAN of session NAME, from now on, also while\n"
	"tracing. Events that modules register later are recorded as well\n"
	"when they match.";

static char *opt_session, *opt_channel;

const struct poptOption events_options[] = {
	SESSION_OPTION(opt_session),
	{ "channel", 'c', POPT_ARG_STRING, &opt_channel, 0,
	  "channel (default: the session's first)", "CHAN" },
	POPT_TABLEEND
};

/* Add the rules to the channel; events: at least one name or pattern. */
int events_run(const char **events, bool enable)
{
	const char *chan = opt_channel;
	int rc = LTTCTL_ERROR, ctl, sfd, cfd, ret, i;

	sfd = ctl_session_open(opt_session, &ctl, NULL);
	if (sfd < 0)
		return LTTCTL_ERROR;
	cfd = chan ? lttc_channel_open(sfd, chan) :
		     lttc_channel_open_index(sfd, 0, NULL);
	if (cfd < 0) {
		err("%s: %s", chan ? chan : "the session's channel",
		    cfd == -ENOENT ? "no such channel" : strerror(-cfd));
		goto out;
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
out:
	close(sfd);
	close(ctl);
	return rc;
}

static int run_enable(const char **events)
{
	return events_run(events, true);
}

const struct lttctl_cmd lttctl_cmd_enable = {
	.name		= "enable",
	.summary	= "record more events in a session",
	.usage		= "[OPTION...] EVENT...",
	.description	= description,
	.options	= events_options,
	.min_args	= 1,
	.max_args	= -1,
	.run		= run_enable,
};
