/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ltt event declarations: the vocabulary of include/trace/<subsys>.h.
 *
 * A declaration names a kernel tracepoint, repeats its prototype, and
 * lists the recorded fields once, each as (type, name, expression):
 *
 *	LTT_EVENT(sched_wakeup,
 *		LTT_PROTO(struct task_struct *p),
 *		LTT_ARGS(p),
 *		LTT_FIELDS(
 *			ltt_field_string(comm, p->comm)
 *			ltt_field_integer(pid_t, tid, p->pid)
 *		)
 *	)
 *
 * The event takes the tracepoint's name; LTT_EVENT_MAP(name, tracepoint,
 * ...) gives it another. LTT_EVENT_CODE() adds local variables
 * (LTT_LOCALS) filled by statements (LTT_PREPARE) before the fields are
 * read; fields reach them as ltt_local.<member>.
 *
 * Classes: events of one prototype recording the same fields share one
 * field list and one probe function (the desc it is registered with says
 * which event hit). Declare the class, then its instances:
 *
 *	LTT_EVENT_CLASS(sched_wakeup_template, LTT_PROTO(...), LTT_ARGS(...),
 *		LTT_FIELDS(...))	(or LTT_EVENT_CLASS_CODE, as _CODE above)
 *	LTT_EVENT_INSTANCE(sched_wakeup_template, sched_wakeup)
 *	LTT_EVENT_INSTANCE_MAP(sched_wakeup_template, name, tracepoint)
 *
 * Alternate prototypes: a tracepoint whose prototype changed between
 * kernels keeps its event by declaring each prototype, numbered 1, 2, ...
 * in the order to try them; the build keeps the first that matches the
 * kernel (probes/gen-event-checks.sh), and the event is unavailable only
 * if none does. Each alternative should record the same fields:
 *
 *	LTT_EVENT_ALT(name, 1, tracepoint, LTT_PROTO(new), LTT_ARGS(..),
 *		LTT_FIELDS(...))
 *	LTT_EVENT_ALT(name, 2, tracepoint, LTT_PROTO(old), LTT_ARGS(..),
 *		LTT_FIELDS(...))
 *	LTT_EVENT_ALT_CODE(name, n, tracepoint, proto, args, locals,
 *		prepare, fields)
 *	LTT_EVENT_INSTANCE_ALT(class, name, n, tracepoint)
 *
 * Class names share a namespace with event names (a plain event is a
 * class of its own); declare a class before its instances.
 *
 * Field kinds (integers are 1, 2, 4 or 8 bytes; signedness from the type):
 *	ltt_field_integer[_hex](type, name, expr)
 *	ltt_field_enum(enum_name, type, name, expr)	enum from LTT_ENUM()
 *	ltt_field_string(name, expr)		a kernel string the tracepoint
 *				hands over, read directly as the kernel's
 *				__string() does: NULL-safe, bounded by
 *				LTT_STRING_MAX and by a char array's size
 *	ltt_field_string_n(name, expr, n)	the same, at most n bytes
 *				(a string the tracepoint gives with a length)
 *	ltt_field_array[_hex](type, name, expr, length)	expr: const type *
 *	ltt_field_sequence[_hex](type, name, expr, len_expr)
 *				u32 length (at most LTT_SEQUENCE_MAX), then
 *				that many elements from expr
 *	LTT_ENUM(enum_name, ltt_enum_value("label", v) ltt_enum_range("l", a, b) ...)
 *
 * Nothing else is written by hand: include/trace/ltt-define-events.h reads
 * the declarations again in stages to generate the field descriptors, the
 * probe callback, its payload size computation and serializer, the event
 * descriptors and the build-time prototype check. This file only defines
 * the macros for the plain first reading, where declarations expand to
 * nothing.
 */
#ifndef _TRACE_LTT_EVENT_H
#define _TRACE_LTT_EVENT_H

#include <linux/kernel.h>
#include <linux/module.h>
#include <ltt/core.h>
#include <ltt/fields.h>


