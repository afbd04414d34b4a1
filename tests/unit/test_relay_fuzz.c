// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd's relay client and its reconnection, fuzzed (issue 26): a fake
 * relay on the loopback (127.0.0.1 or ::1) speaks the protocol right and
 * then, on some connections, misbehaves once at a random byte of its
 * replies: it closes both connections there, sends garbage from there to
 * the end of that reply (then closes, or goes on), stops answering, hands
 * the replies over a byte at a time, or closes the data connection after
 * a random number of bytes. Faults hit the first connection as well as
 * the ones lttd makes to reconnect; the connections after the faulty ones
 * are clean, so a client that recovers ends its session.
 *
 * Two clients, many seeded runs each:
 *  A. tools/lttd/relay.c itself, with a 100 ms timeout: a session, its
 *     streams and metadata, packets with their indexes, beacons, the end
 *     (chunk, data pending, closes); on an error, close and start over,
 *     as lttd does. Every error closes the connection (but a refusal)
 *     and names the relay.
 *  B. tools/lttd/relay-out.c, lttd's reconnection path itself (lost,
 *     retry, a new relay session), with relay-out-shim.c standing in for
 *     the rest of lttd and a clock the test moves (no backoff waits): no
 *     stall there, its timeout is lttd's 5 s. A first connection without
 *     a fault starts; a run without a fault ends clean with every packet
 *     at the relay; a connection closed under it with two packets still
 *     to send is followed by a new one; the end is 0 or -EIO, the status
 *     file "ended" or "ended with losses".
 * Then, not fuzzed (issue 43): C, the status file's count of packets; D,
 * the reconnection's backoff on that clock (1 s after the loss, doubling
 * to 30 s: every attempt at its time, none sooner); E, relays older than
 * 2.11 (and 2.11 for a clear) refusing a rotation or a clear, the reason
 * in the status file, the session going on.
 * Every run: no crash (run it under ASan: make check-asan), no hang (each
 * run has a time limit; SIGALRM fails it naming the seed), no fd left
 * open (/proc/self/fd counted before and after).
 *
 * RELAY_FUZZ_SEED=N repeats a run of seeds from N (default fixed, printed);
 * RELAY_FUZZ_RUNS=N sets the number of runs of each client (default 200).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <ltt/abi.h>
#include "tap.h"
#include "lttd.h"
#include "relay.h"
#include "relay-out-shim.h"

#define TIMEOUT_A_MS	400
/*
 * a run takes milliseconds; A's stalls cost 400 ms a call, B has none:
 * a reply slower than that (TSan on a loaded machine) reads as a stall,
 * which a run without a fault must never see
 */
#define RUN_LIMIT_S	30
#define MAX_CONN	64
#define PKT_SIZE	4096

/* xorshift64*: the same seed, the same run */
static uint64_t rnd(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

static uint32_t below(uint64_t *s, uint32_t n)
{
	return n ? rnd(s) % n : 0;
}

enum fault {
	F_NONE,
	F_CLOSE,		/* both connections closed at byte `at` */
	F_GARBAGE_CLOSE,	/* garbage from `at` to the reply's end, close */
	F_SPLIT,		/* replies from `at` on, a byte at a time */
	F_DATA_CLOSE,		/* the data connection closed after `at` bytes */
	F_GARBAGE_ON,		/* garbage, then on as if nothing happened */
	F_STALL,		/* nothing more from `at` on */
	F_KINDS,		/* the kinds above are drawn at random */
	F_INDEX_CLOSE,		/* D: both closed at the first SEND_INDEX */
};

static const char *const fault_name[F_KINDS] = {
	"none", "close", "garbage+close", "split", "data-close",
	"garbage", "stall",
};

struct plan {
	enum fault kind;
	uint32_t at;
	bool fired;
	uint32_t cmd;		/* the command whose reply it hit */
	uint32_t pending;	/* F: what DATA_PENDING answers (0 or 1) */
};

/* F: a packet's index as the fake received it (not a beacon's) */
struct rx_index {
	unsigned int conn;	/* the control connection, from 0 */
	uint64_t stream, net_seq, cpu, packet_seq;
};
#define MAX_RX		256

struct fake {
	int lctrl, ldata, wake[2];
	bool ipv6;
	uint16_t cport, dport;
	uint32_t relay_minor;
	uint64_t rng;
	struct plan plan[MAX_CONN];
	/* the fake's thread only, read after it is joined */
	unsigned int conns;		/* control connections accepted;
					 * D reads it atomically meanwhile */
	unsigned int sessions;		/* CREATE_SESSION answered whole */
	unsigned int packets;		/* data packets received whole */
	unsigned int closes;		/* CLOSE_STREAM answered whole */
	/* F: the indexes received, the last DATA_PENDING asked */
	struct rx_index rx[MAX_RX];
	unsigned int nrx;
	unsigned int asks;		/* DATA_PENDING received (atomic) */
	uint64_t ask_stream, ask_seq;
	unsigned int kills;		/* F: fake_kill()s done (atomic) */
	pthread_t t;
};

/* One control connection and its data connection, as the fake sees them. */
struct conn {
	int ctrl, data;
	uint8_t *in;
	size_t in_len, in_cap;
	uint32_t minor;
	uint64_t replied;		/* reply bytes so far */
	uint32_t cmd;			/* the command being answered */
	bool stalled;
	uint64_t next_id;
	struct plan *plan;
	/* data connection parsing */
	uint8_t dhdr[LTTD_RELAY_DATA_HDR_LEN];
	size_t dhdr_len;
	uint64_t dleft, dbytes;
};

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = v >> 24;
	p[1] = v >> 16;
	p[2] = v >> 8;
	p[3] = v;
}

static void put64(uint8_t *p, uint64_t v)
{
	put32(p, v >> 32);
	put32(p + 4, v);
}

static uint64_t get64(const uint8_t *p)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

static void conn_close(struct conn *c)
{
	if (c->ctrl >= 0)
		close(c->ctrl);
	if (c->data >= 0)
		close(c->data);
	c->ctrl = c->data = -1;
}

static void send_n(int fd, const uint8_t *p, size_t n)
{
	ssize_t w;

	while (n) {
		w = send(fd, p, n, MSG_NOSIGNAL);
		if (w <= 0)
			return;		/* the client went: its business */
		p += w;
		n -= w;
	}
}

/*
 * A reply of len bytes, through the connection's fault. False when the
 * fault closed the connection.
 */
