// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stream and metadata fds of the control tree (see src/control.c).
 *
 * A stream fd is the single reader of one per-CPU buffer of a channel: the
 * ring buffer allows one reader at a time, so a second STREAM_OPEN of the
 * same buffer gets -EBUSY until the first fd is closed. A sub-buffer still
 * held when the fd is closed (a consumer killed between GET and PUT) stays
 * held: the next reader's GET returns it again, so nothing the consumer
 * had not yet written is lost. A consumer that resumes a trace skips the
 * packets it finds on disk already, by their packet_seq_num.
 *
 * A metadata fd reads the session's TSDL text from its own file position;
 * several may be open (the daemon, a snapshot).
 */
#include <linux/anon_inodes.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/uaccess.h>
#include "compat/vma.h"
#include "control.h"

/* ---- stream fd --------------------------------------------------------- */

static int stream_release(struct inode *inode, struct file *file)
{
	struct ltt_stream *st = file->private_data;
	struct ltt_session *s = st->chan->session;

	mutex_lock(&st->lock);
	st->busy = false;
	mutex_unlock(&st->lock);
	ltt_session_put(s);
	return 0;
}

static long stream_get(struct file *file, void *arg,
		       const struct ltt_ioc *io)
{
	struct ltt_stream *st = file->private_data;
	struct ltt_subbuf *sb = arg;
	int ret = 0;

	mutex_lock(&st->lock);
	if (!st->held) {
		ret = ltt_rb_get_next_subbuf(st->buf, &st->sb);
		if (ret == -ENODATA)
			WRITE_ONCE(st->drained, true);
		if (ret)
			goto out;
		st->held = true;
	}
	sb->offset = st->sb.offset;
	sb->content_size = st->sb.content_size;
	sb->packet_size = st->sb.packet_size;
	sb->seq = st->sb.seq;
out:
	mutex_unlock(&st->lock);
	/* on -EFAULT the sub-buffer stays held: GET returns it again */
	return ret ?: ltt_ioc_out(io, sb);
}

/* PUT, or DROP (ABI 1.7): the consumer could not write it. */
static long stream_release_subbuf(struct file *file, bool dropped)
{
	struct ltt_stream *st = file->private_data;
	int ret = -EINVAL;

	mutex_lock(&st->lock);
	if (st->held) {
		ret = ltt_rb_put_next_subbuf(st->buf);
		if (!ret) {
			st->held = false;
			st->subbufs_consumed++;
			st->bytes_consumed += st->sb.packet_size;
			if (dropped) {
				st->dropped_packets++;
				st->dropped_bytes += st->sb.packet_size;
			}
		}
	}
	mutex_unlock(&st->lock);
	return ret;
}

static long stream_put(struct file *file, void *arg,
		       const struct ltt_ioc *io)
{
	return stream_release_subbuf(file, false);
}

static long stream_drop(struct file *file, void *arg,
			const struct ltt_ioc *io)
{
	return stream_release_subbuf(file, true);
}

/* STREAM_POSITION (ABI 1.7): where a consumer splits the stream. */
static long stream_position(struct file *file, void *arg,
			    const struct ltt_ioc *io)
{
	struct ltt_stream *st = file->private_data;
	struct ltt_stream_position *pos = arg;

	ltt_rb_buf_position(st->buf, &pos->next_seq, &pos->read_seq);
	return ltt_ioc_out(io, pos);
}

static long stream_info(struct file *file, void *arg,
			const struct ltt_ioc *io)
{
	struct ltt_stream *st = file->private_data;
	const struct ltt_rb_attr *attr = &st->chan->attr;
	struct ltt_stream_info *info = arg;

	info->mmap_len = ltt_rb_buf_mmap_len(st->buf);
	info->subbuf_size = attr->subbuf_size;
	info->num_subbuf = attr->num_subbuf;
	info->cpu = st->cpu;
	info->stream_id = st->chan->id;
	info->mode = attr->mode == LTT_RB_OVERWRITE ? LTT_MODE_OVERWRITE :
						      LTT_MODE_DISCARD;
	return ltt_ioc_out(io, info);
}

static long stream_flush(struct file *file, void *arg,
			 const struct ltt_ioc *io)
{
	struct ltt_stream *st = file->private_data;

	if (!ltt_rb_buf_finalized(st->buf))
		ltt_rb_buf_switch(st->buf, LTT_RB_SWITCH_CLOSE);
	return 0;
}

