// SPDX-License-Identifier: GPL-2.0-only
/*
 * The explaining part of lttctl stop and status (summary.h): read a
 * channel's per-CPU counters and per-event counts, advise sizes
 * (tools/lib/advice.c), print them as text or JSON.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"
#include "summary.h"

static int by_count(const void *a, const void *b)
{
	const struct ltt_event_count *x = a, *y = b;

	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return strcmp(x->name, y->name);
}

int chan_summary_read(int cfd, struct chan_summary *cs)
{
	struct ltt_load *load;
	unsigned int cpu;
	int ret;

	memset(cs, 0, sizeof(*cs));
	ret = lttc_channel_info(cfd, &cs->ci);
	if (ret < 0)
		return ret;
	cs->st = calloc(cs->ci.nr_streams ? cs->ci.nr_streams : 1,
			sizeof(*cs->st));
	load = calloc(cs->ci.nr_streams ? cs->ci.nr_streams : 1, sizeof(*load));
	if (!cs->st || !load) {
		free(load);
		chan_summary_free(cs);
		return -ENOMEM;
	}
	for (cpu = 0; cpu < cs->ci.nr_streams; cpu++) {
		ret = lttc_stream_stats(cfd, cpu, &cs->st[cpu]);
		if (ret < 0) {
			free(load);
			chan_summary_free(cs);
			return ret;
		}
		load[cpu].lost_full = cs->st[cpu].lost_full;
		load[cpu].lost_bytes = cs->st[cpu].lost_bytes;
		load[cpu].peak_bytes_ps = cs->st[cpu].peak_bytes_ps;
		load[cpu].max_backlog = cs->st[cpu].max_backlog;
		/* an ABI 1.2 kernel leaves the load at 0: a delivery always
		 * sets max_backlog */
		if (cs->st[cpu].max_backlog)
			cs->has_adv = true;
	}
	if (cs->ci.mode != LTT_MODE_DISCARD)
		cs->has_adv = false;	/* a flight recorder overwrites by design */
	if (cs->has_adv &&
	    ltt_advise(cs->ci.subbuf_size, cs->ci.num_subbuf, load,
		       cs->ci.nr_streams, &cs->adv))
		cs->has_adv = false;
	free(load);
	cs->nr_ev = lttc_event_counts(cfd, &cs->ev);
	if (cs->nr_ev > 0)
		qsort(cs->ev, cs->nr_ev, sizeof(*cs->ev), by_count);
	cs->nr_rules = lttc_rule_list(cfd, &cs->rules);
	return 0;
}

void chan_summary_free(struct chan_summary *cs)
{
	free(cs->st);
	free(cs->ev);
	free(cs->rules);
	cs->st = NULL;
	cs->ev = NULL;
	cs->rules = NULL;
}

static uint64_t lost_of(const struct ltt_stream_stats *s)
{
	return s->lost_full + s->lost_big + s->lost_overwritten + s->lost_nesting;
}

/* "1.2M" */
static const char *fmt_rate(uint64_t v, char *buf, size_t len)
{
	if (v >= 10000000)
		snprintf(buf, len, "%.1fM", v / 1e6);
	else if (v >= 10000)
		snprintf(buf, len, "%.1fk", v / 1e3);
	else
		snprintf(buf, len, "%llu", (unsigned long long)v);
	return buf;
}

/* "64k", "1M": what --subbuf-size takes */
static const char *fmt_size_arg(uint64_t v, char *buf, size_t len)
{
	if (v >= (1 << 30) && !(v % (1 << 30)))
		snprintf(buf, len, "%lluG", (unsigned long long)(v >> 30));
	else if (v >= (1 << 20) && !(v % (1 << 20)))
		snprintf(buf, len, "%lluM", (unsigned long long)(v >> 20));
	else if (v >= 1024 && !(v % 1024))
		snprintf(buf, len, "%lluk", (unsigned long long)(v >> 10));
	else
		snprintf(buf, len, "%llu", (unsigned long long)v);
	return buf;
}

static void print_reasons(const struct ltt_stream_stats *s)
{
	const char *sep = "";

	printf(" (");
#define REASON(field, text)						\
	do {								\
		if (s->field) {						\
			printf("%s" text " %llu", sep,			\
			       (unsigned long long)s->field);		\
			sep = "; ";					\
		}							\
	} while (0)
	REASON(lost_full, "buffer full");
	REASON(lost_big, "record larger than a sub-buffer");
	REASON(lost_nesting, "nested too deep");
	REASON(lost_overwritten, "overwritten");
#undef REASON
	printf(")");
}

