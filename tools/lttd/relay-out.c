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
 * relay only, each stream keeps its packet (stream.c: s->held, LTTD_OUT_KEEP) and the
 * loops take no other (lttd_relay_out_ready()): the kernel buffers fill
 * and count their lost events, the writer never waits; the kept packets
 * go first once the relay is back, so that lttd drops none. lttd
 * reconnects, 1 s after the loss then doubling up to 30 s, as a new relay
 * session (a relay cannot take a session back once its
 * connection closed): a new directory under the relay's output, the
 * whole metadata again, each stream from net_seq_num 0. What lttd
 * counts goes to a status file (tools/lib/output.c) for lttctl status
 * and stop.
 *
 * Confirmed delivery: the relay acknowledges a packet's index on its
 * control thread, while its data thread may not have written the
 * packet's bytes yet (lttng-relayd writes an index once both are
 * there). Killed in between, the relay loses a packet lttd was told it
 * got. So each stream keeps a copy of every packet sent and not yet
 * confirmed (its window, WIN_* below), and asks DATA_PENDING (0: data
 * and index written, up to that net_seq_num) when the window is half
 * full, at every tick and at the end; a full window waits for the
 * relay, bounded, then the connection counts as lost. A new relay
 * session sends a stream's unconfirmed copies first, in order: the old
 * relay session may hold some of them too (duplicates, never holes),
 * counted "sent again" in the status file.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/timerfd.h>
#include "lttd.h"
#include "relay.h"
#include "relay-out.h"

/* Per call: connect, one message, one reply (relay.c). */
#define RELAY_TIMEOUT_MS	5000
#define BACKOFF_MIN		1.0	/* s; > 0: a new session, a new name */
#define BACKOFF_MAX		30.0
/* How long the end waits for the relay to write what it received. */
#define PENDING_TRIES		1000
#define PENDING_WAIT_NS		10000000L
/* A loop with nothing to send waits this long at most per look. */
#define READY_WAIT_NS		100000000L
/* While packets flow, their counts reach the status file this often. */
#define STATUS_PERIOD_S		1.0
/*
 * A stream's window of unconfirmed packets: as many as its kernel buffer
 * holds (num_subbuf), or more while that is under WIN_BYTES, at most
 * WIN_MAX packets: a buffer of small packets is not asked for after
 * every other packet (three round trips each time), a buffer of large
 * ones costs lttd no more than one buffer's copy per stream.
 */
#define WIN_BYTES		(1u << 20)
#define WIN_MAX			64u
/* A full window polls the relay this often, RELAY_TIMEOUT_MS at most. */
#define WIN_WAIT_NS		1000000L

struct relay_copy {
	uint8_t *buf;
	size_t cap, len;
};

struct relay_stream {
	char name[LTT_NAME_LEN + 16];
	uint64_t ctf_id;		/* the channel's index */
	uint64_t tracefile_size, tracefile_count;
	uint64_t relay_id;		/* the relay's, this session */
	uint64_t next_seq;		/* its next packet's net_seq_num */
	bool sent_any;			/* a packet went, this relay session */
	uint64_t last_pkt_seq;		/* the last sent's packet_seq_num */
	uint64_t last_end;		/* and its timestamp_end */
	uint64_t produced;		/* STREAM_POSITION.next_seq, at a tick */
	uint64_t flushed_at;		/* trace clock, read before that flush */
	bool known;			/* produced is read */
	bool rot_pending;		/* to move to the rotation's chunk */
	/*
	 * Packets sent, not confirmed (written by the relay), oldest at
	 * win_head; while connected the i-th oldest went as net_seq_num
	 * next_seq - win_n + i. Lost: what a new relay session gets first.
	 */
	struct relay_copy *win;
	unsigned int win_cap, win_head, win_n;
	unsigned int ask_at;		/* win_n at which to ask the relay */
	/* the stream keeps a packet whose send failed half way: the old
	 * relay session may have it; its next send counts as sent again */
	bool again;
};

