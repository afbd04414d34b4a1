/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lttctl's view of the filter compiler: the compiler itself is
 * src/filter-compile.c, one source built here and in ltt.ko (which
 * compiles the filter text of its in-kernel control API); what only the
 * tools want is here.
 */
#ifndef _LTT_TOOLS_FILTER_COMPILE_H
#define _LTT_TOOLS_FILTER_COMPILE_H

#include <stdio.h>
#include "../../src/filter-compile.h"

/* The program, one instruction a line (tests, debugging). */
void ltt_filter_dump(const struct ltt_filter_prog *prog, FILE *out);

#endif /* _LTT_TOOLS_FILTER_COMPILE_H */
