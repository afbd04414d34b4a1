// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl start: start a session made by lttctl create (or stopped), with
 * lttd to drain it; or, in one step, create a session with one channel,
 * enable events, start lttd and start tracing (a session that lttctl
 * stop destroys: LTT_SESSION_F_ONESHOT).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"
#include "modules.h"
#include "summary.h"

static const char description[] =
	"With -s NAME of an existing session (made by lttctl create, or\n"
	"stopped), starts it, or resumes it into the same trace; lttd is\n"
	"started to drain it unless one is attached or every channel is a\n"
	"flight recorder (--overwrite); a flight recorder with a snapshot\n"
	"trigger gets lttd --serve instead, which writes the trigger's\n"
	"snapshots into its trace directory (lttd(8)). A session that traces\n"
	"already with no lttd (a boot session, ltt(7), or one a kernel module\n"
	"made) gets lttd, which writes what its buffers hold from the start\n"
	"on, or lttd --serve, as above. Without\n"
	"-s, the session lttctl create made, when it is the only one waiting.\n"
	"Otherwise creates session NAME (default \"" DEFAULT_SESSION "\") in one step\n"
	"with one channel, enables the events given with -e (a name, or a\n"
	"pattern such as 'sched_*'; all declared events when none is given, each\n"
	"system call once: syscall_raw_entry and syscall_raw_exit only by name;\n"
	"a kernel tracepoint that tracefs lists and no probe module declares,\n"
	"by NAME or GROUP:NAME, is created as lttctl enable does; -e '*' adds\n"
	"every such tracepoint, -e 'GROUP:PATTERN' those of matching groups:\n"
	"lttctl-enable(1), KERNEL TRACEPOINTS) and the\n"
	"system calls given with --syscall (open,openat,read: the events\n"
	"sys_open, sys_openat, sys_read, each with its exit, exit_syscall;\n"
	"'open*' is a pattern), starts lttd to write the trace to DIR (default\n"
	"$HOME/ltt-traces/NAME-DATE-TIME) and starts tracing; lttctl stop then\n"
	"destroys that session.\n"
	"SIZE takes a k, M or G suffix. With --overwrite the channel is a flight\n"
	"recorder: no daemon runs; lttctl snapshot or lttctl stop write it out.\n"
	"--context adds fields to every event (pid, tid, procname, ...).\n"
	"The trace begins with a state dump (the lttng_statedump_* events: every\n"
	"thread, open file, network interface and CPU), unless --no-statedump.\n"
	"It first loads ltt and the installed probe modules that have events\n"
	"matching (modprobe), unless --no-autoload (or LTT_AUTOLOAD=0).";

static char *opt_session, *opt_channel;
static const char **opt_events;		/* the -e arguments */
static const char **opt_filters;	/* the --filter of each, or NULL */
static int last_e = -1;			/* the last -e, which --filter follows */
static int nr_events;
static char **opt_sys_names;		/* the names split from -e and --syscall */
static int nr_sys_names;
static int opt_all, opt_no_daemon, opt_daemon, opt_no_autoload;