/* Argument wrappers: one macro argument each, commas and all. */
#define LTT_PROTO(...)		__VA_ARGS__
#define LTT_ARGS(...)		__VA_ARGS__
#define LTT_FIELDS(...)		__VA_ARGS__
#define LTT_LOCALS(...)		__VA_ARGS__
#define LTT_PREPARE(...)	__VA_ARGS__
#define LTT_PARAMS(...)		__VA_ARGS__

#define LTT_EVENT(name, proto, args, fields)				\
	LTT_EVENT_FULL(name, name, LTT_PARAMS(proto), LTT_PARAMS(args),	\
		       , , LTT_PARAMS(fields))
#define LTT_EVENT_MAP(name, tp, proto, args, fields)			\
	LTT_EVENT_FULL(name, tp, LTT_PARAMS(proto), LTT_PARAMS(args),	\
		       , , LTT_PARAMS(fields))
#define LTT_EVENT_CODE(name, proto, args, locals, prepare, fields)	\
	LTT_EVENT_FULL(name, name, LTT_PARAMS(proto), LTT_PARAMS(args),	\
		       LTT_PARAMS(locals), LTT_PARAMS(prepare),		\
		       LTT_PARAMS(fields))

#define LTT_EVENT_CLASS(class, proto, args, fields)			\
	LTT_CLASS_FULL(class, LTT_PARAMS(proto), LTT_PARAMS(args), , ,	\
		       LTT_PARAMS(fields))
#define LTT_EVENT_CLASS_CODE(class, proto, args, locals, prepare, fields) \
	LTT_CLASS_FULL(class, LTT_PARAMS(proto), LTT_PARAMS(args),	\
		       LTT_PARAMS(locals), LTT_PARAMS(prepare),		\
		       LTT_PARAMS(fields))
#define LTT_EVENT_INSTANCE(class, name)					\
	LTT_EVENT_VARIANT(name, 0, name, class)
#define LTT_EVENT_INSTANCE_MAP(class, name, tp)				\
	LTT_EVENT_VARIANT(name, 0, tp, class)

#define LTT_EVENT_ALT(name, alt, tp, proto, args, fields)		\
	LTT_EVENT_ALT_CODE(name, alt, tp, LTT_PARAMS(proto),		\
			   LTT_PARAMS(args), , , LTT_PARAMS(fields))
