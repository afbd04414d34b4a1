// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl trigger: conditions on a session that act on it from the kernel,
 * where they hold (abi.h, "Triggers"). One command with an action word,
 * as LTTng's add-trigger/list-triggers/remove-trigger but on the
 * session: add, list, remove, wait. This file parses the line and checks
 * that each option given belongs to the action; the actions are
 * trigger-*.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "trigger.h"

static const char description[] =
	"Triggers of session NAME (-s; default: the only one). A trigger\n"
	"watches a condition and, each time it holds, acts on the session at\n"
	"once, in the kernel, from where it held (the event's own context,\n"
	"interrupts and NMIs included), with no daemon in the loop:\n"
	"\n"
	"  add -e EVENT [--filter EXPR] --action ACTION [--max N] [--every D]\n"
	"      a hit of EVENT (a name or a pattern with '*': any event ltt can\n"
	"      record, whether the session records it or not) that EXPR lets\n"
	"      through (the language of lttctl enable --filter).\n"
	"  add --buffer-usage PCT [-c CHAN] --action ACTION [--max N] ...\n"
	"      a buffer of channel CHAN (default: the session's first) at least\n"
	"      PCT (1-100) percent full of packets not yet read, checked every\n"
	"      100 ms while the session traces.\n"
	"      Prints \"trigger ID added\".\n"
	"  add --latency NAME (--above DURATION | --new-max) --action ACTION ...\n"
	"      a time of latency NAME (lttctl latency add) above DURATION, or\n"
	"      greater than every one before it, checked where it is counted.\n"
	"  add --hist NAME (--above N | --new-max) --action ACTION ...\n"
	"      the same on the values of histogram NAME (one with a value\n"
	"      field), or, for one with keys and no value field, a key's count:\n"
	"      above N fires once per key, when its count goes from N to N + 1.\n"
	"      Prints \"trigger ID added\".\n"
	"  list [--json]      the triggers, what they watch and their counts\n"
	"  remove ID          remove trigger ID\n"
	"  wait [--timeout D] [--serve] [--json]\n"
	"      print the first notification of a notify trigger and exit 0;\n"
	"      meanwhile write the snapshots snapshot triggers ask for when no\n"
	"      lttd drains the session. --serve: go on until the session is\n"
	"      destroyed (a service). Exits 1 on --timeout or when the session\n"
	"      goes away.\n"
	"\n"
	"ACTION: stop (freeze the buffers at once: they end with the trigger\n"
	"event; then stop the session, for lttctl snapshot), snapshot (freeze\n"
	"them and have lttd, or lttctl trigger wait, write a snapshot under\n"
	"the session's output, OUTPUT/snapshot-N-DATE-TIME), rotate (a\n"
	"rotation by lttd, as lttctl rotate), notify (wake lttctl trigger\n"
	"wait with the event and its fields). --max N: act N times at most;\n"
	"--every D: at most once per D (100ms, 5s, 1m); --after D: act D after\n"
	"the fire, the session recording meanwhile (a stop or a snapshot then\n"
	"holds what followed). Every fire is counted,\n"
	"and those not acted on: skipped_rate (--max, --every) and\n"
	"skipped_busy (the session could not take it then). Triggers are\n"
	"armed while the session traces, belong to it (lttctl save keeps them)\n"
	"and end with it.";

static struct trigger_opts o;

static const struct poptOption options[] = {
	SESSION_OPTION(o.session),
	{ "event", 'e', POPT_ARG_STRING, &o.event, 0,
	  "add: the event (a name or a pattern with '*')", "EVENT" },
	{ "filter", 0, POPT_ARG_STRING, &o.filter, 0,
	  "add: only the hits of -e EVENT that EXPR lets through", "EXPR" },
	{ "buffer-usage", 0, POPT_ARG_STRING, &o.usage, 0,
	  "add: when a buffer of the channel is PCT percent full (1-100)", "PCT" },
	{ "channel", 'c', POPT_ARG_STRING, &o.channel, 0,
	  "add --buffer-usage: the channel (default: the session's first)",
	  "CHAN" },
	{ "action", 0, POPT_ARG_STRING, &o.action, 0,
	  "add: what to do: stop, snapshot, rotate or notify", "ACTION" },
	{ "max", 0, POPT_ARG_STRING, &o.max, 0,
	  "add: act at most N times (default: no limit)", "N" },
	{ "every", 0, POPT_ARG_STRING, &o.every, 0,
	  "add: act at most once per DURATION (100ms, 5s, 1m)", "DURATION" },
	{ "latency", 0, POPT_ARG_STRING, &o.latency, 0,
	  "add: watch the times of latency NAME", "NAME" },
	{ "hist", 0, POPT_ARG_STRING, &o.hist, 0,
	  "add: watch the values (or keys' counts) of histogram NAME", "NAME" },
	{ "above", 0, POPT_ARG_STRING, &o.above, 0,
	  "add --latency, --hist: when one is above this (a duration for a latency)",
	  "VALUE" },
	{ "new-max", 0, POPT_ARG_NONE, &o.new_max, 0,
	  "add --latency, --hist: when one is greater than all before it",
	  NULL },
	{ "after", 0, POPT_ARG_STRING, &o.after, 0,
	  "add: act DURATION after the fire (recording meanwhile)",
	  "DURATION" },
	{ "timeout", 0, POPT_ARG_STRING, &o.timeout, 0,
	  "wait: give up after DURATION (exit 1; with --serve: exit 0)",
	  "DURATION" },
	{ "serve", 0, POPT_ARG_NONE, &o.serve, 0,
	  "wait: go on after a notification, until the session is destroyed",
	  NULL },
	{ "json", 0, POPT_ARG_NONE, &o.json, 0,
	  "list, wait: print JSON (doc/json.md)", NULL },
	POPT_TABLEEND
};

