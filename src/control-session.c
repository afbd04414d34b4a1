// SPDX-License-Identifier: GPL-2.0-only
/*
 * Session and channel fds of the control tree (see src/control.c).
 * Both hold a reference on the session; a channel lives as long as its
 * session, so the channel fd needs no reference of its own.
 */
#include <linux/anon_inodes.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/sched.h>
#include "control.h"

/* ---- session fd -------------------------------------------------------- */

static int session_release(struct inode *inode, struct file *file)
{
	struct ltt_session *s = file->private_data;

	ltt_lock();
	if (s->consumer == file)
		s->consumer = NULL;
	ltt_unlock();
	ltt_session_put(s);
	return 0;
}

static bool channel_args_valid(const struct ltt_channel_args *a)
{
	return !a->flags && ltt_zeroed(a->reserved, sizeof(a->reserved)) &&
	       ltt_name_valid(a->name, sizeof(a->name)) &&
	       (a->mode == LTT_MODE_DISCARD || a->mode == LTT_MODE_OVERWRITE);
}

static long session_channel_create(struct ltt_session *s, void __user *uarg)
{
	struct ltt_channel_args a;
	struct ltt_channel *c;
	int ret;

	ret = ltt_copy_in(&a, uarg);
	if (ret)
		return ret;
	if (!channel_args_valid(&a))
		return -EINVAL;
	/* sizes are checked by ltt_rb_chan_create() */
	c = ltt_channel_create(s, &a);
	if (IS_ERR(c))
		return PTR_ERR(c);
	return ltt_channel_fd(c);
}

static long session_channel_open(struct ltt_session *s, void __user *uarg)
{
	struct ltt_channel_id id;
	struct ltt_channel *c;
	bool by_index;
	int ret;

	ret = ltt_copy_in(&id, uarg);
	if (ret)
		return ret;
	by_index = id.flags & LTT_CHANNEL_BY_INDEX;
	if ((id.flags & ~LTT_CHANNEL_BY_INDEX) || id.reserved ||
	    (!by_index && !ltt_name_valid(id.name, sizeof(id.name))) ||
	    id.index > INT_MAX)
		return -EINVAL;
	c = ltt_channel_find(s, by_index ? NULL : id.name, id.index);
	if (!c)
		return -ENOENT;
	if (by_index) {
		strscpy(id.name, c->name, sizeof(id.name));
		ret = ltt_copy_out(uarg, &id);
		if (ret)
			return ret;
	}
	return ltt_channel_fd(c);
}

static u32 session_undrained(struct ltt_session *s)
{
	struct ltt_channel *c;
	unsigned int i;
	u32 n = 0;

	list_for_each_entry(c, &s->channels, node)
		for (i = 0; i < c->nr_streams; i++)
			if (c->streams[i].buf && !READ_ONCE(c->streams[i].drained))
				n++;
	return n;
}

static long session_info(struct ltt_session *s, void __user *uarg)
{
	struct ltt_session_info info = {};

	ltt_lock();
	info.streams_undrained = session_undrained(s);
	strscpy(info.name, s->name, sizeof(info.name));
	memcpy(info.uuid, s->uuid, sizeof(info.uuid));
	info.state = s->state;
	info.nr_channels = s->nr_channels;
	info.consumer_pid = s->consumer ? s->consumer_pid : 0;
	info.consumer_error = s->consumer_error;
	ltt_unlock();
	return ltt_copy_out(uarg, &info);
}

