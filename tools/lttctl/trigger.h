/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lttctl trigger: the command (cmd-trigger.c) parses the line and runs
 * one of its actions, each in a file of its own: trigger-add.c,
 * trigger-list.c, trigger-remove.c, trigger-wait.c. trigger-show.c
 * describes triggers (list, status, save).
 */
#ifndef _LTTCTL_TRIGGER_H
#define _LTTCTL_TRIGGER_H

#include "lttctl.h"

/* The options of lttctl trigger, as given (NULL/0: not given). */
struct trigger_opts {
	const char *session;
	const char *event;		/* -e */
	const char *filter;
	const char *usage;		/* --buffer-usage */
	const char *channel;		/* -c */
	const char *action;
	const char *max;
	const char *every;
	const char *latency;		/* --latency NAME */
	const char *hist;		/* --hist NAME */
	const char *above;
	int new_max;
	const char *after;
	const char *timeout;
	int json;
	int serve;
};

/* Each takes the positional arguments after its action word; returns the
 * exit code. */
int trigger_add(const struct trigger_opts *o, const char **args);
int trigger_list(const struct trigger_opts *o, const char **args);
int trigger_remove(const struct trigger_opts *o, const char **args);
int trigger_wait(const struct trigger_opts *o, const char **args);

/* /dev/ltt and the session, checked to have triggers (ABI 1.8): the
 * session fd with *ctl open, or -1 with both closed (said). */
int trigger_session_open(const char *name, int *ctl, const char **resolved);

/* trigger-show.c */
/* "stop", "snapshot", "rotate", "notify"; NULL for another value */
const char *trigger_action_name(unsigned int action);
/* The action named s: LTT_TRIGGER_ACT_*, or 0 */
unsigned int trigger_action_parse(const char *s);
/* every_ns as --every reads it back ("1500ms"; "250us"; "7ns" never) */
const char *trigger_fmt_every(uint64_t every_ns, char *buf, size_t len);
/* ns as a duration lttctl reads back ("50ms", "1500ns") */
const char *trigger_fmt_ns(uint64_t ns, char *buf, size_t len);
/* The condition's name as JSON and save name it ("event", "hist_above") */
const char *trigger_condition_name(unsigned int condition);
/* Its line of lttctl trigger list and status, then its filter's */
void trigger_show_one(const struct ltt_trigger_entry *e, const char *indent);
/* One JSON object (doc/json.md) */
void trigger_json_one(struct json *j, const struct ltt_trigger_entry *e);

#endif /* _LTTCTL_TRIGGER_H */
