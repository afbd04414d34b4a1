// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd --snapshot: copy what a session's buffers hold now into a new
 * trace, without consuming it (LTTng's snapshot record). The buffers keep
 * their packets: the stream's reader, if an lttd drains the session, gets
 * every one of them as if no snapshot had been taken, and a second
 * snapshot of a quiet buffer holds the same packets.
 *
 * First every stream's open packet is closed (SNAPSHOT_SAMPLE), all
 * streams before any is copied, so that they end at about the same time;
 * then each stream's packets are copied oldest first (SNAPSHOT_READ).
 * Writers go on meanwhile: in an overwrite buffer a packet may be
 * overwritten before its turn or during its copy; the kernel then says it
 * is gone and it is left out (counted in the summary), never written torn.
 *
 * The same copy serves a trigger's snapshot request (abi.h,
 * LTT_ROTATE_SNAPSHOT) in a running lttd: into a new directory
 * DIR/snapshot-N-DATE-TIME (as lttctl trigger wait names it), the
 * metadata copied whole, then ROTATE_DONE with its path, which lets the
 * frozen channels record again. The frozen buffers do not move, but the
 * copy closes each open packet, which lttd's loops would take at once:
 * they wait meanwhile (lttd_snapshot_drain_begin()), so the snapshot
 * holds every packet lttd has not taken yet, the trigger's included, and
 * lttd's trace, drained after, loses none.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include "lttd.h"

struct snap_stream {
	unsigned int cpu;
	uint64_t first, end;		/* packets [first, end) to look for */
};

struct snap_channel {
	int fd;
	char name[LTT_NAME_LEN];
	uint64_t subbuf_size;
	unsigned int nr;		/* streams with a buffer */
	struct snap_stream *st;
};

static int write_all(int fd, const void *p, size_t len)
{
	const char *c = p;
	ssize_t n;

	while (len) {
		n = write(fd, c, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		c += n;
		len -= n;
	}
	return 0;
}

/* Open the channel and close the open packet of each of its streams. */
static int snap_sample(struct lttd *d, unsigned int index,
		       struct snap_channel *c)
{
	struct ltt_channel_info ci;
	struct snap_stream *s;
	unsigned int cpu;
	int ret;

	c->fd = lttc_channel_open_index(d->sfd, index, c->name);
	if (c->fd < 0) {
		lttd_log(true, "session %s: channel %u: %s", d->session, index,
			 strerror(-c->fd));
		return c->fd;
	}
	ret = lttc_channel_info(c->fd, &ci);
	if (ret < 0) {
		lttd_log(true, "channel %s: %s", c->name, strerror(-ret));
		return ret;
	}
	c->subbuf_size = ci.subbuf_size;
	c->st = calloc(ci.nr_streams ?: 1, sizeof(*c->st));
	if (!c->st)
		return -ENOMEM;
	for (cpu = 0; cpu < ci.nr_streams; cpu++) {
		s = &c->st[c->nr];
		ret = lttc_snapshot_sample(c->fd, cpu, 0, &s->first, &s->end);
		if (ret == -ENODEV)	/* no buffer for this CPU */
			continue;
		if (ret < 0) {
			lttd_log(true, "channel %s, CPU %u: %s", c->name, cpu,
				 ret == -ENOTTY ?
				 "this ltt module has no snapshots (ABI 1.4)" :
				 strerror(-ret));
			return ret;
		}
		s->cpu = cpu;
		c->nr++;
	}
	return 0;
}

/* The packets of one stream still there into <kdir>/<channel>_<cpu>. */
static int snap_copy(struct lttd *d, const char *kdir, struct snap_channel *c,
		     const struct snap_stream *s, void *buf, uint64_t *gone)
{
	struct ltt_snapshot_read r;
	char path[PATH_MAX];
	int out = -1, ret = 0;
	uint64_t seq;
	int n;

	n = snprintf(path, sizeof(path), "%s/%s_%u", kdir, c->name, s->cpu);
	if (n < 0 || (size_t)n >= sizeof(path)) {
		lttd_log(true, "%s/%s_%u: %s", kdir, c->name, s->cpu,
			 strerror(ENAMETOOLONG));
		return -ENAMETOOLONG;
	}
	for (seq = s->first; seq < s->end; seq++) {
		ret = lttc_snapshot_read(c->fd, s->cpu, seq, buf,
					 c->subbuf_size, &r);
		if (ret == -ENOENT) {	/* overwritten, or taken by lttd */
			(*gone)++;
			ret = 0;
			continue;
		}
		if (ret < 0) {
			lttd_log(true, "%s: packet %llu: %s", path,
				 (unsigned long long)seq, strerror(-ret));
			break;
		}
		if (out < 0) {
			/* the stream's description on disk first */
			ret = lttd_metadata_pump(d, d->md);
			if (ret < 0)
				break;
			out = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
				   0644);
			if (out < 0) {
				ret = -errno;
				lttd_log(true, "%s: %s", path, strerror(errno));
				break;
			}
		}
		ret = write_all(out, buf, r.packet_size);
		if (ret < 0) {
			lttd_log(true, "%s: %s", path, strerror(-ret));
			break;
		}
		d->packets++;
		d->bytes += r.packet_size;
	}
	if (out >= 0 && fsync(out) && errno != EINVAL && !ret) {
		ret = -errno;
		lttd_log(true, "%s: %s", path, strerror(errno));
	}
	if (out >= 0)
		close(out);
	return ret;
}

