/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Uprobe registration: 6.12 made uprobe_register() return the struct
 * uprobe (and take the reference counter offset), and split unregistering
 * into uprobe_unregister_nosync() on that handle plus a wait for running
 * handlers, uprobe_unregister_sync(). Before, the probe was named by
 * (inode, offset) and uprobe_unregister() waited itself, and a reference
 * counter (a USDT semaphore) was given to uprobe_register_refctr(). The
 * consumer's handler and ret_handler have the same signature in both.
 *
 * Who may include it: ltt.ko only (src/source-uprobe.c).
 */
#ifndef _LTT_COMPAT_UPROBES_H
#define _LTT_COMPAT_UPROBES_H

#include <linux/err.h>
#include <linux/uprobes.h>
#include <linux/version.h>

struct compat_uprobe {
	struct inode *inode;
	loff_t offset;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	struct uprobe *uprobe;
#endif
};

/* @ref_ctr_offset: the file offset of the 2-byte counter, or 0 */
static inline int compat_uprobe_register(struct compat_uprobe *u,
					 struct inode *inode, loff_t offset,
					 loff_t ref_ctr_offset,
					 struct uprobe_consumer *uc)
{
	u->inode = inode;
	u->offset = offset;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	u->uprobe = uprobe_register(inode, offset, ref_ctr_offset, uc);
	return PTR_ERR_OR_ZERO(u->uprobe);
#else
	return uprobe_register_refctr(inode, offset, ref_ctr_offset, uc);
#endif
}

/* Returns once no handler of @uc runs. */
static inline void compat_uprobe_unregister(struct compat_uprobe *u,
					    struct uprobe_consumer *uc)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	uprobe_unregister_nosync(u->uprobe, uc);
	uprobe_unregister_sync();
#else
	uprobe_unregister(u->inode, u->offset, uc);
#endif
}

#endif /* _LTT_COMPAT_UPROBES_H */