static const struct poptOption options[] = {
	{ "session", 's', POPT_ARG_STRING, &opt_session, 0,
	  "session name (default: the one lttctl create made, else " DEFAULT_SESSION ")",
	  "NAME" },
	{ "channel", 'c', POPT_ARG_STRING, &opt_channel, 0,
	  "channel name (default " DEFAULT_CHANNEL ")", "NAME" },
	{ "event", 'e', POPT_ARG_STRING, NULL, 'e',
	  "record EVENT (name or pattern; a,b,... several); repeatable", "EVENT" },
	{ "filter", 0, POPT_ARG_STRING, NULL, 'F',
	  "record the -e EVENT it follows only when EXPR is true (lttctl-enable(1), FILTERS)",
	  "EXPR" },
	{ "syscall", 0, POPT_ARG_STRING, NULL, 'S',
	  "record these system calls (comma-separated names or patterns, "
	  "without sys_); repeatable", "NAME,..." },
	{ "all", 'a', POPT_ARG_NONE, &opt_all, 0, "record every event (each system call once: not the raw ones)", NULL },
	{ "no-daemon", 0, POPT_ARG_NONE, &opt_no_daemon, 0,
	  "do not start lttd", NULL },
	{ "daemon", 0, POPT_ARG_NONE, &opt_daemon, 0,
	  "start lttd even with --overwrite", NULL },
	{ "no-autoload", 0, POPT_ARG_NONE, &opt_no_autoload, 0,
	  "do not load the probe modules the events need", NULL },
	{ NULL, 0, POPT_ARG_INCLUDE_TABLE, (void *)session_options, 0,
	  "The session made in one step (lttctl-create(1)):", NULL },
	{ NULL, 0, POPT_ARG_INCLUDE_TABLE, (void *)channel_options, 0,
	  "Its channel (lttctl-enable-channel(1)):", NULL },
	{ NULL, 0, POPT_ARG_INCLUDE_TABLE, (void *)tracker_options, 0,
	  "Record only these processes (lttctl-track(1)):", NULL },
	POPT_TABLEEND
};

static int push_event(const char *arg)
{
	const char **ev, **fl;

	ev = realloc(opt_events, (nr_events + 1) * sizeof(*ev));
	if (ev)
		opt_events = ev;
	fl = realloc(opt_filters, (nr_events + 1) * sizeof(*fl));
	if (fl)
		opt_filters = fl;
	if (!ev || !fl) {
		err("out of memory");
		return -1;
	}
	fl[nr_events] = NULL;
	ev[nr_events++] = arg;
	return 0;
}

/* Free name with the other names at the end (a malloc()ed string; freed
 * now if it cannot be kept): 0, or -1 (said). */
static int keep_name(char *name)
{
	char **names = realloc(opt_sys_names,
			       (nr_sys_names + 1) * sizeof(*names));

	if (!names) {
		free(name);
		err("out of memory");
		return -1;
	}
	opt_sys_names = names;
	names[nr_sys_names++] = name;
	return 0;
}

/* -e a,b: the events a and b, as LTTng splits them; a --filter that
 * follows is for each */
static int add_events(const char *arg)
{
	const char *one[] = { arg, NULL };
	char **words = split_commas(one);
	int i, rc;

	if (!words)
		return -1;
	if (!words[0]) {
		err("-e '%s': no event name in it", arg);
		words_free(words);
		return -1;
	}
	last_e = nr_events;
	for (i = 0; words[i]; i++)
		if (keep_name(words[i]) || push_event(words[i]))
			break;
	rc = words[i] ? -1 : 0;
	if (words[i])
		while (words[++i])	/* those that keep_name() did not take */
			free(words[i]);
	free(words);
	return rc;
}

/* --filter EXPR: for the -e EVENT (or events) it follows */
static int add_filter(const char *arg)
{
	int i;

	if (last_e < 0) {
		err("--filter '%s' follows no -e EVENT: write -e EVENT --filter EXPR",
		    arg);
		return -1;
	}
	if (opt_filters[last_e]) {
		err("-e %s has two --filter: join them with && or ||",
		    opt_events[last_e]);
		return -1;
	}
	for (i = last_e; i < nr_events; i++)
		opt_filters[i] = arg;
	return 0;
}

/* --syscall a,b,c: the events sys_a, sys_b, sys_c (their exit follows). */
static int add_syscalls(const char *arg)
{
	const char *p = arg;

	while (*p) {
		size_t n = strcspn(p, ",");
		char *ev;

		if (n) {
			ev = syscall_event(p, n);
			if (!ev || keep_name(ev) || push_event(ev))
				return -1;
		}
		p += n;
		if (*p)
			p++;
	}
	return 0;
}

