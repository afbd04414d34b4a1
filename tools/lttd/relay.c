// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd's client of lttng-relayd (relay.h). Both sockets are non-blocking
 * and every wait is a poll() bounded by the time left for the call: a
 * relay that stops reading or answering costs at most r->timeout_ms per
 * call, then an error, never a hang; a relay that closes mid-message is
 * an error too. Replies are read whole, at the size the command's reply
 * has, and checked by relay-proto.c's decoders.
 */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <ltt/abi.h>
#include "relay.h"

__attribute__((format(printf, 4, 5)))
static int fail(char *err, size_t len, int ret, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return ret;
}

static int64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Wait for ev on fd until deadline: 0, -ETIMEDOUT, or -errno. */
static int wait_fd(int fd, short ev, int64_t deadline)
{
	struct pollfd pfd = { .fd = fd, .events = ev };
	int64_t left;
	int n;

	for (;;) {
		left = deadline - now_ms();
		if (left <= 0)
			return -ETIMEDOUT;
		n = poll(&pfd, 1, left > 60000 ? 60000 : (int)left);
		if (n > 0)
			return 0;	/* errors show in the next send/recv */
		if (n < 0 && errno != EINTR)
			return -errno;
	}
}

/* Every byte of iov[0], then of iov[1]: one sendmsg() if it takes all. */
static int send_iov2(int fd, struct iovec *iov, int64_t deadline)
{
	struct msghdr mh = { .msg_iov = iov, .msg_iovlen = 2 };
	size_t done;
	ssize_t n;
	int ret;

	while (iov[0].iov_len + iov[1].iov_len) {
		n = sendmsg(fd, &mh, MSG_NOSIGNAL);
		if (n > 0) {
			done = (size_t)n < iov[0].iov_len ? (size_t)n :
							    iov[0].iov_len;
			iov[0].iov_base = (uint8_t *)iov[0].iov_base + done;
			iov[0].iov_len -= done;
			iov[1].iov_base = (uint8_t *)iov[1].iov_base + (n - done);
			iov[1].iov_len -= n - done;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno != EAGAIN)
			return -errno;
		ret = wait_fd(fd, POLLOUT, deadline);
		if (ret)
			return ret;
	}
	return 0;
}

static int send_all(int fd, const void *buf, size_t len, int64_t deadline)
{
	struct iovec iov[2] = { { (void *)buf, len }, { NULL, 0 } };

	return send_iov2(fd, iov, deadline);
}

/* Exactly len bytes; the relay closing first is -ECONNRESET. */
static int recv_all(int fd, void *buf, size_t len, int64_t deadline)
{
	uint8_t *p = buf;
	ssize_t n;
	int ret;

	while (len) {
		n = recv(fd, p, len, 0);
		if (n > 0) {
			p += n;
			len -= n;
			continue;
		}
		if (!n)
			return -ECONNRESET;
		if (errno == EINTR)
			continue;
		if (errno != EAGAIN)
			return -errno;
		ret = wait_fd(fd, POLLIN, deadline);
		if (ret)
			return ret;
	}
	return 0;
}

static int64_t deadline(const struct lttd_relay *r)
{
	return now_ms() + r->timeout_ms;
}

static const char *cmd_name(enum lttd_relay_cmd cmd)
{
	switch (cmd) {
	case LTTD_RELAY_ADD_STREAM:		return "add stream";
	case LTTD_RELAY_CREATE_SESSION:		return "create session";
	case LTTD_RELAY_VERSION:		return "version";
	case LTTD_RELAY_SEND_METADATA:		return "metadata";
	case LTTD_RELAY_CLOSE_STREAM:		return "close stream";
	case LTTD_RELAY_DATA_PENDING:		return "data pending";
	case LTTD_RELAY_QUIESCENT_CONTROL:	return "quiescent control";
	case LTTD_RELAY_BEGIN_DATA_PENDING:	return "begin data pending";
	case LTTD_RELAY_END_DATA_PENDING:	return "end data pending";
	case LTTD_RELAY_SEND_INDEX:		return "index";
	case LTTD_RELAY_STREAMS_SENT:		return "streams sent";
	case LTTD_RELAY_RESET_METADATA:		return "reset metadata";
	case LTTD_RELAY_ROTATE_STREAMS:		return "rotate streams";
	case LTTD_RELAY_CREATE_TRACE_CHUNK:	return "create trace chunk";
	case LTTD_RELAY_CLOSE_TRACE_CHUNK:	return "close trace chunk";
	case LTTD_RELAY_GET_CONFIGURATION:	return "get configuration";
	}
	return "?";
}

