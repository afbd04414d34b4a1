// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl status: every session (or one), its trackers, its channels with
 * their filters, and per-CPU counters.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "hist.h"
#include "lttctl.h"
#include "summary.h"
#include "text.h"

static const char description[] =
	"Shows each session (or only NAME): its state, consumer daemon and\n"
	"trace directory; how often lttd's supervisor restarted a dead lttd\n"
	"and why (lttd(8)); its rotation schedule and limits, its current trace\n"
	"chunk, its last archive and a rotation not done yet; the packets lttd\n"
	"dropped (could not write) and its error; the processes it tracks (each\n"
	"set that is not every process); its triggers with their counts (fires,\n"
	"acted, skipped_rate, skipped_busy: lttctl trigger); each channel's\n"
	"settings, its trace-file limits and the filters of its rules; per CPU\n"
	"the records committed, lost, the bytes the daemon wrote and the\n"
	"packets it dropped; then the records per event name, the losses by\n"
	"reason and the measured peak rates (see lttctl stop). --json prints it\n"
	"all as one JSON object (doc/json.md), every rule included. Exits with\n"
	"1, naming the fix, when a session that should be drained (it has a\n"
	"trace directory or a relay URL, a channel that is not --overwrite,\n"
	"and is tracing) has no lttd: its buffers fill and, once full, lose\n"
	"events; or when a tracing session's snapshot triggers have nothing\n"
	"to serve them (lttd --serve, lttd(8)): their fires are skipped.";

static char *opt_session;
static int opt_json;
static struct json json;

static const struct poptOption options[] = {
	{ "session", 's', POPT_ARG_STRING, &opt_session, 0,
	  "only this session", "NAME" },
	{ "json", 0, POPT_ARG_NONE, &opt_json, 0,
	  "print JSON (doc/json.md)", NULL },
	POPT_TABLEEND
};

/* "    files of 64.0 MiB, 3 kept per CPU; context pid,procname" */
static void channel_limits(const struct ltt_channel_info *ci)
{
	char sz[32], *ctx;

	if (ci->tracefile_size) {
		printf("    files of %s", ltt_fmt_bytes(ci->tracefile_size, sz, sizeof(sz)));
		if (ci->tracefile_count)
			printf(", the %llu newest kept per CPU",
			       (unsigned long long)ci->tracefile_count);
		printf("\n");
	}
	if (ci->context) {
		ctx = context_list(ci->context);
		printf("    context: %s\n", ctx ? ctx : "?");
		free(ctx);
	}
}

/* A request of the rotation mailbox by its flags (a trigger's snapshot
 * comes the same way, ABI 1.8). */
static const char *request_name(unsigned int flags)
{
	if (flags & LTT_ROTATE_SNAPSHOT)
		return "snapshot";
	return flags & LTT_ROTATE_CLEAR ? "clear" : "rotation";
}

/* The session's configuration, chunk and drops, as text. */
static void show_lifecycle(int sfd, const char *dir)
{
	struct ltt_session_config c;
	struct ltt_rotate_status st;
	struct ltt_totals t;
	char text[160], sz[32], *archive = NULL, *chunk = NULL;

	if (lttc_session_get_config(sfd, &c) >= 0) {
		if (c.flags & LTT_SESSION_F_ONESHOT)
			printf("  made by lttctl start: lttctl stop destroys it\n");
		if (c.rotate_every_us || c.rotate_size || c.keep_chunks ||
		    c.keep_size) {
			rotation_describe(&c, text, sizeof(text));
			printf("  rotation: %s\n", text);
		}
	}
	if (lttc_rotate_status(sfd, &st, &archive, &chunk) >= 0) {
		if (st.chunk_id || st.done_id)
			printf("  chunk %llu: %s%s%s\n",
			       (unsigned long long)st.chunk_id, dir ? dir : "",
			       chunk && *chunk ? "/" : "", chunk ? chunk : "");
		if (archive && *archive)
			printf("  last %s: %s\n",
			       st.done_flags & LTT_ROTATE_SNAPSHOT ?
			       "snapshot" : "archive", archive);
		if (st.done_id && st.done_error)
			printf("  %s %llu failed: %s\n",
			       request_name(st.done_flags),
			       (unsigned long long)st.done_id,
			       strerror(st.done_error));
		if (st.pending)
			printf("  %s %llu asked, not done yet\n",
			       request_name(st.requested_flags),
			       (unsigned long long)st.requested_id);
	}
	free(archive);
	free(chunk);
	if (ltt_session_totals(sfd, &t) >= 0 && t.dropped_packets)
		printf("  dropped: %llu packets (%s) that lttd could not write\n",
		       (unsigned long long)t.dropped_packets,
		       ltt_fmt_bytes(t.dropped_bytes, sz, sizeof(sz)));
}