/* -e EVENT, --filter, --syscall LIST, --context FIELDS, trackers */
static int add_event(int val, const char *arg)
{
	if (val == 'e')
		return add_events(arg);
	if (val == 'F')
		return add_filter(arg);
	if (val == 'S')
		return add_syscalls(arg);
	return channel_option(val, arg) || tracker_option(val, arg);
}

/* Enable @event (a name or pattern) with @filter (NULL: none): 0, -1. */
static int enable_one(int ctl, int cfd, const char *event, const char *filter)
{
	int ret;

	ret = filter ? filter_enable(ctl, cfd, event, filter) :
		       lttc_event_enable(cfd, event);
	if (ret == -ECANCELED)
		return -1;
	if (ret < 0) {
		err("cannot enable '%s': %s", event,
		    ret == -EINVAL || ret == -ENAMETOOLONG ?
		    "not an event name or pattern" :
		    ret == -ENOENT ?
		    "unavailable on this kernel (lttctl list)" :
		    strerror(-ret));
		return -1;
	}
	if (ret == 0) {
		warn("no event matches '%s' now; it is recorded if a module brings one (lttctl list shows the events)",
		     event);
		hint_unloaded(event);
	}
	return 0;
}

/*
 * The events of -e: a tracefs event no declared event names is created
 * first; '*' and GROUP:PATTERN (@tracefs: given on the line, not
 * --all's) create every tracefs event they match that none declares.
 */
static int enable_events(int ctl, int sfd, int cfd, const char **events,
			 int n, bool tracefs)
{
	char tpname[LTT_EVENT_NAME_LEN];
	int i, k;

	for (i = 0; i < n; i++) {
		const char *filter = opt_filters ? opt_filters[i] : NULL;

		if (tracefs && tracefs_pattern(events[i])) {
			char **names;

			if (tracefs_pattern_create(sfd, events[i], &names))
				return -1;
			if (!names[0])
				warn("no tracefs event matches '%s'", events[i]);
			for (k = 0; names[k]; k++)
				if (enable_one(ctl, cfd, names[k], filter)) {
					words_free(names);
					return -1;
				}
			words_free(names);
			continue;
		}
		/* a kernel tracepoint no declared event names: create it */
		tpname[0] = '\0';
		if (tracefs_probe_create(sfd, events[i], false, tpname,
					 sizeof(tpname)) < 0)
			return -1;
		if (tpname[0])
			events[i] = strdup(tpname);
		if (!events[i]) {
			err("out of memory");
			return -1;
		}
		if (enable_one(ctl, cfd, events[i], filter))
			return -1;
	}
	return 0;
}

/*
 * Warn when the buffers are smaller than what the last run of the same
 * events needed (lttctl stop keeps it: history.c).
 */
static void check_history(int cfd, const struct ltt_channel_args *a)
{
	struct ltt_event_count *ev = NULL;
	struct ltt_advice adv;
	uint64_t need;
	char x[32], y[32];
	int n;

	if (a->mode != LTT_MODE_DISCARD)
		return;
	n = lttc_event_counts(cfd, &ev);
	if (n > 0 && !history_find(history_key(ev, n), &need, &adv) &&
	    !ltt_advice_holds(a->subbuf_size, a->num_subbuf, need))
		warn("%u x %s per CPU is less than the %s per CPU that the last run of these events needed%s (%s): --subbuf-size %llu --num-subbuf %u would hold it",
		     a->num_subbuf, ltt_fmt_bytes(a->subbuf_size, x, sizeof(x)),
		     ltt_fmt_bytes(need, y, sizeof(y)),
		     adv.lost ? ", losing events" : "", history_path(),
		     (unsigned long long)adv.subbuf_size, adv.num_subbuf);
	free(ev);
}

/* One step: create session name, its channel a, enable the events,
 * start lttd (daemon) and tracing. */