void chan_summary_print(const struct chan_summary *cs, const char *indent)
{
	const struct ltt_channel_info *ci = &cs->ci;
	char a[32], b[32], c[32], d[32];
	unsigned int cpu;
	int i;

	printf("%schannel %s: %u x %s per CPU, %s\n", indent, ci->name,
	       ci->num_subbuf, ltt_fmt_bytes(ci->subbuf_size, a, sizeof(a)),
	       ci->mode == LTT_MODE_OVERWRITE ? "overwrite" : "discard");
	if (cs->nr_ev > 0) {
		printf("%s  events by name:\n", indent);
		for (i = 0; i < cs->nr_ev && i < SUMMARY_TOP_EVENTS; i++)
			printf("%s    %-40s %12llu\n", indent, cs->ev[i].name,
			       (unsigned long long)cs->ev[i].count);
		if (cs->nr_ev > SUMMARY_TOP_EVENTS)
			printf("%s    (%d more events; lttctl status --json lists them all)\n",
			       indent, cs->nr_ev - SUMMARY_TOP_EVENTS);
	}
	for (cpu = 0; cpu < ci->nr_streams; cpu++) {
		const struct ltt_stream_stats *s = &cs->st[cpu];

		if (s->dropped_packets)
			printf("%s  cpu %u: %llu packets (%s) dropped, lttd could not write them\n",
			       indent, cpu, (unsigned long long)s->dropped_packets,
			       ltt_fmt_bytes(s->dropped_bytes, a, sizeof(a)));
		if (!lost_of(s))
			continue;
		printf("%s  cpu %u lost %llu", indent, cpu,
		       (unsigned long long)lost_of(s));
		print_reasons(s);
		printf("\n");
		if (s->peak_bytes_ps)
			printf("%s    peak %s events/s (%s/s, a sub-buffer filled in %llu us), at most %u of %u sub-buffers waiting for the daemon\n",
			       indent, fmt_rate(s->peak_records_ps, a, sizeof(a)),
			       ltt_fmt_bytes(s->peak_bytes_ps, b, sizeof(b)),
			       (unsigned long long)(s->peak_fill_ns / 1000),
			       s->max_backlog, ci->num_subbuf);
	}
	if (!cs->has_adv || !cs->adv.lost)
		return;
	printf("%sadvice: channel %s needed %s per CPU (its %s and the %s of the records lost); would hold it: --subbuf-size %s --num-subbuf %u\n",
	       indent, ci->name, ltt_fmt_bytes(cs->adv.need, a, sizeof(a)),
	       ltt_fmt_bytes(ci->subbuf_size * ci->num_subbuf, b, sizeof(b)),
	       ltt_fmt_bytes(cs->adv.need - ci->subbuf_size * ci->num_subbuf,
			     d, sizeof(d)),
	       fmt_size_arg(cs->adv.subbuf_size, c, sizeof(c)),
	       cs->adv.num_subbuf);
}

/* "rules": each {event, enable, filter}: null without a filter, its text
 * ("" when it was set without one), or null for a kernel older than 1.6 */
static void rules_json(struct json *j, const struct chan_summary *cs)
{
	const struct ltt_rule_entry *r;
	int i;

	if (cs->nr_rules < 0) {
		json_null(j, "rules");
		return;
	}
	json_arr_begin(j, "rules");
	for (i = 0; i < cs->nr_rules; i++) {
		r = &cs->rules[i];
		json_obj_begin(j, NULL);
		json_strn(j, "event", r->name, sizeof(r->name));
		json_bool(j, "enable", r->enable);
		if (r->flags & LTT_RULE_F_FILTER)
			json_strn(j, "filter", r->filter, sizeof(r->filter));
		else
			json_null(j, "filter");
		json_obj_end(j);
	}
	json_arr_end(j);
}

