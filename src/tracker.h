/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Process trackers of a session (include/uapi/ltt/abi.h, "Trackers").
 * Each set is an open-addressing hash of ids, fixed in size, allocated at
 * its first use and freed with the session: the fast path finds an id
 * with a few loads and no lock; ioctls change it under ltt_lock(), the
 * fork and exit probes of --follow with cmpxchg().
 *
 * Who may include it: ltt.ko only.
 */
#ifndef _LTT_SRC_TRACKER_H
#define _LTT_SRC_TRACKER_H

#include <ltt/tracker.h>
#include <uapi/ltt/abi.h>

struct ltt_session;

int ltt_tracker_add(struct ltt_session *s, const struct ltt_tracker_args *a);
int ltt_tracker_remove(struct ltt_session *s, const struct ltt_tracker_args *a);

/* What the sets hold, under ltt_lock() (src/tracker.c says how exact). */
int ltt_tracker_ids(struct ltt_session *s, unsigned int type, u64 *ids);
const char *ltt_tracker_cgroup(struct ltt_session *s, u64 id, bool *gone);
unsigned int ltt_tracker_list(struct ltt_session *s,
			      struct ltt_tracker_entry *e, unsigned int cap,
			      u64 *ids);

#endif /* _LTT_SRC_TRACKER_H */
