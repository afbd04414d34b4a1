/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lttd: the consumer daemon. It drains every stream of one session into
 * the session's trace directory DIR, laid out as LTTng lays out a kernel
 * trace (readers look for "kernel/"; babeltrace2 finds every chunk under
 * DIR), in trace chunks (chunk-policy.h):
 *
 *   DIR/kernel/metadata, DIR/kernel/<channel>_<cpu>[_<i>]	chunk 0
 *   DIR/<BEGIN>-<N>/kernel/...			chunk N, after a rotation
 *   DIR/archives/<BEGIN>-<END>-<N>/kernel/...	archived chunks
 *
 * It runs until the session is destroyed and drained, or SIGTERM/SIGINT;
 * a stopped session is idle (GET gives -EAGAIN). Run by hand on a session
 * stopped at its start ("drain mode"), it writes what the buffers hold
 * and ends.
 *
 * A loop (struct lttd_loop) is an epoll set and the streams it drains;
 * both modes run the same loop code (loop.c) and the same drain
 * (stream.c):
 *
 *   --threads=per-cpu (default: drains a backlog faster; doc/design.md)
 *     main	setup, metadata, signals (signalfd), workers ending
 *		(done_fd), rotation requests (the session fd), rotations
 *		ending (rot.done_fd), the 1 s schedule timer (chunk.c)
 *     worker N	a loop over the streams of CPU N of every channel
 *   --threads=single (a little less CPU per byte)
 *     main	the same, and one loop over every stream
 *   both
 *     call_rcu	liburcu's thread: closes and frees finished streams
 *
 * Who owns what:
 * - A stream (its files, chunk directory, counters, boundary) belongs to
 *   the thread of its loop; main uses its fd (flush) and marks it for a
 *   rotation, below. A loop finds its own streams in its private array,
 *   never by walking the list.
 * - The stream table d->streams is an RCU list (liburcu, memb flavour): a
 *   loop removes only its own streams (cds_list_del_rcu, under
 *   d->streams_lock: RCU lets readers run alongside one updater, not two
 *   updaters alongside each other, and two workers may finish
 *   neighbouring streams at once) and frees them with call_rcu(), so the
 *   main thread may walk the list under rcu_read_lock() at any time (to
 *   flush on SIGTERM, to mark the streams for a rotation) without a lock
 *   and never sees a closed fd. A loop handles each epoll batch under
 *   rcu_read_lock() too: a stream finished earlier in the batch is still
 *   allocated when its own event comes, and skipped (s->loop is NULL).
 * - The metadata (struct lttd_metadata): under d->md_lock, any thread
 *   pumps it; m->behind alone is read without the lock.
 * - Chunks (d->chunk, d->gen, d->config): main alone. A rotation's fields
 *   (d->rot) are written by main before it marks a stream
 *   (s->rot_state IDLE -> PENDING, a cmpxchg: a full barrier) and read
 *   by the stream's loop after it sees the mark; main changes them again
 *   only once every marked stream has counted itself done
 *   (d->rot.remaining, uatomic). A stream that finishes marks itself
 *   FINISHED (xchg), so main never waits for a stream no loop drains.
 * - Counters written by several loops are uatomic: d->chunk_bytes, and
 *   the totals, which main reads after the workers are joined.
 * - A trigger's snapshot (main, snapshot.c) holds the loops: under
 *   d->snap_lock, main sets snap_hold and waits until no loop is inside
 *   a drain; a loop waits while it is set. So the packets the snapshot
 *   closes are copied before lttd takes them.
 */
#ifndef _LTTD_H
#define _LTTD_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <pthread.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/types.h>
#include <urcu.h>
#include <urcu/rculist.h>
#include <urcu/uatomic.h>
#include "ltt-ctl.h"
#include "chunk-policy.h"
#include "tracefile.h"
#include "output.h"

#ifndef __always_unused
#define __always_unused		__attribute__((unused))
#endif

struct lttd_loop;

