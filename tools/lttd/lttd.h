/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lttd: the consumer daemon. It drains every stream of one session into
 * <dir>/<channel>_<cpu> and the metadata into <dir>/metadata.
 *
 * Threads and shared state:
 *   main	setup, metadata, signals (signalfd), final fsync and exit
 *   worker N	the streams of CPU N of every channel: poll, GET, write, PUT
 *   call_rcu	liburcu's thread: closes and frees finished streams
 *
 * The stream table d->streams is an RCU list (liburcu, memb flavour):
 * workers read it, each removes only its own streams (cds_list_del_rcu)
 * and frees them with call_rcu(), so the main thread may walk the list
 * under rcu_read_lock() at any time (to flush on SIGTERM) and never sees a
 * closed fd. Counters are written by one worker and read by main at the
 * end, after the workers are joined.
 */
#ifndef _LTTD_H
#define _LTTD_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <pthread.h>
#include <urcu.h>
#include <urcu/rculist.h>
#include "ltt-ctl.h"

struct lttd_stream {
	struct cds_list_head node;	/* on lttd.streams, RCU */
	struct rcu_head rcu;
	int fd;				/* stream fd */
	unsigned int cpu;
	char name[LTT_NAME_LEN + 16];	/* <channel>_<cpu> */
	char path[PATH_MAX];
	int out;			/* file, -1 until the first packet */
	uint64_t size;			/* bytes in the file */
	const uint8_t *map;
	size_t map_len;
	bool have_last_seq;		/* resumed: a packet is on disk */
	uint64_t last_seq;
	uint64_t packets, bytes;	/* written by this run */
	bool failed;
};

struct lttd_worker {
	pthread_t tid;
	unsigned int cpu;
	int wake_fd;			/* eventfd: main wakes the worker */
	struct lttd *d;
};

struct lttd {
	const char *session;
	char *dir;
	bool snapshot, daemon, quiet;
	int ctl, sfd;
	uint8_t uuid[16];
	struct cds_list_head streams;
	unsigned int nr_cpus;		/* highest stream count of a channel */
	struct lttd_worker *workers;
	int done_fd;			/* eventfd: workers tell main they ended */
	int stopping;			/* uatomic: drain what is there and end */
	int failed;			/* uatomic: a stream failed */
	uint64_t packets, bytes;	/* totals, summed at the end */
};

/* lttd.c */
void lttd_log(bool error, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* stream.c */
int lttd_open_streams(struct lttd *d);
int lttd_start_workers(struct lttd *d);
void lttd_join_workers(struct lttd *d);
void lttd_flush_all(struct lttd *d);
void lttd_wake_workers(struct lttd *d);
int lttd_snapshot_streams(struct lttd *d);
void lttd_free_streams(struct lttd *d);

/* metadata.c */
struct lttd_metadata {
	int fd, out;
	bool hup;
	uint64_t size;
};
int lttd_metadata_open(struct lttd *d, struct lttd_metadata *m);
/* read what is available; 0, 1 when the kernel reports the end, -errno */
int lttd_metadata_pump(struct lttd *d, struct lttd_metadata *m);
void lttd_metadata_close(struct lttd_metadata *m);

#endif /* _LTTD_H */
