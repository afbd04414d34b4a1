/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * libltt-ctl: every ioctl of the ltt control device, one thin function each
 * (tools/lib/ltt-ctl.c), shared by lttctl and lttd. Each returns a value >=
 * 0 (an fd, a count, 0) or -errno; none prints anything.
 */
#ifndef _LTT_CTL_H
#define _LTT_CTL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <ltt/abi.h>

#define LTT_CTL_DEV		"/dev/ltt"
#define LTT_MARK_DEV		"/dev/ltt-mark"

/* Open the control device (LTT_DEV in the environment overrides the path)
 * and do the version handshake. */
int lttc_open(void);
int lttc_version(int ctl, struct ltt_version *v);

int lttc_session_create(int ctl, const char *name);
int lttc_session_open(int ctl, const char *name);
/* Lists: *out is malloc()ed (free it); returns the number of entries. */
int lttc_session_list(int ctl, struct ltt_session_entry **out);
int lttc_event_list(int ctl, struct ltt_event_entry **out);
/* The fields of event name: *out is malloc()ed (free it; NULL when the
 * event has none); returns their number. -ENOENT: no such event. */
int lttc_event_fields(int ctl, const char *name, struct ltt_field_entry **out);

int lttc_channel_create(int sfd, const struct ltt_channel_args *a);
int lttc_channel_open(int sfd, const char *name);
/* name (LTT_NAME_LEN bytes) receives the channel's name */
int lttc_channel_open_index(int sfd, unsigned int index, char *name);
int lttc_metadata_open(int sfd);
int lttc_session_start(int sfd);
int lttc_session_stop(int sfd);
int lttc_session_destroy(int sfd);
int lttc_session_statedump(int sfd);
/* The persistent region (abi.h): on the /dev/ltt fd. */
int lttc_pmem_status(int ctl, struct ltt_pmem_status *st);
int lttc_pmem_read(int ctl, struct ltt_pmem_read *rd);
int lttc_pmem_discard(int ctl);
int lttc_session_info(int sfd, struct ltt_session_info *info);
int lttc_set_output(int sfd, const char *path);
/* *path is malloc()ed */
int lttc_get_output(int sfd, char **path);
/*
 * Where the trace goes: a local directory (SET_OUTPUT), a relay
 * (lttng-relayd, LTTng's URL) and its live period in us, 0: not live
 * (SESSION_SET_RELAY, ABI 1.9), or both.
 */
struct ltt_output {
	char *dir;			/* NULL: no local copy */
	char *url;			/* NULL: no relay */
	uint64_t live_us;
};
/* url "" removes the relay; -ENAMETOOLONG: LTT_RELAY_URL_LEN or longer */
int lttc_session_set_relay(int sfd, const char *url, uint64_t live_us);
int lttc_session_get_relay(int sfd, struct ltt_session_relay *r);
/* SET_OUTPUT (o->dir) then SET_RELAY (o->url); -ENOTTY: no relay field
 * (a module older than ABI 1.9) */
int ltt_output_set(int sfd, const struct ltt_output *o);
/*
 * The output string lttctl 1.8 wrote, the relay on extra lines of it
 * (output.c), for a session it made: 0, -ENOMEM, -EINVAL (not that form)
 */
int ltt_output_decode(const char *s, struct ltt_output *o);
void ltt_output_free(struct ltt_output *o);
/* Both, or the old string; -ENOENT: the session has neither */
int ltt_output_get(int sfd, struct ltt_output *o);
/* lttd's relay connection, as it reports it (output.c) */
struct ltt_relay_status {
	char state[32];		/* connected, reconnecting, ended, failed */
	char dir[4200];		/* the trace under the relay's output (the
				 * last relay session's) */
	char error[600];	/* the last connection error */
	unsigned long long packets, bytes;	/* the relay took them */
	unsigned long long unsent;	/* packets it did not get */
	unsigned int sessions;	/* relay sessions: 1 + reconnections */
	/* packets sent again to a new relay session, not confirmed by the
	 * one before (which may hold them too) */
	unsigned long long resent;
	/* sent, never confirmed written, given up at the end (the relay
	 * away then) */
	unsigned long long dropped;
	unsigned int unconfirmed;	/* sent, not confirmed written yet */
	char archive[4200];	/* the last chunk the relay archived, its path */
	char refused[600];	/* why the last rotation or clear did not go */
};
int ltt_relay_status_path(const char *session, char *buf, size_t len);
/* 0, or -errno (-ENOENT: no lttd reported) */
int ltt_relay_status_read(const char *session, struct ltt_relay_status *st);
/*
 * lttd's supervisor, as it reports it (output.c): the restarts of its
 * worker. last_time: CLOCK_BOOTTIME seconds of the last worker's end.
 */
