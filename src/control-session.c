// SPDX-License-Identifier: GPL-2.0-only
/*
 * Session and channel fds of the control tree (see src/control.c).
 * Both hold a reference on the session; a channel lives as long as its
 * session, so the channel fd needs no reference of its own.
 */
#include <linux/anon_inodes.h>
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/sched.h>
#include "context-callstack.h"
#include "common/geometry.h"
#include "control.h"
#include "rotation.h"
#include "filter.h"
#include "tracker.h"
#include "dynprobe.h"

/* ---- session fd -------------------------------------------------------- */

static int session_release(struct inode *inode, struct file *file)
{
	struct ltt_session *s = file->private_data;

	ltt_lock();
	if (s->consumer == file) {
		s->consumer = NULL;
		ltt_rotation_consumer_gone(s);
	}
	ltt_rotation_fd_gone(s, file);
	ltt_unlock();
	ltt_session_put(s);
	return 0;
}

static bool channel_args_valid(const struct ltt_channel_args *a)
{
	enum ltt_geometry_param bad;
	char why[64];

	return !ltt_geometry_check(a->subbuf_size, a->num_subbuf, PAGE_SIZE,
				   &bad, why, sizeof(why)) &&
	       !(a->flags & ~(LTT_CHANNEL_PERSISTENT |
			      LTT_CHANNEL_DISCARD_RECOVERED)) &&
	       (a->flags & LTT_CHANNEL_PERSISTENT ||
		!(a->flags & LTT_CHANNEL_DISCARD_RECOVERED)) &&
	       !a->reserved &&
	       !(a->context & ~(BIT_ULL(LTT_CONTEXT_NR) - 1)) &&
	       (a->tracefile_size || !a->tracefile_count) &&
	       ltt_name_valid(a->name, sizeof(a->name)) &&
	       (a->mode == LTT_MODE_DISCARD || a->mode == LTT_MODE_OVERWRITE);
}

/* CHANNEL_CREATE's checks and the channel (the in-kernel API's too). */
struct ltt_channel *ltt_channel_create_checked(struct ltt_session *s,
					       const struct ltt_channel_args *a)
{
	int ret;

	if (!channel_args_valid(a))
		return ERR_PTR(-EINVAL);
	/*
	 * The persistent region is root's, as its recovered trace is
	 * (control-pmem.c): a channel there outlives the boot, and
	 * DISCARD_RECOVERED would drop what a crash left for root.
	 */
	if ((a->flags & LTT_CHANNEL_PERSISTENT) && !capable(CAP_SYS_ADMIN))
		return ERR_PTR(-EPERM);
	ret = ltt_context_allowed(a->context);
	if (ret)
		return ERR_PTR(ret);
	/* the sizes' limits, by ltt_rb_chan_create() */
	return ltt_channel_create(s, a);
}

static long session_channel_create(struct file *file, void *arg,
				   const struct ltt_ioc *io)
{
	struct ltt_channel *c;

	c = ltt_channel_create_checked(file->private_data, arg);
	if (IS_ERR(c))
		return PTR_ERR(c);
	return ltt_channel_fd(c);
}

static long session_channel_open(struct file *file, void *arg,
				 const struct ltt_ioc *io)
{
	struct ltt_channel_id *id = arg;
	struct ltt_channel *c;
	bool by_index;
	int ret;

	by_index = id->flags & LTT_CHANNEL_BY_INDEX;
	if ((id->flags & ~LTT_CHANNEL_BY_INDEX) || id->reserved ||
	    (!by_index && !ltt_name_valid(id->name, sizeof(id->name))) ||
	    id->index > INT_MAX)
		return -EINVAL;
	c = ltt_channel_find(file->private_data, by_index ? NULL : id->name,
			     id->index);
	if (!c)
		return -ENOENT;
	if (by_index) {
		/* before the fd exists: a fault leaves no fd behind */
		strscpy(id->name, c->name, sizeof(id->name));
		ret = ltt_ioc_out(io, id);
		if (ret)
			return ret;
	}
	return ltt_channel_fd(c);
}

