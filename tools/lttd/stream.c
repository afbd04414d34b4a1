// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd streams: open every per-CPU stream of the session (each output
 * opens its side: the files resume what an earlier run left), drain
 * sub-buffers to the outputs (output.h: the mapping's bytes, written to
 * the files, sent over the network), split a stream between two chunks
 * for a rotation or a clear, finish it. The loops that wait for them are
 * in loop.c.
 *
 * One packet's life: GET_NEXT_SUBBUF, hand packet_size bytes from the
 * mapping to the outputs, PUT_NEXT_SUBBUF. A sub-buffer is put back only
 * once taken (on disk); if this process dies in between, the kernel keeps
 * it held and the next run gets it again. That run first scans the files,
 * cuts a partial packet off and skips the packets whose sequence number
 * is already there: nothing is lost and nothing written twice.
 *
 * A packet that cannot be written (disk full, a write error, or the
 * metadata not on disk yet) is put back unwritten with DROP_NEXT_SUBBUF:
 * the kernel counts it as dropped and the trace shows a packet_seq_num
 * gap, which readers report as discarded packets. The kernel writer never
 * waits for the disk, and each next packet is tried again, so writing
 * resumes by itself when there is room. An episode is logged once at its
 * start (and reported with CONSUMER_ERROR) and once at its end.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <urcu/uatomic.h>
#include "lttd.h"

/* Sub-buffers drained from one stream before looking at the others. */
#define DRAIN_BATCH	64


static void stream_free(struct lttd_stream *s)
{
	if (s->map)
		munmap((void *)s->map, s->map_len);
	if (s->fd >= 0)
		close(s->fd);
	if (s->out >= 0)	/* its file, if it never finished */
		close(s->out);
	free(s);
}

static void stream_free_rcu(struct rcu_head *head)
{
	stream_free(caa_container_of(head, struct lttd_stream, rcu));
}

static int stream_open(struct lttd *d, int cfd, const char *chan,
		       unsigned int index, unsigned int cpu,
		       const struct ltt_channel_info *ci)
{
	struct ltt_stream_info info;
	struct lttd_stream *s;
	void *map;
	int ret;

	s = calloc(1, sizeof(*s));
	if (!s)
		return -ENOMEM;
	s->out = -1;
	s->cpu = cpu;
	s->chan_index = index;
	s->lim.size = ci->tracefile_size;
	s->lim.count = ci->tracefile_size ? ci->tracefile_count : 0;
	s->gen = d->gen;
	s->rot_state = LTTD_ROT_IDLE;
	snprintf(s->name, sizeof(s->name), "%s_%u", chan, cpu);
	snprintf(s->kdir, sizeof(s->kdir), "%s", d->chunk.kdir);
	s->fd = lttc_stream_open(cfd, cpu);
	if (s->fd < 0) {
		ret = s->fd;
		if (ret == -ENODEV)	/* no buffer for this CPU */
			ret = 0;
		else if (ret == -EBUSY)
			lttd_log(true, "stream %s of session %s is being read by another consumer",
				 s->name, d->session);
		else
			lttd_log(true, "cannot open stream %s: %s", s->name,
				 strerror(-ret));
		free(s);
		return ret;
	}
	ret = lttc_stream_info(s->fd, &info);
	if (ret < 0) {
		lttd_log(true, "stream %s: STREAM_INFO: %s", s->name,
			 strerror(-ret));
		goto err;
	}
	map = mmap(NULL, info.mmap_len, PROT_READ, MAP_SHARED, s->fd, 0);
	if (map == MAP_FAILED) {
		ret = -errno;
		lttd_log(true, "cannot map stream %s: %s", s->name,
			 strerror(errno));
		goto err;
	}
	s->map = map;
	s->map_len = info.mmap_len;
	s->subbuf_size = info.subbuf_size;
	s->num_subbuf = info.num_subbuf;
	ret = lttd_output_stream_open(d, s);
	if (ret < 0)
		goto err;
	cds_list_add_tail_rcu(&s->node, &d->streams);
	return 0;
err:
	stream_free(s);
	return ret;
}

