/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ltt ring buffer: the API used by the serializer (writers) and by the
 * control device (readers). Implementation in src/ringbuffer/; the same
 * sources build in the kernel and, through ltt/ringbuffer/rb-shim-user.h,
 * in userspace for the unit and stress tests.
 *
 * Who may include it: ltt.ko, any module that writes or reads an ltt ring
 * buffer of its own (tests/vm/modules, bench/modules), the userspace tests.
 * The writer fast path is inline, so the buffer's layout comes along
 * (include/ltt/ringbuffer/); only src/ringbuffer/ may touch its fields.
 * ltt.ko exports what those modules use: the writer's slow paths, channel
 * create/destroy/finalize/buffers, get/put of sub-buffers, base, stats.
 * The rest (switch, readable, finalized, mmap ...) serves ltt.ko's own
 * control device and is not exported.
 *
 * A channel has one buffer per possible CPU; each buffer is num_subbuf
 * sub-buffers of subbuf_size bytes. Every sub-buffer is a CTF packet that
 * starts with struct ltt_packet_header (include/uapi/ltt/abi.h); every record
 * starts with the CTF event header described there, written by
 * ltt_rb_reserve().
 *
 * Concurrency contract:
 *   writers	ltt_rb_reserve()/ltt_rb_commit(): any context including NMI,
 *		no lock, no allocation, no sleep. Kernel callers have
 *		preemption disabled (tracepoint callbacks do). Writers may nest
 *		on one CPU. In the userspace build several threads may write to
 *		one buffer at once.
 *   reader	one reader per buffer at a time (the stream fd serializes it):
 *		get/put next sub-buffer, may run on any CPU.
 *   control	create/destroy/end/finalize/switch: process context, may sleep.
 *
 * THIS IS THE CONTRACT BETWEEN src/ringbuffer/ AND ITS USERS. Change it only
 * together with every user.
 */
#ifndef _LTT_RINGBUFFER_H
#define _LTT_RINGBUFFER_H

#include <ltt/ringbuffer/rb-shim.h>	/* kernel or userspace types */
#include <ltt/import.h>

enum ltt_rb_mode {
	LTT_RB_DISCARD,		/* full buffer: drop new records, count them */
	LTT_RB_OVERWRITE,	/* flight recorder: overwrite oldest sub-buffer */
};

/* Upper bound on one channel's memory over all CPUs. */
#define LTT_RB_MAX_CHAN_BYTES	(1ULL << 32)	/* 4 GiB */

/*
 * Memory the caller provides for the buffers (a persistent region,
 * src/pmem.c) instead of pages of each CPU's node: CPU c's slots are the
 * nr_slots * subbuf_size bytes at virt + cpu_off + c * cpu_stride, zeroed
 * by ltt_rb_chan_create(). It must outlive the channel. In the kernel,
 * phys is virt's physical address (the reader maps it; page aligned).
 */
struct ltt_rb_mem {
	char *virt;
	u64 phys;
	u64 cpu_off;
	u64 cpu_stride;
};

struct ltt_rb_attr {
	u64 subbuf_size;		/* power of 2, >= PAGE_SIZE */
	u32 num_subbuf;			/* power of 2, >= 2 */
	enum ltt_rb_mode mode;
	u32 switch_timer_us;		/* 0: none; else flush period */
	u32 read_timer_us;		/* 0: wake readers by irq_work; else poll period */
	u32 stream_id;			/* written in every packet header */
	u8 uuid[16];			/* written in every packet header */
	const struct ltt_rb_mem *mem;	/* NULL: allocated per CPU */
};

struct ltt_rb_chan;
struct ltt_rb_buf;

/* Per-record context, on the writer's stack. */
struct ltt_rb_ctx {
	/* in */
	struct ltt_rb_chan *chan;
	u32 event_id;			/* CTF event id within the channel */
	u32 payload_len;		/* bytes after the event header */
	/* out, valid after a successful reserve */
	struct ltt_rb_buf *buf;
	void *payload;			/* where to write payload_len bytes */
	unsigned long offset;		/* private to the ring buffer */
	u32 slot_size;			/* private to the ring buffer */
	u64 timestamp;			/* the record's time */
};

