// SPDX-License-Identifier: GPL-2.0-only
/*
 * Where a session's trace goes, in words (create, start, stop, status,
 * destroy): the local directory, the relay, and what lttd reports of
 * its relay connection.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "lttctl.h"
#include "text.h"
#include "json.h"

const char *output_describe(const struct ltt_output *o, char *buf,
			    size_t len)
{
	char p[32];

	if (!o->url)
		snprintf(buf, len, "%s", o->dir ? o->dir : "(nowhere)");
	else
		snprintf(buf, len, "%s%s%s%s%s%s", o->dir ? o->dir : "",
			 o->dir ? " and " : "", "the relay ", o->url,
			 o->live_us ? ", live every " : "",
			 o->live_us ?
			 text_fmt_duration(o->live_us, p, sizeof(p)) : "");
	return buf;
}

int relay_report(const char *session, const struct ltt_output *o,
		 const char *indent, struct json *j)
{
	struct ltt_relay_status st;
	char sz[32], p[32], url[4200];
	int ret;

	if (!o->url)
		return 0;
	snprintf(url, sizeof(url), "%s%s%s%s", o->url,
		 o->live_us ? " (live every " : "",
		 o->live_us ? text_fmt_duration(o->live_us, p, sizeof(p)) : "",
		 o->live_us ? ")" : "");
	ret = ltt_relay_status_read(session, &st);
	if (j) {
		json_obj_begin(j, "relay");
		json_str(j, "url", o->url);
		json_i64(j, "live_us", o->live_us);
		if (!ret) {
			json_str(j, "state", st.state);
			json_str(j, "dir", st.dir);
			json_i64(j, "packets", st.packets);
			json_i64(j, "bytes", st.bytes);
			json_i64(j, "unsent_packets", st.unsent);
			json_i64(j, "relay_sessions", st.sessions);
			json_i64(j, "packets_sent_again", st.resent);
			json_i64(j, "packets_dropped_unconfirmed", st.dropped);
			json_str(j, "error", st.error);
			json_str(j, "archive", st.archive);
			json_str(j, "refused", st.refused);
		}
		json_obj_end(j);
		if (!ret && (st.unsent || st.dropped ||
			     strstr(st.state, "losses")))
			return 1;
		return ret == -ENOENT ? 0 : ret;
	}
	if (ret == -ENOENT) {
		printf("%srelay:           %s (no lttd has connected)\n", indent,
		       url);
		return 0;
	}
	if (ret < 0) {
		printf("%srelay:           %s (lttd's report: %s)\n", indent,
		       url, strerror(-ret));
		return ret;
	}
	printf("%srelay:           %s, %s; %llu packets (%s) sent\n", indent,
	       url, st.state, st.packets,
	       ltt_fmt_bytes(st.bytes, sz, sizeof(sz)));
	if (st.dir[0])
		printf("%s  relay trace:   %s (under the relay's output)\n",
		       indent, st.dir);
	if (st.unsent)
		printf("%s  not sent:      %llu packets (the connection was lost)\n",
		       indent, st.unsent);
	if (st.sessions > 1)
		printf("%s  reconnected:   the trace is in %u relay sessions, the last above\n",
		       indent, st.sessions);
	if (st.resent)
		printf("%s  sent again:    %llu packets (not confirmed written by the relay session before, which may hold them too)\n",
		       indent, st.resent);
	if (st.dropped)
		printf("%s  dropped:       %llu packets sent, never confirmed written (the relay away at the end)\n",
		       indent, st.dropped);
	if (st.error[0])
		printf("%s  last error:    %s\n", indent, st.error);
	if (st.archive[0])
		printf("%s  last archive:  %s (under the relay's output)\n",
		       indent, st.archive);
	if (st.refused[0])
		printf("%s  refused:       %s\n", indent, st.refused);
	return st.unsent || st.dropped || strstr(st.state, "losses") ? 1 : 0;
}

/*
 * What reached the relay and what was lost, exactly, from the kernel's
 * counters and lttd's report (doc/relay.md, "Losses"): to the relay only,
 * lttd drops no packet for the relay's absence (it keeps it), so every
 * event recorded reached it unless a packet was dropped; the events lost
 * are the buffers' (full while the relay was away, or a flood), the
 * count the trace's events_discarded carries.
 */
void relay_accounting(int sfd, const char *session,
		      const struct ltt_output *o, const char *indent,
		      struct json *j)
{
	struct ltt_relay_status st;
	struct ltt_session_info si;
	struct ltt_totals t;
	bool waiting;
	uint64_t lost, dropped;

	if (!o->url || ltt_session_totals(sfd, &t) < 0 ||
	    lttc_session_info(sfd, &si) < 0 ||
	    ltt_relay_status_read(session, &st) < 0)
		return;
	/* stop gave up on an absent relay: the rest is in the buffers */
	waiting = si.streams_undrained || si.metadata_pending;
	lost = t.lost_full + t.lost_big + t.lost_overwritten + t.lost_nesting;
	/* the kernel's (put back unsent) and, to the relay only, lttd's
	 * (sent, never confirmed written; a local trace has those) */
	dropped = t.dropped_packets + (o->dir ? 0 : st.dropped);
	if (j) {
		json_obj_begin(j, "relay_accounting");
		json_i64(j, "packets_sent", st.packets);
		json_i64(j, "relay_sessions", st.sessions);
		json_i64(j, "events_recorded", t.records);
		json_i64(j, "events_lost", lost);
		json_i64(j, "packets_dropped", dropped);
		json_i64(j, "packets_unsent", st.unsent);
		json_i64(j, "packets_sent_again", st.resent);
		json_bool(j, "buffers_waiting", waiting);
		json_obj_end(j);
		return;
	}
	if (o->dir)	/* the local trace has it all: say what the relay missed */
		printf("%sto the relay:     %llu packets sent in %u relay session%s, %llu not sent%s%.0llu%s\n",
		       indent, st.packets, st.sessions, st.sessions == 1 ? "" : "s",
		       st.unsent, st.dropped ? ", " : "", st.dropped,
		       st.dropped ? " sent but never confirmed written" : "");
	else if (waiting)
		printf("%sto the relay:     %llu packets so far, in %u relay session%s; the rest waits in the buffers\n",
		       indent, st.packets, st.sessions,
		       st.sessions == 1 ? "" : "s");
	else if (!dropped)
		printf("%sto the relay:     every packet recorded, %llu events in %llu packets, in %u relay session%s\n",
		       indent, (unsigned long long)t.records, st.packets,
		       st.sessions, st.sessions == 1 ? "" : "s");
	else
		printf("%sto the relay:     %llu packets in %u relay session%s; %llu packets dropped by lttd (their events are not counted)\n",
		       indent, st.packets, st.sessions,
		       st.sessions == 1 ? "" : "s",
		       (unsigned long long)dropped);
	if (st.resent)
		printf("%ssent again:       %llu packets, to a new relay session (the one before may hold them too: duplicates, no holes)\n",
		       indent, st.resent);
	printf("%slost:             %llu events (the buffers', the trace's events_discarded), %llu packets dropped by lttd\n",
	       indent, (unsigned long long)lost,
	       (unsigned long long)dropped);
}
