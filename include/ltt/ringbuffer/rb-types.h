/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Ring buffer state, visible to the inline fast path (rb-frontend.h). Only
 * src/ringbuffer/ touches the fields; everyone else uses the functions of
 * include/ltt/ringbuffer.h. The algorithm is described at the top of
 * src/ringbuffer/rb-frontend.c.
 *
 * Who may include it: rb-frontend.h only; it is public because the fast
 * path, inline in every writer, reads these structures.
 */
#ifndef _LTT_RB_TYPES_H
#define _LTT_RB_TYPES_H

/* Writers nested on one CPU (task, softirq, irq, NMI); deeper ones are lost. */
#define LTT_RB_MAX_NESTING	4

/*
 * A slot id, in the writer's table (one per sub-buffer index) or held by
 * the reader: which backing slot of subbuf_size bytes holds that
 * sub-buffer. In overwrite mode there is one slot more than sub-buffers,
 * the reader's. Bits:
 *	0..20		slot number
 *	21..BITS-2	tag: lap of the delivered packet (truncated)
 *	BITS-1		NOREF: delivered, no writer has touched it since;
 *			the reader may swap it out, a writer must clear it
 *			before writing (and so takes the slot back)
 * A slot id without NOREF has no tag.
 */
#define RB_ID_SLOT_BITS		21
#define RB_ID_SLOT_MASK		((1UL << RB_ID_SLOT_BITS) - 1)
#define RB_ID_NOREF		(1UL << (BITS_PER_LONG - 1))
#define RB_ID_TAG_MASK		(~(RB_ID_SLOT_MASK | RB_ID_NOREF))
#define RB_MAX_SLOTS		(1UL << RB_ID_SLOT_BITS)

/* Per sub-buffer index, changed by every commit (writer's CPU only). */
struct rb_commit {
	rb_local_t cc;			/* bytes committed, free-running */
	rb_local_t records;		/* records committed, free-running */
};

/* Per sub-buffer index, slow path. */
struct rb_subbuf {
	/*
	 * Commit count at which the last lap of this index was delivered
	 * (masked like cc): written last by the deliverer (release), read
	 * by writers before entering the next lap and by the reader.
	 */
	rb_atomic_t done;
	/* Set by the writer that closes the packet, read at delivery. */
	unsigned long content_size;	/* bytes */
	u64 timestamp_end;
	unsigned long events_discarded;
	/* commit.records at the previous delivery */
	unsigned long records_base;
};

/* Per backing slot. */
struct rb_slot {
	/*
	 * Records of the delivered packet held in this slot that nobody
	 * has read: set at delivery; counted as overwritten by the writer
	 * that takes the slot back, zeroed by the reader that swaps it in
	 * as its spare.
	 */
	unsigned long records;
};

struct ltt_rb_chan {
	/* Read by the fast path. */
	struct ltt_rb_buf **bufs;	/* [nr_bufs]; NULL: CPU not possible */
	unsigned long sb_size;		/* bytes per sub-buffer */
	unsigned long sb_mask;		/* sb_size - 1 */
	unsigned long idx_mask;		/* num_subbuf - 1 */
	unsigned long lap_mask;		/* ~(sb_size * num_subbuf - 1) */
	unsigned long commit_mask;	/* commit counts wrap with offsets */
	unsigned int sb_order;
	unsigned int nsb_order;		/* log2(num_subbuf) */
	u32 max_payload;		/* larger records: -EMSGSIZE */
	/* Event header kind (abi.h), compact unless ltt_rb_chan_set_large() */
	u32 hdr_id_max;			/* largest id of the short form */
	unsigned int hdr_ts_bits;	/* timestamp bits of the short form */
	unsigned int hdr_len;		/* short form */
	unsigned int hdr_len_ext;	/* extended form */

	/* Slow path and control. */
	struct ltt_rb_attr attr;
	unsigned long buf_size;		/* sb_size * num_subbuf */
	unsigned int nr_slots;		/* num_subbuf (+1 in overwrite mode) */
	unsigned int buf_order;
	int nr_bufs;
};

struct ltt_rb_buf {
	/* Writer, every record. */
	rb_local_t offset;		/* next byte to reserve, free-running */
	rb_local_t last_ts_high;	/* ts >> hdr_ts_bits of a recent record */
	char *base;			/* all slots, contiguous */
	rb_atomic_t *wsb;		/* [num_subbuf] slot ids, see RB_ID_* */
	struct rb_commit *commit;	/* [num_subbuf] */
	struct ltt_rb_chan *chan;

	/* Writer, slow path. */
	struct rb_subbuf *sb;		/* [num_subbuf] */
	struct rb_slot *slots;		/* [nr_slots] */
	rb_local_t lost_total;		/* events_discarded: all but overwritten */
	rb_local_t lost_full;
	rb_local_t lost_big;
	rb_local_t lost_nesting;
	rb_local_t lost_overwritten;
	rb_local_t delivered;		/* sub-buffers */
	/* The load, measured at deliveries (ltt_rb_stats) */
	rb_local_t lost_bytes;		/* what the lost_full records needed */
	rb_local_t peak_bytes_ps;
	rb_local_t peak_records_ps;
	rb_local_t peak_fill_ns;
	rb_local_t max_backlog;		/* sub-buffers */
	unsigned long offset_base;	/* offset of packet_seq_num 0 */
	int cpu;

	/* Shared with the reader. */
	rb_atomic_t consumed rb_cacheline_aligned; /* next sub-buffer to read */
	rb_atomic_t finalized;

	/* Reader only (the caller serializes readers). */
	unsigned long rd_pos;		/* consumed value of the held one */
	unsigned long rd_slot;		/* overwrite: the reader's own slot */
	bool rd_held;

	struct rb_platform plat;
};

#endif /* _LTT_RB_TYPES_H */
