/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ltt fast path: record one event in every channel that has it enabled.
 * Used by the generated probe callbacks (include/trace/ltt-define-events.h)
 * and by the values-array writer of the other sources (src/emit-values.c).
 *
 *	u32 len = <payload size>;
 *	ltt_emit(desc, len, p, write_payload(p, ...));
 *
 * For each binding of @desc on its RCU list that is enabled and whose
 * channel is active, ltt_emit() reserves @len bytes in the channel's ring
 * buffer, and before them the channel's context fields if it has any
 * (the ring buffer writes the CTF event header with the binding's id,
 * ltt_context_write() the context), runs
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

#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/rculist.h>
#include <linux/string.h>
#include <asm/word-at-a-time.h>
#include <ltt/bench-cut.h>
#include <ltt/core.h>
#include <ltt/filter.h>
#include <ltt/tracker.h>
#include <uapi/ltt/abi.h>

#define ltt_emit(desc, len, p, ...)					\
	__ltt_emit_walk(desc, NULL, NULL, len, p, __VA_ARGS__)

/*
 * The same, for writers that can give the payload's values (@vals, an
 * array of struct ltt_fvalue in field order, or NULL when no binding has
 * a filter: desc->nr_filtered is 0): a binding with a filter records the
 * event only if the filter lets it through, decided before anything is
 * reserved.
 */
#define ltt_emit_vals(desc, vals, len, p, ...)				\
	__ltt_emit_walk(desc, vals, NULL, len, p, __VA_ARGS__)

/*
 * Does binding @b record this hit: enabled, its channel active, the
 * current task tracked by the channel's session (unless @untracked: the
 * state dump describes every task, whoever runs it), and the binding's
 * filter (if any) passed by @vals. The one place these checks are made,
 * before anything is reserved: a refused hit costs them only and is not
 * lost. ltt_emit_gate() is the part before the filter, for a writer that
 * prepares its values only when a filter wants them (the syscall exit).
 */
static __always_inline bool ltt_emit_gate(const struct ltt_event_binding *b,
					  bool untracked)
{
	const struct ltt_channel_fast *ch = b->chan;

	if (!READ_ONCE(b->enabled) || !READ_ONCE(ch->active))
		return false;
	if (!untracked && unlikely(READ_ONCE(ch->trackers->active)) &&
	    !ltt_trackers_pass(ch->trackers))
		return false;
	return true;
}

static __always_inline bool ltt_emit_admits(const struct ltt_event_binding *b,
					    const struct ltt_fvalue *vals,
					    bool untracked)
{
	if (!ltt_emit_gate(b, untracked))
		return false;
	if (unlikely(rcu_access_pointer(b->filter)) &&
	    !ltt_emit_filter(b, vals))
		return false;
	return true;
}

/*
 * A trigger's binding was hit (src/trigger.c): its filter, then its
 * action. Out of line: an event that fires no trigger pays one test.
 */
void ltt_trigger_hit(const struct ltt_event_binding *b,
		     const struct ltt_fvalue *vals);

/*
 * The walk itself. @only: record in the channels of that session only,
 * trackers aside and firing no trigger (the state dump of one session),
 * NULL: all. @len is evaluated for each binding that admits the hit,
 * after its checks, so a writer may measure lazily (ltt_emit_values()).
 */
#define __ltt_emit_walk(desc, vals, only, len, p, ...)			\
do {									\
	struct ltt_event_binding *__ltt_b;				\
	struct ltt_rb_ctx __ltt_ctx ltt_uninit;				\
									\
	preempt_disable_notrace();					\
	list_for_each_entry_rcu(__ltt_b, &(desc)->bindings, node) {	\
		void *p;						\
									\
		if (unlikely(__ltt_b->trigger)) {			\
			if (!(only))					\
				ltt_trigger_hit(__ltt_b, (vals));	\
			continue;					\
		}							\
		if ((only) && __ltt_b->chan->session != (only))		\
			continue;					\
		if (!ltt_emit_admits(__ltt_b, (vals), (only)))		\
			continue;					\
		if (ltt_cut(2))						\
			continue;					\
		p = ltt_emit_begin(&__ltt_ctx, __ltt_b->chan, __ltt_b->id, \
				   (len));				\
		if (!p)							\
			continue;					\
		if (!ltt_cut(4)) {					\
			__VA_ARGS__;					\
		}							\
		ltt_emit_commit(&__ltt_ctx, __ltt_b);			\
	}								\
	preempt_enable_notrace();					\
} while (0)

