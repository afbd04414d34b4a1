/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lttd trace chunks (chunk-policy.c): their names, LTTng's, and which
 * archived chunks --keep-chunks/--keep-size delete. Pure logic, no I/O,
 * so that tests/unit checks it alone; chunk.c does the rest.
 *
 *   <dir>/kernel			chunk 0, never rotated: today's layout
 *   <dir>/<BEGIN>-<N>/kernel		chunk N > 0, being written
 *   <dir>/archives/<BEGIN>-<END>-<N>	chunk N archived (chunk 0: with its
 *					kernel/ moved in)
 *
 * BEGIN and END: local time, YYYYmmddTHHMMSS+HHMM (or -HHMM).
 *
 * Chunk ids go on across the traces written to one directory (each boot's
 * session, say): a new session's first chunk is chunk 0 (DIR/kernel) in
 * an empty directory only, else one past the highest id there, as
 * DIR/<BEGIN>-<N>. What an earlier trace left unarchived (a crash, a
 * power loss) is archived as it stands when the next lttd starts
 * (leftover.c).
 */
#ifndef _LTTD_CHUNK_POLICY_H
#define _LTTD_CHUNK_POLICY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#define LTTD_ARCHIVES_DIR	"archives"
#define LTTD_CHUNK_TIME_LEN	21	/* "20171119T152407-0500" + NUL */
/* "<BEGIN>-<END>-<N>" with N of up to 20 digits, and its NUL */
#define LTTD_CHUNK_NAME_LEN	(2 * LTTD_CHUNK_TIME_LEN + 21)

/* t in local time, as a chunk name has it. 0, or -EINVAL. */
int lttd_chunk_time(char buf[LTTD_CHUNK_TIME_LEN], time_t t);
/* The time the first LTTD_CHUNK_TIME_LEN - 1 characters of s name. */
int lttd_chunk_time_parse(const char *s, time_t *t);

/* "<BEGIN>-<N>": the directory of a chunk being written. */
int lttd_chunk_name(char *buf, size_t len, const char *begin, uint64_t id);
/* "<BEGIN>-<END>-<N>": an archived chunk. */
int lttd_archive_name(char *buf, size_t len, const char *begin,
		      const char *end, uint64_t id);
/* name is a chunk's "<BEGIN>-<N>": true, with BEGIN (may be NULL), N. */
bool lttd_chunk_name_parse(const char *name,
			   char begin[LTTD_CHUNK_TIME_LEN], uint64_t *id);
/* name is an archive's "<BEGIN>-<END>-<N>": true, with N. */
bool lttd_archive_name_parse(const char *name, uint64_t *id);

/* name is an archive's: true, with its BEGIN and END times and N. */
bool lttd_archive_name_times(const char *name, time_t *begin, time_t *end,
			     uint64_t *id);

struct lttd_archive {
	uint64_t id;
	uint64_t bytes;			/* disk use */
	time_t begin, end;		/* from its name */
	bool running;			/* the running session's own */
	char name[LTTD_CHUNK_NAME_LEN];
};

/*
 * Oldest first: another trace's archives (an earlier boot's, whatever
 * their clock said) before the running session's, then by END, BEGIN,
 * chunk id, name. Chunk ids restart with each trace of an older lttd and
 * clocks may step, so neither alone orders archives across boots.
 */
void lttd_archives_sort(struct lttd_archive *a, size_t n);

/*
 * a: the archives, oldest first. How many of the oldest to delete so that
 * at most keep_chunks remain (0: any number) and they use at most
 * keep_size bytes (0: any size). The newest archive is always kept: it is
 * the one a rotation has just reported. Nothing of the running session
 * goes while another trace's archive is left: with a[] sorted, those
 * come first.
 */
size_t lttd_archives_to_delete(const struct lttd_archive *a, size_t n,
			       uint32_t keep_chunks, uint64_t keep_size);

/*
 * The id of a new session's first chunk in a directory where the highest
 * chunk id present (archived or left) is max (have: any is present):
 * max + 1, so that ids never repeat in a directory; 0 in an empty one.
 * -EOVERFLOW past UINT64_MAX.
 */
int lttd_chunk_first_id(bool have, uint64_t max, uint64_t *id);

/*
 * The trace's uuid in the first len bytes of a CTF metadata text (its
 * trace block's "uuid = \"...\";"): 0, or -ENOENT. Which trace a chunk
 * or an archive belongs to.
 */
int lttd_metadata_uuid(const char *text, size_t len, uint8_t uuid[16]);

/*
 * The supervisor's wait before it restarts a worker that died
 * (supervise.c): 1 s, doubled at each restart up to 60 s; 1 s again once
 * a worker ran LTTD_RESTART_RESET_S. prev: the last wait (0: none yet);
 * ran: how long the worker that died ran, in s.
 */
#define LTTD_RESTART_MIN_S	1
#define LTTD_RESTART_MAX_S	60
#define LTTD_RESTART_RESET_S	300
unsigned int lttd_restart_delay(unsigned int prev, double ran);

#endif /* _LTTD_CHUNK_POLICY_H */
