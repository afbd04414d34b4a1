// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd's output to lttng-relayd (output.h, relay-out.h; the protocol is
 * relay.c's, doc/relay.md says what goes on the wire and why).
 *
 * One relay session per lttd session: a relay stream per kernel stream
 * (<channel>_<cpu>) and one for the metadata, all in "kernel" of the
 * session's chunk. Every packet goes out with its index, whatever the
 * mode (the relay writes the index files LTTng's traces have); the
 * metadata goes out as the kernel's text grows, before any packet that
 * follows it. Live: every period, beacons for the streams that sent
 * nothing since the last period, then a flush of every stream, so that
 * a partial sub-buffer reaches the viewer within about a period.
 *
 * One connection for all loops: r and the streams' relay state are
 * under o->lock (lock order: the metadata's lock, then this one).
 *
 * A lost connection: the packets of the moment are not sent. With a
 * local trace too they are written there and counted "unsent"; to the
 * relay alone (d->out_alone), each stream keeps its packet (stream.c:
 * s->held, LTTD_OUT_KEEP) and the loops take no other
 * (lttd_relay_out_ready()): the kernel buffers fill
 * and count their lost events, the writer never waits; the kept packets
 * go first once the relay is back, so that lttd drops none. lttd
 * reconnects, 1 s after the loss then doubling up to 30 s, as a new relay
 * session (a relay cannot take a session back once its
 * connection closed): a new directory under the relay's output, the
 * whole metadata again, each stream from net_seq_num 0. What lttd
 * counts goes to a status file (tools/lib/output.c) for lttctl status
 * and stop.
 *
 * This file: the connection and its relay sessions, the packets, the
 * metadata, the live ticks, the end. The window of packets sent and not
 * yet confirmed written is relay-window.c's, a rotation or clear through
 * the relay's trace chunks relay-rotate.c's; their shared state is
 * relay-out-internal.h's.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/timerfd.h>
#include "relay-out-internal.h"

#define BACKOFF_MIN		1.0	/* s; > 0: a new session, a new name */
#define BACKOFF_MAX		30.0
/* How long the end waits for the relay to write what it received. */
#define PENDING_TRIES		1000
#define PENDING_WAIT_NS		10000000L
/* A loop with nothing to send waits this long at most per look. */
#define READY_WAIT_NS		100000000L
/* While packets flow, their counts reach the status file this often. */
#define STATUS_PERIOD_S		1.0

/* The status file for lttctl; o->lock held. Best effort: logged once. */
void relay_out_status_write(struct lttd *d, struct lttd_relay_out *o)
{
	static bool warned;
	char tmp[PATH_MAX + 8];
	FILE *f;

	if (!o->status_path[0])
		return;
	o->status_at = lttd_now();
	snprintf(tmp, sizeof(tmp), "%s.tmp", o->status_path);
	f = fopen(tmp, "we");
	if (f) {
		fprintf(f, "state %s\nurl %s\ndir %s\nsent %llu %llu\nunsent %llu\nsessions %u\nresent %llu\ndropped %llu\nunconfirmed %u\n",
			o->state, o->url_text, o->dir,
			(unsigned long long)o->packets,
			(unsigned long long)o->bytes,
			(unsigned long long)o->unsent, o->sessions,
			(unsigned long long)o->resent,
			(unsigned long long)o->dropped, relay_win_total(o));
		if (o->error[0])
			fprintf(f, "error %s\n", o->error);
		if (o->archive[0])
			fprintf(f, "archive %s\n", o->archive);
		if (o->refused[0])
			fprintf(f, "refused %s\n", o->refused);
		if (fclose(f) == 0 && rename(tmp, o->status_path) == 0)
			return;
	}
	if (!warned)
		lttd_log(true, "session %s: cannot write %s: %s (lttctl status will not show the relay)",
			 d->session, o->status_path, strerror(errno));
	warned = true;
}

/*
 * After a packet went: the counts are written at most every
 * STATUS_PERIOD_S (a file made and renamed per packet was a third of
 * lttd's time per packet to a relay on the same machine), but at once
 * when it was the last packet its stream has closed: lttctl stop reads
 * the file as soon as the kernel sees every packet put back, so a
 * stream's last count must be there before. o->lock held.
 */
static void status_after_packet(struct lttd *d, struct lttd_relay_out *o,
				const struct lttd_stream *s, uint64_t seq)
{
	struct ltt_stream_position pos;

	if (lttd_now() - o->status_at < STATUS_PERIOD_S &&
	    !lttc_stream_position(s->fd, &pos) && seq + 1 < pos.next_seq)
		return;		/* more closed behind it: written later */
	relay_out_status_write(d, o);
}

static void status_init(struct lttd *d, struct lttd_relay_out *o)
{
	char *slash;

	if (ltt_relay_status_path(d->session, o->status_path,
				  sizeof(o->status_path))) {
		o->status_path[0] = 0;
		return;
	}
	slash = strrchr(o->status_path, '/');
	*slash = 0;
	mkdir(o->status_path, 0755);	/* exists, or the write says */
	*slash = '/';
}

/* The connection is gone: o->lock held. */
void relay_out_lost(struct lttd *d, struct lttd_relay_out *o)
{
	if (o->rot_active && !o->rot_error)
		o->rot_error = -ENOTCONN;	/* its chunks went with it */
	o->rot_active = false;
	snprintf(o->error, sizeof(o->error), "%s", o->r.err);
	lttd_relay_close(&o->r);
	o->up = false;
	o->state = "reconnecting";
	o->backoff = o->backoff ? o->backoff : BACKOFF_MIN;
	o->next_try = lttd_now() + o->backoff;
	lttd_log(true, "session %s: %s: reconnecting in %.0f s", d->session,
		 o->error, o->backoff);
	relay_out_status_write(d, o);
}

/* A packet went: what the stream's next beacon and end need. */
void relay_out_sent(struct relay_stream *rs, const uint8_t *p)
{
	struct ltt_packet_header h;

	memcpy(&h, p, sizeof(h));	/* relay.c checked the length */
	rs->next_seq++;
	rs->sent_any = true;
	rs->last_pkt_seq = h.packet_seq_num;
	rs->last_end = h.timestamp_end;
}

/*
 * Connect and make a relay session with every stream and the whole
 * metadata: o->lock held. 0, or -errno with o->r.err saying why.
 */
static int session_open(struct lttd *d, struct lttd_relay_out *o)
{
	struct lttd_relay_session_args a = {
		.name = d->session, .hostname = o->hostname,
		.live_us = d->live_us, .uuid = d->uuid,
		.id = o->sessions + 1, .creation_time = time(NULL),
	};
	unsigned int i;
	int ret;

	ret = lttd_relay_connect(&o->r, &o->url, 0, RELAY_TIMEOUT_MS);
	if (!ret)
		ret = lttd_relay_create_session(&o->r, &a);
	if (!ret)
		ret = lttd_relay_add_stream(&o->r, "metadata",
					    LTTD_TRACE_SUBDIR, 0, 0,
					    &o->md_id);
	for (i = 0; !ret && i < o->nr; i++) {
		ret = lttd_relay_add_stream(&o->r, o->st[i].name,
					    LTTD_TRACE_SUBDIR,
					    o->st[i].tracefile_size,
					    o->st[i].tracefile_count,
					    &o->st[i].relay_id);
		o->st[i].next_seq = 0;
		o->st[i].sent_any = false;
	}
	if (!ret)
		ret = lttd_relay_streams_sent(&o->r);
	if (!ret && o->md_len)
		ret = lttd_relay_send_metadata(&o->r, o->md_id, o->md,
					       o->md_len);
	/* what the last relay session did not confirm, first, in order */
	for (i = 0; !ret && i < o->nr; i++)
		ret = relay_win_resend(o, &o->st[i]);
	if (ret) {
		lttd_relay_close(&o->r);
		return ret;
	}
	o->md_sent = o->md_len;
	o->sessions++;
	snprintf(o->dir, sizeof(o->dir), "%s", o->r.session_dir);
	o->up = true;
	o->state = "connected";
	o->backoff = 0;
	o->error[0] = 0;
	return 0;
}

/* Lost: try again if it is time. o->lock held. */
void relay_out_retry(struct lttd *d, struct lttd_relay_out *o)
{
	if (o->up || lttd_now() < o->next_try)
		return;
	if (!session_open(d, o)) {
		lttd_log(false, "session %s: relay %s: connected again, a new relay session in %s (%u in all)",
			 d->session, o->url_text, o->dir, o->sessions);
		pthread_cond_broadcast(&o->cond);
	} else {
		snprintf(o->error, sizeof(o->error), "%s", o->r.err);
		o->backoff = o->backoff * 2 > BACKOFF_MAX ? BACKOFF_MAX :
			     o->backoff * 2;
		o->next_try = lttd_now() + o->backoff;
	}
	relay_out_status_write(d, o);
}

/*
 * The metadata text as the kernel gave it so far: d->md_lock held. Before
 * the start, nothing: the start takes the text read by then.
 */
void lttd_relay_out_metadata(struct lttd *d, const char *text, size_t len)
{
	struct lttd_relay_out *o = d->out;
	char *p;

	if (!o)
		return;
	pthread_mutex_lock(&o->lock);
	if (len > o->md_len) {
		if (len > o->md_cap) {
			p = realloc(o->md, len * 2);
			if (!p) {
				lttd_log(true, "session %s: out of memory for the metadata",
					 d->session);
				goto out;
			}
			o->md = p;
			o->md_cap = len * 2;
		}
		memcpy(o->md + o->md_len, text + o->md_len, len - o->md_len);
		o->md_len = len;
	}
	if (o->up && o->md_sent < o->md_len) {
		if (lttd_relay_send_metadata(&o->r, o->md_id,
					     o->md + o->md_sent,
					     o->md_len - o->md_sent))
			relay_out_lost(d, o);
		else
			o->md_sent = o->md_len;
	}
out:
	pthread_mutex_unlock(&o->lock);
}

int lttd_relay_out_start(struct lttd *d)
{
	struct itimerspec its = { 0 };
	struct lttd_relay_out *o;
	struct lttd_stream *s;
	char err[512];
	unsigned int i;
	int ret;

	o = calloc(1, sizeof(*o));
	if (!o)
		return -ENOMEM;
	pthread_mutex_init(&o->lock, NULL);
	pthread_cond_init(&o->cond, NULL);
	o->url_text = d->url;
	o->timer_fd = -1;
	o->r.ctrl = o->r.data = -1;
	o->state = "connecting";
	d->out = o;
	ret = lttd_relay_parse_url(d->url, &o->url, err, sizeof(err));
	if (ret) {
		lttd_log(true, "session %s: %s", d->session, err);
		return ret;
	}
	if (gethostname(o->hostname, sizeof(o->hostname)) ||
	    !o->hostname[0] || o->hostname[0] == '.' ||
	    strchr(o->hostname, '/'))
		snprintf(o->hostname, sizeof(o->hostname), "localhost");
	cds_list_for_each_entry(s, &d->streams, node)
		o->nr++;
	o->st = calloc(o->nr ? o->nr : 1, sizeof(*o->st));
	if (!o->st)
		return -ENOMEM;
	i = 0;
	cds_list_for_each_entry(s, &d->streams, node) {
		snprintf(o->st[i].name, sizeof(o->st[i].name), "%s", s->name);
		o->st[i].ctf_id = s->chan_index;
		o->st[i].tracefile_size = s->lim.size;
		o->st[i].tracefile_count = s->lim.count;
		o->st[i].win_cap = relay_win_cap(s);
		o->st[i].ask_at = relay_win_half(&o->st[i]);
		o->st[i].win = calloc(o->st[i].win_cap,
				      sizeof(*o->st[i].win));
		if (!o->st[i].win)
			return -ENOMEM;
		s->out_slot = i++;
	}
	status_init(d, o);
	/* the text read so far; later text comes through the metadata op */
	pthread_mutex_lock(&d->md_lock);
	lttd_relay_out_metadata(d, d->md->text, d->md->len);
	pthread_mutex_lock(&o->lock);
	ret = session_open(d, o);
	if (ret) {
		snprintf(o->error, sizeof(o->error), "%s", o->r.err);
		o->state = "failed";
	}
	relay_out_status_write(d, o);
	pthread_mutex_unlock(&o->lock);
	pthread_mutex_unlock(&d->md_lock);
	if (ret) {
		lttd_log(true, "session %s: cannot send the trace to %s: %s",
			 d->session, d->url, o->error);
		return ret;
	}
	/* live: every period; else every second, to reconnect while idle */
	o->timer_fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	its.it_interval.tv_sec = d->live_us ? d->live_us / 1000000 : 1;
	its.it_interval.tv_nsec = d->live_us ? d->live_us % 1000000 * 1000 : 0;
	its.it_value = its.it_interval;
	if (o->timer_fd < 0 || timerfd_settime(o->timer_fd, 0, &its, NULL)) {
		ret = -errno;
		lttd_log(true, "timerfd: %s", strerror(errno));
		return ret;
	}
	if (!d->quiet && !d->daemon)
		lttd_log(false, "session %s: sending to %s, into %s", d->session,
			 d->url, o->dir);
	return 0;
}

int lttd_relay_out_timer_fd(struct lttd *d)
{
	struct lttd_relay_out *o = d->out;

	return o ? o->timer_fd : -1;
}

bool lttd_relay_out_ready(struct lttd *d)
{
	struct lttd_relay_out *o = d->out;
	struct timespec ts;
	bool up;

	if (!o || !d->out_alone)
		return true;
	pthread_mutex_lock(&o->lock);
	relay_out_retry(d, o);
	if (!o->up && !uatomic_read(&d->stopping)) {
		/* bounded: the loop looks at its other events meanwhile */
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += READY_WAIT_NS;
		if (ts.tv_nsec >= 1000000000L) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&o->cond, &o->lock, &ts);
	}
	up = o->up;
	pthread_mutex_unlock(&o->lock);
	return up;
}

int lttd_relay_out_packet(struct lttd *d, struct lttd_stream *s,
			  const uint8_t *p, size_t len)
{
	struct lttd_relay_out *o = d->out;
	struct relay_stream *rs = &o->st[s->out_slot];
	int ret = 0;

	/* the text that describes the packet goes first */
	lttd_metadata_pump(d, d->md);
	pthread_mutex_lock(&o->lock);
	relay_out_retry(d, o);
	/* a full window: its older half written first, or the relay is lost */
	if (o->up && rs->win_n == rs->win_cap &&
	    relay_win_wait(o, rs, relay_win_half(rs)))
		relay_out_lost(d, o);
	if (o->up) {
		/* the copy first: a packet sent is a packet kept */
		if (relay_win_push(rs, p, len)) {
			lttd_log(true, "session %s: %s: no memory to keep a copy of a packet for the relay",
				 d->session, rs->name);
			o->unsent++;
			ret = d->out_alone ? LTTD_RELAY_OUT_DROP : 0;
			goto out;
		}
		ret = lttd_relay_send_packet(&o->r, rs->relay_id, rs->next_seq,
					     p, len);
		if (!ret) {
			relay_out_sent(rs, p);
			o->packets++;
			o->bytes += len;
			if (rs->again)	/* the old relay session may have it */
				o->resent++;
			rs->again = false;
			if (rs->win_n >= rs->ask_at)
				relay_win_ask(d, o, rs);
			status_after_packet(d, o, s, rs->last_pkt_seq);
			pthread_mutex_unlock(&o->lock);
			return 0;
		}
		rs->win_n--;	/* not sent: kept by the stream, or unsent */
		if (ret == -EINVAL) {
			/* its sizes make no packet: nothing went, the
			 * connection is in step; no relay would take it */
			lttd_log(true, "session %s: %s", d->session, o->r.err);
			o->unsent++;
			ret = d->out_alone ? LTTD_RELAY_OUT_DROP : 0;
			goto out;
		}
		relay_out_lost(d, o);
		/* part of it may have reached the relay: its next send is
		 * one again */
		rs->again = d->out_alone;
	}
	/* to the relay only, the stream keeps it to send it again */
	if (!d->out_alone)
		o->unsent++;
	ret = d->out_alone ? LTTD_RELAY_OUT_KEEP : 0;
out:
	relay_out_status_write(d, o);
	pthread_mutex_unlock(&o->lock);
	return ret;
}

static uint64_t trace_clock_ns(void)
{
	struct timespec ts;

	/* ltt's trace clock is the kernel's monotonic clock */
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/*
 * Live, every period: flush every stream; a stream whose every packet up
 * to the flush has gone to the relay gets a beacon, "nothing here up to
 * now", so that a viewer moves on through the other streams instead of
 * waiting for this one (doc/relay.md, Live). A stream's time is read
 * before its flush: every event of it before that time is in a packet the
 * flush closed, so with nothing unsent the beacon says the truth. A stream
 * with an unsent packet gets none: its packet will say more. The relay
 * takes a beacon only once the stream has had a packet. Else (not live),
 * every second: reconnect.
 */
void lttd_relay_out_tick(struct lttd *d)
{
	struct lttd_relay_out *o = d->out;
	struct ltt_stream_position pos;
	struct relay_stream *rs;
	struct lttd_stream *s;
	uint64_t n, now;
	unsigned int i;

	if (read(o->timer_fd, &n, sizeof(n)) < 0 && errno != EAGAIN)
		lttd_log(true, "timerfd: %s", strerror(errno));
	pthread_mutex_lock(&o->lock);
	relay_out_retry(d, o);
	relay_win_tick(d, o);
	pthread_mutex_unlock(&o->lock);
	if (!d->live_us)
		return;
	for (i = 0; i < o->nr; i++)
		o->st[i].known = false;
	rcu_read_lock();
	cds_list_for_each_entry_rcu(s, &d->streams, node) {
		/*
		 * Each stream's own time, read before its flush: two
		 * beacons of one time are two identical messages, between
		 * which a viewer cannot choose (babeltrace2 2.0 warns
		 * "cannot deterministically pick"), as it can between
		 * LTTng's, each read from its own buffer.
		 */
		now = trace_clock_ns();
		if (lttc_stream_flush(s->fd) < 0 ||
		    lttc_stream_position(s->fd, &pos) < 0)
			continue;
		/* main alone writes these */
		o->st[s->out_slot].produced = pos.next_seq;
		o->st[s->out_slot].flushed_at = now;
		o->st[s->out_slot].known = true;
	}
	rcu_read_unlock();
	pthread_mutex_lock(&o->lock);
	for (i = 0; o->up && i < o->nr; i++) {
		rs = &o->st[i];
		if (!rs->known || !rs->sent_any ||
		    rs->last_pkt_seq + 1 != rs->produced)
			continue;
		/*
		 * Never older than the stream's last packet: the flush that
		 * closed it came after now, and a viewer's time cannot go
		 * back (babeltrace2 2.0: "less than last returned"). Not
		 * skipped for a stream that sent a packet last period: its
		 * end is older than the other streams' news, and a viewer
		 * waited a whole period more for it (tests/vm/guest/relay.sh,
		 * live).
		 */
		now = rs->flushed_at > rs->last_end ? rs->flushed_at :
						      rs->last_end;
		if (lttd_relay_send_beacon(&o->r, rs->relay_id, rs->next_seq - 1,
					   rs->ctf_id, now)) {
			relay_out_lost(d, o);
			break;
		}
	}
	pthread_mutex_unlock(&o->lock);
}

/* The relay has written everything it received: asked as LTTng asks. */
static int wait_written(struct lttd_relay_out *o,
			const struct lttd_relay_pending *pend, unsigned int n)
{
	struct timespec ts = { 0, PENDING_WAIT_NS };
	bool pending = true;
	unsigned int tries;
	int ret = 0;

	for (tries = 0; pending && tries < PENDING_TRIES; tries++) {
		ret = lttd_relay_data_pending(&o->r, pend, n, &pending);
		if (ret)
			return ret;
		if (pending)
			nanosleep(&ts, NULL);
	}
	if (pending) {
		snprintf(o->r.err, sizeof(o->r.err),
			 "relay %s: data still pending after %ld s",
			 o->r.where, PENDING_TRIES * PENDING_WAIT_NS / 1000000000L);
		return -ETIMEDOUT;
	}
	return 0;
}

int lttd_relay_out_finish(struct lttd *d)
{
	struct lttd_relay_out *o = d->out;
	struct lttd_relay_pending *pend;
	char sz[32];
	unsigned int i;
	int ret = 0;

	if (!o)
		return 0;
	pthread_mutex_lock(&o->lock);
	/* the end still reaches a relay that came back */
	relay_out_retry(d, o);
	pend = calloc(o->nr + 1, sizeof(*pend));
	if (o->up && pend) {
		for (i = 0; i < o->nr; i++)
			pend[i] = (struct lttd_relay_pending){
				.stream_id = o->st[i].relay_id,
				.last_net_seq_num = o->st[i].next_seq ?
					o->st[i].next_seq - 1 : LTTD_RELAY_NO_SEQ,
				.rotate_at = o->st[i].sent_any ?
					o->st[i].last_pkt_seq + 1 : 0,
			};
		pend[o->nr] = (struct lttd_relay_pending){
			.stream_id = o->md_id,
			.last_net_seq_num = LTTD_RELAY_NO_SEQ, .metadata = true,
		};
		ret = lttd_relay_end_chunk(&o->r, pend, o->nr + 1);
		if (!ret && o->r.rotated)	/* the last chunk, archived too */
			snprintf(o->archive, sizeof(o->archive), "%s",
				 o->r.chunk_path);
		if (!ret)
			ret = wait_written(o, pend, o->nr + 1);
		/* written: nothing is left to send again */
		for (i = 0; !ret && i < o->nr; i++)
			o->st[i].win_n = 0;
		for (i = 0; !ret && i <= o->nr; i++)
			ret = lttd_relay_close_stream(&o->r, pend[i].stream_id,
						      pend[i].last_net_seq_num);
		if (ret)
			snprintf(o->error, sizeof(o->error), "%s", o->r.err);
		lttd_relay_close(&o->r);
		o->up = false;
	} else {
		/* down: its streams stay open on the relay, without an end */
		ret = pend ? -ENOTCONN : -ENOMEM;
	}
	free(pend);
	/*
	 * Sent, never confirmed written, never to be sent again: given up,
	 * counted (to the relay only, dropped: their events uncounted, as
	 * for a kept packet dropped at the end; a local trace has them).
	 */
	for (i = 0; i < o->nr; i++) {
		o->dropped += o->st[i].win_n;
		if (o->st[i].win_n)
			lttd_log(true, "session %s: %s: %u packets sent, never confirmed written by the relay, given up",
				 d->session, o->st[i].name, o->st[i].win_n);
		o->st[i].win_n = 0;
	}
	o->state = ret || o->unsent || o->dropped ? "ended with losses" :
						   "ended";
	relay_out_status_write(d, o);
	ltt_fmt_bytes(o->bytes, sz, sizeof(sz));
	if (!d->quiet || ret || o->unsent || o->dropped || o->sessions != 1)
		lttd_log(ret || o->unsent || o->dropped, "session %s: relay %s: %llu packets (%s) sent in %u relay session%s, the last in %s, %llu sent again; %llu not sent, %llu dropped unconfirmed%s%s",
			 d->session, d->url, (unsigned long long)o->packets,
			 sz, o->sessions, o->sessions == 1 ? "" : "s",
			 o->dir, (unsigned long long)o->resent,
			 (unsigned long long)o->unsent,
			 (unsigned long long)o->dropped,
			 o->error[0] ? "; last error: " : "", o->error);
	ret = ret || o->unsent || o->dropped ? -EIO : 0;
	pthread_mutex_unlock(&o->lock);
	return ret;
}

void lttd_relay_out_free(struct lttd *d)
{
	struct lttd_relay_out *o = d->out;
	unsigned int i, j;

	if (!o)
		return;
	lttd_relay_close(&o->r);
	if (o->timer_fd >= 0)
		close(o->timer_fd);
	for (i = 0; o->st && i < o->nr; i++) {
		for (j = 0; o->st[i].win && j < o->st[i].win_cap; j++)
			free(o->st[i].win[j].buf);
		free(o->st[i].win);
	}
	free(o->st);
	free(o->md);
	free(o);
	d->out = NULL;
}

/* a session with a URL; lttd --snapshot copies to DIR only */
static bool relay_wanted(const struct lttd *d)
{
	return d->url && !d->snapshot;
}

/* lttd's output to a relay: its line in output.c */
const struct lttd_output_ops lttd_relay_output = {
	.name		= "relay",
	.wanted		= relay_wanted,
	.start		= lttd_relay_out_start,
	.metadata	= lttd_relay_out_metadata,
	.ready		= lttd_relay_out_ready,
	.packet		= lttd_relay_out_packet,
	.timer_fd	= lttd_relay_out_timer_fd,
	.tick		= lttd_relay_out_tick,
	.rotate_begin	= lttd_relay_out_rotate_begin,
	.stream_rotate	= lttd_relay_out_stream_rotate,
	.rotate_end	= lttd_relay_out_rotate_end,
	.finish		= lttd_relay_out_finish,
	.free		= lttd_relay_out_free,
};
