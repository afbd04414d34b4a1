/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A compiled filter program printed, one instruction a line (tests,
 * debugging): what only the tools want of the filter compiler, whose
 * header, shared with ltt.ko, is common/filter-compile.h.
 *
 * Who may include it: tools/ and tests/unit.
 */
#ifndef _LTT_TOOLS_FILTER_DUMP_H
#define _LTT_TOOLS_FILTER_DUMP_H

#include <stdio.h>
#include "filter-compile.h"

void ltt_filter_dump(const struct ltt_filter_prog *prog, FILE *out);

#endif /* _LTT_TOOLS_FILTER_DUMP_H */
