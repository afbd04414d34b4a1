/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Block layer events, on the kernel's block_* tracepoints
 * (<trace/events/block.h>). Probe module: probes/ltt-probe-block.c.
 *
 * dev is the kernel's dev_t (major << 20 | minor), sector and nr_sector
 * in 512-byte sectors. rwbs is the request's operation and flags as the
 * bit set the LTTng kernel tracer records and its readers (lttng-analyses,
 * Trace Compass) decode, not the kernel's text ("WS", "R" ...): bit 0
 * write, 1 discard, 2 read, 3 readahead, 4 barrier, 5 sync, 6 meta,
 * 7 secure, 8 flush, 9 FUA, 10 preflush (LTT_RWBS_* below); the text's
 * letters map onto them one to one. tid and comm name the current task.
 */
#undef LTT_SYSTEM
#define LTT_SYSTEM block
#undef LTT_SYSTEM_FILE
#define LTT_SYSTEM_FILE "block.h"
#undef LTT_SYSTEM_KERNEL_HEADER
#define LTT_SYSTEM_KERNEL_HEADER <trace/events/block.h>

#include "ltt-event.h"

#ifndef _TRACE_LTT_BLOCK_HELPERS_H
#define _TRACE_LTT_BLOCK_HELPERS_H
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/blktrace_api.h>
#include <linux/bio.h>

#define LTT_RWBS_WRITE		(1U << 0)
#define LTT_RWBS_DISCARD	(1U << 1)
#define LTT_RWBS_READ		(1U << 2)
#define LTT_RWBS_RAHEAD		(1U << 3)
#define LTT_RWBS_BARRIER	(1U << 4)
#define LTT_RWBS_SYNC		(1U << 5)
#define LTT_RWBS_META		(1U << 6)
#define LTT_RWBS_SECURE		(1U << 7)
#define LTT_RWBS_FLUSH		(1U << 8)
#define LTT_RWBS_FUA		(1U << 9)
#define LTT_RWBS_PREFLUSH	(1U << 10)

/* What blk_fill_rwbs() spells, as bits (see above). */
static inline unsigned int ltt_blk_rwbs(blk_opf_t opf)
{
	unsigned int rwbs = 0;

	switch (opf & REQ_OP_MASK) {
	case REQ_OP_WRITE:
	case REQ_OP_WRITE_ZEROES:
		rwbs = LTT_RWBS_WRITE;
		break;
	case REQ_OP_DISCARD:
		rwbs = LTT_RWBS_WRITE | LTT_RWBS_DISCARD;
		break;
	case REQ_OP_SECURE_ERASE:
		rwbs = LTT_RWBS_WRITE | LTT_RWBS_DISCARD | LTT_RWBS_SECURE;
		break;
	case REQ_OP_FLUSH:
		rwbs = LTT_RWBS_FLUSH;
		break;
	case REQ_OP_READ:
		rwbs = LTT_RWBS_READ;
		break;
	}
	if (opf & REQ_PREFLUSH)
		rwbs |= LTT_RWBS_PREFLUSH;
	if (opf & REQ_FUA)
		rwbs |= LTT_RWBS_FUA;
	if (opf & REQ_RAHEAD)
		rwbs |= LTT_RWBS_RAHEAD;
	if (opf & REQ_SYNC)
		rwbs |= LTT_RWBS_SYNC;
	if (opf & REQ_META)
		rwbs |= LTT_RWBS_META;
	return rwbs;
}

static inline dev_t ltt_rq_dev(const struct request *rq)
{
	return rq->q->disk ? disk_devt(rq->q->disk) : 0;
}
#endif

#if !defined(_TRACE_LTT_BLOCK_H) || defined(LTT_MULTI_READ)
#define _TRACE_LTT_BLOCK_H

/* A request queued to the I/O scheduler, sent to the driver, merged. */
LTT_EVENT_CLASS(block_rq,
	LTT_PROTO(struct request *rq),
	LTT_ARGS(rq),
	LTT_FIELDS(
		ltt_field_integer(dev_t, dev, ltt_rq_dev(rq))
		ltt_field_integer(sector_t, sector, blk_rq_trace_sector(rq))
		ltt_field_integer(unsigned int, nr_sector,
				  blk_rq_trace_nr_sectors(rq))
		ltt_field_integer(unsigned int, bytes, blk_rq_bytes(rq))
		ltt_field_integer(pid_t, tid, current->pid)
		ltt_field_integer_hex(unsigned int, rwbs,
				      ltt_blk_rwbs(rq->cmd_flags))
		ltt_field_string(comm, current->comm)
	)
)
LTT_EVENT_INSTANCE(block_rq, block_rq_insert)
LTT_EVENT_INSTANCE(block_rq, block_rq_issue)
LTT_EVENT_INSTANCE(block_rq, block_rq_merge)

/* A request sent back to the queue by its driver. */
LTT_EVENT(block_rq_requeue,
	LTT_PROTO(struct request *rq),
	LTT_ARGS(rq),
	LTT_FIELDS(
		ltt_field_integer(dev_t, dev, ltt_rq_dev(rq))
		ltt_field_integer(sector_t, sector, blk_rq_trace_sector(rq))
		ltt_field_integer(unsigned int, nr_sector,
				  blk_rq_trace_nr_sectors(rq))
		ltt_field_integer_hex(unsigned int, rwbs,
				      ltt_blk_rwbs(rq->cmd_flags))
	)
)