/*
 * Streams the reader has not emptied: it holds a packet, or has not taken
 * every closed one (the open packet of a running session is not counted);
 * once finalized, until GET said -ENODATA.
 */
static u32 session_undrained(struct ltt_session *s)
{
	struct ltt_stream *st;
	struct ltt_channel *c;
	u64 next, read;
	unsigned int i;
	u32 n = 0;

	list_for_each_entry(c, &s->channels, node) {
		for (i = 0; i < c->nr_streams; i++) {
			st = &c->streams[i];
			if (!st->buf)
				continue;
			if (ltt_rb_buf_finalized(st->buf)) {
				n += !READ_ONCE(st->drained);
				continue;
			}
			ltt_rb_buf_position(st->buf, &next, &read);
			n += READ_ONCE(st->held) || read < next;
		}
	}
	return n;
}

static long session_info(struct file *file, void *arg,
			 const struct ltt_ioc *io)
{
	struct ltt_session *s = file->private_data;
	struct ltt_session_info *info = arg;

	ltt_lock();
	info->streams_undrained = session_undrained(s);
	strscpy(info->name, s->name, sizeof(info->name));
	memcpy(info->uuid, s->uuid, sizeof(info->uuid));
	info->state = s->state;
	info->nr_channels = s->nr_channels;
	info->consumer_pid = s->consumer ? s->consumer_pid : 0;
	info->consumer_error = s->consumer_error;
	info->metadata_pending = min_t(size_t, ltt_metadata_pending(s->md),
				       U32_MAX);
	info->nr_servers = s->nr_servers;
	ltt_unlock();
	return ltt_ioc_out(io, info);
}

static long session_set_output(struct file *file, void *arg,
			       const struct ltt_ioc *io)
{
	struct ltt_session *s = file->private_data;
	struct ltt_path *p = arg;
	char *path, *old;

	if (p->reserved || p->len < 2 || p->len > LTT_PATH_MAX)
		return -EINVAL;
	path = memdup_user(u64_to_user_ptr(p->path), p->len);
	if (IS_ERR(path))
		return PTR_ERR(path);
	/* exactly one NUL, at the end; absolute */
	if (strnlen(path, p->len) != p->len - 1 || path[0] != '/') {
		kfree(path);
		return -EINVAL;
	}
	ltt_lock();
	old = s->output;
	s->output = path;
	ltt_unlock();
	kfree(old);
	return 0;
}

static long session_get_output(struct file *file, void *arg,
			       const struct ltt_ioc *io)
{
	struct ltt_session *s = file->private_data;
	struct ltt_path *p = arg;
	char *path = NULL;
	u32 len = 0;
	int ret = 0;

	if (p->reserved || p->len > LTT_PATH_MAX)
		return -EINVAL;
	ltt_lock();
	if (s->output) {
		len = strlen(s->output) + 1;
		if (len <= p->len)
			path = kmemdup(s->output, len, GFP_KERNEL);
	}
	ltt_unlock();
	if (!len)
		return -ENOENT;
	if (len > p->len) {
		ret = -ENAMETOOLONG;
	} else if (!path) {
		return -ENOMEM;
	} else if (copy_to_user(u64_to_user_ptr(p->path), path, len)) {
		kfree(path);
		return -EFAULT;
	}
	kfree(path);
	p->len = len;
	return ltt_ioc_out(io, p) ?: ret;
}

/* A relay URL as the ABI wants it: NUL-terminated, no blank, printable. */
static bool relay_url_valid(const char *url, size_t size)
{
	size_t len = strnlen(url, size), i;

	if (len == size)
		return false;
	for (i = 0; i < len; i++)
		if (url[i] < '!' || url[i] > '~')
			return false;
	return true;
}

