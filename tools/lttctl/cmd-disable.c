// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl disable: add "do not record EVENT" rules (see cmd-enable.c).
 */
#include "lttctl.h"

static const char description[] =
	"Stops recording EVENT (a name or a pattern) in channel CHAN of session\n"
	"NAME. Rules apply in order, the last matching one wins: enable 'sched_*'\n"
	"then disable sched_switch records every sched_ event but that one;\n"
	"disable '*' drops every rule.";

static int run_disable(const char **events)
{
	return events_run(events, false);
}

const struct lttctl_cmd lttctl_cmd_disable = {
	.name		= "disable",
	.summary	= "stop recording some events",
	.usage		= "[OPTION...] EVENT...",
	.description	= description,
	.options	= events_options,
	.min_args	= 1,
	.max_args	= -1,
	.run		= run_disable,
};