/* s->rot_state */
enum lttd_rot_state {
	LTTD_ROT_IDLE,			/* in the current chunk */
	LTTD_ROT_PENDING,		/* marked by main: leave the chunk at
					 * the boundary (its loop reads it) */
	LTTD_ROT_FINISHED,		/* out of its loop: main marks it no
					 * more */
};

struct lttd_stream {
	struct cds_list_head node;	/* on lttd.streams, RCU */
	struct rcu_head rcu;
	int fd;				/* stream fd */
	unsigned int cpu;
	char name[LTT_NAME_LEN + 16];	/* <channel>_<cpu> */
	struct lttd_tracefile_limits lim;	/* its channel's */
	char kdir[PATH_MAX];		/* its chunk's trace directory */
	char path[PATH_MAX];		/* the file being written */
	uint64_t index;			/* its index (<name>_<index>) */
	uint64_t max_index;		/* the highest used in this chunk */
	int out;			/* that file, -1: none open */
	uint64_t size;			/* bytes of whole packets in it */
	bool dirty;			/* bytes past size: cut them first */
	const uint8_t *map;
	size_t map_len;
	uint64_t subbuf_size;		/* STREAM_INFO's: a packet's most */
	unsigned int num_subbuf;	/* and the buffer's packets */
	bool have_last_seq;		/* resumed: a packet is on disk */
	uint64_t last_seq;
	uint64_t packets, bytes;	/* written by this run */
	uint64_t dropped;		/* put back unwritten (DROP) */
	/* to an output alone: taken, not sent (LTTD_OUT_KEEP: it is
	 * away), sent first once it is back: lttd drops nothing for it */
	bool held;
	struct ltt_subbuf held_sb;
	uint64_t episode;		/* of them, since a write last worked */
	bool failed;
	unsigned int gen;		/* the chunk generation it writes */
	int rot_state;			/* uatomic: enum lttd_rot_state */
	bool rot_known;			/* PENDING: rot_boundary is read */
	uint64_t rot_boundary;		/* first packet of the new chunk */
	struct lttd_loop *loop;		/* the loop draining it */
	unsigned int slot;		/* in loop->streams */
	unsigned int chan_index;	/* its channel's: the CTF stream id */
	unsigned int out_slot;		/* its stream in d->out */
};

/* epoll_event.data.u64 of what is not a stream (streams: their pointer) */
enum lttd_tag {
	LTTD_EV_WAKE = 1,		/* loop->wake_fd */
	LTTD_EV_METADATA,		/* main: the metadata fd */
	LTTD_EV_SIGNAL,			/* main: the signalfd */
	LTTD_EV_DONE,			/* main: d->done_fd */
	LTTD_EV_SESSION,		/* main: the session fd: a request */
	LTTD_EV_ROTATED,		/* main: d->rot.done_fd */
	LTTD_EV_TIMER,			/* main: d->timer_fd */
	LTTD_EV_OUTPUT,			/* main: output i's timer (output.h)
					 * is LTTD_EV_OUTPUT + i */
	LTTD_EV_TAGS = LTTD_EV_OUTPUT + LTTD_OUTPUTS_MAX
};

struct lttd_loop {
	struct lttd *d;
	pthread_t tid;			/* workers only */
	int epfd;
	int wake_fd;			/* eventfd: main wakes a worker */
	struct lttd_stream **streams;	/* its streams; NULL once finished */
	unsigned int nr_streams;	/* slots in streams[] */
	unsigned int live;		/* streams not finished yet */
};

enum lttd_threads {
	LTTD_THREADS_PER_CPU,		/* a worker thread per CPU */
	LTTD_THREADS_SINGLE,		/* main's loop drains every stream */
};
/* measured: see doc/design.md, "Consumer" */
/* The CTF trace's directory under a chunk's, as LTTng names it */
#define LTTD_TRACE_SUBDIR		"kernel"

