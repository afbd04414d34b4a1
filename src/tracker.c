// SPDX-License-Identifier: GPL-2.0-only
/*
 * Process trackers (src/tracker.h). A set holds at most LTT_TRACKER_MAX
 * ids in twice as many slots, so that a probe meets an empty slot soon; a
 * slot holds id + 1, 0 when empty, TRK_GONE once its id was removed (the
 * probe goes on past it). Lookups take no lock and may run in any
 * context; changes are made under ltt_lock() by the ioctls, and by the
 * fork and exit probes of LTT_TRACKER_FOLLOW with cmpxchg(), so that a
 * slot is taken once.
 *
 * The cgroup set (LTT_TRACKER_CGROUP) is apart: at most
 * LTT_TRACKER_CGROUPS cgroups, each held by a reference, and a task
 * passes when its cgroup of the default hierarchy is one of them or
 * below one. The probe reads the task's cgroup and the slots under
 * rcu_read_lock() (in any context, NMI included, as perf's cgroup events
 * do); a slot emptied by the ioctls is put after synchronize_rcu(), so
 * that no probe still compares against it. cgroup_is_descendant() is
 * the kernel's own inline test (cgrp->ancestors[] on 6.1.0-57 and 6.12
 * alike: Debian's 6.1 carries the ancestors[] change), no lock, no call.
 */
#include <linux/cgroup.h>
#include <linux/cred.h>
#include <linux/hash.h>
#include <linux/mm.h>
#include <linux/pid_namespace.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/tracepoint.h>
#include <linux/uidgid.h>
#include <compat/export.h>
#include "registry.h"
#include "session.h"
#include "session-feature.h"
#include "tracker.h"

#define TRK_BITS	11
#define TRK_SLOTS	(1U << TRK_BITS)	/* 2 x LTT_TRACKER_MAX */
#define TRK_GONE	U64_MAX

struct ltt_id_set {
	int all;			/* every id (READ_ONCE) */
	atomic_t count;
	u64 slot[TRK_SLOTS];
};

struct ltt_cgroup_set {
	int all;			/* every cgroup (READ_ONCE) */
	unsigned int nr;		/* slots in use, under ltt_lock() */
	struct cgroup __rcu *cgrp[LTT_TRACKER_CGROUPS];
	char *path[LTT_TRACKER_CGROUPS];	/* at its ADD, for the env */
};

static_assert(TRK_SLOTS >= 2 * LTT_TRACKER_MAX);
static_assert(ARRAY_SIZE(((struct ltt_trackers *)0)->set) == LTT_TRACKER_CGROUP);
static_assert(LTT_TRACKER_CGROUP + 1 == LTT_TRACKER_NR);

static bool set_has(const struct ltt_id_set *set, u64 id)
{
	u32 h = hash_64(id, TRK_BITS), i;
	u64 v;

	if (READ_ONCE(set->all))
		return true;
	for (i = 0; i < TRK_SLOTS; i++) {
		v = READ_ONCE(set->slot[(h + i) & (TRK_SLOTS - 1)]);
		if (!v)
			return false;
		if (v == id + 1)
			return true;
	}
	return false;
}

/* 0, or -ENOSPC when the set is full. Any context. */
static int set_add(struct ltt_id_set *set, u64 id)
{
	u32 h = hash_64(id, TRK_BITS), i;
	u64 *slot, v;

	if (set_has(set, id))
		return 0;
	if (atomic_inc_return(&set->count) > LTT_TRACKER_MAX) {
		atomic_dec(&set->count);
		return -ENOSPC;
	}
	for (i = 0; i < TRK_SLOTS; i++) {
		slot = &set->slot[(h + i) & (TRK_SLOTS - 1)];
		v = READ_ONCE(*slot);
		if ((!v || v == TRK_GONE) && cmpxchg(slot, v, id + 1) == v)
			return 0;
	}
	atomic_dec(&set->count);
	return -ENOSPC;
}

/* true if it was there. Any context. */
static bool set_remove(struct ltt_id_set *set, u64 id)
{
	u32 h = hash_64(id, TRK_BITS), i;
	bool found = false;
	u64 *slot, v;

	for (i = 0; i < TRK_SLOTS; i++) {
		slot = &set->slot[(h + i) & (TRK_SLOTS - 1)];
		v = READ_ONCE(*slot);
		if (!v)
			break;
		if (v == id + 1 && cmpxchg(slot, v, TRK_GONE) == v) {
			atomic_dec(&set->count);
			found = true;
		}
	}
	return found;
}