/* The same as members of the session's JSON object (doc/json.md). */
static void lifecycle_json(int sfd)
{
	struct ltt_session_config c;
	struct ltt_rotate_status st;
	struct ltt_totals t;
	char *archive = NULL, *chunk = NULL;

	if (lttc_session_get_config(sfd, &c) >= 0) {
		json_bool(&json, "oneshot", c.flags & LTT_SESSION_F_ONESHOT);
		json_bool(&json, "no_statedump", c.flags & LTT_SESSION_F_NO_STATEDUMP);
		json_obj_begin(&json, "rotation");
		json_u64(&json, "every_us", c.rotate_every_us);
		json_u64(&json, "size", c.rotate_size);
		json_u64(&json, "keep_chunks", c.keep_chunks);
		json_u64(&json, "keep_size", c.keep_size);
		json_obj_end(&json);
	} else {
		json_null(&json, "oneshot");
		json_null(&json, "no_statedump");
		json_null(&json, "rotation");
	}
	if (lttc_rotate_status(sfd, &st, &archive, &chunk) >= 0) {
		json_obj_begin(&json, "chunk");
		json_u64(&json, "id", st.chunk_id);
		json_str(&json, "dir", chunk ? chunk : "");
		json_str(&json, "last_archive", archive ? archive : "");
		json_u64(&json, "requested_id", st.requested_id);
		json_bool(&json, "pending", st.pending);
		json_bool(&json, "pending_clear",
			  st.pending && (st.requested_flags & LTT_ROTATE_CLEAR));
		json_bool(&json, "pending_snapshot",
			  st.pending && (st.requested_flags & LTT_ROTATE_SNAPSHOT));
		json_u64(&json, "done_id", st.done_id);
		json_bool(&json, "done_snapshot",
			  st.done_flags & LTT_ROTATE_SNAPSHOT);
		json_i64(&json, "done_error", st.done_error);
		json_obj_end(&json);
	} else {
		json_null(&json, "chunk");
	}
	free(archive);
	free(chunk);
	if (ltt_session_totals(sfd, &t) < 0)
		memset(&t, 0, sizeof(t));
	json_u64(&json, "dropped_packets", t.dropped_packets);
	json_u64(&json, "dropped_bytes", t.dropped_bytes);
}

static void show_channel(int cfd)
{
	struct chan_summary cs;
	struct ltt_channel_info ci;
	struct ltt_stream_stats st;
	char sz[32], wr[32], tm[32];
	unsigned int cpu;

	if (opt_json) {
		if (chan_summary_read(cfd, &cs) < 0)
			return;
		chan_summary_json(&json, NULL, &cs);
		chan_summary_free(&cs);
		return;
	}
	if (lttc_channel_info(cfd, &ci) < 0)
		return;
	printf("  channel %s: %s, %u x %s per CPU, switch timer %s, %u event%s enabled\n",
	       ci.name, ci.mode == LTT_MODE_OVERWRITE ? "overwrite" : "discard",
	       ci.num_subbuf, ltt_fmt_bytes(ci.subbuf_size, sz, sizeof(sz)),
	       ci.switch_timer_us ?
	       text_fmt_duration(ci.switch_timer_us, tm, sizeof(tm)) : "off",
	       ci.nr_events,
	       ci.nr_events == 1 ? "" : "s");
	channel_limits(&ci);
	filters_show(cfd, "    ");
	printf("    %4s %12s %10s %12s %8s\n", "cpu", "records", "lost",
	       "written", "dropped");
	for (cpu = 0; cpu < ci.nr_streams; cpu++) {
		if (lttc_stream_stats(cfd, cpu, &st) < 0)
			continue;
		printf("    %4u %12llu %10llu %12s %8llu\n", cpu,
		       (unsigned long long)st.records,
		       (unsigned long long)(st.lost_full + st.lost_big +
					    st.lost_overwritten + st.lost_nesting),
		       ltt_fmt_bytes(ltt_stream_written(&st), wr, sizeof(wr)),
		       (unsigned long long)st.dropped_packets);
	}
	if (chan_summary_read(cfd, &cs) < 0)
		return;
	chan_summary_print(&cs, "    ");
	chan_summary_free(&cs);
}

