/* SPDX-License-Identifier: GPL-2.0-only */
/* Userspace stand-in, see types.h. */
#ifndef _LTT_CORE_SHIM_RCUPDATE_H
#define _LTT_CORE_SHIM_RCUPDATE_H
struct rcu_head {
	struct rcu_head *next;
	void (*func)(struct rcu_head *head);
};
#endif
