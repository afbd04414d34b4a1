// SPDX-License-Identifier: GPL-2.0-only
/*
 * Shipping a session's snapshots and recovered traces to its relay
 * (ship.h; doc/relay.md, "Shipping snapshots and recovered traces").
 *
 * An entry is a complete trace on local disk first (the spool): a
 * snapshot-N-DATE-TIME directory (its trace in kernel/) or a
 * recovered-<boot id> directory (its trace in it). It goes to the relay
 * as LTTng's `snapshot record` to a net:// output goes: a relay session
 * with the snapshot flag, named after the lttd session, on this host,
 * its streams under <entry>/kernel, so that the relay stores it as
 *   <hostname>/<session>-<date>-<time>/<entry>/kernel/
 * The session's creation time is the entry's own (its metadata file's
 * modification time, which nothing changes once the entry is complete),
 * so a resend after a ship cut midway lands on the same path, and the
 * relay, which opens a stream's files with O_TRUNC (lttng-relayd 2.13's
 * stream.c and index.c), rewrites them: one copy, whole, never two or a
 * partial one. A snapshot session has no index at the relay; none is
 * sent (relay.c), as LTTng's consumer sends none for a snapshot.
 *
 * The streams are the entry's files, sent packet by packet: each
 * packet's header gives its size (lttd_relay_packet() checks it). The
 * entry counts as shipped once the relay says every stream is written up
 * to its last packet (DATA_PENDING 0 each); then the streams and the
 * chunk close, and the entry gets its marker (LTT_SPOOL_MARK, the
 * catalogue line in it) and the spool's catalogue its line: host, boot
 * id, trigger, time, where on the relay. Every relay call is bounded by
 * the timeout and every reply checked (relay.c, relay-proto.c): a relay
 * that dies or lies costs a failed ship, the entry waits, never a hang.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <ltt/abi.h>
#include "ltt-ctl.h"
#include "relay.h"
#include "ship.h"
#include "lttd.h"

/* How long the relay may take to write what it received. */
#define WRITTEN_WAIT_MS		10000
#define WRITTEN_POLL_NS		10000000L
#define TRIGGER_FILE		".trigger"
#define LOCK_FILE		".ship.lock"	/* in the spool */

struct ship_stream {
	char name[256];
	uint64_t relay_id;
	uint64_t sent;			/* packets: next net_seq_num */
};

__attribute__((format(printf, 3, 4)))
static int say(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct ship_stream *)a)->name,
		      ((const struct ship_stream *)b)->name);
}

/* The stream files of trace directory tdir, sorted. 0 or -errno. */
static int list_streams(const char *tdir, struct ship_stream **v,
			unsigned int *n)
{
	char p[PATH_MAX];
	struct ship_stream *nv;
	struct dirent *de;
	struct stat sb;
	DIR *d = opendir(tdir);

	*v = NULL;
	*n = 0;
	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.' || !strcmp(de->d_name, "metadata") ||
		    strlen(de->d_name) >= sizeof(nv->name) ||
		    snprintf(p, sizeof(p), "%s/%s", tdir, de->d_name) >=
		    (int)sizeof(p) || lstat(p, &sb) || !S_ISREG(sb.st_mode))
			continue;
		nv = realloc(*v, (*n + 1) * sizeof(**v));
		if (!nv) {
			closedir(d);
			return -ENOMEM;
		}
		*v = nv;
		memset(&nv[*n], 0, sizeof(nv[*n]));
		snprintf(nv[*n].name, sizeof(nv[*n].name), "%s", de->d_name);
		(*n)++;
	}
	closedir(d);
	if (*n)
		qsort(*v, *n, sizeof(**v), by_name);
	return 0;
}

/* The whole of a file: 0 and a malloc()ed buffer, or -errno. */
static int read_file(const char *path, char **buf, size_t *len)
{
	struct stat sb;
	ssize_t n;
	size_t got = 0;
	int fd, ret = 0;

	*buf = NULL;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &sb)) {
		ret = -errno;
		goto out;
	}
	*buf = malloc(sb.st_size + 1);
	if (!*buf) {
		ret = -ENOMEM;
		goto out;
	}
	while (got < (size_t)sb.st_size) {
		n = read(fd, *buf + got, sb.st_size - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			ret = n < 0 ? -errno : -EIO;
			break;
		}
		got += n;
	}
	*len = got;
