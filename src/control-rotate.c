// SPDX-License-Identifier: GPL-2.0-only
/*
 * A session's configuration and its rotation mailbox's commands (ABI 1.7;
 * abi.h, "Session configuration" and "Rotation").
 *
 * There is no session daemon: lttctl and lttd meet in the kernel. The
 * configuration (rotation schedule, chunks kept, the tools' flags) is
 * stored for them, checked, and not acted upon. The rotation mailbox
 * itself, which triggers post into too, is src/rotation.c's; the commands
 * here check their arguments, copy paths in and out and call it.
 */
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include "control.h"
#include "rotation.h"

long ltt_session_set_config(struct file *file, void *arg,
			    const struct ltt_ioc *io)
{
	struct ltt_session *s = file->private_data;
	struct ltt_session_config *c = arg;
	int ret = 0;

	if ((c->flags & ~LTT_SESSION_F_ALL) ||
	    memchr_inv(c->reserved, 0, sizeof(c->reserved)))
		return -EINVAL;
	ltt_lock();
	if (s->listed)
		s->config = *c;
	else
		ret = -EBUSY;
	ltt_unlock();
	return ret;
}

long ltt_session_get_config(struct file *file, void *arg,
			    const struct ltt_ioc *io)
{
	struct ltt_session *s = file->private_data;
	struct ltt_session_config *c = arg;

	ltt_lock();
	*c = s->config;
	ltt_unlock();
	return ltt_ioc_out(io, c);
}

/* ROTATE: from any fd of the session; the consumer's own schedules too. */
long ltt_session_rotate(struct file *file, void *arg, const struct ltt_ioc *io)
{
	struct ltt_session *s = file->private_data;
	struct ltt_rotate *r = arg;
	int ret = 0;

	if (r->id || (r->flags & ~LTT_ROTATE_CLEAR) || r->error ||
	    r->chunk_id || r->path || r->chunk_dir || r->path_len ||
	    r->chunk_dir_len || r->trigger_id || r->reserved)
		return -EINVAL;
	ltt_lock();
	ret = ltt_rotation_request_locked(s, r->flags, 0);
	if (!ret)
		r->id = s->rot.requested;
	ltt_unlock();
	if (ret)
		return ret;
	ltt_rotation_wake(s);
	return ltt_ioc_out(io, r);
}

/* A snapshot request and no consumer: any session fd may serve it. */
static bool rotation_servable(const struct ltt_session *s)
{
	return !s->consumer && (s->rot.requested_flags & LTT_ROTATE_SNAPSHOT);
}

long ltt_session_rotate_take(struct file *file, void *arg,
			     const struct ltt_ioc *io)
{
	struct ltt_session *s = file->private_data;
	struct ltt_rotate *r = arg;
	int ret = 0;

	if (memchr_inv(r, 0, sizeof(*r)))
		return -EINVAL;
	ltt_lock();
	if (s->consumer != file && !rotation_servable(s)) {
		ret = -EPERM;
	} else if (!s->rot.waiting) {
		ret = -ENOENT;
	} else {
		s->rot.waiting = false;
		if (s->consumer != file)
			s->rot.taker = file;
		r->id = s->rot.requested;
		r->flags = s->rot.requested_flags;
		r->trigger_id = s->rot.trigger_id;
	}
	ltt_unlock();
	return ret ?: ltt_ioc_out(io, r);
}

/* A path of the consumer's: len bytes, one NUL at the end; NULL if "". */
static char *rotate_path_in(u64 uptr, u32 len)
{
	char *p;

	if (len < 1 || len > LTT_PATH_MAX)
		return ERR_PTR(-EINVAL);
	if (len == 1) {
		char c;

		if (get_user(c, (const char __user *)u64_to_user_ptr(uptr)))
			return ERR_PTR(-EFAULT);
		return c ? ERR_PTR(-EINVAL) : NULL;
	}
	p = memdup_user(u64_to_user_ptr(uptr), len);
	if (IS_ERR(p))
		return p;
	if (strnlen(p, len) != len - 1) {
		kfree(p);
		return ERR_PTR(-EINVAL);
	}
	return p;
}

