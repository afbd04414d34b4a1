// SPDX-License-Identifier: GPL-2.0-only
/*
 * The control device /dev/ltt: the root of a tree of file descriptors, one
 * object per fd, each kind with its own file_operations:
 *
 *   /dev/ltt (control.c, control-pmem.c)
 *     |  VERSION, SESSION_LIST, EVENT_LIST, EVENT_FIELDS,
 *     |  PMEM_STATUS, PMEM_READ, PMEM_DISCARD
 *     +-- SESSION_CREATE, SESSION_OPEN --> session fd (control-session.c)
 *           |  SESSION_START, SESSION_STOP, SESSION_DESTROY, SESSION_INFO,
 *           |  SET_OUTPUT, GET_OUTPUT, SESSION_SET_RELAY, SESSION_GET_RELAY,
 *           |  SESSION_SET_CONFIG, SESSION_GET_CONFIG, SESSION_STATEDUMP,
 *           |  CONSUMER_ATTACH, CONSUMER_DETACH, CONSUMER_ERROR,
 *           |  PROBE_CREATE, PROBE_REMOVE, PROBE_LIST,
 *           |  TRACKER_ADD, TRACKER_REMOVE, TRACKER_LIST,
 *           |  ROTATE, ROTATE_TAKE, ROTATE_DONE, ROTATE_STATUS
 *           |  (control-rotate.c); poll: a rotation request waits
 *           |  TRIGGER_ADD, TRIGGER_REMOVE, TRIGGER_LIST (control-trigger.c)
 *           |  HIST_ADD, HIST_REMOVE, HIST_LIST, HIST_KEYS, HIST_CLEAR
 *           |  (control-hist.c)
 *           +-- TRIGGER_NOTIFY_OPEN --> notification fd (trigger-notify.c)
 *           |                           read, poll
 *           +-- METADATA_OPEN --> metadata stream fd (control-stream.c)
 *           |                     read, poll
 *           +-- CHANNEL_CREATE, CHANNEL_OPEN --> channel fd (control-session.c)
 *                 |  EVENT_ENABLE, EVENT_DISABLE, RULE_LIST, CHANNEL_INFO,
 *                 |  STREAM_STATS, EVENT_COUNTS,
 *                 |  SNAPSHOT_SAMPLE, SNAPSHOT_READ (control-snapshot.c)
 *                 +-- STREAM_OPEN(cpu) --> stream fd (control-stream.c)
 *                                          mmap, poll, GET_NEXT_SUBBUF,
 *                                          PUT_NEXT_SUBBUF, DROP_NEXT_SUBBUF,
 *                                          STREAM_INFO, STREAM_FLUSH,
 *                                          STREAM_POSITION
 *
 * /dev/ltt-mark (user-mark.c) stands apart: any process writes text there.
 *
 * The commands and their errors are documented in include/uapi/ltt/abi.h,
 * in the order of this tree; tests/build/abi.t checks that every command
 * is here, in its fd's dispatch table and in its fd's number range.
 * Sessions outlive the fds: lttctl may exit between commands.
 *
 * Access: the node is 0600 root:root; with tracing_group=GID, 0660
 * root:GID. The device gives that mode and group itself (its devnode
 * callback, which devtmpfs applies and the uevent carries as DEVMODE and
 * DEVGID for udev's rule, tools/udev/60-ltt.rules), so it holds without
 * udev too: an initramfs, a busybox guest. open() lets in CAP_SYS_ADMIN
 * or the members of that group, both judged in the initial user
 * namespace: a user namespace maps its creator's own ids to any number it
 * likes, so the number GID read there names nobody in particular. Every
 * later check is on the fd, but for what stays root's: probes
 * (dynprobe.c), kernel callstacks (context-callstack.c), the persistent
 * region (control-pmem.c, control-session.c).
 */
#include <linux/module.h>
#include <linux/cdev.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <compat/device.h>
#include "control.h"
#include "pmem.h"
#include "trigger.h"
#include "registry.h"

/*
 * The ABI structs are sized explicitly (no implicit padding; the same
 * layout for 32-bit callers, whose compat_ioctl is compat_ptr_ioctl).
 */
