/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ltt fast path: record one event in every channel that has it enabled.
 * Used by the generated probe callbacks (include/trace/ltt-define-events.h)
 * and by the marker serializer (src/source-marker.c).
 *
 *	u32 len = <payload size>;
 *	ltt_emit(desc, len, p, write_payload(p, ...));
 *
 * For each binding of @desc on its RCU list that is enabled and whose
 * channel is active, ltt_emit() reserves @len bytes in the channel's ring
 * buffer (which writes the CTF event header with the binding's id), runs
 * the statement(s) given as the last arguments with @p pointing at the
 * reserved payload, then commits. The statements must write exactly @len
 * bytes and must not sleep; they run once per channel. A full buffer or an
 * oversize record skips that channel (the ring buffer counts the loss).
 *
 * Context: any, NMI included. Preemption is disabled around the walk, which
 * is also the RCU read side that keeps the bindings alive: the session code
 * frees a binding only after list_del_rcu() and synchronize_rcu().
 *
 * Who may include it: probe modules (through include/trace/) and ltt.ko's
 * serializers.
 */
#ifndef _LTT_EMIT_H
#define _LTT_EMIT_H

#include <linux/preempt.h>
#include <linux/rculist.h>
#include <ltt/core.h>

#define ltt_emit(desc, len, p, ...)					\
do {									\
	struct ltt_event_binding *__ltt_b;				\
	struct ltt_rb_ctx __ltt_ctx;					\
									\
	preempt_disable_notrace();					\
	list_for_each_entry_rcu(__ltt_b, &(desc)->bindings, node) {	\
		struct ltt_channel_fast *__ltt_ch = __ltt_b->chan;	\
		void *p;						\
									\
		if (!READ_ONCE(__ltt_b->enabled) ||			\
		    !READ_ONCE(__ltt_ch->active))			\
			continue;					\
		__ltt_ctx.chan = __ltt_ch->rb;				\
		__ltt_ctx.event_id = __ltt_b->id;			\
		__ltt_ctx.payload_len = (len);				\
		if (ltt_rb_reserve(&__ltt_ctx))				\
			continue;					\
		p = __ltt_ctx.payload;					\
		__VA_ARGS__;						\
		ltt_rb_commit(&__ltt_ctx);				\
	}								\
	preempt_enable_notrace();					\
} while (0)

/* true if some binding of @desc may record: a cheap early exit. */
static __always_inline bool ltt_emit_wanted(const struct ltt_event_desc *desc)
{
	return !list_empty(&desc->bindings);
}

/*
 * Bounded, fault-safe strings (src/serialize.c). ltt_string_len() returns
 * the number of bytes (without the NUL) that will be recorded for *@src:
 * at most LTT_STRING_MAX - 1; for a NULL pointer or an unreadable one it
 * points *@src at "(null)" or "(fault)". ltt_string_copy() then writes
 * exactly @len bytes and a NUL at @dst, whatever the source became in the
 * meantime (a string that shrank is padded with spaces, one that became
 * unreadable is replaced by '?'), so the record keeps the size reserved.
 */
u32 ltt_string_len(const char **src);
void ltt_string_copy(char *dst, const char *src, u32 len);

/*
 * Strings in user memory (system call arguments; src/serialize.c): the
 * same two steps with the *_nofault user accessors. measure() fills @s
 * (the length to reserve, without the NUL: at most LTT_STRING_MAX - 1);
 * copy() writes exactly s->len bytes and a NUL. NULL is recorded as
 * "(null)", an unreadable pointer as "(fault)", a string cut at the bound
 * ends with LTT_USTR_TRUNC.
 */
#define LTT_USTR_TRUNC		"[...]"
enum { LTT_USTR_OK, LTT_USTR_TRUNCATED, LTT_USTR_NULL, LTT_USTR_FAULT };
struct ltt_ustr {
	const char __user *src;
	u32 len;
	u32 state;
};
void ltt_user_string_measure(struct ltt_ustr *s, const char __user *src);
void ltt_user_string_copy(char *dst, const struct ltt_ustr *s);

/* Unaligned native-endian store of an integer of 1, 2, 4 or 8 bytes. */
static __always_inline void ltt_put_int(void *dst, u64 v, unsigned int size)
{
	switch (size) {
	case 1: { u8 x = v; __builtin_memcpy(dst, &x, 1); break; }
	case 2: { u16 x = v; __builtin_memcpy(dst, &x, 2); break; }
	case 4: { u32 x = v; __builtin_memcpy(dst, &x, 4); break; }
	default: __builtin_memcpy(dst, &v, 8); break;
	}
}

#endif /* _LTT_EMIT_H */
