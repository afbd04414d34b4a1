/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What tools/lttd/relay-out.c needs of the rest of lttd, for
 * test_relay_fuzz.c (relay-out-shim.c): a struct lttd of two streams with
 * no kernel behind them, the metadata's text, a clock the test moves,
 * and the status file in a directory of the test's own.
 */
#ifndef _RELAY_OUT_SHIM_H
#define _RELAY_OUT_SHIM_H

#include <limits.h>
#include "lttd.h"
#include "relay-out.h"

struct shim_lttd {
	struct lttd d;
	struct lttd_metadata md;
	struct lttd_stream st[2];	/* chan_0, chan_1 */
	uint64_t produced[2];		/* what STREAM_POSITION says */
	char status[PATH_MAX];		/* relay-out.c's status file */
};

/* lttd_now(): moved by the test only, so backoffs pass at once */
extern double shim_clock;

void shim_setup(void);			/* the status directory */
void shim_teardown(void);
/* text: the whole metadata; relay-out.c sees the first md.len bytes */
void shim_lttd_init(struct shim_lttd *sl, const char *url, const char *text,
		    bool alone, uint64_t live_us);
void shim_lttd_fini(struct shim_lttd *sl);

#endif /* _RELAY_OUT_SHIM_H */
