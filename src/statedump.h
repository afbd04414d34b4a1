/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The state dump (src/source-statedump.c): what already exists, written
 * into one session when it starts and when asked.
 *
 * Who may include it: ltt.ko only (sessions, control device).
 */
#ifndef _LTT_STATEDUMP_H
#define _LTT_STATEDUMP_H
#include <linux/types.h>

struct ltt_session;

bool ltt_statedump(struct ltt_session *s);

#endif /* _LTT_STATEDUMP_H */
