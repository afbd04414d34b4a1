/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Timer shutdown: timer_shutdown_sync() came in 6.2 (some 6.1.y stable
 * trees have it, vanilla 6.1 does not). Before it, del_timer_sync() does
 * what we need: it waits until the callback is not running, then dequeues
 * the timer, so the re-arm our timers do in their own callback is undone;
 * nothing else arms them once the buffer is being finalized or stopped.
 *
 * Who may include it: ltt.ko only.
 */
#ifndef _LTT_COMPAT_TIMER_H
#define _LTT_COMPAT_TIMER_H

#include <linux/timer.h>
#include <linux/version.h>

static inline void compat_timer_shutdown_sync(struct timer_list *t)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 2, 0)
	timer_shutdown_sync(t);
#else
	del_timer_sync(t);
#endif
}

#endif /* _LTT_COMPAT_TIMER_H */