static bool reply(struct fake *f, struct conn *c, uint8_t *p, size_t len)
{
	struct plan *pl = c->plan;
	uint64_t start = c->replied;
	size_t cut, i;

	if (c->stalled)
		return true;
	c->replied += len;
	if (pl->kind == F_NONE || pl->kind == F_DATA_CLOSE ||
	    pl->kind == F_INDEX_CLOSE || pl->at >= start + len ||
	    (pl->fired && pl->kind != F_SPLIT)) {
		send_n(c->ctrl, p, len);
		return true;
	}
	cut = pl->at > start ? pl->at - start : 0;
	if (!pl->fired)
		pl->cmd = c->cmd;
	/* read by the client's thread between its calls */
	__atomic_store_n(&pl->fired, true, __ATOMIC_RELEASE);
	switch (pl->kind) {
	case F_CLOSE:
		send_n(c->ctrl, p, cut);
		conn_close(c);
		return false;
	case F_GARBAGE_CLOSE:
	case F_GARBAGE_ON:
		/* small values too: lengths and codes that look right */
		for (i = cut; i < len; i++)
			p[i] = below(&f->rng, 2) ? rnd(&f->rng) :
			       below(&f->rng, 17);
		send_n(c->ctrl, p, len);
		if (pl->kind == F_GARBAGE_CLOSE) {
			conn_close(c);
			return false;
		}
		return true;
	case F_SPLIT:
		send_n(c->ctrl, p, cut);
		for (i = cut; i < len; i++) {
			send_n(c->ctrl, p + i, 1);
			usleep(50);
		}
		return true;
	case F_STALL:
		send_n(c->ctrl, p, cut);
		c->stalled = true;
		return true;
	default:
		return true;
	}
}

static bool reply_code(struct fake *f, struct conn *c, uint32_t code)
{
	uint8_t b[4];

	put32(b, code);
	return reply(f, c, b, 4);
}

/* One whole command: its answer, as a 2.13 relay (or an older one) does. */
static bool command(struct fake *f, struct conn *c, uint32_t cmd,
		    const uint8_t *pl, uint64_t size)
{
	static const char path[] = "box/fz-20261128-120000";
	uint8_t b[64];
	bool ok;

	c->cmd = cmd;
	if (cmd == LTTD_RELAY_SEND_INDEX && c->plan->kind == F_INDEX_CLOSE) {
		__atomic_store_n(&c->plan->fired, true, __ATOMIC_RELEASE);
		conn_close(c);
		return false;
	}
	switch (cmd) {
	case LTTD_RELAY_VERSION:
		if (size >= 8)
			c->minor = (uint32_t)(get64(pl) & 0xffffffff);
		if (c->minor > f->relay_minor)
			c->minor = f->relay_minor;
		put32(b, 2);
		put32(b + 4, f->relay_minor);
		return reply(f, c, b, 8);
	case LTTD_RELAY_CREATE_SESSION:
		put64(b, 1000 + f->conns);
		put32(b + 8, LTTD_RELAY_RET_OK);
		if (c->minor >= LTTD_RELAY_MINOR_CHUNKS) {
			put32(b + 12, sizeof(path));
			memcpy(b + 16, path, sizeof(path));
			ok = reply(f, c, b, 16 + sizeof(path));
		} else {
			ok = reply(f, c, b, 12);
		}
		f->sessions += ok;
		return ok;
	case LTTD_RELAY_ADD_STREAM:
		put64(b, ++c->next_id);
		put32(b + 8, LTTD_RELAY_RET_OK);
		return reply(f, c, b, 12);
	case LTTD_RELAY_CLOSE_TRACE_CHUNK:
		put32(b, LTTD_RELAY_RET_OK);
		put32(b + 4, sizeof(path));
		memcpy(b + 8, path, sizeof(path));
		return reply(f, c, b, 8 + sizeof(path));
	case LTTD_RELAY_SEND_METADATA:
		return true;
	case LTTD_RELAY_DATA_PENDING:
		/* read by the client's thread while the fake runs (F) */
		if (size >= 16) {
			__atomic_store_n(&f->ask_stream, get64(pl),
					 __ATOMIC_RELAXED);
			__atomic_store_n(&f->ask_seq, get64(pl + 8),
					 __ATOMIC_RELAXED);
		}
		__atomic_fetch_add(&f->asks, 1, __ATOMIC_RELEASE);
		return reply_code(f, c, c->plan->pending);
	case LTTD_RELAY_END_DATA_PENDING:
		return reply_code(f, c, c->plan->pending);
	case LTTD_RELAY_CLOSE_STREAM:
		ok = reply_code(f, c, LTTD_RELAY_RET_OK);
		f->closes += ok;
		return ok;
	case LTTD_RELAY_SEND_INDEX:
		/* 2.8's 80 bytes; a beacon has packet_size 0 */
		if (size >= 80 && get64(pl + 16) && f->nrx < MAX_RX)
			f->rx[f->nrx++] = (struct rx_index){
				.conn = c->plan - f->plan, .stream = get64(pl),
				.net_seq = get64(pl + 8), .cpu = get64(pl + 64),
				.packet_seq = get64(pl + 72) };
		return reply_code(f, c, LTTD_RELAY_RET_OK);
	case LTTD_RELAY_QUIESCENT_CONTROL:
	case LTTD_RELAY_BEGIN_DATA_PENDING:
	case LTTD_RELAY_STREAMS_SENT:
	case LTTD_RELAY_RESET_METADATA:
	case LTTD_RELAY_ROTATE_STREAMS:
	case LTTD_RELAY_CREATE_TRACE_CHUNK:
		return reply_code(f, c, LTTD_RELAY_RET_OK);
	}
	reply_code(f, c, LTTD_RELAY_RET_UNK);
	conn_close(c);
	return false;
}

static void ctrl_input(struct fake *f, struct conn *c)
{
	uint8_t buf[65536];
	uint64_t size;
	ssize_t n;

	n = recv(c->ctrl, buf, sizeof(buf), 0);
	if (n <= 0) {
		conn_close(c);
		return;
	}
	if (c->in_len + n > c->in_cap) {
		c->in_cap = (c->in_len + n) * 2;
		c->in = realloc(c->in, c->in_cap);
		if (!c->in)
			abort();
	}
	memcpy(c->in + c->in_len, buf, n);
	c->in_len += n;
	while (c->ctrl >= 0 && c->in_len >= LTTD_RELAY_HDR_LEN) {
		size = get64(c->in + 8);
		if (size > (1u << 20)) {	/* lttd sends no such thing */
			conn_close(c);
			return;
		}
		if (c->in_len < LTTD_RELAY_HDR_LEN + size)
			return;
		if (!command(f, c, get64(c->in + 16) >> 32,
			     c->in + LTTD_RELAY_HDR_LEN, size))
			return;
		c->in_len -= LTTD_RELAY_HDR_LEN + size;
		memmove(c->in, c->in + LTTD_RELAY_HDR_LEN + size, c->in_len);
	}
}

static void data_input(struct fake *f, struct conn *c)
{
	uint8_t buf[65536], *p = buf;
	ssize_t n;
	size_t k;

	n = recv(c->data, buf, sizeof(buf), 0);
	if (n <= 0) {
		close(c->data);
		c->data = -1;
		return;
	}
	c->dbytes += n;
	while (n) {
		if (c->dleft) {
			k = c->dleft < (uint64_t)n ? c->dleft : (size_t)n;
			c->dleft -= k;
			p += k;
			n -= k;
			f->packets += !c->dleft;
			continue;
		}
		k = sizeof(c->dhdr) - c->dhdr_len;
		if (k > (size_t)n)
			k = n;
		memcpy(c->dhdr + c->dhdr_len, p, k);
		c->dhdr_len += k;
		p += k;
		n -= k;
		if (c->dhdr_len == sizeof(c->dhdr)) {
			c->dhdr_len = 0;
			c->dleft = get64(c->dhdr + 24) >> 32;
			f->packets += !c->dleft;
		}
	}
	if (c->plan->kind == F_DATA_CLOSE && c->dbytes >= c->plan->at) {
		__atomic_store_n(&c->plan->fired, true, __ATOMIC_RELEASE);
		close(c->data);
		c->data = -1;
	}
}