static long session_set_relay(struct file *file, void *arg,
			      const struct ltt_ioc *io)
{
	struct ltt_session *s = file->private_data;
	struct ltt_session_relay *r = arg;
	int ret = 0;

	if (r->flags || memchr_inv(r->reserved, 0, sizeof(r->reserved)) ||
	    !relay_url_valid(r->url, sizeof(r->url)) ||
	    r->live_timer_us > LTT_RELAY_LIVE_MAX_US ||
	    (r->live_timer_us && !r->url[0]))
		return -EINVAL;
	/* what follows the NUL is not kept: GET gives zeros there */
	memset(r->url + strlen(r->url), 0, sizeof(r->url) - strlen(r->url));
	ltt_lock();
	if (s->listed)
		s->relay = *r;
	else
		ret = -EBUSY;
	ltt_unlock();
	return ret;
}

static long session_get_relay(struct file *file, void *arg,
			      const struct ltt_ioc *io)
{
	struct ltt_session *s = file->private_data;
	struct ltt_session_relay *r = arg;

	ltt_lock();
	*r = s->relay;
	ltt_unlock();
	return ltt_ioc_out(io, r);
}

static long session_consumer_attach(struct file *file, void *arg,
				    const struct ltt_ioc *io)
{
	struct ltt_session *s = file->private_data;
	int ret = 0;

	ltt_lock();
	if (s->consumer && s->consumer != file) {
		ret = -EBUSY;
	} else {
		s->consumer = file;
		s->consumer_pid = task_tgid_vnr(current);
		s->consumer_error = 0;
	}
	ltt_unlock();
	return ret;
}

static long session_consumer_detach(struct file *file, void *arg,
				    const struct ltt_ioc *io)
{
	struct ltt_session *s = file->private_data;
	int ret = 0;

	ltt_lock();
	if (s->consumer != file) {
		ret = -EINVAL;
	} else {
		s->consumer = NULL;
		ltt_rotation_consumer_gone(s);
	}
	ltt_unlock();
	return ret;
}

static long session_consumer_error(struct file *file, void *arg,
				   const struct ltt_ioc *io)
{
	struct ltt_session *s = file->private_data;
	struct ltt_consumer_error *e = arg;

	if (e->reserved || e->error < 0 || e->error > MAX_ERRNO)
		return -EINVAL;
	ltt_lock();
	s->consumer_error = e->error;
	ltt_unlock();
	return 0;
}

static long session_metadata_open(struct file *file, void *arg,
				  const struct ltt_ioc *io)
{
	return ltt_metadata_fd(file->private_data);
}

static long session_start(struct file *file, void *arg,
			  const struct ltt_ioc *io)
{
	struct ltt_session *s = file->private_data;

	/* the env of the start: what it records (src/session-env.c) */
	ltt_metadata_set_start_env(s->md, ltt_session_start_env, s);
	return ltt_session_start(s);
}

static long session_stop(struct file *file, void *arg,
			 const struct ltt_ioc *io)
{
	return ltt_session_stop(file->private_data);
}

static long session_statedump(struct file *file, void *arg,
			      const struct ltt_ioc *io)
{
	return ltt_session_statedump(file->private_data);
}

static long session_destroy(struct file *file, void *arg,
			    const struct ltt_ioc *io)
{
	ltt_session_destroy(file->private_data);
	return 0;
}

/* Dynamic probes (ABI 1.3): src/dynprobe.c. */
static long session_probe_create(struct file *file, void *arg,
				 const struct ltt_ioc *io)
{
	return ltt_dynprobe_create(file->private_data, arg);
}

static long session_probe_remove(struct file *file, void *arg,
				 const struct ltt_ioc *io)
{
	struct ltt_event_args *a = arg;
	size_t len = strnlen(a->name, sizeof(a->name));

	if (a->flags || a->reserved || !len || len == sizeof(a->name))
		return -EINVAL;
	return ltt_dynprobe_remove(file->private_data, a->name);
}

static long session_tracker(struct file *file, void *arg, bool add)
{
	struct ltt_session *s = file->private_data;
	long ret;

	ltt_lock();
	ret = add ? ltt_tracker_add(s, arg) : ltt_tracker_remove(s, arg);
	ltt_unlock();
	return ret;
}

