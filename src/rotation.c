// SPDX-License-Identifier: GPL-2.0-only
/*
 * A session's rotation mailbox (abi.h, "Rotation"): a rotation, a clear
 * or a trigger's snapshot is a request that a tool (ROTATE,
 * src/control-rotate.c) or a trigger (src/trigger.c) queues here and the
 * session's consumer takes, carries out (it owns the files) and reports
 * done; the kernel only keeps the requests in order and tells everyone
 * how the last one went.
 *
 * One request at a time: a new one while one is pending is -EBUSY, as
 * LTTng refuses a rotation while one is in progress. Everything below is
 * under ltt_lock(), but for the feature's init and free and the wake-up.
 */
#include <linux/slab.h>
#include <linux/wait.h>
#include "hist.h"
#include "rotation.h"
#include "session.h"
#include "session-feature.h"

static int rotation_init(struct ltt_session *s)
{
	init_waitqueue_head(&s->rot.wq);
	return 0;
}

static void rotation_free(struct ltt_session *s)
{
	kfree(s->rot.archive);
	kfree(s->rot.chunk_dir);
}

const struct ltt_session_feature ltt_feature_rotation = {
	.name = "rotation",
	.init = rotation_init,
	.free = rotation_free,
};

/* Under ltt_lock(). A snapshot's end lets the frozen channels record. */
void ltt_rotation_end(struct ltt_session *s, int error)
{
	struct ltt_rotation *r = &s->rot;

	r->done = r->requested;
	r->done_error = error;
	r->done_flags = r->requested_flags;
	r->waiting = false;
	r->pending = false;
	r->taker = NULL;
	if (r->done_flags & LTT_ROTATE_SNAPSHOT)
		ltt_session_thaw_locked(s);
}

/* Under ltt_lock(): the consumer detached or closed its fd. */
void ltt_rotation_consumer_gone(struct ltt_session *s)
{
	if (s->rot.pending && !s->rot.taker)
		ltt_rotation_end(s, EPIPE);
}

/* Under ltt_lock(): a session fd closes. */
void ltt_rotation_fd_gone(struct ltt_session *s, const void *file)
{
	if (s->rot.pending && s->rot.taker == file)
		ltt_rotation_end(s, EPIPE);
}

/*
 * Queue a request, under ltt_lock(). A snapshot (a trigger's) may be
 * served by a notification fd's owner when no consumer is attached.
 */
int ltt_rotation_request_locked(struct ltt_session *s, u32 flags,
				u64 trigger_id)
{
	if (!s->listed)
		return -EBUSY;
	if (s->state == LTT_SESSION_NEW)
		return -EINVAL;		/* nothing recorded yet */
	if (!s->consumer &&
	    !((flags & LTT_ROTATE_SNAPSHOT) && s->nr_servers))
		return -ENOTCONN;
	if (s->rot.pending)
		return -EBUSY;
	/* the chunk that ends holds the histograms as they are now */
	if (!(flags & LTT_ROTATE_SNAPSHOT) && s->state == LTT_SESSION_ACTIVE)
		ltt_hists_record(s);
	s->rot.requested++;
	s->rot.requested_flags = flags;
	s->rot.trigger_id = trigger_id;
	s->rot.waiting = true;
	s->rot.pending = true;
	return 0;
}

/* After a request was queued, not under ltt_lock(): the consumer polls. */
void ltt_rotation_wake(struct ltt_session *s)
{
	wake_up_interruptible(&s->rot.wq);
}