/* Every stream's packets into kdir: 0 or -errno (logged). */
static int snapshot_into(struct lttd *d, const char *kdir, uint64_t *gonep)
{
	struct ltt_session_info si;
	struct snap_channel *ch;
	uint64_t gone = 0, max = 0;
	unsigned int i, j;
	void *buf = NULL;
	int ret;

	ret = lttc_session_info(d->sfd, &si);
	if (ret < 0) {
		lttd_log(true, "session %s: %s", d->session, strerror(-ret));
		return ret;
	}
	ch = calloc(si.nr_channels ?: 1, sizeof(*ch));
	if (!ch)
		return -ENOMEM;
	for (i = 0; i < si.nr_channels; i++)
		ch[i].fd = -1;
	for (i = 0; i < si.nr_channels && !ret; i++) {
		ret = snap_sample(d, i, &ch[i]);
		if (ch[i].subbuf_size > max)
			max = ch[i].subbuf_size;
	}
	if (!ret && max && !(buf = malloc(max)))
		ret = -ENOMEM;
	for (i = 0; i < si.nr_channels && !ret; i++)
		for (j = 0; j < ch[i].nr && !ret; j++)
			ret = snap_copy(d, kdir, &ch[i], &ch[i].st[j], buf,
					&gone);
	*gonep = gone;
	free(buf);
	for (i = 0; i < si.nr_channels; i++) {
		if (ch[i].fd >= 0)
			close(ch[i].fd);
		free(ch[i].st);
	}
	free(ch);
	return ret;
}

int lttd_snapshot(struct lttd *d)
{
	uint64_t gone = 0;
	int ret = snapshot_into(d, d->chunk.kdir, &gone);

	if (gone && !d->quiet)
		lttd_log(false, "%llu packets left the buffers before their turn (overwritten, or written out by the session's lttd)",
			 (unsigned long long)gone);
	return ret;
}