#define LTTD_THREADS_DEFAULT		LTTD_THREADS_PER_CPU
#define LTTD_THREADS_DEFAULT_NAME	"per-cpu"

/* A trace chunk (chunk-policy.h); main's. */
struct lttd_chunk {
	uint64_t id;
	char name[LTTD_CHUNK_NAME_LEN];	/* "<BEGIN>-<N>"; "" for chunk 0 */
	char begin[LTTD_CHUNK_TIME_LEN];
	char dir[PATH_MAX];		/* DIR/<name>, DIR for chunk 0 */
	char kdir[PATH_MAX];		/* its trace: dir/LTTD_TRACE_SUBDIR */
	double t0;			/* CLOCK_MONOTONIC when it began */
};

/* A rotation or clear being carried out (chunk.c). */
struct lttd_rotation {
	bool active;			/* main: taken, not done yet */
	uint64_t id;			/* the request's */
	bool clear;
	int error;			/* for ROTATE_DONE: positive errno;
					 * loops set it with a cmpxchg */
	time_t when;			/* END of the old chunk, BEGIN of new */
	double t0;			/* CLOCK_MONOTONIC at the start */
	unsigned int gen;		/* the generation streams move to */
	struct lttd_chunk next;		/* rotation: the new chunk */
	int remaining;			/* uatomic: marked streams not done,
					 * + 1 while main marks them */
	int done_fd;			/* eventfd: the last one tells main */
};

struct lttd {
	const char *session;
	char *dir;			/* the trace directory (absolute);
					 * NULL: no local trace files */
	char *url;			/* an output's (output.h), or NULL */
	uint64_t live_us;		/* the output's live period; 0: not */
	bool snapshot, daemon, quiet;
	bool serve;			/* --serve: serve.c, no consumer */
	bool drain;			/* stopped at start: drain, then end */
	bool signalled;			/* SIGTERM/SIGINT: end, no archive */
	int ctl, sfd;
	uint8_t uuid[16];
	struct cds_list_head streams;
	pthread_mutex_t streams_lock;	/* serializes removals from streams */
	unsigned int nr_cpus;		/* highest stream count of a channel */
	enum lttd_threads threads;
	struct lttd_loop main;		/* main thread's loop */
	struct lttd_loop *workers;	/* per-cpu: nr_cpus of them */
	unsigned int nr_started;	/* worker threads running */
	int done_fd;			/* eventfd: workers tell main they ended */
	int stopping;			/* uatomic: drain what is there and end */
	int ended;			/* uatomic: the session was destroyed
					 * (its metadata ended) */
	int failed;			/* uatomic: a stream failed */
	uint64_t packets, bytes;	/* totals, summed at the end */
	uint64_t dropped;		/* packets not written, summed too */
	struct lttd_metadata *md;	/* the session's metadata copy */
	/* the outputs (output.h), chosen once, in the registry's order */
	const struct lttd_output_ops *outs[LTTD_OUTPUTS_MAX];
	unsigned int nr_outs;
	bool out_alone;			/* one output: it may keep packets */
	void *out;			/* an output's state (output.h) */
	pthread_mutex_t md_lock;	/* serializes the metadata's users */
	/* chunks (chunk.c); main's but for what lttd_rotation says */
	struct lttd_chunk chunk;	/* the current one */
	unsigned int gen;		/* bumped by each rotation and clear */
	uint64_t chunk_bytes[2];	/* uatomic: written in generation
					 * gen & 1 (rotate_size) */
	struct lttd_rotation rot;
	struct ltt_session_config config;	/* reread every second */
	bool rotations;			/* the session fd is watched */
	int timer_fd;			/* the schedule's 1 s timer */
	int sched_err;			/* last schedule error logged */
	int config_err;			/* last GET_CONFIG error logged */
	/* a trigger's snapshot (snapshot.c): the loops take no packet
	 * while main copies the frozen buffers */
	pthread_mutex_t snap_lock;
	pthread_cond_t snap_cond;
	bool snap_hold;			/* main copies: loops wait */
	unsigned int snap_draining;	/* loops inside a drain */
	/* the shipper (ship.h): where the snapshots go when the session ships them
	 * (d->dir, or the spool of a session with no trace directory),
	 * NULL when it does not; the thread that ships them */
	char *spool;
	struct lttd_shipper *shipper;
};