static_assert(sizeof(struct ltt_version) == 32);
static_assert(sizeof(struct ltt_pmem_status) == LTT_PMEM_STATUS_SIZE_VER0);
static_assert(sizeof(struct ltt_pmem_read) == LTT_PMEM_READ_SIZE_VER0);
static_assert(sizeof(struct ltt_session_args) == 64);
static_assert(sizeof(struct ltt_list) == 24);
static_assert(sizeof(struct ltt_session_entry) == 48);
static_assert(sizeof(struct ltt_event_entry) == 144);
static_assert(sizeof(struct ltt_field_entry) == 152);
static_assert(sizeof(struct ltt_event_fields) == 152);
static_assert(sizeof(struct ltt_channel_args) == 96);
static_assert(sizeof(struct ltt_channel_id) == 48);
static_assert(sizeof(struct ltt_session_info) == 80);
static_assert(sizeof(struct ltt_path) == 16);
static_assert(sizeof(struct ltt_consumer_error) == 8);
static_assert(sizeof(struct ltt_stream_args) == 16);
static_assert(sizeof(struct ltt_event_args) == 160);
static_assert(sizeof(struct ltt_snapshot_sample) == 40);
static_assert(sizeof(struct ltt_snapshot_read) == 64);
static_assert(sizeof(struct ltt_tracker_args) == 24);
static_assert(LTT_TRACKER_ARGS_SIZE_VER0 ==
	      offsetof(struct ltt_tracker_args, reserved));
static_assert(sizeof(struct ltt_channel_info) == 112);
static_assert(sizeof(struct ltt_stream_stats) == 136);
static_assert(sizeof(struct ltt_session_config) == 72);
static_assert(sizeof(struct ltt_rotate) == 64);
static_assert(sizeof(struct ltt_rotate_status) == 80);
static_assert(sizeof(struct ltt_stream_position) == 32);
static_assert(sizeof(struct ltt_event_count) == 144);
static_assert(sizeof(struct ltt_subbuf) == 48);
static_assert(sizeof(struct ltt_stream_info) == 48);
static_assert(sizeof(struct ltt_rule_entry) == 1160);
static_assert(sizeof(struct ltt_tracker_entry) == 16);
static_assert(sizeof(struct ltt_trigger_args) == 248);
static_assert(sizeof(struct ltt_trigger_entry) == 1280);
static_assert(LTT_TRIGGER_ENTRY_SIZE_VER0 ==
	      offsetof(struct ltt_trigger_entry, above));
static_assert(sizeof(struct ltt_trigger_notification) == 184);
static_assert(sizeof(struct ltt_hist_args) == 512);
static_assert(sizeof(struct ltt_hist_name) == 40);
static_assert(sizeof(struct ltt_hist_entry) == 3064);
static_assert(sizeof(struct ltt_hist_key) == 24);
static_assert(sizeof(struct ltt_hist_keys) == 56);

/* Each *_SIZE_VER0 ends at the struct's last field before its reserved tail. */
static_assert(LTT_VERSION_SIZE_VER0 == offsetof(struct ltt_version, reserved));
static_assert(LTT_SESSION_ARGS_SIZE_VER0 ==
	      offsetof(struct ltt_session_args, reserved));
static_assert(LTT_LIST_SIZE_VER0 == offsetof(struct ltt_list, reserved));
static_assert(LTT_EVENT_FIELDS_SIZE_VER0 ==
	      offsetof(struct ltt_event_fields, reserved));
static_assert(LTT_CHANNEL_ARGS_SIZE_VER0 ==
	      offsetof(struct ltt_channel_args, context));
static_assert(LTT_CHANNEL_ARGS_SIZE_VER1 ==
	      offsetof(struct ltt_channel_args, reserved));
static_assert(LTT_CHANNEL_ARGS_SIZE_VER2 == sizeof(struct ltt_channel_args));
static_assert(LTT_CHANNEL_INFO_SIZE_VER1 == sizeof(struct ltt_channel_info));
static_assert(LTT_STREAM_STATS_SIZE_VER2 == sizeof(struct ltt_stream_stats));
static_assert(LTT_SESSION_CONFIG_SIZE_VER0 ==
	      offsetof(struct ltt_session_config, reserved));