/* Every stream of every channel; d->nr_cpus is set to the widest. */
int lttd_open_streams(struct lttd *d)
{
	struct ltt_session_info si;
	struct ltt_channel_info ci;
	char name[LTT_NAME_LEN];
	unsigned int i, cpu;
	int cfd, ret;

	ret = lttc_session_info(d->sfd, &si);
	if (ret < 0) {
		lttd_log(true, "session %s: %s", d->session, strerror(-ret));
		return ret;
	}
	memcpy(d->uuid, si.uuid, sizeof(d->uuid));
	for (i = 0; i < si.nr_channels; i++) {
		cfd = lttc_channel_open_index(d->sfd, i, name);
		if (cfd < 0) {
			lttd_log(true, "session %s: channel %u: %s", d->session,
				 i, strerror(-cfd));
			return cfd;
		}
		ret = lttc_channel_info(cfd, &ci);
		if (ret < 0)
			lttd_log(true, "channel %s: %s", name, strerror(-ret));
		for (cpu = 0; ret >= 0 && cpu < ci.nr_streams; cpu++)
			ret = stream_open(d, cfd, name, i, cpu, &ci);
		if (ret >= 0 && ci.nr_streams > d->nr_cpus)
			d->nr_cpus = ci.nr_streams;
		close(cfd);
		if (ret < 0)
			return ret;
	}
	return 0;
}

/* The kernel side failed (GET, PUT, DROP): this stream is drained no more. */
static void stream_fail(struct lttd *d, struct lttd_stream *s, int err)
{
	lttd_log(true, "stream %s: %s: no longer drained", s->name,
		 strerror(-err));
	lttc_consumer_error(d->sfd, -err);
	s->failed = true;
	uatomic_set(&d->failed, 1);
}

static void stream_written(struct lttd *d, struct lttd_stream *s,
			   uint64_t len)
{
	if (s->episode) {
		lttd_log(false, "%s: writing again: %llu packets dropped",
			 s->name, (unsigned long long)s->episode);
		s->episode = 0;
	}
	s->packets++;
	s->bytes += len;
	uatomic_add(&d->chunk_bytes[s->gen & 1], len);
}

static void stream_dropped(struct lttd *d, struct lttd_stream *s, int err)
{
	s->dropped++;
	if (s->episode++)
		return;
	if (err == LTTD_OUT_DROP) {
		/* the output logged why */
		lttd_log(true, "%s: a packet the %s cannot take is dropped",
			 s->name, lttd_output_name(d));
		return;
	}
	if (err == LTTD_OUT_BEHIND) {
		/* metadata.c logged and reported the error */
		lttd_log(true, "%s: packets are dropped until the metadata is written",
			 s->name);
		return;
	}
	lttd_log(true, "%s: %s: packets of %s are dropped until writing works again",
		 s->path, strerror(-err), s->name);
	lttc_consumer_error(d->sfd, -err);
}

/*
 * The held packet to the outputs, and put back; if it cannot be written,
 * put back unwritten, counted as dropped: the writer must never wait for
 * the disk. 0, or -errno from the kernel (the stream fails).
 */
static int stream_consume(struct lttd *d, struct lttd_stream *s,
			  const struct ltt_subbuf *sb)
{
	int ret;

	if (s->have_last_seq && sb->seq <= s->last_seq)
		return lttc_put_next_subbuf(s->fd);	/* an earlier run's */
	if (sb->offset > s->map_len ||
	    sb->packet_size > s->map_len - sb->offset)
		return -EINVAL;
	ret = lttd_output_packet(d, s, s->map + sb->offset, sb->packet_size);
	if (!ret) {
		stream_written(d, s, sb->packet_size);
		return lttc_put_next_subbuf(s->fd);
	}
	if (ret == LTTD_OUT_KEEP) {
		/*
		 * Kept, not dropped: the buffer fills behind it and counts
		 * what it loses, event by event (events_discarded), which a
		 * dropped packet's events would not be.
		 */
		s->held_sb = *sb;
		s->held = true;
		return 0;
	}
	stream_dropped(d, s, ret);
	return lttc_drop_next_subbuf(s->fd);
}

