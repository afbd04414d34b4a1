/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The field vocabulary: every event source describes its payload fields
 * with these initializers of struct ltt_field_desc (<ltt/core.h>), so that
 * one field kind is spelled one way everywhere: the declared events'
 * generated tables (include/trace/ltt-define-events.h), the system calls'
 * (probes/ltt-probe-syscalls.c), the state dump's, and the fields the
 * marker and dynamic-probe sources build at run time.
 *
 *	LTT_FIELD_INT_DESC(name, size, signed, base)	an integer
 *	LTT_FIELD_TYPE_DESC(name, type, base)		the same, of a C type
 *	LTT_FIELD_ENUM_DESC(name, type, enum_desc)	an integer with labels
 *	LTT_FIELD_STRING_DESC(name)			a bounded string
 *	LTT_FIELD_ARRAY_DESC(name, type, length, base)	fixed-length array
 *	LTT_FIELD_SEQ_DESC(name, type, base)		u32 length, elements
 *
 * A name is a C string here; the declaration macros stringify theirs.
 *
 * Who may include it: probe modules, ltt.ko, the userspace unit tests.
 */
#ifndef _LTT_FIELDS_H
#define _LTT_FIELDS_H

#include <ltt/core.h>

#define ltt_type_is_signed(type)	((type)-1 < (type)1)

/* Every member, for the generated tables; the others are shorthands. */
#define LTT_FIELD_DESC(fname, fkind, fsize, fsigned, fbase, flength, fenum) \
	{ .name = (fname), .kind = (fkind), .size = (fsize),		\
	  .is_signed = (fsigned), .base = (fbase), .length = (flength),	\
	  .enum_desc = (fenum) }

#define LTT_FIELD_INT_DESC(fname, fsize, fsigned, fbase)		\
	LTT_FIELD_DESC(fname, LTT_FIELD_INTEGER, fsize, fsigned, fbase, 0, NULL)

#define LTT_FIELD_TYPE_DESC(fname, type, fbase)				\
	LTT_FIELD_INT_DESC(fname, sizeof(type), ltt_type_is_signed(type), fbase)

#define LTT_FIELD_ENUM_DESC(fname, type, fenum)				\
	LTT_FIELD_DESC(fname, LTT_FIELD_ENUM, sizeof(type),		\
		       ltt_type_is_signed(type), 10, 0, fenum)

#define LTT_FIELD_STRING_DESC(fname)					\
	LTT_FIELD_DESC(fname, LTT_FIELD_STRING, 0, 0, 0, 0, NULL)

#define LTT_FIELD_ARRAY_DESC(fname, type, flength, fbase)		\
	LTT_FIELD_DESC(fname, LTT_FIELD_ARRAY, sizeof(type),		\
		       ltt_type_is_signed(type), fbase, flength, NULL)

#define LTT_FIELD_SEQ_DESC(fname, type, fbase)				\
	LTT_FIELD_DESC(fname, LTT_FIELD_SEQUENCE, sizeof(type),		\
		       ltt_type_is_signed(type), fbase, 0, NULL)

#endif /* _LTT_FIELDS_H */