static_assert(LTT_ROTATE_SIZE_VER0 == offsetof(struct ltt_rotate, trigger_id));
static_assert(LTT_ROTATE_SIZE_VER1 == offsetof(struct ltt_rotate, reserved));
static_assert(LTT_TRIGGER_ARGS_SIZE_VER0 ==
	      offsetof(struct ltt_trigger_args, above));
static_assert(LTT_TRIGGER_ID_SIZE_VER0 ==
	      offsetof(struct ltt_trigger_id, reserved));
static_assert(LTT_NOTIFY_ARGS_SIZE_VER0 ==
	      offsetof(struct ltt_notify_args, reserved));
static_assert(LTT_HIST_ARGS_SIZE_VER0 ==
	      offsetof(struct ltt_hist_args, reserved));
static_assert(LTT_HIST_NAME_SIZE_VER0 ==
	      offsetof(struct ltt_hist_name, reserved));
static_assert(LTT_HIST_KEYS_SIZE_VER0 ==
	      offsetof(struct ltt_hist_keys, reserved));
static_assert(LTT_ROTATE_STATUS_SIZE_VER0 ==
	      offsetof(struct ltt_rotate_status, reserved));
static_assert(LTT_STREAM_POSITION_SIZE_VER0 ==
	      offsetof(struct ltt_stream_position, reserved));
static_assert(LTT_CHANNEL_ID_SIZE_VER0 ==
	      offsetof(struct ltt_channel_id, reserved));
static_assert(LTT_SESSION_INFO_SIZE_VER0 ==
	      offsetof(struct ltt_session_info, metadata_pending));
static_assert(LTT_SESSION_INFO_SIZE_VER1 ==
	      offsetof(struct ltt_session_info, nr_servers));
static_assert(LTT_SESSION_INFO_SIZE_VER2 ==
	      offsetof(struct ltt_session_info, reserved));
static_assert(LTT_PATH_SIZE_VER0 == offsetof(struct ltt_path, reserved));
static_assert(LTT_CONSUMER_ERROR_SIZE_VER0 ==
	      offsetof(struct ltt_consumer_error, reserved));
static_assert(LTT_STREAM_ARGS_SIZE_VER0 ==
	      offsetof(struct ltt_stream_args, reserved));
static_assert(LTT_EVENT_ARGS_SIZE_VER0 ==
	      offsetof(struct ltt_event_args, reserved));
static_assert(LTT_EVENT_ARGS_SIZE_VER1 ==
	      offsetof(struct ltt_event_args, reserved2));
static_assert(LTT_SNAPSHOT_SAMPLE_SIZE_VER0 ==
	      offsetof(struct ltt_snapshot_sample, reserved));
static_assert(LTT_SNAPSHOT_READ_SIZE_VER0 ==
	      offsetof(struct ltt_snapshot_read, reserved));
static_assert(LTT_CHANNEL_INFO_SIZE_VER0 ==
	      offsetof(struct ltt_channel_info, flags));
static_assert(LTT_STREAM_STATS_SIZE_VER0 ==
	      offsetof(struct ltt_stream_stats, reserved));
static_assert(LTT_STREAM_STATS_SIZE_VER1 ==
	      offsetof(struct ltt_stream_stats, reserved2));
static_assert(LTT_SUBBUF_SIZE_VER0 == offsetof(struct ltt_subbuf, reserved));
static_assert(LTT_STREAM_INFO_SIZE_VER0 ==
	      offsetof(struct ltt_stream_info, reserved));

/* ---- ioctl dispatch, for every kind of fd (see control.h) -------------- */

/*
 * The command of tbl that cmd names, or NULL (-ENOTTY). The size bits are
 * left to ltt_ioc_call(): they are the caller's struct size, not part of
 * the command.
 */
const struct ltt_ioc_desc *ltt_ioc_find(const struct ltt_ioc_desc *tbl,
					size_t n, unsigned int cmd)
{
	size_t i;

	if (_IOC_TYPE(cmd) != LTT_IOC_MAGIC)
		return NULL;
	for (i = 0; i < n; i++) {
		if (tbl[i].nr != _IOC_NR(cmd))
			continue;
		if (tbl[i].dir != _IOC_DIR(cmd))
			return NULL;
		/* an _IO command has no struct that a size could describe */
		if (tbl[i].dir == _IOC_NONE && _IOC_SIZE(cmd))
			return NULL;
		return &tbl[i];
	}
	return NULL;
}