/*
 * A request done (block_rq_complete) or failed (block_rq_error):
 * nr_sector is what completed (nr_bytes), error an errno.
 */
LTT_EVENT_CLASS(block_rq_completion,
	LTT_PROTO(struct request *rq, blk_status_t error, unsigned int nr_bytes),
	LTT_ARGS(rq, error, nr_bytes),
	LTT_FIELDS(
		ltt_field_integer(dev_t, dev, ltt_rq_dev(rq))
		ltt_field_integer(sector_t, sector, blk_rq_pos(rq))
		ltt_field_integer(unsigned int, nr_sector, nr_bytes >> 9)
		ltt_field_integer(int, error, blk_status_to_errno(error))
		ltt_field_integer_hex(unsigned int, rwbs,
				      ltt_blk_rwbs(rq->cmd_flags))
	)
)
LTT_EVENT_INSTANCE(block_rq_completion, block_rq_complete)
LTT_EVENT_INSTANCE(block_rq_completion, block_rq_error)

/* A request remapped from (old_dev, old_sector), e.g. by dm. */
LTT_EVENT(block_rq_remap,
	LTT_PROTO(struct request *rq, dev_t dev, sector_t from),
	LTT_ARGS(rq, dev, from),
	LTT_FIELDS(
		ltt_field_integer(dev_t, dev, ltt_rq_dev(rq))
		ltt_field_integer(sector_t, sector, blk_rq_pos(rq))
		ltt_field_integer(unsigned int, nr_sector, blk_rq_sectors(rq))
		ltt_field_integer(dev_t, old_dev, dev)
		ltt_field_integer(sector_t, old_sector, from)
		ltt_field_integer(unsigned int, nr_bios, blk_rq_count_bios(rq))
		ltt_field_integer_hex(unsigned int, rwbs,
				      ltt_blk_rwbs(rq->cmd_flags))
	)
)

/* A bio submitted, merged into a request at its back or front, ... */
LTT_EVENT_CLASS(block_bio,
	LTT_PROTO(struct bio *bio),
	LTT_ARGS(bio),
	LTT_FIELDS(
		ltt_field_integer(dev_t, dev, bio_dev(bio))
		ltt_field_integer(sector_t, sector, bio->bi_iter.bi_sector)
		ltt_field_integer(unsigned int, nr_sector, bio_sectors(bio))
		ltt_field_integer_hex(unsigned int, rwbs,
				      ltt_blk_rwbs(bio->bi_opf))
		ltt_field_integer(pid_t, tid, current->pid)
		ltt_field_string(comm, current->comm)
	)
)
LTT_EVENT_INSTANCE(block_bio, block_bio_queue)
LTT_EVENT_INSTANCE(block_bio, block_bio_backmerge)
LTT_EVENT_INSTANCE(block_bio, block_bio_frontmerge)
LTT_EVENT_INSTANCE(block_bio, block_getrq)

/* A bio completed (error: an errno). */
LTT_EVENT(block_bio_complete,
	LTT_PROTO(struct request_queue *q, struct bio *bio),
	LTT_ARGS(q, bio),
	LTT_FIELDS(
		ltt_field_integer(dev_t, dev, bio_dev(bio))
		ltt_field_integer(sector_t, sector, bio->bi_iter.bi_sector)
		ltt_field_integer(unsigned int, nr_sector, bio_sectors(bio))
		ltt_field_integer(int, error, blk_status_to_errno(bio->bi_status))
		ltt_field_integer_hex(unsigned int, rwbs,
				      ltt_blk_rwbs(bio->bi_opf))
	)
)

/* A bio remapped from (old_dev, old_sector): partition, dm, md. */
LTT_EVENT(block_bio_remap,
	LTT_PROTO(struct bio *bio, dev_t dev, sector_t from),
	LTT_ARGS(bio, dev, from),
	LTT_FIELDS(
		ltt_field_integer(dev_t, dev, bio_dev(bio))
		ltt_field_integer(sector_t, sector, bio->bi_iter.bi_sector)
		ltt_field_integer(unsigned int, nr_sector, bio_sectors(bio))
		ltt_field_integer(dev_t, old_dev, dev)
		ltt_field_integer(sector_t, old_sector, from)
		ltt_field_integer_hex(unsigned int, rwbs,
				      ltt_blk_rwbs(bio->bi_opf))
	)
)

/* A task plugged its queue, then unplugged nr_rq requests. */
LTT_EVENT(block_plug,
	LTT_PROTO(struct request_queue *q),
	LTT_ARGS(q),
	LTT_FIELDS(
		ltt_field_string(comm, current->comm)
	)
)

LTT_EVENT(block_unplug,
	LTT_PROTO(struct request_queue *q, unsigned int depth, bool explicit),
	LTT_ARGS(q, depth, explicit),
	LTT_FIELDS(
		ltt_field_integer(int, nr_rq, depth)
		ltt_field_string(comm, current->comm)
	)
)

#endif /* _TRACE_LTT_BLOCK_H */

#include "ltt-define-events.h"
