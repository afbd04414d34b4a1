/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Writeback events, a subset of the kernel's writeback_* tracepoints
 * (<trace/events/writeback.h>): inodes made dirty, inodes written back,
 * and the global dirty state of the throttling. Probe module:
 * probes/ltt-probe-writeback.c.
 *
 * The kernel's events name the backing device (its bdi's name, e.g.
 * "254:0"); these record the inode's device (dev, a dev_t) instead,
 * which needs no walk to the bdi. The events passing struct
 * wb_writeback_work are left out: it is private to fs/fs-writeback.c.
 */
#undef LTT_SYSTEM
#define LTT_SYSTEM writeback
#undef LTT_SYSTEM_FILE
#define LTT_SYSTEM_FILE "writeback.h"
#undef LTT_SYSTEM_KERNEL_HEADER
#define LTT_SYSTEM_KERNEL_HEADER <trace/events/writeback.h>

#include "ltt-event.h"

#ifndef _TRACE_LTT_WRITEBACK_HELPERS_H
#define _TRACE_LTT_WRITEBACK_HELPERS_H
#include <linux/fs.h>
#include <linux/vmstat.h>
#include <linux/writeback.h>

static inline dev_t ltt_inode_dev(const struct inode *inode)
{
	return inode->i_sb ? inode->i_sb->s_dev : 0;
}
#endif

#if !defined(_TRACE_LTT_WRITEBACK_H) || defined(LTT_MULTI_READ)
#define _TRACE_LTT_WRITEBACK_H

/* flags: the I_DIRTY_* being set; state: the inode's i_state before. */
LTT_EVENT_CLASS(writeback_dirty_inode_template,
	LTT_PROTO(struct inode *inode, int flags),
	LTT_ARGS(inode, flags),
	LTT_FIELDS(
		ltt_field_integer(dev_t, dev, ltt_inode_dev(inode))
		ltt_field_integer(unsigned long, ino, inode->i_ino)
		ltt_field_integer_hex(unsigned long, state, inode->i_state)
		ltt_field_integer_hex(unsigned long, flags, flags)
	)
)
LTT_EVENT_INSTANCE(writeback_dirty_inode_template, writeback_mark_inode_dirty)
LTT_EVENT_INSTANCE(writeback_dirty_inode_template, writeback_dirty_inode_start)
LTT_EVENT_INSTANCE(writeback_dirty_inode_template, writeback_dirty_inode)

/*
 * An inode's pages written back: nr_to_write asked, wrote done (what
 * the writeback_control's budget went down by).
 */
LTT_EVENT_CLASS(writeback_single_inode_template,
	LTT_PROTO(struct inode *inode, struct writeback_control *wbc,
		  unsigned long nr_to_write),
	LTT_ARGS(inode, wbc, nr_to_write),
	LTT_FIELDS(
		ltt_field_integer(dev_t, dev, ltt_inode_dev(inode))
		ltt_field_integer(unsigned long, ino, inode->i_ino)
		ltt_field_integer_hex(unsigned long, state, inode->i_state)
		ltt_field_integer(unsigned long, dirtied_when,
				  inode->dirtied_when)
		ltt_field_integer(unsigned long, writeback_index,
				  inode->i_mapping->writeback_index)
		ltt_field_integer(long, nr_to_write, nr_to_write)
		ltt_field_integer(unsigned long, wrote,
				  nr_to_write - wbc->nr_to_write)
	)
)
LTT_EVENT_INSTANCE(writeback_single_inode_template, writeback_single_inode_start)
LTT_EVENT_INSTANCE(writeback_single_inode_template, writeback_single_inode)

/* The dirty throttling's thresholds and the global counters, in pages. */
LTT_EVENT(global_dirty_state,
	LTT_PROTO(unsigned long background_thresh, unsigned long dirty_thresh),
	LTT_ARGS(background_thresh, dirty_thresh),
	LTT_FIELDS(
		ltt_field_integer(unsigned long, nr_dirty,
				  global_node_page_state(NR_FILE_DIRTY))
		ltt_field_integer(unsigned long, nr_writeback,
				  global_node_page_state(NR_WRITEBACK))
		ltt_field_integer(unsigned long, background_thresh,
				  background_thresh)
		ltt_field_integer(unsigned long, dirty_thresh, dirty_thresh)
		ltt_field_integer(unsigned long, nr_dirtied,
				  global_node_page_state(NR_DIRTIED))
		ltt_field_integer(unsigned long, nr_written,
				  global_node_page_state(NR_WRITTEN))
	)
)

#endif /* _TRACE_LTT_WRITEBACK_H */

#include "ltt-define-events.h"
