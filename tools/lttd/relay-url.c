// SPDX-License-Identifier: GPL-2.0-only
/*
 * The relay's URL, LTTng's form (relay-url.h): lttd connects with it,
 * lttctl checks it when a session is given one (--set-url), so both
 * accept and refuse the same URLs with the same words.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "relay-url.h"

__attribute__((format(printf, 4, 5)))
static int fail(char *err, size_t len, int ret, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return ret;
}

/* A name or an address; ':' only in an IPv6 address (brackets). */
static bool host_ok(const char *h, bool bracketed)
{
	for (; *h; h++) {
		if ((*h >= 'a' && *h <= 'z') || (*h >= 'A' && *h <= 'Z') ||
		    (*h >= '0' && *h <= '9') || *h == '-' || *h == '.' ||
		    *h == '_' || (bracketed && *h == ':'))
			continue;
		return false;
	}
	return true;
}

static int parse_port(const char *s, size_t n, uint16_t *port)
{
	unsigned long v = 0;
	size_t i;

	if (!n || n > 5)
		return -EINVAL;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -EINVAL;
		v = v * 10 + (s[i] - '0');
	}
	if (!v || v > 65535)
		return -EINVAL;
	*port = v;
	return 0;
}

int lttd_relay_parse_url(const char *url, struct lttd_relay_url *u,
			 char *err, size_t errlen)
{
	const char *p, *h, *he, *c;
	size_t n;

	memset(u, 0, sizeof(*u));
	u->ctrl_port = LTTD_RELAY_URL_CTRL_PORT;
	u->data_port = LTTD_RELAY_URL_DATA_PORT;
	if (!strncmp(url, "net://", 6) || !strncmp(url, "tcp://", 6)) {
		p = url + 6;
	} else if (!strncmp(url, "net4://", 7) || !strncmp(url, "tcp4://", 7)) {
		p = url + 7;
	} else if (!strncmp(url, "net6://", 7) || !strncmp(url, "tcp6://", 7)) {
		p = url + 7;
		u->ipv6 = true;
	} else {
		return fail(err, errlen, -EINVAL,
			    "%s: not a relay URL (net://HOST[:CTRL_PORT[:DATA_PORT]], or net6://)",
			    url);
	}
	if (*p == '[') {
		h = p + 1;
		he = strchr(h, ']');
		if (!he)
			return fail(err, errlen, -EINVAL,
				    "%s: no ']' after the IPv6 address", url);
		c = he + 1;
	} else {
		h = p;
		he = h + strcspn(h, ":/");
		c = he;
	}
	n = he - h;
	if (!n && *he == ':')
		return fail(err, errlen, -EINVAL,
			    "%s: no host (an IPv6 address goes in brackets: net6://[::1])",
			    url);
	if (!n)
		return fail(err, errlen, -EINVAL, "%s: no host", url);
	if (n >= sizeof(u->host))
		return fail(err, errlen, -ENAMETOOLONG, "%s: host too long",
			    url);
	memcpy(u->host, h, n);
	u->host[n] = 0;
	if (!host_ok(u->host, *p == '['))
		return fail(err, errlen, -EINVAL,
			    "%s: bad host \"%s\" (a name, an IPv4 address, or an IPv6 address in brackets)",
			    url, u->host);
	/* as LTTng's: net:// and tcp:// are IPv4, an IPv6 address wants net6:// */
	if (*p == '[' && !u->ipv6)
		return fail(err, errlen, -EINVAL,
			    "%s: an IPv6 address needs net6:// (or tcp6://)",
			    url);
	if (*c == ':') {
		const char *e = c + 1 + strcspn(c + 1, ":/");

		if (parse_port(c + 1, e - c - 1, &u->ctrl_port))
			return fail(err, errlen, -EINVAL,
				    "%s: bad control port", url);
		c = e;
		if (*c == ':') {
			e = c + 1 + strcspn(c + 1, ":/");
			if (parse_port(c + 1, e - c - 1, &u->data_port))
				return fail(err, errlen, -EINVAL,
					    "%s: bad data port", url);
			c = e;
		}
	}
	/*
	 * LTTng takes a trace path after the ports; lttd names the trace
	 * directory itself (<hostname>/<session>-<date>-<time>).
	 */
	if (*c == '/' && c[1])
		return fail(err, errlen, -EINVAL,
			    "%s: a trace path in the URL is not supported", url);
	if (*c && strcmp(c, "/"))
		return fail(err, errlen, -EINVAL, "%s: unexpected \"%s\"", url,
			    c);
	return 0;
}
