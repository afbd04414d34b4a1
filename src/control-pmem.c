// SPDX-License-Identifier: GPL-2.0-only
/*
 * The persistent region's commands on /dev/ltt (abi.h, "Persistent
 * region"): its status, reading the recovered trace out, discarding it.
 */
#include <linux/capability.h>
#include <linux/fs.h>
#include <uapi/ltt/abi.h>
#include "control.h"
#include "pmem.h"

long ltt_ctl_pmem_status(struct file *file, void *arg, const struct ltt_ioc *io)
{
	ltt_pmem_status(arg);
	return ltt_ioc_out(io, arg);
}

long ltt_ctl_pmem_read(struct file *file, void *arg, const struct ltt_ioc *io)
{
	int ret, out;

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	ret = ltt_pmem_read(arg);
	/* -E2BIG tells the size needed */
	if (!ret || ret == -E2BIG) {
		out = ltt_ioc_out(io, arg);
		if (out)
			return out;
	}
	return ret;
}

long ltt_ctl_pmem_discard(struct file *file, void *arg,
			  const struct ltt_ioc *io)
{
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	return ltt_pmem_discard();
}
