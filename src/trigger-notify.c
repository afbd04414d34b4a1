// SPDX-License-Identifier: GPL-2.0-only
/*
 * Notifications of a session's NOTIFY triggers (abi.h, "Triggers"): a ring
 * of LTT_NOTIFY_RING records written from the fire path (any context, NMI
 * included) and read through notification fds, each with its own cursor.
 *
 * The ring never refuses a writer: the newest record replaces the oldest,
 * and a reader that falls behind is told how many it missed. Writers take
 * their number with one atomic increment; the slot's state word counts
 * the writers inside it and, when the last one leaves, names the record
 * it holds. Two writers share a slot only when LTT_NOTIFY_RING fires race
 * each other; the slot is then marked torn and both records count as
 * missed, so a reader never sees a record mixed from two. A reader copies
 * a record and keeps it only if the state word named it, with no writer
 * inside, before and after the copy (a seqcount, lock-free both ways).
 */
#include <linux/anon_inodes.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>
#include "filter.h"
#include "session.h"
#include "trigger.h"

/* A slot's state word: writers inside, torn, the record's number (low
 * bits: 2^48 records are decades of notifications). */
#define SLOT_SEQ_MASK		GENMASK_ULL(47, 0)
#define SLOT_TORN		BIT_ULL(48)
#define SLOT_WRITER		BIT_ULL(49)
#define SLOT_WRITERS(st)	((st) >> 49)

struct notify_slot {
	atomic64_t state;		/* SLOT_*; 0: never written */
	u8 data[LTT_NOTIFICATION_MAX];
};

struct ltt_notify_ring {
	atomic64_t head;		/* the last number taken */
	wait_queue_head_t wq;
	bool closed;			/* the session is destroyed */
	struct notify_slot slots[LTT_NOTIFY_RING];
};

struct notify_reader {
	struct ltt_session *session;	/* a reference */
	struct ltt_notify_ring *ring;
	u64 next;			/* the number it reads next */
	u64 missed;			/* lost since the last record read */
	bool serve;			/* counted in session->nr_servers */
	struct mutex lock;		/* one read at a time */
	u8 buf[LTT_NOTIFICATION_MAX];
};

/* Under ltt_lock(): the session's ring, made the first time. */
int ltt_notify_ring_get(struct ltt_session *s)
{
	struct ltt_notify_ring *ring;

	if (s->notify)
		return 0;
	ring = vzalloc(sizeof(*ring));
	if (!ring)
		return -ENOMEM;
	init_waitqueue_head(&ring->wq);
	atomic64_set(&ring->head, 0);
	/* published before any trigger that writes it is armed */
	WRITE_ONCE(s->notify, ring);
	return 0;
}

void ltt_notify_ring_free(struct ltt_session *s)
{
	vfree(s->notify);
}

/* Under ltt_lock(), at DESTROY: readers end once they read everything. */
void ltt_notify_ring_close(struct ltt_session *s)
{
	if (!s->notify)
		return;
	WRITE_ONCE(s->notify->closed, true);
	wake_up_interruptible(&s->notify->wq);
}

void ltt_notify_wake(struct ltt_session *s)
{
	struct ltt_notify_ring *ring = READ_ONCE(s->notify);

	if (ring)
		wake_up_interruptible(&ring->wq);
}

/* ---- writing: any context -------------------------------------------- */

/* Enter the slot: one more writer; a second one makes it torn. */
static void slot_enter(struct notify_slot *slot)
{
	s64 old = atomic64_read(&slot->state), new;

	do {
		new = SLOT_WRITERS(old) ? (old | SLOT_TORN) + SLOT_WRITER :
					  SLOT_WRITER;
	} while (!atomic64_try_cmpxchg(&slot->state, &old, new));
}

/* Leave it: the last writer out names the record, or leaves it torn. */
static void slot_leave(struct notify_slot *slot, u64 seq)
{
	s64 old = atomic64_read(&slot->state), new;

	do {
		new = old - SLOT_WRITER;
		if (!SLOT_WRITERS(new))
			new = (new & SLOT_TORN) | (seq & SLOT_SEQ_MASK);
	} while (!atomic64_try_cmpxchg_release(&slot->state, &old, new));
}

/*
 * One field as abi.h lays it out, if it fits in [*pos, end): kind, name
 * length, name, value. Returns false when it does not fit.
 */
