/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lttd: the consumer daemon. It drains every stream of one session into
 * <dir>/kernel/<channel>_<cpu>[_<i>] (trace-file limits: tracefile.h) and
 * the metadata into <dir>/kernel/metadata,
 * LTTng's layout of a kernel trace (readers look for "kernel/"; babeltrace2
 * finds the trace under <dir>).
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
 *     main	setup, metadata, signals (signalfd), workers ending (done_fd)
 *     worker N	a loop over the streams of CPU N of every channel
 *   --threads=single (a little less CPU per byte)
 *     main	one loop over every stream, the metadata and the signals
 *   both
 *     call_rcu	liburcu's thread: closes and frees finished streams
 *
 * The stream table d->streams is an RCU list (liburcu, memb flavour): a
 * loop removes only its own streams (cds_list_del_rcu, under
 * d->streams_lock: RCU lets readers run alongside one updater, not two
 * updaters alongside each other, and two workers may finish neighbouring
 * streams at once) and frees them with call_rcu(), so the main thread may
 * walk the list under rcu_read_lock() at any time (to flush on SIGTERM)
 * without a lock and never sees a closed fd. A loop handles each epoll
 * batch under rcu_read_lock() too: a stream finished earlier in the
 * batch (by the drain on a signal) is still allocated when its own event
 * comes, and skipped (s->loop is NULL). A loop
 * finds its own streams in its private array, never by walking the list.
 * Counters are written by one loop and read by main at the end, after the
 * workers are joined.
 */
#ifndef _LTTD_H
#define _LTTD_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <pthread.h>
#include <sys/epoll.h>
#include <urcu.h>
#include <urcu/rculist.h>
#include <urcu/uatomic.h>
#include "ltt-ctl.h"
#include "tracefile.h"

struct lttd_loop;

struct lttd_stream {
	struct cds_list_head node;	/* on lttd.streams, RCU */
	struct rcu_head rcu;
	int fd;				/* stream fd */
	unsigned int cpu;
	char name[LTT_NAME_LEN + 16];	/* <channel>_<cpu> */
	struct lttd_tracefile_limits lim;	/* its channel's */
	char kdir[PATH_MAX];		/* its trace directory */
	char path[PATH_MAX];		/* the file being written */
	uint64_t index;			/* its index (<name>_<index>) */
	uint64_t max_index;		/* the highest used */
	int out;			/* that file, -1: none open */
	uint64_t size;			/* bytes of whole packets in it */
	bool dirty;			/* bytes past size: cut them first */
	const uint8_t *map;
	size_t map_len;
	bool have_last_seq;		/* resumed: a packet is on disk */
	uint64_t last_seq;
	uint64_t packets, bytes;	/* written by this run */
	uint64_t dropped;		/* put back unwritten (DROP) */
	uint64_t episode;		/* of them, since a write last worked */
	bool failed;
	struct lttd_loop *loop;		/* the loop draining it */
	unsigned int slot;		/* in loop->streams */
};

/* epoll_event.data.u64 of what is not a stream (streams: their pointer) */
enum lttd_tag {
	LTTD_EV_WAKE = 1,		/* loop->wake_fd */
	LTTD_EV_METADATA,		/* main: the metadata fd */
	LTTD_EV_SIGNAL,			/* main: the signalfd */
	LTTD_EV_DONE,			/* main: d->done_fd */
	LTTD_EV_TAGS
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
/* The CTF trace's directory under the trace directory, as LTTng names it */
#define LTTD_TRACE_SUBDIR		"kernel"

#define LTTD_THREADS_DEFAULT		LTTD_THREADS_PER_CPU
#define LTTD_THREADS_DEFAULT_NAME	"per-cpu"

struct lttd {
	const char *session;
	char *dir;			/* the trace directory */
	char *kdir;			/* <dir>/LTTD_TRACE_SUBDIR: the CTF trace */
	bool snapshot, daemon, quiet;
	bool drain;			/* stopped at start: drain, then end */
	bool signalled;			/* SIGTERM/SIGINT: end */
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
	int failed;			/* uatomic: a stream failed */
	uint64_t packets, bytes;	/* totals, summed at the end */
	uint64_t dropped;		/* packets not written, summed too */
	struct lttd_metadata *md;	/* the session's metadata copy */
	pthread_mutex_t md_lock;	/* serializes the metadata's users */
};

/* lttd.c */
void lttd_log(bool error, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* stream.c: opening, draining and finishing streams */
int lttd_open_streams(struct lttd *d);
void lttd_stream_event(struct lttd *d, struct lttd_stream *s,
		       uint32_t events);
void lttd_stream_drain_finish(struct lttd *d, struct lttd_stream *s);
void lttd_free_streams(struct lttd *d);

/* stream-file.c: a stream's trace files (the stream's loop only) */
int lttd_stream_files_resume(struct lttd *d, struct lttd_stream *s);
/* does a packet of len bytes start a new file? */
bool lttd_stream_file_cut(const struct lttd_stream *s, uint64_t len);
int lttd_stream_file_write(struct lttd_stream *s, const uint8_t *p,
			   uint64_t len);
void lttd_stream_file_close(struct lttd_stream *s, bool sync);

/* loop.c: the loops and their threads */
int lttd_loop_watch(struct lttd_loop *l, int fd, uint64_t tag);
void lttd_loop_unwatch(struct lttd_loop *l, int fd);
void lttd_loop_remove(struct lttd_loop *l, struct lttd_stream *s);
void lttd_loop_event(struct lttd_loop *l, const struct epoll_event *ev);
void lttd_loop_drain_all(struct lttd_loop *l);
int lttd_start_loops(struct lttd *d);
void lttd_join_loops(struct lttd *d);
void lttd_flush_all(struct lttd *d);
void lttd_wake_workers(struct lttd *d);

/* snapshot.c: --snapshot, copies the buffers without consuming them */
int lttd_snapshot(struct lttd *d);

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
	char *text;			/* everything read so far */
	size_t len, cap;
	struct lttd_md_file file[2];	/* the files the text goes to */
	unsigned int nr_files;
	int err;			/* errno of a write-error episode */
	int behind;			/* uatomic: a file lacks text */
};
void lttd_metadata_init(struct lttd_metadata *m);
int lttd_metadata_open(struct lttd *d, struct lttd_metadata *m);
/* read what is available, write what a file lacks; 0 or -errno (read) */
int lttd_metadata_pump(struct lttd *d, struct lttd_metadata *m);
int lttd_metadata_finish(struct lttd *d, struct lttd_metadata *m);
void lttd_metadata_close(struct lttd_metadata *m);

/* packets are dropped while a metadata file lacks text */
static inline bool lttd_metadata_behind(struct lttd_metadata *m)
{
	return uatomic_read(&m->behind);
}

#endif /* _LTTD_H */
