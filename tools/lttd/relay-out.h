/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * relay-out.c, relay-window.c, relay-rotate.c: the output to lttng-relayd
 * (output.h; doc/relay.md): a session on the relay, a relay stream per
 * stream, every packet with its index, beacons and flushes every live
 * period, reconnection with backoff. lttd reaches it through output.h
 * only; its functions are here for its unit test
 * (tests/unit/test_relay_fuzz.c).
 */
#ifndef _LTTD_RELAY_OUT_H
#define _LTTD_RELAY_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "output.h"

struct lttd;
struct lttd_stream;
struct lttd_relay_out;			/* d->out */

/* after the streams are open: connect and make the relay's session */
int lttd_relay_out_start(struct lttd *d);
/* the metadata op: the text so far (d->md_lock held), sent as it grows */
void lttd_relay_out_metadata(struct lttd *d, const char *text, size_t len);
/* a stream's loop: may a packet be taken now (the relay only)? */
bool lttd_relay_out_ready(struct lttd *d);
/* a stream's loop: the packet to the relay. 0: sent, or written locally
 * (then counted unsent if the relay did not get it); to the relay only,
 * not sent: LTTD_RELAY_OUT_KEEP (the relay is away: keep it, send it
 * again) or LTTD_RELAY_OUT_DROP (not a packet the relay can take) */
#define LTTD_RELAY_OUT_KEEP	LTTD_OUT_KEEP
#define LTTD_RELAY_OUT_DROP	LTTD_OUT_DROP
int lttd_relay_out_packet(struct lttd *d, struct lttd_stream *s,
			  const uint8_t *p, size_t len);
int lttd_relay_out_timer_fd(struct lttd *d);	/* main's: LTTD_EV_OUTPUT */
void lttd_relay_out_tick(struct lttd *d);
/* the end, the loops joined and the metadata finished: 0, or -EIO when
 * the relay did not get everything (said) */
int lttd_relay_out_finish(struct lttd *d);
/*
 * Rotation and clear through the relay (main, then each stream's loop at
 * its boundary, then main once all are past it): 0, or -errno with why
 * in the status file (lttctl shows it). No relay started: 0, nothing
 * done.
 */
int lttd_relay_out_rotate_begin(struct lttd *d, bool clear);
void lttd_relay_out_stream_rotate(struct lttd *d, struct lttd_stream *s);
/* path: where the relay put the old chunk, under its output directory */
int lttd_relay_out_rotate_end(struct lttd *d, char *path, size_t len);
void lttd_relay_out_free(struct lttd *d);

#endif /* _LTTD_RELAY_OUT_H */
