// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd's output to the local trace files in DIR (output.h), laid out as
 * LTTng lays out a kernel trace (lttd.h): each chunk a directory with its
 * metadata file and each stream's files, cut by the channel's trace-file
 * limits; closed chunks archived under DIR/archives.
 *
 * This file: the ops and the chunks' directories (chunk 0 found or made
 * at the start, chunk N+1 made by a rotation, the last one archived at
 * the end). The I/O under them is in the helpers it calls: a stream's
 * files stream-file.c (their names and cuts tracefile.c), the metadata
 * files metadata.c, the archives archive.c, what earlier runs left
 * leftover.c. The rotation's steps are chunk.c's.
 *
 * A packet goes to its stream's file only once the metadata that
 * describes it is on disk: while a metadata write fails, packets are
 * dropped (LTTD_OUT_BEHIND) rather than written undescribed.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "lttd.h"

static int chunk_paths(struct lttd *d, struct lttd_chunk *c)
{
	int n;

	if (c->name[0])
		n = snprintf(c->dir, sizeof(c->dir), "%s/%s", d->dir, c->name);
	else
		n = snprintf(c->dir, sizeof(c->dir), "%s", d->dir);
	if (n < 0 || (size_t)n >= sizeof(c->dir))
		return -ENAMETOOLONG;
	n = snprintf(c->kdir, sizeof(c->kdir), "%s/" LTTD_TRACE_SUBDIR,
		     c->dir);
	if (n < 0 || (size_t)n >= sizeof(c->kdir))
		return -ENAMETOOLONG;
	return 0;
}

/* Chunk 0's BEGIN on resuming: when its trace was made, if known. */
static time_t chunk0_begin(const char *kdir)
{
	struct statx stx;

	if (!statx(AT_FDCWD, kdir, 0, STATX_BTIME, &stx) &&
	    (stx.stx_mask & STATX_BTIME))
		return stx.stx_btime.tv_sec;
	return time(NULL);
}

/* The schedule's clock: the chunk began at begin (wall clock). */
static void chunk_began(struct lttd_chunk *c, time_t begin)
{
	time_t now = time(NULL);

	c->t0 = lttd_now() - (now > begin ? difftime(now, begin) : 0);
}

/*
 * The current chunk: the one the kernel last heard of (ROTATE_STATUS), so
 * a restarted lttd goes on in it; chunk 0 in DIR otherwise. DIR is made
 * absolute (ROTATE_DONE reports absolute paths).
 */
static int chunk_setup(struct lttd *d)
{
	struct lttd_chunk *c = &d->chunk;
	struct ltt_rotate_status st = { 0 };
	char *cdir = NULL, *abs;
	time_t begin = 0;
	uint64_t id;
	int ret;

	memset(c, 0, sizeof(*c));
	ret = ltt_mkdirs(d->dir);
	if (ret < 0) {
		lttd_log(true, "cannot create %s: %s", d->dir, strerror(-ret));
		return ret;
	}
	abs = realpath(d->dir, NULL);
	if (abs) {
		free(d->dir);
		d->dir = abs;
	}
	if (!d->snapshot) {
		ret = lttc_rotate_status(d->sfd, &st, NULL, &cdir);
		/* -ENOTTY: a kernel before ABI 1.7, which never rotates */
		if (ret < 0 && ret != -ENOTTY) {
			lttd_log(true, "session %s: ROTATE_STATUS: %s",
				 d->session, strerror(-ret));
			return ret;
		}
	}
	if (cdir && strlen(cdir) >= sizeof(c->name)) {
		lttd_log(true, "session %s: its chunk %s is not lttd's",
			 d->session, cdir);
		free(cdir);
		return -ENAMETOOLONG;
	}
	if (cdir && *cdir) {
		c->id = st.chunk_id;
		memcpy(c->name, cdir, strlen(cdir) + 1);
		if (!lttd_chunk_name_parse(cdir, c->begin, &id) ||
		    lttd_chunk_time_parse(c->begin, &begin)) {
			lttd_log(true, "session %s: its chunk %s is not named as lttd names chunks; its archive begins now",
				 d->session, cdir);
			begin = time(NULL);
			lttd_chunk_time(c->begin, begin);
		}
	} else if (!d->snapshot) {
		/* never rotated: what DIR holds decides (leftover.c) */
		bool resumed;

		ret = lttd_chunks_found(d, c, &resumed);
		if (ret < 0) {
			free(cdir);
			return ret;
		}
		if (c->name[0] && lttd_chunk_time_parse(c->begin, &begin))
			begin = time(NULL);
	}
	free(cdir);
	ret = chunk_paths(d, c);
	if (ret < 0) {
		lttd_log(true, "%s: %s", d->dir, strerror(-ret));
		return ret;
	}
	if (!c->name[0]) {
		begin = chunk0_begin(c->kdir);
		lttd_chunk_time(c->begin, begin);
	}
	chunk_began(c, begin);
	ret = ltt_mkdirs(c->kdir);
	if (ret < 0)
		lttd_log(true, "cannot create %s: %s", c->kdir, strerror(-ret));
	return ret;
}

