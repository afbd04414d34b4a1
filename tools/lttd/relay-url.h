/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Where a relay is: LTTng's net://HOST[:CTRL_PORT[:DATA_PORT]]
 * (relay-url.c), shared by lttd and lttctl.
 */
#ifndef _LTTD_RELAY_URL_H
#define _LTTD_RELAY_URL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LTTD_RELAY_URL_CTRL_PORT	5342	/* LTTng's defaults */
#define LTTD_RELAY_URL_DATA_PORT	5343

struct lttd_relay_url {
	char host[256];		/* a name or an address, no brackets */
	uint16_t ctrl_port;
	uint16_t data_port;
	bool ipv6;		/* net6:// */
};

/*
 * Parse net://, net4:// or net6:// with an optional ":CTRL[:DATA]"
 * (defaults 5342, 5343; DATA defaults to 5343 whatever CTRL is, as
 * LTTng's) and an IPv6 address in brackets, with net6:// or tcp6:// only
 * (as LTTng's). The host is a name or an address: letters, digits, '-',
 * '.', and ':' in brackets. 0, or -EINVAL with why in err (errlen bytes).
 */
int lttd_relay_parse_url(const char *url, struct lttd_relay_url *u,
			 char *err, size_t errlen);

#endif /* _LTTD_RELAY_URL_H */
