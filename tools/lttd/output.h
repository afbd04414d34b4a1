/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lttd's outputs: where a session's packets and metadata go: the local
 * trace files in DIR (files-out.c), a relay, ... (doc/design.md,
 * "Consumer").
 *
 * An output is an ops table and one line in the registry (output.c).
 * lttd chooses its outputs once, before the metadata and the streams are
 * open (lttd_output_choose(): every output whose wanted() says yes, in
 * the registry's order); the rest of lttd calls the lttd_output_*()
 * wrappers below, which walk the chosen ones, and never names an output.
 * An op left NULL has nothing to do for that output.
 *
 * An output keeps its state where it needs it: d->out (one output may
 * use it; the files keep theirs in the streams, the chunk and the
 * metadata), a stream's slot in it (s->out_slot).
 *
 * An output chosen alone (d->out_alone: nothing else takes the packets)
 * may keep a packet it cannot take now (LTTD_OUT_KEEP) and make the loops
 * wait for it (ready()); an output beside others takes every packet the
 * ones before it took, or counts it as not taken, itself.
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
struct lttd_loop;
struct lttd_stream;

/* The most outputs a session has at once (the registry's length). */
#define LTTD_OUTPUTS_MAX	4

/* ops->packet(), lttd_output_packet(): not taken (or -errno: not written,
 * the stream's file says where) */
#define LTTD_OUT_KEEP		1	/* alone, away: keep it, offer it again */
#define LTTD_OUT_DROP		2	/* alone: not a packet it can take */
#define LTTD_OUT_BEHIND		3	/* the metadata that describes it is
					 * not written yet */

/*
 * The contract, op by op. Who calls: "main" is the main thread, "a loop"
 * any stream's loop (a worker or main's), never two ops of one stream at
 * once. d->md_lock is held when metadata() is called, never for another
 * op.
 */
struct lttd_output_ops {
	const char *name;
	/* does the session's command line ask for it (d->dir, d->url, ...)? */
	bool (*wanted)(const struct lttd *d);
	/* main, the metadata's text read, no stream open yet: the current
	 * chunk (d->chunk); 0 or -errno (said) */
	int (*setup)(struct lttd *d);
	/* main, each stream as it opens (its name, limits, d->chunk's
	 * directory in s->kdir): what an earlier run left; 0 or -errno */
	int (*stream_open)(struct lttd *d, struct lttd_stream *s);
	/* main, the streams open: set d->out, give each stream its slot;
	 * 0 or -errno (said); d->out is freed by free() either way */
	int (*start)(struct lttd *d);
	/* any thread, d->md_lock held: the text read so far, whole (an
	 * output takes what it lacks of it) */
	void (*metadata)(struct lttd *d, const char *text, size_t len);
	/* a loop, before it takes a packet: may it? (false: the output,
	 * alone, is away; the loop waits a bounded time in it) */
	bool (*ready)(struct lttd *d);
	/* a loop: one packet; 0 taken (or counted as not), LTTD_OUT_KEEP or
	 * LTTD_OUT_DROP (an output alone only), LTTD_OUT_BEHIND or -errno
	 * (not taken: dropped, the stream says so) */
	int (*packet)(struct lttd *d, struct lttd_stream *s,
		      const uint8_t *p, size_t len);
	/* the stream's loop: the stream ended, nothing more of it comes */
	void (*stream_close)(struct lttd *d, struct lttd_stream *s);
	/* main: a timer fd to watch (-1: none), its expiry handled by tick */
	int (*timer_fd)(struct lttd *d);
	void (*tick)(struct lttd *d);
	/* a rotation or clear (d->rot: its id, when, and d->rot.next, the
	 * next chunk numbered on, which an output may name and place): main
	 * begins it (0, or -errno and nothing is done, why said or in the
	 * status file), each stream's loop moves at its boundary, main ends
	 * it (path: where the old chunk went) */
	int (*rotate_begin)(struct lttd *d, bool clear);
	void (*stream_rotate)(struct lttd *d, struct lttd_stream *s);
	int (*rotate_end)(struct lttd *d, char *path, size_t len);
	/* main, the loops joined and the metadata finished: 0, or -EIO when
	 * the output did not get everything (said) */
	int (*finish)(struct lttd *d);
	void (*free)(struct lttd *d);
};

/* output.c: the outputs the session asks for, chosen once (main, before
 * anything is open) */
void lttd_output_choose(struct lttd *d);
/* the first output's name (an output alone's, for what it kept) */
const char *lttd_output_name(const struct lttd *d);
int lttd_output_setup(struct lttd *d);
int lttd_output_stream_open(struct lttd *d, struct lttd_stream *s);
int lttd_output_start(struct lttd *d);
void lttd_output_metadata(struct lttd *d, const char *text, size_t len);
bool lttd_output_ready(struct lttd *d);
/* in the registry's order; the first that does not take it stops the walk
 * (a packet not on disk goes nowhere else), its answer returned */
int lttd_output_packet(struct lttd *d, struct lttd_stream *s,
		       const uint8_t *p, size_t len);
void lttd_output_stream_close(struct lttd *d, struct lttd_stream *s);
/* main: every output's timer watched by l, tagged LTTD_EV_OUTPUT + its
 * place; 0 or -errno */
int lttd_output_watch(struct lttd *d, struct lttd_loop *l);
void lttd_output_tick(struct lttd *d, unsigned int i);
/* in the reverse of the registry's order, so that an output that may
 * refuse does before the files make a directory; one refusal stops it
 * (*who: its name) */
int lttd_output_rotate_begin(struct lttd *d, bool clear, const char **who);
void lttd_output_stream_rotate(struct lttd *d, struct lttd_stream *s);
/* path: the first output's (the files' archive when there are files);
 * the first error */
int lttd_output_rotate_end(struct lttd *d, char *path, size_t len);
int lttd_output_finish(struct lttd *d);
void lttd_output_free(struct lttd *d);

#endif /* _LTTD_OUTPUT_H */