static void *fake_main(void *arg)
{
	struct fake *f = arg;
	struct conn c = { .ctrl = -1, .data = -1 };
	struct pollfd p[5];
	int fd;

	for (;;) {
		p[0] = (struct pollfd){ .fd = f->wake[0], .events = POLLIN };
		p[1] = (struct pollfd){ .fd = f->lctrl, .events = POLLIN };
		p[2] = (struct pollfd){ .fd = f->ldata, .events = POLLIN };
		p[3] = (struct pollfd){ .fd = c.ctrl, .events = POLLIN };
		p[4] = (struct pollfd){ .fd = c.data, .events = POLLIN };
		if (poll(p, 5, -1) < 0)
			continue;
		if (p[0].revents) {
			char cmd = 'x';

			if (read(f->wake[0], &cmd, 1) == 1 && cmd == 'k') {
				/* fake_kill(): the relay dies, as kill -9 */
				conn_close(&c);
				__atomic_fetch_add(&f->kills, 1,
						   __ATOMIC_RELEASE);
				continue;
			}
			break;
		}
		if (p[1].revents & POLLIN) {
			fd = accept4(f->lctrl, NULL, NULL, SOCK_CLOEXEC);
			if (fd >= 0) {
				int one = 1;

				/* replies go out at once, split ones too */
				setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one,
					   sizeof(one));
				/* a new connection: the client left the old */
				conn_close(&c);
				free(c.in);
				c = (struct conn){ .ctrl = fd, .data = -1,
						   .minor = 11 };
				c.plan = &f->plan[f->conns < MAX_CONN ?
						  f->conns : MAX_CONN - 1];
				/* read by the client's thread (D) */
				__atomic_fetch_add(&f->conns, 1,
						   __ATOMIC_RELEASE);
			}
		}
		if (p[2].revents & POLLIN) {
			fd = accept4(f->ldata, NULL, NULL, SOCK_CLOEXEC);
			if (fd >= 0 && c.ctrl >= 0 && c.data < 0) {
				c.data = fd;
				c.dhdr_len = 0;
				c.dleft = c.dbytes = 0;
			} else if (fd >= 0) {
				close(fd);	/* no control connection for it */
			}
		}
		if (c.ctrl >= 0 && p[3].revents)
			ctrl_input(f, &c);
		if (c.data >= 0 && p[4].fd == c.data && p[4].revents)
			data_input(f, &c);
	}
	conn_close(&c);
	free(c.in);
	return NULL;
}