static int start_new(const char *name, const struct ltt_output *o,
		     const struct ltt_session_config *c,
		     const struct ltt_channel_args *a, bool daemon)
{
	int ctl, sfd = -1, cfd = -1, ret, rc = LTTCTL_ERROR;
	const char **events = opt_events, *all = "*";
	char desc[OUTPUT_DESCRIBE_LEN], *made;
	int n = nr_events;

	if (!n) {
		events = &all;
		n = 1;
	}
	if (!opt_no_autoload && autoload(events, n))
		return LTTCTL_ERROR;
	ctl = ctl_open();
	if (ctl < 0)
		return LTTCTL_ERROR;
	made = dirs_missing(o->dir);	/* what a refusal removes */
	sfd = session_new(ctl, name, o, c);
	if (sfd < 0)
		goto out;
	cfd = channel_add(sfd, name, a);
	if (cfd < 0 || enable_events(ctl, sfd, cfd, events, n,
					     events != &all))
		goto err_destroy;
	/* after the user's rules, so that a pattern such as --all does not
	 * undo it */
	if (session_options_no_statedump() && statedump_rule(cfd, false))
		goto err_destroy;
	if (trackers_given() && trackers_apply(sfd, true))
		goto err_destroy;
	check_history(cfd, a);
	if (daemon && consumer_launch(name))
		goto err_destroy;
	ret = lttc_session_start(sfd);
	if (ret < 0) {
		err("cannot start session '%s': %s", name, strerror(-ret));
		goto err_destroy;
	}
	printf("Tracing session %s started; the trace goes to %s\n", name,
	       output_describe(o, desc, sizeof(desc)));
	if (!daemon)
		printf("No daemon drains it: 'lttctl snapshot' or 'lttctl stop' write it out.\n");
	rc = LTTCTL_OK;
	goto out;

err_destroy:
	lttc_session_destroy(sfd);
out:
	if (rc != LTTCTL_OK)	/* the directories it made, if still empty */
		dirs_remove(o->dir, made);
	free(made);
	if (cfd >= 0)
		close(cfd);
	if (sfd >= 0)
		close(sfd);
	close(ctl);
	return rc;
}

/*
 * A session that traces already with no lttd (a boot session, or one a
 * kernel module made): start lttd on it. The buffers hold what was
 * recorded so far, unread, so lttd writes it from the session's start.
 */
static int attach_running(int sfd, const char *name,
			  const struct ltt_session_info *si)
{
	char desc[OUTPUT_DESCRIBE_LEN], spool[PATH_MAX];
	struct ltt_output o = { 0 };
	int rc = LTTCTL_ERROR;

	if (si->consumer_pid) {
		err("session '%s' is tracing already (lttd, pid %d, drains it)",
		    name, (int)si->consumer_pid);
		return LTTCTL_ERROR;
	}
	if (!opt_daemon && !opt_no_daemon && !si->nr_servers &&
	    !session_has_discard_channel(sfd, si->nr_channels) &&
	    (session_trigger_actions(sfd) & (1U << LTT_TRIGGER_ACT_SNAPSHOT)) &&
	    !ltt_output_get(sfd, &o) && (o.dir || o.url)) {
		/* a flight recorder nothing serves: its triggers' snapshots */
		if (!serve_launch(name)) {
			printf("Session %s was tracing; lttd --serve now writes its triggers' snapshots to %s/snapshot-N-DATE-TIME%s%s\n",
			       name, ltt_spool_dir(&o, name, spool, sizeof(spool)),
			       o.url ? ", each shipped to " : "",
			       o.url ? o.url : "");
			rc = LTTCTL_OK;
		}
		goto out;
	}
	ltt_output_free(&o);
	memset(&o, 0, sizeof(o));
	if (!opt_daemon && (opt_no_daemon ||
			    !session_has_discard_channel(sfd, si->nr_channels))) {
		err("session '%s' is tracing already%s", name,
		    opt_no_daemon ? "" :
		    ", as a flight recorder: lttctl snapshot writes it out (--daemon starts lttd anyway)");
		return LTTCTL_ERROR;
	}
	if (ltt_output_get(sfd, &o) < 0) {
		err("session '%s' has no trace directory for lttd to write to", name);
		return LTTCTL_ERROR;
	}
	if (consumer_launch(name))
		goto out;
	printf("Tracing session %s was tracing; lttd now drains it from its start to %s\n",
	       name, output_describe(&o, desc, sizeof(desc)));
	rc = LTTCTL_OK;
out:
	ltt_output_free(&o);
	return rc;
}