/*
 * The values-array writer (src/emit-values.c), for the sources whose
 * payload is a list of values known at run time: trace_mark() sites,
 * system call entries, dynamic probes, the state dump. The declared
 * events' generated probes write theirs with code made for each event
 * (include/trace/ltt-define-events.h); both go through the walk above.
 *
 * @v[i] is the value of desc->fields[i]:
 *	integer, enum		LTT_FV_INT: i, recorded in the field's size
 *	string			LTT_FV_KSTR_NOFAULT (kernel memory) or
 *				LTT_FV_USTR (user memory): str, read
 *				fault-safe, at most LTT_STRING_MAX - 1 bytes
 *	array			str: the field's length elements (memory the
 *				caller owns, e.g. its stack)
 *	sequence		str and len elements (the same)
 * Strings are measured once, for the first binding that admits the hit,
 * so a filtered-out event does not pay for it; the measure updates @v
 * (len, state: what the record holds).
 *
 * Context: any; the caller holds one preemption level, as an
 * instrumentation site does (see LTT_PREEMPT_NESTING in src/context.c).
 * ltt_emit_values_in() records in the channels of @session only.
 */
void ltt_emit_values(struct ltt_event_desc *desc, struct ltt_fvalue *v);
void ltt_emit_values_in(struct ltt_event_desc *desc, struct ltt_fvalue *v,
			const void *session);

/*
 * Write the context fields of channel @ch at @p (src/context.c); returns
 * where the payload goes. Called only for a channel with ctx_len != 0.
 */
void *ltt_context_write(const struct ltt_channel_fast *ch, void *p);

/*
 * Variable-length context (the callstacks): their size is known only once
 * the stacks are taken, so ltt_context_stack_take() takes them into the
 * CPU's scratch slot of this nesting level (task, softirq, hardirq, NMI
 * may interrupt each other between reserve and write) and returns the
 * bytes they add; ltt_context_write() copies them from there, and
 * ltt_context_stack_put() frees the slot, after the write or when the
 * reserve failed.
 */
#define LTT_CONTEXT_VAR_MASK	(BIT_ULL(LTT_CONTEXT_CALLSTACK_KERNEL) | \
				 BIT_ULL(LTT_CONTEXT_CALLSTACK_USER))
u32 ltt_context_stack_take(const struct ltt_channel_fast *ch);
void ltt_context_stack_put(void);

/*
 * For writers that walk the bindings themselves (ltt_emit() does it for
 * the others): reserve an event of @id with @len payload bytes in channel
 * @ch, write the channel's context fields. Returns where the payload goes
 * (then write it and ltt_emit_commit(@ctx, binding)), or NULL when the
 * record did not fit (counted lost by the ring buffer). Preemption
 * disabled.
 */
static __always_inline void *ltt_emit_begin(struct ltt_rb_ctx *ctx,
					    const struct ltt_channel_fast *ch,
					    u32 id, u32 len)
{
	bool var = ch->ctx & LTT_CONTEXT_VAR_MASK;
	void *p;

	ctx->chan = ch->rb;
	ctx->event_id = id;
	ctx->payload_len = len + ch->ctx_len;
	if (unlikely(var))
		ctx->payload_len += ltt_context_stack_take(ch);
	if (ltt_rb_reserve(ctx)) {
		if (unlikely(var))
			ltt_context_stack_put();
		return NULL;
	}
	p = ctx->payload;
	if (ch->ctx_len)
		p = ltt_context_write(ch, p);
	if (unlikely(var))
		ltt_context_stack_put();
	return p;
}

/*
 * Commit the record reserved by ltt_emit_begin() for binding @b and count
 * it for the per-event summary: one per-CPU increment, no atomic, no
 * shared cache line (same context as ltt_emit_begin()).
 */
