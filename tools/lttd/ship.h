/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shipping a session's snapshots and recovered traces to its relay
 * (relay-ship.c; doc/relay.md, "Shipping snapshots and recovered traces"):
 * each entry of its spool (ltt-ctl.h, tools/lib/spool.c) goes as one
 * relay snapshot session, exactly once, kept while the relay is away.
 */
#ifndef _LTTD_SHIP_H
#define _LTTD_SHIP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct lttd_ship_target {
	const char *url;	/* net://HOST[:CTRL[:DATA]] */
	const char *session;	/* the relay session's name */
	const char *spool;	/* the directory of the entries */
	const char *hostname;	/* NULL: this machine's */
	int timeout_ms;		/* per relay call; 0: LTTD_SHIP_TIMEOUT_MS */
};

#define LTTD_SHIP_TIMEOUT_MS	5000
/* A relay away: the next try after 1 s, doubling up to 30 s. */
#define LTTD_SHIP_BACKOFF_MIN	1.0
#define LTTD_SHIP_BACKOFF_MAX	30.0
/* With nothing waiting, the spool is looked at again this often (s). */
#define LTTD_SHIP_RESCAN	30

/* What one entry's ship did, for the catalogue and the log. */
struct lttd_ship_result {
	uint64_t packets, bytes;
	unsigned int streams;
	char path[4200];	/* the entry under the relay's output */
};

/*
 * Entry `name` of the spool to the relay: a snapshot session named
 * t->session created at the time of the entry's metadata file (so that a
 * resend lands on the same relay path and the relay, which truncates a
 * stream's files when it opens them, rewrites it), the metadata and
 * every stream file packet by packet, confirmed written (DATA_PENDING 0
 * for each stream), closed; then the entry's marker and a catalogue
 * line. 0, or -errno with why in err (nothing marked: it waits).
 */
int lttd_ship_entry(const struct lttd_ship_target *t, const char *name,
		    struct lttd_ship_result *res, char *err, size_t errlen);

/*
 * Every entry of the spool not shipped, oldest first, until one fails:
 * 0 (*shipped of them went), or that one's -errno, why in err.
 */
int lttd_ship_pending(const struct lttd_ship_target *t, unsigned int *shipped,
		      char *err, size_t errlen);

/* A trigger's snapshot: its trigger id kept in the entry, for the
 * catalogue. Best effort. */
void lttd_ship_note_trigger(const char *entry, uint64_t trigger);

/*
 * The background shipper of lttd --serve and of a draining lttd: a
 * thread that ships the spool's pending entries at its start, at each
 * kick (a new entry), every LTTD_SHIP_RESCAN s, and while some wait,
 * again after a backoff.
 */
struct lttd_shipper;
struct lttd_shipper *lttd_shipper_start(const char *url, const char *session,
					const char *spool);
void lttd_shipper_kick(struct lttd_shipper *s);
/* ends the thread (a ship under way ends first, bounded by its
 * timeouts) and frees s; NULL: nothing */
void lttd_shipper_stop(struct lttd_shipper *s);
/*
 * lttd --ship: the pending entries shipped, retried with the backoff
 * while the relay is away, until none waits (0), or a signal (sigfd
 * readable: 1), or an entry the relay refuses for good (-errno).
 */
int lttd_ship_until_done(const struct lttd_ship_target *t, int sigfd,
			 bool quiet);

#endif /* _LTTD_SHIP_H */
