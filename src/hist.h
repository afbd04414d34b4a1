/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Histograms (abi.h, "Histograms"; src/hist.c): what the session fd's
 * commands (src/control-hist.c) call. The update's entry and the
 * registry notifier are in src/trigger.h, beside the triggers' whose
 * binding machinery the histograms use.
 *
 * Who may include it: ltt.ko only.
 */
#ifndef _LTT_HIST_H
#define _LTT_HIST_H

#include <uapi/ltt/abi.h>
#include <ltt/core.h>

struct ltt_session;

/* Not under ltt_lock(): they take it, and wait for hits in flight. */
int ltt_hist_add(struct ltt_session *s, const struct ltt_hist_args *a,
		 void *filter[2], const u32 filter_len[2]);
int ltt_hist_remove(struct ltt_session *s, const char *name);
int ltt_hist_clear(struct ltt_session *s, const char *name);
/* Under ltt_lock(). */
unsigned int ltt_hist_list(struct ltt_session *s, struct ltt_hist_entry *e,
			   unsigned int cap);
int ltt_hist_keys(struct ltt_session *s, const char *name,
		  struct ltt_hist_key *e, unsigned int cap);

/* Under ltt_lock(), process context: an ltt_histogram event per
 * histogram of @s, in its channels that record it (STOP, rotation). */
void ltt_hists_record(struct ltt_session *s);
/* src/source-hist.c */
extern struct ltt_event_desc ltt_hist_event;
#define LTT_HIST_EVENT_KEYS	64	/* keys an ltt_histogram holds */

#endif /* _LTT_HIST_H */