static long session_tracker_add(struct file *file, void *arg,
				const struct ltt_ioc *io)
{
	return session_tracker(file, arg, true);
}

static long session_tracker_remove(struct file *file, void *arg,
				   const struct ltt_ioc *io)
{
	return session_tracker(file, arg, false);
}

/* TRACKER_LIST (ABI 1.6): built under the lock, copied out after it. */
static long session_tracker_list(struct file *file, void *arg,
				 const struct ltt_ioc *io)
{
	const unsigned int max = LTT_TRACKER_NR * LTT_TRACKER_MAX;
	struct ltt_session *s = file->private_data;
	struct ltt_tracker_entry *e;
	struct ltt_list *l = arg;
	unsigned int n;
	u64 *ids;
	int ret;

	ids = kvmalloc_array(LTT_TRACKER_MAX, sizeof(*ids), GFP_KERNEL);
	if (!ids)
		return -ENOMEM;
	ret = ltt_list_prepare_max(l, sizeof(*e), max, (void **)&e);
	if (ret) {
		kvfree(ids);
		return ret;
	}
	ltt_lock();
	n = ltt_tracker_list(s, e, min(l->capacity, max), ids);
	ltt_unlock();
	kvfree(ids);
	return ltt_list_finish(l, io, e, n);
}

static long session_probe_list(struct file *file, void *arg,
			       const struct ltt_ioc *io)
{
	struct ltt_list *l = arg;
	void *buf;
	int ret;

	ret = ltt_list_prepare(l, sizeof(struct ltt_probe_entry), &buf);
	if (ret)
		return ret;
	return ltt_list_finish(l, io, buf,
			       ltt_dynprobe_list(file->private_data, buf,
						 l->capacity));
}

