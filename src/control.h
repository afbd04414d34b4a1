/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Internal API of the control device (src/control*.c): each function makes
 * one kind of fd of the tree sketched in src/control.c. On success the new
 * fd holds a reference on the session; on error none is taken.
 */
#ifndef _LTT_CONTROL_H
#define _LTT_CONTROL_H

#include "session.h"

int ltt_session_fd(struct ltt_session *s);
int ltt_channel_fd(struct ltt_channel *c);
int ltt_stream_fd(struct ltt_stream *st);
int ltt_metadata_fd(struct ltt_session *s);

/* Copy a struct from userspace; -EFAULT. */
#define ltt_copy_in(dst, uarg) \
	(copy_from_user((dst), (uarg), sizeof(*(dst))) ? -EFAULT : 0)
#define ltt_copy_out(uarg, src) \
	(copy_to_user((uarg), (src), sizeof(*(src))) ? -EFAULT : 0)

/* true when every byte of a reserved area is zero */
static inline bool ltt_zeroed(const void *p, size_t len)
{
	return !memchr_inv(p, 0, len);
}

int ltt_control_init(void);
void ltt_control_exit(void);
int ltt_user_mark_init(void);
void ltt_user_mark_exit(void);

#endif /* _LTT_CONTROL_H */
