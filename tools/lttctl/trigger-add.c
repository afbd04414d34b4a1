// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl trigger add: check every option before anything is done, load
 * the probe modules of the event and compile --filter as lttctl enable
 * does, then TRIGGER_ADD; prints its id, and says when it watches no
 * event yet (an exact name too: the kernel attaches it to an event a
 * module registers later, as it does a rule).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "filter-compile.h"
#include "modules.h"
#include "text.h"
#include "trigger.h"
#include "units.h"

/* --latency NAME / --hist NAME and --above / --new-max into a */
static int check_hist(const struct trigger_opts *o, struct ltt_trigger_args *a)
{
	const char *name = o->latency ? o->latency : o->hist;
	const char *opt = o->latency ? "--latency" : "--hist";
	uint64_t ns;
	long long n;
	char *end;

	if (o->filter || o->channel) {
		err("%s: %s watches the histogram's values; it has no %s",
		    opt, opt, o->filter ? "--filter" : "-c");
		return -1;
	}
	if (!*name || strlen(name) >= sizeof(a->channel)) {
		err("%s: '%s' is not a histogram name (1 to %zu characters)",
		    opt, name, sizeof(a->channel) - 1);
		return -1;
	}
	strcpy(a->channel, name);
	if (!o->above == !o->new_max) {
		err("%s: give one of --above %s and --new-max", opt,
		    o->latency ? "DURATION" : "N");
		return -1;
	}
	if (o->new_max) {
		a->condition = LTT_TRIGGER_COND_HIST_NEW_MAX;
		return 0;
	}
	a->condition = LTT_TRIGGER_COND_HIST_ABOVE;
	if (o->latency) {
		if (ltt_units_duration(o->above, 1, &ns) || ns > INT64_MAX) {
			err("--above: '%s' is not a duration (like 50ms, 1500us, 2s; a bare number is ns)",
			    o->above);
			return -1;
		}
		a->above = (int64_t)ns;
		return 0;
	}
	errno = 0;
	n = strtoll(o->above, &end, 10);
	if (!*o->above || *end || errno) {
		err("--above: '%s' is not an integer", o->above);
		return -1;
	}
	a->above = n;
	return 0;
}

/* The options into a: 0, or -1 (said). */
static int check_args(const struct trigger_opts *o, struct ltt_trigger_args *a)
{
	int nr_cond = !!o->event + !!o->usage + !!o->latency + !!o->hist;
	uint64_t v;

	memset(a, 0, sizeof(*a));
	if (!nr_cond) {
		err("trigger add: give the condition: -e EVENT, --buffer-usage PCT, --latency NAME or --hist NAME");
		return -1;
	}
	if (nr_cond > 1) {
		err("trigger add: -e, --buffer-usage, --latency and --hist are conditions: give one");
		return -1;
	}
	if (!o->action) {
		err("trigger add: --action is missing (stop, snapshot, rotate or notify)");
		return -1;
	}
	a->action = trigger_action_parse(o->action);
	if (!a->action) {
		err("--action: '%s' is not stop, snapshot, rotate or notify",
		    o->action);
		return -1;
	}
	if ((o->above || o->new_max) && !o->latency && !o->hist) {
		err("%s: is for --latency and --hist",
		    o->above ? "--above" : "--new-max");
		return -1;
	}
	if (o->latency || o->hist) {
		if (check_hist(o, a))
			return -1;
	} else if (o->event) {
		if (o->channel) {
			err("-c: a channel is for --buffer-usage; -e EVENT watches the event wherever it is recorded");
			return -1;
		}
		if (!*o->event || strlen(o->event) >= sizeof(a->event)) {
			err("-e: '%s' is not an event name or pattern (1 to %zu characters)",
			    o->event, sizeof(a->event) - 1);
			return -1;
		}
		a->condition = LTT_TRIGGER_COND_EVENT;
		strcpy(a->event, o->event);
	} else {
		if (o->filter) {
			err("--filter: filters the hits of -e EVENT; --buffer-usage has no event to filter");
			return -1;
		}
		if (text_parse_uint(o->usage, 100, &v) || v < 1) {
			err("--buffer-usage: '%s' is not a percentage from 1 to 100",
			    o->usage);
			return -1;
		}
		a->condition = LTT_TRIGGER_COND_BUFFER_USAGE;
		a->usage_pct = v;
	}
	if (o->max) {
		if (text_parse_uint(o->max, UINT64_MAX, &v) || !v) {
			err("--max: '%s' is not a number of actions above 0",
			    o->max);
			return -1;
		}
		a->max = v;
	}
	if (o->every) {
		if (text_parse_duration(o->every, 0, &v) || !v ||
		    v > UINT64_MAX / 1000) {
			err("--every: '%s' is not a duration above 0 (like 100ms, 5s, 1m)",
			    o->every);
			return -1;
		}
		a->every_ns = v * 1000;
	}
	if (o->after) {
		if (ltt_units_duration(o->after, 0, &v) || !v ||
		    v > LTT_TRIGGER_AFTER_MAX_NS) {
			err("--after: '%s' is not a duration above 0 and up to 1h (like 200ms, 5s)",
			    o->after);
			return -1;
		}
		a->after_ns = v;
	}
	return 0;
}