struct lttd_relay_out {
	pthread_mutex_t lock;
	pthread_cond_t cond;		/* the connection came back */
	struct lttd_relay_url url;
	const char *url_text;
	struct lttd_relay r;
	bool up;
	double next_try, backoff;	/* lttd_now() */
	unsigned int sessions;		/* relay sessions made */
	char hostname[64];
	struct relay_stream *st;
	unsigned int nr;
	uint64_t md_id;
	char *md;			/* the metadata text, whole */
	size_t md_len, md_cap, md_sent;
	uint64_t packets, bytes, unsent;
	uint64_t resent;		/* sent again to a new relay session */
	uint64_t dropped;		/* unconfirmed copies given up at the end */
	char error[512];		/* the last loss's reason */
	char dir[LTTD_RELAY_REPLY_PATH_MAX];	/* the last relay session's */
	char status_path[PATH_MAX];
	double status_at;		/* lttd_now() of its last write */
	const char *state;
	int timer_fd;
	/* a rotation or clear through the relay (doc/relay.md) */
	bool rot_active, rot_clear;
	uint64_t rot_from;		/* the relay chunk it leaves */
	int rot_error;			/* -errno: the relay's part failed */
	char archive[LTTD_RELAY_REPLY_PATH_MAX];	/* the last archived */
	char refused[512];		/* why the last one did not go */
};

/* Packets sent and not confirmed written, all streams: o->lock held. */
static unsigned int win_total(const struct lttd_relay_out *o)
{
	unsigned int i, n = 0;

	for (i = 0; i < o->nr; i++)
		n += o->st[i].win_n;
	return n;
}

/* The status file for lttctl; o->lock held. Best effort: logged once. */
static void status_write(struct lttd *d, struct lttd_relay_out *o)
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
			(unsigned long long)o->dropped, win_total(o));
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
	status_write(d, o);
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
static void lost(struct lttd *d, struct lttd_relay_out *o)
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
	status_write(d, o);
}

/* The window's i-th oldest copy. */
static struct relay_copy *win_at(struct relay_stream *rs, unsigned int i)
{
	return &rs->win[(rs->win_head + i) % rs->win_cap];
}

/* The first ask once the window is half full (at least one packet). */
static unsigned int win_half(const struct relay_stream *rs)
{
	return rs->win_cap / 2 ? rs->win_cap / 2 : 1;
}

/* The k oldest copies are confirmed: forgotten (their buffers kept). */
static void win_forget(struct relay_stream *rs, unsigned int k)
{
	rs->win_head = (rs->win_head + k) % rs->win_cap;
	rs->win_n -= k;
	if (rs->win_n < win_half(rs))
		rs->ask_at = win_half(rs);
}

/*
 * A copy of a packet just sent, the newest: one memcpy, no allocation
 * once each slot has held a packet of that size. 0 or -ENOMEM.
 */
static int win_push(struct relay_stream *rs, const uint8_t *p, size_t len)
{
	struct relay_copy *c = &rs->win[(rs->win_head + rs->win_n) %
					 rs->win_cap];
	uint8_t *b;

	if (c->cap < len) {
		b = realloc(c->buf, len);
		if (!b)
			return -ENOMEM;
		c->buf = b;
		c->cap = len;
	}
	memcpy(c->buf, p, len);
	c->len = len;
	rs->win_n++;
	return 0;
}

/* The net_seq_num of the window's k-th oldest copy (k >= 1), connected. */
static uint64_t win_seq(const struct relay_stream *rs, unsigned int k)
{
	return rs->next_seq - rs->win_n + k - 1;
}

/*
 * Ask the relay whether it wrote the k oldest copies of each of n
 * streams (k[i] >= 1); those it did are forgotten. *all: every one was.
 * 0, or -errno (the connection is over: the caller calls lost()).
 * o->lock held, connected.
 */