out:
	close(fd);
	if (ret) {
		free(*buf);
		*buf = NULL;
	}
	return ret;
}

static void host_name(const struct lttd_ship_target *t, char *buf,
		      size_t len)
{
	if (t->hostname) {
		snprintf(buf, len, "%s", t->hostname);
		return;
	}
	if (gethostname(buf, len) || !buf[0] || buf[0] == '.' ||
	    strchr(buf, '/'))
		snprintf(buf, len, "localhost");
	buf[len - 1] = 0;
}

/* The packets of one stream file, in order. 0 or -errno (err said). */
static int send_stream(struct lttd_relay *r, const char *path,
		       struct ship_stream *s, struct lttd_ship_result *res,
		       char *err, size_t errlen)
{
	struct ltt_packet_header h;
	uint8_t *buf = NULL, *nb;
	size_t cap = 0, size;
	ssize_t n;
	off_t at = 0;
	int fd, ret = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		say(err, errlen, "%s: %s", path, strerror(errno));
		return ret;
	}
	for (;;) {
		n = pread(fd, &h, sizeof(h), at);
		if (n == 0)
			break;		/* the end, between two packets */
		if (n != (ssize_t)sizeof(h) || h.packet_size % 8 ||
		    h.packet_size < 8 * sizeof(h) ||
		    h.packet_size / 8 > UINT32_MAX) {
			ret = -EINVAL;
			say(err, errlen, "%s: no whole packet at byte %lld",
			    path, (long long)at);
			break;
		}
		size = h.packet_size / 8;
		if (size > cap) {
			nb = realloc(buf, size);
			if (!nb) {
				ret = -ENOMEM;
				say(err, errlen, "out of memory");
				break;
			}
			buf = nb;
			cap = size;
		}
		n = pread(fd, buf, size, at);
		if (n != (ssize_t)size) {
			ret = n < 0 ? -errno : -EINVAL;
			say(err, errlen, "%s: packet at byte %lld: %s", path,
			    (long long)at, n < 0 ? strerror(errno) :
			    "cut short");
			break;
		}
		ret = lttd_relay_send_packet(r, s->relay_id, s->sent, buf,
					     size);
		if (ret) {
			say(err, errlen, "%s", r->err);
			break;
		}
		s->sent++;
		res->packets++;
		res->bytes += size;
		at += size;
	}
	free(buf);
	close(fd);
	return ret;
}

/* Wait until the relay wrote every packet sent. 0 or -errno. */
static int wait_written(struct lttd_relay *r, const struct ship_stream *v,
			unsigned int n, char *err, size_t errlen)
{
	struct timespec ts = { 0, WRITTEN_POLL_NS };
	struct lttd_relay_pending p[8];
	bool each[8], all;
	unsigned int i, j, m, k, waited = 0;
	int ret;

	for (;;) {
		all = true;
		for (i = 0; i < n; i += m) {
			/* the streams that sent packets, 8 at a time */
			for (m = 0, k = 0; i + m < n && k < 8; m++) {
				if (!v[i + m].sent)
					continue;
				p[k++] = (struct lttd_relay_pending){
					.stream_id = v[i + m].relay_id,
					.last_net_seq_num = v[i + m].sent - 1,
				};
			}
			if (!k)
				continue;
			ret = lttd_relay_streams_pending(r, p, k, each);
			if (ret) {
				say(err, errlen, "%s", r->err);
				return ret;
			}
			for (j = 0; j < k; j++)
				all &= !each[j];
		}
		if (all)
			return 0;
		if (waited >= WRITTEN_WAIT_MS) {
			say(err, errlen, "relay %s: what was sent is not written after %d ms",
			    r->where, WRITTEN_WAIT_MS);
			return -ETIMEDOUT;
		}
		nanosleep(&ts, NULL);
		waited += WRITTEN_POLL_NS / 1000000;
	}
}

static void boot_id_of(const char *name, char *buf, size_t len)
{
	char *nl;
	FILE *f;

	if (!strncmp(name, "recovered-", 10)) {
		snprintf(buf, len, "%s", name + 10);
		return;
	}
	snprintf(buf, len, "-");
	f = fopen("/proc/sys/kernel/random/boot_id", "re");
	if (f && fgets(buf, len, f) && (nl = strchr(buf, '\n')))
		*nl = 0;
	if (f)
		fclose(f);
}