/*
 * Seconds until lttd's supervisor starts the session's next worker, when
 * it waits to (its worker died: tools/lttd/supervise.c), else -1. The
 * supervisor must be alive: its status file outlives a SIGKILL.
 */
static long long restart_in(const struct ltt_session_info *si)
{
	char name[sizeof(si->name) + 1];
	struct ltt_lttd_status st;
	struct timespec now;

	snprintf(name, sizeof(name), "%.*s", (int)sizeof(si->name), si->name);
	if (si->consumer_pid || ltt_lttd_status_read(name, &st) ||
	    !st.have_uuid || memcmp(st.uuid, si->uuid, sizeof(st.uuid)) ||
	    st.worker_pid || !st.next_start || st.supervisor_pid <= 0 ||
	    (kill(st.supervisor_pid, 0) && errno != EPERM))
		return -1;
	clock_gettime(CLOCK_BOOTTIME, &now);
	return st.next_start > now.tv_sec ? st.next_start - now.tv_sec : 0;
}

/*
 * A session that should be drained and is not: say so and how to mend
 * it (1), else 0. lttd resumes from the buffers, so nothing written is
 * lost if one is started before they fill. Not while lttd's supervisor
 * waits to start a new worker: that mends it.
 */
static int undrained(int sfd, const struct ltt_session_info *si,
		     const struct ltt_output *o)
{
	/* a flight recorder (every channel --overwrite) is not drained */
	if (si->state != LTT_SESSION_ACTIVE || si->consumer_pid ||
	    (!o->dir && !o->url) || restart_in(si) >= 0 ||
	    !session_has_discard_channel(sfd, si->nr_channels))
		return 0;
	warn("session '%.*s' is tracing to a trace output but no lttd drains it: its buffers fill, then lose events; start one: lttd -s %.*s -d (or systemctl restart ltt, for a saved session)",
	     (int)sizeof(si->name), si->name, (int)sizeof(si->name), si->name);
	return 1;
}

/*
 * A tracing session whose snapshot triggers nothing would serve (no lttd
 * drains it, none serves it: lttd --serve was killed, or the trigger was
 * added after the start): say so and how to mend it (1), else 0. Not
 * while lttd --serve's supervisor waits to start a new one.
 */
static int unserved(int sfd, const struct ltt_session_info *si,
		    const struct ltt_output *o)
{
	if (si->state != LTT_SESSION_ACTIVE || si->consumer_pid ||
	    si->nr_servers || (!o->dir && !o->url) || restart_in(si) >= 0 ||
	    !(session_trigger_actions(sfd) & (1U << LTT_TRIGGER_ACT_SNAPSHOT)))
		return 0;
	warn("session '%.*s' has a snapshot trigger that nothing serves: each fire is counted skipped_busy; start one: lttd -s %.*s --serve --daemon (or lttctl start -s %.*s)",
	     (int)sizeof(si->name), si->name, (int)sizeof(si->name), si->name,
	     (int)sizeof(si->name), si->name);
	return 1;
}

/*
 * lttd's supervisor's restarts of its worker (tools/lttd/supervise.c):
 * "  lttd restarted 2 times, last: killed by signal 9, 12 s ago", or in
 * JSON, "lttd_supervisor" (null without one for this session).
 */
static void restarts_report(const struct ltt_session_info *si,
			    struct json *j)
{
	char name[sizeof(si->name) + 1];
	struct ltt_lttd_status st;
	struct timespec now;
	long long ago;
	bool ours;

	snprintf(name, sizeof(name), "%.*s", (int)sizeof(si->name), si->name);
	ours = !ltt_lttd_status_read(name, &st) && st.have_uuid &&
	       !memcmp(st.uuid, si->uuid, sizeof(st.uuid));
	clock_gettime(CLOCK_BOOTTIME, &now);
	ago = now.tv_sec - st.last_time;
	if (j && !ours) {
		json_null(j, "lttd_supervisor");
		return;
	}
	if (j) {
		json_obj_begin(j, "lttd_supervisor");
		json_i64(j, "pid", st.supervisor_pid);
		json_i64(j, "worker_pid", st.worker_pid);
		json_i64(j, "restarts", st.restarts);
		json_str(j, "last_cause", st.restarts ? st.last_cause : NULL);
		json_i64(j, "last_ago_s", st.restarts ? ago : -1);
		json_i64(j, "restart_in_s", restart_in(si));
		json_obj_end(j);
		return;
	}
	if (ours && st.restarts)
		printf("  lttd restarted %u time%s, last: %s, %lld s ago\n",
		       st.restarts, st.restarts == 1 ? "" : "s",
		       st.last_cause, ago < 0 ? 0 : ago);
}

