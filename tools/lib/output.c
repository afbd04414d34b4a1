// SPDX-License-Identifier: GPL-2.0-only
/*
 * The session's output string as lttctl of ABI 1.8 wrote it, when the module
 * (ABI 1.8) had no place for a relay: SET_OUTPUT's path, a line per
 * setting:
 *
 *   DIR				a local trace only
 *   DIR\nrelay URL[\nlive US]	the trace to DIR and to the relay URL
 *   /dev/null\nrelay URL[...]	to the relay only: no local copy
 *
 * lttctl now writes the relay to its own field (SESSION_SET_RELAY, ABI
 * 1.9); lttd and lttctl still read this form, which a session made by that
 * lttctl keeps until it is destroyed (ltt_output_get()).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ltt-ctl.h"

#define NO_LOCAL	"/dev/null"

void ltt_output_free(struct ltt_output *o)
{
	free(o->dir);
	free(o->url);
	memset(o, 0, sizeof(*o));
}

int ltt_output_decode(const char *s, struct ltt_output *o)
{
	const char *nl = strchr(s, '\n'), *line;
	char *end;

	memset(o, 0, sizeof(*o));
	if (!nl)
		return (o->dir = strdup(s)) ? 0 : -ENOMEM;
	if (strncmp(s, NO_LOCAL, nl - s) || nl - s != strlen(NO_LOCAL)) {
		o->dir = strndup(s, nl - s);
		if (!o->dir)
			return -ENOMEM;
	}
	for (line = nl + 1; line; line = nl ? nl + 1 : NULL) {
		size_t len;

		nl = strchr(line, '\n');
		len = nl ? (size_t)(nl - line) : strlen(line);
		if (len > 6 && !strncmp(line, "relay ", 6)) {
			free(o->url);
			o->url = strndup(line + 6, len - 6);
			if (!o->url)
				goto nomem;
		} else if (len > 5 && !strncmp(line, "live ", 5)) {
			errno = 0;
			o->live_us = strtoull(line + 5, &end, 10);
			if (errno || end != line + len)
				goto bad;
		} else {
			goto bad;
		}
	}
	if (!o->url)
		goto bad;
	return 0;
nomem:
	ltt_output_free(o);
	return -ENOMEM;
bad:
	ltt_output_free(o);
	return -EINVAL;
}

/*
 * lttd's report on its relay connection, for lttctl status and stop: a
 * small file it replaces (rename) on every change, in LTT_RUN_DIR
 * (default /run/ltt), one per session.
 */
static int run_path(const char *what, const char *session, char *buf,
		    size_t len)
{
	const char *d = getenv("LTT_RUN_DIR");
	int n;

	n = snprintf(buf, len, "%s/%s-%s", d && *d ? d : "/run/ltt", what,
		     session);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int ltt_relay_status_path(const char *session, char *buf, size_t len)
{
	return run_path("relay", session, buf, len);
}

/*
 * lttd's supervisor's report (tools/lttd/supervise.c), in the same
 * directory: its pid, its worker's, the restarts and the last one's cause.
 */
int ltt_lttd_status_path(const char *session, char *buf, size_t len)
{
	return run_path("lttd", session, buf, len);
}

static int hex_uuid(const char *s, uint8_t uuid[16])
{
	unsigned int i, b;

	for (i = 0; i < 16; i++) {
		if (sscanf(s + 2 * i, "%2x", &b) != 1)
			return -EINVAL;
		uuid[i] = b;
	}
	return 0;
}

/*
 * Each "KEY VALUE" line of the status file at path, to fn: lttd's
 * status files (the relay's, the supervisor's) are all of this form.
 * 0, or -errno when the file cannot be read.
 */
static int status_lines(const char *path,
			void (*fn)(const char *key, const char *v, void *ctx),
			void *ctx)
{
	char line[4400], *v;
	FILE *f;

	f = fopen(path, "re");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = 0;
		v = strchr(line, ' ');
		if (!v)
			continue;
		*v++ = 0;
		fn(line, v, ctx);
	}
	fclose(f);
	return 0;
}

static void lttd_status_line(const char *key, const char *v, void *ctx)
{
	struct ltt_lttd_status *st = ctx;

	if (!strcmp(key, "uuid"))
		st->have_uuid = !hex_uuid(v, st->uuid);
	else if (!strcmp(key, "supervisor"))
		sscanf(v, "%d", &st->supervisor_pid);
	else if (!strcmp(key, "worker"))
		sscanf(v, "%d", &st->worker_pid);
	else if (!strcmp(key, "restarts"))
		sscanf(v, "%u", &st->restarts);
	else if (!strcmp(key, "last_time"))
		sscanf(v, "%lld", &st->last_time);
	else if (!strcmp(key, "last_cause"))
		snprintf(st->last_cause, sizeof(st->last_cause), "%s", v);
	else if (!strcmp(key, "next_start"))
		sscanf(v, "%lld", &st->next_start);
}

int ltt_lttd_status_read(const char *session, struct ltt_lttd_status *st)
{
	char path[4096];

	memset(st, 0, sizeof(*st));
	if (ltt_lttd_status_path(session, path, sizeof(path)))
		return -ENAMETOOLONG;
	return status_lines(path, lttd_status_line, st);
}

static void relay_status_line(const char *key, const char *v, void *ctx)
{
	struct ltt_relay_status *st = ctx;

	if (!strcmp(key, "state"))
		snprintf(st->state, sizeof(st->state), "%s", v);
	else if (!strcmp(key, "dir"))
		snprintf(st->dir, sizeof(st->dir), "%s", v);
	else if (!strcmp(key, "error"))
		snprintf(st->error, sizeof(st->error), "%s", v);
	else if (!strcmp(key, "archive"))
		snprintf(st->archive, sizeof(st->archive), "%s", v);
	else if (!strcmp(key, "refused"))
		snprintf(st->refused, sizeof(st->refused), "%s", v);
	else if (!strcmp(key, "sent"))
		sscanf(v, "%llu %llu", &st->packets, &st->bytes);
	else if (!strcmp(key, "unsent"))
		sscanf(v, "%llu", &st->unsent);
	else if (!strcmp(key, "sessions"))
		sscanf(v, "%u", &st->sessions);
	else if (!strcmp(key, "resent"))
		sscanf(v, "%llu", &st->resent);
	else if (!strcmp(key, "dropped"))
		sscanf(v, "%llu", &st->dropped);
	else if (!strcmp(key, "unconfirmed"))
		sscanf(v, "%u", &st->unconfirmed);
}

int ltt_relay_status_read(const char *session, struct ltt_relay_status *st)
{
	char path[4096];

	memset(st, 0, sizeof(*st));
	if (ltt_relay_status_path(session, path, sizeof(path)))
		return -ENAMETOOLONG;
	return status_lines(path, relay_status_line, st);
}
