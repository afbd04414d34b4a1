/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel's own ring buffer API (used only by the benchmark that compares
 * ltt's ring buffer with it): ring_buffer_unlock_commit() lost its unused
 * event argument in 6.2.
 *
 * Who may include it: bench/modules/ltt-bench-rb.c only.
 */
#ifndef _LTT_COMPAT_KERNEL_RING_BUFFER_H
#define _LTT_COMPAT_KERNEL_RING_BUFFER_H

#include <linux/version.h>
#include <linux/ring_buffer.h>

static inline int compat_ring_buffer_unlock_commit(struct trace_buffer *buffer,
						   struct ring_buffer_event *event)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 2, 0)
	return ring_buffer_unlock_commit(buffer);
#else
	return ring_buffer_unlock_commit(buffer, event);
#endif
}

#endif /* _LTT_COMPAT_KERNEL_RING_BUFFER_H */