/* Start (or resume) the existing session sfd. */
static int start_existing(int sfd, const char *name)
{
	struct ltt_session_info si;
	struct ltt_output o = { 0 };
	char desc[OUTPUT_DESCRIBE_LEN], spool[PATH_MAX];
	bool daemon, output, serve = false;
	int ret, rc = LTTCTL_ERROR;

	ret = lttc_session_info(sfd, &si);
	if (ret < 0) {
		err("session '%s': %s", name, strerror(-ret));
		return LTTCTL_ERROR;
	}
	if (si.state == LTT_SESSION_ACTIVE)
		return attach_running(sfd, name, &si);
	if (!si.nr_channels) {
		err("session '%s' has no channel to record in: lttctl enable -s %s EVENT makes one (%s), lttctl enable-channel others",
		    name, name, DEFAULT_CHANNEL);
		return LTTCTL_ERROR;
	}
	output = !ltt_output_get(sfd, &o);
	daemon = !si.consumer_pid &&
		 (opt_daemon || (!opt_no_daemon && session_has_discard_channel(sfd, si.nr_channels)));
	if (daemon && !output) {
		err("session '%s' has no trace directory for lttd to write to", name);
		goto out;
	}
	if (daemon && consumer_launch(name))
		goto out;
	/* its trigger's snapshots: no lttd drains it to serve them */
	serve = !daemon && !si.consumer_pid && !si.nr_servers &&
		!opt_no_daemon && (o.dir || o.url) &&
		(session_trigger_actions(sfd) & (1U << LTT_TRIGGER_ACT_SNAPSHOT));
	if (serve && serve_launch(name))
		goto out;
	ret = lttc_session_start(sfd);
	if (ret < 0) {
		err("cannot start session '%s': %s", name,
		    ret == -EBUSY ? "it is being destroyed" :
		    ret == -ENOENT ? "it has no channel" :
		    ret == -EFBIG ? "its metadata is full (too many events enabled)" :
		    strerror(-ret));
		goto out;
	}
	printf("Tracing session %s %s; the trace goes to %s\n", name,
	       si.state == LTT_SESSION_STOPPED ? "resumed" : "started",
	       output_describe(&o, desc, sizeof(desc)));
	if (!daemon && !si.consumer_pid)
		printf("No daemon drains it: 'lttctl snapshot' or 'lttctl stop' write it out.\n");
	if (serve)
		printf("lttd --serve writes its triggers' snapshots to %s/snapshot-N-DATE-TIME%s%s\n",
		       ltt_spool_dir(&o, name, spool, sizeof(spool)),
		       o.url ? ", each shipped to " : "", o.url ? o.url : "");
	rc = LTTCTL_OK;
out:
	ltt_output_free(&o);
	return rc;
}

/*
 * Without -s nor any option that makes a session: the sessions lttctl
 * create made that wait for a start. Their number, their names in
 * names ("a, b, c", cut to size bytes).
 */
static int waiting_sessions(int ctl, char *names, size_t size)
{
	struct ltt_session_entry *e = NULL;
	int n, i, sfd, found = 0;
	size_t len = 0;

	names[0] = '\0';
	n = lttc_session_list(ctl, &e);
	for (i = 0; i < n; i++) {
		if (e[i].state == LTT_SESSION_ACTIVE)
			continue;
		sfd = lttc_session_open(ctl, e[i].name);
		if (sfd < 0)
			continue;
		if (!session_is_oneshot(sfd) && len < size)
			len += snprintf(names + len, size - len, "%s%.*s",
					found++ ? ", " : "",
					(int)sizeof(e[i].name), e[i].name);
		close(sfd);
	}
	free(e);
	return found;
}