static int listen_on(bool v6, uint16_t *port)
{
	struct sockaddr_in6 a6 = { .sin6_family = AF_INET6,
				   .sin6_addr = IN6ADDR_LOOPBACK_INIT };
	struct sockaddr_in a4 = { .sin_family = AF_INET,
				  .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	struct sockaddr *a = v6 ? (struct sockaddr *)&a6 : (struct sockaddr *)&a4;
	socklen_t sl = v6 ? sizeof(a6) : sizeof(a4);
	int fd = socket(v6 ? AF_INET6 : AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

	if (fd < 0)
		return -1;
	if (bind(fd, a, sl) || listen(fd, 8) || getsockname(fd, a, &sl)) {
		close(fd);
		return -1;
	}
	*port = ntohs(v6 ? a6.sin6_port : a4.sin_port);
	return fd;
}

/*
 * The plan of a run: the first nfault connections (of the first 4)
 * misbehave, of the kinds allowed, at a random byte; the others are clean.
 */
static void fake_launch(struct fake *f);

static void fake_start(struct fake *f, uint64_t *rng, bool v6, int kinds)
{
	unsigned int i, nfault = kinds > 1 && below(rng, 8) ?
				 1 + below(rng, 3) : 0;

	memset(f, 0, sizeof(*f));
	f->ipv6 = v6;
	f->rng = rnd(rng) | 1;
	/* mostly 2.13, which lttd speaks 2.11 with; some older relays */
	f->relay_minor = below(rng, 3) ? 13 : 4 + below(rng, 7);
	for (i = 0; i < nfault; i++) {
		f->plan[i].kind = 1 + below(rng, kinds - 1);
		/* a session's replies: about 150 bytes, and 4 per packet */
		f->plan[i].at = f->plan[i].kind == F_DATA_CLOSE ?
				below(rng, 20 * PKT_SIZE) : below(rng, 260);
	}
	fake_launch(f);
}

/* The fake's sockets and thread, its plan made (fake_start, D, E). */
static void fake_launch(struct fake *f)
{
	if (pipe2(f->wake, O_CLOEXEC) ||
	    (f->lctrl = listen_on(f->ipv6, &f->cport)) < 0 ||
	    (f->ldata = listen_on(f->ipv6, &f->dport)) < 0)
		abort();
	pthread_create(&f->t, NULL, fake_main, f);
}

/* F: the relay's connections closed at once, as a kill -9 closes them. */
static void fake_kill(struct fake *f)
{
	struct timespec ts = { 0, 1000000 };
	unsigned int k = __atomic_load_n(&f->kills, __ATOMIC_ACQUIRE);

	if (write(f->wake[1], "k", 1) != 1)
		abort();
	/* done when the fake says so (the run's alarm bounds it) */
	while (__atomic_load_n(&f->kills, __ATOMIC_ACQUIRE) == k)
		nanosleep(&ts, NULL);
}

static void fake_end(struct fake *f)
{
	if (write(f->wake[1], "x", 1) != 1)
		abort();
	pthread_join(f->t, NULL);
	close(f->wake[0]);
	close(f->wake[1]);
	close(f->lctrl);
	close(f->ldata);
}

static bool any_fault(const struct fake *f, bool fired_only)
{
	unsigned int i;

	for (i = 0; i < MAX_CONN; i++)
		if (f->plan[i].kind != F_NONE && f->plan[i].kind != F_SPLIT &&
		    (!fired_only || f->plan[i].fired))
			return true;
	return false;
}

static void describe(const struct fake *f, char *buf, size_t len)
{
	size_t n;
	unsigned int i;

	n = snprintf(buf, len, "relay 2.%u%s, conns %u:", f->relay_minor,
		     f->ipv6 ? " on ::1" : "", f->conns);
	for (i = 0; i < 4 && n < len; i++)
		n += snprintf(buf + n, len - n, " %s@%u%s",
			      fault_name[f->plan[i].kind], f->plan[i].at,
			      f->plan[i].fired ? "!" : "");
}

static int count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

static long now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* How far the runs reached, for the diagnostics: a fuzz that never hit
 * a reconnection would prove little. */
static unsigned int st_fired, st_reconnected, st_start_failed;

static uint64_t cur_seed;
static const char *cur_client;

static void on_alarm(int sig)
{
	char m[160];
	int n;

	(void)sig;
	n = snprintf(m, sizeof(m),
		     "not ok - client %s, seed %llu: still running after %d s (a hang)\n",
		     cur_client, (unsigned long long)cur_seed, RUN_LIMIT_S);
	if (write(STDOUT_FILENO, m, n) < 0)
		_exit(3);
	_exit(1);
}

/* A packet as ltt's kernel closes it: all content, sizes in bits. */
static void make_packet(uint8_t *buf, unsigned int cpu, uint64_t seq)
{
	struct ltt_packet_header *h = (struct ltt_packet_header *)buf;

	memset(buf, 0, PKT_SIZE);
	h->magic = LTT_PACKET_MAGIC;
	h->content_size = h->packet_size = 8ULL * PKT_SIZE;
	h->timestamp_begin = 1000 + seq;
	h->timestamp_end = 1001 + seq;
	h->stream_instance_id = cpu;
	h->packet_seq_num = seq;
}

static const char md_text[] =
	"/* CTF 1.8 */\ntrace { major = 1; minor = 8; };\n"
	"stream { id = 0; };\nevent { name = \"x\"; stream_id = 0; };\n";

static struct lttd_relay_url url_of(const struct fake *f)
{
	struct lttd_relay_url u = { .ctrl_port = f->cport,
				    .data_port = f->dport, .ipv6 = f->ipv6 };

	strcpy(u.host, f->ipv6 ? "::1" : "127.0.0.1");
	return u;
}

/* A's contract for an error: the reason names the relay; the connection
 * is over unless the relay refused (its reply was read whole). */
static bool error_ok(const struct lttd_relay *r, int ret, const char *where)
{
	if (ret >= 0)
		return true;
	if (!strstr(r->err, where))
		return false;
	return ret == -EREMOTEIO || (r->ctrl < 0 && r->data < 0);
}

/*
 * One session through relay.c, as lttd makes it; false at the first
 * error (bad set when the error broke the contract).
 */
static bool session_a(struct lttd_relay *r, uint64_t *rng, int npkt,
		      bool *bad, char *what, size_t wlen)
{
	static const uint8_t uuid[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };
	struct lttd_relay_session_args a = {
		.name = "fz", .hostname = "box", .live_us = below(rng, 2) ?
		1000000 : 0, .uuid = uuid, .id = 1, .creation_time = 1,
	};
	struct lttd_relay_pending pend[3];
	uint64_t md_id, id[2], seq[2] = { 0, 0 };
	uint8_t pkt[PKT_SIZE];
	char where[320];
	bool pending = true;
	int i, ret, tries;

	snprintf(where, sizeof(where), "relay %s", r->where);
#define STEP(call, name) do {						\
		ret = (call);						\
		if (ret) {						\
			*bad = !error_ok(r, ret, where);		\
			snprintf(what, wlen, "%s: %d: %s", name, ret,	\
				 r->err);				\
			return false;					\
		}							\
	} while (0)
	STEP(lttd_relay_create_session(r, &a), "create session");
	STEP(lttd_relay_add_stream(r, "metadata", "kernel", 0, 0, &md_id),
	     "add metadata stream");
	STEP(lttd_relay_add_stream(r, "chan_0", "kernel", 0, 0, &id[0]),
	     "add stream 0");
	STEP(lttd_relay_add_stream(r, "chan_1", "kernel", 0, 0, &id[1]),
	     "add stream 1");
	STEP(lttd_relay_streams_sent(r), "streams sent");
	STEP(lttd_relay_send_metadata(r, md_id, md_text, sizeof(md_text) - 1),
	     "metadata");
	for (i = 0; i < npkt; i++) {
		int s = below(rng, 2);

		make_packet(pkt, s, seq[s]);
		STEP(lttd_relay_send_packet(r, id[s], seq[s], pkt, PKT_SIZE),
		     "packet");
		seq[s]++;
		if (!below(rng, 4) && seq[!s])
			STEP(lttd_relay_send_beacon(r, id[!s], seq[!s] - 1, 0,
						    5000 + i), "beacon");
		if (!below(rng, 8))
			STEP(lttd_relay_send_metadata(r, md_id, "\n", 1),
			     "more metadata");
	}
	for (i = 0; i < 2; i++)
		pend[i] = (struct lttd_relay_pending){
			.stream_id = id[i],
			.last_net_seq_num = seq[i] ? seq[i] - 1 :
					    LTTD_RELAY_NO_SEQ };
	pend[2] = (struct lttd_relay_pending){
		.stream_id = md_id, .last_net_seq_num = LTTD_RELAY_NO_SEQ,
		.metadata = true };
	STEP(lttd_relay_end_chunk(r, pend, 3), "end chunk");
	for (tries = 0; pending && tries < 5; tries++)
		STEP(lttd_relay_data_pending(r, pend, 3, &pending),
		     "data pending");
	for (i = 0; i < 3; i++)
		STEP(lttd_relay_close_stream(r, pend[i].stream_id,
					     pend[i].last_net_seq_num),
		     "close stream");
#undef STEP
	return true;
}

static void client_a(uint64_t seed, bool v6, int *failed)
{
	uint64_t rng = seed * 0x9e3779b97f4a7c15ULL + 1;
	struct lttd_relay r;
	struct lttd_relay_url u;
	struct fake f;
	char what[700] = "", desc[200];
	bool done = false, bad = false;
	int attempts, ret, npkt = 1 + below(&rng, 12);

	fake_start(&f, &rng, v6, F_KINDS);
	u = url_of(&f);
	/* a clean connection comes within 4 tries: a fifth must end it */
	for (attempts = 0; !done && !bad && attempts < 6; attempts++) {
		ret = lttd_relay_connect(&r, &u, 0, TIMEOUT_A_MS);
		if (ret) {
			/* r may hold the control socket: close frees it */
			bad = !strstr(r.err, u.host);
			snprintf(what, sizeof(what), "connect: %d: %s", ret,
				 r.err);
		} else {
			done = session_a(&r, &rng, npkt, &bad, what,
					 sizeof(what));
		}
		lttd_relay_close(&r);
	}
	fake_end(&f);
	st_fired += any_fault(&f, true);
	st_reconnected += f.sessions > 1;
	describe(&f, desc, sizeof(desc));
	if (bad || !done) {
		(*failed)++;
		ok(0, "A seed %llu (%s): %s after %d connections: %s",
		   (unsigned long long)seed, desc,
		   bad ? "an error broke the contract" : "never ended",
		   attempts, what);
	}
	if (!any_fault(&f, true) && (f.sessions != 1 || f.closes != 3 ||
				      f.packets != (unsigned int)npkt)) {
		(*failed)++;
		ok(0, "A seed %llu (%s): no fault, yet sessions %u closes %u packets %u/%d",
		   (unsigned long long)seed, desc, f.sessions, f.closes,
		   f.packets, npkt);
	}
}

/* B: relay-out.c with the shim's lttd around it. */
struct shim_status {
	char state[64];
	unsigned int sessions;
	unsigned long long packets, resent, dropped;
	char error[600];
};

static void read_status(const char *path, struct shim_status *st)
{
	char line[700];
	FILE *fp = fopen(path, "re");

	memset(st, 0, sizeof(*st));
	if (!fp)
		return;
	while (fgets(line, sizeof(line), fp)) {
		line[strcspn(line, "\n")] = 0;
		if (!strncmp(line, "state ", 6))
			snprintf(st->state, sizeof(st->state), "%.63s", line + 6);
		else if (!strncmp(line, "sessions ", 9))
			st->sessions = strtoul(line + 9, NULL, 10);
		else if (!strncmp(line, "sent ", 5))
			st->packets = strtoull(line + 5, NULL, 10);
		else if (!strncmp(line, "resent ", 7))
			st->resent = strtoull(line + 7, NULL, 10);
		else if (!strncmp(line, "dropped ", 8))
			st->dropped = strtoull(line + 8, NULL, 10);
		else if (!strncmp(line, "error ", 6))
			snprintf(st->error, sizeof(st->error), "%.590s", line + 6);
	}
	fclose(fp);
}

/*
 * After the client's call number call: the faults that fired during it
 * (the fake answers while the client waits in the call, so a fault
 * belongs to the call that read its reply).
 */
static void note_fired(struct fake *f, int *fired_at, int call)
{
	unsigned int i;

	for (i = 0; i < MAX_CONN; i++)
		if (fired_at[i] == INT_MAX &&
		    __atomic_load_n(&f->plan[i].fired, __ATOMIC_ACQUIRE))
			fired_at[i] = call;
}

static void client_b(uint64_t seed, bool v6, int *failed)
{
	uint64_t rng = seed * 0xbf58476d1ce4e5b9ULL + 7;
	struct shim_lttd sl;
	struct shim_status st;
	struct fake f;
	struct lttd_relay_url u;
	uint8_t pkt[PKT_SIZE];
	uint64_t seq[2] = { 0, 0 };
	char url[128], desc[200], why[300] = "";
	int i, ret, start, fin = 0, npkt = 1 + below(&rng, 24);
	size_t md_len = 20;
	int fired_at[MAX_CONN];

	for (i = 0; i < MAX_CONN; i++)
		fired_at[i] = INT_MAX;

	/* no stall, no garbage that leaves the client waiting: 5 s each */
	fake_start(&f, &rng, v6, F_DATA_CLOSE + 1);
	u = url_of(&f);
	snprintf(url, sizeof(url), v6 ? "net6://[%s]:%u:%u" : "net://%s:%u:%u",
		 u.host, u.ctrl_port, u.data_port);
	shim_lttd_init(&sl, url, md_text, below(&rng, 2),
		       below(&rng, 2) ? 1000000 : 0);
	pthread_mutex_lock(&sl.d.md_lock);
	sl.md.len = md_len;		/* the text grows below */
	pthread_mutex_unlock(&sl.d.md_lock);
	shim_clock += 1000;
	start = lttd_relay_out_start(&sl.d);
	if (!start) {
		for (i = 0; i < npkt; i++) {
			int s = below(&rng, 2);

			/* a minute: any backoff is over, retry() tries */
			shim_clock += 60;
			if (md_len < sizeof(md_text) - 1 && below(&rng, 3)) {
				md_len++;
				pthread_mutex_lock(&sl.d.md_lock);
				sl.md.len = md_len;
				lttd_relay_out_metadata(&sl.d, sl.md.text,
							md_len);
				pthread_mutex_unlock(&sl.d.md_lock);
			}
			make_packet(pkt, s, seq[s]);
			ret = lttd_relay_out_packet(&sl.d, &sl.st[s], pkt,
						    PKT_SIZE);
			note_fired(&f, fired_at, i);
			if (ret != 0 && !(ret == 1 && sl.d.out_alone)) {
				snprintf(why, sizeof(why),
					 "packet %d: returned %d", i, ret);
				break;
			}
			seq[s]++;
			sl.produced[s] = seq[s];
			if (!below(&rng, 3))
				lttd_relay_out_tick(&sl.d);
			note_fired(&f, fired_at, i);
		}
		shim_clock += 60;
		fin = lttd_relay_out_finish(&sl.d);
	}
	read_status(sl.status, &st);
	lttd_relay_out_free(&sl.d);
	shim_lttd_fini(&sl);
	fake_end(&f);
	st_fired += any_fault(&f, true);
	st_reconnected += f.sessions > 1;
	st_start_failed += start != 0;
	describe(&f, desc, sizeof(desc));

	if (!why[0] && start &&
	    (f.plan[0].kind == F_NONE || f.plan[0].kind == F_SPLIT))
		snprintf(why, sizeof(why), "a clean first connection, yet start failed: %d", start);
	else if (!why[0] && !start && fin != 0 && fin != -EIO)
		snprintf(why, sizeof(why), "finish returned %d", fin);
	else if (!why[0] && !start && !any_fault(&f, true) &&
		 (fin || f.sessions != 1 || f.packets != (unsigned int)npkt ||
		  f.closes != 3 || strcmp(st.state, "ended")))
		snprintf(why, sizeof(why),
			 "no fault, yet finish %d, sessions %u, packets %u/%d, closes %u, state '%s'",
			 fin, f.sessions, f.packets, npkt, f.closes, st.state);
	else if (!why[0] && !start) {
		/*
		 * A connection closed under the client during packet call
		 * k: call k + 1 meets the close at the latest (garbage may
		 * have passed for a right reply), and call k + 2, a minute
		 * later with any backoff over, must make a new connection.
		 * Closed later than that, -EIO at the end will do.
		 */
		for (i = 0; i < MAX_CONN && !why[0]; i++)
			if ((f.plan[i].kind == F_CLOSE ||
			     f.plan[i].kind == F_GARBAGE_CLOSE) &&
			    fired_at[i] < npkt - 2 &&
			    f.conns <= (unsigned int)i + 1)
				snprintf(why, sizeof(why),
					 "connection %d closed under it in call %d of %d (command %u): no new one (finish %d, state '%s')",
					 i, fired_at[i], npkt, f.plan[i].cmd,
					 fin, st.state);
	}
	if (!why[0] && !start && strcmp(st.state, "ended") &&
	    strcmp(st.state, "ended with losses"))
		snprintf(why, sizeof(why), "ended in state '%s'", st.state);
	if (why[0]) {
		(*failed)++;
		ok(0, "B seed %llu (%s): %s", (unsigned long long)seed, desc,
		   why);
	}
}

/*
 * C: the status file's count of packets sent, with a relay that never
 * fails: not rewritten for a packet that has more closed behind it, but
 * once a STATUS_PERIOD_S has passed, and at once for the last packet its
 * stream has closed (lttctl stop reads it when that one is put back).
 */
static void client_c(void)
{
	uint64_t rng = 20261206;
	struct shim_lttd sl;
	struct shim_status st;
	struct fake f;
	struct lttd_relay_url u;
	uint8_t pkt[PKT_SIZE];
	char url[300];
	uint64_t seq;
	int sent = 0;

	fake_start(&f, &rng, false, 1);		/* no fault */
	u = url_of(&f);
	snprintf(url, sizeof(url), "net://%s:%u:%u", u.host, u.ctrl_port,
		 u.data_port);
	shim_lttd_init(&sl, url, md_text, true, 0);
	pthread_mutex_lock(&sl.d.md_lock);
	sl.md.len = 20;
	pthread_mutex_unlock(&sl.d.md_lock);
	shim_clock += 1000;
	ok(!lttd_relay_out_start(&sl.d), "C: connected to a clean relay");
	sl.produced[0] = 4;	/* packets 0 to 3 closed, 4 being written */
	for (seq = 0; seq < 4; seq++) {
		if (seq == 1)
			shim_clock += 1.0;
		make_packet(pkt, 0, seq);
		sent += !lttd_relay_out_packet(&sl.d, &sl.st[0], pkt,
					       PKT_SIZE);
		read_status(sl.status, &st);
		if (seq == 0)
			ok(st.packets == 0, "C: packet 0 of 4 closed: the count is not rewritten for it (%llu)", st.packets);
		else if (seq == 1)
			ok(st.packets == 2, "C: packet 1, a second later: the count is written (%llu)", st.packets);
		else if (seq == 2)
			ok(st.packets == 2, "C: packet 2, within the second, one more closed: not rewritten (%llu)", st.packets);
		else
			ok(st.packets == 4, "C: packet 3, the last closed: the count is written before it is put back (%llu)", st.packets);
	}
	ok(sent == 4, "C: every packet sent (%d)", sent);
	shim_clock += 60;
	ok(lttd_relay_out_finish(&sl.d) == 0, "C: the end, nothing lost");
	read_status(sl.status, &st);
	ok(st.packets == 4, "C: the end's count (%llu)", st.packets);
	ok(!strcmp(st.state, "ended"), "C: state 'ended' (%s)", st.state);
	lttd_relay_out_free(&sl.d);
	shim_lttd_fini(&sl);
	fake_end(&f);
}

/* The fake's control connections so far, while it runs. */
static unsigned int fake_conns(struct fake *f)
{
	return __atomic_load_n(&f->conns, __ATOMIC_ACQUIRE);
}

/* A fake relay 2.relay_minor whose connection i behaves as plan[i]. */
static void fake_planned(struct fake *f, uint32_t relay_minor,
			 const enum fault *plan, unsigned int n)
{
	unsigned int i;

	memset(f, 0, sizeof(*f));
	f->rng = 1;
	f->relay_minor = relay_minor;
	for (i = 0; i < n && i < MAX_CONN; i++)
		f->plan[i].kind = plan[i];	/* at byte 0 */
	fake_launch(f);
}

/* shim_lttd_init() on the fake's URL, the metadata's first 20 bytes. */
static void shim_on(struct shim_lttd *sl, const struct fake *f, char *url,
		    size_t len)
{
	struct lttd_relay_url u = url_of(f);

	snprintf(url, len, "net://%s:%u:%u", u.host, u.ctrl_port,
		 u.data_port);
	shim_lttd_init(sl, url, md_text, true, 0);
	pthread_mutex_lock(&sl->d.md_lock);
	sl->md.len = 20;
	pthread_mutex_unlock(&sl->d.md_lock);
}

/*
 * D: the backoff of the reconnection (doc/relay.md: 1 s after the loss,
 * then doubling up to 30 s), on lttd's clock, which the test moves. The
 * relay closes the connection at the first packet's index, refuses the
 * next 6 connections (closed at the first byte of the VERSION reply) and
 * takes the 7th. An attempt is a control connection the fake accepted:
 * none a millisecond before each one's due time, exactly one at it.
 */
static void client_d(void)
{
	static const double gaps[] = { 1, 2, 4, 8, 16, 30, 30 };
	enum fault plan[8] = { F_INDEX_CLOSE, F_CLOSE, F_CLOSE, F_CLOSE,
			       F_CLOSE, F_CLOSE, F_CLOSE, F_NONE };
	struct shim_lttd sl;
	struct shim_status st;
	struct fake f;
	uint8_t pkt[PKT_SIZE];
	char url[300];
	unsigned int i, n, bad = 0;
	double t = 5000;
	int ret;

	fake_planned(&f, 13, plan, 8);
	shim_on(&sl, &f, url, sizeof(url));
	shim_clock = t;
	ok(!lttd_relay_out_start(&sl.d), "D: connected to the relay");
	make_packet(pkt, 0, 0);
	sl.produced[0] = 1;
	ret = lttd_relay_out_packet(&sl.d, &sl.st[0], pkt, PKT_SIZE);
	read_status(sl.status, &st);
	ok(ret == LTTD_RELAY_OUT_KEEP && !strcmp(st.state, "reconnecting") &&
	   fake_conns(&f) == 1,
	   "D: the connection closed at the packet's index: the packet kept, state '%s', %u connection", st.state, fake_conns(&f));
	for (i = 0; i < sizeof(gaps) / sizeof(gaps[0]); i++) {
		n = fake_conns(&f);
		shim_clock = t + gaps[i] - 0.001;
		lttd_relay_out_tick(&sl.d);
		if (fake_conns(&f) != n) {
			bad++;
			ok(0, "D: attempt %u came before %.0f s", i + 1,
			   gaps[i]);
		}
		shim_clock = t + gaps[i];
		lttd_relay_out_tick(&sl.d);
		if (fake_conns(&f) != n + 1) {
			bad++;
			ok(0, "D: attempt %u: %u connections at %.0f s, want one",
			   i + 1, fake_conns(&f) - n, gaps[i]);
		}
		t += gaps[i];
	}
	ok(!bad, "D: 7 attempts, each 1, 2, 4, 8, 16, 30 and 30 s after the one before (the first after the loss), none sooner");
	read_status(sl.status, &st);
	ok(!strcmp(st.state, "connected") && st.sessions == 2,
	   "D: the 7th connected, a second relay session (state '%s', %u sessions)",
	   st.state, st.sessions);
	ok(lttd_relay_out_packet(&sl.d, &sl.st[0], pkt, PKT_SIZE) == 0,
	   "D: the kept packet goes to it");
	shim_clock += 60;
	ok(lttd_relay_out_finish(&sl.d) == 0, "D: the end, nothing lost");
	lttd_relay_out_free(&sl.d);
	shim_lttd_fini(&sl);
	fake_end(&f);
}

/* The "refused" line of the status file, "" if none. */
static void read_refused(const char *path, char *buf, size_t len)
{
	char line[700];
	FILE *fp = fopen(path, "re");

	buf[0] = 0;
	if (!fp)
		return;
	while (fgets(line, sizeof(line), fp))
		if (!strncmp(line, "refused ", 8)) {
			line[strcspn(line, "\n")] = 0;
			snprintf(buf, len, "%s", line + 8);
		}
	fclose(fp);
}

/*
 * E: a relay older than 2.11 has no trace chunks: a rotation or a clear
 * through it is refused, and so is a clear through 2.11, which cannot say
 * whether it allows one (GET_CONFIGURATION is 2.12's); the reason, naming
 * the relay, in the status file (lttctl prints it). The session goes on:
 * a packet after the refusal is sent, the end loses nothing.
 */
static void client_e(void)
{
	static const struct {
		uint32_t minor;
		bool clear;
		const char *why;	/* after "the relay URL " */
	} cases[] = {
		{ 8, false, "speaks protocol 2.8: a rotation needs trace chunks (2.11)" },
		{ 10, true, "speaks protocol 2.10: a clear needs trace chunks (2.11)" },
		{ 11, true, "(protocol 2.11) cannot say whether it allows a clear (2.12 can)" },
	};
	enum fault none = F_NONE;
	struct shim_lttd sl;
	struct fake f;
	uint8_t pkt[PKT_SIZE];
	char url[300], want[700], got[700];
	unsigned int i;
	int ret, sent, fin;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		fake_planned(&f, cases[i].minor, &none, 1);
		shim_on(&sl, &f, url, sizeof(url));
		shim_clock += 1000;
		ret = lttd_relay_out_start(&sl.d);
		if (!ret)
			ret = lttd_relay_out_rotate_begin(&sl.d,
							  cases[i].clear);
		read_refused(sl.status, got, sizeof(got));
		snprintf(want, sizeof(want), "the relay %s %s", url,
			 cases[i].why);
		ok(ret == -EPROTONOSUPPORT && !strcmp(got, want),
		   "E: relay 2.%u: a %s refused (%d), saying '%s'",
		   cases[i].minor, cases[i].clear ? "clear" : "rotation",
		   ret, got);
		make_packet(pkt, 0, 0);
		sl.produced[0] = 1;
		sent = lttd_relay_out_packet(&sl.d, &sl.st[0], pkt, PKT_SIZE);
		shim_clock += 60;
		fin = lttd_relay_out_finish(&sl.d);
		lttd_relay_out_free(&sl.d);
		shim_lttd_fini(&sl);
		fake_end(&f);
		ok(!sent && !fin && f.packets == 1 && f.sessions == 1,
		   "E: relay 2.%u: the session goes on after it (packet %d, end %d, %u packet at the relay)",
		   cases[i].minor, sent, fin, f.packets);
	}
}

