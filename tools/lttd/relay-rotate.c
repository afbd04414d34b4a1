// SPDX-License-Identifier: GPL-2.0-only
/*
 * The relay output's rotation and clear (doc/relay.md): the relay's next
 * trace chunk, each stream moved to it at its own boundary, then the
 * metadata, then the old chunk archived or deleted on the relay
 * (relay-out.c is the rest of the output; relay-out-internal.h their
 * shared state).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "relay-out-internal.h"

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
	relay_out_retry(d, o);
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
			relay_out_lost(d, o);
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
			relay_out_lost(d, o);
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
	relay_out_status_write(d, o);
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
		ret = relay_win_wait(o, rs, rs->win_n);
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
		relay_out_lost(d, o);
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
		relay_out_lost(d, o);
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
	relay_out_status_write(d, o);
	pthread_mutex_unlock(&o->lock);
	return ret;
}
