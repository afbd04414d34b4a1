// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl latency: histograms of the time between a start event and an
 * end event of the same thread, kept in the kernel (abi.h,
 * "Histograms"); the work is hist.c's.
 */
#include "hist.h"

static const char description[] =
	"Latency histograms of session NAME (-s; default: the only one),\n"
	"kept in the kernel at no disk cost:\n"
	"\n"
	"  add NAME --start EVENT [--start-filter EXPR] --end EVENT\n"
	"      [--end-filter EXPR] [--buckets B] [--max-pending N]\n"
	"      pair each hit of the start event (an exact name) that its filter\n"
	"      lets through with the next hit of the end event by the same\n"
	"      thread, and count the nanoseconds between them in buckets: log2\n"
	"      (default) or linear:WIDTH (ns). Starts wait in a table of N\n"
	"      (default 4096, at most 65536); a start that gets no end (its\n"
	"      thread starts again, exits, the session stops, the table is\n"
	"      full) is counted as dropped, never paired with another's end.\n"
	"  show [NAME] [--json]   the histograms (or one), as lttctl hist show\n"
	"  clear [NAME]           back to zero (all, or one)\n"
	"  remove NAME            remove it\n"
	"\n"
	"Example: lttctl latency add sleep --start sys_nanosleep --end\n"
	"exit_syscall --start-filter '$ctx.pid == 1234'.";

static struct hist_opts o = { .cmd = "latency", .latency = true };

static const struct poptOption options[] = {
	SESSION_OPTION(o.session),
	{ "start", 0, POPT_ARG_STRING, &o.start, 0,
	  "add: the start event (an exact name)", "EVENT" },
	{ "start-filter", 0, POPT_ARG_STRING, &o.start_filter, 0,
	  "add: only the starts that EXPR lets through", "EXPR" },
	{ "end", 0, POPT_ARG_STRING, &o.end, 0,
	  "add: the end event (an exact name)", "EVENT" },
	{ "end-filter", 0, POPT_ARG_STRING, &o.end_filter, 0,
	  "add: only the ends that EXPR lets through", "EXPR" },
	{ "buckets", 0, POPT_ARG_STRING, &o.buckets, 0,
	  "add: log2 (default) or linear:WIDTH (ns)", "B" },
	{ "max-pending", 0, POPT_ARG_STRING, &o.max_pending, 0,
	  "add: starts waiting for their end at most (default 4096)", "N" },
	{ "json", 0, POPT_ARG_NONE, &o.json, 0,
	  "show: print JSON (doc/json.md)", NULL },
	POPT_TABLEEND
};

static int run_latency(const char **args)
{
	return hist_run(&o, args);
}

const struct lttctl_cmd lttctl_cmd_latency = {
	.name		= "latency",
	.summary	= "histograms of the time between two events, in the kernel",
	.usage		= "add|show|clear|remove [OPTION...] [NAME]",
	.description	= description,
	.options	= options,
	.min_args	= 0,
	.max_args	= -1,
	.run		= run_latency,
};