/*
 * Copy the argument in at the caller's size (zero-extended when shorter;
 * when longer, -E2BIG unless the tail the kernel does not know is zero)
 * and run the command.
 */
long ltt_ioc_call(const struct ltt_ioc_desc *d, struct file *file,
		  unsigned int cmd, unsigned long arg)
{
	u64 karg[LTT_IOC_ARG_MAX / sizeof(u64)];
	struct ltt_ioc io = {
		.uarg = (void __user *)arg,
		.usize = _IOC_SIZE(cmd),
		.ksize = d->size,
	};
	int ret;

	if (io.usize < d->min_size)
		return -EINVAL;
	if (d->dir & _IOC_WRITE) {
		ret = copy_struct_from_user(karg, io.ksize, io.uarg, io.usize);
		if (ret)
			return ret;
	} else {
		memset(karg, 0, io.ksize);
	}
	return d->fn(file, karg, &io);
}

long ltt_ioc_dispatch(const struct ltt_ioc_desc *tbl, size_t n,
		      struct file *file, unsigned int cmd, unsigned long arg)
{
	const struct ltt_ioc_desc *d = ltt_ioc_find(tbl, n, cmd);

	return d ? ltt_ioc_call(d, file, cmd, arg) : -ENOTTY;
}

/* Copy the argument back, as much of it as both sides know; -EFAULT. */
int ltt_ioc_out(const struct ltt_ioc *io, const void *arg)
{
	if (copy_to_user(io->uarg, arg, min(io->usize, io->ksize)))
		return -EFAULT;
	return 0;
}

/* ---- /dev/ltt ---------------------------------------------------------- */

static int tracing_group = -1;
module_param(tracing_group, int, 0444);
MODULE_PARM_DESC(tracing_group,
		 "gid (of the initial user namespace) whose members may use /dev/ltt (default -1: root only)");

/* tracing_group as a kgid; INVALID_GID without one */
static kgid_t ltt_tracing_kgid = INVALID_GID;

struct ltt_ctl {
	bool handshake;			/* VERSION succeeded */
};

static int ctl_open(struct inode *inode, struct file *file)
{
	struct ltt_ctl *ctl;

	/* capable() and in_group_p() both answer for the initial namespace */
	if (!capable(CAP_SYS_ADMIN) &&
	    !(gid_valid(ltt_tracing_kgid) && in_group_p(ltt_tracing_kgid)))
		return -EPERM;
	ctl = kzalloc(sizeof(*ctl), GFP_KERNEL);
	if (!ctl)
		return -ENOMEM;
	file->private_data = ctl;
	return 0;
}

static int ctl_release(struct inode *inode, struct file *file)
{
	kfree(file->private_data);
	return 0;
}

static long ctl_version(struct file *file, void *arg,
			const struct ltt_ioc *io)
{
	struct ltt_ctl *ctl = file->private_data;
	struct ltt_version *v = arg;
	bool match;
	int ret;

	if (!ltt_zeroed(v->reserved, sizeof(v->reserved)) || v->features)
		return -EINVAL;
	match = v->major == LTT_ABI_MAJOR;
	v->major = LTT_ABI_MAJOR;
	v->minor = LTT_ABI_MINOR;
	v->features = LTT_FEATURE_OVERWRITE | LTT_FEATURE_USER_MARK;
	ret = ltt_ioc_out(io, v);
	if (ret)
		return ret;
	if (!match)
		return -EPROTO;
	ctl->handshake = true;
	return 0;
}

static int session_args_check(const struct ltt_session_args *a)
{
	if (a->flags || !ltt_zeroed(a->reserved, sizeof(a->reserved)) ||
	    !ltt_name_valid(a->name, sizeof(a->name)))
		return -EINVAL;
	return 0;
}

static long ctl_session_create(struct file *file, void *arg,
			       const struct ltt_ioc *io)
{
	struct ltt_session_args *a = arg;
	struct ltt_session *s;
	int ret;

	ret = session_args_check(a);
	if (ret)
		return ret;
	s = ltt_session_create(a->name);
	if (IS_ERR(s))
		return PTR_ERR(s);
	/* the new fd takes its own reference; the list keeps one */
	ret = ltt_session_fd(s);
	if (ret < 0)
		ltt_session_destroy(s);
	ltt_session_put(s);
	return ret;
}