static int io_fail(struct lttd_relay *r, int ret, enum lttd_relay_cmd cmd,
		   const char *what)
{
	const char *why;

	switch (ret) {
	case -ETIMEDOUT:
		why = "no answer";
		break;
	case -ECONNRESET:
	case -EPIPE:
		why = "the relay closed the connection";
		break;
	case -EBADMSG:
		why = "a reply the relay never sends";
		break;
	case -EREMOTEIO:
		why = "the relay refused it (see its log)";
		break;
	case -ENOTCONN:
		why = "not connected (an earlier error ended the connection)";
		break;
	default:
		why = strerror(-ret);
		break;
	}
	if (ret == -ETIMEDOUT)
		snprintf(r->err, sizeof(r->err), "relay %s: %s: %s within %d ms",
			 r->where, cmd_name(cmd), why, r->timeout_ms);
	else
		snprintf(r->err, sizeof(r->err), "relay %s: %s%s: %s",
			 r->where, cmd_name(cmd), what, why);
	/*
	 * Only a refusal leaves both sides in step (its reply was read
	 * whole). After anything else a late or longer reply would be
	 * taken for the next command's: the connection is over.
	 */
	if (ret != -EREMOTEIO)
		lttd_relay_close(r);
	return ret;
}

/* Commands are below 256: the last byte of the header's cmd. */
static enum lttd_relay_cmd msg_cmd(const struct lttd_relay_msg *m)
{
	return m->buf[19];
}

/*
 * Send m on the control socket and read its reply into reply, whose size
 * is the command's (relay-proto.c). 0 or -errno, r->err set.
 */
static int command(struct lttd_relay *r, const struct lttd_relay_msg *m,
		   void *reply)
{
	enum lttd_relay_cmd cmd = msg_cmd(m);
	int64_t end = deadline(r);
	int len = lttd_relay_reply_len(cmd, r->minor);
	int ret;

	if (r->ctrl < 0)
		return io_fail(r, -ENOTCONN, cmd, "");
	ret = send_all(r->ctrl, m->buf, m->len, end);
	if (ret)
		return io_fail(r, ret, cmd, " (sending)");
	if (len > 0) {
		ret = recv_all(r->ctrl, reply, len, end);
		if (ret)
			return io_fail(r, ret, cmd, " (its reply)");
	}
	return 0;
}

static int connect_one(struct lttd_relay *r, const struct lttd_relay_url *u,
		       uint16_t port, const char *which)
{
	struct addrinfo hints = {
		.ai_family = u->ipv6 ? AF_INET6 : AF_INET,
		.ai_socktype = SOCK_STREAM,
	}, *ai, *a;
	int64_t end = deadline(r);
	char sport[8];
	int fd = -1, ret, one = 1;
	socklen_t sl;

	snprintf(sport, sizeof(sport), "%u", port);
	ret = getaddrinfo(u->host, sport, &hints, &ai);
	if (ret) {
		snprintf(r->err, sizeof(r->err), "relay %s: %s", u->host,
			 gai_strerror(ret));
		return -EHOSTUNREACH;
	}
	ret = -ECONNREFUSED;
	for (a = ai; a; a = a->ai_next) {
		fd = socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK |
			    SOCK_CLOEXEC, a->ai_protocol);
		if (fd < 0) {
			ret = -errno;
			continue;
		}
		if (!connect(fd, a->ai_addr, a->ai_addrlen))
			break;
		ret = -errno;
		if (errno == EINPROGRESS) {
			ret = wait_fd(fd, POLLOUT, end);
			if (!ret) {
				int e = 0;

				sl = sizeof(e);
				getsockopt(fd, SOL_SOCKET, SO_ERROR, &e, &sl);
				ret = -e;
				if (!e)
					break;
			}
		}
		close(fd);
		fd = -1;
	}
	freeaddrinfo(ai);
	if (fd < 0) {
		snprintf(r->err, sizeof(r->err), "relay %s port %u (%s): %s",
			 u->host, port, which,
			 ret == -ETIMEDOUT ? "no answer" : strerror(-ret));
		return ret;
	}
	/* Commands are small and each waits for its reply. */
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	return fd;
}

