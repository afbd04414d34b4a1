// SPDX-License-Identifier: GPL-2.0-only
/*
 * libltt-ctl: one thin wrapper per ioctl of include/uapi/ltt/abi.h. All the
 * tools' knowledge of the ioctl ABI is in this file.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include "ltt-ctl.h"

/* ioctl() returning its value or -errno */
static int xioctl(int fd, unsigned long cmd, void *arg)
{
	int ret = ioctl(fd, cmd, arg);

	return ret < 0 ? -errno : ret;
}

static int copy_name(char *dst, size_t size, const char *name)
{
	if (strlen(name) >= size)
		return -ENAMETOOLONG;
	memset(dst, 0, size);
	strcpy(dst, name);
	return 0;
}

int lttc_version(int ctl, struct ltt_version *v)
{
	memset(v, 0, sizeof(*v));
	v->major = LTT_ABI_MAJOR;
	v->minor = LTT_ABI_MINOR;
	return xioctl(ctl, LTT_IOC_VERSION, v);
}

int lttc_open(void)
{
	const char *dev = getenv("LTT_DEV");
	struct ltt_version v;
	int fd, ret;

	fd = open(dev && *dev ? dev : LTT_CTL_DEV, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = lttc_version(fd, &v);
	if (ret < 0) {
		close(fd);
		return ret;
	}
	return fd;
}

static int session_cmd(int ctl, unsigned long cmd, const char *name)
{
	struct ltt_session_args a;
	int ret;

	memset(&a, 0, sizeof(a));
	ret = copy_name(a.name, sizeof(a.name), name);
	return ret ? ret : xioctl(ctl, cmd, &a);
}

int lttc_session_create(int ctl, const char *name)
{
	return session_cmd(ctl, LTT_IOC_SESSION_CREATE, name);
}

int lttc_session_open(int ctl, const char *name)
{
	return session_cmd(ctl, LTT_IOC_SESSION_OPEN, name);
}

/* Ask for the count, then for that many (retry if it grew meanwhile). */
static int get_list(int ctl, unsigned long cmd, size_t esize, void **out)
{
	struct ltt_list l;
	void *buf = NULL, *nbuf;
	unsigned int cap = 0;
	int ret;

	for (;;) {
		memset(&l, 0, sizeof(l));
		l.entries = (uintptr_t)buf;
		l.capacity = cap;
		l.entry_size = esize;
		ret = xioctl(ctl, cmd, &l);
		if (ret < 0)
			break;
		if (l.count <= cap) {
			*out = buf;
			return l.count;
		}
		cap = l.count + 8;
		nbuf = realloc(buf, cap * esize);
		if (!nbuf) {
			ret = -ENOMEM;
			break;
		}
		buf = nbuf;
	}
	free(buf);
	return ret;
}

int lttc_session_list(int ctl, struct ltt_session_entry **out)
{
	return get_list(ctl, LTT_IOC_SESSION_LIST, sizeof(**out), (void **)out);
}

int lttc_event_list(int ctl, struct ltt_event_entry **out)
{
	return get_list(ctl, LTT_IOC_EVENT_LIST, sizeof(**out), (void **)out);
}

/* Ask with the capacity we have; -E2BIG tells how many are needed. */
int lttc_event_fields(int ctl, const char *name, struct ltt_field_entry **out)
{
	struct ltt_event_fields a;
	struct ltt_field_entry *buf = NULL, *nbuf;
	unsigned int cap = 0;
	int ret;

	for (;;) {
		memset(&a, 0, sizeof(a));
		ret = copy_name(a.name, sizeof(a.name), name);
		if (ret)
			break;
		a.fields = (uintptr_t)buf;
		a.capacity = cap;
		a.entry_size = sizeof(*buf);
		ret = xioctl(ctl, LTT_IOC_EVENT_FIELDS, &a);
		if (ret >= 0) {
			*out = buf;
			return a.count;
		}
		if (ret != -E2BIG || a.count <= cap)
			break;
		cap = a.count;
		nbuf = realloc(buf, cap * sizeof(*buf));
		if (!nbuf) {
			ret = -ENOMEM;
			break;
		}
		buf = nbuf;
	}
	free(buf);
	return ret;
}

int lttc_channel_create(int sfd, const struct ltt_channel_args *a)
{
	return xioctl(sfd, LTT_IOC_CHANNEL_CREATE, (void *)a);
}

int lttc_channel_open(int sfd, const char *name)
{
	struct ltt_channel_id id;
	int ret;

	memset(&id, 0, sizeof(id));
	ret = copy_name(id.name, sizeof(id.name), name);
	return ret ? ret : xioctl(sfd, LTT_IOC_CHANNEL_OPEN, &id);
}

int lttc_channel_open_index(int sfd, unsigned int index, char *name)
{
	struct ltt_channel_id id;
	int ret;

	memset(&id, 0, sizeof(id));
	id.index = index;
	id.flags = LTT_CHANNEL_BY_INDEX;
	ret = xioctl(sfd, LTT_IOC_CHANNEL_OPEN, &id);
	if (ret >= 0 && name)
		memcpy(name, id.name, LTT_NAME_LEN);
	return ret;
}

int lttc_metadata_open(int sfd)
{
	return xioctl(sfd, LTT_IOC_METADATA_OPEN, NULL);
}

int lttc_session_start(int sfd)
{
	return xioctl(sfd, LTT_IOC_SESSION_START, NULL);
}

int lttc_session_stop(int sfd)
{
	return xioctl(sfd, LTT_IOC_SESSION_STOP, NULL);
}

int lttc_session_statedump(int sfd)
{
	return xioctl(sfd, LTT_IOC_SESSION_STATEDUMP, NULL);
}

int lttc_pmem_status(int ctl, struct ltt_pmem_status *st)
{
	memset(st, 0, sizeof(*st));
	return xioctl(ctl, LTT_IOC_PMEM_STATUS, st);
}

int lttc_pmem_read(int ctl, struct ltt_pmem_read *rd)
{
	return xioctl(ctl, LTT_IOC_PMEM_READ, rd);
}

int lttc_pmem_discard(int ctl)
{
	return xioctl(ctl, LTT_IOC_PMEM_DISCARD, NULL);
}

int lttc_session_destroy(int sfd)
{
	return xioctl(sfd, LTT_IOC_SESSION_DESTROY, NULL);
}

int lttc_session_info(int sfd, struct ltt_session_info *info)
{
	return xioctl(sfd, LTT_IOC_SESSION_INFO, info);
}

int lttc_set_output(int sfd, const char *path)
{
	struct ltt_path p;

	memset(&p, 0, sizeof(p));
	p.path = (uintptr_t)path;
	p.len = strlen(path) + 1;
	return xioctl(sfd, LTT_IOC_SET_OUTPUT, &p);
}

int lttc_get_output(int sfd, char **path)
{
	struct ltt_path p;
	char *buf;
	int ret;

	memset(&p, 0, sizeof(p));
	ret = xioctl(sfd, LTT_IOC_GET_OUTPUT, &p);	/* the length */
	if (ret != -ENAMETOOLONG)
		return ret < 0 ? ret : -EIO;
	buf = malloc(p.len);
	if (!buf)
		return -ENOMEM;
	p.path = (uintptr_t)buf;
	ret = xioctl(sfd, LTT_IOC_GET_OUTPUT, &p);
	if (ret < 0) {
		free(buf);
		return ret;
	}
	*path = buf;
	return 0;
}

int lttc_session_set_relay(int sfd, const char *url, uint64_t live_us)
{
	struct ltt_session_relay r;

	memset(&r, 0, sizeof(r));
	if (strlen(url) >= sizeof(r.url))
		return -ENAMETOOLONG;
	strcpy(r.url, url);
	r.live_timer_us = live_us;
	return xioctl(sfd, LTT_IOC_SESSION_SET_RELAY, &r);
}

int lttc_session_get_relay(int sfd, struct ltt_session_relay *r)
{
	memset(r, 0, sizeof(*r));
	return xioctl(sfd, LTT_IOC_SESSION_GET_RELAY, r);
}

int ltt_output_set(int sfd, const struct ltt_output *o)
{
	int ret = o->dir ? lttc_set_output(sfd, o->dir) : 0;

	if (ret < 0 || !o->url)
		return ret;
	return lttc_session_set_relay(sfd, o->url, o->live_us);
}

int ltt_output_get(int sfd, struct ltt_output *o)
{
	struct ltt_session_relay r;
	char *s = NULL;
	int ret;

	memset(o, 0, sizeof(*o));
	ret = lttc_get_output(sfd, &s);
	if (ret < 0 && ret != -ENOENT)
		return ret;
	if (s && strchr(s, '\n')) {
		/* made by lttctl 1.8 (ABI 1.8 had no relay field) */
		ret = ltt_output_decode(s, o);
		free(s);
		if (ret < 0)
			return ret;
	} else {
		o->dir = s;
	}
	ret = lttc_session_get_relay(sfd, &r);
	if (ret < 0 && ret != -ENOTTY) {
		ltt_output_free(o);
		return ret;
	}
	if (!ret && r.url[0]) {
		free(o->url);
		o->url = strdup(r.url);
		o->live_us = r.live_timer_us;
		if (!o->url) {
			ltt_output_free(o);
			return -ENOMEM;
		}
	}
	return o->dir || o->url ? 0 : -ENOENT;
}

int lttc_consumer_attach(int sfd)
{
	return xioctl(sfd, LTT_IOC_CONSUMER_ATTACH, NULL);
}

int lttc_consumer_detach(int sfd)
{
	return xioctl(sfd, LTT_IOC_CONSUMER_DETACH, NULL);
}

int lttc_consumer_error(int sfd, int error)
{
	struct ltt_consumer_error e;

	memset(&e, 0, sizeof(e));
	e.error = error;
	return xioctl(sfd, LTT_IOC_CONSUMER_ERROR, &e);
}

int lttc_stream_open(int cfd, unsigned int cpu)
{
	struct ltt_stream_args a;

	memset(&a, 0, sizeof(a));
	a.cpu = cpu;
	return xioctl(cfd, LTT_IOC_STREAM_OPEN, &a);
}

static int event_cmd(int cfd, unsigned long cmd, const char *pattern)
{
	struct ltt_event_args a;
	int ret;

	memset(&a, 0, sizeof(a));
	ret = copy_name(a.name, sizeof(a.name), pattern);
	return ret ? ret : xioctl(cfd, cmd, &a);
}

int lttc_event_enable(int cfd, const char *pattern)
{
	return event_cmd(cfd, LTT_IOC_EVENT_ENABLE, pattern);
}

int lttc_event_enable_filter(int cfd, const char *pattern, const void *prog,
			     size_t len)
{
	struct ltt_event_args a;
	int ret;

	memset(&a, 0, sizeof(a));
	ret = copy_name(a.name, sizeof(a.name), pattern);
	if (ret)
		return ret;
	a.filter = (uintptr_t)prog;
	a.filter_len = len;
	return xioctl(cfd, LTT_IOC_EVENT_ENABLE, &a);
}

int lttc_event_disable(int cfd, const char *pattern)
{
	return event_cmd(cfd, LTT_IOC_EVENT_DISABLE, pattern);
}

int lttc_channel_info(int cfd, struct ltt_channel_info *info)
{
	return xioctl(cfd, LTT_IOC_CHANNEL_INFO, info);
}

int lttc_stream_stats(int cfd, unsigned int cpu, struct ltt_stream_stats *st)
{
	memset(st, 0, sizeof(*st));
	st->cpu = cpu;
	return xioctl(cfd, LTT_IOC_STREAM_STATS, st);
}

int lttc_event_counts(int cfd, struct ltt_event_count **out)
{
	return get_list(cfd, LTT_IOC_EVENT_COUNTS, sizeof(**out), (void **)out);
}

int lttc_tracker(int sfd, bool add, unsigned int type, int64_t id,
		 unsigned int flags)
{
	struct ltt_tracker_args a;

	memset(&a, 0, sizeof(a));
	a.type = type;
	a.flags = flags;
	a.id = id;
	return xioctl(sfd, add ? LTT_IOC_TRACKER_ADD : LTT_IOC_TRACKER_REMOVE, &a);
}

int lttc_rule_list(int cfd, struct ltt_rule_entry **out)
{
	return get_list(cfd, LTT_IOC_RULE_LIST, sizeof(**out), (void **)out);
}

int lttc_tracker_list(int sfd, struct ltt_tracker_entry **out)
{
	return get_list(sfd, LTT_IOC_TRACKER_LIST, sizeof(**out), (void **)out);
}

int lttc_snapshot_sample(int cfd, unsigned int cpu, unsigned int flags,
			 uint64_t *first_seq, uint64_t *end_seq)
{
	struct ltt_snapshot_sample a = { .cpu = cpu, .flags = flags };
	int ret = xioctl(cfd, LTT_IOC_SNAPSHOT_SAMPLE, &a);

	if (ret < 0)
		return ret;
	*first_seq = a.first_seq;
	*end_seq = a.end_seq;
	return 0;
}

int lttc_snapshot_read(int cfd, unsigned int cpu, uint64_t seq, void *buf,
		       size_t len, struct ltt_snapshot_read *out)
{
	memset(out, 0, sizeof(*out));
	out->cpu = cpu;
	out->seq = seq;
	out->buf = (uintptr_t)buf;
	out->buf_len = len;
	return xioctl(cfd, LTT_IOC_SNAPSHOT_READ, out);
}

int lttc_get_next_subbuf(int st, struct ltt_subbuf *sb)
{
	return xioctl(st, LTT_IOC_GET_NEXT_SUBBUF, sb);
}

int lttc_put_next_subbuf(int st)
{
	return xioctl(st, LTT_IOC_PUT_NEXT_SUBBUF, NULL);
}

int lttc_stream_info(int st, struct ltt_stream_info *info)
{
	return xioctl(st, LTT_IOC_STREAM_INFO, info);
}

int lttc_stream_flush(int st)
{
	return xioctl(st, LTT_IOC_STREAM_FLUSH, NULL);
}

int lttc_stream_position(int st, struct ltt_stream_position *pos)
{
	memset(pos, 0, sizeof(*pos));
	return xioctl(st, LTT_IOC_STREAM_POSITION, pos);
}

int lttc_drop_next_subbuf(int st)
{
	return xioctl(st, LTT_IOC_DROP_NEXT_SUBBUF, NULL);
}

int lttc_session_set_config(int sfd, const struct ltt_session_config *c)
{
	return xioctl(sfd, LTT_IOC_SESSION_SET_CONFIG, (void *)c);
}

int lttc_session_get_config(int sfd, struct ltt_session_config *c)
{
	memset(c, 0, sizeof(*c));
	return xioctl(sfd, LTT_IOC_SESSION_GET_CONFIG, c);
}

int lttc_rotate(int sfd, unsigned int flags, uint64_t *id)
{
	struct ltt_rotate r;
	int ret;

	memset(&r, 0, sizeof(r));
	r.flags = flags;
	ret = xioctl(sfd, LTT_IOC_ROTATE, &r);
	if (ret >= 0 && id)
		*id = r.id;
	return ret;
}

int lttc_rotate_take(int sfd, uint64_t *id, unsigned int *flags)
{
	struct ltt_rotate r;
	int ret;

	memset(&r, 0, sizeof(r));
	ret = xioctl(sfd, LTT_IOC_ROTATE_TAKE, &r);
	if (ret >= 0) {
		*id = r.id;
		*flags = r.flags;
	}
	return ret;
}

int lttc_rotate_done(int sfd, uint64_t id, int error, uint64_t chunk_id,
		     const char *archive, const char *chunk_dir)
{
	struct ltt_rotate r;

	memset(&r, 0, sizeof(r));
	r.id = id;
	r.error = error;
	r.chunk_id = chunk_id;
	r.path = (uintptr_t)archive;
	r.path_len = strlen(archive) + 1;
	r.chunk_dir = (uintptr_t)chunk_dir;
	r.chunk_dir_len = strlen(chunk_dir) + 1;
	return xioctl(sfd, LTT_IOC_ROTATE_DONE, &r);
}

int lttc_rotate_status(int sfd, struct ltt_rotate_status *st, char **archive,
		       char **chunk_dir)
{
	char *a = NULL, *c = NULL;
	int ret;

	if (archive)
		*archive = NULL;
	if (chunk_dir)
		*chunk_dir = NULL;
	memset(st, 0, sizeof(*st));
	ret = xioctl(sfd, LTT_IOC_ROTATE_STATUS, st);	/* the lengths */
	if (ret < 0 || (!archive && !chunk_dir))
		return ret;
	a = archive ? calloc(1, st->path_len + 1) : NULL;
	c = chunk_dir ? calloc(1, st->chunk_dir_len + 1) : NULL;
	if ((archive && !a) || (chunk_dir && !c)) {
		ret = -ENOMEM;
		goto err;
	}
	{
		/* the kernel takes only the buffers in: the rest must be 0 */
		uint32_t plen = st->path_len, clen = st->chunk_dir_len;

		memset(st, 0, sizeof(*st));
		st->path = (uintptr_t)a;
		st->path_len = a ? plen + 1 : 0;
		st->chunk_dir = (uintptr_t)c;
		st->chunk_dir_len = c ? clen + 1 : 0;
	}
	ret = xioctl(sfd, LTT_IOC_ROTATE_STATUS, st);
	if (ret < 0)
		goto err;
	st->path = st->chunk_dir = 0;
	if (archive)
		*archive = a;
	if (chunk_dir)
		*chunk_dir = c;
	return ret;
err:
	free(a);
	free(c);
	return ret;
}

/* Not an ioctl of its own: a session's counters summed over its streams. */
int ltt_session_totals(int sfd, struct ltt_totals *t)
{
	struct ltt_session_info si;
	struct ltt_channel_info ci;
	struct ltt_stream_stats st;
	unsigned int i, cpu;
	int cfd, ret;

	memset(t, 0, sizeof(*t));
	ret = lttc_session_info(sfd, &si);
	if (ret < 0)
		return ret;
	for (i = 0; i < si.nr_channels; i++) {
		cfd = lttc_channel_open_index(sfd, i, NULL);
		if (cfd < 0)
			return cfd;
		ret = lttc_channel_info(cfd, &ci);
		for (cpu = 0; ret >= 0 && cpu < ci.nr_streams; cpu++) {
			ret = lttc_stream_stats(cfd, cpu, &st);
			if (ret < 0)
				break;
			t->records += st.records;
			t->lost_full += st.lost_full;
			t->lost_big += st.lost_big;
			t->lost_overwritten += st.lost_overwritten;
			t->lost_nesting += st.lost_nesting;
			t->dropped_packets += st.dropped_packets;
			t->dropped_bytes += st.dropped_bytes;
			t->bytes += ltt_stream_written(&st);
			if (st.subbufs_delivered > st.subbufs_consumed)
				t->backlog += (st.subbufs_delivered -
					       st.subbufs_consumed) *
					      ci.subbuf_size;
			t->streams++;
		}
		close(cfd);
		if (ret < 0)
			return ret;
		t->channels++;
	}
	return 0;
}

/* Dynamic probes (ABI 1.3). */
int lttc_probe_create(int sfd, struct ltt_probe_args *a)
{
	return xioctl(sfd, LTT_IOC_PROBE_CREATE, a);
}

int lttc_probe_remove(int sfd, const char *name)
{
	struct ltt_event_args a;
	int ret;

	memset(&a, 0, sizeof(a));
	ret = copy_name(a.name, sizeof(a.name), name);
	return ret ? ret : xioctl(sfd, LTT_IOC_PROBE_REMOVE, &a);
}

int lttc_probe_list(int sfd, struct ltt_probe_entry **out)
{
	return get_list(sfd, LTT_IOC_PROBE_LIST, sizeof(**out), (void **)out);
}

int lttc_rotate_take_trigger(int sfd, uint64_t *id, unsigned int *flags,
			     uint64_t *trigger_id)
{
	struct ltt_rotate r;
	int ret;

	memset(&r, 0, sizeof(r));
	ret = xioctl(sfd, LTT_IOC_ROTATE_TAKE, &r);
	if (ret >= 0) {
		*id = r.id;
		*flags = r.flags;
		*trigger_id = r.trigger_id;
	}
	return ret;
}

int lttc_abi_minor(int ctl)
{
	struct ltt_version v;
	int ret = lttc_version(ctl, &v);

	return ret < 0 ? ret : (int)v.minor;
}

int lttc_need_minor(int ctl, unsigned int minor)
{
	int have = lttc_abi_minor(ctl);

	if (have < 0)
		return have;
	return (unsigned int)have >= minor ? 0 : -EPROTONOSUPPORT;
}

/* Triggers (ABI 1.8). */
int lttc_trigger_add(int sfd, struct ltt_trigger_args *a, const void *prog,
		     size_t len)
{
	a->id = 0;
	a->filter = (uintptr_t)prog;
	a->filter_len = prog ? len : 0;
	return xioctl(sfd, LTT_IOC_TRIGGER_ADD, a);
}

int lttc_trigger_remove(int sfd, uint64_t id)
{
	struct ltt_trigger_id t;

	memset(&t, 0, sizeof(t));
	t.id = id;
	return xioctl(sfd, LTT_IOC_TRIGGER_REMOVE, &t);
}

int lttc_trigger_list(int sfd, struct ltt_trigger_entry **out)
{
	return get_list(sfd, LTT_IOC_TRIGGER_LIST, sizeof(**out), (void **)out);
}

int lttc_hist_add(int sfd, struct ltt_hist_args *a, const void *prog,
		  size_t len, const void *end_prog, size_t end_len)
{
	a->filter = (uintptr_t)prog;
	a->filter_len = prog ? len : 0;
	a->end_filter = (uintptr_t)end_prog;
	a->end_filter_len = end_prog ? end_len : 0;
	return xioctl(sfd, LTT_IOC_HIST_ADD, a);
}

static int hist_name_cmd(int sfd, unsigned long cmd, const char *name)
{
	struct ltt_hist_name n;

	memset(&n, 0, sizeof(n));
	if (strlen(name) >= sizeof(n.name))
		return -EINVAL;
	strcpy(n.name, name);
	return xioctl(sfd, cmd, &n);
}

int lttc_hist_remove(int sfd, const char *name)
{
	return hist_name_cmd(sfd, LTT_IOC_HIST_REMOVE, name);
}

int lttc_hist_clear(int sfd, const char *name)
{
	return hist_name_cmd(sfd, LTT_IOC_HIST_CLEAR, name);
}

int lttc_hist_list(int sfd, struct ltt_hist_entry **out)
{
	return get_list(sfd, LTT_IOC_HIST_LIST, sizeof(**out), (void **)out);
}

int lttc_hist_keys(int sfd, const char *name, struct ltt_hist_key **out)
{
	struct ltt_hist_key *buf = NULL, *nbuf;
	struct ltt_hist_keys k;
	unsigned int cap = 0;
	int ret;

	if (strlen(name) >= sizeof(k.name))
		return -EINVAL;
	for (;;) {
		memset(&k, 0, sizeof(k));
		strcpy(k.name, name);
		k.entries = (uintptr_t)buf;
		k.capacity = cap;
		k.entry_size = sizeof(*buf);
		ret = xioctl(sfd, LTT_IOC_HIST_KEYS, &k);
		if (ret < 0)
			break;
		if (k.count <= cap) {
			*out = buf;
			return k.count;
		}
		cap = k.count + 64;
		nbuf = realloc(buf, cap * sizeof(*buf));
		if (!nbuf) {
			ret = -ENOMEM;
			break;
		}
		buf = nbuf;
	}
	free(buf);
	return ret;
}

int lttc_trigger_notify_open(int sfd, unsigned int flags)
{
	struct ltt_notify_args a;

	memset(&a, 0, sizeof(a));
	a.flags = flags;
	return xioctl(sfd, LTT_IOC_TRIGGER_NOTIFY_OPEN, &a);
}
