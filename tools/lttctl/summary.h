/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What lttctl stop and status explain about a channel (summary.c): events
 * per name, losses per CPU with their reason, the measured peak rates and
 * the buffer sizes that would have held the load; the same as JSON
 * (doc/json.md); and the history of those needs per event set
 * (history.c) that lttctl start checks its sizes against.
 */
#ifndef _LTTCTL_SUMMARY_H
#define _LTTCTL_SUMMARY_H

#include <stdint.h>
#include "advice.h"
#include "json.h"
#include "ltt-ctl.h"

#define SUMMARY_TOP_EVENTS	10

struct chan_summary {
	struct ltt_channel_info ci;
	struct ltt_stream_stats *st;		/* [ci.nr_streams] */
	struct ltt_event_count *ev;		/* by count, largest first */
	int nr_ev;				/* < 0: kernel without counts */
	struct ltt_advice adv;
	bool has_adv;				/* ABI >= 1.3 measures the load */
	struct ltt_rule_entry *rules;		/* in the order they apply */
	int nr_rules;				/* < 0: kernel without (< 1.6) */
};

/* Read channel cfd's counters; 0 or -errno. chan_summary_free() after. */
int chan_summary_read(int cfd, struct chan_summary *cs);
void chan_summary_free(struct chan_summary *cs);
/* Text lines, each starting with indent. */
void chan_summary_print(const struct chan_summary *cs, const char *indent);
/* One JSON object (member key, or an array element when key is NULL). */
void chan_summary_json(struct json *j, const char *key,
		       const struct chan_summary *cs);

/* A session's channels: text (after print_totals()) or members of the
 * JSON object j ("totals", "channels"); save: remember the needs in the
 * history. 0 or -errno. */
int session_summary(int sfd, const char *indent, struct json *j, bool save);

/* history.c: per event set (a hash of the channel's event names) what
 * the last run needed per CPU. */
uint64_t history_key(const struct ltt_event_count *ev, int n);
/* Remember cs's need under its event set; silent on failure (a cache). */
void history_save(const struct chan_summary *cs);
/* The last need recorded for key: 0 and *need, *adv filled; -1 if none. */
int history_find(uint64_t key, uint64_t *need, struct ltt_advice *adv);
/* The file used (for messages and docs): static storage, or NULL. */
const char *history_path(void);

#endif /* _LTTCTL_SUMMARY_H */