int lttd_relay_connect(struct lttd_relay *r, const struct lttd_relay_url *u,
		       uint32_t minor, int timeout_ms)
{
	uint8_t reply[LTTD_RELAY_REPLY_VERSION_LEN];
	struct lttd_relay_msg m;
	uint32_t rmaj, rmin;
	int ret;

	memset(r, 0, sizeof(*r));
	r->ctrl = r->data = -1;
	r->timeout_ms = timeout_ms;
	snprintf(r->where, sizeof(r->where), "%s%s%s:%u",
		 u->ipv6 ? "[" : "", u->host, u->ipv6 ? "]" : "",
		 u->ctrl_port);

	ret = connect_one(r, u, u->ctrl_port, "control");
	if (ret < 0)
		return ret;
	r->ctrl = ret;
	if (!minor || minor > LTTD_RELAY_MINOR)
		minor = LTTD_RELAY_MINOR;
	lttd_relay_enc_version(&m, LTTD_RELAY_MAJOR, minor);
	ret = command(r, &m, reply);
	if (ret)
		return ret;
	ret = lttd_relay_dec_version(reply, sizeof(reply), &r->minor,
				     &rmaj, &rmin);
	if (!ret && r->minor > minor)
		r->minor = minor;
	if (ret == -EPROTONOSUPPORT)
		return fail(r->err, sizeof(r->err), ret,
			    "relay %s speaks protocol %u.%u; lttd needs 2.%u or later, major 2",
			    r->where, rmaj, rmin, LTTD_RELAY_MINOR_MIN);
	if (ret)
		return io_fail(r, ret, LTTD_RELAY_VERSION, "");
	r->relay_minor = rmin;

	ret = connect_one(r, u, u->data_port, "data");
	if (ret < 0)
		return ret;
	r->data = ret;
	return 0;
}

void lttd_relay_close(struct lttd_relay *r)
{
	if (r->ctrl >= 0)
		close(r->ctrl);
	if (r->data >= 0)
		close(r->data);
	r->ctrl = r->data = -1;
}

static int enc_fail(struct lttd_relay *r, int ret, const char *what)
{
	return fail(r->err, sizeof(r->err), ret, "relay %s: %s: %s", r->where,
		    what, ret == -ENAMETOOLONG ? "name too long for the relay" :
		    ret == -EINVAL ? "a name the relay refuses" :
		    strerror(-ret));
}

/* Read a reply's path of len bytes into buf (len bytes at most). */
static int recv_path(struct lttd_relay *r, enum lttd_relay_cmd cmd,
		     char *buf, uint32_t len)
{
	int ret = recv_all(r->ctrl, buf, len, deadline(r));

	if (!ret)
		ret = lttd_relay_dec_path(buf, len);
	return ret ? io_fail(r, ret, cmd, " (its path)") : 0;
}

/* A command whose reply is a bare ret_code. */
static int simple(struct lttd_relay *r, const struct lttd_relay_msg *m);