static const struct ltt_ioc_desc stream_ioctls[] = {
	LTT_IOC_DESC(LTT_IOC_GET_NEXT_SUBBUF, LTT_SUBBUF_SIZE_VER0, stream_get),
	LTT_IOC_DESC(LTT_IOC_PUT_NEXT_SUBBUF, 0, stream_put),
	LTT_IOC_DESC(LTT_IOC_STREAM_INFO, LTT_STREAM_INFO_SIZE_VER0,
		     stream_info),
	LTT_IOC_DESC(LTT_IOC_STREAM_FLUSH, 0, stream_flush),
	LTT_IOC_DESC(LTT_IOC_STREAM_POSITION, LTT_STREAM_POSITION_SIZE_VER0,
		     stream_position),
	LTT_IOC_DESC(LTT_IOC_DROP_NEXT_SUBBUF, 0, stream_drop),
};

static long stream_ioctl(struct file *file, unsigned int cmd,
			 unsigned long arg)
{
	return ltt_ioc_dispatch(stream_ioctls, ARRAY_SIZE(stream_ioctls),
				file, cmd, arg);
}

/*
 * POLLIN: a sub-buffer is complete, or the stream is finalized (GET then
 * tells whether anything is left); POLLHUP: finalized and drained.
 */
static __poll_t stream_poll(struct file *file, poll_table *wait)
{
	struct ltt_stream *st = file->private_data;

	poll_wait(file, ltt_rb_buf_read_wq(st->buf), wait);
	if (READ_ONCE(st->drained))
		return EPOLLHUP;
	if (ltt_rb_buf_readable(st->buf) || ltt_rb_buf_finalized(st->buf))
		return EPOLLIN | EPOLLRDNORM;
	return 0;
}

static int stream_mmap(struct file *file, struct vm_area_struct *vma)
{
	struct ltt_stream *st = file->private_data;

	if (vma->vm_flags & VM_WRITE)
		return -EPERM;
	compat_vma_clear_maywrite(vma);
	return ltt_rb_buf_mmap(st->buf, vma);
}

static const struct file_operations ltt_stream_fops = {
	.owner = THIS_MODULE,
	.release = stream_release,
	.unlocked_ioctl = stream_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
	.poll = stream_poll,
	.mmap = stream_mmap,
	.llseek = noop_llseek,
};

int ltt_stream_fd(struct ltt_stream *st)
{
	struct ltt_session *s = st->chan->session;
	int fd;

	mutex_lock(&st->lock);
	if (st->busy) {
		mutex_unlock(&st->lock);
		return -EBUSY;
	}
	st->busy = true;
	mutex_unlock(&st->lock);

	ltt_session_get(s);
	fd = anon_inode_getfd("[ltt_stream]", &ltt_stream_fops, st,
			      O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ltt_session_put(s);
		mutex_lock(&st->lock);
		st->busy = false;
		mutex_unlock(&st->lock);
	}
	return fd;
}

/* ---- metadata fd ------------------------------------------------------- */

static int metadata_release(struct inode *inode, struct file *file)
{
	ltt_session_put(file->private_data);
	return 0;
}

static ssize_t metadata_read(struct file *file, char __user *buf, size_t len,
			     loff_t *ppos)
{
	struct ltt_session *s = file->private_data;

	return ltt_metadata_read(s->md, buf, len, ppos);
}

/* POLLIN: text beyond our position; POLLHUP: none and none to come. */
static __poll_t metadata_poll(struct file *file, poll_table *wait)
{
	struct ltt_session *s = file->private_data;

	poll_wait(file, ltt_metadata_wq(s->md), wait);
	if (file->f_pos < ltt_metadata_len(s->md))
		return EPOLLIN | EPOLLRDNORM;
	if (ltt_metadata_closed(s->md))
		return EPOLLHUP;
	return 0;
}

static const struct file_operations ltt_metadata_fops = {
	.owner = THIS_MODULE,
	.release = metadata_release,
	.read = metadata_read,
	.poll = metadata_poll,
	.llseek = noop_llseek,
};

int ltt_metadata_fd(struct ltt_session *s)
{
	int fd;

	ltt_session_get(s);
	fd = anon_inode_getfd("[ltt_metadata]", &ltt_metadata_fops, s,
			      O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		ltt_session_put(s);
	return fd;
}