static int win_confirm(struct lttd_relay_out *o, struct relay_stream **v,
		       const unsigned int *k, unsigned int n, bool *all)
{
	struct lttd_relay_pending pend[8];
	bool pending[8];
	unsigned int i, j, m;
	int ret;

	*all = true;
	for (i = 0; i < n; i += m) {
		m = n - i < 8 ? n - i : 8;
		for (j = 0; j < m; j++)
			pend[j] = (struct lttd_relay_pending){
				.stream_id = v[i + j]->relay_id,
				.last_net_seq_num = win_seq(v[i + j], k[i + j]),
			};
		ret = lttd_relay_streams_pending(&o->r, pend, m, pending);
		if (ret)
			return ret;
		for (j = 0; j < m; j++) {
			if (pending[j])
				*all = false;
			else
				win_forget(v[i + j], k[i + j]);
		}
	}
	return 0;
}

/*
 * The k oldest copies of one stream confirmed, waiting for the relay to
 * write them up to RELAY_TIMEOUT_MS. 0, or -errno with o->r.err saying
 * why: the caller calls lost(). o->lock held, connected.
 */
static int win_wait(struct lttd_relay_out *o, struct relay_stream *rs,
		    unsigned int k)
{
	struct timespec ts = { 0, WIN_WAIT_NS }, t0, t1;
	bool all;
	int ret;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		ret = win_confirm(o, &rs, &k, 1, &all);
		if (ret || all)
			return ret;
		clock_gettime(CLOCK_MONOTONIC, &t1);
		if ((t1.tv_sec - t0.tv_sec) * 1000 +
		    (t1.tv_nsec - t0.tv_nsec) / 1000000 >= RELAY_TIMEOUT_MS)
			break;
		nanosleep(&ts, NULL);
	}
	lttd_relay_close(&o->r);
	snprintf(o->r.err, sizeof(o->r.err),
		 "relay %s: %s: %u packets sent are not written after %d ms",
		 o->r.where, rs->name, k, RELAY_TIMEOUT_MS);
	return -ETIMEDOUT;
}

/* A packet went: what the stream's next beacon and end need. */
static void stream_sent(struct relay_stream *rs, const uint8_t *p)
{
	struct ltt_packet_header h;

	memcpy(&h, p, sizeof(h));	/* relay.c checked the length */
	rs->next_seq++;
	rs->sent_any = true;
	rs->last_pkt_seq = h.packet_seq_num;
	rs->last_end = h.timestamp_end;
}

/*
 * A new relay session: the stream's unconfirmed copies again, with this
 * session's net_seq_nums, before any other packet of it. 0 or -errno.
 */
static int resend(struct lttd_relay_out *o, struct relay_stream *rs)
{
	struct relay_copy *c;
	unsigned int i;
	int ret;

	for (i = 0; i < rs->win_n; i++) {
		c = win_at(rs, i);
		ret = lttd_relay_send_packet(&o->r, rs->relay_id,
					     rs->next_seq, c->buf, c->len);
		if (ret)
			return ret;
		stream_sent(rs, c->buf);
		o->resent++;
	}
	rs->ask_at = rs->win_n + 1 > win_half(rs) ? rs->win_n + 1 :
						     win_half(rs);
	return 0;
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
		ret = resend(o, &o->st[i]);
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
static void retry(struct lttd *d, struct lttd_relay_out *o)
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
	status_write(d, o);
}

/* The metadata text as the kernel gave it so far: d->md_lock held. */
static void md_hook(struct lttd *d, const char *text, size_t len)
{
	struct lttd_relay_out *o = d->out;
	char *p;

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
			lost(d, o);
		else
			o->md_sent = o->md_len;
	}
out:
	pthread_mutex_unlock(&o->lock);
}