/*
 * F: confirmed delivery (doc/relay.md, "Losses, exactly"). A relay acks
 * a packet's index before it has written the packet (lttng-relayd's data
 * thread writes it later); killed in between, it loses what lttd was told
 * it got. So lttd keeps every packet the relay has not confirmed written
 * (DATA_PENDING 0) and sends those first to the next relay session.
 * Windows of 4 packets here (sub-buffers of 1 MiB: relay-out.c's WIN_*).
 */

/* The indexes connection conn received for relay stream id, in order,
 * as "net:packet_seq" pairs. */
static void rx_of(const struct fake *f, unsigned int conn, uint64_t id,
		  char *buf, size_t len)
{
	size_t n = 0;
	unsigned int i;

	buf[0] = 0;
	for (i = 0; i < f->nrx && n < len; i++)
		if (f->rx[i].conn == conn && f->rx[i].stream == id)
			n += snprintf(buf + n, len - n, "%s%llu:%llu",
				      n ? " " : "",
				      (unsigned long long)f->rx[i].net_seq,
				      (unsigned long long)f->rx[i].packet_seq);
}

/* A shim on a fake relay whose first connection answers DATA_PENDING
 * pending0, the next ones 0; windows of 4 packets. */
static void confirm_setup(struct shim_lttd *sl, struct fake *f,
			  uint32_t pending0, char *url, size_t len)
{
	enum fault plan[2] = { F_NONE, F_NONE };
	unsigned int i;

	fake_planned(f, 13, plan, 2);
	f->plan[0].pending = pending0;
	shim_on(sl, f, url, len);
	for (i = 0; i < 2; i++) {
		sl->st[i].subbuf_size = 1 << 20;
		sl->st[i].num_subbuf = 4;
	}
	shim_clock += 1000;
}

