/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ltt event declaration engine: included at the end of every
 * include/trace/<subsys>.h. In a plain reading it does nothing. In a probe
 * module (LTT_CREATE_PROBES defined before including the declarations)
 * it reads the declarations again once per stage below, each stage giving
 * the declaration macros another meaning:
 *
 *   1 enums	 LTT_ENUM -> struct ltt_enum_desc __ltt_enum_<name>
 *   2 fields	 each event -> struct ltt_field_desc __ltt_fields_<event>[]
 *   3 dynamic	 -> struct __ltt_dyn_<event>: the event's locals, and the
 *		 source and length of each string and sequence, measured
 *		 once per hit and used by every channel
 *   4 size	 -> __ltt_size_<event>(): runs LTT_PREPARE, measures the
 *		 payload
 *   5 write	 -> __ltt_write_<event>(): serializes the fields, packed, in
 *		 declaration order (the order of the CTF description)
 *   6 probe	 -> __ltt_probe_<event>(), the tracepoint callback: size once,
 *		 then ltt_emit() writes into each enabled channel; plus a
 *		 static assertion that the kernel's register_trace_<event>()
 *		 takes exactly this prototype
 *   7 desc	 -> struct ltt_event_desc __ltt_desc_<event>
 *   8 table	 -> ltt_descs_<system>[], for ltt_probes_register()
 *
 * Stages 3 to 6 exist only for events the build found compatible with the
 * kernel: the generated header ltt-events-ok.h (probes/gen-event-checks.sh)
 * defines LTT_OK_<event> to 1 for those. Any other event still gets its
 * field and event descriptors, with no probe: it registers as unavailable
 * and lttctl lists it so.
 *
 * Two more readings serve that build-time check: LTT_LIST_EVENTS lists
 * the events of a header (ltt_event_list_<event> tokens in the
 * preprocessor output) and LTT_CHECK_EVENT with LTT_CHECK_<event> defined
 * to 1 compiles only that event's prototype check.
 *
 * No include guard: included once per declaration header.
 */
#ifndef LTT_MULTI_READ
#if defined(LTT_CREATE_PROBES) || defined(LTT_CHECK_EVENT) || \
	defined(LTT_LIST_EVENTS)

#define LTT_MULTI_READ

#include <trace/ltt-event.h>
#include <ltt/emit.h>

/* The prototype the kernel's register_trace_<tp>() must have. */
#define __ltt_register_type(proto)					\
	int (void (*)(void *, proto), void *)
#define __ltt_proto_check(tp, proto)					\
	_Static_assert(__builtin_types_compatible_p(			\
			typeof(register_trace_##tp),			\
			__ltt_register_type(LTT_PARAMS(proto))),	\
		"ltt: the prototype of tracepoint " #tp			\
		" differs from its declaration");

#ifdef LTT_LIST_EVENTS
#include "ltt-stage-reset.h"
#undef LTT_EVENT_FULL
#define LTT_EVENT_FULL(ev_name, ev_tp, ev_proto, ev_args, ev_locals,	\
		       ev_prepare, ev_fields)				\
	ltt_event_list_##ev_name
#include LTT_SYSTEM_FILE
#endif /* LTT_LIST_EVENTS */

#if defined(LTT_CHECK_EVENT) || defined(LTT_CREATE_PROBES)
#include LTT_SYSTEM_KERNEL_HEADER
#endif

#ifdef LTT_CHECK_EVENT
#include "ltt-stage-reset.h"
#undef LTT_EVENT_FULL
#define LTT_EVENT_FULL(ev_name, ev_tp, ev_proto, ev_args, ev_locals,	\
		       ev_prepare, ev_fields)				\
	ltt_pp_if(ltt_pp_bool(LTT_CHECK_##ev_name))(			\
		__ltt_proto_check(ev_tp, LTT_PARAMS(ev_proto)))
#include LTT_SYSTEM_FILE
#endif /* LTT_CHECK_EVENT */

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
#undef LTT_EVENT_FULL
#undef __ltt_field_int
#undef __ltt_field_str
#undef __ltt_field_arr
#undef __ltt_field_seq
#define LTT_EVENT_FULL(ev_name, ev_tp, ev_proto, ev_args, ev_locals,	\
		       ev_prepare, ev_fields)				\
	static const struct ltt_field_desc __ltt_fields_##ev_name[] = { ev_fields };