void chan_summary_json(struct json *j, const char *key,
		       const struct chan_summary *cs)
{
	const struct ltt_channel_info *ci = &cs->ci;
	unsigned int cpu;
	int i;

	json_obj_begin(j, key);
	json_strn(j, "name", ci->name, sizeof(ci->name));
	json_str(j, "mode", ci->mode == LTT_MODE_OVERWRITE ? "overwrite" : "discard");
	json_u64(j, "subbuf_size", ci->subbuf_size);
	json_u64(j, "num_subbuf", ci->num_subbuf);
	json_u64(j, "switch_timer_us", ci->switch_timer_us);
	json_u64(j, "read_timer_us", ci->read_timer_us);
	json_u64(j, "events_enabled", ci->nr_events);
	json_arr_begin(j, "context");
	for (i = 0; context_name(i); i++)
		if (ci->context & (1ULL << i))
			json_str(j, NULL, context_name(i));
	json_arr_end(j);
	json_u64(j, "tracefile_size", ci->tracefile_size);
	json_u64(j, "tracefile_count", ci->tracefile_count);
	json_arr_begin(j, "cpus");
	for (cpu = 0; cpu < ci->nr_streams; cpu++) {
		const struct ltt_stream_stats *s = &cs->st[cpu];

		json_obj_begin(j, NULL);
		json_u64(j, "cpu", cpu);
		json_u64(j, "records", s->records);
		json_u64(j, "lost", lost_of(s));
		json_obj_begin(j, "lost_by_reason");
		json_u64(j, "buffer_full", s->lost_full);
		json_u64(j, "too_big", s->lost_big);
		json_u64(j, "nesting", s->lost_nesting);
		json_u64(j, "overwritten", s->lost_overwritten);
		json_obj_end(j);
		json_u64(j, "lost_bytes", s->lost_bytes);
		json_u64(j, "subbufs_delivered", s->subbufs_delivered);
		json_u64(j, "subbufs_consumed", s->subbufs_consumed);
		json_u64(j, "bytes_written", ltt_stream_written(s));
		json_u64(j, "peak_records_per_s", s->peak_records_ps);
		json_u64(j, "peak_bytes_per_s", s->peak_bytes_ps);
		json_u64(j, "peak_fill_ns", s->peak_fill_ns);
		json_u64(j, "max_backlog", s->max_backlog);
		json_u64(j, "dropped_packets", s->dropped_packets);
		json_u64(j, "dropped_bytes", s->dropped_bytes);
		json_obj_end(j);
	}
	json_arr_end(j);
	if (cs->nr_ev >= 0) {
		json_arr_begin(j, "events");
		for (i = 0; i < cs->nr_ev; i++) {
			json_obj_begin(j, NULL);
			json_strn(j, "name", cs->ev[i].name, sizeof(cs->ev[i].name));
			json_u64(j, "id", cs->ev[i].id);
			json_u64(j, "count", cs->ev[i].count);
			json_obj_end(j);
		}
		json_arr_end(j);
	} else {
		json_null(j, "events");
	}
	rules_json(j, cs);
	if (cs->has_adv) {
		json_obj_begin(j, "advice");
		json_bool(j, "lost", cs->adv.lost);
		json_bool(j, "enough", cs->adv.enough);
		json_u64(j, "need_bytes_per_cpu", cs->adv.need);
		json_u64(j, "subbuf_size", cs->adv.subbuf_size);
		json_u64(j, "num_subbuf", cs->adv.num_subbuf);
		json_obj_end(j);
	} else {
		json_null(j, "advice");
	}
	json_obj_end(j);
}

int session_summary(int sfd, const char *indent, struct json *j, bool save)
{
	struct ltt_session_info si;
	struct chan_summary cs;
	struct ltt_totals t;
	unsigned int i;
	int cfd, ret;

	ret = lttc_session_info(sfd, &si);
	if (ret < 0)
		return ret;
	if (j) {
		ret = ltt_session_totals(sfd, &t);
		if (ret < 0)
			return ret;
		json_obj_begin(j, "totals");
		json_u64(j, "records", t.records);
		json_u64(j, "lost", t.lost_full + t.lost_big + t.lost_overwritten +
			 t.lost_nesting);
		json_u64(j, "lost_buffer_full", t.lost_full);
		json_u64(j, "lost_too_big", t.lost_big);
		json_u64(j, "lost_nesting", t.lost_nesting);
		json_u64(j, "lost_overwritten", t.lost_overwritten);
		json_u64(j, "bytes_written", t.bytes);
		json_u64(j, "dropped_packets", t.dropped_packets);
		json_u64(j, "dropped_bytes", t.dropped_bytes);
		json_obj_end(j);
		json_arr_begin(j, "channels");
	}
	for (i = 0; i < si.nr_channels; i++) {
		cfd = lttc_channel_open_index(sfd, i, NULL);
		if (cfd < 0) {
			ret = cfd;
			break;
		}
		ret = chan_summary_read(cfd, &cs);
		close(cfd);
		if (ret < 0)
			break;
		if (j)
			chan_summary_json(j, NULL, &cs);
		else
			chan_summary_print(&cs, indent);
		if (save)
			history_save(&cs);
		chan_summary_free(&cs);
	}
	if (j)
		json_arr_end(j);
	return ret < 0 ? ret : 0;
}
