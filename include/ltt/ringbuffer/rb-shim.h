/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Ring buffer shim: the few primitives the ring buffer sources use that
 * differ between the kernel and the userspace test build. Everything under
 * src/ringbuffer/ is written against these names only, so the same
 * algorithm files compile in both.
 *
 *	rb_local_t	per-buffer counter changed only by the buffer's own
 *			CPU (kernel local_t: atomic against interrupts and
 *			NMIs on that CPU, no lock prefix); a real atomic in
 *			userspace, where several threads share one buffer
 *	rb_atomic_t	word shared with a reader on another CPU
 *			(atomic_long_t)
 *	rb_cpu()	the CPU the caller runs on (preemption disabled)
 *	rb_nesting_*()	per-CPU depth of writers inside each other
 *	rb_clock_read()	ltt_clock_read() for callers already pinned
 *
 * The platform code (allocation, wake-ups, timers, cross-CPU switch) lives
 * in src/ringbuffer/rb-kernel.c and rb-user.c behind the rb_platform_*()
 * functions of src/ringbuffer/rb-internal.h.
 *
 * Who may include it: <ltt/ringbuffer.h> only. It is public because the
 * inline writer fast path of every ring buffer user is built on it.
 */
#ifndef _LTT_RB_SHIM_H
#define _LTT_RB_SHIM_H

#ifdef __KERNEL__
#include "rb-shim-kernel.h"
#else
#include "rb-shim-user.h"
#endif

#endif /* _LTT_RB_SHIM_H */
