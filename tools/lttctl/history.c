// SPDX-License-Identifier: GPL-2.0-only
/*
 * What each event set needed, remembered from lttctl stop for lttctl
 * start's check of the sizes it is given (summary.h).
 *
 * Where: root's in /var/lib/ltt/history (the FHS place for a system
 * program's state, kept across reboots and shared by every admin who runs
 * sudo lttctl, whatever their HOME), a user's in
 * $XDG_STATE_HOME/ltt/history (default ~/.local/state: the XDG place for
 * state that is not configuration and not worth backing up);
 * $LTT_HISTORY overrides both. One line per event set, newest last, at
 * most HISTORY_MAX: "KEY NEED SUBBUF_SIZE NUM_SUBBUF LOST", KEY the
 * FNV-1a hash of the channel's event names in order (hex). It is a
 * cache: failing to read or write it is silent.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "summary.h"

#define HISTORY_MAX	64

const char *history_path(void)
{
	static char path[PATH_MAX];
	const char *env = getenv("LTT_HISTORY"), *state, *home;

	if (env && *env)
		return env;
	if (geteuid() == 0)
		return "/var/lib/ltt/history";
	state = getenv("XDG_STATE_HOME");
	home = getenv("HOME");
	if (state && *state == '/')
		snprintf(path, sizeof(path), "%s/ltt/history", state);
	else if (home && *home)
		snprintf(path, sizeof(path), "%s/.local/state/ltt/history", home);
	else
		return NULL;
	return path;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

uint64_t history_key(const struct ltt_event_count *ev, int n)
{
	uint64_t h = 0xcbf29ce484222325ULL;	/* FNV-1a 64 */
	const char **names;
	const char *p;
	int i;

	if (n <= 0)
		return 0;
	names = malloc(n * sizeof(*names));
	if (!names)
		return 0;
	for (i = 0; i < n; i++)
		names[i] = ev[i].name;
	qsort(names, n, sizeof(*names), by_name);
	for (i = 0; i < n; i++) {
		for (p = names[i]; *p; p++)
			h = (h ^ (unsigned char)*p) * 0x100000001b3ULL;
		h = (h ^ ',') * 0x100000001b3ULL;
	}
	free(names);
	return h;
}

struct hline {
	uint64_t key, need, sb;
	unsigned int nsb, lost;
};

static int load(const char *path, struct hline *h)
{
	FILE *f = fopen(path, "r");
	int n = 0;

	if (!f)
		return 0;
	while (n < HISTORY_MAX &&
	       fscanf(f, "%" SCNx64 " %" SCNu64 " %" SCNu64 " %u %u", &h[n].key,
		      &h[n].need, &h[n].sb, &h[n].nsb, &h[n].lost) == 5)
		n++;
	fclose(f);
	return n;
}

int history_find(uint64_t key, uint64_t *need, struct ltt_advice *adv)
{
	const char *path = history_path();
	struct hline h[HISTORY_MAX];
	int n, i;

	if (!path || !key)
		return -1;
	n = load(path, h);
	for (i = n - 1; i >= 0; i--) {
		if (h[i].key != key)
			continue;
		*need = h[i].need;
		adv->need = h[i].need;
		adv->subbuf_size = h[i].sb;
		adv->num_subbuf = h[i].nsb;
		adv->lost = h[i].lost;
		return 0;
	}
	return -1;
}

void history_save(const struct chan_summary *cs)
{
	const char *path = history_path();
	struct hline h[HISTORY_MAX + 1];
	char tmp[PATH_MAX], *slash;
	uint64_t key;
	int n, i, k = 0;
	FILE *f;

	if (!path || !cs->has_adv || cs->nr_ev <= 0)
		return;
	key = history_key(cs->ev, cs->nr_ev);
	if (!key)
		return;
	n = load(path, h);
	/* drop the set's old line, and the oldest when full */
	for (i = 0; i < n; i++)
		if (h[i].key != key)
			h[k++] = h[i];
	if (k == HISTORY_MAX)
		memmove(h, h + 1, --k * sizeof(*h));
	h[k++] = (struct hline){ key, cs->adv.need, cs->adv.subbuf_size,
				 cs->adv.num_subbuf, cs->adv.lost };
	if (snprintf(tmp, sizeof(tmp), "%s", path) >= (int)sizeof(tmp))
		return;
	slash = strrchr(tmp, '/');
	if (slash && slash != tmp) {
		*slash = '\0';
		if (ltt_mkdirs(tmp))
			return;
	}
	/* write a new file and rename it: a reader never sees half of it */
	if (snprintf(tmp, sizeof(tmp), "%s.%d", path, (int)getpid()) >=
	    (int)sizeof(tmp))
		return;
	f = fopen(tmp, "w");
	if (!f)
		return;
	for (i = 0; i < k; i++)
		fprintf(f, "%016" PRIx64 " %" PRIu64 " %" PRIu64 " %u %u\n",
			h[i].key, h[i].need, h[i].sb, h[i].nsb, h[i].lost);
	if (fclose(f) || rename(tmp, path))
		unlink(tmp);
}
