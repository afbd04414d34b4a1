/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ltt's in-kernel control API: what lttctl does through /dev/ltt, for a
 * kernel module, with no daemon and no file descriptor. An embedded system
 * traces itself; a driver keeps its own flight recorder and freezes it
 * when it detects a fault (samples/flight_recorder/); ltt.ko's boot
 * session (ltt.boot_session=, ltt(7)) is made with it.
 *
 *	s = ltt_ctl_session_create("mydrv");
 *	ltt_ctl_channel_create(s, &(struct ltt_channel_args){
 *		.name = "kernel", .subbuf_size = 16384, .num_subbuf = 8,
 *		.mode = LTT_MODE_OVERWRITE });
 *	ltt_ctl_enable_event(s, "kernel", "mydrv_*", NULL);
 *	ltt_ctl_start(s);
 *	...
 *	ltt_ctl_stop(s);		(the fault: freeze it)
 *	...
 *	ltt_ctl_destroy(s);		(module exit)
 *
 * The session is an ordinary one: lttctl lists it, shows its status and
 * writes it out with lttctl snapshot; lttd may drain it (lttctl start -s
 * NAME starts one for a running session). Userspace may destroy it too:
 * the handle stays valid, and every call but ltt_ctl_destroy() then
 * returns -EBUSY.
 *
 * Context: process context, may sleep (the calls take ltt's registry
 * mutex), except where noted. Errors are the ioctls' (include/uapi/ltt/
 * abi.h), as negative errnos.
 *
 * Who may include it: any kernel module (the symbols are in namespace
 * LTT, which this header imports for it through <ltt/import.h>).
 */
#ifndef _LTT_CONTROL_H
#define _LTT_CONTROL_H

#include <linux/types.h>
#include <ltt/import.h>
#include <uapi/ltt/abi.h>

struct ltt_session;

/*
 * A new session named @name ([A-Za-z0-9_.-], < LTT_NAME_LEN), with no
 * channel, not started. @output: the trace directory lttd uses when it
 * drains the session, or NULL (lttctl's default then). The handle holds a
 * reference: ltt_ctl_destroy() ends the session and drops it.
 * ERR_PTR(-EEXIST): the name is taken; -EINVAL, -ENOMEM, -ENOSPC.
 */
struct ltt_session *ltt_ctl_session_create(const char *name,
					   const char *output);

/* A channel, as LTT_IOC_CHANNEL_CREATE (before the first start). */
int ltt_ctl_channel_create(struct ltt_session *s,
			   const struct ltt_channel_args *a);

/*
 * EVENT_ENABLE/DISABLE on @channel: @pattern is an event name or a '*'
 * pattern; @filter an expression of the filter language (lttctl enable
 * --filter, the same compiler), or NULL. Returns how many registered
 * events the pattern matches now (events of probe modules loaded later
 * are enabled when they come), or an error; -EINVAL: a filter that does
 * not compile (the reason is in the kernel log).
 */
int ltt_ctl_enable_event(struct ltt_session *s, const char *channel,
			 const char *pattern, const char *filter);
int ltt_ctl_disable_event(struct ltt_session *s, const char *channel,
			  const char *pattern);

/*
 * A trigger (abi.h, "Triggers"): @a as for TRIGGER_ADD, except that its
 * filter/filter_len must be 0 and @filter (an expression, or NULL) is
 * compiled here. Returns the trigger's id (> 0) or an error.
 */
s64 ltt_ctl_trigger_add(struct ltt_session *s,
			const struct ltt_trigger_args *a, const char *filter);
int ltt_ctl_trigger_remove(struct ltt_session *s, u64 id);

/* START and STOP, as the ioctls (STOP keeps the buffers). */
int ltt_ctl_start(struct ltt_session *s);
int ltt_ctl_stop(struct ltt_session *s);

/*
 * Snapshot to a reader: the trace the buffers hold now, as lttctl
 * snapshot writes it, handed to callbacks instead of files: first the
 * whole CTF metadata (@metadata, once, in pieces), then every delivered
 * packet of every stream, oldest first per stream (@packet: the channel's
 * name, the CPU, the packet's bytes). The packets being written are
 * closed first, unless the session is stopped. A callback that returns
 * non-zero ends the snapshot with that value. Packets overwritten while
 * they are copied are left out. May sleep; the callbacks may too.
 */
struct ltt_ctl_snapshot_ops {
	int (*metadata)(void *priv, const char *text, size_t len);
	int (*packet)(void *priv, const char *channel, unsigned int cpu,
		      const void *data, size_t len);
};
int ltt_ctl_snapshot(struct ltt_session *s,
		     const struct ltt_ctl_snapshot_ops *ops, void *priv);

/* DESTROY (if userspace has not), then drop the handle. */
void ltt_ctl_destroy(struct ltt_session *s);

#endif /* _LTT_CONTROL_H */
