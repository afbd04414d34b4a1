// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt metadata: one append-only CTF 1.8 TSDL text per session, read by
 * lttd through the session's metadata stream fd (read() and poll()).
 *
 * The text is written by whole blocks (header, stream, event), each under
 * md->lock, so a reader never sees half a block; a block that does not fit
 * is rolled back and the append fails. The buffer grows by doubling up to
 * LTT_METADATA_MAX; growing copies into a new kvmalloc() area, which keeps
 * to APIs that did not change between kernels.
 *
 * Concurrency: appends and reads are serialized by md->lock (a reader
 * copies to userspace under it, appends wait for that copy). Readers sleep
 * on md->wq, woken after each block and by ltt_metadata_close().
 */
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/utsname.h>
#include <linux/uuid.h>
#include <linux/wait.h>
#include <ltt/version.h>
#include "context.h"
#include "metadata.h"
#include "metadata-tsdl.h"

#define LTT_METADATA_MIN	(16 << 10)
#define LTT_METADATA_MAX	(16 << 20)	/* a few thousand events */

struct ltt_text {
	char *buf;
	size_t len;
	size_t cap;
	int err;		/* first error of the current block */
};

struct ltt_metadata {
	struct mutex lock;
	struct ltt_text text;		/* text.len moves inside a block */
	size_t published;		/* end of the last complete block */
	size_t read_max;		/* furthest any reader has read */
	bool closed;
	wait_queue_head_t wq;
	ltt_metadata_copy_fn copy;	/* ltt_metadata_set_copy() */
	void *copy_arg;
	/* the env block: see ltt_metadata_set_start_env() */
	ltt_start_env_fn start_env;
	void *start_env_arg;
	bool env_written;
};