/* packet seq of shim stream s; what lttd_relay_out_packet() returned */
static int send_pkt(struct shim_lttd *sl, unsigned int s, uint64_t seq)
{
	uint8_t pkt[PKT_SIZE];

	make_packet(pkt, s, seq);
	if (sl->produced[s] < seq + 1)
		sl->produced[s] = seq + 1;
	return lttd_relay_out_packet(&sl->d, &sl->st[s], pkt, PKT_SIZE);
}

/*
 * F1: the relay acks every index but never confirms (DATA_PENDING 1),
 * then dies: the 3 + 1 packets it did not confirm go to the next relay
 * session first, in order, from net_seq_num 0, then the packet the
 * stream kept; the status file counts them sent again.
 * F2: DATA_PENDING 0 at the half-full window: forgotten, not sent again.
 */
static void client_f(void)
{
	struct shim_lttd sl;
	struct shim_status st;
	struct fake f;
	char url[300], got[600];
	int ret, fin, sent = 0;
	unsigned int asks;
	uint64_t q, id;

	/* F1 */
	confirm_setup(&sl, &f, 1, url, sizeof(url));
	ok(!lttd_relay_out_start(&sl.d), "F1: connected to the relay");
	for (q = 0; q < 3; q++)
		sent += !send_pkt(&sl, 0, q);
	sent += !send_pkt(&sl, 1, 0);
	lttd_relay_out_tick(&sl.d);
	read_status(sl.status, &st);
	asks = __atomic_load_n(&f.asks, __ATOMIC_ACQUIRE);
	ok(sent == 4 && asks >= 3 && !strcmp(st.state, "connected"),
	   "F1: 4 packets sent, the relay asked %u times, each pending (state '%s')",
	   asks, st.state);
	fake_kill(&f);
	ret = send_pkt(&sl, 0, 3);
	read_status(sl.status, &st);
	ok(ret == LTTD_RELAY_OUT_KEEP && !strcmp(st.state, "reconnecting"),
	   "F1: the relay killed: the next packet kept (%d), state '%s'", ret,
	   st.state);
	shim_clock += 60;
	lttd_relay_out_tick(&sl.d);	/* the new relay session */
	ret = send_pkt(&sl, 0, 3);
	shim_clock += 60;
	fin = lttd_relay_out_finish(&sl.d);
	read_status(sl.status, &st);
	lttd_relay_out_free(&sl.d);
	shim_lttd_fini(&sl);
	fake_end(&f);
	/* ids per connection: metadata 1, chan_0 2, chan_1 3 */
	rx_of(&f, 0, 2, got, sizeof(got));
	ok(!strcmp(got, "0:0 1:1 2:2"),
	   "F1: relay session 1, chan_0: indexes (net:seq) %s", got);
	rx_of(&f, 1, 2, got, sizeof(got));
	ok(!strcmp(got, "0:0 1:1 2:2 3:3"),
	   "F1: relay session 2, chan_0: the 3 unconfirmed again first, then the kept one: %s",
	   got);
	rx_of(&f, 1, 3, got, sizeof(got));
	ok(!strcmp(got, "0:0"),
	   "F1: relay session 2, chan_1: its unconfirmed one again: %s", got);
	ok(!ret && !fin && !strcmp(st.state, "ended") && st.sessions == 2,
	   "F1: the kept packet sent (%d), the end clean (%d, '%s', %u relay sessions)",
	   ret, fin, st.state, st.sessions);
	ok(st.packets == 5 && st.resent == 5 && st.dropped == 0,
	   "F1: status: sent %llu (each packet once), sent again %llu (4 unconfirmed, and the kept one, whose index failed), dropped %llu",
	   st.packets, st.resent, st.dropped);

	/* F2 */
	confirm_setup(&sl, &f, 0, url, sizeof(url));
	ok(!lttd_relay_out_start(&sl.d), "F2: connected to the relay");
	sent = !send_pkt(&sl, 0, 0);
	sent += !send_pkt(&sl, 0, 1);
	asks = __atomic_load_n(&f.asks, __ATOMIC_ACQUIRE);
	id = __atomic_load_n(&f.ask_stream, __ATOMIC_RELAXED);
	q = __atomic_load_n(&f.ask_seq, __ATOMIC_RELAXED);
	ok(sent == 2 && asks == 1 && id == 2 && q == 1,
	   "F2: the window half full after 2 packets: asked once (%u) for chan_0 (%llu) up to net_seq_num 1 (%llu)",
	   asks, (unsigned long long)id, (unsigned long long)q);
	fake_kill(&f);
	ret = send_pkt(&sl, 0, 2);
	shim_clock += 60;
	lttd_relay_out_tick(&sl.d);
	ret = ret == LTTD_RELAY_OUT_KEEP ? send_pkt(&sl, 0, 2) : -1;
	shim_clock += 60;
	fin = lttd_relay_out_finish(&sl.d);
	read_status(sl.status, &st);
	lttd_relay_out_free(&sl.d);
	shim_lttd_fini(&sl);
	fake_end(&f);
	rx_of(&f, 1, 2, got, sizeof(got));
	ok(!strcmp(got, "0:2"),
	   "F2: relay session 2, chan_0: only the kept packet, the confirmed two not again: %s",
	   got);
	ok(!ret && !fin && st.packets == 3 && st.resent == 1,
	   "F2: the end clean (%d, %d), sent %llu, sent again %llu (the kept one)",
	   ret, fin, st.packets, st.resent);
}