static bool put_field(u8 *rec, u32 *pos, u32 end, u8 kind, const char *name,
		      const void *val, u32 len)
{
	u32 nlen = min_t(size_t, strlen(name), 255);
	u32 need = 2 + nlen + (kind == LTT_NFIELD_STR ? 2 : 0) + len;
	u16 slen = len;

	if (*pos + need > end)
		return false;
	rec[(*pos)++] = kind;
	rec[(*pos)++] = nlen;
	memcpy(rec + *pos, name, nlen);
	*pos += nlen;
	if (kind == LTT_NFIELD_STR) {
		memcpy(rec + *pos, &slen, sizeof(slen));
		*pos += sizeof(slen);
	}
	memcpy(rec + *pos, val, len);
	*pos += len;
	return true;
}

/* A string value, at most LTT_NFIELD_STR_MAX bytes, read fault-safe. */
static u32 field_string(const struct ltt_fvalue *v, char *dst)
{
	u32 max = min_t(u32, v->len, LTT_NFIELD_STR_MAX);
	long n;

	if (!v->str)
		return 0;
	if (v->type == LTT_FV_KSTR) {
		/* memory the tracepoint vouches for */
		const char *nul = memchr(v->str, '\0', max);

		n = nul ? nul - v->str : max;
		memcpy(dst, v->str, n);
		return n;
	}
	n = ltt_fstr(dst, v->str, max, v->type == LTT_FV_USTR);
	return n < 0 ? 0 : n;
}

static void put_payload(struct ltt_trigger_notification *n, u8 *rec,
			const struct ltt_event_desc *desc,
			const struct ltt_fvalue *vals)
{
	char str[LTT_NFIELD_STR_MAX] ltt_uninit;
	u32 pos = sizeof(*n), i, len;
	const struct ltt_field_desc *f;
	bool ok;

	for (i = 0; desc && vals && i < desc->nr_fields; i++) {
		f = &desc->fields[i];
		switch (f->kind) {
		case LTT_FIELD_INTEGER:
		case LTT_FIELD_ENUM:
			ok = put_field(rec, &pos, LTT_NOTIFICATION_MAX,
				       LTT_NFIELD_INT, f->name, &vals[i].i,
				       sizeof(vals[i].i));
			break;
		case LTT_FIELD_STRING:
			len = field_string(&vals[i], str);
			ok = put_field(rec, &pos, LTT_NOTIFICATION_MAX,
				       LTT_NFIELD_STR, f->name, str, len);
			break;
		default:
			continue;	/* arrays, sequences: left out */
		}
		if (!ok) {
			n->flags |= LTT_NOTIFICATION_F_TRUNCATED;
			break;
		}
		n->nr_fields++;
	}
	n->payload_len = pos - sizeof(*n);
}

/* A notification of trigger t for this hit (desc NULL: a buffer usage). */
bool ltt_notify_post(struct ltt_session *s, const struct ltt_trigger *t,
		     const struct ltt_event_desc *desc,
		     const struct ltt_fvalue *vals)
{
	struct ltt_notify_ring *ring = READ_ONCE(s->notify);
	struct ltt_trigger_notification *n;
	struct notify_slot *slot;
	u64 seq;

	if (!ring)
		return false;
	seq = atomic64_inc_return(&ring->head);
	slot = &ring->slots[seq % LTT_NOTIFY_RING];
	slot_enter(slot);	/* a full barrier: before the record changes */
	n = (struct ltt_trigger_notification *)slot->data;
	memset(n, 0, sizeof(*n));
	n->seq = seq;
	n->trigger_id = t->id;
	n->timestamp = ltt_clock_read();
	n->cpu = raw_smp_processor_id();
	if (desc && in_task()) {	/* not the monitor's kworker */
		n->pid = task_tgid_nr(current);
		n->tid = task_pid_nr(current);
	}
	if (desc)
		strscpy(n->event, desc->name, sizeof(n->event));
	put_payload(n, slot->data, desc, vals);
	slot_leave(slot, seq);	/* release: the record before its number */
	return true;
}

/* ---- reading: the notification fd ------------------------------------- */

/*
 * Record r->next is written (or lost: torn, overwritten), or the session
 * is gone. A slot naming an older record, or with a writer inside, is
 * being written for r->next: wait, unless the ring has lapped the reader.
 */
static bool notify_ready(struct notify_reader *r)
{
	struct ltt_notify_ring *ring = r->ring;
	u64 head = atomic64_read(&ring->head), st, seq;

	if (head < r->next)
		return READ_ONCE(ring->closed);
	if (head >= r->next + LTT_NOTIFY_RING)
		return true;
	st = atomic64_read(&ring->slots[r->next % LTT_NOTIFY_RING].state);
	seq = st & SLOT_SEQ_MASK;
	return !SLOT_WRITERS(st) && seq >= (r->next & SLOT_SEQ_MASK);
}