/* Chunk N+1, made on disk. */
static int chunk_next(struct lttd *d, struct lttd_chunk *n, time_t when)
{
	int ret;

	memset(n, 0, sizeof(*n));
	n->id = d->chunk.id + 1;
	ret = lttd_chunk_time(n->begin, when);
	if (!ret)
		ret = lttd_chunk_name(n->name, sizeof(n->name), n->begin,
				      n->id);
	if (!ret)
		ret = chunk_paths(d, n);
	if (ret < 0)
		return ret;
	n->t0 = lttd_now();
	ret = ltt_mkdirs(n->kdir);
	if (ret < 0) {
		rmdir(n->kdir);
		rmdir(n->dir);
	}
	return ret;
}

static bool files_wanted(const struct lttd *d)
{
	return d->dir;
}

/* The current chunk, and its metadata file with the text read so far. */
static int files_setup(struct lttd *d)
{
	int ret = chunk_setup(d);

	return ret < 0 ? ret : lttd_metadata_files_open(d, d->md,
							 d->chunk.kdir);
}

static int files_stream_open(struct lttd *d, struct lttd_stream *s)
{
	return lttd_stream_files_resume(d, s);
}

static void files_metadata(struct lttd *d, const char *text __always_unused,
			   size_t len __always_unused)
{
	lttd_metadata_files_write(d, d->md);
}

static int files_packet(struct lttd *d, struct lttd_stream *s,
			const uint8_t *p, size_t len)
{
	/*
	 * The stream's description on disk first: before its first packet
	 * in each file (a chunk's, or a file cut by the limits), and
	 * retried while a metadata write fails.
	 */
	if (s->out < 0 || lttd_stream_file_cut(s, len) ||
	    lttd_metadata_behind(d->md))
		lttd_metadata_pump(d, d->md);
	if (lttd_metadata_behind(d->md))
		return LTTD_OUT_BEHIND;
	return lttd_stream_file_write(s, p, len);
}

static void files_stream_close(struct lttd *d __always_unused,
			       struct lttd_stream *s)
{
	lttd_stream_file_close(s, true);
}

/* A rotation: chunk N+1's directory and its metadata file, whole. */
static int files_rotate_begin(struct lttd *d, bool clear)
{
	struct lttd_rotation *r = &d->rot;
	int ret;

	if (clear)	/* the chunk goes on in place */
		return 0;
	ret = chunk_next(d, &r->next, r->when);
	if (!ret) {
		ret = lttd_metadata_chunk_open(d, d->md, r->next.kdir);
		if (ret < 0) {
			rmdir(r->next.kdir);
			rmdir(r->next.dir);
		}
	}
	if (ret < 0)
		lttd_log(true, "rotation %llu: cannot make chunk %llu in %s: %s",
			 (unsigned long long)r->id,
			 (unsigned long long)d->chunk.id + 1, d->dir,
			 strerror(-ret));
	return ret;
}

/* At the stream's boundary: its files go on in the new chunk, or (a
 * clear) its files in the chunk are deleted. */
static void files_stream_rotate(struct lttd *d, struct lttd_stream *s)
{
	if (d->rot.clear)
		lttd_stream_files_delete(s);
	else
		lttd_stream_files_chdir(s, d->rot.next.kdir);
}

/*
 * Every stream is in the new chunk: the old one's metadata completed,
 * the old chunk archived (path: where), the oldest archives beyond the
 * session's limits deleted. A clear: nothing more.
 */
static int files_rotate_end(struct lttd *d, char *path, size_t len)
{
	struct lttd_rotation *r = &d->rot;
	int ret, err;

	if (r->clear)
		return 0;
	err = lttd_metadata_chunk_close(d, d->md);
	ret = lttd_archive_chunk(d, &d->chunk, r->when, path, len);
	if (ret < 0 && !err)
		err = ret;
	lttd_archives_prune(d, d->config.keep_chunks, d->config.keep_size);
	return err;
}

/*
 * The end, the metadata closed: a destroyed session that was rotated (or
 * whose first chunk had a name: DIR held earlier chunks) archives its
 * last chunk too, as LTTng does; every chunk of it is then in
 * DIR/archives. Chunk 0 in DIR/kernel, never rotated, stays the plain
 * trace.
 */
static int files_finish(struct lttd *d)
{
	bool destroyed = d->md->eof && !d->signalled && !d->drain;
	char archive[PATH_MAX];

	if (!destroyed || !d->chunk.name[0] || d->rot.active)
		return 0;
	lttd_config_reread(d);
	if (lttd_archive_chunk(d, &d->chunk, time(NULL), archive,
			       sizeof(archive)) < 0)
		return 0;
	lttd_archives_prune(d, d->config.keep_chunks, d->config.keep_size);
	if (!d->quiet)
		lttd_log(false, "session %s ended: chunk %llu archived in %s",
			 d->session, (unsigned long long)d->chunk.id, archive);
	return 0;
}

/* lttd's output to the local trace files: its line in output.c */
const struct lttd_output_ops lttd_files_output = {
	.name		= "files",
	.wanted		= files_wanted,
	.setup		= files_setup,
	.stream_open	= files_stream_open,
	.metadata	= files_metadata,
	.packet		= files_packet,
	.stream_close	= files_stream_close,
	.rotate_begin	= files_rotate_begin,
	.stream_rotate	= files_stream_rotate,
	.rotate_end	= files_rotate_end,
	.finish		= files_finish,
};