/*
 * Marked by main, after its flush: the stream leaves its chunk at its
 * boundary, STREAM_POSITION.next_seq, read here by the loop the first
 * time it sees the mark. Every packet this loop took before is below it,
 * so none past the boundary is in the old chunk's files: read by main
 * before its mark, a packet taken in between could be (and a clear would
 * delete it). The fields of d->rot may be read once the mark is seen.
 */
static bool stream_rot_pending(struct lttd *d, struct lttd_stream *s)
{
	struct ltt_stream_position pos;
	int ret;

	if (uatomic_read(&s->rot_state) != LTTD_ROT_PENDING)
		return false;
	cmm_smp_rmb();	/* pairs with main's cmpxchg */
	if (s->rot_known)
		return true;
	ret = lttc_stream_position(s->fd, &pos);
	if (ret < 0) {
		/* nothing lost: what is not written yet goes to the new one */
		lttd_log(true, "stream %s: STREAM_POSITION: %s", s->name,
			 strerror(-ret));
		uatomic_cmpxchg(&d->rot.error, 0, -ret);
		pos.next_seq = 0;
	}
	s->rot_boundary = pos.next_seq;
	s->rot_known = true;
	return true;
}

/* The stream's outputs are done with the old chunk: no packet past the
 * boundary went yet. */
static void stream_leave_files(struct lttd *d, struct lttd_stream *s)
{
	lttd_output_stream_rotate(d, s);
	s->gen = d->rot.gen;
}

/*
 * Every packet below the boundary is written (a clear: put back), the
 * others go to the new chunk: count the stream done. d->rot is not read
 * after that, main may change it.
 */
static void stream_leave_chunk(struct lttd *d, struct lttd_stream *s)
{
	stream_leave_files(d, s);
	s->rot_known = false;
	uatomic_set(&s->rot_state, LTTD_ROT_IDLE);
	lttd_rotation_stream_done(d);
}

enum drain_result {
	DRAIN_EMPTY,		/* nothing complete now */
	DRAIN_FINISHED,		/* finalized and drained, or failed */
	DRAIN_MORE,		/* batch done, more may wait */
};

/* Write out up to batch complete sub-buffers. */
static enum drain_result stream_drain(struct lttd *d, struct lttd_stream *s,
				      unsigned int batch)
{
	struct ltt_subbuf sb;
	int ret;

	while (batch--) {
		/*
		 * To an output alone, while it is away: leave the packets in
		 * the buffer (it fills and counts its lost events); once the
		 * session is destroyed, no output will take them: the stream
		 * ends, stream_finish() drops them, counted.
		 */
		if (!lttd_output_ready(d))
			return uatomic_read(&d->ended) ? DRAIN_FINISHED :
							 DRAIN_EMPTY;
		if (s->held) {
			/* the packet the output did not take, first; its
			 * chunk was decided when it was taken */
			sb = s->held_sb;
			s->held = false;
			goto consume;
		}
		ret = lttc_get_next_subbuf(s->fd, &sb);
		if (ret == -EAGAIN) {
			/*
			 * Done with the old chunk: all it must hold (what
			 * was closed at main's flush) has come; the rest
			 * below the boundary goes to the new one when it
			 * comes, nothing lost or doubled.
			 */
			if (stream_rot_pending(d, s))
				stream_leave_chunk(d, s);
			return DRAIN_EMPTY;
		}
		if (ret == -ENODATA)
			return DRAIN_FINISHED;
		if (ret < 0) {
			stream_fail(d, s, ret);
			return DRAIN_FINISHED;
		}
		if (stream_rot_pending(d, s)) {
			if (sb.seq >= s->rot_boundary)
				stream_leave_chunk(d, s);
			else if (d->rot.clear)	/* cleared: not dropped */
				goto put;
		}
consume:
		ret = stream_consume(d, s, &sb);
		if (ret < 0) {
			stream_fail(d, s, ret);
			return DRAIN_FINISHED;
		}
		if (s->held)	/* the output went away */
			return DRAIN_EMPTY;
		continue;
put:
		ret = lttc_put_next_subbuf(s->fd);
		if (ret < 0) {
			stream_fail(d, s, ret);
			return DRAIN_FINISHED;
		}
	}
	return DRAIN_MORE;
}

