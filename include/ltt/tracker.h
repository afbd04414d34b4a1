/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Process trackers, the fast-path part: what ltt_emit() asks before it
 * records an event in a channel whose session tracks processes. The sets
 * and their commands are ltt.ko's (src/tracker.c).
 *
 * Who may include it: probe modules (through include/ltt/emit.h), ltt.ko.
 */
#ifndef _LTT_TRACKER_H
#define _LTT_TRACKER_H

#include <linux/compiler.h>
#include <linux/types.h>

struct ltt_id_set;
struct ltt_cgroup_set;

struct ltt_trackers {
	int active;			/* a set is not "all" (READ_ONCE) */
	struct ltt_id_set *set[6];	/* LTT_TRACKER_PID..VGID; NULL: all */
	struct ltt_cgroup_set *cgroups;	/* LTT_TRACKER_CGROUP; NULL: all */
};

/* Is the current task in every set? Any context. */
bool ltt_trackers_pass(const struct ltt_trackers *t);

#endif /* _LTT_TRACKER_H */
