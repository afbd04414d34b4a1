/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The devnode callback of a struct device_type (the mode, owner and group
 * devtmpfs gives a device node) took a const struct device from 6.2 on.
 * LTT_DEVNODE_DEV is the type of its first argument.
 *
 * Who may include it: ltt.ko's sources.
 */
#ifndef _LTT_COMPAT_DEVICE_H
#define _LTT_COMPAT_DEVICE_H

#include <linux/device.h>
#include <linux/version.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 2, 0)
#define LTT_DEVNODE_DEV	const struct device
#else
#define LTT_DEVNODE_DEV	struct device
#endif

#endif /* _LTT_COMPAT_DEVICE_H */