static int create_session_2_11(struct lttd_relay *r,
			       const struct lttd_relay_session_args *a)
{
	uint8_t reply[LTTD_RELAY_REPLY_SESSION_2_11_LEN];
	struct lttd_relay_msg m;
	uint32_t n = 0;
	int ret;

	ret = lttd_relay_enc_create_session_2_11(&m, a);
	if (ret)
		return enc_fail(r, ret, "create session");
	ret = command(r, &m, reply);
	if (ret)
		return ret;
	ret = lttd_relay_dec_session_2_11(reply, sizeof(reply),
					  &r->session_id, &n);
	if (ret)
		return io_fail(r, ret, LTTD_RELAY_CREATE_SESSION, "");
	ret = recv_path(r, LTTD_RELAY_CREATE_SESSION, r->session_dir, n);
	if (ret)
		return ret;
	/* The first chunk, unnamed: the session's directory itself. */
	lttd_relay_enc_create_chunk(&m, 0, a->creation_time, NULL);
	ret = simple(r, &m);
	if (ret)
		return ret;
	r->chunk_id = 0;
	r->chunk_open = true;
	r->chunk_created = r->prev_created = a->creation_time;
	r->rotated = false;
	r->chunk_path[0] = 0;
	return 0;
}

int lttd_relay_create_session(struct lttd_relay *r,
			      const struct lttd_relay_session_args *a)
{
	uint8_t reply[LTTD_RELAY_REPLY_ID_LEN];
	struct lttd_relay_msg m;
	time_t t = a->creation_time;
	char when[32];
	struct tm tm;
	int ret;

	r->snapshot = a->snapshot;
	if (r->minor >= LTTD_RELAY_MINOR_CHUNKS)
		return create_session_2_11(r, a);
	/* Before 2.11 the streams name the directory: LTTng's form. */
	if (!localtime_r(&t, &tm) ||
	    !strftime(when, sizeof(when), "%Y%m%d-%H%M%S", &tm))
		return enc_fail(r, -EINVAL, "create session");
	snprintf(r->session_dir, sizeof(r->session_dir), "%s/%s-%s",
		 a->hostname ? a->hostname : "", a->name ? a->name : "", when);
	ret = lttd_relay_enc_create_session_2_4(&m, a);
	if (ret)
		return enc_fail(r, ret, "create session");
	ret = command(r, &m, reply);
	if (!ret)
		ret = lttd_relay_dec_session(reply, sizeof(reply),
					     &r->session_id);
	return ret ? io_fail(r, ret, LTTD_RELAY_CREATE_SESSION, "") : 0;
}

int lttd_relay_add_stream(struct lttd_relay *r, const char *channel,
			  const char *dir, uint64_t tracefile_size,
			  uint64_t tracefile_count, uint64_t *stream_id)
{
	uint8_t reply[LTTD_RELAY_REPLY_ID_LEN];
	char path[LTTD_RELAY_REPLY_PATH_MAX + 64];
	struct lttd_relay_msg m;
	int ret;

	if (r->minor >= LTTD_RELAY_MINOR_CHUNKS) {
		ret = lttd_relay_enc_add_stream_2_11(&m, channel, dir,
						     tracefile_size,
						     tracefile_count,
						     r->chunk_id);
	} else {
		snprintf(path, sizeof(path), "%s/%s", r->session_dir, dir);
		ret = lttd_relay_enc_add_stream_2_2(&m, channel, path,
						    tracefile_size,
						    tracefile_count);
	}
	if (ret)
		return enc_fail(r, ret, "add stream");
	ret = command(r, &m, reply);
	if (!ret)
		ret = lttd_relay_dec_stream(reply, sizeof(reply), stream_id);
	return ret ? io_fail(r, ret, LTTD_RELAY_ADD_STREAM, "") : 0;
}

static int simple(struct lttd_relay *r, const struct lttd_relay_msg *m)
{
	uint8_t reply[LTTD_RELAY_REPLY_CODE_LEN];
	int ret;

	ret = command(r, m, reply);
	if (ret)
		return ret;
	ret = lttd_relay_dec_code(reply, sizeof(reply));
	return ret ? io_fail(r, ret, msg_cmd(m), "") : 0;
}

int lttd_relay_streams_sent(struct lttd_relay *r)
{
	struct lttd_relay_msg m;

	lttd_relay_enc_streams_sent(&m);
	return simple(r, &m);
}