static const struct ltt_ioc_desc session_ioctls[] = {
	LTT_IOC_DESC(LTT_IOC_CHANNEL_CREATE, LTT_CHANNEL_ARGS_SIZE_VER0,
		     session_channel_create),
	LTT_IOC_DESC(LTT_IOC_CHANNEL_OPEN, LTT_CHANNEL_ID_SIZE_VER0,
		     session_channel_open),
	LTT_IOC_DESC(LTT_IOC_METADATA_OPEN, 0, session_metadata_open),
	LTT_IOC_DESC(LTT_IOC_SESSION_START, 0, session_start),
	LTT_IOC_DESC(LTT_IOC_SESSION_STOP, 0, session_stop),
	LTT_IOC_DESC(LTT_IOC_SESSION_DESTROY, 0, session_destroy),
	LTT_IOC_DESC(LTT_IOC_SESSION_INFO, LTT_SESSION_INFO_SIZE_VER0,
		     session_info),
	LTT_IOC_DESC(LTT_IOC_SET_OUTPUT, LTT_PATH_SIZE_VER0, session_set_output),
	LTT_IOC_DESC(LTT_IOC_GET_OUTPUT, LTT_PATH_SIZE_VER0, session_get_output),
	LTT_IOC_DESC(LTT_IOC_SESSION_SET_RELAY, LTT_SESSION_RELAY_SIZE_VER0,
		     session_set_relay),
	LTT_IOC_DESC(LTT_IOC_SESSION_GET_RELAY, LTT_SESSION_RELAY_SIZE_VER0,
		     session_get_relay),
	LTT_IOC_DESC(LTT_IOC_CONSUMER_ATTACH, 0, session_consumer_attach),
	LTT_IOC_DESC(LTT_IOC_CONSUMER_DETACH, 0, session_consumer_detach),
	LTT_IOC_DESC(LTT_IOC_CONSUMER_ERROR, LTT_CONSUMER_ERROR_SIZE_VER0,
		     session_consumer_error),
	LTT_IOC_DESC(LTT_IOC_SESSION_STATEDUMP, 0, session_statedump),
	LTT_IOC_DESC(LTT_IOC_PROBE_CREATE, LTT_PROBE_ARGS_SIZE_VER0,
		     session_probe_create),
	LTT_IOC_DESC(LTT_IOC_PROBE_REMOVE, LTT_EVENT_ARGS_SIZE_VER0,
		     session_probe_remove),
	LTT_IOC_DESC(LTT_IOC_PROBE_LIST, LTT_LIST_SIZE_VER0, session_probe_list),
	LTT_IOC_DESC(LTT_IOC_TRACKER_ADD, LTT_TRACKER_ARGS_SIZE_VER0,
		     session_tracker_add),
	LTT_IOC_DESC(LTT_IOC_TRACKER_REMOVE, LTT_TRACKER_ARGS_SIZE_VER0,
		     session_tracker_remove),
	LTT_IOC_DESC(LTT_IOC_TRACKER_LIST, LTT_LIST_SIZE_VER0,
		     session_tracker_list),
	LTT_IOC_DESC(LTT_IOC_SESSION_SET_CONFIG, LTT_SESSION_CONFIG_SIZE_VER0,
		     ltt_session_set_config),
	LTT_IOC_DESC(LTT_IOC_SESSION_GET_CONFIG, LTT_SESSION_CONFIG_SIZE_VER0,
		     ltt_session_get_config),
	LTT_IOC_DESC(LTT_IOC_ROTATE, LTT_ROTATE_SIZE_VER0, ltt_session_rotate),
	LTT_IOC_DESC(LTT_IOC_ROTATE_TAKE, LTT_ROTATE_SIZE_VER0,
		     ltt_session_rotate_take),
	LTT_IOC_DESC(LTT_IOC_ROTATE_DONE, LTT_ROTATE_SIZE_VER0,
		     ltt_session_rotate_done),
	LTT_IOC_DESC(LTT_IOC_ROTATE_STATUS, LTT_ROTATE_STATUS_SIZE_VER0,
		     ltt_session_rotate_status),
	LTT_IOC_DESC(LTT_IOC_TRIGGER_ADD, LTT_TRIGGER_ARGS_SIZE_VER0,
		     ltt_session_trigger_add),
	LTT_IOC_DESC(LTT_IOC_TRIGGER_REMOVE, LTT_TRIGGER_ID_SIZE_VER0,
		     ltt_session_trigger_remove),
	LTT_IOC_DESC(LTT_IOC_TRIGGER_LIST, LTT_LIST_SIZE_VER0,
		     ltt_session_trigger_list),
	LTT_IOC_DESC(LTT_IOC_TRIGGER_NOTIFY_OPEN, LTT_NOTIFY_ARGS_SIZE_VER0,
		     ltt_session_notify_open),
	LTT_IOC_DESC(LTT_IOC_HIST_ADD, LTT_HIST_ARGS_SIZE_VER0,
		     ltt_session_hist_add),
	LTT_IOC_DESC(LTT_IOC_HIST_REMOVE, LTT_HIST_NAME_SIZE_VER0,
		     ltt_session_hist_remove),
	LTT_IOC_DESC(LTT_IOC_HIST_LIST, LTT_LIST_SIZE_VER0,
		     ltt_session_hist_list),
	LTT_IOC_DESC(LTT_IOC_HIST_KEYS, LTT_HIST_KEYS_SIZE_VER0,
		     ltt_session_hist_keys),
	LTT_IOC_DESC(LTT_IOC_HIST_CLEAR, LTT_HIST_NAME_SIZE_VER0,
		     ltt_session_hist_clear),
};

static long session_ioctl(struct file *file, unsigned int cmd,
			  unsigned long arg)
{
	return ltt_ioc_dispatch(session_ioctls, ARRAY_SIZE(session_ioctls),
				file, cmd, arg);
}

static const struct file_operations ltt_session_fops = {
	.owner = THIS_MODULE,
	.release = session_release,
	.unlocked_ioctl = session_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
	.poll = ltt_session_poll,
	.llseek = noop_llseek,
};