long ltt_session_rotate_done(struct file *file, void *arg,
			     const struct ltt_ioc *io)
{
	struct ltt_session *s = file->private_data;
	struct ltt_rotate *r = arg;
	char *archive, *dir;
	int ret = 0;

	if (r->flags || r->error < 0 || r->error > MAX_ERRNO || r->reserved)
		return -EINVAL;
	archive = rotate_path_in(r->path, r->path_len);
	if (IS_ERR(archive))
		return PTR_ERR(archive);
	dir = rotate_path_in(r->chunk_dir, r->chunk_dir_len);
	if (IS_ERR(dir)) {
		kfree(archive);
		return PTR_ERR(dir);
	}
	ltt_lock();
	if (s->consumer != file && s->rot.taker != file) {
		ret = -EPERM;
	} else if (!s->rot.pending || s->rot.waiting ||
		   r->id != s->rot.requested ||
		   (s->rot.taker && s->rot.taker != file)) {
		ret = -EINVAL;		/* not the request it took */
	} else {
		bool snap = s->rot.requested_flags & LTT_ROTATE_SNAPSHOT;

		ltt_rotation_end(s, r->error);
		swap(s->rot.archive, archive);
		if (!snap) {		/* a snapshot leaves the chunk as it is */
			s->rot.chunk_id = r->chunk_id;
			swap(s->rot.chunk_dir, dir);
		}
	}
	ltt_unlock();
	kfree(archive);
	kfree(dir);
	return ret;
}

/* Copy a kernel string (NULL: "") to a user buffer of *len bytes; *len
 * becomes its length with the NUL. Not under ltt_lock(): it may fault. */
static int rotate_path_out(const char *p, u64 uptr, u32 *len)
{
	u32 need = (p ? strlen(p) : 0) + 1;
	int ret = 0;

	if (*len) {
		if (*len < need)
			ret = -ENAMETOOLONG;
		else if (copy_to_user(u64_to_user_ptr(uptr), p ?: "", need))
			ret = -EFAULT;
	}
	*len = need;
	return ret;
}

long ltt_session_rotate_status(struct file *file, void *arg,
			       const struct ltt_ioc *io)
{
	struct ltt_session *s = file->private_data;
	struct ltt_rotate_status *st = arg;
	char *archive = NULL, *dir = NULL;
	int ret = 0, ret2;

	if (st->requested_id || st->requested_flags || st->pending ||
	    st->done_id || st->done_error || st->done_flags || st->chunk_id ||
	    st->path_len > LTT_PATH_MAX || st->chunk_dir_len > LTT_PATH_MAX ||
	    memchr_inv(st->reserved, 0, sizeof(st->reserved)))
		return -EINVAL;
	ltt_lock();
	st->requested_id = s->rot.requested;
	st->requested_flags = s->rot.requested_flags;
	st->pending = s->rot.pending;
	st->done_id = s->rot.done;
	st->done_error = s->rot.done_error;
	st->done_flags = s->rot.done_flags;
	st->chunk_id = s->rot.chunk_id;
	if (s->rot.archive)
		archive = kstrdup(s->rot.archive, GFP_KERNEL);
	if (s->rot.chunk_dir)
		dir = kstrdup(s->rot.chunk_dir, GFP_KERNEL);
	if ((s->rot.archive && !archive) || (s->rot.chunk_dir && !dir))
		ret = -ENOMEM;
	ltt_unlock();
	if (!ret) {
		ret = rotate_path_out(archive, st->path, &st->path_len);
		ret2 = rotate_path_out(dir, st->chunk_dir, &st->chunk_dir_len);
		ret = ret ?: ret2;
	}
	kfree(archive);
	kfree(dir);
	if (ret && ret != -ENAMETOOLONG)
		return ret;
	return ltt_ioc_out(io, st) ?: ret;
}

/* POLLIN: a request waits for the consumer to take it. */
__poll_t ltt_session_poll(struct file *file, struct poll_table_struct *wait)
{
	struct ltt_session *s = file->private_data;

	poll_wait(file, &s->rot.wq, wait);
	return READ_ONCE(s->rot.waiting) ? EPOLLIN | EPOLLRDNORM : 0;
}
