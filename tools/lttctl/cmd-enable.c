// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl enable: add "record EVENT" rules to a channel of a session, also
 * while it traces. events_run() serves lttctl disable too.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"
#include "modules.h"

static const char description[] =
	"Records EVENT (a name, or a pattern such as 'sched_*'; '*' is every\n"
	"event; a,b,c is the three, as LTTng splits them) in channel CHAN of\n"
	"session NAME, from now on, also while\n"
	"tracing. Events that modules register later are recorded as well\n"
	"when they match. Patterns leave out the events \"lttctl list\" marks\n"
	"\"by name only\" (syscall_raw_entry/exit, which double sys_<name>).\n"
	"Without -c, in the session's first channel; in a session without\n"
	"channels (lttctl create), the channel \"" DEFAULT_CHANNEL "\" is made with the\n"
	"defaults first. It loads the installed probe modules that have events\n"
	"matching (modprobe), unless --no-autoload (or LTT_AUTOLOAD=0).\n"
	"--syscall open,read records the system calls open and read (the\n"
	"events sys_open and sys_read, each with its exit); -k (LTTng's kernel\n"
	"domain) changes nothing: ltt traces the kernel only. lttctl\n"
	"enable-event is this command under LTTng's name.\n"
	"\n"
	"FILTERS. With --filter EXPR the EVENTs are recorded only when EXPR is\n"
	"true, decided in the kernel before anything is written. EXPR is\n"
	"LTTng's filter language: the event's fields by name, context fields\n"
	"as $ctx.NAME ($ctx.procname, $ctx.vpid, $ctx.tid, ... whether or not\n"
	"the channel records them), numbers (decimal, 0x hex, 0 octal, 2.5),\n"
	"\"strings\" where * matches any characters (\\* a star), and, from the\n"
	"tightest: unary - + ! ~, then << >>, &, ^, |, < <= > >=, == !=, &&,\n"
	"||, parentheses. Unlike C, & ^ | bind tighter than comparisons\n"
	"(2 & 2 == 2 is true). Strings compare with == and != only. An event\n"
	"that lacks a field of EXPR is not recorded. Every event takes\n"
	"filters: tracepoints, system calls (an exit_syscall follows its\n"
	"entry's verdict), markers, the state dump, and dynamic probes (on\n"
	"their fetched arguments; --filter applies to the probe). Examples:\n"
	"  lttctl enable sched_switch --filter 'next_tid == 1234'\n"
	"  lttctl enable 'sched_*' --filter '$ctx.procname == \"nginx*\"'\n"
	"  lttctl enable sys_openat --filter 'filename == \"/etc/*\"'\n"
	"\n"
	"With --kprobe NAME (--kretprobe, --uprobe, --uretprobe), first creates\n"
	"the dynamic event NAME of the session, then records it. F=SPEC of\n"
	"--fetch: %REG, $argN, $stackN, $stack, $retval, $comm, \\IMM (a\n"
	"constant), +OFF(SPEC), +uOFF(SPEC) (user memory), +OFF(%REG,%IDX,S)\n"
	"(REG + IDX * S + OFF), then :TYPE, one of s8..s64, u8..u64,\n"
	"x8..x64, string, ustring, symbol (default x64). Return probes also\n"
	"record retval, and kretprobes duration_ns. lttctl disable NAME\n"
	"removes it. Examples:\n"
	"  lttctl enable --kprobe open --symbol do_sys_openat2 \\\n"
	"      --fetch dfd=$arg1:s32 --fetch path=$arg2:ustring\n"
	"  lttctl enable --uretprobe ret --binary /bin/prog --symbol compute\n"
	"  lttctl enable --kprobe open --symbol do_sys_openat2 \\\n"
	"      --fetch path=$arg2:ustring --filter 'path == \"/etc/*\"'\n"
	"\n"
	"FUNCTIONS. --function PATTERN (a glob, repeatable; --exclude PATTERN\n"
	"leaves some out) creates, for every kernel function that matches and\n"
	"ftrace can trace, the events NAME_entry, with the function's arguments\n"
	"(the first six, named and typed from the kernel's BTF; without BTF\n"
	"arg1 ... arg6 as u64), and NAME_return, with ret (s64) and\n"
	"duration_ns (u64), unless --no-return; --filter applies to both.\n"
	"lttctl list --function PATTERN shows which match and which cannot be\n"
	"traced, and why. Entries go through ftrace; returns through fprobe,\n"
	"or, on a kernel without fprobe (Linux 6.1), through kretprobes, for\n"
	"64 functions at most with the session's kprobes (lttctl says so;\n"
	"the next ones have their entries only). A recursion is not recorded\n"
	"but counted as missed (lttctl status). Example:\n"
	"  lttctl enable --function 'vfs_read*' --filter '$ctx.pid == 1234'\n"
	"\n"
	"USDT PROBES. --usdt PROVIDER:NAME --binary PATH (globs allowed in\n"
	"both; PATH an executable or a shared library) creates one event\n"
	"PROVIDER:NAME per SystemTap SDT probe of PATH that matches (lttctl\n"
	"list --usdt --binary PATH shows them), in every process that maps\n"
	"PATH, running or started later, with the fields arg1 ... argN typed\n"
	"by the note (s32, u64, ...). A probe guarded by a semaphore has its\n"
	"semaphore raised while the event exists, so that the program fires\n"
	"it. --fetch argN:string records argument N as the user string it\n"
	"points to; other --fetch F=SPEC add fields. --pid PID records the\n"
	"probes of process PID only (a filter: the semaphore is raised in\n"
	"every process). lttctl disable PROVIDER:NAME removes it. A probe\n"
	"with several sites in PATH is refused. Example:\n"
	"  lttctl enable --usdt 'python:function__*' --binary /usr/bin/python3.11 \\\n"
	"      --fetch arg1:string --fetch arg2:string\n"
	"\n"
	"KERNEL TRACEPOINTS. An EVENT named exactly (no pattern), NAME or\n"
	"GROUP:NAME, that no loaded event and no installed probe module\n"
	"declares but tracefs lists (lttctl list --tracefs) is first created\n"
	"as an event of the session, with the fields of its format file\n"
	"(not the common_* header), recorded through perf; lttctl disable\n"
	"NAME removes it. --generic creates it even where a probe module\n"
	"that is not loaded declares the name (to compare the two).\n"
	"Two patterns reach the tracefs events too: '*' (every event: the\n"
	"declared ones, and every other tracefs event, created), and\n"
	"GROUP:PATTERN ('sched:*', 'irq*:*_entry': the tracefs events of the\n"
	"groups matching, each by its declared event where one is loaded, else\n"
	"created; the names matched are enabled, not the pattern, so a module\n"
	"loaded later adds none). One line says how many were created; one line\n"
	"each says which could not be (no field ltt can record, a name two\n"
	"groups share), and the command fails only when none could. Other\n"
	"patterns ('sched_*') match the declared events only, as before: a\n"
	"saved session's rules do not grow. lttctl start -e takes the same.";