struct ltt_lttd_status {
	uint8_t uuid[16];	/* the session's: a file of a session of the */
	bool have_uuid;		/*   same name before is not this one's */
	int supervisor_pid, worker_pid;
	unsigned int restarts;
	long long last_time;
	char last_cause[128];	/* "killed by signal 9", "exited with status 1" */
	long long next_start;	/* boot time (s) of the next worker's start, */
};				/*   when waiting for it (worker_pid 0); else 0 */
int ltt_lttd_status_path(const char *session, char *buf, size_t len);
/* 0, or -errno (-ENOENT: no supervisor reported) */
int ltt_lttd_status_read(const char *session, struct ltt_lttd_status *st);
int lttc_consumer_attach(int sfd);
int lttc_consumer_detach(int sfd);
int lttc_consumer_error(int sfd, int error);

/* Dynamic probes of a session; create: -errno, errbuf as the caller set */
int lttc_probe_create(int sfd, struct ltt_probe_args *a);
int lttc_probe_remove(int sfd, const char *name);
int lttc_probe_list(int sfd, struct ltt_probe_entry **out);

int lttc_stream_open(int cfd, unsigned int cpu);
int lttc_event_enable(int cfd, const char *pattern);
/* ABI 1.5: with a filter program (common/filter-compile.h) */
int lttc_event_enable_filter(int cfd, const char *pattern, const void *prog,
			     size_t len);
int lttc_event_disable(int cfd, const char *pattern);
int lttc_channel_info(int cfd, struct ltt_channel_info *info);
int lttc_stream_stats(int cfd, unsigned int cpu, struct ltt_stream_stats *st);
/* ABI 1.3: records per event of the channel (*out malloc()ed) */
int lttc_event_counts(int cfd, struct ltt_event_count **out);
/* ABI 1.5: trackers of a session (LTT_TRACKER_*, see abi.h) */
int lttc_tracker(int sfd, bool add, unsigned int type, int64_t id,
		 unsigned int flags);
/* ABI 1.6: a channel's rules with their filters' text, a session's
 * tracker sets (abi.h: RULE_LIST, TRACKER_LIST); *out malloc()ed */
int lttc_rule_list(int cfd, struct ltt_rule_entry **out);
int lttc_tracker_list(int sfd, struct ltt_tracker_entry **out);
/* ABI 1.4: a stream's packets without consuming them (see abi.h) */
int lttc_snapshot_sample(int cfd, unsigned int cpu, unsigned int flags,
			 uint64_t *first_seq, uint64_t *end_seq);
int lttc_snapshot_read(int cfd, unsigned int cpu, uint64_t seq, void *buf,
		       size_t len, struct ltt_snapshot_read *out);

int lttc_get_next_subbuf(int st, struct ltt_subbuf *sb);
int lttc_put_next_subbuf(int st);
int lttc_stream_info(int st, struct ltt_stream_info *info);
int lttc_stream_flush(int st);
/* ABI 1.7: where the stream is (abi.h, STREAM_POSITION); put back the held
 * sub-buffer unwritten, counted as dropped */
int lttc_stream_position(int st, struct ltt_stream_position *pos);
int lttc_drop_next_subbuf(int st);

