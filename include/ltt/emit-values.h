/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The values-array writer's body (see ltt_emit_values() in
 * include/ltt/emit.h), inline: src/emit-values.c makes the exported
 * functions of it, and the system call probe, whose every event pair
 * counts, inlines it where it records (no call, no second stack frame).
 *
 * Who may include it: src/emit-values.c, probes/ltt-probe-syscalls.c.
 */
#ifndef _LTT_EMIT_VALUES_H
#define _LTT_EMIT_VALUES_H

#include <linux/minmax.h>
#include <linux/string.h>
#include <ltt/emit.h>

#define LTT_LEN_UNKNOWN		U32_MAX

/* Bytes field @f takes with value @v; a string is measured into @v. */
static __always_inline u32 ltt_value_measure(const struct ltt_field_desc *f,
					     struct ltt_fvalue *v)
{
	switch (f->kind) {
	case LTT_FIELD_STRING:
		if (v->type == LTT_FV_USTR) {
			struct ltt_ustr us;

			ltt_user_string_measure(&us,
				(const char __user *)v->str);
			v->len = us.len;
			v->state = us.state;
		} else {
			/* "(null)" or "(fault)" replace what cannot be read */
			v->len = ltt_string_len(&v->str);
		}
		return v->len + 1;
	case LTT_FIELD_ARRAY:
		return f->size * f->length;
	case LTT_FIELD_SEQUENCE:
		v->len = min_t(u32, v->len, LTT_SEQUENCE_MAX);
		return sizeof(u32) + f->size * v->len;
	default:
		return f->size;
	}
}

static __always_inline u32 ltt_values_len(const struct ltt_event_desc *desc,
		      struct ltt_fvalue *v, u32 *len)
{
	unsigned int i;
	u32 n = 0;

	if (*len != LTT_LEN_UNKNOWN)
		return *len;
	for (i = 0; i < desc->nr_fields; i++)
		n += ltt_value_measure(&desc->fields[i], &v[i]);
	*len = n;
	return n;
}

/* Exactly the bytes ltt_values_len() counted, whatever the memory became. */
static __always_inline void ltt_values_write(const struct ltt_event_desc *desc,
			 const struct ltt_fvalue *v, char *p)
{
	unsigned int i;

	for (i = 0; i < desc->nr_fields; i++, v++) {
		const struct ltt_field_desc *f = &desc->fields[i];
		u32 n;

		switch (f->kind) {
		case LTT_FIELD_STRING:
			if (v->type == LTT_FV_USTR) {
				struct ltt_ustr us = {
					.src = (const char __user *)v->str,
					.len = v->len,
					.state = v->state,
				};

				ltt_user_string_copy(p, &us);
			} else {
				ltt_string_copy(p, v->str, v->len);
			}
			p += v->len + 1;
			break;
		case LTT_FIELD_ARRAY:
			n = f->size * f->length;
			memcpy(p, v->str, n);
			p += n;
			break;
		case LTT_FIELD_SEQUENCE:
			n = f->size * v->len;
			memcpy(p, &v->len, sizeof(u32));
			memcpy(p + sizeof(u32), v->str, n);
			p += sizeof(u32) + n;
			break;
		default:
			ltt_put_int(p, v->i, f->size);
			p += f->size;
			break;
		}
	}
}

/* ltt_emit_values(), in the channels of session @only (NULL: all). */
static __always_inline void __ltt_emit_values(struct ltt_event_desc *desc,
					      struct ltt_fvalue *v,
					      const void *only)
{
	u32 len = LTT_LEN_UNKNOWN;

	__ltt_emit_walk(desc, v, only, ltt_values_len(desc, v, &len), p,
			ltt_values_write(desc, v, p));
}

#endif /* _LTT_EMIT_VALUES_H */
