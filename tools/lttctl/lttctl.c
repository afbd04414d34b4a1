// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl: control ltt tracing sessions. This file holds the global options
 * and the command table; each command lives in cmd-<verb>.c.
 */
#include <stdio.h>
#include <string.h>
#include "lttctl.h"

static const struct lttctl_cmd commands[] = {
	{ "start",	cmd_start,	"create a session and start tracing" },
	{ "stop",	cmd_stop,	"stop tracing, write out the trace, print a summary" },
	{ "status",	cmd_status,	"show sessions, channels and per-CPU counters" },
	{ "list",	cmd_list,	"list the events and markers that can be recorded" },
	{ "enable",	cmd_enable,	"record more events in a session" },
	{ "disable",	cmd_disable,	"stop recording some events" },
	{ "snapshot",	cmd_snapshot,	"write the buffers of a session as a new trace" },
	{ "destroy",	cmd_destroy,	"drop a session and its buffers" },
	{ "mark",	cmd_mark,	"record a text event in the trace" },
	{ NULL, NULL, NULL }
};

static void usage(FILE *f)
{
	const struct lttctl_cmd *c;

	fprintf(f, "Usage: lttctl [--help | --version] COMMAND [OPTION...] [ARG...]\n\n"
		   "Commands:\n");
	for (c = commands; c->name; c++)
		fprintf(f, "  %-10s %s\n", c->name, c->summary);
	fprintf(f, "\n'lttctl COMMAND --help' describes a command; man lttctl has it all.\n");
}

int main(int argc, const char **argv)
{
	const struct lttctl_cmd *c;

	if (argc < 2) {
		err("no command given");
		usage(stderr);
		return LTTCTL_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		usage(stdout);
		return LTTCTL_OK;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("lttctl (ltt) ABI %d.%d\n", LTT_ABI_MAJOR, LTT_ABI_MINOR);
		return LTTCTL_OK;
	}
	for (c = commands; c->name; c++) {
		if (!strcmp(argv[1], c->name)) {
			char prog[64];

			/* "lttctl start" in popt's usage lines */
			snprintf(prog, sizeof(prog), "lttctl %s", c->name);
			argv[1] = prog;
			return c->fn(argc - 1, argv + 1);
		}
	}
	err("unknown command '%s' (lttctl --help lists them)", argv[1]);
	return LTTCTL_USAGE;
}