/* The snapshot directory and its trace: 0 or -errno (logged). */
static int serve_into(struct lttd *d, char *dir, size_t len, uint64_t *gone)
{
	const char *top = d->dir ? d->dir : d->spool;
	char kdir[PATH_MAX];
	int ret, n;

	if (!top) {
		lttd_log(true, "session %s has no trace directory for a snapshot (its trace goes to %s only)",
			 d->session, d->url ? d->url : "its output");
		return -ENOENT;
	}
	ret = ltt_snapshot_dir(top, time(NULL), dir, len);
	if (ret < 0) {
		lttd_log(true, "%s: cannot make a snapshot directory: %s",
			 top, strerror(-ret));
		return ret;
	}
	n = snprintf(kdir, sizeof(kdir), "%s/" LTTD_TRACE_SUBDIR, dir);
	if (n < 0 || (size_t)n >= sizeof(kdir))
		return -ENAMETOOLONG;
	if (mkdir(kdir, 0755)) {
		ret = -errno;
		lttd_log(true, "%s: %s", kdir, strerror(errno));
		return ret;
	}
	ret = lttd_metadata_copy(d, d->md, kdir);
	if (!ret)
		ret = snapshot_into(d, kdir, gone);
	return ret;
}

void lttd_snapshot_drain_begin(struct lttd *d)
{
	pthread_mutex_lock(&d->snap_lock);
	while (d->snap_hold)
		pthread_cond_wait(&d->snap_cond, &d->snap_lock);
	d->snap_draining++;
	pthread_mutex_unlock(&d->snap_lock);
}

void lttd_snapshot_drain_end(struct lttd *d)
{
	pthread_mutex_lock(&d->snap_lock);
	if (!--d->snap_draining && d->snap_hold)
		pthread_cond_broadcast(&d->snap_cond);	/* main waits */
	pthread_mutex_unlock(&d->snap_lock);
}

/* Main: no loop drains until hold_release(). */
static void hold_loops(struct lttd *d)
{
	pthread_mutex_lock(&d->snap_lock);
	d->snap_hold = true;
	while (d->snap_draining)
		pthread_cond_wait(&d->snap_cond, &d->snap_lock);
	pthread_mutex_unlock(&d->snap_lock);
}

static void release_loops(struct lttd *d)
{
	pthread_mutex_lock(&d->snap_lock);
	d->snap_hold = false;
	pthread_cond_broadcast(&d->snap_cond);
	pthread_mutex_unlock(&d->snap_lock);
}

void lttd_snapshot_request(struct lttd *d, uint64_t id, uint64_t trigger)
{
	char dir[PATH_MAX] = "";
	uint64_t gone = 0;
	double t0 = lttd_now();
	int ret;
	struct ltt_session_config c;
	int removed = 0;

	hold_loops(d);
	ret = serve_into(d, dir, sizeof(dir), &gone);
	release_loops(d);
	/* the older snapshots beyond the session's limits, before DONE */
	if (!ret && lttc_session_get_config(d->sfd, &c) >= 0) {
		const char *top = d->dir ? d->dir : d->spool;

		removed = ltt_snapshot_prune_spool(top, LTT_KEEP_SNAPSHOTS(&c),
						   c.keep_size, dir,
						   d->spool != NULL);
		if (removed < 0)
			lttd_log(true, "%s: removing old snapshots: %s", top,
				 strerror(-removed));
	}
	if (!ret)
		lttd_ship_kick(d, dir, trigger);
	ret = lttc_rotate_done(d->sfd, id, ret < 0 ? -ret : 0, d->chunk.id,
			       ret < 0 ? "" : dir, d->chunk.name) ?: ret;
	/* a trigger's snapshot is rare and worth a line, even with -q */
	if (ret < 0)
		lttd_log(true, "snapshot %llu of trigger %llu failed: %s",
			 (unsigned long long)id, (unsigned long long)trigger,
			 strerror(-ret));
	else
		lttd_log(false, "snapshot %llu of trigger %llu written to %s in %.3f s%s; %d older removed",
			 (unsigned long long)id, (unsigned long long)trigger,
			 dir, lttd_now() - t0,
			 gone ? " (packets overwritten meanwhile left out)" : "",
			 removed > 0 ? removed : 0);
}