static char *opt_session, *opt_channel, *opt_filter;
static int opt_no_autoload, opt_generic;
static const char **opt_syscalls;	/* the --syscall arguments */
static int nr_syscalls;

const struct poptOption events_options[] = {
	SESSION_OPTION(opt_session),
	{ "channel", 'c', POPT_ARG_STRING, &opt_channel, 0,
	  "channel (default: the session's first)", "CHAN" },
	KERNEL_OPTION,
	POPT_TABLEEND
};

static const struct poptOption enable_options[] = {
	{ NULL, 0, POPT_ARG_INCLUDE_TABLE, (void *)events_options, 0, NULL, NULL },
	{ "filter", 0, POPT_ARG_STRING, &opt_filter, 0,
	  "record only the events for which EXPR is true (see FILTERS)", "EXPR" },
	{ "syscall", 0, POPT_ARG_STRING, NULL, 'S',
	  "record these system calls (comma-separated names or patterns, without sys_); repeatable",
	  "NAME,..." },
	{ "no-autoload", 0, POPT_ARG_NONE, &opt_no_autoload, 0,
	  "do not load the probe modules the events need", NULL },
	{ "generic", 0, POPT_ARG_NONE, &opt_generic, 0,
	  "record the named kernel tracepoints through perf even where a probe module not loaded declares the name",
	  NULL },
	{ NULL, 0, POPT_ARG_INCLUDE_TABLE, (void *)probe_options, 0,
	  "Dynamic probes:", NULL },
	POPT_TABLEEND
};

/*
 * The channel to change: -c CHAN, else the session's first; enable
 * makes "kernel" with the defaults in a session without channels
 * (LTTng's channel0). Its fd, or -1 (said).
 */
static int channel_open(int sfd, const char *session, bool enable)
{
	struct ltt_channel_args a;
	char x[32];
	int cfd;

	cfd = opt_channel ? lttc_channel_open(sfd, opt_channel) :
			    lttc_channel_open_index(sfd, 0, NULL);
	if (cfd == -ENOENT && !opt_channel && enable) {
		channel_options_args(&a, DEFAULT_CHANNEL);	/* the defaults */
		cfd = channel_add(sfd, session, &a);
		if (cfd >= 0)
			printf("created channel %s in session %s: %u x %s per CPU, discard (lttctl enable-channel sets others)\n",
			       a.name, session, a.num_subbuf,
			       ltt_fmt_bytes(a.subbuf_size, x, sizeof(x)));
		return cfd;
	}
	if (cfd < 0)
		err("%s: %s", opt_channel ? opt_channel : "the session's channel",
		    cfd != -ENOENT ? strerror(-cfd) : opt_channel ?
		    "no such channel (lttctl enable-channel makes it)" :
		    "the session has no channel");
	return cfd;
}