static long session_set_output(struct ltt_session *s, void __user *uarg)
{
	struct ltt_path p;
	char *path, *old;
	int ret;

	ret = ltt_copy_in(&p, uarg);
	if (ret)
		return ret;
	if (p.reserved || p.len < 2 || p.len > LTT_PATH_MAX)
		return -EINVAL;
	path = memdup_user(u64_to_user_ptr(p.path), p.len);
	if (IS_ERR(path))
		return PTR_ERR(path);
	/* exactly one NUL, at the end; absolute */
	if (strnlen(path, p.len) != p.len - 1 || path[0] != '/') {
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

static long session_get_output(struct ltt_session *s, void __user *uarg)
{
	struct ltt_path p;
	char *path = NULL;
	u32 len = 0;
	int ret;

	ret = ltt_copy_in(&p, uarg);
	if (ret)
		return ret;
	if (p.reserved || p.len > LTT_PATH_MAX)
		return -EINVAL;
	ltt_lock();
	if (s->output) {
		len = strlen(s->output) + 1;
		if (len <= p.len)
			path = kmemdup(s->output, len, GFP_KERNEL);
	}
	ltt_unlock();
	if (!len)
		return -ENOENT;
	if (len > p.len) {
		ret = -ENAMETOOLONG;
	} else if (!path) {
		return -ENOMEM;
	} else if (copy_to_user(u64_to_user_ptr(p.path), path, len)) {
		kfree(path);
		return -EFAULT;
	}
	kfree(path);
	p.len = len;
	return ltt_copy_out(uarg, &p) ?: ret;
}

static long session_consumer(struct ltt_session *s, struct file *file,
			     unsigned int cmd, void __user *uarg)
{
	struct ltt_consumer_error e;
	int ret = 0;

	if (cmd == LTT_IOC_CONSUMER_ERROR) {
		ret = ltt_copy_in(&e, uarg);
		if (ret)
			return ret;
		if (e.reserved || e.error < 0 || e.error > MAX_ERRNO)
			return -EINVAL;
	}
	ltt_lock();
	switch (cmd) {
	case LTT_IOC_CONSUMER_ATTACH:
		if (s->consumer && s->consumer != file) {
			ret = -EBUSY;
			break;
		}
		s->consumer = file;
		s->consumer_pid = task_tgid_vnr(current);
		s->consumer_error = 0;
		break;
	case LTT_IOC_CONSUMER_DETACH:
		if (s->consumer != file)
			ret = -EINVAL;
		else
			s->consumer = NULL;
		break;
	default:
		s->consumer_error = e.error;
		break;
	}
	ltt_unlock();
	return ret;
}

static long session_ioctl(struct file *file, unsigned int cmd,
			  unsigned long arg)
{
	struct ltt_session *s = file->private_data;
	void __user *uarg = (void __user *)arg;

	switch (cmd) {
	case LTT_IOC_CHANNEL_CREATE:
		return session_channel_create(s, uarg);
	case LTT_IOC_CHANNEL_OPEN:
		return session_channel_open(s, uarg);
	case LTT_IOC_METADATA_OPEN:
		return ltt_metadata_fd(s);
	case LTT_IOC_SESSION_START:
		return ltt_session_start(s);
	case LTT_IOC_SESSION_STOP:
		return ltt_session_stop(s);
	case LTT_IOC_SESSION_DESTROY:
		ltt_session_destroy(s);
		return 0;
	case LTT_IOC_SESSION_INFO:
		return session_info(s, uarg);
	case LTT_IOC_SET_OUTPUT:
		return session_set_output(s, uarg);
	case LTT_IOC_GET_OUTPUT:
		return session_get_output(s, uarg);
	case LTT_IOC_CONSUMER_ATTACH:
	case LTT_IOC_CONSUMER_DETACH:
	case LTT_IOC_CONSUMER_ERROR:
		return session_consumer(s, file, cmd, uarg);
	default:
		return -ENOTTY;
	}
}

static const struct file_operations ltt_session_fops = {
	.owner = THIS_MODULE,
	.release = session_release,
	.unlocked_ioctl = session_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
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

static long channel_event(struct ltt_channel *c, unsigned int cmd,
			  void __user *uarg)
{
	struct ltt_event_args a;
	size_t len;
	int ret;

	ret = ltt_copy_in(&a, uarg);
	if (ret)
		return ret;
	len = strnlen(a.name, sizeof(a.name));
	if (a.flags || a.reserved || !len || len == sizeof(a.name) ||
	    strpbrk(a.name, " \t\n"))
		return -EINVAL;
	ltt_lock();
	ret = ltt_channel_set_rule(c, a.name, cmd == LTT_IOC_EVENT_ENABLE);
	ltt_unlock();
	return ret;
}

static long channel_info(struct ltt_channel *c, void __user *uarg)
{
	struct ltt_channel_info info = {};

	strscpy(info.name, c->name, sizeof(info.name));
	info.subbuf_size = c->attr.subbuf_size;
	info.num_subbuf = c->attr.num_subbuf;
	info.mode = c->attr.mode == LTT_RB_OVERWRITE ? LTT_MODE_OVERWRITE :
						       LTT_MODE_DISCARD;
	info.switch_timer_us = c->attr.switch_timer_us;
	info.read_timer_us = c->attr.read_timer_us;
	info.stream_id = c->id;
	info.nr_streams = c->nr_streams;
	ltt_lock();
	info.nr_events = ltt_channel_nr_enabled(c);
	ltt_unlock();
	return ltt_copy_out(uarg, &info);
}

static long channel_stream_stats(struct ltt_channel *c, void __user *uarg)
{
	struct ltt_stream_stats st;
	int ret;

	ret = ltt_copy_in(&st, uarg);
	if (ret)
		return ret;
	if (st.reserved || st.cpu >= c->nr_streams)
		return -EINVAL;
	ltt_stream_stats(&c->streams[st.cpu], &st);
	return ltt_copy_out(uarg, &st);
}

static long channel_stream_open(struct ltt_channel *c, void __user *uarg)
{
	struct ltt_stream_args a;
	int ret;

	ret = ltt_copy_in(&a, uarg);
	if (ret)
		return ret;
	if (a.flags || a.reserved || a.cpu >= c->nr_streams)
		return -EINVAL;
	if (!c->streams[a.cpu].buf)
		return -ENODEV;
	return ltt_stream_fd(&c->streams[a.cpu]);
}

static long channel_ioctl(struct file *file, unsigned int cmd,
			  unsigned long arg)
{
	struct ltt_channel *c = file->private_data;
	void __user *uarg = (void __user *)arg;

	switch (cmd) {
	case LTT_IOC_STREAM_OPEN:
		return channel_stream_open(c, uarg);
	case LTT_IOC_EVENT_ENABLE:
	case LTT_IOC_EVENT_DISABLE:
		return channel_event(c, cmd, uarg);
	case LTT_IOC_CHANNEL_INFO:
		return channel_info(c, uarg);
	case LTT_IOC_STREAM_STATS:
		return channel_stream_stats(c, uarg);
	default:
		return -ENOTTY;
	}
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