/* Validate attr and allocate (pages on each CPU's node). ERR_PTR on error:
 * -EINVAL (sizes not powers of 2, subbuf_size < PAGE_SIZE, num_subbuf < 2,
 * bad mode), -E2BIG (over LTT_RB_MAX_CHAN_BYTES for all possible CPUs, the
 * reader's spare sub-buffer of overwrite mode included), -ENOMEM. */
struct ltt_rb_chan *ltt_rb_chan_create(const struct ltt_rb_attr *attr);
/* Large event header kind (abi.h), before the first record; may sleep. */
void ltt_rb_chan_set_large(struct ltt_rb_chan *chan);
/* Stop timers, wait for writers, free everything. */
void ltt_rb_chan_destroy(struct ltt_rb_chan *chan);
/* Close every buffer's current sub-buffer and mark it finalized: after the
 * reader drained it, get_next_subbuf() returns -ENODATA. No writer may
 * enter after this (caller guarantees, e.g. synchronize_rcu()). */
void ltt_rb_chan_finalize(struct ltt_rb_chan *chan);
/* End every buffer's packet now, writers stopped by the caller, without
 * finalizing: writers may come back (a session stopped, then resumed). */
void ltt_rb_chan_end(struct ltt_rb_chan *chan);
/* Finalize after ltt_rb_chan_end(), nothing written since: no new packet. */
void ltt_rb_chan_finalize_ended(struct ltt_rb_chan *chan);
struct ltt_rb_buf *ltt_rb_chan_buf(struct ltt_rb_chan *chan, int cpu);
int ltt_rb_chan_nr_bufs(const struct ltt_rb_chan *chan);	/* possible CPUs */

/*
 * Writer fast path (inline, see ltt/ringbuffer/rb-frontend.h).
 * ltt_rb_reserve(): 0, or -ENOBUFS (buffer full in discard mode, or a
 * whole lap ahead of a record still being written, or writers nested more
 * than 4 deep on this CPU; counted as lost) or -EMSGSIZE (payload larger
 * than a sub-buffer less the packet header and an extended event header;
 * counted, never written). On success write exactly payload_len bytes at
 * ctx->payload, then call ltt_rb_commit(ctx) on the same CPU without
 * re-enabling preemption.
 */
static __always_inline int ltt_rb_reserve(struct ltt_rb_ctx *ctx);
static __always_inline void ltt_rb_commit(const struct ltt_rb_ctx *ctx);

/* Reader side. */
struct ltt_rb_subbuf {
	u64 offset;			/* byte offset of the sub-buffer in the mmap area */
	u64 content_size;		/* bytes, header included */
	u64 packet_size;		/* bytes: content_size rounded up to
					 * the page */
	u64 seq;			/* packet_seq_num */
};
/* 0 and *sb filled; -EAGAIN: nothing complete yet; -ENODATA: finalized and
 * fully drained; -EBUSY: previous one not put back. */
int ltt_rb_get_next_subbuf(struct ltt_rb_buf *buf, struct ltt_rb_subbuf *sb);
/* Release the sub-buffer obtained by get. 0, or -EINVAL if none held. */
int ltt_rb_put_next_subbuf(struct ltt_rb_buf *buf);
/*
 * Switches, run on the buffer's own CPU (process context):
 *   CLOSE	close the open packet, if any (flush), so the reader can get it;
 *   OPEN	open a packet holding only its header, if none is open: the
 *		stream begins now even if its CPU records nothing for long;
 *   END	close the open packet, or write an empty one if none is open:
 *		the stream's last packet ends now.
 * OPEN and END make no packet in the place of one the reader has not
 * taken (a full buffer, or a flight recorder's oldest packet).
 */
enum ltt_rb_switch {
	LTT_RB_SWITCH_CLOSE,
	LTT_RB_SWITCH_OPEN,
	LTT_RB_SWITCH_END,
};
void ltt_rb_buf_switch(struct ltt_rb_buf *buf, enum ltt_rb_switch how);
/* OPEN on every buffer: the session starts (before its first record). */
void ltt_rb_chan_open(struct ltt_rb_chan *chan);
/* true when get_next_subbuf() would not return -EAGAIN. */
bool ltt_rb_buf_readable(struct ltt_rb_buf *buf);
bool ltt_rb_buf_finalized(struct ltt_rb_buf *buf);
/* The packet being written (or next) and the reader's next, as
 * packet_seq_num values; see rb-reader.c. */
