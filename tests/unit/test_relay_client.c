// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd's relay client (tools/lttd/relay.c) against fake relays on
 * 127.0.0.1, each a thread that misbehaves one way: nothing listening,
 * a relay that never answers, one that answers another major, one that
 * closes half way through a reply, one that answers a code it never
 * sends, one that stops reading the data connection. Every case must end
 * in an error naming the relay, within the timeout, never a hang. Also
 * the relay URLs lttd accepts and refuses, and the bytes a well-behaved
 * exchange puts on the control connection.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <ltt/abi.h>
#include "tap.h"
#include "relay.h"

#define TIMEOUT_MS	300

static void test_urls(void)
{
	struct lttd_relay_url u;
	char err[256];

	ok(!lttd_relay_parse_url("net://relay.example", &u, err, sizeof(err)) &&
	   !strcmp(u.host, "relay.example") && u.ctrl_port == 5342 &&
	   u.data_port == 5343 && !u.ipv6, "net://HOST: default ports");
	ok(!lttd_relay_parse_url("net://h:1234", &u, err, sizeof(err)) &&
	   u.ctrl_port == 1234 && u.data_port == 5343,
	   "net://HOST:CTRL: the data port stays 5343");
	ok(!lttd_relay_parse_url("tcp://10.0.0.1:1:65535/", &u, err,
				 sizeof(err)) &&
	   !strcmp(u.host, "10.0.0.1") && u.ctrl_port == 1 &&
	   u.data_port == 65535, "tcp://HOST:CTRL:DATA/");
	ok(!lttd_relay_parse_url("net6://[::1]:5000:5001", &u, err,
				 sizeof(err)) &&
	   !strcmp(u.host, "::1") && u.ctrl_port == 5000 &&
	   u.data_port == 5001 && u.ipv6, "net6://[::1]:CTRL:DATA");
	ok(!lttd_relay_parse_url("net6://[fe80::1]", &u, err, sizeof(err)) &&
	   !strcmp(u.host, "fe80::1") && u.ctrl_port == 5342,
	   "net6://[ADDR]");
	ok(lttd_relay_parse_url("http://h", &u, err, sizeof(err)) == -EINVAL &&
	   strstr(err, "http://h"), "another scheme: %s", err);
	ok(lttd_relay_parse_url("net://", &u, err, sizeof(err)) == -EINVAL,
	   "no host: %s", err);
	ok(lttd_relay_parse_url("net://h:0", &u, err, sizeof(err)) == -EINVAL,
	   "port 0: %s", err);
	ok(lttd_relay_parse_url("net://h:65536", &u, err, sizeof(err)) ==
	   -EINVAL, "port 65536: %s", err);
	ok(lttd_relay_parse_url("net://h:12a", &u, err, sizeof(err)) == -EINVAL,
	   "port 12a: %s", err);
	ok(lttd_relay_parse_url("net://h:1:", &u, err, sizeof(err)) == -EINVAL,
	   "an empty data port: %s", err);
	ok(lttd_relay_parse_url("net://h:1:2:3", &u, err, sizeof(err)) ==
	   -EINVAL, "three ports: %s", err);
	ok(lttd_relay_parse_url("net6://[::1", &u, err, sizeof(err)) == -EINVAL,
	   "no closing bracket: %s", err);
	ok(lttd_relay_parse_url("net://h/my/path", &u, err, sizeof(err)) ==
	   -EINVAL && strstr(err, "trace path"), "a trace path: %s", err);
	ok(lttd_relay_parse_url("net://re lay", &u, err, sizeof(err)) ==
	   -EINVAL && strstr(err, "bad host"), "a space in the host: %s",
	   err);
	ok(lttd_relay_parse_url("net://a@b:5342", &u, err, sizeof(err)) ==
	   -EINVAL && strstr(err, "bad host"), "'@' in the host: %s", err);
	ok(lttd_relay_parse_url("net6://[::1]x", &u, err, sizeof(err)) ==
	   -EINVAL, "text after the brackets: %s", err);
	ok(lttd_relay_parse_url("net://[::1]:5342", &u, err, sizeof(err)) ==
	   -EINVAL && strstr(err, "net6://"),
	   "an IPv6 address with net://: %s", err);
	ok(lttd_relay_parse_url("tcp6://[::1]:7000/", &u, err, sizeof(err)) ==
	   0 && u.ipv6 && u.ctrl_port == 7000 && u.data_port == 5343,
	   "tcp6://[::1]:CTRL/");
	ok(lttd_relay_parse_url("net6://::1", &u, err, sizeof(err)) == -EINVAL &&
	   strstr(err, "brackets"),
	   "an IPv6 address without brackets: %s", err);
	ok(lttd_relay_parse_url("net6://localhost:6000:6001", &u, err,
				sizeof(err)) == 0 && u.ipv6 &&
	   !strcmp(u.host, "localhost") && u.data_port == 6001,
	   "net6://NAME:CTRL:DATA");
}

