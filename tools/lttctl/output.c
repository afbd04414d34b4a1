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
			json_str(j, "error", st.error);
		}
		json_obj_end(j);
		if (!ret && (st.unsent || strstr(st.state, "losses")))
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
	if (st.error[0])
		printf("%s  last error:    %s\n", indent, st.error);
	return st.unsent || strstr(st.state, "losses") ? 1 : 0;
}