/* ABI 1.7: the session's configuration (abi.h) */
int lttc_session_set_config(int sfd, const struct ltt_session_config *c);
int lttc_session_get_config(int sfd, struct ltt_session_config *c);
/* ABI 1.7: rotation. rotate: queue a request (LTT_ROTATE_*), *id its id.
 * take: the consumer takes the waiting one. done: the consumer reports
 * it (archive: absolute path or ""; chunk_dir: the current chunk's
 * directory under the output, "" for the output itself). status: *archive
 * and *chunk_dir malloc()ed (either may be NULL: not wanted). */
int lttc_rotate(int sfd, unsigned int flags, uint64_t *id);
int lttc_rotate_take(int sfd, uint64_t *id, unsigned int *flags);
int lttc_rotate_done(int sfd, uint64_t id, int error, uint64_t chunk_id,
		     const char *archive, const char *chunk_dir);
int lttc_rotate_status(int sfd, struct ltt_rotate_status *st, char **archive,
		       char **chunk_dir);
/* ABI 1.8: take, and which trigger asked (0: a tool; LTT_ROTATE_SNAPSHOT
 * in *flags: a trigger's snapshot, abi.h) */
int lttc_rotate_take_trigger(int sfd, uint64_t *id, unsigned int *flags,
			     uint64_t *trigger_id);

/*
 * ABI 1.8: triggers (abi.h, "Triggers"). Check the module's ABI first
 * (lttc_need_minor(ctl, 8)): an older module has none (its session fd
 * answers -ENOTTY).
 * add: a's condition, action, names and rates as the caller set them,
 * prog/len a compiled filter (common/filter-compile.h; NULL/0: none);
 * returns 0 with a->id set. list: *out malloc()ed, in id order.
 * notify_open: the notification fd (LTT_NOTIFY_SERVE: this caller also
 * serves snapshot requests), read with ltt_notif_parse() (notify.h).
 */
int lttc_trigger_add(int sfd, struct ltt_trigger_args *a, const void *prog,
		     size_t len);
int lttc_trigger_remove(int sfd, uint64_t id);
int lttc_trigger_list(int sfd, struct ltt_trigger_entry **out);
int lttc_trigger_notify_open(int sfd, unsigned int flags);

/*
 * ABI 1.12: histograms (abi.h, "Histograms"); lttc_need_minor(ctl, 12)
 * first. add: a as the caller set it, prog/end_prog compiled filters
 * (NULL: none). list: *out malloc()ed, in the order of addition. keys:
 * *out malloc()ed, the count returned. clear: name "" for all.
 */
int lttc_hist_add(int sfd, struct ltt_hist_args *a, const void *prog,
		  size_t len, const void *end_prog, size_t end_len);
int lttc_hist_remove(int sfd, const char *name);
int lttc_hist_clear(int sfd, const char *name);
int lttc_hist_list(int sfd, struct ltt_hist_entry **out);
int lttc_hist_keys(int sfd, const char *name, struct ltt_hist_key **out);

/* The loaded module's ABI minor (ctl: a /dev/ltt fd), or -errno; and a
 * check: 0 when it is at least minor, -EPROTONOSUPPORT when older. */
int lttc_abi_minor(int ctl);
int lttc_need_minor(int ctl, unsigned int minor);

/*
 * The bytes of a stream that reached the disk (or the relay): the packets
 * the consumer put back, less those it dropped, which the kernel counts
 * as consumed too.
 */
static inline uint64_t ltt_stream_written(const struct ltt_stream_stats *st)
{
	return st->bytes_consumed > st->dropped_bytes ?
	       st->bytes_consumed - st->dropped_bytes : 0;
}

/* A session's totals over all its channels and CPUs (several ioctls);
 * bytes: written (ltt_stream_written()). */
struct ltt_totals {
	uint64_t records, lost_full, lost_big, lost_overwritten, lost_nesting, bytes;
	uint64_t backlog;	/* bytes of sub-buffers delivered, not yet consumed */
	uint64_t dropped_packets, dropped_bytes;	/* consumer could not write */
	unsigned int channels, streams;
};
int ltt_session_totals(int sfd, struct ltt_totals *t);

/* Helpers of the tools, not ioctls (tools/lib/util.c). */

