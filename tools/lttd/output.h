/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lttd's outputs: where a session's packets and metadata go besides, or
 * instead of, its trace files in DIR (doc/design.md, "Consumer").
 *
 * An output is an ops table, a state of its own (d->out) and one line in
 * the registry (output.c). lttd chooses it once, after the streams are
 * open (lttd_output_start()), and each stream keeps its slot in it
 * (s->out_slot); the rest of lttd calls the lttd_output_*() wrappers
 * below and never names an output. With no output chosen (d->out_ops
 * NULL) every wrapper does nothing and says so: the trace files alone.
 *
 * A new output (a snapshot spool, a compressed copy) is one file that
 * fills a struct lttd_output_ops, and its line in output.c.
 */
#ifndef _LTTD_OUTPUT_H
#define _LTTD_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct lttd;
struct lttd_stream;

/* ops->packet(), lttd_output_packet(): not taken, for an output alone
 * (d->no_local) */
#define LTTD_OUT_KEEP		1	/* away: keep it, offer it again */
#define LTTD_OUT_DROP		2	/* not a packet it can take */

/*
 * The contract, op by op. Who calls: "main" is the main thread, "a loop"
 * any stream's loop (a worker or main's), never two ops of one stream at
 * once. d->md_lock is never held when an op is called.
 */
struct lttd_output_ops {
	const char *name;
	/* does the session's command line ask for it (d->url, ...)? */
	bool (*wanted)(const struct lttd *d);
	/* main, the streams open: set d->out, give each stream its slot;
	 * 0 or -errno (said); d->out is freed by free() either way */
	int (*start)(struct lttd *d);
	/* a loop, before it takes a packet: may it? (false: the output,
	 * the only one, is away; the loop waits a bounded time in it) */
	bool (*ready)(struct lttd *d);
	/* a loop: one packet; 0 taken (or counted as not), LTTD_OUT_KEEP or
	 * LTTD_OUT_DROP (an output alone only) */
	int (*packet)(struct lttd *d, struct lttd_stream *s,
		      const uint8_t *p, size_t len);
	/* main: a timer fd to watch (-1: none), its expiry handled by tick */
	int (*timer_fd)(struct lttd *d);
	void (*tick)(struct lttd *d);
	/* a rotation or clear: main begins it (0, or -errno and nothing is
	 * done, why in the status file), each stream's loop moves at its
	 * boundary, main ends it (path: where the old chunk went) */
	int (*rotate_begin)(struct lttd *d, bool clear);
	void (*stream_rotate)(struct lttd *d, struct lttd_stream *s);
	int (*rotate_end)(struct lttd *d, char *path, size_t len);
	/* main, the loops joined and the metadata finished: 0, or -EIO when
	 * the output did not get everything (said) */
	int (*finish)(struct lttd *d);
	void (*free)(struct lttd *d);
};

/* output.c: choose the output the session asks for and start it */
int lttd_output_start(struct lttd *d);
bool lttd_output_ready(struct lttd *d);
int lttd_output_packet(struct lttd *d, struct lttd_stream *s,
		       const uint8_t *p, size_t len);
int lttd_output_timer_fd(struct lttd *d);	/* main's: LTTD_EV_OUTPUT */
void lttd_output_tick(struct lttd *d);
int lttd_output_rotate_begin(struct lttd *d, bool clear);
void lttd_output_stream_rotate(struct lttd *d, struct lttd_stream *s);
int lttd_output_rotate_end(struct lttd *d, char *path, size_t len);
int lttd_output_finish(struct lttd *d);
void lttd_output_free(struct lttd *d);

#endif /* _LTTD_OUTPUT_H */