int lttd_relay_send_metadata(struct lttd_relay *r, uint64_t stream_id,
			     const void *text, size_t len)
{
	struct lttd_relay_msg m;
	struct iovec iov[2];
	int ret;

	ret = lttd_relay_enc_metadata(&m, stream_id, len, 0);
	if (ret)
		return enc_fail(r, ret, "metadata");
	if (r->ctrl < 0)
		return io_fail(r, -ENOTCONN, LTTD_RELAY_SEND_METADATA, "");
	/* No reply: the text must follow its header at once. */
	iov[0] = (struct iovec){ m.buf, m.len };
	iov[1] = (struct iovec){ (void *)text, len };
	ret = send_iov2(r->ctrl, iov, deadline(r));
	return ret ? io_fail(r, ret, LTTD_RELAY_SEND_METADATA, "") : 0;
}

int lttd_relay_send_packet(struct lttd_relay *r, uint64_t stream_id,
			   uint64_t net_seq_num, const void *packet,
			   size_t avail)
{
	uint8_t hdr[LTTD_RELAY_DATA_HDR_LEN];
	struct ltt_packet_header h;
	struct lttd_relay_index ix;
	struct lttd_relay_msg m;
	struct iovec iov[2];
	uint32_t size, pad;
	int ret;

	if (avail < sizeof(h))
		return fail(r->err, sizeof(r->err), -EINVAL,
			    "packet shorter than its header");
	memcpy(&h, packet, sizeof(h));
	ret = lttd_relay_packet(&h, stream_id, net_seq_num, &ix, &size, &pad);
	if (ret || size > avail)
		return fail(r->err, sizeof(r->err), -EINVAL,
			    "packet %llu (CPU %llu): sizes %llu/%llu bits do not fit %zu bytes",
			    (unsigned long long)h.packet_seq_num,
			    (unsigned long long)h.stream_instance_id,
			    (unsigned long long)h.content_size,
			    (unsigned long long)h.packet_size, avail);
	if (r->data < 0)
		return io_fail(r, -ENOTCONN, LTTD_RELAY_SEND_INDEX, " (data)");
	lttd_relay_enc_data_hdr(hdr, stream_id, net_seq_num, size, pad);
	/* the header and the packet in one system call */
	iov[0] = (struct iovec){ hdr, sizeof(hdr) };
	iov[1] = (struct iovec){ (void *)packet, size };
	ret = send_iov2(r->data, iov, deadline(r));
	if (ret) {
		/* Part of a packet went: the data connection is out of step. */
		lttd_relay_close(r);
		return fail(r->err, sizeof(r->err), ret,
			    "relay %s: data connection: %s", r->where,
			    ret == -ETIMEDOUT ? "the relay takes nothing" :
			    strerror(-ret));
	}
	if (r->snapshot)
		return 0;	/* the relay would keep it unwritten */
	ret = lttd_relay_enc_index(&m, r->minor, &ix);
	if (ret)
		return enc_fail(r, ret, "index");
	return simple(r, &m);
}

int lttd_relay_send_beacon(struct lttd_relay *r, uint64_t stream_id,
			   uint64_t last_net_seq_num, uint64_t ctf_stream_id,
			   uint64_t timestamp)
{
	struct lttd_relay_msg m;
	int ret;

	ret = lttd_relay_enc_beacon(&m, r->minor, stream_id, last_net_seq_num,
				    ctf_stream_id, timestamp);
	if (ret)
		return enc_fail(r, ret, "beacon");
	return simple(r, &m);
}

int lttd_relay_close_stream(struct lttd_relay *r, uint64_t stream_id,
			    uint64_t last_net_seq_num)
{
	struct lttd_relay_msg m;

	lttd_relay_enc_close_stream(&m, stream_id, last_net_seq_num);
	return simple(r, &m);
}

/* DATA_PENDING or END_DATA_PENDING: a 0/1 reply. */
static int pending(struct lttd_relay *r, const struct lttd_relay_msg *m,
		   bool *p)
{
	uint8_t reply[LTTD_RELAY_REPLY_CODE_LEN];
	int ret;

	ret = command(r, m, reply);
	if (ret)
		return ret;
	ret = lttd_relay_dec_pending(reply, sizeof(reply), p);
	return ret ? io_fail(r, ret, msg_cmd(m), "") : 0;
}

