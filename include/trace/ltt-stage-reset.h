/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reset the stage macros of the event declaration engine to "expand to
 * nothing"; each stage of ltt-define-events.h then defines the ones it
 * uses. No include guard: included before every stage.
 */
#undef LTT_CLASS_FULL
#undef LTT_EVENT_VARIANT
#undef LTT_ENUM
#undef __ltt_field_int
#undef __ltt_field_str
#undef __ltt_field_arr
#undef __ltt_field_seq

#define LTT_CLASS_FULL(class, proto, args, locals, prepare, fields)
#define LTT_EVENT_VARIANT(name, alt, tp, class)
#define LTT_ENUM(name, ...)
#define __ltt_field_int(type, name, expr, base, kind, enum_desc)
#define __ltt_field_str(name, expr, bound)
#define __ltt_field_arr(type, name, expr, length, base)
#define __ltt_field_seq(type, name, expr, len_expr, base)
