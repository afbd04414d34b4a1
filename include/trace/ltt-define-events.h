/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ltt event declaration engine: included at the end of every
 * include/trace/<subsys>.h. In a plain reading it does nothing. In a probe
 * module (LTT_CREATE_PROBES defined before including the declarations)
 * it reads the declarations again once per stage below, each stage giving
 * LTT_CLASS_FULL (a prototype and its fields: a class, or a plain event's
 * own) and LTT_EVENT_VARIANT (an event recorded by a class, see
 * ltt-event.h) another meaning:
 *
 *   1 enums	 LTT_ENUM -> struct ltt_enum_desc __ltt_enum_<name>
 *   2 fields	 each class -> struct ltt_field_desc __ltt_fields_<class>[]
 *   3 dynamic	 -> struct __ltt_dyn_<class>: the class's locals, each
 *		 string measured (and, if short, its snapshot) and each
 *		 sequence's source and length, once per hit for every channel
 *   4 size	 -> __ltt_size_<class>(): runs LTT_PREPARE, measures the
 *		 payload
 *   5 write	 -> __ltt_write_<class>(): serializes the fields, packed, in
 *		 declaration order (the order of the CTF description)
 *   6 probe	 -> __ltt_probe_<class>(), the tracepoint callback of every
 *		 event of the class (its data is the event's desc): size
 *		 once, then ltt_emit() writes into each enabled channel; and
 *		 for each event a static assertion that the kernel's
 *		 register_trace_<tp>() takes exactly the class's prototype
 *   7 desc	 each event -> struct ltt_event_desc __ltt_desc_<event>
 *   8 table	 -> ltt_descs_<system>[], for ltt_probes_register()
 *   9 modinfo	 -> the tag ltt_events=NAME,...: the module's events
 *
 * What is built follows the generated header ltt-events-ok.h
 * (probes/gen-event-checks.sh): LTT_OK_<event>__<alt> 1 names the variant
 * of an event that matches the kernel, LTT_OK_CLASS_<class> 1 the classes
 * such variants use (stages 3 to 6 exist only for those), and
 * LTT_DESC_<event>__<alt> 1 the variant whose fields describe the event:
 * the matching one, else the first, with no probe. Such an event
 * registers as unavailable and lttctl lists it so.
 *
 * Two more readings serve that build-time check: LTT_CHECK_EVENTS makes
 * the one translation unit that checks every variant of a header (see
 * the stage below), and LTT_LIST_EVENTS lists the variants
 * (ltt_event_list(...) in the preprocessor output) for the script's
 * fallback when that unit does not compile.
 *
 * No include guard: included once per declaration header.
 */
#ifndef LTT_MULTI_READ
#if defined(LTT_CREATE_PROBES) || defined(LTT_CHECK_EVENTS) || \
	defined(LTT_LIST_EVENTS)

#define LTT_MULTI_READ

#include <trace/ltt-event.h>
#include <ltt/emit.h>
#include <ltt/fields.h>

/*
 * The type register_trace_<tp>() has when tp's prototype is the class's;
 * every event of the class is checked against it.
 */
#define __ltt_class_reg(class, proto)					\
	typedef int __ltt_reg_##class(void (*)(void *, proto), void *);
#define __ltt_tp_matches(tp, class)					\
	__builtin_types_compatible_p(typeof(register_trace_##tp),	\
				     __ltt_reg_##class)
#define __ltt_proto_check(tp, class)					\
	_Static_assert(__ltt_tp_matches(tp, class),			\
		"ltt: the prototype of tracepoint " #tp			\
		" differs from its declaration");

#ifdef LTT_LIST_EVENTS
#include "ltt-stage-reset.h"
#undef LTT_EVENT_VARIANT
#define LTT_EVENT_VARIANT(ev_name, ev_alt, ev_tp, ev_class)		\
	ltt_event_list(ev_name, ev_alt, ev_tp, ev_class)
#include LTT_SYSTEM_FILE
#endif /* LTT_LIST_EVENTS */

#if defined(LTT_CHECK_EVENTS) || defined(LTT_CREATE_PROBES)
#include LTT_SYSTEM_KERNEL_HEADER
#endif

#ifdef LTT_CHECK_EVENTS
/*
 * The build-time check, all variants of the header in one compile (one
 * compile per event made the check the slowest part of a probe build):
 * for each variant an asm line, in the assembler output,
 *	->ltt-check <event> <alt> <tp> <class> <missing> <matches>
 * with constants computed by the compiler. A tracepoint the kernel lacks
 * must not stop the compile, so each register_trace_<tp> is declared
 * once more here without a prototype: that adopts the kernel's type where
 * there is one, and otherwise declares a function that takes anything,
 * which no real register_trace_*() does (it would take a pointer to a
 * type that exists nowhere): that tells "missing".
 *
 * With LTT_CHECK_ONE_CLASS, only the class whose LTT_CHECK_CLASS_<class>
 * is 1 and its variants: the script's fallback, to find which class does
 * not compile when the whole does not.
 */
#ifdef LTT_CHECK_ONE_CLASS
#define __ltt_check_on(class)	ltt_pp_bool(LTT_CHECK_CLASS_##class)
#else
#define __ltt_check_on(class)	1
#endif
struct __ltt_no_such_type;
#define __ltt_tp_missing(tp)						\
	__builtin_types_compatible_p(typeof(register_trace_##tp),	\
				     int (struct __ltt_no_such_type *))

#include "ltt-stage-reset.h"
#undef LTT_CLASS_FULL
#undef LTT_EVENT_VARIANT
#define LTT_CLASS_FULL(cl_name, cl_proto, cl_args, cl_locals,		\
		       cl_prepare, cl_fields)				\
	ltt_pp_if(__ltt_check_on(cl_name))(				\
		__ltt_class_reg(cl_name, LTT_PARAMS(cl_proto)))
#define LTT_EVENT_VARIANT(ev_name, ev_alt, ev_tp, ev_class)		\
	ltt_pp_if(__ltt_check_on(ev_class))(				\
		extern int register_trace_##ev_tp();)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstrict-prototypes"
#pragma GCC diagnostic ignored "-Wredundant-decls"
#include LTT_SYSTEM_FILE
#pragma GCC diagnostic pop

#include "ltt-stage-reset.h"
#undef LTT_EVENT_VARIANT
#define LTT_EVENT_VARIANT(ev_name, ev_alt, ev_tp, ev_class)		\
	ltt_pp_if(__ltt_check_on(ev_class))(				\
		asm volatile("\n.ascii \"->ltt-check " #ev_name " "	\
			     #ev_alt " " #ev_tp " " #ev_class		\
			     " %c0 %c1\"" : :				\
			     "i" (__ltt_tp_missing(ev_tp)),		\
			     "i" (__ltt_tp_matches(ev_tp, ev_class)));)
static void __used __ltt_event_checks(void)
{
#include LTT_SYSTEM_FILE
}
#endif /* LTT_CHECK_EVENTS */

#ifdef LTT_CREATE_PROBES
#include "ltt-events-ok.h"

/* ---- stage 1: enumerations ------------------------------------------ */
#include "ltt-stage-reset.h"
#undef LTT_ENUM
#define LTT_ENUM(en_name, ...)						\
	static const struct ltt_enum_entry __ltt_enum_entries_##en_name[] = { \
		__VA_ARGS__						\
	};								\
	static const struct ltt_enum_desc __ltt_enum_##en_name __maybe_unused = { \
		.name = #en_name,					\
		.entries = __ltt_enum_entries_##en_name,		\
		.nr_entries = ARRAY_SIZE(__ltt_enum_entries_##en_name),	\
	};
#include LTT_SYSTEM_FILE

/* ---- stage 2: field descriptors ------------------------------------- */
#include "ltt-stage-reset.h"
#undef LTT_CLASS_FULL
#undef __ltt_field_int
#undef __ltt_field_str
#undef __ltt_field_arr
#undef __ltt_field_seq
/* Unused when every event of the class picked another alternative. */
#define LTT_CLASS_FULL(cl_name, cl_proto, cl_args, cl_locals,		\
		       cl_prepare, cl_fields)				\
	static const struct ltt_field_desc __ltt_fields_##cl_name[]	\
		__maybe_unused = { cl_fields };
#define __ltt_field_int(type, fname, expr, fbase, fkind, fenum)		\
	LTT_FIELD_DESC(#fname, fkind, sizeof(type), ltt_type_is_signed(type), \
		       fbase, 0, fenum),
#define __ltt_field_str(fname, expr, bound)				\
	LTT_FIELD_STRING_DESC(#fname),
#define __ltt_field_arr(type, fname, expr, flength, fbase)		\
	LTT_FIELD_ARRAY_DESC(#fname, type, flength, fbase),
#define __ltt_field_seq(type, fname, expr, len_expr, fbase)		\
	LTT_FIELD_SEQ_DESC(#fname, type, fbase),
#include LTT_SYSTEM_FILE

/* ---- stage 3: per-hit dynamic state --------------------------------- */
#include "ltt-stage-reset.h"
#undef LTT_CLASS_FULL
#undef __ltt_field_str
#undef __ltt_field_seq
#define LTT_CLASS_FULL(cl_name, cl_proto, cl_args, cl_locals,		\
		       cl_prepare, cl_fields)				\
	ltt_pp_if(ltt_pp_bool(LTT_OK_CLASS_##cl_name))(		\
		struct __ltt_dyn_##cl_name {				\
			struct { cl_locals } l;				\
			cl_fields					\
		};)
#define __ltt_field_str(fname, expr, bound)				\
	struct ltt_kstring fname##_str;
#define __ltt_field_seq(type, fname, expr, len_expr, fbase)		\
	const type *fname##_src;					\
	u32 fname##_len;
#include LTT_SYSTEM_FILE

/* ---- stage 4: payload size ------------------------------------------ */
#include "ltt-stage-reset.h"
#undef LTT_CLASS_FULL
#undef __ltt_field_int
#undef __ltt_field_str
#undef __ltt_field_arr
#undef __ltt_field_seq
#define LTT_CLASS_FULL(cl_name, cl_proto, cl_args, cl_locals,		\
		       cl_prepare, cl_fields)				\
	ltt_pp_if(ltt_pp_bool(LTT_OK_CLASS_##cl_name))(		\
		static __always_inline u32				\
		__ltt_size_##cl_name(struct __ltt_dyn_##cl_name *__d, cl_proto) \
		{							\
			u32 __len = 0;					\
									\
			cl_prepare					\
			cl_fields					\
			return __len;					\
		})
#define __ltt_field_int(type, fname, expr, fbase, fkind, fenum)		\
	__len += sizeof(type);
#define __ltt_field_str(fname, expr, bound)				\
	__d->fname##_str.len = ltt_kstring_len(&__d->fname##_str, (expr), \
					       (bound), __ltt_is_array(expr)); \
	__len += __d->fname##_str.len + 1;
#define __ltt_field_arr(type, fname, expr, flength, fbase)		\
	__len += sizeof(type) * (flength);
#define __ltt_field_seq(type, fname, expr, len_expr, fbase)		\
	__d->fname##_src = (expr);					\
	__d->fname##_len = min_t(u32, (len_expr), LTT_SEQUENCE_MAX);	\
	__len += sizeof(u32) + sizeof(type) * __d->fname##_len;
#include LTT_SYSTEM_FILE

/* ---- stage 5: serializer -------------------------------------------- */
#include "ltt-stage-reset.h"
#undef LTT_CLASS_FULL
#undef __ltt_field_int
#undef __ltt_field_str
#undef __ltt_field_arr
#undef __ltt_field_seq
#define LTT_CLASS_FULL(cl_name, cl_proto, cl_args, cl_locals,		\
		       cl_prepare, cl_fields)				\
	ltt_pp_if(ltt_pp_bool(LTT_OK_CLASS_##cl_name))(		\
		static __always_inline void				\
		__ltt_write_##cl_name(char *__p,			\
				   const struct __ltt_dyn_##cl_name *__d, \
				   cl_proto)				\
		{							\
			cl_fields					\
		})
#define __ltt_field_int(type, fname, expr, fbase, fkind, fenum)		\
	{								\
		type __v = (expr);					\
									\
		__builtin_memcpy(__p, &__v, sizeof(__v));		\
		__p += sizeof(__v);					\
	}
#define __ltt_field_str(fname, expr, bound)				\
	ltt_kstring_copy(__p, &__d->fname##_str);			\
	__p += __d->fname##_str.len + 1;
#define __ltt_field_arr(type, fname, expr, flength, fbase)		\
	{								\
		const type *__a = (expr);				\
									\
		__builtin_memcpy(__p, __a, sizeof(type) * (flength));	\
		__p += sizeof(type) * (flength);			\
	}
#define __ltt_field_seq(type, fname, expr, len_expr, fbase)		\
	__builtin_memcpy(__p, &__d->fname##_len, sizeof(u32));		\
	__p += sizeof(u32);						\
	__builtin_memcpy(__p, __d->fname##_src,				\
			 sizeof(type) * __d->fname##_len);		\
	__p += sizeof(type) * __d->fname##_len;
#include LTT_SYSTEM_FILE

/* ---- stage 5b: the values a filter reads ---------------------------- */
/*
 * Only when a binding of the event has a filter: each field's value as
 * the record gets it (a string as measured by stage 4), in field order.
 * Arrays and sequences of other than single bytes have none a filter may
 * read (the linker refuses them); they take a place all the same.
 */
#include "ltt-stage-reset.h"
#undef LTT_CLASS_FULL
#undef __ltt_field_int
#undef __ltt_field_str
#undef __ltt_field_arr
#undef __ltt_field_seq
#define LTT_CLASS_FULL(cl_name, cl_proto, cl_args, cl_locals,		\
		       cl_prepare, cl_fields)				\
	ltt_pp_if(ltt_pp_bool(LTT_OK_CLASS_##cl_name))(		\
		static __always_inline void				\
		__ltt_values_##cl_name(struct ltt_fvalue *__v,		\
				   const struct __ltt_dyn_##cl_name *__d, \
				   cl_proto)				\
		{							\
			cl_fields					\
		})
#define __ltt_field_int(ftype, fname, expr, fbase, fkind, fenum)	\
	__v->type = LTT_FV_INT;						\
	__v->i = (s64)(ftype)(expr);					\
	__v++;
#define __ltt_field_str(fname, expr, bound)				\
	__v->type = LTT_FV_KSTR;					\
	__v->str = __d->fname##_str.src;				\
	__v->len = __d->fname##_str.len;				\
	__v++;
#define __ltt_field_arr(ftype, fname, expr, flength, fbase)		\
	__v->type = sizeof(ftype) == 1 ? LTT_FV_KSTR : LTT_FV_INT;	\
	__v->str = (const char *)(expr);				\
	__v->len = (flength);						\
	__v++;
#define __ltt_field_seq(ftype, fname, expr, len_expr, fbase)		\
	__v->type = sizeof(ftype) == 1 ? LTT_FV_KSTR : LTT_FV_INT;	\
	__v->str = (const char *)__d->fname##_src;			\
	__v->len = __d->fname##_len;					\
	__v++;
#include LTT_SYSTEM_FILE

/* ---- stage 6: probe callbacks and prototype checks ------------------ */
#include "ltt-stage-reset.h"
#undef LTT_CLASS_FULL
#undef LTT_EVENT_VARIANT
#define LTT_CLASS_FULL(cl_name, cl_proto, cl_args, cl_locals,		\
		       cl_prepare, cl_fields)				\
	ltt_pp_if(ltt_pp_bool(LTT_OK_CLASS_##cl_name))(		\
		__ltt_class_reg(cl_name, LTT_PARAMS(cl_proto))		\
		static void __ltt_probe_##cl_name(void *__data, cl_proto) \
		{							\
			struct ltt_event_desc *__desc = __data;		\
			struct __ltt_dyn_##cl_name __dyn ltt_uninit;	\
			struct ltt_fvalue __vals[ARRAY_SIZE(__ltt_fields_##cl_name)] \
				ltt_uninit;				\
			const struct ltt_fvalue *__v = NULL;		\
			u32 __len;					\
									\
			if (!ltt_emit_wanted(__desc))			\
				return;					\
			__len = __ltt_size_##cl_name(&__dyn, cl_args);	\
			if (unlikely(READ_ONCE(__desc->nr_filtered))) {	\
				__ltt_values_##cl_name(__vals, &__dyn, cl_args); \
				__v = __vals;				\
			}						\
			ltt_emit_vals(__desc, __v, __len, __p,		\
				 __ltt_write_##cl_name(__p, &__dyn, cl_args)); \
		})
#define LTT_EVENT_VARIANT(ev_name, ev_alt, ev_tp, ev_class)		\
	ltt_pp_if(ltt_pp_bool(LTT_OK_##ev_name##__##ev_alt))(		\
		__ltt_proto_check(ev_tp, ev_class))
#include LTT_SYSTEM_FILE

/* ---- stage 7: event descriptors ------------------------------------- */
#include "ltt-stage-reset.h"
#undef LTT_EVENT_VARIANT
#define LTT_EVENT_VARIANT(ev_name, ev_alt, ev_tp, ev_class)		\
	ltt_pp_if(ltt_pp_bool(LTT_DESC_##ev_name##__##ev_alt))(		\
		static struct ltt_event_desc __ltt_desc_##ev_name = {	\
			.name = #ev_name,				\
			.type = LTT_EVENT_TRACEPOINT,			\
			.fields = __ltt_fields_##ev_class,		\
			.nr_fields = ARRAY_SIZE(__ltt_fields_##ev_class), \
			.owner = THIS_MODULE,				\
			.tp_name = #ev_tp,				\
			.probe = ltt_pp_ifelse(ltt_pp_bool(		\
				LTT_OK_##ev_name##__##ev_alt))(		\
				(void *)__ltt_probe_##ev_class)(NULL),	\
		};)
#include LTT_SYSTEM_FILE

/* ---- stage 8: the system's table ------------------------------------ */
#include "ltt-stage-reset.h"
#undef LTT_EVENT_VARIANT
#define LTT_EVENT_VARIANT(ev_name, ev_alt, ev_tp, ev_class)		\
	ltt_pp_if(ltt_pp_bool(LTT_DESC_##ev_name##__##ev_alt))(		\
		&__ltt_desc_##ev_name,)
static struct ltt_event_desc *const ltt_paste(ltt_descs_, LTT_SYSTEM)[] = {
#include LTT_SYSTEM_FILE
};

/*
 * ---- stage 9: the event names as a modinfo tag -----------------------
 * "ltt_events=a,b,": what lttctl reads (modinfo -F ltt_events) to know,
 * without loading the module, which probe module brings which event:
 * autoload and lttctl list. In the .ko itself, so the list always fits
 * the module built for that kernel (events left out are not named).
 */
#include "ltt-stage-reset.h"
#undef LTT_EVENT_VARIANT
#define LTT_EVENT_VARIANT(ev_name, ev_alt, ev_tp, ev_class)		\
	ltt_pp_if(ltt_pp_bool(LTT_DESC_##ev_name##__##ev_alt))(#ev_name ",")
static const char ltt_paste(__ltt_modinfo_events_, LTT_SYSTEM)[]
	__used __section(".modinfo") __aligned(1) = "ltt_events="
#include LTT_SYSTEM_FILE
	;

#endif /* LTT_CREATE_PROBES */

/* Back to the first-reading meaning, for the next declaration header. */
#include "ltt-stage-reset.h"
#undef LTT_MULTI_READ

#endif /* LTT_CREATE_PROBES || LTT_CHECK_EVENTS || LTT_LIST_EVENTS */
#endif /* !LTT_MULTI_READ */
