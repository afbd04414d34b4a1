// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl start: create a session with one channel, enable events, start
 * the consumer daemon, start tracing.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"
#include "modules.h"
#include "summary.h"

#define STATEDUMP_EVENTS	"lttng_statedump_*"

static const char description[] =
	"Creates session NAME (default \"" DEFAULT_SESSION "\") with one channel,\n"
	"enables the events given with -e (a name, or a pattern such as 'sched_*';\n"
	"all events when none is given, each system call once: syscall_raw_entry\n"
	"and syscall_raw_exit only by name) and the system calls given with --syscall\n"
	"(open,openat,read: the events sys_open, sys_openat, sys_read, each with\n"
	"its exit, exit_syscall; 'open*' is a pattern), starts lttd to write the\n"
	"trace to DIR (default $HOME/ltt-traces/NAME-DATE-TIME) and starts tracing.\n"
	"SIZE takes a k, M or G suffix. With --overwrite the channel is a flight\n"
	"recorder: no daemon runs; lttctl snapshot or lttctl stop write it out.\n"
	"--context adds fields to every event (pid, tid, procname, ...).\n"
	"The trace begins with a state dump (the lttng_statedump_* events: every\n"
	"thread, open file, network interface and CPU), unless --no-statedump.\n"
	"It first loads ltt and the installed probe modules that have events\n"
	"matching (modprobe), unless --no-autoload (or LTT_AUTOLOAD=0).";

static char *opt_session, *opt_output, *opt_channel, *opt_subbuf, *opt_num;
static char *opt_switch_timer, *opt_read_timer;
static const char **opt_events;		/* the -e arguments */
static const char **opt_filters;	/* the --filter of each, or NULL */
static int last_e = -1;			/* the last -e, which --filter follows */
static uint64_t opt_context;		/* the --context fields */
static int nr_events;
static char **opt_sys_names;		/* what --syscall adds to them */
static int nr_sys_names;
static int opt_all, opt_overwrite, opt_no_daemon, opt_daemon, opt_no_statedump;
static int opt_no_autoload;

static const struct poptOption options[] = {
	{ "session", 's', POPT_ARG_STRING, &opt_session, 0,
	  "session name (default " DEFAULT_SESSION ")", "NAME" },
	{ "output", 'o', POPT_ARG_STRING, &opt_output, 0, "trace directory",
	  "DIR" },
	{ "channel", 'c', POPT_ARG_STRING, &opt_channel, 0,
	  "channel name (default " DEFAULT_CHANNEL ")", "NAME" },
	{ "event", 'e', POPT_ARG_STRING, NULL, 'e',
	  "record EVENT (name or pattern); repeatable", "EVENT" },
	{ "filter", 0, POPT_ARG_STRING, NULL, 'F',
	  "record the -e EVENT it follows only when EXPR is true (lttctl-enable(1), FILTERS)",
	  "EXPR" },
	{ "syscall", 0, POPT_ARG_STRING, NULL, 'S',
	  "record these system calls (comma-separated names or patterns, "
	  "without sys_); repeatable", "NAME,..." },
	{ "all", 'a', POPT_ARG_NONE, &opt_all, 0, "record every event (each system call once: not the raw ones)", NULL },
	{ "overwrite", 0, POPT_ARG_NONE, &opt_overwrite, 0,
	  "flight recorder: overwrite the oldest data when full", NULL },
	{ "subbuf-size", 0, POPT_ARG_STRING, &opt_subbuf, 0,
	  "sub-buffer size (default 1M)", "SIZE" },
	{ "num-subbuf", 0, POPT_ARG_STRING, &opt_num, 0,
	  "sub-buffers per CPU (default 4)", "N" },
	{ "switch-timer", 0, POPT_ARG_STRING, &opt_switch_timer, 0,
	  "close partial sub-buffers every MS milliseconds", "MS" },
	{ "read-timer", 0, POPT_ARG_STRING, &opt_read_timer, 0,
	  "wake the daemon every MS milliseconds", "MS" },
	{ "no-daemon", 0, POPT_ARG_NONE, &opt_no_daemon, 0,
	  "do not start lttd", NULL },
	{ "daemon", 0, POPT_ARG_NONE, &opt_daemon, 0,
	  "start lttd even with --overwrite", NULL },
	{ "context", 0, POPT_ARG_STRING, NULL, 'C',
	  "write FIELD,... (pid, tid, procname, ...: see lttctl(1)) before every event; repeatable",
	  "FIELD,..." },
	{ "no-statedump", 0, POPT_ARG_NONE, &opt_no_statedump, 0,
	  "do not record what already runs when tracing starts", NULL },
	{ "no-autoload", 0, POPT_ARG_NONE, &opt_no_autoload, 0,
	  "do not load the probe modules the events need", NULL },
	{ NULL, 0, POPT_ARG_INCLUDE_TABLE, (void *)tracker_options, 0,
	  "Record only these processes (lttctl-track(1)):", NULL },
	POPT_TABLEEND
};