static void trigger_of(const char *entry, char *buf, size_t len)
{
	char p[PATH_MAX], *nl;
	FILE *f;

	snprintf(buf, len, "-");
	if (snprintf(p, sizeof(p), "%s/" TRIGGER_FILE, entry) >= (int)sizeof(p))
		return;
	f = fopen(p, "re");
	if (f && fgets(buf, len, f) && (nl = strchr(buf, '\n')))
		*nl = 0;
	if (f)
		fclose(f);
}

void lttd_ship_note_trigger(const char *entry, uint64_t trigger)
{
	char p[PATH_MAX];
	FILE *f;

	if (snprintf(p, sizeof(p), "%s/" TRIGGER_FILE, entry) >= (int)sizeof(p))
		return;
	f = fopen(p, "we");
	if (f) {
		fprintf(f, "%llu\n", (unsigned long long)trigger);
		fclose(f);
	}
}

/* The entry's marker (its catalogue line), then the catalogue's line. */
static int mark_shipped(const struct lttd_ship_target *t, const char *entry,
			const char *line, char *err, size_t errlen)
{
	char p[PATH_MAX], tmp[PATH_MAX + 8];
	size_t len = strlen(line);
	int fd, ret = 0;

	if (snprintf(p, sizeof(p), "%s/" LTT_SPOOL_MARK, entry) >=
	    (int)sizeof(p))
		return -ENAMETOOLONG;
	snprintf(tmp, sizeof(tmp), "%s.tmp", p);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || write(fd, line, len) != (ssize_t)len || fsync(fd))
		ret = -errno ?: -EIO;
	if (fd >= 0)
		close(fd);
	if (!ret && rename(tmp, p))
		ret = -errno;
	if (ret) {
		unlink(tmp);
		say(err, errlen, "%s: %s", p, strerror(-ret));
		return ret;
	}
	ret = ltt_spool_log(t->spool, line);
	if (ret)
		say(err, errlen, "%s/%s: %s", t->spool, LTT_SPOOL_LOG,
		    strerror(-ret));
	return ret;
}

int lttd_ship_entry(const struct lttd_ship_target *t, const char *name,
		    struct lttd_ship_result *res, char *err, size_t errlen)
{
	struct lttd_relay_session_args a = { 0 };
	struct lttd_relay r = { .ctrl = -1, .data = -1 };
	struct lttd_relay_url u;
	struct ship_stream *v = NULL;
	char entry[PATH_MAX], tdir[PATH_MAX + 16], md[PATH_MAX + 300];
	char rel[300], host[256], boot[64], trig[32];
	char line[2 * PATH_MAX + 1024];
	uint8_t uuid[16];
	struct stat sb;
	char *text = NULL;
	size_t text_len = 0;
	unsigned int n = 0, i;
	uint64_t md_id;
	int ret;