#define __ltt_field_int(type, fname, expr, fbase, fkind, fenum)		\
	{ .name = #fname, .kind = fkind, .size = sizeof(type),		\
	  .is_signed = __ltt_is_signed(type), .base = fbase,		\
	  .enum_desc = fenum },
#define __ltt_field_str(fname, expr)					\
	{ .name = #fname, .kind = LTT_FIELD_STRING },
#define __ltt_field_arr(type, fname, expr, flength, fbase)		\
	{ .name = #fname, .kind = LTT_FIELD_ARRAY, .size = sizeof(type), \
	  .is_signed = __ltt_is_signed(type), .base = fbase,		\
	  .length = flength },
#define __ltt_field_seq(type, fname, expr, len_expr, fbase)		\
	{ .name = #fname, .kind = LTT_FIELD_SEQUENCE, .size = sizeof(type), \
	  .is_signed = __ltt_is_signed(type), .base = fbase },
#include LTT_SYSTEM_FILE

/* ---- stage 3: per-hit dynamic state --------------------------------- */
#include "ltt-stage-reset.h"
#undef LTT_EVENT_FULL
#undef __ltt_field_str
#undef __ltt_field_seq
#define LTT_EVENT_FULL(ev_name, ev_tp, ev_proto, ev_args, ev_locals,	\
		       ev_prepare, ev_fields)				\
	ltt_pp_if(ltt_pp_bool(LTT_OK_##ev_name))(			\
		struct __ltt_dyn_##ev_name {				\
			struct { ev_locals } l;				\
			ev_fields					\
		};)
#define __ltt_field_str(fname, expr)					\
	const char *fname##_src;					\
	u32 fname##_len;
#define __ltt_field_seq(type, fname, expr, len_expr, fbase)		\
	const type *fname##_src;					\
	u32 fname##_len;
#include LTT_SYSTEM_FILE

/* ---- stage 4: payload size ------------------------------------------ */
#include "ltt-stage-reset.h"
#undef LTT_EVENT_FULL
#undef __ltt_field_int
#undef __ltt_field_str
#undef __ltt_field_arr
#undef __ltt_field_seq
#define LTT_EVENT_FULL(ev_name, ev_tp, ev_proto, ev_args, ev_locals,	\
		       ev_prepare, ev_fields)				\
	ltt_pp_if(ltt_pp_bool(LTT_OK_##ev_name))(			\
		static __always_inline u32				\
		__ltt_size_##ev_name(struct __ltt_dyn_##ev_name *__d, ev_proto) \
		{							\
			u32 __len = 0;					\
									\
			ev_prepare					\
			ev_fields					\
			return __len;					\
		})
#define __ltt_field_int(type, fname, expr, fbase, fkind, fenum)		\
	__len += sizeof(type);
#define __ltt_field_str(fname, expr)					\
	__d->fname##_src = (expr);					\
	__d->fname##_len = ltt_string_len(&__d->fname##_src);		\
	__len += __d->fname##_len + 1;
#define __ltt_field_arr(type, fname, expr, flength, fbase)		\
	__len += sizeof(type) * (flength);
#define __ltt_field_seq(type, fname, expr, len_expr, fbase)		\
	__d->fname##_src = (expr);					\
	__d->fname##_len = min_t(u32, (len_expr), LTT_SEQUENCE_MAX);	\
	__len += sizeof(u32) + sizeof(type) * __d->fname##_len;
#include LTT_SYSTEM_FILE

/* ---- stage 5: serializer -------------------------------------------- */
#include "ltt-stage-reset.h"
#undef LTT_EVENT_FULL
#undef __ltt_field_int
#undef __ltt_field_str
#undef __ltt_field_arr
#undef __ltt_field_seq
#define LTT_EVENT_FULL(ev_name, ev_tp, ev_proto, ev_args, ev_locals,	\
		       ev_prepare, ev_fields)				\
	ltt_pp_if(ltt_pp_bool(LTT_OK_##ev_name))(			\
		static __always_inline void				\
		__ltt_write_##ev_name(char *__p,			\
				   const struct __ltt_dyn_##ev_name *__d, \
				   ev_proto)				\
		{							\
			ev_fields					\
		})