static long ctl_session_open(struct file *file, void *arg,
			     const struct ltt_ioc *io)
{
	struct ltt_session_args *a = arg;
	struct ltt_session *s;
	int ret;

	ret = session_args_check(a);
	if (ret)
		return ret;
	s = ltt_session_find_get(a->name);
	if (!s)
		return -ENOENT;
	ret = ltt_session_fd(s);
	ltt_session_put(s);
	return ret;
}

/* Entries larger than this many per call are refused; lists are small. */
#define LTT_LIST_MAX	65536

int ltt_list_prepare_max(const struct ltt_list *l, size_t entry_size,
			 unsigned int max, void **buf)
{
	if (l->reserved || l->count || l->entry_size != entry_size ||
	    l->capacity > LTT_LIST_MAX || (l->capacity && !l->entries))
		return -EINVAL;
	*buf = NULL;
	if (l->capacity) {
		*buf = kvcalloc(min(l->capacity, max), entry_size, GFP_KERNEL);
		if (!*buf)
			return -ENOMEM;
	}
	return 0;
}

int ltt_list_prepare(const struct ltt_list *l, size_t entry_size, void **buf)
{
	return ltt_list_prepare_max(l, entry_size, LTT_LIST_MAX, buf);
}

/* Copy min(count, capacity) entries and the header back. */
int ltt_list_finish(struct ltt_list *l, const struct ltt_ioc *io,
		    void *buf, unsigned int count)
{
	size_t n = min(count, l->capacity);
	int ret = 0;

	l->count = count;
	if (n && copy_to_user(u64_to_user_ptr(l->entries), buf,
			      n * l->entry_size))
		ret = -EFAULT;
	if (!ret)
		ret = ltt_ioc_out(io, l);
	kvfree(buf);
	return ret;
}

static long ctl_session_list(struct file *file, void *arg,
			     const struct ltt_ioc *io)
{
	struct ltt_list *l = arg;
	void *buf;
	int ret;

	ret = ltt_list_prepare(l, sizeof(struct ltt_session_entry), &buf);
	if (ret)
		return ret;
	return ltt_list_finish(l, io, buf, ltt_session_list(buf, l->capacity));
}

static long ctl_event_list(struct file *file, void *arg,
			   const struct ltt_ioc *io)
{
	struct ltt_event_entry *e;
	struct ltt_event_desc *desc;
	struct ltt_list *l = arg;
	unsigned int n = 0;
	int ret;

	ret = ltt_list_prepare(l, sizeof(*e), (void **)&e);
	if (ret)
		return ret;
	ltt_lock();
	ltt_for_each_event_desc(desc) {
		if (n < l->capacity) {
			strscpy(e[n].name, desc->name, sizeof(e[n].name));
			e[n].type = desc->type;	/* the ABI's value */
			e[n].flags =
				(desc->unavailable ? LTT_EVENT_F_UNAVAILABLE : 0) |
				(desc->attach_count ? LTT_EVENT_F_ATTACHED : 0) |
				(desc->by_name_only ? LTT_EVENT_F_BY_NAME : 0);
			e[n].nr_fields = desc->nr_fields;
		}
		n++;
	}
	ltt_unlock();
	return ltt_list_finish(l, io, e, n);
}

static u32 field_type(enum ltt_field_kind kind)
{
	switch (kind) {
	case LTT_FIELD_STRING:
		return LTT_FIELD_TYPE_STRING;
	case LTT_FIELD_ARRAY:
		return LTT_FIELD_TYPE_ARRAY;
	case LTT_FIELD_SEQUENCE:
		return LTT_FIELD_TYPE_SEQUENCE;
	case LTT_FIELD_ENUM:
		return LTT_FIELD_TYPE_ENUM;
	default:
		return LTT_FIELD_TYPE_INTEGER;
	}
}

static void field_entry(struct ltt_field_entry *e,
			const struct ltt_field_desc *f)
{
	/* e is zeroed; the registry checked the field (registry.c) */
	strscpy(e->name, f->name, sizeof(e->name));
	e->type = field_type(f->kind);
	if (f->kind == LTT_FIELD_STRING)
		return;
	if (f->kind == LTT_FIELD_ENUM && f->enum_desc && f->enum_desc->name)
		strscpy(e->enum_name, f->enum_desc->name, sizeof(e->enum_name));
	e->flags = f->is_signed ? LTT_FIELD_F_SIGNED : 0;
	e->size = f->size;
	e->base = f->base;
	if (f->kind == LTT_FIELD_ARRAY)
		e->length = f->length;
}