/* Empty, or every id again. Under ltt_lock(). */
static void set_reset(struct ltt_id_set *set, bool all)
{
	WRITE_ONCE(set->all, all);
	memset(set->slot, 0, sizeof(set->slot));
	atomic_set(&set->count, 0);
}

/* The current task's id of this kind; kernel threads are ids too. */
static u64 current_id(unsigned int type)
{
	switch (type) {
	case LTT_TRACKER_PID:
		return task_tgid_nr(current);
	case LTT_TRACKER_VPID:
		return task_tgid_vnr(current);
	case LTT_TRACKER_UID:
		return from_kuid_munged(&init_user_ns, current_uid());
	case LTT_TRACKER_VUID:
		return from_kuid_munged(current_user_ns(), current_uid());
	case LTT_TRACKER_GID:
		return from_kgid_munged(&init_user_ns, current_gid());
	default:
		return from_kgid_munged(current_user_ns(), current_gid());
	}
}

/*
 * Is the current task's cgroup in a tracked one's subtree? Any context.
 * Out of line: inlined, its loop made ltt_trackers_pass() save more
 * registers, which every event of an untracked pid paid (bench-gate).
 */
static noinline bool cgroup_set_has(const struct ltt_cgroup_set *set)
{
#ifdef CONFIG_CGROUPS
	struct cgroup *cur, *c;
	bool in = false;
	unsigned int i;

	if (READ_ONCE(set->all))
		return true;
	rcu_read_lock();
	cur = task_dfl_cgroup(current);
	for (i = 0; i < LTT_TRACKER_CGROUPS && !in; i++) {
		c = rcu_dereference(set->cgrp[i]);
		in = c && cgroup_is_descendant(cur, c);
	}
	rcu_read_unlock();
	return in;
#else
	return READ_ONCE(set->all);
#endif
}

bool ltt_trackers_pass(const struct ltt_trackers *t)
{
	const struct ltt_cgroup_set *cg;
	const struct ltt_id_set *set;
	unsigned int type;

	for (type = 0; type < LTT_TRACKER_CGROUP; type++) {
		set = READ_ONCE(t->set[type]);
		if (set && !set_has(set, current_id(type)))
			return false;
	}
	cg = READ_ONCE(t->cgroups);
	return !cg || cgroup_set_has(cg);
}
LTT_EXPORT_SYMBOL(ltt_trackers_pass);

static void trackers_update_active(struct ltt_trackers *t)
{
	unsigned int type;
	int active = 0;

	for (type = 0; type < LTT_TRACKER_CGROUP; type++)
		if (t->set[type] && !READ_ONCE(t->set[type]->all))
			active = 1;
	if (t->cgroups && !READ_ONCE(t->cgroups->all))
		active = 1;
	WRITE_ONCE(t->active, active);
}

/* ---- --follow: the fork and exit probes ------------------------------ */
static void trk_fork(void *data, struct task_struct *parent,
		     struct task_struct *child)
{
	struct ltt_id_set *set = READ_ONCE(((struct ltt_trackers *)data)->set[LTT_TRACKER_PID]);

	if (set && child->tgid != parent->tgid && set_has(set, parent->tgid))
		set_add(set, child->tgid);	/* full: not followed */
}

static void trk_exit(void *data, struct task_struct *p)
{
	struct ltt_id_set *set = READ_ONCE(((struct ltt_trackers *)data)->set[LTT_TRACKER_PID]);

	/* the process, once its last thread exits (live dropped before) */
	if (set && !READ_ONCE(set->all) && !atomic_read(&p->signal->live))
		set_remove(set, p->tgid);
}

struct trk_tps {
	struct tracepoint *fork, *exit;
};

static void trk_tp_match(struct tracepoint *tp, void *priv)
{
	struct trk_tps *l = priv;

	if (!strcmp(tp->name, "sched_process_fork"))
		l->fork = tp;
	else if (!strcmp(tp->name, "sched_process_exit"))
		l->exit = tp;
}

static int trk_follow(struct ltt_session *s)
{
	struct trk_tps l = { };
	int ret;

	if (s->follow)
		return 0;
	for_each_kernel_tracepoint(trk_tp_match, &l);
	if (!l.fork || !l.exit)
		return -ENOENT;
	ret = tracepoint_probe_register(l.fork, trk_fork, &s->trackers);
	if (ret)
		return ret;
	ret = tracepoint_probe_register(l.exit, trk_exit, &s->trackers);
	if (ret) {
		WARN_ON(tracepoint_probe_unregister(l.fork, trk_fork, &s->trackers));
		tracepoint_synchronize_unregister();
		return ret;
	}
	s->follow = true;
	return 0;
}

/* ---- the cgroup set -------------------------------------------------- */