/*
 * Where the session's snapshots go, how many are kept, and who writes a
 * trigger's: "  snapshots: DIR/snapshot-N-*, keeping the 2 newest;
 * triggers' served by lttd --serve", or in JSON, "snapshots"
 * (doc/json.md).
 */
static void snapshots_line(const struct ltt_session_info *si, const char *dir,
			   bool trig, const struct ltt_session_config *cp);

static void snapshots_report(int sfd, const struct ltt_session_info *si,
			     const struct ltt_output *o, struct json *j)
{
	char spool[PATH_MAX], name[sizeof(si->name) + 1];
	const char *dir;
	struct ltt_spool_count sc = { 0 };
	struct ltt_session_config c;
	bool trig = session_trigger_actions(sfd) &
		    (1U << LTT_TRIGGER_ACT_SNAPSHOT);
	bool served = si->consumer_pid || si->nr_servers;

	snprintf(name, sizeof(name), "%.*s", (int)sizeof(si->name), si->name);
	dir = ltt_spool_dir(o, name, spool, sizeof(spool));
	if (lttc_session_get_config(sfd, &c) < 0)
		memset(&c, 0, sizeof(c));
	if (o->url && dir)
		ltt_spool_count(dir, &sc);
	if (j) {
		json_obj_begin(j, "snapshots");
		json_u64(j, "keep_snapshots", c.keep_snapshots);
		json_u64(j, "keep", LTT_KEEP_SNAPSHOTS(&c));
		json_u64(j, "keep_size", c.keep_size);
		json_bool(j, "triggers", trig);
		json_u64(j, "servers", si->nr_servers);
		json_bool(j, "served", served && dir);
		json_str(j, "spool", o->url ? dir : NULL);
		json_u64(j, "shipped", sc.shipped);
		json_u64(j, "waiting", sc.waiting);
		json_u64(j, "dropped_unshipped", sc.dropped);
		json_obj_end(j);
		return;
	}
	if (trig || c.keep_snapshots)
		snapshots_line(si, dir, trig, &c);
	/* a session with a relay ships them (lttd's relay-ship.c) */
	if (o->url && (trig || sc.shipped || sc.waiting || sc.dropped)) {
		printf("  snapshots: %u shipped, %u waiting for the relay",
		       sc.shipped, sc.waiting);
		if (sc.dropped)
			printf(", %u removed before they were shipped",
			       sc.dropped);
		printf("\n");
	}
}

static void snapshots_line(const struct ltt_session_info *si, const char *dir,
			   bool trig, const struct ltt_session_config *cp)
{
	const struct ltt_session_config c = *cp;
	char keep[64], sz[32];

	if (LTT_KEEP_SNAPSHOTS(&c))
		snprintf(keep, sizeof(keep), "the %u newest%s",
			 LTT_KEEP_SNAPSHOTS(&c),
			 c.keep_snapshots ? "" : " (--keep-chunks)");
	else
		snprintf(keep, sizeof(keep), "all");
	if (c.keep_size)
		snprintf(keep + strlen(keep), sizeof(keep) - strlen(keep),
			 ", %s at most", ltt_fmt_bytes(c.keep_size, sz, sizeof(sz)));
	printf("  snapshots: %s%s, keeping %s", dir ? dir : "(no trace directory)",
	       dir ? "/snapshot-N-*" : "", keep);
	if (trig && !dir)
		printf("; triggers' written nowhere");
	else if (trig && si->consumer_pid)
		printf("; triggers' written by lttd");
	else if (trig && si->nr_servers)
		printf("; triggers' served (lttd --serve, lttctl trigger wait --serve)");
	else if (trig)
		printf("; triggers' served by nothing: run lttd -s %.*s --serve --daemon",
		       (int)sizeof(si->name), si->name);
	printf("\n");
}

