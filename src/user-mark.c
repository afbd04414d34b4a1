// SPDX-License-Identifier: GPL-2.0-only
/*
 * /dev/ltt-mark: userspace events. Any process may write text there; each
 * write becomes one or more "ltt_user_mark" events {pid, tid, msg} (a
 * trace_mark() site) in every session whose rules enable that event, so
 * that applications can mark their phases in the kernel trace (lttctl
 * mark "text" does exactly this).
 *
 * The node is world-writable on purpose, like ftrace's trace_marker or
 * LTTng's lttng-logger: a process can only add its own labelled text, and
 * nothing is recorded unless a session enabled the event.
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/uaccess.h>
#include <trace/marker.h>
#include "control.h"

/* msg: NUL-terminated, at most LTT_USER_MARK_MAX bytes before the NUL */
static void user_mark_emit(const char *msg)
{
	trace_mark(ltt_user_mark, "pid %d tid %d msg %s",
		   task_tgid_nr(current), task_pid_nr(current), msg);
}

static ssize_t user_mark_write(struct file *file, const char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	char buf[LTT_USER_MARK_MAX + 1];
	size_t done = 0, n, len;

	while (done < count) {
		n = min_t(size_t, count - done, LTT_USER_MARK_MAX);
		if (copy_from_user(buf, ubuf + done, n))
			return done ? done : -EFAULT;
		done += n;
		/* text ends at a NUL; one final newline is not part of it */
		len = strnlen(buf, n);
		if (done == count && len && len == n && buf[len - 1] == '\n')
			len--;
		buf[len] = '\0';
		if (len || done == count)
			user_mark_emit(buf);
		if (len < n)
			break;		/* the rest, after a NUL, is not text */
		cond_resched();
	}
	return count;
}

static const struct file_operations user_mark_fops = {
	.owner = THIS_MODULE,
	.write = user_mark_write,
	.llseek = noop_llseek,
};

static struct miscdevice user_mark_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "ltt-mark",
	.fops = &user_mark_fops,
	.mode = 0666,
};

/* The marker itself is found by src/source-marker.c, as any trace_mark()
 * site. */
int ltt_user_mark_init(void)
{
	return misc_register(&user_mark_dev);
}

void ltt_user_mark_exit(void)
{
	misc_deregister(&user_mark_dev);
}