int lttd_relay_data_pending(struct lttd_relay *r,
			    const struct lttd_relay_pending *s, unsigned int n,
			    bool *any)
{
	struct lttd_relay_msg m;
	unsigned int i;
	bool p = false;
	int ret;

	*any = false;
	lttd_relay_enc_begin_pending(&m, r->session_id);
	ret = simple(r, &m);
	for (i = 0; !ret && i < n; i++) {
		if (s[i].metadata) {
			/* Its bytes came on this socket: they are written. */
			lttd_relay_enc_quiescent(&m, s[i].stream_id);
			ret = simple(r, &m);
			continue;
		}
		lttd_relay_enc_data_pending(&m, s[i].stream_id,
					    s[i].last_net_seq_num);
		ret = pending(r, &m, &p);
		*any |= !ret && p;
	}
	if (ret)
		return ret;
	lttd_relay_enc_end_pending(&m, r->session_id);
	ret = pending(r, &m, &p);
	*any |= !ret && p;
	return ret;
}

int lttd_relay_streams_pending(struct lttd_relay *r,
			       const struct lttd_relay_pending *s,
			       unsigned int n, bool *each)
{
	struct lttd_relay_msg m;
	unsigned int i;
	bool end;
	int ret;

	lttd_relay_enc_begin_pending(&m, r->session_id);
	ret = simple(r, &m);
	for (i = 0; !ret && i < n; i++) {
		lttd_relay_enc_data_pending(&m, s[i].stream_id,
					    s[i].last_net_seq_num);
		ret = pending(r, &m, &each[i]);
	}
	if (ret)
		return ret;
	lttd_relay_enc_end_pending(&m, r->session_id);
	return pending(r, &m, &end);
}

int lttd_relay_rotate_streams(struct lttd_relay *r, const uint64_t *chunk_id,
			      const struct lttd_relay_rot_pos *p, unsigned int n)
{
	uint8_t reply[LTTD_RELAY_REPLY_CODE_LEN];
	uint8_t pos[LTTD_RELAY_ROTATE_POS_LEN];
	struct lttd_relay_msg m;
	int64_t end = deadline(r);
	unsigned int i;
	int ret;

	ret = lttd_relay_enc_rotate_streams(&m, chunk_id, n);
	if (ret)
		return enc_fail(r, ret, "rotate streams");
	if (r->ctrl < 0)
		return io_fail(r, -ENOTCONN, LTTD_RELAY_ROTATE_STREAMS, "");
	/* the positions follow the fixed part, one message */
	ret = send_all(r->ctrl, m.buf, m.len, end);
	for (i = 0; !ret && i < n; i++) {
		lttd_relay_enc_rotate_pos(pos, p[i].stream_id, p[i].rotate_at);
		ret = send_all(r->ctrl, pos, sizeof(pos), end);
	}
	if (!ret)
		ret = recv_all(r->ctrl, reply, sizeof(reply), end);
	if (!ret)
		ret = lttd_relay_dec_code(reply, sizeof(reply));
	return ret ? io_fail(r, ret, LTTD_RELAY_ROTATE_STREAMS, "") : 0;
}

int lttd_relay_create_chunk(struct lttd_relay *r, uint64_t chunk_id,
			    uint64_t when)
{
	struct lttd_relay_msg m;

	int ret;

	lttd_relay_enc_create_chunk(&m, chunk_id, when, NULL);
	ret = simple(r, &m);
	if (!ret) {
		r->prev_created = r->chunk_created;
		r->chunk_created = when;
	}
	return ret;
}

/*
 * The relay names an archived chunk <BEGIN>-<END>-<ID>, its times as
 * ISO 8601 basic in its local time (LTTng's trace chunk names), and says
 * where it went, except for a session's first archive: 2.13 answers the
 * session's directory then (it learns that the session rotated after
 * it made the answer). That one is made here as the relay makes it,
 * with this host's time zone for the relay's.
 */
#define ISO	"%Y%m%dT%H%M%S%z"