/* "64k", "1M", "4096": bytes; -EINVAL or -ERANGE. */
int ltt_parse_size(const char *s, uint64_t *out);
/* "123.4 MiB" into buf */
const char *ltt_fmt_bytes(uint64_t n, char *buf, size_t len);
/* mkdir -p, mode 0755; 0 or -errno */
int ltt_mkdirs(const char *path);
/*
 * A new, empty snapshot directory under output (made if needed), named
 * as LTTng names a session's snapshots: output/snapshot-N-DATE-TIME, N one
 * more than the highest there, DATE-TIME when (local time). lttd and
 * lttctl trigger wait write a trigger's snapshots there. 0 with its path
 * in buf, or -errno.
 */
int ltt_snapshot_dir(const char *output, time_t when, char *buf, size_t len);
/*
 * The snapshot-N-* directories of output within the session's limits
 * (--keep-snapshots N, else --keep-chunks N; --keep-size SIZE for all of
 * them together): the oldest (lowest N) removed first, never kept (the one just
 * written, a path; may be NULL). The number removed, or -errno.
 */
int ltt_snapshot_prune(const char *output, uint32_t keep, uint64_t keep_size,
		       const char *kept);
/* The selection behind it, on entries of one directory: sorts v by
 * number and marks those to remove (never number newest); their count. */
struct ltt_snapshot_entry {
	char name[256];
	unsigned long number;
	uint64_t bytes;
	bool remove;
};
unsigned int ltt_snapshot_victims(struct ltt_snapshot_entry *v, unsigned int n,
				  uint32_t keep, uint64_t keep_size,
				  unsigned long newest);
/* The same, the entries removed before they were shipped to the
 * session's relay (shipping: it has one) counted in the spool's catalogue */
int ltt_snapshot_prune_spool(const char *output, uint32_t keep,
			     uint64_t keep_size, const char *kept,
			     bool shipping);

/*
 * tools/lib/spool.c: the traces a session with a relay ships (lttd's
 * relay-ship.c; doc/relay.md, "Shipping snapshots and recovered traces"). Its
 * spool is its trace directory, or LTT_SPOOL_ROOT/SESSION without one;
 * its entries are the snapshot-N-* and recovered-* directories there.
 */
#define LTT_SPOOL_ROOT	"/var/spool/ltt"
#define LTT_SPOOL_MARK	".shipped"	/* in an entry: it is on the relay */
#define LTT_SPOOL_LOG	"shipped.log"	/* the spool's catalogue */
bool ltt_spool_entry_name(const char *name);
/* o->dir, or for a session with a relay only LTT_SPOOL_ROOT/session in
 * buf; NULL: neither */
const char *ltt_spool_dir(const struct ltt_output *o, const char *session,
			  char *buf, size_t len);
bool ltt_spool_shipped(const char *entry);
/* one line appended to the catalogue, whole, synced: 0 or -errno */
int ltt_spool_log(const char *spool, const char *line);
struct ltt_spool_count {
	unsigned int shipped;	/* traces with a catalogue line "shipped" */
	unsigned int waiting;	/* entries without their marker */
	unsigned int dropped;	/* removed unshipped: catalogue "dropped" */
};
/* 0 (a spool not made yet counts nothing) or -errno */
int ltt_spool_count(const char *spool, struct ltt_spool_count *c);
/* entry (a path) about to be removed: if not shipped, a "dropped" line */
int ltt_spool_unshipped(const char *entry, const char *why);

/* The count ltt_snapshot_prune() keeps for a session's configuration. */
#define LTT_KEEP_SNAPSHOTS(c)	((c)->keep_snapshots ?: (c)->keep_chunks)

/* tools/lib/elf-sym.c: the file offset of function @name of ELF file
 * @path, for a uprobe. 0; -ENOENT, no such function; -ENOEXEC, not a
 * 64-bit little-endian ELF file; -ERANGE, in no loadable segment; or the
 * open()'s -errno. */
int ltt_elf_func_offset(const char *path, const char *name, uint64_t *off);

#endif /* _LTT_CTL_H */