/*
 * G: a full window the relay does not confirm waits RELAY_TIMEOUT_MS
 * (5 s), then the connection counts as lost: the packet is kept, the 4
 * unconfirmed go first to the next relay session. Then the end with the
 * relay away: what was never confirmed is dropped, counted.
 */
static void client_g(void)
{
	struct shim_lttd sl;
	struct shim_status st;
	struct fake f;
	char url[300], got[600];
	long t0, t1;
	int ret, fin;
	uint64_t q;

	confirm_setup(&sl, &f, 1, url, sizeof(url));
	ok(!lttd_relay_out_start(&sl.d), "G: connected to the relay");
	for (q = 0; q < 4; q++)
		send_pkt(&sl, 0, q);
	t0 = now_ms();
	ret = send_pkt(&sl, 0, 4);
	t1 = now_ms();
	read_status(sl.status, &st);
	ok(ret == LTTD_RELAY_OUT_KEEP && t1 - t0 >= 5000 &&
	   !strcmp(st.state, "reconnecting") &&
	   strstr(st.error, "4 packets sent are not written") == NULL &&
	   strstr(st.error, "2 packets sent are not written after 5000 ms"),
	   "G: a full window, never confirmed: after %ld ms the packet kept (%d), state '%s', error '%s'",
	   t1 - t0, ret, st.state, st.error);
	shim_clock += 60;
	lttd_relay_out_tick(&sl.d);
	ret = send_pkt(&sl, 0, 4);
	shim_clock += 60;
	fin = lttd_relay_out_finish(&sl.d);
	read_status(sl.status, &st);
	lttd_relay_out_free(&sl.d);
	shim_lttd_fini(&sl);
	fake_end(&f);
	rx_of(&f, 1, 2, got, sizeof(got));
	ok(!ret && !fin && !strcmp(got, "0:0 1:1 2:2 3:3 4:4") &&
	   st.resent == 4 && st.packets == 5,
	   "G: relay session 2: %s (the end %d, sent %llu, sent again %llu)",
	   got, fin, st.packets, st.resent);

	/* the end, the relay killed: the unconfirmed are dropped, counted */
	confirm_setup(&sl, &f, 1, url, sizeof(url));
	f.plan[1].kind = F_CLOSE;	/* and it does not come back */
	ok(!lttd_relay_out_start(&sl.d), "G: connected to the relay");
	send_pkt(&sl, 0, 0);
	send_pkt(&sl, 1, 0);
	send_pkt(&sl, 1, 1);
	fake_kill(&f);
	fin = lttd_relay_out_finish(&sl.d);
	read_status(sl.status, &st);
	lttd_relay_out_free(&sl.d);
	shim_lttd_fini(&sl);
	fake_end(&f);
	ok(fin == -EIO && st.dropped == 3 && st.packets == 3 &&
	   !strcmp(st.state, "ended with losses"),
	   "G: the end with the relay gone: %d, dropped %llu of the %llu sent, state '%s'",
	   fin, st.dropped, st.packets, st.state);
}