/* The options that make a session were given. */
static bool creating(void)
{
	return nr_events || opt_all || opt_channel || channel_options_given() ||
	       session_options_given() || trackers_given();
}

/*
 * The existing session to start (its fd, *name set), or -1: none, make
 * it (*name set); -2: an error (said); -3: a bad command line (said).
 */
static int existing_session(const char **name)
{
	static char waiting[256];
	int ctl, sfd, n;

	*name = opt_session;
	ctl = lttc_open();
	if (ctl == -ENOENT) {	/* ltt not loaded: no session */
		if (!*name)
			*name = DEFAULT_SESSION;
		return -1;
	}
	if (ctl < 0) {
		ctl = ctl_open();	/* says why */
		if (ctl < 0)
			return -2;
	}
	if (!*name && !creating()) {
		n = waiting_sessions(ctl, waiting, sizeof(waiting));
		if (n > 1) {
			err("sessions %s wait for a start: choose one with -s NAME",
			    waiting);
			close(ctl);
			return -3;
		}
		if (n == 1)
			*name = waiting;
	}
	if (!*name)
		*name = DEFAULT_SESSION;
	sfd = lttc_session_open(ctl, *name);
	close(ctl);
	/* -EINVAL: no session has that name; making one says why not */
	if (sfd >= 0 || sfd == -ENOENT || sfd == -EINVAL)
		return sfd >= 0 ? sfd : -1;
	err("cannot open session '%s': %s", *name, strerror(-sfd));
	return -2;
}

static int run_start(const char **args __always_unused)
{
	struct ltt_session_config c;
	struct ltt_channel_args a;
	int rc = LTTCTL_USAGE, sfd;
	const char *name;
	struct ltt_output o;

	if (opt_all && nr_events) {
		err("give either --all or -e EVENT, not both");
		goto out;
	}
	for (int i = 0; i < nr_events; i++)	/* -e a,b --filter: once */
		if (opt_filters[i] && (!i || opt_filters[i] != opt_filters[i - 1]) &&
		    filter_check(opt_filters[i]))
			goto out;
	if (opt_daemon && opt_no_daemon) {
		err("--daemon and --no-daemon contradict each other");
		goto out;
	}
	/* LTT_AUTOLOAD=0: --no-autoload for scripts that manage modules */
	if (getenv("LTT_AUTOLOAD") && !strcmp(getenv("LTT_AUTOLOAD"), "0"))
		opt_no_autoload = 1;
	sfd = existing_session(&name);
	if (sfd == -2 || sfd == -3) {
		rc = sfd == -2 ? LTTCTL_ERROR : LTTCTL_USAGE;
		goto out;
	}
	if (sfd >= 0) {
		if (creating()) {
			err("session '%s' exists: -e, --all, --syscall, -c, the channel, session and tracker options make a new one (configure this one with lttctl enable, enable-channel and track)",
			    name);
		} else {
			rc = start_existing(sfd, name);
		}
		close(sfd);
		goto out;
	}
	if (channel_options_args(&a, opt_channel ? opt_channel : DEFAULT_CHANNEL))
		goto out;
	rc = session_options_get(name, &o, &c);
	if (rc)
		goto out;
	c.flags |= LTT_SESSION_F_ONESHOT;
	rc = start_new(name, &o, &c, &a,
		       opt_daemon || (!opt_no_daemon && a.mode != LTT_MODE_OVERWRITE));
	ltt_output_free(&o);
out:
	free(opt_events);
	free(opt_filters);
	while (nr_sys_names)
		free(opt_sys_names[--nr_sys_names]);
	free(opt_sys_names);
	return rc;
}

const struct lttctl_cmd lttctl_cmd_start = {
	.name		= "start",
	.usage		= "[OPTION...] [NAME]",
	.summary	= "start a session, or create one and start it",
	.description	= description,
	.options	= options,
	.option		= add_event,
	.run		= run_start,
};
