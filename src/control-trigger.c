// SPDX-License-Identifier: GPL-2.0-only
/*
 * Trigger commands of a session fd (abi.h, "Triggers"): the checks and the
 * copies; the triggers themselves are src/trigger.c's.
 */
#include <linux/fs.h>
#include <linux/slab.h>
#include "control.h"
#include "trigger.h"

long ltt_session_trigger_add(struct file *file, void *arg,
			     const struct ltt_ioc *io)
{
	struct ltt_session *s = file->private_data;
	struct ltt_trigger_args *a = arg;
	void *prog = NULL;
	long ret;

	if ((!a->filter_len && a->filter) ||
	    (a->filter_len && a->condition != LTT_TRIGGER_COND_EVENT))
		return -EINVAL;
	if (a->filter_len) {
		prog = ltt_filter_prog_in(a->filter, a->filter_len);
		if (IS_ERR(prog))
			return PTR_ERR(prog);
	}
	ltt_lock();
	ret = ltt_trigger_add(s, a, prog, a->filter_len);
	ltt_unlock();
	if (ret < 0) {
		kvfree(prog);
		return ret;
	}
	a->id = ret;
	return ltt_ioc_out(io, a);
}

long ltt_session_trigger_remove(struct file *file, void *arg,
				const struct ltt_ioc *io)
{
	struct ltt_trigger_id *t = arg;

	if (t->reserved || !t->id)
		return -EINVAL;
	return ltt_trigger_remove(file->private_data, t->id);
}

long ltt_session_trigger_list(struct file *file, void *arg,
			      const struct ltt_ioc *io)
{
	struct ltt_session *s = file->private_data;
	struct ltt_trigger_entry *e;
	struct ltt_list *l = arg;
	unsigned int n;
	int ret;

	u32 size = l->entry_size, i;

	/* the entry of ABI 1.8..1.13: the same, cut before above */
	if (size == LTT_TRIGGER_ENTRY_SIZE_VER0)
		l->entry_size = sizeof(*e);
	ret = ltt_list_prepare_max(l, sizeof(*e), LTT_MAX_TRIGGERS,
				   (void **)&e);
	l->entry_size = size;
	if (ret)
		return ret;
	ltt_lock();
	n = ltt_trigger_list(s, e, min_t(u32, l->capacity, LTT_MAX_TRIGGERS));
	ltt_unlock();
	if (size != sizeof(*e))
		for (i = 1; i < min_t(u32, n, l->capacity); i++)
			memmove((char *)e + i * size, &e[i], size);
	return ltt_list_finish(l, io, e, n);
}

long ltt_session_notify_open(struct file *file, void *arg,
			     const struct ltt_ioc *io)
{
	struct ltt_notify_args *a = arg;

	if (a->reserved)
		return -EINVAL;
	return ltt_notify_fd(file->private_data, a->flags);
}
