/* SPDX-License-Identifier: GPL-2.0-only */
/* Userspace stand-in, see types.h. */
#ifndef _LTT_CORE_SHIM_LIST_H
#define _LTT_CORE_SHIM_LIST_H
struct list_head {
	struct list_head *next, *prev;
};
#endif