#define LTT_EVENT_ALT_CODE(name, alt, tp, proto, args, locals, prepare,	\
			   fields)					\
	LTT_CLASS_FULL(name##__alt##alt, LTT_PARAMS(proto),		\
		       LTT_PARAMS(args), LTT_PARAMS(locals),		\
		       LTT_PARAMS(prepare), LTT_PARAMS(fields))		\
	LTT_EVENT_VARIANT(name, alt, tp, name##__alt##alt)
#define LTT_EVENT_INSTANCE_ALT(class, name, alt, tp)			\
	LTT_EVENT_VARIANT(name, alt, tp, class)

/*
 * Everything above comes down to two macros, which each reading of
 * ltt-define-events.h gives its own meaning: LTT_CLASS_FULL, a prototype
 * with its field list (the probe, serializer and field descriptors), and
 * LTT_EVENT_VARIANT(name, alt, tp, class), "event name may be recorded
 * from tracepoint tp by class's probe", alternative alt (0 for an event
 * with a single prototype). A plain event is a class of its own name
 * with one variant, which keeps its generated symbols as they were.
 */
#define LTT_EVENT_FULL(name, tp, proto, args, locals, prepare, fields)	\
	LTT_CLASS_FULL(name, LTT_PARAMS(proto), LTT_PARAMS(args),	\
		       LTT_PARAMS(locals), LTT_PARAMS(prepare),		\
		       LTT_PARAMS(fields))				\
	LTT_EVENT_VARIANT(name, 0, tp, name)

/* In the size and write stages: the event's LTT_LOCALS() variables. */
#define ltt_local		(__d->l)

/* Public field macros, funnelled into four internal ones per stage. */
#define ltt_field_integer(type, name, expr)				\
	__ltt_field_int(type, name, expr, 10, LTT_FIELD_INTEGER, NULL)
#define ltt_field_integer_hex(type, name, expr)				\
	__ltt_field_int(type, name, expr, 16, LTT_FIELD_INTEGER, NULL)
#define ltt_field_enum(enum_name, type, name, expr)			\
	__ltt_field_int(type, name, expr, 10, LTT_FIELD_ENUM,		\
			&__ltt_enum_##enum_name)
#define ltt_field_string(name, expr)					\
	__ltt_field_str(name, expr, __ltt_is_array(expr) ? sizeof(expr) : \
			LTT_STRING_MAX)
#define ltt_field_string_n(name, expr, n)	__ltt_field_str(name, expr, n)
#define ltt_field_array(type, name, expr, length)			\
	__ltt_field_arr(type, name, expr, length, 10)
#define ltt_field_array_hex(type, name, expr, length)			\
	__ltt_field_arr(type, name, expr, length, 16)
#define ltt_field_sequence(type, name, expr, len_expr)			\
	__ltt_field_seq(type, name, expr, len_expr, 10)
#define ltt_field_sequence_hex(type, name, expr, len_expr)		\
	__ltt_field_seq(type, name, expr, len_expr, 16)

#define ltt_enum_value(label, v)	{ label, (v), (v) },
#define ltt_enum_range(label, a, b)	{ label, (a), (b) },

/* A char array (comm[16]), not a pointer: its size bounds the string. */
#define __ltt_is_array(expr)		(!__same_type((expr), &(expr)[0]))

/*
 * Preprocessor conditionals on "is macro X defined as 1": the generated
 * header defines LTT_OK_<event>__<alt> 1 for the variant of each event
 * that passed the build time check; ltt_pp_if(ltt_pp_bool(LTT_OK_x__1))
 * (code) keeps code only then.
 */
#define __LTT_PP_PROBE_1		~, 1
#define __ltt_pp_second(a, b, ...)	b
#define __ltt_pp_second_(...)		__ltt_pp_second(__VA_ARGS__)
#define __ltt_pp_bool3(x)		__ltt_pp_second_(x, 0)
#define __ltt_pp_bool2(x)		__ltt_pp_bool3(__LTT_PP_PROBE_##x)
#define ltt_pp_bool(x)			__ltt_pp_bool2(x)

#define __ltt_pp_if_0(...)
#define __ltt_pp_if_1(...)		__VA_ARGS__
#define __ltt_pp_if(c)			__ltt_pp_if_##c
#define ltt_pp_if(c)			__ltt_pp_if(c)

#define __ltt_pp_eat(...)
#define __ltt_pp_id(...)		__VA_ARGS__
#define __ltt_pp_ifelse_0(...)		__ltt_pp_id
#define __ltt_pp_ifelse_1(...)		__VA_ARGS__ __ltt_pp_eat
#define __ltt_pp_ifelse(c)		__ltt_pp_ifelse_##c
#define ltt_pp_ifelse(c)		__ltt_pp_ifelse(c)

#define __ltt_paste(a, b)		a##b
#define ltt_paste(a, b)			__ltt_paste(a, b)

/* First reading: declarations expand to nothing. */
#define LTT_CLASS_FULL(class, proto, args, locals, prepare, fields)
#define LTT_EVENT_VARIANT(name, alt, tp, class)
#define LTT_ENUM(name, ...)

/*
 * Probe module helpers: register a system's events (the table
 * ltt_descs_<system> generated from its declarations), unwinding on error.
 */
static inline void ltt_probes_unregister(struct ltt_event_desc *const *descs,
					 unsigned int n)
{
	while (n--)
		ltt_event_unregister(descs[n]);
}

static inline int ltt_probes_register(struct ltt_event_desc *const *descs,
				      unsigned int n)
{
	unsigned int i;
	int ret;

	for (i = 0; i < n; i++) {
		ret = ltt_event_register(descs[i]);
		if (ret) {
			ltt_probes_unregister(descs, i);
			return ret;
		}
	}
	return 0;
}

#endif /* _TRACE_LTT_EVENT_H */