/*
 * Empty the cgroup set (@all: every cgroup again, else none) and drop its
 * references once no probe can see them. Under ltt_lock().
 */
static void cgroup_set_reset(struct ltt_cgroup_set *set, bool all)
{
	struct cgroup *old[LTT_TRACKER_CGROUPS];
	unsigned int i;

	WRITE_ONCE(set->all, all);
	for (i = 0; i < LTT_TRACKER_CGROUPS; i++) {
		old[i] = rcu_dereference_protected(set->cgrp[i], true);
		RCU_INIT_POINTER(set->cgrp[i], NULL);
	}
	set->nr = 0;
	synchronize_rcu();
	for (i = 0; i < LTT_TRACKER_CGROUPS; i++) {
#ifdef CONFIG_CGROUPS
		if (old[i])
			cgroup_put(old[i]);
#endif
		kfree(set->path[i]);
		set->path[i] = NULL;
	}
}

/* DESTROY, under ltt_lock(): the fork and exit probes of --follow go. */
static void trackers_destroy(struct ltt_session *s)
{
	struct trk_tps l = { };

	/* the session records no more: its cgroups go now, not at the last fd */
	if (s->trackers.cgroups)
		cgroup_set_reset(s->trackers.cgroups, false);
	if (!s->follow)
		return;
	for_each_kernel_tracepoint(trk_tp_match, &l);
	WARN_ON(tracepoint_probe_unregister(l.fork, trk_fork, &s->trackers));
	WARN_ON(tracepoint_probe_unregister(l.exit, trk_exit, &s->trackers));
	tracepoint_synchronize_unregister();
	s->follow = false;
}

/* The session's release: its writers and probes are gone. */
static void trackers_free(struct ltt_session *s)
{
	struct ltt_cgroup_set *cg = s->trackers.cgroups;
	unsigned int type, i;

	for (type = 0; type < LTT_TRACKER_CGROUP; type++)
		kvfree(s->trackers.set[type]);
	if (!cg)
		return;
	for (i = 0; i < LTT_TRACKER_CGROUPS; i++) {	/* emptied at DESTROY */
#ifdef CONFIG_CGROUPS
		struct cgroup *c = rcu_dereference_protected(cg->cgrp[i], true);

		if (c)
			cgroup_put(c);
#endif
		kfree(cg->path[i]);
	}
	kfree(cg);
}

const struct ltt_session_feature ltt_feature_trackers = {
	.name = "trackers",
	.destroy = trackers_destroy,
	.free = trackers_free,
};

/* ---- commands (under ltt_lock()) ------------------------------------- */
static int tracker_args_check(const struct ltt_tracker_args *a, bool add)
{
	u32 flags = LTT_TRACKER_ALL | (add ? LTT_TRACKER_FOLLOW : 0);

	if (a->type >= LTT_TRACKER_NR || (a->flags & ~flags) || a->reserved)
		return -EINVAL;
	if ((a->flags & LTT_TRACKER_FOLLOW) && a->type != LTT_TRACKER_PID)
		return -EINVAL;
	if (a->flags & LTT_TRACKER_ALL)
		return a->id ? -EINVAL : 0;
	if (a->type == LTT_TRACKER_CGROUP)	/* an fd, a cgroup id */
		return a->id < 0 || (add && a->id > INT_MAX) ? -EINVAL : 0;
	return a->id < 0 || a->id > U32_MAX ? -EINVAL : 0;
}

static struct ltt_cgroup_set *cgroup_set(struct ltt_trackers *t)
{
	struct ltt_cgroup_set *set = t->cgroups;

	if (set)
		return set;
	set = kzalloc(sizeof(*set), GFP_KERNEL);
	if (!set)
		return NULL;
	set->all = 1;		/* until its first cgroup */
	smp_store_release(&t->cgroups, set);
	return set;
}