enum mode { SILENT, BAD_MAJOR, HALF_REPLY, SCRIPTED, STALL_DATA, BAD_PATH };

struct fake {
	enum mode mode;
	int lctrl, ldata;		/* listening sockets */
	uint16_t cport, dport;
	/* SCRIPTED: what the client sent, after the version */
	uint8_t got[LTTD_RELAY_HDR_LEN + LTTD_RELAY_SESSION_LEN];
	int got_ok;
};

static int listen_any(uint16_t *port)
{
	struct sockaddr_in a = {
		.sin_family = AF_INET,
		.sin_addr.s_addr = htonl(INADDR_LOOPBACK),
	};
	socklen_t sl = sizeof(a);
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

	if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof(a)) ||
	    listen(fd, 4) || getsockname(fd, (struct sockaddr *)&a, &sl))
		abort();
	*port = ntohs(a.sin_port);
	return fd;
}

static int read_n(int fd, void *buf, size_t n)
{
	uint8_t *p = buf;
	ssize_t r;

	while (n) {
		r = read(fd, p, n);
		if (r <= 0)
			return -1;
		p += r;
		n -= r;
	}
	return 0;
}

static void write_n(int fd, const void *buf, size_t n)
{
	if (write(fd, buf, n) != (ssize_t)n)
		abort();
}

/* Read until the client closes: the fake never ends a test by itself. */
static void drain(int fd)
{
	char b[4096];

	while (read(fd, b, sizeof(b)) > 0)
		;
}

static const uint8_t v213[] = { 0, 0, 0, 2, 0, 0, 0, 13 };

static void *fake_main(void *arg)
{
	static const uint8_t sess_ok[] = { 0, 0, 0, 0, 0, 0, 0, 5,
					   0, 0, 0, 10 };
	static const uint8_t stream_odd[] = { 0, 0, 0, 0, 0, 0, 0, 9,
					      0, 0, 0, 200 };
	uint8_t b[LTTD_RELAY_HDR_LEN + LTTD_RELAY_VERSION_LEN];
	struct fake *f = arg;
	int c = accept(f->lctrl, NULL, NULL);

	if (c < 0)
		return NULL;
	switch (f->mode) {
	case SILENT:
		break;
	case BAD_MAJOR:
		if (!read_n(c, b, sizeof(b)))
			write_n(c, (const uint8_t[]){ 0, 0, 0, 3, 0, 0, 0, 13 },
				8);
		break;
	case HALF_REPLY:
		if (!read_n(c, b, sizeof(b)))
			write_n(c, v213, 4);
		close(c);
		return NULL;
	case BAD_PATH: {
		/* 2.11: a session whose path has no NUL */
		static const uint8_t sess[] = { 0, 0, 0, 0, 0, 0, 0, 5,
						0, 0, 0, 10, 0, 0, 0, 5,
						'a', 'b', 'c', 'd', 'e' };
		uint8_t h[LTTD_RELAY_HDR_LEN], p[600];
		uint64_t n = 0;
		int i;

		if (read_n(c, b, sizeof(b)))
			break;
		write_n(c, v213, 8);
		if (read_n(c, h, sizeof(h)))
			break;
		for (i = 8; i < 16; i++)
			n = n << 8 | h[i];
		if (n > sizeof(p) || read_n(c, p, n))
			break;
		f->got_ok = n;
		write_n(c, sess, sizeof(sess));
		break;
	}
	case SCRIPTED:
	case STALL_DATA:
		if (read_n(c, b, sizeof(b)))
			break;
		write_n(c, v213, 8);
		if (read_n(c, f->got, sizeof(f->got)))
			break;
		f->got_ok = 1;
		write_n(c, sess_ok, sizeof(sess_ok));
		if (f->mode == STALL_DATA)
			break;	/* and never accepts the data connection */
		{
			static uint8_t s[LTTD_RELAY_HDR_LEN +
					 LTTD_RELAY_STREAM_LEN];

			if (read_n(c, s, sizeof(s)))
				break;
		}
		write_n(c, stream_odd, sizeof(stream_odd));
		break;
	}
	drain(c);
	close(c);
	return NULL;
}

