/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The callstack context fields (src/context-callstack.c): the writers
 * that src/context.c calls, and the rule for kernel addresses that
 * channel creation applies.
 *
 * Who may include it: ltt.ko only.
 */
#ifndef _LTT_CONTEXT_CALLSTACK_H
#define _LTT_CONTEXT_CALLSTACK_H
#include <linux/types.h>

enum ltt_callstack_kind { LTT_CALLSTACK_KERNEL, LTT_CALLSTACK_USER };

void *ltt_callstack_write(void *p, enum ltt_callstack_kind kind);
int ltt_context_allowed(u64 mask);

#endif /* _LTT_CONTEXT_CALLSTACK_H */