static void archive_path(struct lttd_relay *r, uint64_t chunk_id,
			 uint64_t begin, uint64_t end)
{
	char b[32], e[32], path[sizeof(r->chunk_path)];
	time_t tb = begin, te = end;
	struct tm tm;
	int n;

	if (strstr(r->chunk_path, "/archives/"))
		return;
	if (!localtime_r(&tb, &tm) || !strftime(b, sizeof(b), ISO, &tm) ||
	    !localtime_r(&te, &tm) || !strftime(e, sizeof(e), ISO, &tm))
		return;
	n = snprintf(path, sizeof(path), "%s/archives/%s-%s-%llu",
		     r->chunk_path, b, e, (unsigned long long)chunk_id);
	if (n > 0 && (size_t)n < sizeof(path))
		memcpy(r->chunk_path, path, n + 1);
}

int lttd_relay_close_chunk(struct lttd_relay *r, uint64_t chunk_id,
			   enum lttd_relay_chunk_cmd cmd)
{
	uint8_t reply[LTTD_RELAY_REPLY_CLOSE_CHUNK_LEN];
	uint64_t now = time(NULL);
	struct lttd_relay_msg m;
	uint32_t len = 0;
	int ret;

	ret = lttd_relay_enc_close_chunk_cmd(&m, chunk_id, now, cmd);
	if (ret)
		return enc_fail(r, ret, "close trace chunk");
	ret = command(r, &m, reply);
	if (ret)
		return ret;
	ret = lttd_relay_dec_close_chunk(reply, sizeof(reply), &len);
	if (ret)
		return io_fail(r, ret, LTTD_RELAY_CLOSE_TRACE_CHUNK, "");
	ret = recv_path(r, LTTD_RELAY_CLOSE_TRACE_CHUNK, r->chunk_path, len);
	if (!ret && cmd == LTTD_RELAY_CHUNK_ARCHIVE) {
		archive_path(r, chunk_id, chunk_id == r->chunk_id ?
			     r->chunk_created : r->prev_created, now);
		r->rotated = true;
	}
	return ret;
}

int lttd_relay_get_config(struct lttd_relay *r, uint64_t *flags)
{
	uint8_t reply[LTTD_RELAY_REPLY_CONFIG_LEN];
	struct lttd_relay_msg m;
	int ret;

	/* an older relay would take it for an unknown command and close */
	if (r->relay_minor < LTTD_RELAY_MINOR_CONFIG)
		return fail(r->err, sizeof(r->err), -EPROTONOSUPPORT,
			    "relay %s: protocol 2.%u has no GET_CONFIGURATION (2.%d)",
			    r->where, r->relay_minor, LTTD_RELAY_MINOR_CONFIG);
	lttd_relay_enc_get_config(&m);
	ret = command(r, &m, reply);
	if (ret)
		return ret;
	ret = lttd_relay_dec_config(reply, sizeof(reply), flags);
	return ret ? io_fail(r, ret, LTTD_RELAY_GET_CONFIGURATION, "") : 0;
}

int lttd_relay_end_chunk(struct lttd_relay *r,
			 const struct lttd_relay_pending *s, unsigned int n)
{
	struct lttd_relay_rot_pos *p;
	unsigned int i;
	int ret;

	if (r->minor < LTTD_RELAY_MINOR_CHUNKS || !r->chunk_open)
		return 0;
	/* Every stream leaves the chunk after its last packet. */
	p = calloc(n ? n : 1, sizeof(*p));
	if (!p)
		return fail(r->err, sizeof(r->err), -ENOMEM,
			    "relay %s: out of memory", r->where);
	for (i = 0; i < n; i++)
		p[i] = (struct lttd_relay_rot_pos){
			s[i].stream_id,
			s[i].rotate_at ? s[i].rotate_at :
					 s[i].last_net_seq_num + 1,
		};
	ret = lttd_relay_rotate_streams(r, NULL, p, n);
	free(p);
	if (!ret)
		ret = lttd_relay_close_chunk(r, r->chunk_id, r->rotated ?
					     LTTD_RELAY_CHUNK_ARCHIVE :
					     LTTD_RELAY_CHUNK_KEEP);
	if (!ret)
		r->chunk_open = false;
	return ret;
}