/* modprobe the probe modules with events that the patterns match */
static int load_modules(const char **events)
{
	int n = 0;

	if (opt_no_autoload ||
	    (getenv("LTT_AUTOLOAD") && !strcmp(getenv("LTT_AUTOLOAD"), "0")))
		return 0;
	while (events && events[n])
		n++;
	return autoload(events, n);	/* ltt alone for a probe */
}

/* lttctl disable NAME: a dynamic probe of that name goes too. */
static int remove_probe(int sfd, const char *name)
{
	int ret = lttc_probe_remove(sfd, name);

	if (ret == -ENOENT || ret == -ENOTTY || ret == -EINVAL ||
	    ret == -ENAMETOOLONG)
		return 0;	/* not a probe of this session */
	if (ret < 0) {
		err("cannot remove probe '%s': %s", name, strerror(-ret));
		return -1;
	}
	printf("removed probe '%s'\n", name);
	return 0;
}

/* Is @name a dynamic probe of the session (a USDT PROVIDER:NAME)? */
static bool probe_named(int sfd, const char *name)
{
	struct ltt_probe_entry *e = NULL;
	int n = lttc_probe_list(sfd, &e), i;
	bool found = false;

	for (i = 0; i < n; i++)
		if (!strncmp(e[i].name, name, sizeof(e[i].name)))
			found = true;
	free(e);
	return found;
}

/*
 * The events of the arguments, each split on commas, and of --syscall
 * (words_free() them), or NULL (said).
 */
static char **event_list(const char **args)
{
	char **events = split_commas(args), **sys, **all;
	int n = 0, k = 0, i;

	sys = events && nr_syscalls ? split_commas(opt_syscalls) : NULL;
	if (!sys)
		return events;
	while (events[n])
		n++;
	while (sys[k])
		k++;
	all = realloc(events, (n + k + 1) * sizeof(*all));
	if (!all) {
		err("out of memory");
		words_free(events);
		words_free(sys);
		return NULL;
	}
	events = all;
	for (i = 0; i < k; i++) {
		events[n + i] = syscall_event(sys[i], strlen(sys[i]));
		if (!events[n + i])
			break;
	}
	events[n + i] = NULL;
	words_free(sys);
	if (i < k) {
		words_free(events);
		return NULL;
	}
	return events;
}

/*
 * '*' or GROUP:PATTERN: the tracefs events it matches that none declares
 * are created, then '*' is enabled as a pattern, GROUP:PATTERN as the
 * names it matched. 0, or -1 (said).
 */
static int enable_tracefs_pattern(int ctl, int sfd, int cfd,
				  const char *pattern)
{
	int ret, total = 0, rc = 0, k;
	char **names;

	if (tracefs_pattern_create(sfd, pattern, &names))
		return -1;
	for (k = 0; names[k]; k++) {
		ret = opt_filter ? filter_enable(ctl, cfd, names[k], opt_filter) :
				   lttc_event_enable(cfd, names[k]);
		if (ret == -ECANCELED) {
			rc = -1;
		} else if (ret < 0) {
			err("cannot enable '%s': %s", names[k],
			    ret == -ENOENT ?
			    "unavailable on this kernel (lttctl list)" :
			    ret == -EBUSY ? "the session is stopped" :
			    strerror(-ret));
			rc = -1;
		} else if (ret == 0) {
			warn("no event matches '%s' now; it is recorded if a module brings one",
			     names[k]);
		}
		total += ret > 0 ? ret : 0;
	}
	words_free(names);
	if (!total && !rc)
		warn("no event matches '%s' now", pattern);
	else
		printf("enabled '%s' (%d event%s)\n", pattern, total,
		       total == 1 ? "" : "s");
	return rc;
}