	memset(res, 0, sizeof(*res));
	err[0] = 0;
	if (snprintf(entry, sizeof(entry) - 16, "%s/%s", t->spool, name) >=
	    (int)sizeof(entry) - 16 ||
	    snprintf(rel, sizeof(rel), "%s/kernel", name) >= (int)sizeof(rel)) {
		say(err, errlen, "%s/%s: name too long", t->spool, name);
		return -ENAMETOOLONG;
	}
	/* a snapshot's trace is in kernel/, a recovered one's in the entry */
	snprintf(tdir, sizeof(tdir), "%s/kernel", entry);
	snprintf(md, sizeof(md), "%s/metadata", tdir);
	if (stat(md, &sb)) {
		snprintf(tdir, sizeof(tdir), "%s", entry);
		snprintf(md, sizeof(md), "%s/metadata", tdir);
		if (stat(md, &sb)) {
			ret = -errno;
			say(err, errlen, "%s: no trace there (no metadata file)",
			    entry);
			return ret;
		}
	}
	ret = read_file(md, &text, &text_len);
	if (!ret)
		ret = list_streams(tdir, &v, &n);
	if (ret) {
		say(err, errlen, "%s: %s", tdir, strerror(-ret));
		goto out;
	}
	ret = lttd_relay_parse_url(t->url, &u, err, errlen);
	if (ret)
		goto out;
	host_name(t, host, sizeof(host));
	/* who the session is to the relay: new each time, never nil */
	if (getrandom(uuid, sizeof(uuid), 0) != sizeof(uuid)) {
		ret = -errno ?: -EIO;
		say(err, errlen, "getrandom: %s", strerror(-ret));
		goto out;
	}
	uuid[6] = (uuid[6] & 0x0f) | 0x40;
	a = (struct lttd_relay_session_args){
		.name = t->session, .hostname = host, .snapshot = true,
		.uuid = uuid, .id = 1, .creation_time = sb.st_mtime,
	};
	ret = lttd_relay_connect(&r, &u, 0, t->timeout_ms ?: LTTD_SHIP_TIMEOUT_MS);
	if (!ret)
		ret = lttd_relay_create_session(&r, &a);
	if (!ret)
		ret = lttd_relay_add_stream(&r, "metadata", rel, 0, 0, &md_id);
	for (i = 0; !ret && i < n; i++)
		ret = lttd_relay_add_stream(&r, v[i].name, rel, 0, 0,
					    &v[i].relay_id);
	if (!ret)
		ret = lttd_relay_streams_sent(&r);
	if (!ret && text_len)
		ret = lttd_relay_send_metadata(&r, md_id, text, text_len);
	if (ret) {
		say(err, errlen, "%s", r.err);
		goto out;
	}
	for (i = 0; !ret && i < n; i++) {
		snprintf(md, sizeof(md), "%s/%s", tdir, v[i].name);
		ret = send_stream(&r, md, &v[i], res, err, errlen);
	}
	if (!ret)
		ret = wait_written(&r, v, n, err, errlen);
	if (!ret)
		ret = lttd_relay_close_stream(&r, md_id, LTTD_RELAY_NO_SEQ);
	for (i = 0; !ret && i < n; i++)
		ret = lttd_relay_close_stream(&r, v[i].relay_id,
					      v[i].sent ? v[i].sent - 1 :
					      LTTD_RELAY_NO_SEQ);
	if (!ret && r.minor >= LTTD_RELAY_MINOR_CHUNKS)
		ret = lttd_relay_close_chunk(&r, r.chunk_id,
					     LTTD_RELAY_CHUNK_KEEP);
	if (ret) {
		if (!err[0] || r.err[0])
			say(err, errlen, "%s", r.err);
		goto out;
	}
	res->streams = n;
	snprintf(res->path, sizeof(res->path), "%s/%s", r.session_dir, name);
	boot_id_of(name, boot, sizeof(boot));
	trigger_of(entry, trig, sizeof(trig));
	snprintf(line, sizeof(line),
		 "shipped %s host=%s boot=%s trigger=%s time=%lld to=%s path=%s packets=%llu bytes=%llu\n",
		 name, host, boot, trig, (long long)time(NULL), t->url,
		 res->path, (unsigned long long)res->packets,
		 (unsigned long long)res->bytes);
	ret = mark_shipped(t, entry, line, err, errlen);
out:
	lttd_relay_close(&r);
	free(text);
	free(v);
	return ret;
}

struct pending_entry {
	char name[256];
	time_t mtime;
};

static int by_age(const void *a, const void *b)
{
	const struct pending_entry *x = a, *y = b;

	return x->mtime < y->mtime ? -1 : x->mtime > y->mtime ? 1 :
	       strcmp(x->name, y->name);
}

/* A failure of the entry itself, not of the relay: the others go on. */
static bool entry_fault(int ret)
{
	return ret == -ENOENT || ret == -EINVAL || ret == -ENAMETOOLONG ||
	       ret == -EACCES;
}

