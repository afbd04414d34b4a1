/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Ring buffer internals shared by the files of src/ringbuffer/: the slow
 * paths' helpers and the platform interface that rb-kernel.c and rb-user.c
 * implement (memory, wake-ups, timers).
 */
#ifndef _LTT_RB_INTERNAL_H
#define _LTT_RB_INTERNAL_H

#include <ltt/ringbuffer.h>

/* Tag of the lap of @offset, as kept in a NOREF slot id. */
static inline unsigned long rb_id_tag(const struct ltt_rb_chan *chan,
				      unsigned long offset)
{
	return ((offset >> chan->buf_order) << RB_ID_SLOT_BITS) &
	       RB_ID_TAG_MASK;
}

/*
 * The length of a packet as readers copy it (packet_size): its content
 * rounded up to the page, as LTTng writes packets. The rest of the
 * sub-buffer stays in memory; on disk a packet costs at most a page more
 * than its content, whatever the sub-buffer size.
 */
static inline unsigned long rb_packet_size(unsigned long content)
{
	return (content + PAGE_SIZE - 1) & ~(PAGE_SIZE - 1);
}

/*
 * A slot is about to hold a new lap (a writer took it back, or the reader
 * gives it as its spare): zero its packet's content size before any byte
 * of that lap is written there, so that memory read after a crash never
 * shows the old header, complete, over new records. Delivery writes the
 * content size last. doc/persistent-buffers.md.
 */
static inline void rb_packet_invalidate(struct ltt_rb_buf *buf,
					unsigned long slot)
{
	struct ltt_packet_header *h =
		(void *)(buf->base + (slot << buf->chan->sb_order));

	WRITE_ONCE(h->content_size, 0);
	rb_wmb();
}

/* rb-frontend.c: a switch (see there). Runs on the buffer's CPU (or
 * anywhere when no writer can run there), preemption disabled. */
void ltt_rb_switch_local(struct ltt_rb_buf *buf, enum ltt_rb_switch how);

/*
 * Platform, rb-kernel.c or rb-user.c.
 * init: allocate the nr_slots * sb_size bytes at buf->base (zeroed, on the
 *	buffer's node) and what the others need; 0 or -ENOMEM. Process
 *	context. free undoes it, also after a partial init.
 * start: arm the timers the attributes ask for.
 * finalize: stop the switch timer (no more flushes to do).
 * stop: stop every timer and wait for pending wake-ups (before free).
 * wake: a packet was delivered; any context, NMI included.
 * wake_now: process context, e.g. after finalize.
 * sync_writers: wait until writers that may have started are done.
 */
int ltt_rb_platform_init(struct ltt_rb_buf *buf);
void ltt_rb_platform_free(struct ltt_rb_buf *buf);
void ltt_rb_platform_start(struct ltt_rb_buf *buf);
void ltt_rb_platform_finalize(struct ltt_rb_buf *buf);
void ltt_rb_platform_stop(struct ltt_rb_buf *buf);
void ltt_rb_platform_wake(struct ltt_rb_buf *buf);
void ltt_rb_platform_wake_now(struct ltt_rb_buf *buf);
void ltt_rb_platform_sync_writers(void);

/* Kernel build: module init and exit (CPU hotplug callbacks). */
int ltt_rb_platform_setup(void);
void ltt_rb_platform_teardown(void);

#endif /* _LTT_RB_INTERNAL_H */