/* Add the rules to the channel; args: names or patterns, a,b,... each. */
int events_run(const char **args, bool enable)
{
	const char (*probes)[LTT_EVENT_NAME_LEN], *session, *pfilter;
	int rc = LTTCTL_ERROR, ctl, sfd, cfd, ret, i, np;
	char **list = event_list(args);
	const char **events = (const char **)list;

	if (!list)
		return LTTCTL_ERROR;
	if (!events[0] && !(enable && probe_requested())) {
		err("%s what? no event name in '%s'",
		    enable ? "enable" : "disable", args ? args[0] : "");
		rc = LTTCTL_USAGE;
		goto out_list;
	}
	if (!events[0])
		events = NULL;
	if (enable && opt_filter && filter_check(opt_filter)) {
		rc = LTTCTL_USAGE;
		goto out_list;
	}
	if (enable && load_modules(events))
		goto out_list;
	sfd = ctl_session_open(opt_session, &ctl, &session);
	if (sfd < 0)
		goto out_list;
	cfd = channel_open(sfd, session, enable);
	if (cfd < 0)
		goto out;
	if (enable && probe_requested()) {
		if (probe_create(sfd))
			goto out_chan;
		np = probe_names(&probes);
		pfilter = probe_filter(opt_filter);
		for (i = 0; i < np; i++) {
			ret = pfilter ? filter_enable(ctl, cfd, probes[i], pfilter) :
					lttc_event_enable(cfd, probes[i]);
			if (ret > 0)
				continue;
			if (ret != -ECANCELED)
				err("cannot record probe '%s': %s", probes[i],
				    ret ? strerror(-ret) :
				    "not found after creation");
			for (i = 0; i < np; i++)
				lttc_probe_remove(sfd, probes[i]);
			goto out_chan;
		}
		for (i = 0; i < np; i++)
			printf("created %s, enabled '%s'\n", probes[i], probes[i]);
		rc = LTTCTL_OK;
		if (!events)
			goto out_chan;
	}
	rc = LTTCTL_OK;
	for (i = 0; events[i]; i++) {
		char tpname[LTT_EVENT_NAME_LEN];
		const char *colon = strchr(events[i], ':');

		/* '*', GROUP:PATTERN: every tracefs event it matches */
		if (enable && tracefs_pattern(events[i])) {
			if (enable_tracefs_pattern(ctl, sfd, cfd, events[i]))
				rc = LTTCTL_ERROR;
			continue;
		}

		/* a tracefs event no declared event names: create it */
		tpname[0] = '\0';
		if (enable && tracefs_probe_create(sfd, events[i], opt_generic,
						   tpname, sizeof(tpname)) < 0) {
			rc = LTTCTL_ERROR;
			continue;
		}
		/* GROUP:EVENT is recorded as EVENT, unless a probe
		 * of the session (USDT's PROVIDER:NAME) is named so */
		if (!enable && colon && probe_named(sfd, events[i]))
			colon = NULL;
		if (!tpname[0] && colon && !strpbrk(events[i], "*?["))
			snprintf(tpname, sizeof(tpname), "%s", colon + 1);
		if (tpname[0])		/* a suffix of it: no longer */
			memmove(list[i], tpname, strlen(tpname) + 1);
		if (enable && opt_filter)
			ret = filter_enable(ctl, cfd, events[i], opt_filter);
		else
			ret = enable ? lttc_event_enable(cfd, events[i]) :
				       lttc_event_disable(cfd, events[i]);
		if (ret == -ECANCELED) {
			rc = LTTCTL_ERROR;
		} else if (ret < 0) {
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
		if (!enable && ret >= 0 && remove_probe(sfd, events[i]))
			rc = LTTCTL_ERROR;
	}
out_chan:
	close(cfd);
out:
	close(sfd);
	close(ctl);
out_list:
	words_free(list);
	return rc;
}

/* --syscall LIST (val 'S'), else a probe's option */
static int enable_option(int val, const char *arg)
{
	const char **s;

	if (val != 'S')
		return probe_option(val, arg);
	s = realloc(opt_syscalls, (nr_syscalls + 2) * sizeof(*s));
	if (!s) {
		err("out of memory");
		return -1;
	}
	opt_syscalls = s;
	s[nr_syscalls++] = arg;
	s[nr_syscalls] = NULL;
	return 0;
}

static int run_enable(const char **events)
{
	int rc;

	if (!events && !nr_syscalls && !probe_requested()) {
		err("enable what? an EVENT, --syscall NAME, or a probe (--kprobe ...; see --help)");
		return LTTCTL_USAGE;
	}
	rc = events_run(events, true);
	free(opt_syscalls);
	return rc;
}

const struct lttctl_cmd lttctl_cmd_enable = {
	.name		= "enable",
	.summary	= "record more events in a session",
	.usage		= "[OPTION...] [EVENT[,EVENT...]...]",
	.description	= description,
	.options	= enable_options,
	.option		= enable_option,
	.min_args	= 0,
	.max_args	= -1,
	.run		= run_enable,
};

/* LTTng's name of the same command: lttng enable-event -k ... */
const struct lttctl_cmd lttctl_cmd_enable_event = {
	.name		= "enable-event",
	.summary	= "record more events in a session (LTTng's name of enable)",
	.usage		= "[OPTION...] [EVENT[,EVENT...]...]",
	.description	= description,
	.options	= enable_options,
	.option		= enable_option,
	.min_args	= 0,
	.max_args	= -1,
	.run		= run_enable,
};