int ltt_session_fd(struct ltt_session *s)
{
	int fd;

	ltt_session_get(s);
	fd = anon_inode_getfd("[ltt_session]", &ltt_session_fops, s,
			      O_RDWR | O_CLOEXEC);
	if (fd < 0)
		ltt_session_put(s);
	return fd;
}

/* ---- channel fd -------------------------------------------------------- */

static int channel_release(struct inode *inode, struct file *file)
{
	struct ltt_channel *c = file->private_data;

	ltt_session_put(c->session);
	return 0;
}

/* A filter program (EVENT_ENABLE, TRIGGER_ADD), copied in and checked
 * alone; kvfree() it. */
void *ltt_filter_prog_in(u64 uptr, u32 len)
{
	struct ltt_filter *none;
	void *prog;
	int ret;

	if (len > sizeof(struct ltt_filter_header) + LTT_FILTER_CODE_MAX +
		  LTT_FILTER_STRTAB_MAX + LTT_FILTER_TEXT_MAX)
		return ERR_PTR(-EINVAL);
	prog = vmemdup_user(u64_to_user_ptr(uptr), len);
	if (IS_ERR(prog))
		return prog;
	ret = ltt_filter_link(prog, len, NULL, -1, &none, NULL, 0);
	if (ret) {
		kvfree(prog);
		return ERR_PTR(ret);
	}
	return prog;
}

static long channel_event(struct ltt_channel *c,
			  const struct ltt_event_args *a, bool enable)
{
	void *prog = NULL;
	int ret;

	if (a->flags || a->reserved || a->reserved2 ||
	    !ltt_event_pattern_valid(a->name, sizeof(a->name)) ||
	    (a->filter_len && !enable) || (!a->filter_len && a->filter))
		return -EINVAL;
	if (a->filter_len) {
		prog = ltt_filter_prog_in(a->filter, a->filter_len);
		if (IS_ERR(prog))
			return PTR_ERR(prog);
	}
	ltt_lock();
	ret = ltt_channel_set_rule(c, a->name, enable, prog, a->filter_len);
	ltt_unlock();
	kvfree(prog);
	return ret;
}

static long channel_event_enable(struct file *file, void *arg,
				 const struct ltt_ioc *io)
{
	return channel_event(file->private_data, arg, true);
}

static long channel_event_disable(struct file *file, void *arg,
				  const struct ltt_ioc *io)
{
	return channel_event(file->private_data, arg, false);
}

static long channel_info(struct file *file, void *arg,
			 const struct ltt_ioc *io)
{
	struct ltt_channel *c = file->private_data;
	struct ltt_channel_info *info = arg;

	strscpy(info->name, c->name, sizeof(info->name));
	info->subbuf_size = c->attr.subbuf_size;
	info->num_subbuf = c->attr.num_subbuf;
	info->mode = c->attr.mode == LTT_RB_OVERWRITE ? LTT_MODE_OVERWRITE :
							LTT_MODE_DISCARD;
	info->switch_timer_us = c->attr.switch_timer_us;
	info->read_timer_us = c->attr.read_timer_us;
	info->stream_id = c->id;
	info->nr_streams = c->nr_streams;
	info->flags = c->attr.mem ? LTT_CHANNEL_PERSISTENT : 0;
	info->context = c->fast.ctx;
	info->tracefile_size = c->tracefile_size;
	info->tracefile_count = c->tracefile_count;
	ltt_lock();
	info->nr_events = ltt_channel_nr_enabled(c);
	ltt_unlock();
	return ltt_ioc_out(io, info);
}

static long channel_stream_stats(struct file *file, void *arg,
				 const struct ltt_ioc *io)
{
	struct ltt_channel *c = file->private_data;
	struct ltt_stream_stats *st = arg;

	if (st->flags || st->reserved[0] || st->reserved2 ||
	    st->cpu >= c->nr_streams)
		return -EINVAL;
	ltt_stream_stats(&c->streams[st->cpu], st);
	return ltt_ioc_out(io, st);
}

