/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Timer events, on the kernel's timer_*, hrtimer_*, itimer_* and
 * tick_stop tracepoints (<trace/events/timer.h>). Probe module:
 * probes/ltt-probe-timer.c.
 *
 * Timers are named by their address (timer, hrtimer) and callback
 * (function), in hexadecimal; timer list times are in jiffies, hrtimer
 * times in ns of the timer's clock.
 */
#undef LTT_SYSTEM
#define LTT_SYSTEM timer
#undef LTT_SYSTEM_FILE
#define LTT_SYSTEM_FILE "timer.h"
#undef LTT_SYSTEM_KERNEL_HEADER
#define LTT_SYSTEM_KERNEL_HEADER <trace/events/timer.h>

#include "ltt-event.h"

#ifndef _TRACE_LTT_TIMER_HELPERS_H
#define _TRACE_LTT_TIMER_HELPERS_H
#include <linux/timer.h>
#include <linux/hrtimer.h>
#include <linux/jiffies.h>
#include <linux/pid.h>
#endif

#if !defined(_TRACE_LTT_TIMER_H) || defined(LTT_MULTI_READ)
#define _TRACE_LTT_TIMER_H

LTT_EVENT_CLASS(timer_class,
	LTT_PROTO(struct timer_list *timer),
	LTT_ARGS(timer),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, timer, (unsigned long)timer)
	)
)
LTT_EVENT_INSTANCE(timer_class, timer_init)
LTT_EVENT_INSTANCE(timer_class, timer_expire_exit)
LTT_EVENT_INSTANCE(timer_class, timer_cancel)

/*
 * A timer armed. 6.2 replaced the (expires, flags) arguments, which are
 * the timer's own, by the wheel's bucket expiry: both record the timer's.
 */
LTT_EVENT_ALT(timer_start, 1, timer_start,
	LTT_PROTO(struct timer_list *timer, unsigned long bucket_expiry),
	LTT_ARGS(timer, bucket_expiry),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, timer, (unsigned long)timer)
		ltt_field_integer_hex(unsigned long, function,
				      (unsigned long)timer->function)
		ltt_field_integer(unsigned long, expires, timer->expires)
		ltt_field_integer(unsigned long, now, jiffies)
		ltt_field_integer_hex(unsigned int, flags, timer->flags)
	)
)
LTT_EVENT_ALT(timer_start, 2, timer_start,
	LTT_PROTO(struct timer_list *timer, unsigned long expires,
		  unsigned int flags),
	LTT_ARGS(timer, expires, flags),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, timer, (unsigned long)timer)
		ltt_field_integer_hex(unsigned long, function,
				      (unsigned long)timer->function)
		ltt_field_integer(unsigned long, expires, expires)
		ltt_field_integer(unsigned long, now, jiffies)
		ltt_field_integer_hex(unsigned int, flags, flags)
	)
)

/* baseclk: the jiffy the timer wheel was at when it ran the timer. */
LTT_EVENT(timer_expire_entry,
	LTT_PROTO(struct timer_list *timer, unsigned long baseclk),
	LTT_ARGS(timer, baseclk),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, timer, (unsigned long)timer)
		ltt_field_integer(unsigned long, now, jiffies)
		ltt_field_integer_hex(unsigned long, function,
				      (unsigned long)timer->function)
		ltt_field_integer(unsigned long, baseclk, baseclk)
	)
)

/* mode: enum hrtimer_mode (0 absolute, 1 relative, +2 pinned, ...). */
LTT_EVENT(hrtimer_init,
	LTT_PROTO(struct hrtimer *hrtimer, clockid_t clockid,
		  enum hrtimer_mode mode),
	LTT_ARGS(hrtimer, clockid, mode),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, hrtimer,
				      (unsigned long)hrtimer)
		ltt_field_integer(int, clockid, clockid)
		ltt_field_integer(unsigned int, mode, mode)
	)
)

LTT_EVENT(hrtimer_start,
	LTT_PROTO(struct hrtimer *hrtimer, enum hrtimer_mode mode,
		  bool was_armed),
	LTT_ARGS(hrtimer, mode, was_armed),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, hrtimer,
				      (unsigned long)hrtimer)
		ltt_field_integer_hex(unsigned long, function,
				      (unsigned long)hrtimer->function)
		ltt_field_integer(s64, expires, hrtimer_get_expires(hrtimer))
		ltt_field_integer(s64, softexpires,
				  hrtimer_get_softexpires(hrtimer))
		ltt_field_integer(unsigned int, mode, mode)
		ltt_field_integer(u8, was_armed, was_armed)
	)
)

LTT_EVENT(hrtimer_expire_entry,
	LTT_PROTO(struct hrtimer *hrtimer, ktime_t *now),
	LTT_ARGS(hrtimer, now),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, hrtimer,
				      (unsigned long)hrtimer)
		ltt_field_integer(s64, now, *now)
		ltt_field_integer_hex(unsigned long, function,
				      (unsigned long)hrtimer->function)
	)
)

LTT_EVENT_CLASS(hrtimer_class,
	LTT_PROTO(struct hrtimer *hrtimer),
	LTT_ARGS(hrtimer),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, hrtimer,
				      (unsigned long)hrtimer)
	)
)
LTT_EVENT_INSTANCE(hrtimer_class, hrtimer_expire_exit)
LTT_EVENT_INSTANCE(hrtimer_class, hrtimer_cancel)

/* setitimer()/alarm(): which is ITIMER_REAL, _VIRTUAL or _PROF. */
LTT_EVENT(itimer_state,
	LTT_PROTO(int which, const struct itimerspec64 *const value,
		  unsigned long long expires),
	LTT_ARGS(which, value, expires),
	LTT_FIELDS(
		ltt_field_integer(int, which, which)
		ltt_field_integer(unsigned long long, expires, expires)
		ltt_field_integer(long, value_sec, value->it_value.tv_sec)
		ltt_field_integer(long, value_nsec, value->it_value.tv_nsec)
		ltt_field_integer(long, interval_sec, value->it_interval.tv_sec)
		ltt_field_integer(long, interval_nsec,
				  value->it_interval.tv_nsec)
	)
)

LTT_EVENT(itimer_expire,
	LTT_PROTO(int which, struct pid *pid, unsigned long long now),
	LTT_ARGS(which, pid, now),
	LTT_FIELDS(
		ltt_field_integer(int, which, which)
		ltt_field_integer(pid_t, pid, pid_nr(pid))
		ltt_field_integer(unsigned long long, now, now)
	)
)

/* The tick stopped (success 1) or not, and what kept it (TICK_DEP_*). */
LTT_EVENT(tick_stop,
	LTT_PROTO(int success, int dependency),
	LTT_ARGS(success, dependency),
	LTT_FIELDS(
		ltt_field_integer(int, success, success)
		ltt_field_integer(int, dependency, dependency)
	)
)

#endif /* _TRACE_LTT_TIMER_H */

#include "ltt-define-events.h"