static const char *const context_names[LTT_CONTEXT_NR] = {
#define CONTEXT_NAME(id, name, kind, bytes, sign) [LTT_CONTEXT_##id] = #name,
	LTT_CONTEXT_FIELDS(CONTEXT_NAME)
#undef CONTEXT_NAME
};

/* the perf counters that need a PMU */
#define PERF_HW_CONTEXT	((1ULL << LTT_CONTEXT_PERF_CPU_CYCLES) | \
			 (1ULL << LTT_CONTEXT_PERF_CPU_INSTRUCTIONS) | \
			 (1ULL << LTT_CONTEXT_PERF_CPU_CACHE_MISSES) | \
			 (1ULL << LTT_CONTEXT_PERF_CPU_BRANCH_MISSES))

/* @name is field @field, also in LTTng's spelling of the perf counters
 * (perf:cpu:cache-misses for perf_cpu_cache_misses) */
static bool context_name_is(const char *name, const char *field)
{
	for (; *name && *field; name++, field++)
		if (*name != *field &&
		    !(*field == '_' && (*name == ':' || *name == '-')))
			return false;
	return !*name && !*field;
}

/* --context a,b,c: the fields' bits into opt_context */
static int add_context(const char *arg)
{
	char *list = strdup(arg), *name, *save = NULL;
	int id, ret = 0;

	if (!list) {
		err("out of memory");
		return -1;
	}
	for (name = strtok_r(list, ",", &save); name;
	     name = strtok_r(NULL, ",", &save)) {
		for (id = 0; id < LTT_CONTEXT_NR; id++)
			if (context_name_is(name, context_names[id]))
				break;
		if (id == LTT_CONTEXT_NR) {
			err("--context: no context field '%s'; there are:", name);
			for (id = 0; id < LTT_CONTEXT_NR; id++)
				fprintf(stderr, "%s%s", id ? ", " : "  ",
					context_names[id]);
			fputc('\n', stderr);
			ret = -1;
			break;
		}
		opt_context |= 1ULL << id;
	}
	free(list);
	return ret;
}

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

/* --filter EXPR: for the -e EVENT it follows */
static int add_filter(const char *arg)
{
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
	opt_filters[last_e] = arg;
	return 0;
}

/* --syscall a,b,c: the events sys_a, sys_b, sys_c (their exit follows). */
static int add_syscalls(const char *arg)
{
	const char *p = arg;

	while (*p) {
		size_t n = strcspn(p, ",");
		char **names, *ev;

		if (n) {
			names = realloc(opt_sys_names,
					(nr_sys_names + 1) * sizeof(*names));
			if (!names) {
				err("out of memory");
				return -1;
			}
			opt_sys_names = names;
			if (asprintf(&ev, "%s%.*s",
				     strncmp(p, "sys_", 4) &&
				     strncmp(p, "compat_sys_", 11) ? "sys_" : "",
				     (int)n, p) < 0) {
				err("out of memory");
				return -1;
			}
			names[nr_sys_names++] = ev;
			if (push_event(ev))
				return -1;
		}
		p += n;
		if (*p)
			p++;
	}
	return 0;
}

/* -e EVENT, --syscall LIST and --context FIELDS, repeatable */
static int add_event(int val, const char *arg)
{
	if (val == 'e') {
		last_e = nr_events;
		return push_event(arg);
	}
	if (val == 'F')
		return add_filter(arg);
	if (val == 'S')
		return add_syscalls(arg);
	if (val == 'C')
		return add_context(arg);
	return tracker_option(val, arg);
}