static int show_session(int ctl, const char *name)
{
	struct ltt_session_info si;
	struct ltt_output o = { 0 };
	long long wait;
	char *dir;
	unsigned int i;
	int sfd, cfd, rc;

	sfd = session_open(ctl, name, NULL);
	if (sfd < 0)
		return -1;
	if (lttc_session_info(sfd, &si) < 0) {
		close(sfd);
		return -1;
	}
	ltt_output_get(sfd, &o);
	dir = o.dir;
	rc = undrained(sfd, &si, &o) || unserved(sfd, &si, &o) ? -1 : 0;
	if (opt_json) {
		json_obj_begin(&json, NULL);
		json_strn(&json, "name", si.name, sizeof(si.name));
		json_str(&json, "state", state_name(si.state));
		json_i64(&json, "consumer_pid", si.consumer_pid);
		json_i64(&json, "consumer_error", si.consumer_error);
		json_str(&json, "trace", dir);
		restarts_report(&si, &json);
		relay_report(si.name, &o, NULL, &json);
		lifecycle_json(sfd);
		snapshots_report(sfd, &si, &o, &json);
		ltt_output_free(&o);
		trackers_json(sfd, &json);
		triggers_json(sfd, &json);
		hists_json(sfd, &json);
		json_arr_begin(&json, "channels");
		for (i = 0; i < si.nr_channels; i++) {
			cfd = lttc_channel_open_index(sfd, i, NULL);
			if (cfd < 0)
				continue;
			show_channel(cfd);
			close(cfd);
		}
		json_arr_end(&json);
		json_obj_end(&json);
		close(sfd);
		return rc;
	}
	printf("Session %s: %s", si.name, state_name(si.state));
	if (si.consumer_pid)
		printf(", lttd pid %d", si.consumer_pid);
	else if ((wait = restart_in(&si)) >= 0)
		printf(", lttd restarting in %lld s", wait);
	else
		printf(", no daemon");
	if (si.consumer_error)
		printf(", daemon error: %s", strerror(si.consumer_error));
	printf("\n  trace: %s\n", dir ? dir : o.url ? "(the relay only)" : "(none)");
	restarts_report(&si, NULL);
	relay_report(si.name, &o, "  ", NULL);
	show_lifecycle(sfd, dir);
	snapshots_report(sfd, &si, &o, NULL);
	ltt_output_free(&o);
	trackers_show(sfd);
	probe_show(sfd);
	triggers_show(sfd, "  ");
	hists_show(sfd, "  ");
	for (i = 0; i < si.nr_channels; i++) {
		cfd = lttc_channel_open_index(sfd, i, NULL);
		if (cfd < 0)
			continue;
		show_channel(cfd);
		close(cfd);
	}
	close(sfd);
	return rc;
}

static int json_sessions(int ctl)
{
	struct ltt_session_entry *e = NULL;
	int n, i, rc = LTTCTL_OK;

	n = lttc_session_list(ctl, &e);
	if (n < 0) {
		err("cannot list sessions: %s", strerror(-n));
		return LTTCTL_ERROR;
	}
	for (i = 0; i < n; i++)
		if (show_session(ctl, e[i].name))
			rc = LTTCTL_ERROR;
	free(e);
	return rc;
}

static int run_status(const char **args __always_unused)
{
	int rc, ctl;

	ctl = ctl_open();
	if (ctl < 0)
		return LTTCTL_ERROR;
	if (opt_json) {
		json_init(&json, stdout);
		json_obj_begin(&json, NULL);
		pmem_status_json(ctl, &json);
		json_arr_begin(&json, "sessions");
	} else {
		pmem_status_show(ctl);
	}
	if (opt_session)
		rc = show_session(ctl, opt_session) ? LTTCTL_ERROR : LTTCTL_OK;
	else if (opt_json)	/* for_each_session() prints when there is none */
		rc = json_sessions(ctl);
	else
		rc = for_each_session(ctl, show_session);
	if (opt_json) {
		json_arr_end(&json);
		json_obj_end(&json);
		json_end(&json);
	}
	close(ctl);
	return rc;
}

const struct lttctl_cmd lttctl_cmd_status = {
	.name		= "status",
	.usage		= "[OPTION...] [NAME]",
	.summary	= "show sessions, channels and per-CPU counters",
	.description	= description,
	.options	= options,
	.run		= run_status,
};
