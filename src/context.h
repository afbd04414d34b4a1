/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Context fields (src/context.c): their descriptions, for the metadata
 * and the channel's record size. The fast path's writer,
 * ltt_context_write(), is declared in <ltt/emit.h>.
 *
 * Who may include it: ltt.ko only.
 */
#ifndef _LTT_CONTEXT_H
#define _LTT_CONTEXT_H
#include <linux/types.h>
#include "metadata-tsdl.h"		/* struct ltt_context_desc */

const struct ltt_context_desc *ltt_context_desc(unsigned int id);
u32 ltt_context_len(u64 mask);

/* A context field's value for a filter (text fields: up to 65 bytes,
 * but cgroup: LTT_CONTEXT_CGROUP_LEN) */
#define LTT_CONTEXT_TEXT_MAX	72
#define LTT_CONTEXT_CGROUP_LEN	128	/* its size in <uapi/ltt/abi.h> */
struct ltt_fvalue;
int ltt_context_value(unsigned int id, struct ltt_fvalue *v, char *text);

struct cgroup;
size_t ltt_cgroup_path(struct cgroup *cgrp, char *buf, size_t len);

#endif /* _LTT_CONTEXT_H */