/* The window's size in packets (WIN_BYTES above says why). */
static unsigned int win_cap(const struct lttd_stream *s)
{
	uint64_t n = s->subbuf_size ? WIN_BYTES / s->subbuf_size : WIN_MAX;

	if (n > WIN_MAX)
		n = WIN_MAX;
	if (n < s->num_subbuf)
		n = s->num_subbuf;
	return n ? n : 1;
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
		o->st[i].win_cap = win_cap(s);
		o->st[i].ask_at = win_half(&o->st[i]);
		o->st[i].win = calloc(o->st[i].win_cap,
				      sizeof(*o->st[i].win));
		if (!o->st[i].win)
			return -ENOMEM;
		s->out_slot = i++;
	}
	status_init(d, o);
	/* the text read so far; later text comes through the hook */
	pthread_mutex_lock(&d->md_lock);
	d->md_hook = md_hook;
	md_hook(d, d->md->text, d->md->len);
	pthread_mutex_lock(&o->lock);
	ret = session_open(d, o);
	if (ret) {
		snprintf(o->error, sizeof(o->error), "%s", o->r.err);
		o->state = "failed";
	}
	status_write(d, o);
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

	if (!o || !d->no_local)
		return true;
	pthread_mutex_lock(&o->lock);
	retry(d, o);
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

/*
 * The window is past its mark: has the relay written all of it? If not,
 * ask again once half of what is left has come. o->lock held, connected.
 */
static void ask(struct lttd *d, struct lttd_relay_out *o,
		struct relay_stream *rs)
{
	unsigned int k = rs->win_n;
	bool all;

	if (win_confirm(o, &rs, &k, 1, &all))
		lost(d, o);	/* the packets stay in the window */
	else if (!all)
		rs->ask_at = rs->win_n + (rs->win_cap - rs->win_n + 1) / 2;
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
	retry(d, o);
	/* a full window: its older half written first, or the relay is lost */
	if (o->up && rs->win_n == rs->win_cap &&
	    win_wait(o, rs, win_half(rs)))
		lost(d, o);
	if (o->up) {
		/* the copy first: a packet sent is a packet kept */
		if (win_push(rs, p, len)) {
			lttd_log(true, "session %s: %s: no memory to keep a copy of a packet for the relay",
				 d->session, rs->name);
			o->unsent++;
			ret = d->no_local ? LTTD_RELAY_OUT_DROP : 0;
			goto out;
		}
		ret = lttd_relay_send_packet(&o->r, rs->relay_id, rs->next_seq,
					     p, len);
		if (!ret) {
			stream_sent(rs, p);
			o->packets++;
			o->bytes += len;
			if (rs->again)	/* the old relay session may have it */
				o->resent++;
			rs->again = false;
			if (rs->win_n >= rs->ask_at)
				ask(d, o, rs);
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
			ret = d->no_local ? LTTD_RELAY_OUT_DROP : 0;
			goto out;
		}
		lost(d, o);
		/* part of it may have reached the relay: its next send is
		 * one again */
		rs->again = d->no_local;
	}
	/* to the relay only, the stream keeps it to send it again */
	if (!d->no_local)
		o->unsent++;
	ret = d->no_local ? LTTD_RELAY_OUT_KEEP : 0;
out:
	status_write(d, o);
	pthread_mutex_unlock(&o->lock);
	return ret;
}

