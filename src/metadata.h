/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Metadata (src/metadata.c): one per session, an append-only TSDL text that
 * the metadata stream fd hands out with read()/poll(). The header (trace,
 * clock, packet and event header layout) is written at creation; the env
 * block and a stream block per channel at start, with the events bound to
 * it by then; an event block per later binding, also while tracing.
 *
 * Who may include it: ltt.ko only (the session and control code).
 */
#ifndef _LTT_METADATA_H
#define _LTT_METADATA_H

#include <linux/list.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <ltt/core.h>

struct ltt_metadata;

/*
 * What the trace's environment says of the session at its start: strings
 * (kvmalloc()ed, the metadata frees them; NULL: none) that the session
 * fills in (src/session-env.c), or it returns -errno.
 */
struct ltt_start_env {
	char *filters;
	char *trackers;
};
typedef int (*ltt_start_env_fn)(void *arg, struct ltt_start_env *env);

struct ltt_metadata *ltt_metadata_create(const u8 uuid[16]);
/* The env block is written with the first stream block, fn(arg) asked
 * then for the session's part. */
void ltt_metadata_set_start_env(struct ltt_metadata *md, ltt_start_env_fn fn,
				void *arg);
void ltt_metadata_destroy(struct ltt_metadata *md);
/*
 * A copy kept elsewhere (the persistent region, src/pmem.c): @fn gets the
 * whole published text now and after each block, under the metadata's
 * lock (process context); NULL stops it.
 */
typedef void (*ltt_metadata_copy_fn)(void *arg, const char *text, size_t len);
void ltt_metadata_set_copy(struct ltt_metadata *md, ltt_metadata_copy_fn fn,
			   void *arg);
/* The kernel's boot_id (the clock uuid), false if it cannot be read. */
bool ltt_boot_id(u8 id[16]);
int ltt_metadata_append_stream(struct ltt_metadata *md, u32 stream_id,
			       bool large, u64 context,
			       const struct list_head *bindings);
int ltt_metadata_append_event(struct ltt_metadata *md,
			      const struct ltt_event_desc *desc,
			      u32 id, u32 stream_id);
/* Copy text from *pos on to a user buffer; 0 at the current end. */
ssize_t ltt_metadata_read(struct ltt_metadata *md, char __user *buf,
			  size_t len, loff_t *pos);
char *ltt_metadata_copy(struct ltt_metadata *md, size_t *len);
/* Readers wait here for new text; also woken by ltt_metadata_close(). */
wait_queue_head_t *ltt_metadata_wq(struct ltt_metadata *md);
size_t ltt_metadata_pending(struct ltt_metadata *md);
u64 ltt_metadata_len(struct ltt_metadata *md);
/* No more text (session destroyed): appends fail with -EPIPE, readers are
 * woken; a reader at ltt_metadata_len() of a closed metadata is at EOF. */
void ltt_metadata_close(struct ltt_metadata *md);
bool ltt_metadata_closed(struct ltt_metadata *md);

#endif /* _LTT_METADATA_H */
