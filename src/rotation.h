/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The rotation mailbox (src/rotation.c; its state, struct ltt_rotation,
 * is the session's s->rot, session.h), for the control commands
 * (src/control-rotate.c, src/control-session.c) and the triggers.
 *
 * Who may include it: ltt.ko only.
 */
#ifndef _LTT_ROTATION_H
#define _LTT_ROTATION_H

#include <linux/types.h>

struct ltt_session;

/* Queue a request (ROTATE, or a trigger's), under ltt_lock(). */
int ltt_rotation_request_locked(struct ltt_session *s, u32 flags,
				u64 trigger_id);
/* Then, with ltt_lock() dropped: wake the consumer's poll. */
void ltt_rotation_wake(struct ltt_session *s);
/* Under ltt_lock(): the request ends with @error (a positive errno). */
void ltt_rotation_end(struct ltt_session *s, int error);
/* Under ltt_lock(): the consumer goes away: its request, if any, ends
 * with EPIPE. */
void ltt_rotation_consumer_gone(struct ltt_session *s);
/* Under ltt_lock(): a session fd closes: a snapshot request it took ends
 * with EPIPE. */
void ltt_rotation_fd_gone(struct ltt_session *s, const void *file);

#endif /* _LTT_ROTATION_H */
