// SPDX-License-Identifier: GPL-2.0-only
/*
 * Histogram commands of a session fd (abi.h, "Histograms"): the checks and
 * the copies; the histograms themselves are src/hist.c's.
 */
#include <linux/fs.h>
#include <linux/slab.h>
#include "control.h"
#include "hist.h"
#include "session.h"

long ltt_session_hist_add(struct file *file, void *arg,
			  const struct ltt_ioc *io)
{
	struct ltt_hist_args *a = arg;
	u64 uptr[2] = { a->filter, a->end_filter };
	u32 len[2] = { a->filter_len, a->end_filter_len };
	void *prog[2] = { NULL, NULL };
	unsigned int i;
	long ret;

	for (i = 0; i < 2; i++) {
		if (!len[i] && uptr[i])
			return -EINVAL;
	}
	for (i = 0; i < 2; i++) {
		if (!len[i])
			continue;
		prog[i] = ltt_filter_prog_in(uptr[i], len[i]);
		if (IS_ERR(prog[i])) {
			ret = PTR_ERR(prog[i]);
			prog[i] = NULL;
			goto err;
		}
	}
	ret = ltt_hist_add(file->private_data, a, prog, len);
	if (!ret)
		return 0;
err:
	kvfree(prog[0]);
	kvfree(prog[1]);
	return ret;
}

static bool hist_name_ok(const struct ltt_hist_name *n, bool empty_ok)
{
	if (n->reserved || strnlen(n->name, sizeof(n->name)) == sizeof(n->name))
		return false;
	return (empty_ok && !n->name[0]) ||
	       ltt_name_valid(n->name, sizeof(n->name));
}

long ltt_session_hist_remove(struct file *file, void *arg,
			     const struct ltt_ioc *io)
{
	struct ltt_hist_name *n = arg;

	if (!hist_name_ok(n, false))
		return -EINVAL;
	return ltt_hist_remove(file->private_data, n->name);
}

long ltt_session_hist_clear(struct file *file, void *arg,
			    const struct ltt_ioc *io)
{
	struct ltt_hist_name *n = arg;

	if (!hist_name_ok(n, true))
		return -EINVAL;
	return ltt_hist_clear(file->private_data, n->name);
}

long ltt_session_hist_list(struct file *file, void *arg,
			   const struct ltt_ioc *io)
{
	struct ltt_session *s = file->private_data;
	struct ltt_hist_entry *e;
	struct ltt_list *l = arg;
	unsigned int n;
	int ret;

	ret = ltt_list_prepare_max(l, sizeof(*e), LTT_MAX_HISTS, (void **)&e);
	if (ret)
		return ret;
	ltt_lock();
	n = ltt_hist_list(s, e, min_t(u32, l->capacity, LTT_MAX_HISTS));
	ltt_unlock();
	return ltt_list_finish(l, io, e, n);
}

long ltt_session_hist_keys(struct file *file, void *arg,
			   const struct ltt_ioc *io)
{
	struct ltt_session *s = file->private_data;
	struct ltt_hist_keys *k = arg;
	struct ltt_list l = {
		.entries = k->entries, .capacity = k->capacity,
		.entry_size = k->entry_size, .count = k->count,
		.reserved = k->reserved,
	};
	struct ltt_hist_key *e;
	unsigned int cap;
	int ret, n;

	if (strnlen(k->name, sizeof(k->name)) == sizeof(k->name) ||
	    !ltt_name_valid(k->name, sizeof(k->name)))
		return -EINVAL;
	ret = ltt_list_prepare_max(&l, sizeof(*e), LTT_HIST_KEYS_MAX,
				   (void **)&e);
	if (ret)
		return ret;
	cap = min_t(u32, l.capacity, LTT_HIST_KEYS_MAX);
	ltt_lock();
	n = ltt_hist_keys(s, k->name, e, cap);
	ltt_unlock();
	if (n < 0) {
		kvfree(e);
		return n;
	}
	k->count = n;
	if (min_t(u32, n, cap) &&
	    copy_to_user(u64_to_user_ptr(k->entries), e,
			 min_t(u32, n, cap) * sizeof(*e)))
		ret = -EFAULT;
	kvfree(e);
	return ret ?: ltt_ioc_out(io, k);
}