/* ADD of the cgroup open at fd @fd. Under ltt_lock(). */
static int cgroup_set_add(struct ltt_trackers *t, int fd)
{
#ifdef CONFIG_CGROUPS
	struct ltt_cgroup_set *set;
	struct cgroup *c;
	unsigned int i, free = LTT_TRACKER_CGROUPS;
	char *path;
	int ret;

	c = cgroup_get_from_fd(fd);	/* -EBADF: not a cgroup2 directory */
	if (IS_ERR(c))
		return PTR_ERR(c);
	set = cgroup_set(t);
	if (!set) {
		cgroup_put(c);
		return -ENOMEM;
	}
	for (i = 0; i < LTT_TRACKER_CGROUPS; i++) {
		struct cgroup *have = rcu_dereference_protected(set->cgrp[i], true);

		if (have == c && !READ_ONCE(set->all)) {
			cgroup_put(c);		/* tracked already */
			return 0;
		}
		if (!have && free == LTT_TRACKER_CGROUPS)
			free = i;
	}
	if (!READ_ONCE(set->all) && set->nr >= LTT_TRACKER_CGROUPS) {
		cgroup_put(c);
		return -ENOSPC;
	}
	path = kmalloc(PATH_MAX, GFP_KERNEL);
	if (!path) {
		cgroup_put(c);
		return -ENOMEM;
	}
	/* as the caller's cgroup namespace shows it */
	ret = cgroup_path_ns(c, path, PATH_MAX, current->nsproxy->cgroup_ns);
	if (ret < 0)
		strscpy(path, "?", PATH_MAX);
	if (READ_ONCE(set->all)) {
		cgroup_set_reset(set, false);	/* the first: that one alone */
		free = 0;
	}
	set->path[free] = path;
	set->nr++;
	rcu_assign_pointer(set->cgrp[free], c);
	return 0;
#else
	return -EOPNOTSUPP;
#endif
}

/* REMOVE of cgroup id @id: 0, or -ENOENT. Under ltt_lock(). */
static int cgroup_set_remove(struct ltt_trackers *t, u64 id)
{
#ifdef CONFIG_CGROUPS
	struct ltt_cgroup_set *set = t->cgroups;
	struct cgroup *c;
	unsigned int i;

	if (!set || READ_ONCE(set->all))
		return -ENOENT;
	for (i = 0; i < LTT_TRACKER_CGROUPS; i++) {
		c = rcu_dereference_protected(set->cgrp[i], true);
		if (c && cgroup_id(c) == id)
			break;
	}
	if (i == LTT_TRACKER_CGROUPS)
		return -ENOENT;
	RCU_INIT_POINTER(set->cgrp[i], NULL);
	set->nr--;
	synchronize_rcu();		/* no probe compares against it now */
	cgroup_put(c);
	kfree(set->path[i]);
	set->path[i] = NULL;
	return 0;
#else
	return -ENOENT;
#endif
}

static int cgroup_tracker_change(struct ltt_session *s,
				 const struct ltt_tracker_args *a, bool add)
{
	struct ltt_trackers *t = &s->trackers;
	struct ltt_cgroup_set *set;
	int ret;

	if (a->flags & LTT_TRACKER_ALL) {
		if (!add || t->cgroups) {
			set = cgroup_set(t);
			if (!set)
				return -ENOMEM;
			cgroup_set_reset(set, add);
		}
		ret = 0;
	} else {
		ret = add ? cgroup_set_add(t, a->id) : cgroup_set_remove(t, a->id);
	}
	trackers_update_active(t);
	return ret;
}

static struct ltt_id_set *tracker_set(struct ltt_trackers *t, unsigned int type)
{
	struct ltt_id_set *set = t->set[type];

	if (set)
		return set;
	set = kvzalloc(sizeof(*set), GFP_KERNEL);
	if (!set)
		return NULL;
	set->all = 1;		/* until its first id */
	/* the slots before the set: a reader finds it initialised */
	smp_store_release(&t->set[type], set);
	return set;
}

int ltt_tracker_add(struct ltt_session *s, const struct ltt_tracker_args *a)
{
	struct ltt_trackers *t = &s->trackers;
	struct ltt_id_set *set;
	int ret = tracker_args_check(a, true);

	if (ret)
		return ret;
	if (!s->listed)
		return -EBUSY;
	if (a->type == LTT_TRACKER_CGROUP)
		return cgroup_tracker_change(s, a, true);
	if (a->flags & LTT_TRACKER_ALL) {
		if (t->set[a->type])
			set_reset(t->set[a->type], true);
		trackers_update_active(t);
		return 0;
	}
	set = tracker_set(t, a->type);
	if (!set)
		return -ENOMEM;
	if (READ_ONCE(set->all))
		set_reset(set, false);	/* the first id: that id alone */
	ret = set_add(set, a->id);
	trackers_update_active(t);
	if (!ret && (a->flags & LTT_TRACKER_FOLLOW))
		ret = trk_follow(s);
	return ret;
}

int ltt_tracker_remove(struct ltt_session *s, const struct ltt_tracker_args *a)
{
	struct ltt_trackers *t = &s->trackers;
	struct ltt_id_set *set;
	int ret = tracker_args_check(a, false);

	if (ret)
		return ret;
	if (!s->listed)
		return -EBUSY;
	if (a->type == LTT_TRACKER_CGROUP)
		return cgroup_tracker_change(s, a, false);
	set = tracker_set(t, a->type);
	if (!set)
		return -ENOMEM;
	if (a->flags & LTT_TRACKER_ALL) {
		set_reset(set, false);	/* nothing */
		ret = 0;
	} else {
		ret = !READ_ONCE(set->all) && set_remove(set, a->id) ? 0 : -ENOENT;
	}
	trackers_update_active(t);
	return ret;
}