/*
 * The session destroyed, to an output alone, still away: the
 * packets the finalized buffer still holds will never be sent either (the
 * loops took none while it was away); each is dropped and counted, as
 * the kept one, so that lttctl destroy says how many the output did not
 * get. How many.
 */
static unsigned int stream_drop_rest(struct lttd_stream *s)
{
	struct ltt_subbuf sb;
	unsigned int n = 0;

	while (!lttc_get_next_subbuf(s->fd, &sb)) {
		if (lttc_drop_next_subbuf(s->fd) < 0)
			break;
		s->dropped++;
		n++;
	}
	return n;
}

/* Finished (drained, or failed): out of its loop and the table; freed later. */
static void stream_finish(struct lttd *d, struct lttd_stream *s)
{
	unsigned int n;

	/* main marks it no more; a mark it has is done with */
	if (uatomic_xchg(&s->rot_state, LTTD_ROT_FINISHED) ==
	    LTTD_ROT_PENDING) {
		cmm_smp_rmb();
		stream_leave_files(d, s);
		lttd_rotation_stream_done(d);
	}
	if (s->held) {
		/* the end, the output still away: lost, and counted */
		s->held = false;
		if (lttc_drop_next_subbuf(s->fd) >= 0)
			s->dropped++;
		lttd_log(true, "%s: a packet the %s did not get is dropped at the end",
			 s->name, lttd_output_name(d));
	}
	/* only an output alone is ever not ready */
	if (uatomic_read(&d->ended) && !lttd_output_ready(d)) {
		n = stream_drop_rest(s);
		if (n)
			lttd_log(true, "%s: %u more packets the %s did not get are dropped at the end",
				 s->name, n, lttd_output_name(d));
	}
	lttd_output_stream_close(d, s);
	uatomic_add(&d->packets, s->packets);
	uatomic_add(&d->bytes, s->bytes);
	uatomic_add(&d->dropped, s->dropped);
	if (s->loop)
		lttd_loop_remove(s->loop, s);
	pthread_mutex_lock(&d->streams_lock);
	cds_list_del_rcu(&s->node);
	pthread_mutex_unlock(&d->streams_lock);
	call_rcu(&s->rcu, stream_free_rcu);
}

/* A batch of what its fd polled readable for; the stream may finish. */
void lttd_stream_event(struct lttd *d, struct lttd_stream *s, uint32_t events)
{
	if ((events & EPOLLERR) ||
	    stream_drain(d, s, DRAIN_BATCH) == DRAIN_FINISHED)
		stream_finish(d, s);
}

/*
 * Marked by main: drain it to its boundary now rather than at its next
 * packet, so that the rotation does not wait for a quiet stream. Bounded:
 * what lies below the boundary is in the buffer already.
 */
void lttd_stream_rotate(struct lttd *d, struct lttd_stream *s)
{
	enum drain_result r = DRAIN_MORE;

	while (r == DRAIN_MORE && stream_rot_pending(d, s))
		r = stream_drain(d, s, DRAIN_BATCH);
	if (r == DRAIN_FINISHED)
		stream_finish(d, s);
}

/* Everything complete now, then finish: the end of a stream. */
void lttd_stream_drain_finish(struct lttd *d, struct lttd_stream *s)
{
	while (stream_drain(d, s, DRAIN_BATCH) == DRAIN_MORE)
		;
	stream_finish(d, s);
}

/* After the loops: whatever is left (setup failed half way). */
void lttd_free_streams(struct lttd *d)
{
	struct lttd_stream *s, *tmp;

	cds_list_for_each_entry_safe(s, tmp, &d->streams, node) {
		cds_list_del_rcu(&s->node);
		call_rcu(&s->rcu, stream_free_rcu);
	}
	rcu_barrier();
}
