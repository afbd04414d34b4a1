// SPDX-License-Identifier: GPL-2.0-only
/*
 * Event source "uprobe" (LTT_EVENT_UPROBE): a session's uprobes and
 * uretprobes (src/dynprobe.h) on an instruction of a binary, in every
 * process that maps it, through the exported uprobes API only (the
 * 6.1/6.12 difference is in compat/uprobes.h).
 *
 * The probe is registered at creation, so that a bad file or offset is
 * refused then; until a channel enables the event, a hit costs the
 * breakpoint and one list test (ltt_emit_wanted()). Attach and detach
 * have nothing to do.
 *
 * A USDT probe's semaphore is the uprobe's reference counter
 * (ltt_probe_args.ref_ctr_offset): uprobes increments it in every process
 * that maps the file, now and later, while the probe is registered.
 *
 * Handlers run in the probed task, preemption enabled; the recording
 * reads user memory with the nofault accessors like a kprobe's.
 *
 * uretprobes record the return value but no duration: the consumer has
 * no per-instance data on these kernels (6.13 added it), and a per-task
 * table would allocate or be bounded arbitrarily. The entry is the
 * matching uprobe event of the same thread, for an analysis to pair.
 */
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/namei.h>
#include <linux/slab.h>
#include <uapi/ltt/abi.h>
#include <compat/uprobes.h>
#include "dynprobe.h"
#include "event-source.h"

#ifdef CONFIG_UPROBES

struct ltt_uprobe {
	struct ltt_dynprobe dp;
	struct path path;		/* held while registered */
	struct uprobe_consumer uc;
	struct compat_uprobe cu;
	bool armed;
};

static struct ltt_uprobe *to_ltt_uprobe(struct ltt_dynprobe *dp)
{
	return container_of(dp, struct ltt_uprobe, dp);
}

static int lu_handler(struct uprobe_consumer *uc, struct pt_regs *regs)
{
	ltt_dynprobe_record(&container_of(uc, struct ltt_uprobe, uc)->dp,
			    regs, 0);
	return 0;
}

static int lu_ret_handler(struct uprobe_consumer *uc, unsigned long func,
			  struct pt_regs *regs)
{
	ltt_dynprobe_record(&container_of(uc, struct ltt_uprobe, uc)->dp,
			    regs, 0);
	return 0;
}

static struct ltt_dynprobe *lu_alloc(void)
{
	struct ltt_uprobe *u = kzalloc(sizeof(*u), GFP_KERNEL);

	return u ? &u->dp : NULL;
}

static void lu_free(struct ltt_dynprobe *dp)
{
	kfree(to_ltt_uprobe(dp));
}

static int lu_arm(struct ltt_dynprobe *dp, const struct ltt_probe_args *a,
		  const char *path)
{
	struct ltt_uprobe *u = to_ltt_uprobe(dp);
	struct inode *inode;
	u64 size;
	int ret;

	if (path[0] != '/')
		return -EINVAL;
	ret = kern_path(path, LOOKUP_FOLLOW, &u->path);
	if (ret)
		return ret;
	inode = d_real_inode(u->path.dentry);
	ret = -EINVAL;
	size = i_size_read(inode);
	if (!S_ISREG(inode->i_mode) || a->offset >= size)
		goto err_put;
	/* a USDT semaphore: two bytes, even, within the file */
	if (a->ref_ctr_offset &&
	    ((a->ref_ctr_offset & 1) || a->ref_ctr_offset >= size ||
	     size - a->ref_ctr_offset < 2))
		goto err_put;
	if (dp->kind == LTT_PROBE_URETPROBE)
		u->uc.ret_handler = lu_ret_handler;
	else
		u->uc.handler = lu_handler;
	ret = compat_uprobe_register(&u->cu, inode, a->offset,
				     a->ref_ctr_offset, &u->uc);
	if (ret)
		goto err_put;
	u->armed = true;
	/* the tail of a long path: its file name matters most */
	if (strlen(path) + 20 > sizeof(dp->where))
		path += strlen(path) + 20 - sizeof(dp->where);
	snprintf(dp->where, sizeof(dp->where), "%s+0x%llx", path,
		 (unsigned long long)a->offset);
	return 0;

err_put:
	path_put(&u->path);
	return ret;
}

static void lu_disarm(struct ltt_dynprobe *dp)
{
	struct ltt_uprobe *u = to_ltt_uprobe(dp);

	if (!u->armed)
		return;
	compat_uprobe_unregister(&u->cu, &u->uc);
	path_put(&u->path);
	u->armed = false;
}

#else /* !CONFIG_UPROBES */

static struct ltt_dynprobe *lu_alloc(void)
{
	return kzalloc(sizeof(struct ltt_dynprobe), GFP_KERNEL);
}

static void lu_free(struct ltt_dynprobe *dp)
{
	kfree(dp);
}

static int lu_arm(struct ltt_dynprobe *dp, const struct ltt_probe_args *a,
		  const char *path)
{
	return -EOPNOTSUPP;
}

static void lu_disarm(struct ltt_dynprobe *dp)
{
}

#endif /* CONFIG_UPROBES */

/* uprobes count no misses, and a binary does not go away under them */
static u64 lu_missed(struct ltt_dynprobe *dp)
{
	return 0;
}

static bool lu_gone(struct ltt_dynprobe *dp)
{
	return false;
}

static const struct ltt_dynprobe_ops ltt_uprobe_ops = {
	.kind = LTT_PROBE_UPROBE,
	.ret_kind = LTT_PROBE_URETPROBE,
	.user = true,
	/* uprobes have no per-instance data before 6.13: no duration */
	.alloc = lu_alloc,
	.arm = lu_arm,
	.disarm = lu_disarm,
	.free = lu_free,
	.missed = lu_missed,
	.gone = lu_gone,
};

static bool lu_available(struct ltt_event_desc *desc)
{
	return IS_ENABLED(CONFIG_UPROBES);
}

static int lu_attach(struct ltt_event_desc *desc)
{
	return 0;
}

static void lu_detach(struct ltt_event_desc *desc)
{
}

const struct ltt_event_source ltt_source_uprobe = {
	.name = "uprobe",
	.available = lu_available,
	.attach = lu_attach,
	.detach = lu_detach,
	.probe_ops = &ltt_uprobe_ops,
};
