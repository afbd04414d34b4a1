/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Internal API of the control device (src/control*.c): each function makes
 * one kind of fd of the tree sketched in src/control.c. On success the new
 * fd holds a reference on the session; on error none is taken.
 *
 * Who may include it: ltt.ko's control device files only.
 */
#ifndef _LTT_SRC_CONTROL_H
#define _LTT_SRC_CONTROL_H

#include <linux/build_bug.h>
#include "session.h"

struct file;

int ltt_session_fd(struct ltt_session *s);
int ltt_channel_fd(struct ltt_channel *c);
int ltt_stream_fd(struct ltt_stream *st);
int ltt_metadata_fd(struct ltt_session *s);

/*
 * ioctl dispatch, the same for every kind of fd (the rules are in
 * include/uapi/ltt/abi.h): each kind has a table of its commands, one
 * LTT_IOC_DESC() line each. A command is matched by its number and
 * direction; the size in cmd is the caller's struct size, which may differ
 * from the kernel's: the argument is copied in with copy_struct_from_user()
 * semantics and copied back for the smaller of the two sizes.
 */
struct ltt_ioc {
	void __user *uarg;
	u32 usize;			/* the caller's: _IOC_SIZE(cmd) */
	u32 ksize;			/* the kernel's: sizeof the struct */
};

/*
 * arg: the kernel's copy of the argument, ksize bytes: the caller's struct
 * zero-extended (_IOW, _IOWR), or zeroes (_IOR); unused for _IO.
 */
typedef long (*ltt_ioc_fn)(struct file *file, void *arg,
			   const struct ltt_ioc *io);

struct ltt_ioc_desc {
	ltt_ioc_fn fn;
	u16 size;			/* the kernel's struct size */
	u16 min_size;			/* the struct's *_SIZE_VER0 */
	u8 nr;
	u8 dir;				/* _IOC_NONE, _IOC_WRITE, _IOC_READ */
};

/*
 * The largest argument struct (ltt_hist_args); the kernel's copy lives
 * on the stack.
 */
#define LTT_IOC_ARG_MAX		512

/*
 * One command: cmd as defined in the uapi header (its size is the
 * kernel's), min its *_SIZE_VER0 (0 for _IO). Checked at build time.
 */
#define LTT_IOC_DESC(cmd, min, func) {					\
	.fn = (func),							\
	.size = _IOC_SIZE(cmd) +					\
		BUILD_BUG_ON_ZERO(_IOC_SIZE(cmd) > LTT_IOC_ARG_MAX ||	\
				  (min) > _IOC_SIZE(cmd) ||		\
				  (_IOC_DIR(cmd) == _IOC_NONE) != !(min)), \
	.min_size = (min),						\
	.nr = _IOC_NR(cmd),						\
	.dir = _IOC_DIR(cmd),						\
}

const struct ltt_ioc_desc *ltt_ioc_find(const struct ltt_ioc_desc *tbl,
					size_t n, unsigned int cmd);
long ltt_ioc_call(const struct ltt_ioc_desc *d, struct file *file,
		  unsigned int cmd, unsigned long arg);
long ltt_ioc_dispatch(const struct ltt_ioc_desc *tbl, size_t n,
		      struct file *file, unsigned int cmd, unsigned long arg);
int ltt_ioc_out(const struct ltt_ioc *io, const void *arg);

/* control-pmem.c: the persistent region's commands on /dev/ltt */
long ltt_ctl_pmem_status(struct file *file, void *arg, const struct ltt_ioc *io);
long ltt_ctl_pmem_read(struct file *file, void *arg, const struct ltt_ioc *io);
long ltt_ctl_pmem_discard(struct file *file, void *arg,
			  const struct ltt_ioc *io);

/* control-rotate.c: the session's configuration, the rotation mailbox's commands */
long ltt_session_set_config(struct file *file, void *arg,
			    const struct ltt_ioc *io);
long ltt_session_get_config(struct file *file, void *arg,
			    const struct ltt_ioc *io);
long ltt_session_rotate(struct file *file, void *arg, const struct ltt_ioc *io);
long ltt_session_rotate_take(struct file *file, void *arg,
			     const struct ltt_ioc *io);
long ltt_session_rotate_done(struct file *file, void *arg,
			     const struct ltt_ioc *io);
long ltt_session_rotate_status(struct file *file, void *arg,
			       const struct ltt_ioc *io);

/* control-trigger.c */
long ltt_session_trigger_add(struct file *file, void *arg,
			     const struct ltt_ioc *io);
long ltt_session_trigger_remove(struct file *file, void *arg,
				const struct ltt_ioc *io);
long ltt_session_trigger_list(struct file *file, void *arg,
			      const struct ltt_ioc *io);
long ltt_session_notify_open(struct file *file, void *arg,
			     const struct ltt_ioc *io);

/* control-hist.c */
long ltt_session_hist_add(struct file *file, void *arg,
			  const struct ltt_ioc *io);
long ltt_session_hist_remove(struct file *file, void *arg,
			     const struct ltt_ioc *io);
long ltt_session_hist_list(struct file *file, void *arg,
			   const struct ltt_ioc *io);
long ltt_session_hist_keys(struct file *file, void *arg,
			   const struct ltt_ioc *io);
long ltt_session_hist_clear(struct file *file, void *arg,
			    const struct ltt_ioc *io);
/* control-session.c */
void *ltt_filter_prog_in(u64 uptr, u32 len);
struct ltt_channel *ltt_channel_create_checked(struct ltt_session *s,
					       const struct ltt_channel_args *a);
__poll_t ltt_session_poll(struct file *file, struct poll_table_struct *wait);

/* control-snapshot.c: SNAPSHOT_SAMPLE and SNAPSHOT_READ of a channel fd */
long ltt_channel_snapshot_sample(struct file *file, void *arg,
				 const struct ltt_ioc *io);
long ltt_channel_snapshot_read(struct file *file, void *arg,
			       const struct ltt_ioc *io);

/* A list request (struct ltt_list): check it and allocate its capacity
 * of entries into *buf (NULL when 0); then fill at most capacity entries
 * and hand them back with the count available (frees buf). */
int ltt_list_prepare(const struct ltt_list *l, size_t entry_size, void **buf);
/* The same for a list that never holds more than max entries: a larger
 * capacity is accepted (up to the general bound) and max allocated, so
 * that a caller's capacity cannot make the kernel allocate what it will
 * never fill. Fill at most min(capacity, max). */
int ltt_list_prepare_max(const struct ltt_list *l, size_t entry_size,
			 unsigned int max, void **buf);
int ltt_list_finish(struct ltt_list *l, const struct ltt_ioc *io, void *buf,
		    unsigned int count);

/* true when every byte of a reserved area is zero */
static inline bool ltt_zeroed(const void *p, size_t len)
{
	return !memchr_inv(p, 0, len);
}

int ltt_control_init(void);
void ltt_control_exit(void);
int ltt_user_mark_init(void);
void ltt_user_mark_exit(void);

#endif /* _LTT_SRC_CONTROL_H */