static long channel_event_counts(struct file *file, void *arg,
				 const struct ltt_ioc *io)
{
	struct ltt_channel *c = file->private_data;
	struct ltt_event_count *e;
	struct ltt_list *l = arg;
	unsigned int n;
	int ret;

	ret = ltt_list_prepare(l, sizeof(*e), (void **)&e);
	if (ret)
		return ret;
	ltt_lock();
	n = ltt_channel_event_counts(c, e, l->capacity);
	ltt_unlock();
	return ltt_list_finish(l, io, e, n);
}

/* RULE_LIST (ABI 1.6): built under the lock, copied out after it. */
static long channel_rule_list(struct file *file, void *arg,
			      const struct ltt_ioc *io)
{
	struct ltt_channel *c = file->private_data;
	struct ltt_rule_entry *e;
	struct ltt_list *l = arg;
	unsigned int n;
	int ret;

	ret = ltt_list_prepare_max(l, sizeof(*e), LTT_MAX_RULES, (void **)&e);
	if (ret)
		return ret;
	ltt_lock();
	n = ltt_channel_rules(c, e, min_t(u32, l->capacity, LTT_MAX_RULES));
	ltt_unlock();
	return ltt_list_finish(l, io, e, n);
}

static long channel_stream_open(struct file *file, void *arg,
				const struct ltt_ioc *io)
{
	struct ltt_channel *c = file->private_data;
	struct ltt_stream_args *a = arg;

	if (a->flags || a->reserved || a->cpu >= c->nr_streams)
		return -EINVAL;
	if (!c->streams[a->cpu].buf)
		return -ENODEV;
	return ltt_stream_fd(&c->streams[a->cpu]);
}

static const struct ltt_ioc_desc channel_ioctls[] = {
	LTT_IOC_DESC(LTT_IOC_STREAM_OPEN, LTT_STREAM_ARGS_SIZE_VER0,
		     channel_stream_open),
	LTT_IOC_DESC(LTT_IOC_EVENT_ENABLE, LTT_EVENT_ARGS_SIZE_VER0,
		     channel_event_enable),
	LTT_IOC_DESC(LTT_IOC_EVENT_DISABLE, LTT_EVENT_ARGS_SIZE_VER0,
		     channel_event_disable),
	LTT_IOC_DESC(LTT_IOC_CHANNEL_INFO, LTT_CHANNEL_INFO_SIZE_VER0,
		     channel_info),
	LTT_IOC_DESC(LTT_IOC_STREAM_STATS, LTT_STREAM_STATS_SIZE_VER0,
		     channel_stream_stats),
	LTT_IOC_DESC(LTT_IOC_EVENT_COUNTS, LTT_LIST_SIZE_VER0,
		     channel_event_counts),
	LTT_IOC_DESC(LTT_IOC_SNAPSHOT_SAMPLE, LTT_SNAPSHOT_SAMPLE_SIZE_VER0,
		     ltt_channel_snapshot_sample),
	LTT_IOC_DESC(LTT_IOC_SNAPSHOT_READ, LTT_SNAPSHOT_READ_SIZE_VER0,
		     ltt_channel_snapshot_read),
	LTT_IOC_DESC(LTT_IOC_RULE_LIST, LTT_LIST_SIZE_VER0, channel_rule_list),
};

static long channel_ioctl(struct file *file, unsigned int cmd,
			  unsigned long arg)
{
	return ltt_ioc_dispatch(channel_ioctls, ARRAY_SIZE(channel_ioctls),
				file, cmd, arg);
}

static const struct file_operations ltt_channel_fops = {
	.owner = THIS_MODULE,
	.release = channel_release,
	.unlocked_ioctl = channel_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
	.llseek = noop_llseek,
};

int ltt_channel_fd(struct ltt_channel *c)
{
	int fd;

	ltt_session_get(c->session);
	fd = anon_inode_getfd("[ltt_channel]", &ltt_channel_fops, c,
			      O_RDWR | O_CLOEXEC);
	if (fd < 0)
		ltt_session_put(c->session);
	return fd;
}