struct action {
	const char *name;
	int (*run)(const struct trigger_opts *o, const char **args);
	int nargs;			/* positional arguments after it */
	const char *argname;
};

static const struct action actions[] = {
	{ "add", trigger_add, 0, NULL },
	{ "list", trigger_list, 0, NULL },
	{ "remove", trigger_remove, 1, "ID" },
	{ "wait", trigger_wait, 0, NULL },
	{ NULL, NULL, 0, NULL }
};

/* An option given to an action that has no use for it: refused. */
static int option_for(const char *action, const char *opt, bool given,
		      const char *owners)
{
	if (!given)
		return 0;
	err("trigger %s: %s is for trigger %s", action, opt, owners);
	return -1;
}

static int options_fit(const char *a)
{
	bool add = !strcmp(a, "add"), wait = !strcmp(a, "wait");
	bool list = !strcmp(a, "list");

	if ((!add && (option_for(a, "-e", o.event, "add") ||
		      option_for(a, "--filter", o.filter, "add") ||
		      option_for(a, "--buffer-usage", o.usage, "add") ||
		      option_for(a, "-c", o.channel, "add --buffer-usage") ||
		      option_for(a, "--action", o.action, "add") ||
		      option_for(a, "--max", o.max, "add") ||
		      option_for(a, "--every", o.every, "add") ||
		      option_for(a, "--latency", o.latency, "add") ||
		      option_for(a, "--hist", o.hist, "add") ||
		      option_for(a, "--above", o.above, "add") ||
		      option_for(a, "--new-max", o.new_max, "add") ||
		      option_for(a, "--after", o.after, "add"))) ||
	    (!wait && (option_for(a, "--timeout", o.timeout, "wait") ||
		       option_for(a, "--serve", o.serve, "wait"))) ||
	    (!wait && !list && option_for(a, "--json", o.json, "list and wait")))
		return -1;
	return 0;
}

int trigger_session_open(const char *name, int *ctl, const char **resolved)
{
	return ctl_session_open_minor(name, 8, "triggers", ctl, resolved);
}

static int run_trigger(const char **args)
{
	const struct action *a;
	int n = 0;

	if (!args || !args[0]) {
		err("trigger: which action? add, list, remove or wait (see --help)");
		return LTTCTL_USAGE;
	}
	for (a = actions; a->name; a++)
		if (!strcmp(a->name, args[0]))
			break;
	if (!a->name) {
		err("trigger: unknown action '%s' (add, list, remove or wait)",
		    args[0]);
		return LTTCTL_USAGE;
	}
	if (options_fit(a->name))
		return LTTCTL_USAGE;
	while (args[1 + n])
		n++;
	if (n < a->nargs) {
		err("trigger %s: missing %s (see --help)", a->name, a->argname);
		return LTTCTL_USAGE;
	}
	if (n > a->nargs) {
		err("trigger %s: unexpected argument '%s' (see --help)", a->name,
		    args[1 + a->nargs]);
		return LTTCTL_USAGE;
	}
	return a->run(&o, args + 1);
}

const struct lttctl_cmd lttctl_cmd_trigger = {
	.name		= "trigger",
	.summary	= "act on a session when an event, a buffer's fill or a histogram's value says so",
	.usage		= "add|list|remove|wait [OPTION...] [ID]",
	.description	= description,
	.options	= options,
	.min_args	= 0,
	.max_args	= -1,
	.run		= run_trigger,
};
