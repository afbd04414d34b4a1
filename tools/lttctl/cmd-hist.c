// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl hist: histograms of an event's hits kept in the kernel
 * (abi.h, "Histograms"); the work is hist.c's.
 */
#include "hist.h"

static const char description[] =
	"Histograms of session NAME (-s; default: the only one), kept in the\n"
	"kernel at no disk cost, updated where the event happens (any\n"
	"context, no lock), read at any time:\n"
	"\n"
	"  add NAME -e EVENT [--filter EXPR] [--value FIELD]\n"
	"      [--key FIELD|$ctx.NAME [--max-keys N]] [--buckets B]\n"
	"      count the hits of EVENT (an exact name) that EXPR lets through\n"
	"      (the language of lttctl enable --filter); --value: sum the\n"
	"      integer field FIELD and count its values in buckets; --key:\n"
	"      count and sum per value of an integer field or context field\n"
	"      ($ctx.pid, $ctx.tid, $ctx.cpu_id, ...), at most N keys (default\n"
	"      1024, at most 65536): hits with a new key once N are kept are\n"
	"      counted as dropped. B: log2 (default: [2^(i-1), 2^i)) or\n"
	"      linear:WIDTH ([i*WIDTH, (i+1)*WIDTH)), 64 buckets.\n"
	"  show [NAME] [--json]   the histograms (or one), their buckets and keys\n"
	"  clear [NAME]           back to zero (all, or one)\n"
	"  remove NAME            remove it\n"
	"\n"
	"Histograms count while the session traces, belong to it and end with\n"
	"it. lttctl latency makes histograms of the time between two events.";

static struct hist_opts o = { .cmd = "hist" };

static const struct poptOption options[] = {
	SESSION_OPTION(o.session),
	{ "event", 'e', POPT_ARG_STRING, &o.event, 0,
	  "add: the event (an exact name)", "EVENT" },
	{ "filter", 0, POPT_ARG_STRING, &o.filter, 0,
	  "add: only the hits that EXPR lets through", "EXPR" },
	{ "value", 0, POPT_ARG_STRING, &o.value, 0,
	  "add: sum this integer field and bucket its values", "FIELD" },
	{ "key", 0, POPT_ARG_STRING, &o.key, 0,
	  "add: count per value of this field or $ctx.NAME", "FIELD" },
	{ "max-keys", 0, POPT_ARG_STRING, &o.max_keys, 0,
	  "add: keep at most N keys (default 1024)", "N" },
	{ "buckets", 0, POPT_ARG_STRING, &o.buckets, 0,
	  "add: log2 (default) or linear:WIDTH", "B" },
	{ "json", 0, POPT_ARG_NONE, &o.json, 0,
	  "show: print JSON (doc/json.md)", NULL },
	POPT_TABLEEND
};

static int run_hist(const char **args)
{
	return hist_run(&o, args);
}

const struct lttctl_cmd lttctl_cmd_hist = {
	.name		= "hist",
	.summary	= "histograms of an event's values, kept in the kernel",
	.usage		= "add|show|clear|remove [OPTION...] [NAME]",
	.description	= description,
	.options	= options,
	.min_args	= 0,
	.max_args	= -1,
	.run		= run_hist,
};