#define __ltt_field_int(type, fname, expr, fbase, fkind, fenum)		\
	{								\
		type __v = (expr);					\
									\
		__builtin_memcpy(__p, &__v, sizeof(__v));		\
		__p += sizeof(__v);					\
	}
#define __ltt_field_str(fname, expr)					\
	ltt_string_copy(__p, __d->fname##_src, __d->fname##_len);	\
	__p += __d->fname##_len + 1;
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

/* ---- stage 6: probe callbacks and prototype checks ------------------ */
#include "ltt-stage-reset.h"
#undef LTT_EVENT_FULL
#define LTT_EVENT_FULL(ev_name, ev_tp, ev_proto, ev_args, ev_locals,	\
		       ev_prepare, ev_fields)				\
	ltt_pp_if(ltt_pp_bool(LTT_OK_##ev_name))(			\
		__ltt_proto_check(ev_tp, LTT_PARAMS(ev_proto))		\
		static void __ltt_probe_##ev_name(void *__data, ev_proto) \
		{							\
			struct ltt_event_desc *__desc = __data;		\
			struct __ltt_dyn_##ev_name __dyn;		\
			u32 __len;					\
									\
			if (!ltt_emit_wanted(__desc))			\
				return;					\
			__len = __ltt_size_##ev_name(&__dyn, ev_args);	\
			ltt_emit(__desc, __len, __p,			\
				 __ltt_write_##ev_name(__p, &__dyn, ev_args)); \
		})
#include LTT_SYSTEM_FILE

/* ---- stage 7: event descriptors ------------------------------------- */
#include "ltt-stage-reset.h"
#undef LTT_EVENT_FULL
#define LTT_EVENT_FULL(ev_name, ev_tp, ev_proto, ev_args, ev_locals,	\
		       ev_prepare, ev_fields)				\
	static struct ltt_event_desc __ltt_desc_##ev_name = {		\
		.name = #ev_name,					\
		.type = LTT_EVENT_TRACEPOINT,				\
		.fields = __ltt_fields_##ev_name,			\
		.nr_fields = ARRAY_SIZE(__ltt_fields_##ev_name),	\
		.owner = THIS_MODULE,					\
		.tp_name = #ev_tp,					\
		.probe = ltt_pp_ifelse(ltt_pp_bool(LTT_OK_##ev_name))(	\
				(void *)__ltt_probe_##ev_name)(NULL),	\
	};
#include LTT_SYSTEM_FILE

/* ---- stage 8: the system's table ------------------------------------ */
#include "ltt-stage-reset.h"
#undef LTT_EVENT_FULL
#define LTT_EVENT_FULL(ev_name, ev_tp, ev_proto, ev_args, ev_locals,	\
		       ev_prepare, ev_fields)				\
	&__ltt_desc_##ev_name,
static struct ltt_event_desc *const ltt_paste(ltt_descs_, LTT_SYSTEM)[] = {
#include LTT_SYSTEM_FILE
};

#endif /* LTT_CREATE_PROBES */

/* Back to the first-reading meaning, for the next declaration header. */
#include "ltt-stage-reset.h"
#undef LTT_MULTI_READ

#endif /* LTT_CREATE_PROBES || LTT_CHECK_EVENT || LTT_LIST_EVENTS */
#endif /* !LTT_MULTI_READ */
