/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The labels of a tracefs event's integer field, read out of its format
 * file's "print fmt:" line (issue 38): tpenum.c, no other dependency (the
 * unit tests build it alone).
 */
#ifndef LTTCTL_TPENUM_H
#define LTTCTL_TPENUM_H

#include <stdbool.h>
#include <stdint.h>
#include <ltt/abi.h>

int tp_print_symbolic(const char *fmt, const char *field,
		      struct ltt_tp_enum *e, unsigned int cap);
bool tp_enum_fits(int64_t v, unsigned int size, bool is_signed);

#endif