/*
 * Copy record r->next into r->buf. 0: copied (its length in *len);
 * -EAGAIN: overwritten meanwhile, counted missed, try the next.
 */
static int notify_copy(struct notify_reader *r, size_t *len)
{
	struct ltt_notify_ring *ring = r->ring;
	struct ltt_trigger_notification *n;
	struct notify_slot *slot;
	u64 head = atomic64_read(&ring->head), st;

	if (head >= r->next + LTT_NOTIFY_RING) {	/* lapped */
		r->missed += head - LTT_NOTIFY_RING + 1 - r->next;
		r->next = head - LTT_NOTIFY_RING + 1;
	}
	slot = &ring->slots[r->next % LTT_NOTIFY_RING];
	st = atomic64_read_acquire(&slot->state);	/* before the record */
	if (st != (r->next & SLOT_SEQ_MASK))
		goto lost;	/* torn, overwritten, or being overwritten */
	memcpy(r->buf, slot->data, LTT_NOTIFICATION_MAX);
	smp_rmb();		/* the record before the state again */
	if (atomic64_read(&slot->state) != st)
		goto lost;
	n = (struct ltt_trigger_notification *)r->buf;
	n->missed = r->missed;
	*len = sizeof(*n) + n->payload_len;
	r->missed = 0;
	r->next++;
	return 0;
lost:
	r->missed++;
	r->next++;
	return -EAGAIN;
}

static ssize_t notify_read(struct file *file, char __user *ubuf, size_t count,
			   loff_t *ppos)
{
	struct notify_reader *r = file->private_data;
	size_t len;
	int ret;

	if (count < LTT_NOTIFICATION_MAX)
		return -EINVAL;
	if (mutex_lock_interruptible(&r->lock))
		return -ERESTARTSYS;
	for (;;) {
		if (!notify_ready(r)) {
			ret = -EAGAIN;
			if (file->f_flags & O_NONBLOCK)
				break;
			mutex_unlock(&r->lock);
			ret = wait_event_interruptible(r->ring->wq,
						       notify_ready(r));
			if (ret)
				return ret;
			if (mutex_lock_interruptible(&r->lock))
				return -ERESTARTSYS;
			continue;
		}
		if (atomic64_read(&r->ring->head) < r->next) {
			ret = 0;	/* closed, all read */
			break;
		}
		ret = notify_copy(r, &len);
		if (ret == -EAGAIN)
			continue;
		ret = copy_to_user(ubuf, r->buf, len) ? -EFAULT : len;
		break;
	}
	mutex_unlock(&r->lock);
	return ret;
}

static __poll_t notify_poll(struct file *file, struct poll_table_struct *wait)
{
	struct notify_reader *r = file->private_data;

	poll_wait(file, &r->ring->wq, wait);
	if (!notify_ready(r))
		return 0;
	if (atomic64_read(&r->ring->head) < r->next)
		return EPOLLHUP;
	return EPOLLIN | EPOLLRDNORM;
}

static void notify_reader_free(struct notify_reader *r)
{
	if (r->serve) {
		ltt_lock();
		r->session->nr_servers--;
		ltt_unlock();
	}
	ltt_session_put(r->session);
	kfree(r);
}

static int notify_release(struct inode *inode, struct file *file)
{
	notify_reader_free(file->private_data);
	return 0;
}

static const struct file_operations ltt_notify_fops = {
	.owner = THIS_MODULE,
	.read = notify_read,
	.poll = notify_poll,
	.release = notify_release,
	.llseek = noop_llseek,
};

/* TRIGGER_NOTIFY_OPEN: returns the fd. */
int ltt_notify_fd(struct ltt_session *s, u32 flags)
{
	struct notify_reader *r;
	int fd, ret;

	if (flags & ~LTT_NOTIFY_SERVE)
		return -EINVAL;
	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		return -ENOMEM;
	mutex_init(&r->lock);
	ltt_lock();
	ret = s->listed ? ltt_notify_ring_get(s) : -EBUSY;
	if (!ret) {
		r->ring = s->notify;
		r->next = atomic64_read(&r->ring->head) + 1;
		r->serve = flags & LTT_NOTIFY_SERVE;
		if (r->serve)
			s->nr_servers++;
		ltt_session_get(s);
		r->session = s;
	}
	ltt_unlock();
	if (ret) {
		kfree(r);
		return ret;
	}
	fd = anon_inode_getfd("[ltt_notify]", &ltt_notify_fops, r,
			      O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		notify_reader_free(r);
	return fd;
}
