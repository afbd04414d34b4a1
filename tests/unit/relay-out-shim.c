// SPDX-License-Identifier: GPL-2.0-only
/*
 * The rest of lttd, as far as tools/lttd/relay-out.c calls it
 * (relay-out-shim.h): logging, the clock, the metadata pump, the stream
 * ioctls, the status file's path and byte formatting. Nothing here talks
 * to a kernel.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "relay-out-shim.h"

double shim_clock;
static char shim_dir[64];
static struct shim_lttd *shim_cur;

void lttd_log(bool error, const char *fmt, ...)
{
	va_list ap;

	if (!getenv("RELAY_FUZZ_VERBOSE"))
		return;
	fprintf(stderr, "lttd%s: ", error ? " (error)" : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

double lttd_now(void)
{
	return shim_clock;
}

int lttd_metadata_pump(struct lttd *d, struct lttd_metadata *m)
{
	(void)d;
	(void)m;
	return 0;	/* the test hands relay-out.c the text itself */
}

int lttc_stream_flush(int st)
{
	(void)st;
	return 0;
}

int lttc_stream_position(int st, struct ltt_stream_position *pos)
{
	memset(pos, 0, sizeof(*pos));
	if (!shim_cur || st < 0 || st > 1)
		return -EBADF;
	pos->next_seq = shim_cur->produced[st];
	return 0;
}

int ltt_relay_status_path(const char *session, char *buf, size_t len)
{
	int n = snprintf(buf, len, "%s/relay-%s", shim_dir, session);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

const char *ltt_fmt_bytes(uint64_t n, char *buf, size_t len)
{
	snprintf(buf, len, "%llu B", (unsigned long long)n);
	return buf;
}

void shim_setup(void)
{
	snprintf(shim_dir, sizeof(shim_dir), "/tmp/ltt-relay-fuzz.XXXXXX");
	if (!mkdtemp(shim_dir))
		abort();
}

void shim_teardown(void)
{
	char p[PATH_MAX + 32];

	snprintf(p, sizeof(p), "%s/relay-fz", shim_dir);
	unlink(p);
	rmdir(shim_dir);
}

void shim_lttd_init(struct shim_lttd *sl, const char *url, const char *text,
		    bool alone, uint64_t live_us)
{
	static const uint8_t uuid[16] = { 0x17, 0x7d, 1, 2, 3, 4, 5, 6 };
	unsigned int i;

	memset(sl, 0, sizeof(*sl));
	sl->d.session = "fz";
	sl->d.url = strdup(url);
	sl->d.out_alone = alone;
	sl->d.live_us = live_us;
	sl->d.quiet = true;
	memcpy(sl->d.uuid, uuid, sizeof(uuid));
	sl->d.md = &sl->md;
	sl->md.text = strdup(text);
	sl->md.len = strlen(text);
	pthread_mutex_init(&sl->d.md_lock, NULL);
	pthread_mutex_init(&sl->d.streams_lock, NULL);
	CDS_INIT_LIST_HEAD(&sl->d.streams);
	for (i = 0; i < 2; i++) {
		snprintf(sl->st[i].name, sizeof(sl->st[i].name), "chan_%u", i);
		sl->st[i].fd = i;	/* what lttc_stream_position() reads */
		sl->st[i].cpu = i;
		/* a window of 64 packets of 4 KiB (relay-out.c's WIN_*) */
		sl->st[i].subbuf_size = 4096;
		sl->st[i].num_subbuf = 4;
		cds_list_add_tail(&sl->st[i].node, &sl->d.streams);
	}
	ltt_relay_status_path("fz", sl->status, sizeof(sl->status));
	unlink(sl->status);
	shim_cur = sl;
}

void shim_lttd_fini(struct shim_lttd *sl)
{
	free(sl->d.url);
	free(sl->md.text);
	pthread_mutex_destroy(&sl->d.md_lock);
	pthread_mutex_destroy(&sl->d.streams_lock);
	unlink(sl->status);
	shim_cur = NULL;
}
