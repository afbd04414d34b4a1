// SPDX-License-Identifier: GPL-2.0-only
/*
 * A session's triggers described: lttctl trigger list and lttctl status
 * (text and JSON). Everything from TRIGGER_LIST: what is shown is what
 * the kernel holds.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "json.h"
#include "text.h"
#include "trigger.h"

static const char *const action_names[] = {
#define ACTION_NAME(id, name, value) [LTT_TRIGGER_ACT_##id] = #name,
	LTT_TRIGGER_ACTIONS(ACTION_NAME)
#undef ACTION_NAME
};

static const char *const condition_names[] = {
#define CONDITION_NAME(id, name, value) [LTT_TRIGGER_COND_##id] = #name,
	LTT_TRIGGER_CONDITIONS(CONDITION_NAME)
#undef CONDITION_NAME
};

const char *trigger_action_name(unsigned int action)
{
	if (action >= sizeof(action_names) / sizeof(action_names[0]))
		return NULL;
	return action_names[action];
}

unsigned int trigger_action_parse(const char *s)
{
	unsigned int a;

	for (a = 1; a < sizeof(action_names) / sizeof(action_names[0]); a++)
		if (action_names[a] && !strcmp(s, action_names[a]))
			return a;
	return 0;
}

const char *trigger_fmt_every(uint64_t ns, char *buf, size_t len)
{
	if (ns % 1000)	/* not set by lttctl, which counts microseconds */
		snprintf(buf, len, "%" PRIu64 "ns", ns);
	else
		text_fmt_duration(ns / 1000, buf, len);
	return buf;
}

const char *trigger_fmt_ns(uint64_t ns, char *buf, size_t len)
{
	return trigger_fmt_every(ns, buf, len);
}

const char *trigger_condition_name(unsigned int c)
{
	if (c >= sizeof(condition_names) / sizeof(condition_names[0]))
		return NULL;
	return condition_names[c];
}

/* "histogram L above 50000000" (a latency's in ns), "histogram L new max" */
static void show_hist_cond(const struct ltt_trigger_entry *e)
{
	printf("histogram %.*s ", (int)sizeof(e->channel), e->channel);
	if (e->condition == LTT_TRIGGER_COND_HIST_NEW_MAX)
		printf("new max");
	else
		printf("above %" PRId64, (int64_t)e->above);
}

/*
 * "1: event sched_switch (1 event), action stop, max 2, every 1s; fires
 * 5, acted 2, skipped_rate 3, skipped_busy 0", then "filter: EXPR".
 */
void trigger_show_one(const struct ltt_trigger_entry *e, const char *indent)
{
	const char *act = trigger_action_name(e->action);
	char every[32];

	printf("%s%" PRIu64 ": ", indent, (uint64_t)e->id);
	if (e->condition == LTT_TRIGGER_COND_EVENT)
		printf("event %.*s (%u event%s)", (int)sizeof(e->event),
		       e->event, e->nr_events, e->nr_events == 1 ? "" : "s");
	else if (e->condition == LTT_TRIGGER_COND_BUFFER_USAGE)
		printf("buffer usage >= %u%% of channel %.*s", e->usage_pct,
		       (int)sizeof(e->channel), e->channel);
	else if (e->condition == LTT_TRIGGER_COND_HIST_ABOVE ||
		 e->condition == LTT_TRIGGER_COND_HIST_NEW_MAX)
		show_hist_cond(e);
	else
		printf("condition %u", e->condition);
	if (act)
		printf(", action %s", act);
	else
		printf(", action %u", e->action);
	if (e->max)
		printf(", max %" PRIu64, (uint64_t)e->max);
	if (e->every_ns)
		printf(", every %s", trigger_fmt_every(e->every_ns, every,
						       sizeof(every)));
	if (e->after_ns)
		printf(", after %s", trigger_fmt_ns(e->after_ns, every,
						    sizeof(every)));
	printf("; fires %" PRIu64 ", acted %" PRIu64 ", skipped_rate %" PRIu64
	       ", skipped_busy %" PRIu64 "\n", (uint64_t)e->fires,
	       (uint64_t)e->acted, (uint64_t)e->skipped_rate,
	       (uint64_t)e->skipped_busy);
	if (e->flags & LTT_TRIGGER_F_FILTER)
		printf("%s   filter: %.*s\n", indent, (int)sizeof(e->filter),
		       e->filter[0] ? e->filter : "(its text unknown)");
}

void trigger_json_one(struct json *j, const struct ltt_trigger_entry *e)
{
	const char *act = trigger_action_name(e->action);

	json_obj_begin(j, NULL);
	json_u64(j, "id", e->id);
	json_str(j, "condition", e->condition < sizeof(condition_names) /
		 sizeof(condition_names[0]) && condition_names[e->condition] ?
		 condition_names[e->condition] : "unknown");
	if (e->condition == LTT_TRIGGER_COND_EVENT) {
		json_strn(j, "event", e->event, sizeof(e->event));
		json_u64(j, "nr_events", e->nr_events);
		if (e->flags & LTT_TRIGGER_F_FILTER)
			json_strn(j, "filter", e->filter, sizeof(e->filter));
		else
			json_null(j, "filter");
	} else if (e->condition == LTT_TRIGGER_COND_BUFFER_USAGE) {
		json_strn(j, "channel", e->channel, sizeof(e->channel));
		json_u64(j, "usage_pct", e->usage_pct);
	} else {
		json_strn(j, "hist", e->channel, sizeof(e->channel));
		if (e->condition == LTT_TRIGGER_COND_HIST_ABOVE)
			json_i64(j, "above", e->above);
	}
	if (act)
		json_str(j, "action", act);
	else
		json_u64(j, "action", e->action);
	json_u64(j, "max", e->max);
	json_u64(j, "every_ns", e->every_ns);
	json_u64(j, "after_ns", e->after_ns);
	json_u64(j, "fires", e->fires);
	json_u64(j, "acted", e->acted);
	json_u64(j, "skipped_rate", e->skipped_rate);
	json_u64(j, "skipped_busy", e->skipped_busy);
	json_obj_end(j);
}

void triggers_show(int sfd, const char *indent)
{
	struct ltt_trigger_entry *e = NULL;
	char more[64];
	int n, i;

	n = lttc_trigger_list(sfd, &e);
	if (n <= 0)	/* none, or a module without triggers */
		return;
	printf("%striggers:\n", indent);
	snprintf(more, sizeof(more), "%s  ", indent);
	for (i = 0; i < n; i++)
		trigger_show_one(&e[i], more);
	free(e);
}

void triggers_json(int sfd, struct json *j)
{
	struct ltt_trigger_entry *e = NULL;
	int n, i;

	n = lttc_trigger_list(sfd, &e);
	if (n < 0) {
		json_null(j, "triggers");
		return;
	}
	json_arr_begin(j, "triggers");
	for (i = 0; i < n; i++)
		trigger_json_one(j, &e[i]);
	json_arr_end(j);
	free(e);
}