/* lttd.c */
void lttd_log(bool error, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
double lttd_now(void);			/* CLOCK_MONOTONIC, s */

/* stream.c: opening, draining and finishing streams */
/* supervise.c: become worker's supervisor; be it (lttd --supervisor) */
void lttd_supervise_exec(struct lttd *d, pid_t worker, int argc,
			 const char **argv) __attribute__((noreturn));
void lttd_supervise(int argc, const char **argv) __attribute__((noreturn));
int lttd_open_streams(struct lttd *d);
/* drain a batch (the loop's event); the stream may finish */
void lttd_stream_event(struct lttd *d, struct lttd_stream *s,
		       uint32_t events);
/* marked by main: drain it up to its boundary now */
void lttd_stream_rotate(struct lttd *d, struct lttd_stream *s);
/* everything complete now, then finish: the end of a stream */
void lttd_stream_drain_finish(struct lttd *d, struct lttd_stream *s);
void lttd_free_streams(struct lttd *d);

/* stream-file.c: a stream's trace files, the files output's (files-out.c;
 * the stream's loop only) */
int lttd_stream_files_resume(struct lttd *d, struct lttd_stream *s);
/* does a packet of len bytes start a new file? */
bool lttd_stream_file_cut(const struct lttd_stream *s, uint64_t len);
int lttd_stream_file_write(struct lttd_stream *s, const uint8_t *p,
			   uint64_t len);
void lttd_stream_file_close(struct lttd_stream *s, bool sync);
/* a rotation: its files go on in kdir */
void lttd_stream_files_chdir(struct lttd_stream *s, const char *kdir);
/* a clear: its files in its chunk are deleted */
void lttd_stream_files_delete(struct lttd_stream *s);

/* loop.c: the loops and their threads */
int lttd_loop_watch(struct lttd_loop *l, int fd, uint64_t tag);
void lttd_loop_unwatch(struct lttd_loop *l, int fd);
void lttd_loop_remove(struct lttd_loop *l, struct lttd_stream *s);
void lttd_loop_event(struct lttd_loop *l, const struct epoll_event *ev);
void lttd_loop_drain_all(struct lttd_loop *l);
int lttd_start_loops(struct lttd *d);
void lttd_join_loops(struct lttd *d);
void lttd_flush_all(struct lttd *d);
/* wake every loop that drains streams (the workers, or main's) */
void lttd_wake_loops(struct lttd *d);

/* chunk.c: chunks, rotations, clears, schedules (main, but for
 * lttd_rotation_stream_done()) */
int lttd_chunk_start(struct lttd *d);	/* after the loops: watch */
void lttd_chunk_stop(struct lttd *d);	/* SIGTERM: take no more */
void lttd_rotation_take(struct lttd *d);
void lttd_rotation_finish(struct lttd *d);
void lttd_schedule_tick(struct lttd *d);
/* any loop: a marked stream is done with the old chunk */
void lttd_rotation_stream_done(struct lttd *d);
/* after the loops: finish a rotation */
void lttd_rotation_end(struct lttd *d);
/* the session's configuration again (lttctl may change it) */
void lttd_config_reread(struct lttd *d);
void lttd_chunk_fini(struct lttd *d);

/* archive.c: archived chunks on disk, the files output's (main) */
int lttd_archive_chunk(struct lttd *d, const struct lttd_chunk *c,
		       time_t end, char *path, size_t len);
void lttd_archives_prune(struct lttd *d, uint32_t keep_chunks,
			 uint64_t keep_size);

/* leftover.c: what earlier traces left in DIR, at the session's start */
int lttd_chunks_found(struct lttd *d, struct lttd_chunk *c, bool *resumed);
int lttd_trace_uuid(const char *kdir, uint8_t uuid[16]);

/*
 * The shipper (ship.h): a session with an output URL ships its snapshots and recovered
 * traces (ship.h). setup: d->spool chosen (made if it is the default
 * spool); 0 or -errno (said). start/kick/stop: the shipper thread, in the
 * process that serves or drains (after any fork); each does nothing for
 * a session that ships nothing.
 */
int lttd_ship_setup(struct lttd *d);
void lttd_ship_start(struct lttd *d);
void lttd_ship_kick(struct lttd *d, const char *entry, uint64_t trigger);
void lttd_ship_stop(struct lttd *d);
/* lttd --ship: what waits, shipped, then the end (main's) */
int lttd_ship_main(struct lttd *d, int sigfd);

/* serve.c: --serve, a trigger's snapshots served, nothing drained: the
 * notification fd that serves (or -errno, logged), then the loop until
 * the session is gone or a signal comes on sigfd: 0 or -errno */
int lttd_serve_open(struct lttd *d);
int lttd_serve(struct lttd *d, int nfd, int sigfd);
/* snapshot.c: --snapshot, copies the buffers without consuming them */
int lttd_snapshot(struct lttd *d);
/* main: a trigger's snapshot request id, taken (abi.h,
 * LTT_ROTATE_SNAPSHOT): written into DIR/snapshot-N-DATE-TIME, reported
 * done with its path or error, logged */
void lttd_snapshot_request(struct lttd *d, uint64_t id, uint64_t trigger);
/* a loop, around each drain of a stream: waits while main copies */
void lttd_snapshot_drain_begin(struct lttd *d);
void lttd_snapshot_drain_end(struct lttd *d);

/* metadata.c; see there for who calls what */
struct lttd_md_file {
	char path[PATH_MAX];
	int fd;				/* -1: not open (retried) */
	uint64_t size;			/* bytes of the text it holds whole */
	bool dirty;			/* bytes past size: cut them first */
};

struct lttd_metadata {
	int fd;				/* the kernel's metadata stream */
	bool hup;			/* main: no longer polled */
	bool eof;			/* the kernel ended it (DESTROY) */
	char *text;			/* everything read so far */
	size_t len, cap;
	/* [0]: the current chunk's; [1]: the old one's, during a rotation */
	struct lttd_md_file file[2];
	unsigned int nr_files;
	int err;			/* errno of a write-error episode */
	int behind;			/* uatomic: a file lacks text */
};
void lttd_metadata_init(struct lttd_metadata *m);
int lttd_metadata_open(struct lttd *d, struct lttd_metadata *m);
/* read what is available, hand it to the outputs; 0 or -errno (read) */
int lttd_metadata_pump(struct lttd *d, struct lttd_metadata *m);
/* the files output's (files-out.c): the current chunk's file in kdir;
 * every file up to the text (d->md_lock held) */
int lttd_metadata_files_open(struct lttd *d, struct lttd_metadata *m,
			     const char *kdir);
void lttd_metadata_files_write(struct lttd *d, struct lttd_metadata *m);
int lttd_metadata_chunk_open(struct lttd *d, struct lttd_metadata *m,
			     const char *kdir);
int lttd_metadata_chunk_close(struct lttd *d, struct lttd_metadata *m);
int lttd_metadata_finish(struct lttd *d, struct lttd_metadata *m);
/* the whole text into kdir/metadata, a new file (a trigger's snapshot) */
int lttd_metadata_copy(struct lttd *d, struct lttd_metadata *m,
		       const char *kdir);
void lttd_metadata_close(struct lttd_metadata *m);

/* packets are dropped while a metadata file lacks text */
static inline bool lttd_metadata_behind(struct lttd_metadata *m)
{
	return uatomic_read(&m->behind);
}

#endif /* _LTTD_H */