/* -c CHAN, else the session's first channel: its name into a. */
static int pick_channel(int sfd, const char *session, const char *chan,
			struct ltt_trigger_args *a)
{
	int cfd;

	if (chan) {
		if (strlen(chan) >= sizeof(a->channel)) {
			err("-c: '%s' is not a channel name", chan);
			return -1;
		}
		strcpy(a->channel, chan);
		return 0;
	}
	cfd = lttc_channel_open_index(sfd, 0, a->channel);
	if (cfd < 0) {
		err("session %s has no channel: --buffer-usage watches one (lttctl enable-channel makes it)",
		    session);
		return -1;
	}
	close(cfd);
	return 0;
}

static void add_error(int ret, const struct trigger_opts *o,
		      const struct ltt_trigger_args *a, const char *session)
{
	switch (ret) {
	case -ENOENT:
		if (a->condition == LTT_TRIGGER_COND_HIST_ABOVE ||
		    a->condition == LTT_TRIGGER_COND_HIST_NEW_MAX)
			err("trigger add: session %s has no histogram '%s' (lttctl hist show lists them)",
			    session, a->channel);
		else if (a->condition == LTT_TRIGGER_COND_EVENT)
			err("trigger add: no event '%s' can be watched (lttctl list shows them; a kprobe must be the session's)",
			    o->event);
		else
			err("trigger add: session %s has no channel '%s'",
			    session, a->channel);
		break;
	case -EINVAL:
		if (o->hist)
			err("trigger add: histogram '%s' has neither --value nor --key: nothing to watch (or a key's count --above below 0)",
			    a->channel);
		else if (o->filter)
			err("--filter: the kernel refused it for the events '%s' matches (a field of another type?)",
			    o->event);
		else
			err("trigger add: the kernel refused the trigger (invalid argument)");
		break;
	case -ENOSPC:
		err("trigger add: session %s has %d triggers, the most it can have",
		    session, LTT_MAX_TRIGGERS);
		break;
	case -EBUSY:
		err("trigger add: session %s is being destroyed", session);
		break;
	case -EOPNOTSUPP:
		err("trigger add: this ltt module cannot attach that event to a trigger");
		break;
	default:
		err("trigger add: %s", strerror(-ret));
	}
}

/* modprobe the probe modules whose events -e matches, as enable does */
static int load_modules(const char *event)
{
	const char *auto_env = getenv("LTT_AUTOLOAD");

	if (auto_env && !strcmp(auto_env, "0"))
		return 0;
	return autoload(&event, 1);
}

/* The trigger watches no event now: said, as enable says it. */
static void watched_now(int sfd, uint64_t id, const char *event)
{
	struct ltt_trigger_entry *e = NULL;
	int n, i;

	n = lttc_trigger_list(sfd, &e);
	for (i = 0; i < n; i++)
		if (e[i].id == id && !e[i].nr_events)
			warn("no event matches '%s' now; the trigger watches it if a module brings one",
			     event);
	free(e);
}