static __always_inline void ltt_emit_commit(const struct ltt_rb_ctx *ctx,
					    struct ltt_event_binding *b)
{
	ltt_rb_commit(ctx);
	this_cpu_inc(*b->count);
}

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
 * String fields of the declared events (ltt_field_string()): a kernel
 * string that the tracepoint hands over and the kernel itself reads
 * around it (task->comm, dev->name, an irqaction's name), so it is read
 * directly, as the kernel's own __string() and LTTng's ctf_string() read
 * it: NULL-safe, at most @bound bytes (a char array's size, a length the
 * tracepoint gives) and LTT_STRING_MAX - 1. Pointers the tracer cannot
 * vouch for (trace_mark() arguments, dynamic probes' fetches) take the
 * nofault readers above, user memory the ones below.
 *
 * Measured once per hit, written once per channel. A char array of
 * LTT_KSTRING_SNAP bytes or less (comm, a device's name) is copied whole
 * into a snapshot on the probe's stack, a fixed-size copy, measured there
 * one word at a time, and every channel copies the snapshot: the record
 * holds what was measured. Any other string is measured with strnlen()
 * and copied from the source (the fortified strscpy() would measure it
 * twice); a NUL that moved in meanwhile (a task renaming itself) becomes
 * a space, so the record keeps its size.
 */
#define LTT_KSTRING_SNAP	32

struct ltt_kstring {
	const char *src;		/* == snap: the snapshot holds it */
	u32 len;
	char snap[LTT_KSTRING_SNAP + sizeof(long)] __aligned(sizeof(long));
};

/* Length of the char array copied at @snap: @size bytes, or less at a NUL. */
static __always_inline u32 ltt_kstring_snap_len(char *snap, size_t size)
{
	const struct word_at_a_time c = WORD_AT_A_TIME_CONSTANTS;
	size_t i;

	/* a NUL after the copy, and zeros to the end of its last word */
	memset(snap + size, 0, round_up(size + 1, sizeof(long)) - size);
	for (i = 0;; i += sizeof(long)) {
		unsigned long w = *(unsigned long *)(snap + i), bits;

		if (has_zero(w, &bits, &c)) {
			bits = prep_zero_mask(w, bits, &c);
			return i + find_zero(create_zero_mask(bits));
		}
	}
}

static __always_inline u32 ltt_kstring_len(struct ltt_kstring *k,
					   const char *src, size_t bound,
					   bool array)
{
	if (unlikely(!src)) {
		k->src = "(null)";
		return sizeof("(null)") - 1;
	}
	if (array && __builtin_constant_p(bound) &&
	    bound <= LTT_KSTRING_SNAP) {
		memcpy(k->snap, src, bound);
		k->src = k->snap;
		return ltt_kstring_snap_len(k->snap, bound);
	}
	k->src = src;
	/*
	 * The bound is the record's, not the object's: strnlen() stops at
	 * the NUL of a shorter object (a 16-byte dev->name behind a
	 * conditional), which gcc's -Wstringop-overread cannot know.
	 */
	OPTIMIZER_HIDE_VAR(src);
	return strnlen(src, min_t(size_t, bound, LTT_STRING_MAX - 1));
}

static __always_inline void ltt_kstring_copy(char *dst,
					     const struct ltt_kstring *k)
{
	const struct word_at_a_time c = WORD_AT_A_TIME_CONSTANTS;
	unsigned long bits;
	u32 i = 0;

	if (k->src == k->snap) {
		memcpy(dst, k->snap, k->len + 1);
		return;
	}
	memcpy(dst, k->src, k->len);
	dst[k->len] = '\0';
	/* whole words without a NUL, then byte by byte from the first with */
	for (; i + sizeof(long) <= k->len; i += sizeof(long)) {
		unsigned long w;

		memcpy(&w, dst + i, sizeof(w));		/* unaligned load */
		if (unlikely(has_zero(w, &bits, &c)))
			break;
	}
	for (; i < k->len; i++)
		if (unlikely(!dst[i]))
			dst[i] = ' ';
}

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