static int text_grow(struct ltt_text *t, size_t need)
{
	size_t cap = max_t(size_t, t->cap, LTT_METADATA_MIN);
	char *buf;

	while (cap < need)
		cap *= 2;
	if (cap > LTT_METADATA_MAX)
		return -EFBIG;
	buf = kvmalloc(cap, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	if (t->buf)
		memcpy(buf, t->buf, t->len);
	kvfree(t->buf);
	t->buf = buf;
	t->cap = cap;
	return 0;
}

void ltt_text_printf(struct ltt_text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (t->err)
		return;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (t->len + n + 1 > t->cap) {
		t->err = text_grow(t, t->len + n + 1);
		if (t->err)
			return;
	}
	va_start(ap, fmt);
	vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
	va_end(ap);
	t->len += n;
}

/* Block writing: start under md->lock, end publishes or rolls back. */
static size_t block_begin(struct ltt_metadata *md)
{
	mutex_lock(&md->lock);
	md->text.err = 0;
	return md->text.len;
}

static int block_end(struct ltt_metadata *md, size_t start, const char *what)
{
	int err = md->text.err;

	if (!err && md->closed)
		err = -EPIPE;
	if (err)
		md->text.len = start;
	else
		smp_store_release(&md->published, md->text.len);
	if (!err && md->copy)
		md->copy(md->copy_arg, md->text.buf, md->published);
	mutex_unlock(&md->lock);
	if (err)
		pr_warn("ltt: metadata: cannot append %s (%d)\n", what, err);
	else
		wake_up_all(&md->wq);
	return err;
}

/*
 * The boot id, as LTTng gives it to its kernel clock: traces of one boot
 * then have the same clock uuid, which lets readers merge them (their
 * times are on the same clock). The kernel exports no call for it; its
 * sysctl file is read as userspace reads it. Returns false if that fails
 * (no /proc in the caller's mount namespace): the clock gets no uuid.
 */
bool ltt_boot_id(u8 id[16])
{
	char buf[UUID_STRING_LEN + 1];
	struct file *f;
	loff_t pos = 0;
	ssize_t n;

	f = filp_open("/proc/sys/kernel/random/boot_id", O_RDONLY, 0);
	if (IS_ERR(f))
		return false;
	n = kernel_read(f, buf, UUID_STRING_LEN, &pos);
	filp_close(f, NULL);
	if (n != UUID_STRING_LEN)
		return false;
	buf[UUID_STRING_LEN] = '\0';
	return !uuid_parse(buf, (uuid_t *)id);
}

/**
 * ltt_metadata_create - a session's metadata, with the trace header
 * @uuid: the trace uuid, also written in every packet header
 *
 * The header holds the trace block, the clock (the trace clock is
 * CLOCK_MONOTONIC in ns; its offset to the epoch is measured now, so
 * readers print wall-clock times; its uuid is the boot id) and the packet
 * and event header layouts; the environment comes with the start
 * (ltt_metadata_set_start_env()). Process context. Returns the metadata
 * or an ERR_PTR.
 */
struct ltt_metadata *ltt_metadata_create(const u8 uuid[16])
{
	struct ltt_tsdl_env env = { .uuid = uuid };
	struct ltt_metadata *md;
	u8 boot_id[16];
	u64 mono0, mono1;
	s64 real;
	size_t start;
	int ret;

	md = kzalloc(sizeof(*md), GFP_KERNEL);
	if (!md)
		return ERR_PTR(-ENOMEM);
	mutex_init(&md->lock);
	init_waitqueue_head(&md->wq);
	if (ltt_boot_id(boot_id))
		env.clock_uuid = boot_id;

	/* real time at the middle of two trace clock reads */
	mono0 = ltt_clock_read();
	real = ktime_get_real_ns();
	mono1 = ltt_clock_read();
	env.clock_offset_ns = real - (s64)(mono0 + (mono1 - mono0) / 2);

	start = block_begin(md);
	ltt_tsdl_header(&md->text, &env);
	ret = block_end(md, start, "trace header");
	if (ret) {
		ltt_metadata_destroy(md);
		return ERR_PTR(ret);
	}
	return md;
}

/**
 * ltt_metadata_set_copy - keep a copy of the text elsewhere
 * @md: the metadata
 * @fn: gets the published text (all of it) now and after every block; NULL
 * @arg: for @fn
 */
void ltt_metadata_set_copy(struct ltt_metadata *md, ltt_metadata_copy_fn fn,
			   void *arg)
{
	mutex_lock(&md->lock);
	md->copy = fn;
	md->copy_arg = arg;
	if (fn)
		fn(arg, md->text.buf, md->published);
	mutex_unlock(&md->lock);
}

/**
 * ltt_metadata_destroy - free the metadata; no reader may use it anymore
 * @md: from ltt_metadata_create(), or NULL
 */
void ltt_metadata_destroy(struct ltt_metadata *md)
{
	if (!md)
		return;
	kvfree(md->text.buf);
	kfree(md);
}

/**
 * ltt_metadata_set_start_env - what the environment says of the session
 * @md: the session's metadata
 * @fn: fills a struct ltt_start_env
 * @arg: its argument (the session, which outlives its metadata)
 *
 * The env block tells a reader what the session recorded (its filters
 * and trackers, src/session-env.c: a partial trace), which is known at
 * its start. A trace has one env block (CTF 1.8 has no way to change it,
 * and babeltrace 1.x forgets the fields of an earlier one): it is written
 * with the first stream block, at the start, in the same block of text
 * (all or nothing) and under the same lock as the rules and trackers it
 * describes (ltt_lock(), held across the start). What changes after the
 * start is not in it.
 */
void ltt_metadata_set_start_env(struct ltt_metadata *md, ltt_start_env_fn fn,
				void *arg)
{
	mutex_lock(&md->lock);
	md->start_env = fn;
	md->start_env_arg = arg;
	mutex_unlock(&md->lock);
}

/*
 * What the session's env says of it, until a stream block carried the env
 * (env_written, set with that block under md->lock). Asked outside
 * md->lock: the session reads its rules and trackers under ltt_lock(),
 * which its start holds. 1: the env is to be written.
 */
static int start_env_get(struct ltt_metadata *md, struct ltt_start_env *env)
{
	ltt_start_env_fn fn;
	void *arg;
	bool written;
	int ret;

	mutex_lock(&md->lock);
	written = md->env_written;
	fn = md->start_env;
	arg = md->start_env_arg;
	mutex_unlock(&md->lock);
	if (written)
		return 0;
	ret = fn ? fn(arg, env) : 0;
	return ret ?: 1;
}

/* The env block: the system as it is now, the tracer, the session's. */
static void env_block(struct ltt_metadata *md, const struct ltt_start_env *s)
{
	struct new_utsname *uts = utsname();
	struct ltt_tsdl_env env = {
		.hostname = uts->nodename,
		.sysname = uts->sysname,
		.release = uts->release,
		.version = uts->version,
		.tracer_version = LTT_VERSION,
		.compat_version = LTT_LTTNG_COMPAT_VERSION,
		.filters = s->filters,
		.trackers = s->trackers,
	};

	ltt_tsdl_env(&md->text, &env);
}

/**
 * ltt_metadata_append_stream - describe channel @stream_id and its events
 * @md: the session's metadata
 * @stream_id: the channel's stream id (written in its packet headers)
 * @large: its event header kind (abi.h): large, else compact
 * @context: its context fields, 1 << LTT_CONTEXT_* (written before each
 *	event's payload, in that order)
 * @bindings: the channel's bindings (struct ltt_event_binding, linked by
 *	chan_node), each described in the same block, after the stream
 *
 * Append before the first packet of the stream can reach the reader.
 * The first stream block also carries the env block (see
 * ltt_metadata_set_start_env()): call at the session's start, under
 * ltt_lock(). All or nothing: on error no text was added.
 * Returns 0, -ENOMEM, -EFBIG (metadata full) or -EPIPE (closed).
 */
int ltt_metadata_append_stream(struct ltt_metadata *md, u32 stream_id,
			       bool large, u64 context,
			       const struct list_head *bindings)
{
	const struct ltt_context_desc *ctx[LTT_CONTEXT_NR];
	struct ltt_start_env env = { };
	const struct ltt_event_binding *b;
	unsigned int id, n = 0;
	int ret, with_env;
	size_t start;

	with_env = start_env_get(md, &env);
	if (with_env < 0)
		return with_env;
	for (id = 0; id < LTT_CONTEXT_NR; id++)
		if (context & BIT_ULL(id))
			ctx[n++] = ltt_context_desc(id);
	start = block_begin(md);
	if (with_env)
		env_block(md, &env);
	ltt_tsdl_stream(&md->text, stream_id, large, ctx, n);
	list_for_each_entry(b, bindings, chan_node)
		ltt_tsdl_event(&md->text, b->desc, b->id, stream_id);
	if (with_env && !md->text.err && !md->closed)
		md->env_written = true;	/* block_end() publishes it */
	ret = block_end(md, start, "stream");
	kvfree(env.filters);
	kvfree(env.trackers);
	return ret;
}

/**
 * ltt_metadata_append_event - describe event @desc as @id in @stream_id
 * @md: the session's metadata
 * @desc: a registered event
 * @id: the binding's CTF event id in that stream
 * @stream_id: the channel's stream id, already described
 *
 * Append before the binding is enabled, so that the description precedes
 * every record that uses the id, and after the stream's block. Also while
 * tracing (a module loaded mid-trace). Returns as
 * ltt_metadata_append_stream().
 */
int ltt_metadata_append_event(struct ltt_metadata *md,
			      const struct ltt_event_desc *desc,
			      u32 id, u32 stream_id)
{
	size_t start = block_begin(md);

	ltt_tsdl_event(&md->text, desc, id, stream_id);
	return block_end(md, start, desc->name);
}

/**
 * ltt_metadata_read - copy metadata text from *@pos on to @buf
 * @md: the session's metadata
 * @buf: user buffer
 * @len: its size
 * @pos: read position, advanced
 *
 * Returns the number of bytes copied and advances *@pos; 0 when *@pos is
 * at the current end (more may come: poll ltt_metadata_wq()), -EFAULT or
 * -EINVAL. May sleep.
 */
ssize_t ltt_metadata_read(struct ltt_metadata *md, char __user *buf,
			  size_t len, loff_t *pos)
{
	ssize_t ret = 0;
	size_t n;

	if (*pos < 0)
		return -EINVAL;
	mutex_lock(&md->lock);
	if (*pos < md->published) {
		n = min_t(size_t, len, md->published - *pos);
		if (copy_to_user(buf, md->text.buf + *pos, n)) {
			ret = -EFAULT;
		} else {
			*pos += n;
			ret = n;
			md->read_max = max_t(size_t, md->read_max, *pos);
		}
	}
	mutex_unlock(&md->lock);
	return ret;
}

/**
 * ltt_metadata_copy - the text published so far, in one kernel copy
 * @md: the session's metadata
 * @len: its length
 *
 * For an in-kernel reader (ltt_ctl_snapshot()); not counted as read.
 * Return: a kvmalloc()ed copy (kvfree() it), or NULL.
 */
char *ltt_metadata_copy(struct ltt_metadata *md, size_t *len)
{
	char *text;

	mutex_lock(&md->lock);
	*len = md->published;
	text = kvmalloc(max_t(size_t, *len, 1), GFP_KERNEL);
	if (text)
		memcpy(text, md->text.buf, *len);
	mutex_unlock(&md->lock);
	return text;
}

/**
 * ltt_metadata_pending - bytes of text no reader has read yet
 * @md: the session's metadata
 *
 * What the furthest reader (the consumer, normally) has still to take:
 * with the session stopped, 0 means its metadata is complete on disk
 * once that reader wrote what it read.
 */
size_t ltt_metadata_pending(struct ltt_metadata *md)
{
	size_t n;

	mutex_lock(&md->lock);
	n = md->published - min(md->read_max, md->published);
	mutex_unlock(&md->lock);
	return n;
}

wait_queue_head_t *ltt_metadata_wq(struct ltt_metadata *md)
{
	return &md->wq;
}

/**
 * ltt_metadata_len - bytes of text appended so far (readable up to there)
 * @md: the session's metadata
 *
 * Lock-free: usable from poll().
 */
u64 ltt_metadata_len(struct ltt_metadata *md)
{
	return smp_load_acquire(&md->published);
}

/**
 * ltt_metadata_close - no more text will come (session destroyed)
 * @md: the session's metadata
 *
 * Later appends fail with -EPIPE; readers waiting on ltt_metadata_wq()
 * are woken and, once they reach ltt_metadata_len(), see the end.
 */
void ltt_metadata_close(struct ltt_metadata *md)
{
	mutex_lock(&md->lock);
	md->closed = true;
	mutex_unlock(&md->lock);
	wake_up_all(&md->wq);
}

bool ltt_metadata_closed(struct ltt_metadata *md)
{
	return READ_ONCE(md->closed);
}