static int parse_u32(const char *what, const char *s, uint64_t mult,
		     uint32_t *out)
{
	uint64_t v;

	if (!s)
		return 0;
	if (ltt_parse_size(s, &v) || v > UINT32_MAX / mult) {
		err("%s: '%s' is not a number up to %llu", what, s,
		    (unsigned long long)(UINT32_MAX / mult));
		return -1;
	}
	*out = v * mult;
	return 0;
}

static bool pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

/* The rule recording the state dump, or leaving it out: 0, or -1 (said). */
static int statedump_rule(int cfd, bool record)
{
	int ret = record ? lttc_event_enable(cfd, STATEDUMP_EVENTS) :
			   lttc_event_disable(cfd, STATEDUMP_EVENTS);

	if (ret >= 0)
		return 0;
	err("cannot %s the state dump: %s", record ? "record" : "leave out",
	    strerror(-ret));
	return -1;
}

/* Fill the channel arguments from the options; -1 after an error. */
static int channel_args(struct ltt_channel_args *a, const char *chan,
			const char *subbuf, const char *num, const char *swt,
			const char *rdt, int overwrite)
{
	long page = sysconf(_SC_PAGESIZE);

	memset(a, 0, sizeof(*a));
	if (strlen(chan) >= sizeof(a->name)) {
		err("channel name '%s' is longer than %d characters", chan,
		    LTT_NAME_LEN - 1);
		return -1;
	}
	strcpy(a->name, chan);
	a->subbuf_size = 1 << 20;
	a->num_subbuf = 4;
	a->mode = overwrite ? LTT_MODE_OVERWRITE : LTT_MODE_DISCARD;
	if (subbuf) {
		uint64_t v;

		if (ltt_parse_size(subbuf, &v)) {
			err("--subbuf-size: '%s' is not a size (like 256k or 1M)",
			    subbuf);
			return -1;
		}
		a->subbuf_size = v;
	}
	if (!pow2(a->subbuf_size) || a->subbuf_size < (uint64_t)page) {
		err("--subbuf-size: %llu is not a power of two of at least %ld bytes",
		    (unsigned long long)a->subbuf_size, page);
		return -1;
	}
	if (parse_u32("--num-subbuf", num, 1, &a->num_subbuf) ||
	    parse_u32("--switch-timer", swt, 1000, &a->switch_timer_us) ||
	    parse_u32("--read-timer", rdt, 1000, &a->read_timer_us))
		return -1;
	if (!pow2(a->num_subbuf) || a->num_subbuf < 2) {
		err("--num-subbuf: %u is not a power of two of at least 2",
		    a->num_subbuf);
		return -1;
	}
	return 0;
}