void ltt_rb_buf_position(struct ltt_rb_buf *buf, u64 *next_seq, u64 *read_seq);
/*
 * What a buffer's writers left, read at a panic or reboot with the
 * writers stopped or not (no lock, no sleep, any context): the packet at
 * the write position, how many of its bytes are reserved (0: none open)
 * and how many committed (the same when no record is half written), its
 * slot, and the lost count so far. doc/persistent-buffers.md.
 */
struct ltt_rb_end_state {
	u64 seq;
	u64 reserved;
	u64 committed;
	u64 lost;
	unsigned long slot;
};
void ltt_rb_buf_end_state(struct ltt_rb_buf *buf, struct ltt_rb_end_state *st);
/* Size of the area ltt_rb_buf_mmap() maps (all sub-buffers incl. spares). */
u64 ltt_rb_buf_mmap_len(const struct ltt_rb_buf *buf);

/*
 * Snapshots (rb-snapshot.c): read packets without consuming them, beside
 * the writers and the reader. range: the packet numbers [first, end) that
 * may be there now. peek: where packet seq is, or -ENOENT (not delivered,
 * overwritten, or taken by the reader); copy packet_size bytes from data,
 * then check: false if a writer may have changed it during the copy.
 */
struct ltt_rb_peek {
	const void *data;
	u64 packet_size;		/* bytes to copy */
	u64 content_size;
	unsigned long pos, id;		/* private to the ring buffer */
};
void ltt_rb_snapshot_range(struct ltt_rb_buf *buf, u64 *first, u64 *end);
int ltt_rb_snapshot_peek(struct ltt_rb_buf *buf, u64 seq,
			 struct ltt_rb_peek *pk);
bool ltt_rb_snapshot_check(struct ltt_rb_buf *buf,
			   const struct ltt_rb_peek *pk);

struct ltt_rb_stats {
	u64 records_written;		/* committed records */
	u64 lost_full;			/* buffer full (see ltt_rb_reserve()) */
	u64 lost_big;			/* larger than a sub-buffer */
	u64 lost_overwritten;		/* overwrite mode: records overwritten */
	u64 subbufs_delivered;		/* handed to the reader */
	u64 lost_nesting;		/* writers nested too deep on the CPU */
	/* The load, measured at each delivery (never per record): */
	u64 lost_bytes;			/* header + payload of the lost_full ones */
	u64 peak_bytes_ps;		/* fastest fill of a packet at least
					 * half full: bytes/s ... */
	u64 peak_records_ps;		/* ... its records/s ... */
	u64 peak_fill_ns;		/* ... and how long it took */
	u64 max_backlog;		/* most sub-buffers delivered and not yet
					 * consumed, seen at a delivery */
};
void ltt_rb_buf_stats(struct ltt_rb_buf *buf, struct ltt_rb_stats *st);

#ifdef __KERNEL__
struct vm_area_struct;
/* Map the buffer read-only into a reader process. */
int ltt_rb_buf_mmap(struct ltt_rb_buf *buf, struct vm_area_struct *vma);
/* Readers sleep here; woken by irq_work or the read timer, never from the
 * writer fast path directly. */
wait_queue_head_t *ltt_rb_buf_read_wq(struct ltt_rb_buf *buf);
#endif
/* The start of the area ltt_rb_buf_mmap() maps, as the kernel (or the
 * userspace build) sees it: sub-buffer sb starts at base + sb->offset. For
 * in-kernel readers (VM stress test) and the userspace tests. */
const void *ltt_rb_buf_base(const struct ltt_rb_buf *buf);

/* The trace clock: ns, monotonic, NMI-safe, same base as CLOCK_MONOTONIC. */
static inline u64 ltt_clock_read(void);

#include <ltt/ringbuffer/rb-frontend.h>

#endif /* _LTT_RINGBUFFER_H */