/* Every tick: what the relay wrote of each stream's window is forgotten. */
static void tick_confirm(struct lttd *d, struct lttd_relay_out *o)
{
	struct relay_stream *v[8];
	unsigned int k[8], i, n = 0, before = win_total(o);
	bool all;

	for (i = 0; o->up && i <= o->nr; i++) {
		if (i < o->nr && o->st[i].win_n) {
			v[n] = &o->st[i];
			k[n++] = o->st[i].win_n;
		}
		if (n && (n == 8 || i == o->nr)) {
			if (win_confirm(o, v, k, n, &all))
				lost(d, o);
			n = 0;
		}
	}
	/* the count of unconfirmed packets, for whoever waits for 0 */
	if (o->up && win_total(o) != before)
		status_write(d, o);
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
	retry(d, o);
	tick_confirm(d, o);
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
			lost(d, o);
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
	retry(d, o);	/* the end still reaches a relay that came back */
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
	status_write(d, o);
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

__attribute__((format(printf, 3, 4)))
static int refuse(struct lttd_relay_out *o, int ret, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(o->refused, sizeof(o->refused), fmt, ap);
	va_end(ap);
	return ret;
}

/*
 * A rotation or clear begins: the next relay chunk, every stream to move
 * to it at its boundary. Refused (o->refused says why, for lttctl): a
 * live session (LTTng rotates none either), a relay away, one older than
 * 2.11 (no chunks), a clear the relay does not allow (2.12's
 * GET_CONFIGURATION; before, it cannot be asked).
 */
int lttd_relay_out_rotate_begin(struct lttd *d, bool clear)
{
	struct lttd_relay_out *o = d->out;
	const char *what = clear ? "clear" : "rotation";
	uint64_t flags = 0;
	unsigned int i;
	int ret = 0;

	if (!o)
		return 0;
	pthread_mutex_lock(&o->lock);
	o->refused[0] = 0;
	o->rot_error = 0;
	retry(d, o);
	if (d->live_us) {
		ret = refuse(o, -EOPNOTSUPP,
			     "no %s of a live session through the relay (LTTng refuses it too)",
			     what);
	} else if (!o->up) {
		ret = refuse(o, -ENOTCONN,
			     "the relay %s is not connected (lttd reconnects): no %s now",
			     o->url_text, what);
	} else if (o->r.minor < LTTD_RELAY_MINOR_CHUNKS) {
		ret = refuse(o, -EPROTONOSUPPORT,
			     "the relay %s speaks protocol 2.%u: a %s needs trace chunks (2.11)",
			     o->url_text, o->r.minor, what);
	} else if (clear) {
		ret = lttd_relay_get_config(&o->r, &flags);
		if (ret == -EPROTONOSUPPORT)
			ret = refuse(o, ret,
				     "the relay %s (protocol 2.%u) cannot say whether it allows a clear (2.12 can)",
				     o->url_text, o->r.relay_minor);
		else if (ret)
			lost(d, o);
		else if (!(flags & LTTD_RELAY_CONFIG_CLEAR))
			ret = refuse(o, -EPERM,
				     "the relay %s does not allow clearing (lttng-relayd --disallow-clear)",
				     o->url_text);
	}
	if (!ret) {
		ret = lttd_relay_create_chunk(&o->r, o->r.chunk_id + 1,
					      time(NULL));
		/* a refusal, too, ends the relay's side of the connection */
		if (ret)
			lost(d, o);
	}
	if (ret && !o->refused[0])
		refuse(o, ret, "%s", o->error);
	if (!ret) {
		o->rot_active = true;
		o->rot_clear = clear;
		o->rot_from = o->r.chunk_id++;
		for (i = 0; i < o->nr; i++)
			o->st[i].rot_pending = true;
	}
	status_write(d, o);
	pthread_mutex_unlock(&o->lock);
	return ret;
}

/*
 * One stream to the new chunk: o->lock held. The relay moves a stream on
 * an index: at the first packet_seq_num past the last it got. A stream
 * that sent nothing in this relay session has no index to move on (its
 * first packet would land in the old chunk, which could not be archived
 * before): closed, and made again in the new chunk.
 */
static int rotate_one(struct lttd_relay_out *o, struct relay_stream *rs)
{
	struct lttd_relay_rot_pos p = { rs->relay_id, rs->last_pkt_seq + 1 };
	int ret;

	/* no copy crosses a chunk's boundary: a clear's are gone */
	if (rs->win_n) {
		ret = win_wait(o, rs, rs->win_n);
		if (ret)
			return ret;
	}
	if (rs->sent_any)
		return lttd_relay_rotate_streams(&o->r, &o->r.chunk_id, &p, 1);
	ret = lttd_relay_close_stream(&o->r, rs->relay_id, LTTD_RELAY_NO_SEQ);
	if (!ret)
		ret = lttd_relay_add_stream(&o->r, rs->name, LTTD_TRACE_SUBDIR,
					    rs->tracefile_size,
					    rs->tracefile_count, &rs->relay_id);
	if (!ret)
		ret = lttd_relay_streams_sent(&o->r);
	rs->next_seq = 0;
	return ret;
}

void lttd_relay_out_stream_rotate(struct lttd *d, struct lttd_stream *s)
{
	struct lttd_relay_out *o = d->out;
	struct relay_stream *rs;

	if (!o)
		return;
	rs = &o->st[s->out_slot];
	pthread_mutex_lock(&o->lock);
	if (o->rot_active && rs->rot_pending && o->up &&
	    rotate_one(o, rs)) {
		o->rot_error = -EIO;
		lost(d, o);
	}
	rs->rot_pending = false;
	pthread_mutex_unlock(&o->lock);
}

/*
 * Every stream is past its boundary: the metadata too (the relay starts
 * its file anew in the new chunk: the whole text again), then the old
 * chunk closes, into archives/ or deleted (a clear). path: where the
 * relay says it went.
 */
int lttd_relay_out_rotate_end(struct lttd *d, char *path, size_t len)
{
	struct lttd_relay_out *o = d->out;
	struct lttd_relay_rot_pos p;
	unsigned int i;
	int ret;

	if (!o)
		return 0;
	lttd_metadata_pump(d, d->md);	/* the old chunk's text, whole */
	pthread_mutex_lock(&o->lock);
	ret = o->rot_error;
	if (!ret && !o->rot_active)
		ret = -ENOTCONN;
	/* streams no loop moved: finished before the rotation */
	for (i = 0; !ret && i < o->nr; i++)
		if (o->st[i].rot_pending && rotate_one(o, &o->st[i]))
			ret = -EIO;
	if (!ret) {
		p = (struct lttd_relay_rot_pos){ o->md_id, 0 };
		ret = lttd_relay_rotate_streams(&o->r, &o->r.chunk_id, &p, 1);
	}
	if (!ret && o->md_len)
		ret = lttd_relay_send_metadata(&o->r, o->md_id, o->md,
					       o->md_len);
	if (!ret) {
		o->md_sent = o->md_len;
		ret = lttd_relay_close_chunk(&o->r, o->rot_from, o->rot_clear ?
					     LTTD_RELAY_CHUNK_DELETE :
					     LTTD_RELAY_CHUNK_ARCHIVE);
	}
	if (ret && o->up)
		lost(d, o);
	if (ret) {
		refuse(o, ret, "the relay's %s failed: %s",
		       o->rot_clear ? "clear" : "rotation",
		       o->error[0] ? o->error : strerror(-ret));
	} else {
		snprintf(path, len, "%s", o->r.chunk_path);
		if (!o->rot_clear)
			snprintf(o->archive, sizeof(o->archive), "%s",
				 o->r.chunk_path);
	}
	o->rot_active = false;
	for (i = 0; i < o->nr; i++)
		o->st[i].rot_pending = false;
	status_write(d, o);
	pthread_mutex_unlock(&o->lock);
	return ret;
}

void lttd_relay_out_free(struct lttd *d)
{
	struct lttd_relay_out *o = d->out;
	unsigned int i, j;

	if (!o)
		return;
	d->md_hook = NULL;
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

static bool relay_wanted(const struct lttd *d)
{
	return d->url;
}

/* lttd's output to a relay: its line in output.c */
const struct lttd_output_ops lttd_relay_output = {
	.name		= "relay",
	.wanted		= relay_wanted,
	.start		= lttd_relay_out_start,
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