static int enable_events(int ctl, int cfd, const char **events, int n)
{
	int i, ret;

	for (i = 0; i < n; i++) {
		ret = opt_filters && opt_filters[i] ?
		      filter_enable(ctl, cfd, events[i], opt_filters[i]) :
		      lttc_event_enable(cfd, events[i]);
		if (ret == -ECANCELED)
			return -1;
		if (ret < 0) {
			err("cannot enable '%s': %s", events[i],
			    ret == -EINVAL || ret == -ENAMETOOLONG ?
			    "not an event name or pattern" :
			    ret == -ENOENT ?
			    "unavailable on this kernel (lttctl list)" :
			    strerror(-ret));
			return -1;
		}
		if (ret == 0) {
			warn("no event matches '%s' now; it is recorded if a module brings one (lttctl list shows the events)",
			     events[i]);
			hint_unloaded(events[i]);
		}
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

static int start(const char *name, const char *dir, int nr_events,
		 const char **events, const struct ltt_channel_args *a,
		 bool daemon)
{
	const char *lttd_argv[] = { "lttd", "-s", name, "--daemon", "-q", NULL };
	int ctl, sfd = -1, cfd = -1, ret, rc = LTTCTL_ERROR;
	const char *all = "*";

	/* LTT_AUTOLOAD=0: --no-autoload for scripts that manage modules */
	if (getenv("LTT_AUTOLOAD") && !strcmp(getenv("LTT_AUTOLOAD"), "0"))
		opt_no_autoload = 1;
	if (!opt_no_autoload && autoload(nr_events ? events : &all,
					 nr_events ? nr_events : 1))
		return LTTCTL_ERROR;
	ctl = ctl_open();
	if (ctl < 0)
		return LTTCTL_ERROR;
	sfd = lttc_session_create(ctl, name);
	if (sfd < 0) {
		if (sfd == -EEXIST)
			err("session '%s' exists already (stop it with lttctl stop -s %s, or choose another name with -s)",
			    name, name);
		else if (sfd == -EINVAL)
			err("'%s' is not a valid session name (letters, digits, '_', '.', '-')",
			    name);
		else
			err("cannot create session '%s': %s", name, strerror(-sfd));
		goto out;
	}
	cfd = lttc_channel_create(sfd, a);
	if (cfd < 0) {
		err("cannot create channel '%s': %s%s", a->name, strerror(-cfd),
		    cfd == -EINVAL || cfd == -E2BIG ?
		    " (check the buffer sizes: at most 4 GiB over all CPUs)" :
		    cfd == -EPERM &&
		    (a->context & (1ULL << LTT_CONTEXT_CALLSTACK_KERNEL)) ?
		    " (callstack_kernel records kernel addresses: it needs CAP_SYSLOG and kptr_restrict below 2, as /proc/kallsyms)" :
		    cfd == -ENODEV && (a->context & PERF_HW_CONTEXT) ?
		    " (perf:cpu:cycles, instructions, cache-misses and branch-misses need hardware counters: the PMU is unavailable on this machine)" :
		    "");
		goto err_destroy;
	}
	/*
	 * The state dump names what ran before the start: on by default.
	 * Its rule comes before the user's, so that an -e naming one of its
	 * events (with a --filter) decides for that event; --no-statedump's
	 * comes after them, so that a pattern such as --all does not undo
	 * it.
	 */
	if (!opt_no_statedump && statedump_rule(cfd, true))
		goto err_destroy;
	if (enable_events(ctl, cfd, nr_events ? events : &all,
			  nr_events ? nr_events : 1))
		goto err_destroy;
	if (opt_no_statedump && statedump_rule(cfd, false))
		goto err_destroy;
	if (trackers_given() && trackers_apply(sfd, true))
		goto err_destroy;
	check_history(cfd, a);
	ret = ltt_mkdirs(dir);
	if (!ret)
		ret = lttc_set_output(sfd, dir);
	if (ret < 0) {
		err("cannot use %s as the trace directory: %s", dir, strerror(-ret));
		goto err_destroy;
	}
	if (daemon && run_lttd(lttd_argv) != 0) {
		err("the consumer daemon lttd did not start (see its message above)");
		goto err_destroy;
	}
	ret = lttc_session_start(sfd);
	if (ret < 0) {
		err("cannot start session '%s': %s", name, strerror(-ret));
		goto err_destroy;
	}
	printf("Tracing session %s started; the trace goes to %s\n", name, dir);
	if (!daemon)
		printf("No daemon drains it: 'lttctl snapshot' or 'lttctl stop' write it out.\n");
	rc = LTTCTL_OK;
	goto out;

err_destroy:
	lttc_session_destroy(sfd);
out:
	if (cfd >= 0)
		close(cfd);
	if (sfd >= 0)
		close(sfd);
	close(ctl);
	return rc;
}

static int run_start(const char **args __always_unused)
{
	const char *name = opt_session ? opt_session : DEFAULT_SESSION;
	struct ltt_channel_args a;
	int rc = LTTCTL_USAGE;
	char *dir;

	if (opt_all && nr_events) {
		err("give either --all or -e EVENT, not both");
		goto out;
	}
	for (int i = 0; i < nr_events; i++)
		if (opt_filters[i] && filter_check(opt_filters[i]))
			goto out;
	if (opt_daemon && opt_no_daemon) {
		err("--daemon and --no-daemon contradict each other");
		goto out;
	}
	if (channel_args(&a, opt_channel ? opt_channel : DEFAULT_CHANNEL,
			 opt_subbuf, opt_num, opt_switch_timer, opt_read_timer,
			 opt_overwrite))
		goto out;
	a.context = opt_context;
	dir = opt_output ? absolute_path(opt_output) : default_dir(name, "");
	if (!dir) {
		rc = LTTCTL_ERROR;
		goto out;
	}
	rc = start(name, dir, nr_events, opt_events, &a,
		   opt_daemon || (!opt_no_daemon && !opt_overwrite));
	free(dir);
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
	.summary	= "create a session and start tracing",
	.description	= description,
	.options	= options,
	.option		= add_event,
	.run		= run_start,
};
