/* SPDX-License-Identifier: GPL-2.0-only */
/* Userspace stand-in, see types.h. */
#ifndef _LTT_CORE_SHIM_NOTIFIER_H
#define _LTT_CORE_SHIM_NOTIFIER_H
struct module;
struct notifier_block;
#endif