/*
 * The entries are built under ltt_lock(), which keeps the desc registered,
 * and copied out after it: a fault on the user buffer never runs under
 * the registry lock.
 */
static long ctl_event_fields(struct file *file, void *arg,
			     const struct ltt_ioc *io)
{
	struct ltt_field_entry *e = NULL;
	const struct ltt_event_desc *desc;
	struct ltt_event_fields *a = arg;
	unsigned int i, n;
	size_t len;
	int ret = 0;

	len = strnlen(a->name, sizeof(a->name));
	if (!len || len == sizeof(a->name) || a->count || a->reserved ||
	    a->entry_size != sizeof(*e) || (a->capacity && !a->fields))
		return -EINVAL;
	ltt_lock();
	desc = ltt_event_find_locked(a->name);
	if (!desc) {
		ltt_unlock();
		return -ENOENT;
	}
	n = desc->nr_fields;
	if (n && n <= a->capacity) {
		e = kvcalloc(n, sizeof(*e), GFP_KERNEL);
		if (!e) {
			ltt_unlock();
			return -ENOMEM;
		}
		for (i = 0; i < n; i++)
			field_entry(&e[i], &desc->fields[i]);
	}
	ltt_unlock();

	a->count = n;
	if (e && copy_to_user(u64_to_user_ptr(a->fields), e, n * sizeof(*e)))
		ret = -EFAULT;
	kvfree(e);
	if (!ret)
		ret = ltt_ioc_out(io, a);
	if (!ret && n > a->capacity)
		ret = -E2BIG;
	return ret;
}

static const struct ltt_ioc_desc ctl_ioctls[] = {
	LTT_IOC_DESC(LTT_IOC_VERSION, LTT_VERSION_SIZE_VER0, ctl_version),
	LTT_IOC_DESC(LTT_IOC_SESSION_CREATE, LTT_SESSION_ARGS_SIZE_VER0,
		     ctl_session_create),
	LTT_IOC_DESC(LTT_IOC_SESSION_OPEN, LTT_SESSION_ARGS_SIZE_VER0,
		     ctl_session_open),
	LTT_IOC_DESC(LTT_IOC_SESSION_LIST, LTT_LIST_SIZE_VER0,
		     ctl_session_list),
	LTT_IOC_DESC(LTT_IOC_EVENT_LIST, LTT_LIST_SIZE_VER0, ctl_event_list),
	LTT_IOC_DESC(LTT_IOC_EVENT_FIELDS, LTT_EVENT_FIELDS_SIZE_VER0,
		     ctl_event_fields),
	LTT_IOC_DESC(LTT_IOC_PMEM_STATUS, LTT_PMEM_STATUS_SIZE_VER0,
		     ltt_ctl_pmem_status),
	LTT_IOC_DESC(LTT_IOC_PMEM_READ, LTT_PMEM_READ_SIZE_VER0,
		     ltt_ctl_pmem_read),
	LTT_IOC_DESC(LTT_IOC_PMEM_DISCARD, 0, ltt_ctl_pmem_discard),
};

static long ctl_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	const struct ltt_ioc_desc *d;
	struct ltt_ctl *ctl = file->private_data;

	d = ltt_ioc_find(ctl_ioctls, ARRAY_SIZE(ctl_ioctls), cmd);
	if (!d)
		return -ENOTTY;
	/* the handshake first: the caller learns which ABI it talks to */
	if (d->nr != _IOC_NR(LTT_IOC_VERSION) && !ctl->handshake)
		return -EPROTO;
	return ltt_ioc_call(d, file, cmd, arg);
}

static const struct file_operations ltt_ctl_fops = {
	.owner = THIS_MODULE,
	.open = ctl_open,
	.release = ctl_release,
	.unlocked_ioctl = ctl_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
	.llseek = noop_llseek,
};

/*
 * /dev/ltt is a device of ltt's own class, not a misc device: a misc
 * device's node can be given a mode, not a group.
 */
