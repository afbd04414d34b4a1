// SPDX-License-Identifier: GPL-2.0-only
/*
 * Snapshot commands of a channel fd (see include/uapi/ltt/abi.h): copy a
 * stream's packets to userspace without consuming them. The ring buffer
 * finds a packet and proves the copy whole (src/ringbuffer/rb-snapshot.c);
 * here the copy goes straight to the caller's buffer, and a torn copy is
 * reported as a packet that is gone (-ENOENT), never handed out.
 *
 * No lock: the channel fd keeps the session, so the buffers, alive; the
 * stream's reader and the writers go on beside a snapshot.
 */
#include <linux/uaccess.h>
#include <ltt/ringbuffer.h>
#include "control.h"
#include "session.h"

static struct ltt_rb_buf *snapshot_buf(struct ltt_channel *c, u32 cpu,
				       long *err)
{
	if (cpu >= c->nr_streams) {
		*err = -EINVAL;
		return NULL;
	}
	if (!c->streams[cpu].buf)
		*err = -ENODEV;
	return c->streams[cpu].buf;
}

long ltt_channel_snapshot_sample(struct file *file, void *arg,
				 const struct ltt_ioc *io)
{
	struct ltt_snapshot_sample *a = arg;
	struct ltt_rb_buf *buf;
	long err;

	if ((a->flags & ~LTT_SNAPSHOT_NO_FLUSH) || a->first_seq ||
	    a->end_seq || a->reserved[0] || a->reserved[1])
		return -EINVAL;
	buf = snapshot_buf(file->private_data, a->cpu, &err);
	if (!buf)
		return err;
	if (!(a->flags & LTT_SNAPSHOT_NO_FLUSH) && !ltt_rb_buf_finalized(buf))
		ltt_rb_buf_switch(buf, LTT_RB_SWITCH_CLOSE);
	ltt_rb_snapshot_range(buf, &a->first_seq, &a->end_seq);
	return ltt_ioc_out(io, a);
}

long ltt_channel_snapshot_read(struct file *file, void *arg,
			       const struct ltt_ioc *io)
{
	struct ltt_snapshot_read *a = arg;
	void __user *ubuf = u64_to_user_ptr(a->buf);
	struct ltt_rb_peek pk;
	struct ltt_rb_buf *buf;
	long err;

	if (a->flags || a->packet_size || a->content_size || a->reserved[0] ||
	    a->reserved[1])
		return -EINVAL;
	buf = snapshot_buf(file->private_data, a->cpu, &err);
	if (!buf)
		return err;
	err = ltt_rb_snapshot_peek(buf, a->seq, &pk);
	if (err)
		return err;
	if (a->buf_len < pk.packet_size)
		return -EMSGSIZE;
	if (copy_to_user(ubuf, pk.data, pk.packet_size))
		return -EFAULT;
	if (!ltt_rb_snapshot_check(buf, &pk))
		return -ENOENT;
	a->packet_size = pk.packet_size;
	a->content_size = pk.content_size;
	return ltt_ioc_out(io, a);
}
