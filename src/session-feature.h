/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Session features: what a session does besides recording into its
 * channels (the state dump, trackers, triggers, rotation, its dynamic
 * probes), each behind the same hooks, which src/session.c walks as it
 * walks the event sources (src/event-source.h). session.c names none of
 * them: a new feature is one file defining ltt_feature_<name>, plus its
 * line in LTT_SESSION_FEATURES below. Its per-session state is a member
 * of struct ltt_session (session.h), which the feature owns.
 *
 * Order: the list's. A feature may rely on those listed before it: they
 * are set up and started before it, stopped and torn down after it
 * (triggers request rotations and watch dynamic probes' events). The
 * hooks that set up (init, start, started) run in list order; those that
 * tear down (stop, destroy, destroyed, free) in reverse.
 *
 * Contexts (doc/design.md, "Session features"); every hook is optional:
 *
 *	init		session creation, before it is listed; no lock; may
 *			sleep and allocate. Error: the features already
 *			inited get free() in reverse, the session is not made.
 *	start		START, under ltt_lock(), once the channels record and
 *			the state is ACTIVE; may not sleep for long (no wait
 *			for RCU, the daemon, a work item). Error: the features
 *			already started get stop() in reverse, the session
 *			stops again and START fails.
 *	started		after a successful START, ltt_lock() dropped, a
 *			reference on the session held; may sleep. No error.
 *	stop		STOP (or DESTROY, or a trigger's stop) of an ACTIVE
 *			session, under ltt_lock(), while its channels still
 *			record; may not sleep for long.
 *	destroy		DESTROY, under ltt_lock(), once the session is stopped
 *			and before its streams are finalized and its events
 *			unbound; may sleep briefly (tracepoint unregistration).
 *	destroyed	after DESTROY, ltt_lock() dropped, the session
 *			unlisted; may sleep: wait for what the feature left
 *			running, free what other fds cannot reach any more.
 *	free		the last reference (session.h, "Lifetime"); no lock,
 *			nothing of the session runs; may sleep.
 *
 * No hook is on a per-event path: probe callbacks, the filter, the
 * trackers' check and reserve/commit read the feature's state directly.
 *
 * Who may include it: ltt.ko only (session.c and the features).
 */
#ifndef _LTT_SESSION_FEATURE_H
#define _LTT_SESSION_FEATURE_H

struct ltt_session;

struct ltt_session_feature {
	const char *name;		/* "triggers", for messages */
	int (*init)(struct ltt_session *s);
	int (*start)(struct ltt_session *s);
	void (*started)(struct ltt_session *s);
	void (*stop)(struct ltt_session *s);
	void (*destroy)(struct ltt_session *s);
	void (*destroyed)(struct ltt_session *s);
	void (*free)(struct ltt_session *s);
};

/*
 * The features, in order (see above), each ltt_feature_<name> of its file:
 *	rotation	src/rotation.c: the rotation mailbox
 *	dynprobes	src/dynprobe.c: the session's dynamic probes
 *	triggers	src/trigger.c, src/trigger-notify.c
 *	hists		src/hist.c: histograms (their sides are triggers)
 *	trackers	src/tracker.c: the fork/exit probes of follow mode
 *	statedump	src/session-statedump.c: what runs, at each start
 */
#define LTT_SESSION_FEATURES(X)	\
	X(rotation)		\
	X(dynprobes)		\
	X(triggers)		\
	X(hists)		\
	X(trackers)		\
	X(statedump)

#define LTT_SESSION_FEATURE_DECL(name) \
	extern const struct ltt_session_feature ltt_feature_##name;
LTT_SESSION_FEATURES(LTT_SESSION_FEATURE_DECL)
#undef LTT_SESSION_FEATURE_DECL

#endif /* _LTT_SESSION_FEATURE_H */