static void fake_start(struct fake *f, enum mode mode, pthread_t *t)
{
	memset(f, 0, sizeof(*f));
	f->mode = mode;
	f->lctrl = listen_any(&f->cport);
	f->ldata = listen_any(&f->dport);
	pthread_create(t, NULL, fake_main, f);
}

static void fake_end(struct fake *f, pthread_t t)
{
	/* Wakes an accept() the client never reached. */
	shutdown(f->lctrl, SHUT_RDWR);
	pthread_join(t, NULL);
	close(f->lctrl);
	if (f->ldata >= 0)
		close(f->ldata);
}

static long elapsed_ms(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (t1.tv_sec - t0->tv_sec) * 1000 +
	       (t1.tv_nsec - t0->tv_nsec) / 1000000;
}

static struct lttd_relay_url url_of(const struct fake *f)
{
	struct lttd_relay_url u = { .ctrl_port = f->cport,
				    .data_port = f->dport };

	strcpy(u.host, "127.0.0.1");
	return u;
}

static void test_refused(void)
{
	struct lttd_relay_url u = { 0 };
	struct lttd_relay r;
	char want[64];
	int fd = listen_any(&u.ctrl_port);

	close(fd);		/* a port nobody listens on now */
	strcpy(u.host, "127.0.0.1");
	u.data_port = u.ctrl_port;
	ok(lttd_relay_connect(&r, &u, 8, TIMEOUT_MS) == -ECONNREFUSED,
	   "nothing listening: refused");
	snprintf(want, sizeof(want), "127.0.0.1 port %u (control)",
		 u.ctrl_port);
	ok(strstr(r.err, want) != NULL, "the error names it: %s", r.err);
	lttd_relay_close(&r);
}

/* The control port answers, the data port refuses: named as the data's. */
static void test_data_refused(void)
{
	struct lttd_relay_url u;
	struct lttd_relay r;
	struct fake f;
	pthread_t t;
	char want[64];

	fake_start(&f, SCRIPTED, &t);
	u = url_of(&f);
	close(f.ldata);
	f.ldata = listen_any(&u.data_port);
	close(f.ldata);		/* a port nobody listens on now */
	f.ldata = -1;
	ok(lttd_relay_connect(&r, &u, 8, TIMEOUT_MS) == -ECONNREFUSED,
	   "the data port refuses: an error");
	snprintf(want, sizeof(want), "port %u (data)", u.data_port);
	ok(strstr(r.err, want) != NULL, "the error names it: %s", r.err);
	lttd_relay_close(&r);
	fake_end(&f, t);
}

static void test_silent(void)
{
	struct lttd_relay_url u;
	struct timespec t0;
	struct lttd_relay r;
	struct fake f;
	pthread_t t;
	long ms;
	int ret;

	fake_start(&f, SILENT, &t);
	u = url_of(&f);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ret = lttd_relay_connect(&r, &u, 8, TIMEOUT_MS);
	ms = elapsed_ms(&t0);
	ok(ret == -ETIMEDOUT, "a relay that never answers: timed out");
	ok(ms >= TIMEOUT_MS - 10 && ms < TIMEOUT_MS + 2000,
	   "after the timeout (%ld ms)", ms);
	ok(strstr(r.err, "127.0.0.1:") && strstr(r.err, "version") &&
	   strstr(r.err, "no answer"), "%s", r.err);
	lttd_relay_close(&r);
	fake_end(&f, t);
}

static void test_bad_major(void)
{
	struct lttd_relay_url u;
	struct lttd_relay r;
	struct fake f;
	pthread_t t;

	fake_start(&f, BAD_MAJOR, &t);
	u = url_of(&f);
	ok(lttd_relay_connect(&r, &u, 8, TIMEOUT_MS) == -EPROTONOSUPPORT,
	   "a relay of major 3: refused");
	ok(strstr(r.err, "3.13") != NULL, "%s", r.err);
	lttd_relay_close(&r);
	fake_end(&f, t);
}

static void test_half_reply(void)
{
	struct lttd_relay_url u;
	struct lttd_relay r;
	struct fake f;
	pthread_t t;

	fake_start(&f, HALF_REPLY, &t);
	u = url_of(&f);
	ok(lttd_relay_connect(&r, &u, 8, TIMEOUT_MS) == -ECONNRESET,
	   "a relay closing half way through its reply: an error");
	ok(strstr(r.err, "closed") != NULL, "%s", r.err);
	lttd_relay_close(&r);
	fake_end(&f, t);
}