/*
 * Would anything act on a fire of trigger a? Snapshots are written by the
 * lttd that drains the session, or else by one serving it (lttd --serve,
 * lttctl trigger wait --serve), into its trace directory; rotations by
 * the lttd that drains it. Said on stderr, with what to run: the trigger
 * is kept (its fires are counted skipped_busy meanwhile).
 */
static void warn_unserved(int sfd, const char *name,
			  const struct ltt_trigger_args *a)
{
	struct ltt_session_info si;
	struct ltt_output out = { 0 };
	unsigned long long id = a->id;
	bool dir, active;

	if ((a->action != LTT_TRIGGER_ACT_SNAPSHOT &&
	     a->action != LTT_TRIGGER_ACT_ROTATE) ||
	    lttc_session_info(sfd, &si) < 0)
		return;
	dir = !ltt_output_get(sfd, &out) && out.dir;
	ltt_output_free(&out);
	active = si.state == LTT_SESSION_ACTIVE;
	if (a->action == LTT_TRIGGER_ACT_SNAPSHOT) {
		if (!dir)
			warn("trigger %llu: session %s has no trace directory to write its snapshots in: each fire is counted skipped_busy (give the session -o DIR)",
			     id, name);
		else if (active && !si.consumer_pid && !si.nr_servers)
			warn("trigger %llu: nothing serves the snapshots of session %s (no lttd drains or serves it): each fire is counted skipped_busy until one does; run: lttd -s %s --serve --daemon (lttctl start runs it for a session that has a snapshot trigger when it starts)",
			     id, name, name);
		return;
	}
	if (si.consumer_pid ||
	    (!active && session_has_discard_channel(sfd, si.nr_channels)))
		return;		/* drained, or lttctl start runs lttd */
	if (active)
		warn("trigger %llu: no lttd drains session %s, so nothing rotates it: each fire is counted skipped_busy until one does; run: lttd -s %s --daemon",
		     id, name, name);
	else
		warn("trigger %llu: session %s is a flight recorder, which lttctl start gives no lttd to drain it: nothing would rotate it (each fire counted skipped_busy); start it with lttctl start --daemon",
		     id, name);
}

int trigger_add(const struct trigger_opts *o, const char **args __always_unused)
{
	struct ltt_filter_prog p = { 0 };
	struct ltt_trigger_args a;
	const char *session;
	int ctl, sfd, ret, rc = LTTCTL_ERROR;

	if (check_args(o, &a))
		return LTTCTL_USAGE;
	if (o->filter && filter_check(o->filter))
		return LTTCTL_USAGE;
	/* before the session: a probe module brings the events to check
	 * the filter's fields against */
	if (o->event && load_modules(o->event))
		return LTTCTL_ERROR;
	if (a.condition == LTT_TRIGGER_COND_HIST_ABOVE ||
	    a.condition == LTT_TRIGGER_COND_HIST_NEW_MAX || a.after_ns)
		sfd = ctl_session_open_minor(o->session, 16,
					     a.after_ns ? "--after" :
					     "triggers on histograms",
					     &ctl, &session);
	else
		sfd = trigger_session_open(o->session, &ctl, &session);
	if (sfd < 0)
		return LTTCTL_ERROR;
	if (a.condition == LTT_TRIGGER_COND_BUFFER_USAGE &&
	    pick_channel(sfd, session, o->channel, &a))
		goto out;
	if (o->filter && filter_prepare(ctl, o->event, o->filter, &p)) {
		rc = LTTCTL_USAGE;
		goto out;
	}
	ret = lttc_trigger_add(sfd, &a, o->filter ? p.buf : NULL,
			       o->filter ? p.len : 0);
	if (o->filter)
		ltt_filter_prog_free(&p);
	if (ret < 0) {
		add_error(ret, o, &a, session);
		goto out;
	}
	printf("trigger %llu added\n", (unsigned long long)a.id);
	if (a.condition == LTT_TRIGGER_COND_EVENT)
		watched_now(sfd, a.id, o->event);
	warn_unserved(sfd, session, &a);
	rc = LTTCTL_OK;
out:
	close(sfd);
	close(ctl);
	return rc;
}
