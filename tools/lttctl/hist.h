/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lttctl hist and lttctl latency (cmd-hist.c, cmd-latency.c: their
 * options); hist.c does the work of both.
 */
#ifndef _LTTCTL_HIST_H
#define _LTTCTL_HIST_H

#include <stdint.h>
#include "lttctl.h"

/* The options of either command, as given (NULL/0: not given). */
struct hist_opts {
	const char *cmd;		/* "hist" or "latency" */
	bool latency;
	const char *session;
	const char *event;		/* hist: -e */
	const char *filter;
	const char *key;
	const char *max_keys;
	const char *value;
	const char *buckets;
	const char *start;		/* latency */
	const char *start_filter;
	const char *end;
	const char *end_filter;
	const char *max_pending;
	int json;
};

/* args: ACTION [NAME]; returns the exit code. */
int hist_run(const struct hist_opts *o, const char **args);
void hist_bucket_bounds(const struct ltt_hist_entry *e, unsigned int i,
			uint64_t *lo, uint64_t *hi, bool *open);
/* "hist", "latency" */
const char *hist_kind_name(unsigned int kind);
/* lttctl status: a line per histogram; --json: "hists" */
void hists_show(int sfd, const char *indent);
struct json;
void hists_json(int sfd, struct json *j);

#endif /* _LTTCTL_HIST_H */