struct ltt_ctl_node {
	struct device dev;
	struct cdev cdev;
};

static struct ltt_ctl_node *ltt_ctl_node;
static dev_t ltt_ctl_devt;

static struct class ltt_class = {
	.name = "ltt",
};

/* The node's mode and group, for devtmpfs and (DEVMODE, DEVGID) udev. */
static char *ltt_ctl_devnode(LTT_DEVNODE_DEV *dev, umode_t *mode,
			     kuid_t *uid, kgid_t *gid)
{
	if (!mode)
		return NULL;
	if (gid_valid(ltt_tracing_kgid)) {
		*mode = 0660;
		if (gid)
			*gid = ltt_tracing_kgid;
	} else {
		*mode = 0600;
	}
	return NULL;
}

static const struct device_type ltt_ctl_type = {
	.name = "ltt",
	.devnode = ltt_ctl_devnode,
};

static void ltt_ctl_node_release(struct device *dev)
{
	kfree(container_of(dev, struct ltt_ctl_node, dev));
}

static int ltt_ctl_node_add(void)
{
	struct ltt_ctl_node *n;
	int ret;

	ret = alloc_chrdev_region(&ltt_ctl_devt, 0, 1, "ltt");
	if (ret)
		return ret;
	n = kzalloc(sizeof(*n), GFP_KERNEL);
	if (!n) {
		ret = -ENOMEM;
		goto err_region;
	}
	device_initialize(&n->dev);
	n->dev.class = &ltt_class;
	n->dev.type = &ltt_ctl_type;
	n->dev.devt = ltt_ctl_devt;
	n->dev.release = ltt_ctl_node_release;
	cdev_init(&n->cdev, &ltt_ctl_fops);
	n->cdev.owner = THIS_MODULE;
	ret = dev_set_name(&n->dev, "ltt");
	if (!ret)
		ret = cdev_device_add(&n->cdev, &n->dev);
	if (ret) {
		put_device(&n->dev);	/* frees n */
		goto err_region;
	}
	ltt_ctl_node = n;
	return 0;

err_region:
	unregister_chrdev_region(ltt_ctl_devt, 1);
	return ret;
}

static void ltt_ctl_node_del(void)
{
	cdev_device_del(&ltt_ctl_node->cdev, &ltt_ctl_node->dev);
	put_device(&ltt_ctl_node->dev);
	ltt_ctl_node = NULL;
	unregister_chrdev_region(ltt_ctl_devt, 1);
}

/*
 * The tracing group, a number of the initial user namespace (the kernel
 * resolves no group names: the packages and make install write the
 * number of Debian's "tracing" group to /etc/modprobe.d, doc/install.md).
 */
static int ltt_tracing_group_set(void)
{
	if (tracing_group == -1)
		return 0;
	ltt_tracing_kgid = make_kgid(&init_user_ns, tracing_group);
	if (tracing_group < 0 || !gid_valid(ltt_tracing_kgid)) {
		pr_err("ltt: tracing_group=%d is not a group id\n", tracing_group);
		return -EINVAL;
	}
	return 0;
}

int ltt_control_init(void)
{
	int ret;

	ret = ltt_tracing_group_set();
	if (ret)
		return ret;
	ret = class_register(&ltt_class);
	if (ret)
		return ret;
	ret = ltt_triggers_setup();
	if (ret)
		goto err_class;
	ret = ltt_sessions_init();
	if (ret)
		goto err_triggers;
	ret = ltt_user_mark_init();
	if (ret)
		goto err_sessions;
	ret = ltt_pmem_init();
	if (ret)
		goto err_mark;
	ret = ltt_ctl_node_add();
	if (ret)
		goto err_pmem;
	return 0;

err_pmem:
	ltt_pmem_exit();
err_mark:
	ltt_user_mark_exit();
err_sessions:
	ltt_sessions_exit();
err_triggers:
	ltt_triggers_teardown();
err_class:
	class_unregister(&ltt_class);
	return ret;
}

void ltt_control_exit(void)
{
	ltt_ctl_node_del();
	ltt_user_mark_exit();
	ltt_sessions_exit();
	/* after the sessions: a persistent channel gives its region back */
	ltt_pmem_exit();
	ltt_triggers_teardown();
	class_unregister(&ltt_class);
}