static void test_scripted(void)
{
	struct lttd_relay_session_args a = {
		.name = "s1", .hostname = "box", .live_us = 1000000,
	};
	struct lttd_relay_msg want;
	struct lttd_relay_url u;
	struct lttd_relay r;
	struct fake f;
	uint64_t id = 0;
	pthread_t t;
	int ret;

	fake_start(&f, SCRIPTED, &t);
	u = url_of(&f);
	ret = lttd_relay_connect(&r, &u, 8, TIMEOUT_MS);
	ok(!ret && r.minor == 8 && r.relay_minor == 13,
	   "relay 2.13, lttd asking 2.8: speaking 2.8%s%s", ret ? ": " : "",
	   ret ? r.err : "");
	ok(!lttd_relay_create_session(&r, &a) && r.session_id == 5,
	   "session created: id 5");
	ok(lttd_relay_add_stream(&r, "metadata", "box/s1-20261128-074400/kernel",
				 0, 0, &id) == -EBADMSG && !id,
	   "a reply code the relay never sends: an error");
	ok(strstr(r.err, "add stream") && strstr(r.err, "never sends"),
	   "%s", r.err);
	ok(r.ctrl < 0 && r.data < 0, "a reply out of step ends the connection");
	ok(lttd_relay_streams_sent(&r) == -ENOTCONN,
	   "the next command fails at once: %s", r.err);
	lttd_relay_close(&r);
	/* Read what the fake recorded once it has ended (joined). */
	fake_end(&f, t);
	lttd_relay_enc_create_session_2_4(&want, &a);
	ok(f.got_ok && !memcmp(f.got, want.buf, want.len),
	   "the relay got the CREATE_SESSION message, byte for byte");
}

/* A packet of size bytes that is all content, as ltt's kernel writes it. */
static void *big_packet(size_t size)
{
	struct ltt_packet_header *h = calloc(1, size);

	h->magic = LTT_PACKET_MAGIC;
	h->content_size = h->packet_size = 8ULL * size;
	h->timestamp_begin = 1;
	h->timestamp_end = 2;
	return h;
}

static void test_bad_path(void)
{
	struct lttd_relay_session_args a = {
		.name = "s", .hostname = "h", .uuid = (const uint8_t *)"0123456789abcdef",
		.id = 1, .creation_time = 1,
	};
	struct lttd_relay_url u;
	struct lttd_relay r;
	struct fake f;
	pthread_t t;
	int ret;

	fake_start(&f, BAD_PATH, &t);
	u = url_of(&f);
	ret = lttd_relay_connect(&r, &u, 0, TIMEOUT_MS);
	ok(!ret && r.minor == 11, "relay 2.13: lttd speaks 2.11");
	ok(lttd_relay_create_session(&r, &a) == -EBADMSG,
	   "a session path without its NUL: an error");
	ok(strstr(r.err, "its path") != NULL, "%s", r.err);
	lttd_relay_close(&r);
	fake_end(&f, t);
	ok(f.got_ok == 59 + 2 + 2, "the relay got a 2.11 session (%d bytes)",
	   f.got_ok);
}

static void test_stall_data(void)
{
	size_t size = 64u << 20;	/* more than loopback buffers hold */
	struct lttd_relay_session_args a = { .name = "s", .hostname = "h" };
	struct lttd_relay_url u;
	struct timespec t0;
	struct lttd_relay r;
	void *pkt = big_packet(size);
	struct fake f;
	pthread_t t;
	long ms;
	int ret;

	fake_start(&f, STALL_DATA, &t);
	u = url_of(&f);
	ret = lttd_relay_connect(&r, &u, 8, TIMEOUT_MS);
	ok(!ret && !lttd_relay_create_session(&r, &a),
	   "connected to a relay that will stop reading data");
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ret = lttd_relay_send_packet(&r, 1, 0, pkt, size);
	ms = elapsed_ms(&t0);
	ok(ret == -ETIMEDOUT, "a 64 MiB packet nobody reads: timed out (%d)",
	   ret);
	ok(ms < TIMEOUT_MS + 2000, "within the timeout (%ld ms)", ms);
	ok(strstr(r.err, "data connection") != NULL, "%s", r.err);
	ok(r.ctrl < 0 && r.data < 0, "a packet half sent ends the connection");
	ok(lttd_relay_send_packet(&r, 1, 0, pkt, size / 2) == -EINVAL &&
	   strstr(r.err, "do not fit"),
	   "a packet longer than the bytes given is refused: %s", r.err);
	lttd_relay_close(&r);
	fake_end(&f, t);
	free(pkt);
}

int main(void)
{
	test_urls();
	test_refused();
	test_data_refused();
	test_silent();
	test_bad_major();
	test_half_reply();
	test_scripted();
	test_bad_path();
	test_stall_data();
	done_testing();
	return exit_status();
}