int lttd_ship_pending(const struct lttd_ship_target *t, unsigned int *shipped,
		      char *err, size_t errlen)
{
	struct lttd_ship_result res;
	struct pending_entry *v = NULL, *nv;
	char p[PATH_MAX], e[512];
	struct dirent *de;
	struct stat sb;
	unsigned int n = 0, i;
	int ret = 0, first = 0, lock;
	DIR *d;

	*shipped = 0;
	err[0] = 0;
	d = opendir(t->spool);
	if (!d)
		return errno == ENOENT ? 0 : -errno;
	/*
	 * One shipper of a spool at a time (lttd --serve's thread, lttd
	 * --ship): two sending one entry at once would write the relay's
	 * files from two relay sessions. The other waits for this round,
	 * then finds the entries marked.
	 */
	if (snprintf(p, sizeof(p), "%s/" LOCK_FILE, t->spool) >= (int)sizeof(p)) {
		closedir(d);
		return -ENAMETOOLONG;
	}
	lock = open(p, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (lock < 0 || flock(lock, LOCK_EX)) {
		ret = -errno;
		snprintf(err, errlen, "%s: %s", p, strerror(errno));
		if (lock >= 0)
			close(lock);
		closedir(d);
		return ret;
	}
	while ((de = readdir(d))) {
		if (!ltt_spool_entry_name(de->d_name) ||
		    strlen(de->d_name) >= sizeof(v->name) ||
		    snprintf(p, sizeof(p), "%s/%s", t->spool, de->d_name) >=
		    (int)sizeof(p) || lstat(p, &sb) || !S_ISDIR(sb.st_mode) ||
		    ltt_spool_shipped(p))
			continue;
		nv = realloc(v, (n + 1) * sizeof(*v));
		if (!nv) {
			ret = -ENOMEM;
			break;
		}
		v = nv;
		snprintf(v[n].name, sizeof(v[n].name), "%s", de->d_name);
		v[n].mtime = sb.st_mtime;
		n++;
	}
	closedir(d);
	if (n)
		qsort(v, n, sizeof(*v), by_age);
	for (i = 0; !ret && i < n; i++) {
		ret = lttd_ship_entry(t, v[i].name, &res, e, sizeof(e));
		if (!ret) {
			(*shipped)++;
			continue;
		}
		if (!first) {
			first = ret;
			snprintf(err, errlen, "%s", e);
		}
		if (entry_fault(ret))
			ret = 0;	/* this one waits for a person */
	}
	free(v);
	close(lock);	/* and its lock with it */
	return ret ? ret : first;
}

/* ---- who ships: a thread of lttd, or lttd --ship alone ---- */

struct lttd_shipper {
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool kicked, stop;
	char *url, *session, *spool;
};

static void log_result(const struct lttd_ship_target *t, int ret,
		       unsigned int shipped, const char *err, double *backoff,
		       bool quiet)
{
	if (shipped && !quiet)
		lttd_log(false, "session %s: %u trace%s shipped to %s",
			 t->session, shipped, shipped == 1 ? "" : "s", t->url);
	if (!ret) {
		if (*backoff)
			lttd_log(false, "session %s: the relay took what waited in %s",
				 t->session, t->spool);
		*backoff = 0;
		return;
	}
	if (entry_fault(ret)) {
		lttd_log(true, "session %s: %s: left in %s", t->session, err,
			 t->spool);
		return;
	}
	*backoff = *backoff ? *backoff * 2 : LTTD_SHIP_BACKOFF_MIN;
	if (*backoff > LTTD_SHIP_BACKOFF_MAX)
		*backoff = LTTD_SHIP_BACKOFF_MAX;
	lttd_log(true, "session %s: %s: kept in %s, shipping again in %.0f s",
		 t->session, err, t->spool, *backoff);
}

static void *shipper_main(void *arg)
{
	struct lttd_shipper *s = arg;
	struct lttd_ship_target t = {
		.url = s->url, .session = s->session, .spool = s->spool,
	};
	double backoff = 0;
	struct timespec until;
	unsigned int shipped;
	char err[600];
	int ret;

	pthread_mutex_lock(&s->lock);
	for (;;) {
		if (s->stop)
			break;
		pthread_mutex_unlock(&s->lock);
		ret = lttd_ship_pending(&t, &shipped, err, sizeof(err));
		log_result(&t, ret, shipped, err, &backoff, false);
		pthread_mutex_lock(&s->lock);
		/*
		 * Away: the next try at the backoff, a kick or not. Else at
		 * a kick (a trigger's snapshot), or after LTTD_SHIP_RESCAN
		 * s: an entry written by another process (lttctl snapshot)
		 * is shipped that late at most.
		 */
		clock_gettime(CLOCK_MONOTONIC, &until);
		until.tv_sec += backoff ? (time_t)backoff : LTTD_SHIP_RESCAN;
		while (!s->stop && (backoff || !s->kicked) &&
		       pthread_cond_timedwait(&s->cond, &s->lock,
					      &until) != ETIMEDOUT)
			;
		s->kicked = false;
	}
	pthread_mutex_unlock(&s->lock);
	return NULL;
}

struct lttd_shipper *lttd_shipper_start(const char *url, const char *session,
					const char *spool)
{
	struct lttd_shipper *s = calloc(1, sizeof(*s));
	pthread_condattr_t ca;
	int ret;

	if (!s)
		return NULL;
	s->url = strdup(url);
	s->session = strdup(session);
	s->spool = strdup(spool);
	pthread_mutex_init(&s->lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&s->cond, &ca);
	pthread_condattr_destroy(&ca);
	ret = s->url && s->session && s->spool ?
	      pthread_create(&s->thread, NULL, shipper_main, s) : ENOMEM;
	if (ret) {
		lttd_log(true, "session %s: cannot start its shipper: %s",
			 session, strerror(ret));
		free(s->url);
		free(s->session);
		free(s->spool);
		free(s);
		return NULL;
	}
	return s;
}

void lttd_shipper_kick(struct lttd_shipper *s)
{
	if (!s)
		return;
	pthread_mutex_lock(&s->lock);
	s->kicked = true;
	pthread_cond_signal(&s->cond);
	pthread_mutex_unlock(&s->lock);
}

void lttd_shipper_stop(struct lttd_shipper *s)
{
	if (!s)
		return;
	pthread_mutex_lock(&s->lock);
	s->stop = true;
	pthread_cond_signal(&s->cond);
	pthread_mutex_unlock(&s->lock);
	pthread_join(s->thread, NULL);
	free(s->url);
	free(s->session);
	free(s->spool);
	free(s);
}

int lttd_ship_until_done(const struct lttd_ship_target *t, int sigfd,
			 bool quiet)
{
	struct pollfd p = { .fd = sigfd, .events = POLLIN };
	double backoff = 0;
	unsigned int shipped;
	char err[600];
	int ret;

	for (;;) {
		ret = lttd_ship_pending(t, &shipped, err, sizeof(err));
		log_result(t, ret, shipped, err, &backoff, quiet);
		if (!ret || entry_fault(ret))
			return ret;
		ret = poll(&p, 1, (int)(backoff * 1000));
		if (ret > 0)
			return 1;
		if (ret < 0 && errno != EINTR)
			return -errno;
	}
}

/* ---- lttd's hooks (lttd.h) ---- */

int lttd_ship_setup(struct lttd *d)
{
	struct ltt_output o = { .dir = d->dir, .url = d->url };
	char buf[PATH_MAX];
	const char *spool;

	if (!d->url || d->spool)
		return 0;
	spool = ltt_spool_dir(&o, d->session, buf, sizeof(buf));
	if (!spool) {
		lttd_log(true, "session %s: no directory for its spool",
			 d->session);
		return -ENAMETOOLONG;
	}
	/* made by the first snapshot written there (ltt_snapshot_dir()) */
	d->spool = strdup(spool);
	return d->spool ? 0 : -ENOMEM;
}

void lttd_ship_start(struct lttd *d)
{
	if (d->spool && !d->shipper)
		d->shipper = lttd_shipper_start(d->url, d->session, d->spool);
}

void lttd_ship_kick(struct lttd *d, const char *entry, uint64_t trigger)
{
	if (!d->shipper)
		return;
	lttd_ship_note_trigger(entry, trigger);
	lttd_shipper_kick(d->shipper);
}

void lttd_ship_stop(struct lttd *d)
{
	lttd_shipper_stop(d->shipper);
	d->shipper = NULL;
}

int lttd_ship_main(struct lttd *d, int sigfd)
{
	struct lttd_ship_target t = {
		.url = d->url, .session = d->session, .spool = d->spool,
	};

	if (!d->spool) {
		lttd_log(true, "session %s has no relay to ship to (--set-url)",
			 d->session);
		return -ENOENT;
	}
	return lttd_ship_until_done(&t, sigfd, d->quiet);
}