/* ---- what the sets hold (TRACKER_LIST, the trace's env) --------------- */
static int id_cmp(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/*
 * The ids of set @type, ascending, into @ids (LTT_TRACKER_MAX of them):
 * their number, or -1 when the set is every id. Under ltt_lock(), which
 * keeps the ioctls out; the fork and exit probes of --follow may change
 * the pid set meanwhile: a slot read is one id or none, and an id moved
 * to another slot during the scan is seen once (duplicates dropped).
 */
static int cgroup_ids(struct ltt_session *s, u64 *ids)
{
	const struct ltt_cgroup_set *set = s->trackers.cgroups;
	unsigned int i, n = 0;
	struct cgroup *c;

	if (!set || READ_ONCE(set->all))
		return -1;
	for (i = 0; i < LTT_TRACKER_CGROUPS; i++) {
		c = rcu_dereference_protected(set->cgrp[i], true);
		if (c)
			ids[n++] = cgroup_id(c);
	}
	sort(ids, n, sizeof(*ids), id_cmp, NULL);
	return n;
}

/*
 * The tracked cgroup of id @id: its path at its ADD (NULL if not
 * tracked); *gone when it was removed since. Under ltt_lock().
 */
const char *ltt_tracker_cgroup(struct ltt_session *s, u64 id, bool *gone)
{
	const struct ltt_cgroup_set *set = s->trackers.cgroups;
	struct cgroup *c;
	unsigned int i;

	for (i = 0; set && i < LTT_TRACKER_CGROUPS; i++) {
		c = rcu_dereference_protected(set->cgrp[i], true);
		if (c && cgroup_id(c) == id) {
#ifdef CONFIG_CGROUPS
			/* the kernel's cgroup_is_dead(), internal: cleared by
			 * rmdir itself (6.12's css_is_dying() is for the
			 * subsystems' csses, not the cgroup's own) */
			*gone = !(READ_ONCE(c->self.flags) & CSS_ONLINE);
#endif
			return set->path[i];
		}
	}
	return NULL;
}

int ltt_tracker_ids(struct ltt_session *s, unsigned int type, u64 *ids)
{
	const struct ltt_id_set *set = s->trackers.set[type];
	unsigned int i, n = 0, k;
	u64 v;

	if (type == LTT_TRACKER_CGROUP)
		return cgroup_ids(s, ids);
	if (!set || READ_ONCE(set->all))
		return -1;
	for (i = 0; i < TRK_SLOTS && n < LTT_TRACKER_MAX; i++) {
		v = READ_ONCE(set->slot[i]);
		if (v && v != TRK_GONE)
			ids[n++] = v - 1;
	}
	sort(ids, n, sizeof(*ids), id_cmp, NULL);
	for (i = k = 0; i < n; i++)
		if (!k || ids[i] != ids[k - 1])
			ids[k++] = ids[i];
	return k;
}

/*
 * TRACKER_LIST (abi.h): fill at most @cap entries of @e, return how many
 * the sets make (at most LTT_TRACKER_NR * LTT_TRACKER_MAX). @ids: room for
 * LTT_TRACKER_MAX ids. Under ltt_lock().
 */
unsigned int ltt_tracker_list(struct ltt_session *s,
			      struct ltt_tracker_entry *e, unsigned int cap,
			      u64 *ids)
{
	unsigned int type, n = 0;
	u32 follow;
	int i, k;

	for (type = 0; type < LTT_TRACKER_NR; type++) {
		follow = type == LTT_TRACKER_PID && s->follow ?
			 LTT_TRACKER_FOLLOW : 0;
		k = ltt_tracker_ids(s, type, ids);
		if (k <= 0) {
			if (n < cap) {
				e[n].type = type;
				e[n].flags = follow | (k < 0 ? LTT_TRACKER_ALL :
							       LTT_TRACKER_NONE);
				e[n].id = 0;
			}
			n++;
			continue;
		}
		for (i = 0; i < k; i++, n++) {
			bool gone = false;

			if (n >= cap)
				continue;
			if (type == LTT_TRACKER_CGROUP)
				ltt_tracker_cgroup(s, ids[i], &gone);
			e[n].type = type;
			e[n].flags = follow | (gone ? LTT_TRACKER_GONE : 0);
			e[n].id = ids[i];
		}
	}
	return n;
}