static bool have_ipv6(void)
{
	uint16_t port;
	int fd = listen_on(true, &port);

	if (fd < 0)
		return false;
	close(fd);
	return true;
}

int main(void)
{
	const char *e = getenv("RELAY_FUZZ_SEED");
	uint64_t base = e ? strtoull(e, NULL, 0) : 20261128;
	unsigned int runs = 200, i;
	int fds0, fds1, failed, leaks;
	bool v6 = have_ipv6();
	char client[2] = "A";

	e = getenv("RELAY_FUZZ_RUNS");
	if (e)
		runs = strtoul(e, NULL, 0);
	diag("seeds %llu to %llu (RELAY_FUZZ_SEED=%llu to repeat), ::1 %s",
	     (unsigned long long)base, (unsigned long long)base + runs - 1,
	     (unsigned long long)base, v6 ? "used too" : "absent: 127.0.0.1 only");
	signal(SIGALRM, on_alarm);
	signal(SIGPIPE, SIG_IGN);	/* the client sends with MSG_NOSIGNAL */
	rcu_register_thread();
	shim_setup();
	for (client[0] = 'A'; client[0] <= 'B'; client[0]++) {
		failed = leaks = 0;
		st_fired = st_reconnected = st_start_failed = 0;
		cur_client = client;
		for (i = 0; i < runs; i++) {
			cur_seed = base + i;
			fds0 = count_fds();
			alarm(RUN_LIMIT_S);
			if (client[0] == 'A')
				client_a(cur_seed, v6 && (i & 1), &failed);
			else
				client_b(cur_seed, v6 && (i & 1), &failed);
			alarm(0);
			if (getenv("RELAY_FUZZ_VERBOSE"))
				diag("%s seed %llu done at %ld ms", client,
				     (unsigned long long)cur_seed, now_ms());
			fds1 = count_fds();
			if (fds1 != fds0) {
				leaks++;
				ok(0, "%s seed %llu: %d fds open before, %d after",
				   client, (unsigned long long)cur_seed, fds0,
				   fds1);
			}
		}
		diag("client %s: a fault met in %u runs, a second relay session made in %u, %u never started",
		     client, st_fired, st_reconnected, st_start_failed);
		ok(!failed, "client %s (%s): %u seeded runs, each an error or a reconnection, never a broken contract",
		   client, client[0] == 'A' ? "relay.c" : "relay-out.c",
		   runs);
		ok(!leaks, "client %s: no fd left open by any run", client);
	}
	client_c();
	client_d();
	client_e();
	alarm(RUN_LIMIT_S);
	client_f();
	client_g();
	alarm(0);
	shim_teardown();
	rcu_unregister_thread();
	done_testing();
	return exit_status();
}
