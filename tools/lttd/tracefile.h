/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lttd trace files (tracefile.c): how one stream is cut into files by its
 * channel's tracefile_size/tracefile_count, with LTTng's names. Pure
 * logic, no I/O, so that tests/unit checks it alone.
 */
#ifndef _LTTD_TRACEFILE_H
#define _LTTD_TRACEFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct lttd_tracefile_limits {
	uint64_t size;		/* bytes per file; 0: one file, no index */
	uint64_t count;		/* files kept (indexes cycle); 0: all */
};

/*
 * The file of index in dir: "<dir>/<stream>" without a size (LTTng's
 * plain name), else "<dir>/<stream>_<index>". 0, or -ENAMETOOLONG.
 */
int lttd_tracefile_path(char *buf, size_t len, const char *dir,
			const char *stream,
			const struct lttd_tracefile_limits *lim,
			uint64_t index);

/*
 * A file holding file_size bytes: does a packet of packet_size bytes go
 * to the next file? Only at a packet boundary and never for the first
 * packet of a file: a packet bigger than the size gets a file alone.
 */
bool lttd_tracefile_cut(const struct lttd_tracefile_limits *lim,
			uint64_t file_size, uint64_t packet_size);

/* The index after index: with a count it cycles 0..count-1, so the next
 * file replaces the oldest one (LTTng's "the oldest file is overwritten"). */
uint64_t lttd_tracefile_next(const struct lttd_tracefile_limits *lim,
			     uint64_t index);

/* fname is "<stream>_<digits>": true with its index. */
bool lttd_tracefile_index(const char *fname, const char *stream,
			  uint64_t *index);

/* What a resumed stream found in one of its files (resume.c scans it). */
struct lttd_tracefile_found {
	uint64_t index;
	bool have_seq;		/* a whole packet is in it */
	uint64_t last_seq;	/* packet_seq_num of its last one */
};

/*
 * The file a resumed stream goes on writing: the one holding the highest
 * packet_seq_num, whatever its index (indexes cycle). Its position in f,
 * or -1 when no file holds a whole packet.
 */
int lttd_tracefile_newest(const struct lttd_tracefile_found *f,
			  unsigned int n);

#endif /* _LTTD_TRACEFILE_H */
