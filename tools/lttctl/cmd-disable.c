// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl disable: add "do not record EVENT" rules (see cmd-enable.c).
 */
#include "lttctl.h"

static const char description[] =
	"Stops recording EVENT (a name or a pattern) in channel CHAN of session\n"
	"NAME. Rules apply in order, the last matching one wins: enable 'sched_*'\n"
	"then disable sched_switch records every sched_ event but that one;\n"
	"disable '*' drops every rule. a,b,c is the three, as LTTng splits them;\n"
	"lttctl disable-event is this command under LTTng's name.";

static int run_disable(const char **events)
{
	return events_run(events, false);
}

const struct lttctl_cmd lttctl_cmd_disable = {
	.name		= "disable",
	.summary	= "stop recording some events",
	.usage		= "[OPTION...] EVENT[,EVENT...]...",
	.description	= description,
	.options	= events_options,
	.min_args	= 1,
	.max_args	= -1,
	.run		= run_disable,
};

/* LTTng's name of the same command: lttng disable-event -k ... */
const struct lttctl_cmd lttctl_cmd_disable_event = {
	.name		= "disable-event",
	.summary	= "stop recording some events (LTTng's name of disable)",
	.usage		= "[OPTION...] EVENT[,EVENT...]...",
	.description	= description,
	.options	= events_options,
	.min_args	= 1,
	.max_args	= -1,
	.run		= run_disable,
};
