// SPDX-License-Identifier: GPL-2.0-only
/*
 * The steps of a session's life that several commands share: make a
 * session with its directory and configuration (create, start, load),
 * add a channel with the state dump's rule (create, enable-channel,
 * enable, start), start lttd on it, read its configuration.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "lttctl.h"

#define STATEDUMP_EVENTS	"lttng_statedump_*"

/* the perf counters that need a PMU */
#define PERF_HW_CONTEXT	((1ULL << LTT_CONTEXT_PERF_CPU_CYCLES) | \
			 (1ULL << LTT_CONTEXT_PERF_CPU_INSTRUCTIONS) | \
			 (1ULL << LTT_CONTEXT_PERF_CPU_CACHE_MISSES) | \
			 (1ULL << LTT_CONTEXT_PERF_CPU_BRANCH_MISSES))

int session_config(int sfd, struct ltt_session_config *c)
{
	int ret = lttc_session_get_config(sfd, c);

	if (ret != -ENOTTY)
		return ret;
	/* before ABI 1.7 every session was made by start and ended by stop */
	memset(c, 0, sizeof(*c));
	c->flags = LTT_SESSION_F_ONESHOT;
	return 0;
}

bool session_is_oneshot(int sfd)
{
	struct ltt_session_config c;

	return session_config(sfd, &c) < 0 || (c.flags & LTT_SESSION_F_ONESHOT);
}

int session_new(int ctl, const char *name, const struct ltt_output *o,
		const struct ltt_session_config *c)
{
	static const struct ltt_session_config zero;
	int sfd, ret;

	sfd = lttc_session_create(ctl, name);
	if (sfd < 0) {
		if (sfd == -EEXIST)
			err("session '%s' exists already (lttctl destroy -s %s ends it, or choose another name)",
			    name, name);
		else if (sfd == -EINVAL || sfd == -ENAMETOOLONG)
			err("'%s' is not a valid session name (letters, digits, '_', '.', '-', at most %d)",
			    name, LTT_NAME_LEN - 1);
		else if (sfd == -ENOSPC)
			err("cannot create session '%s': 64 sessions exist, the most there can be",
			    name);
		else
			err("cannot create session '%s': %s", name, strerror(-sfd));
		return -1;
	}
	ret = o->dir ? ltt_mkdirs(o->dir) : 0;
	if (ret < 0) {
		err("cannot use %s as the trace directory: %s", o->dir,
		    strerror(-ret));
		goto fail;
	}
	if (o->url) {
		char path[4096];

		/* an earlier session's report of the same name is not ours */
		if (!ltt_relay_status_path(name, path, sizeof(path)))
			unlink(path);
	}
	ret = ltt_output_set(sfd, o);
	if (ret < 0) {
		err("cannot set the trace output of session '%s': %s", name,
		    ret == -ENOTTY ?
		    "this ltt module cannot keep a relay URL (ABI 1.9 can)" :
		    strerror(-ret));
		goto fail;
	}
	if (!memcmp(c, &zero, sizeof(zero)))
		return sfd;
	ret = lttc_session_set_config(sfd, c);
	if (ret == -ENOTTY && !c->rotate_every_us && !c->rotate_size &&
	    !c->keep_chunks && !c->keep_size)
		return sfd;	/* an older module: the flags are lttctl's */
	if (ret < 0) {
		err("cannot configure session '%s': %s", name,
		    ret == -ENOTTY ?
		    "this ltt module has no rotation (ABI 1.7 has it)" :
		    ret == -EINVAL && c->keep_snapshots ?
		    "this ltt module is older than --keep-snapshots" :
		    strerror(-ret));
		goto fail;
	}
	return sfd;
fail:
	lttc_session_destroy(sfd);
	close(sfd);
	return -1;
}

int statedump_rule(int cfd, bool record)
{
	int ret = record ? lttc_event_enable(cfd, STATEDUMP_EVENTS) :
			   lttc_event_disable(cfd, STATEDUMP_EVENTS);

	if (ret >= 0)
		return 0;
	err("cannot %s the state dump: %s", record ? "record" : "leave out",
	    strerror(-ret));
	return -1;
}

bool is_statedump_rule(const struct ltt_rule_entry *r)
{
	return r->enable && !(r->flags & LTT_RULE_F_FILTER) &&
	       !strncmp(r->name, STATEDUMP_EVENTS, sizeof(r->name));
}

/* Why CHANNEL_CREATE failed, in the user's terms. */
static const char *channel_error(int ret, const struct ltt_channel_args *a)
{
	if (a->flags & LTT_CHANNEL_PERSISTENT) {
		const char *why = pmem_channel_error(ret);

		if (why)
			return why;
	}
	switch (ret) {
	case -EBUSY:
		return "the session has been started: channels are added before its first start";
	case -EEXIST:
		return "the session has a channel of that name";
	case -ENOSPC:
		return "the session has 16 channels, the most it can have";
	case -E2BIG:
		if (a->tracefile_size)
			return "this ltt module has no trace-file limits (ABI 1.7 has them)";
		return "its buffers exceed 4 GiB over all CPUs (--subbuf-size x --num-subbuf x CPUs)";
	case -EINVAL:
		return "invalid argument (a name of letters, digits, '_', '.', '-'; buffers of at most 4 GiB over all CPUs)";
	case -ENOMEM:
		return "not enough memory for its buffers (--subbuf-size x --num-subbuf x CPUs)";
	case -EPERM:
		if (a->context & (1ULL << LTT_CONTEXT_CALLSTACK_KERNEL))
			return "callstack_kernel records kernel addresses: it needs CAP_SYSLOG and kptr_restrict below 2, as /proc/kallsyms";
		break;
	case -ENODEV:
		if (a->context & PERF_HW_CONTEXT)
			return "perf:cpu:cycles, instructions, cache-misses and branch-misses need hardware counters: the PMU is unavailable on this machine";
		break;
	}
	return strerror(-ret);
}

int channel_add(int sfd, const char *session, const struct ltt_channel_args *a)
{
	struct ltt_session_config c;
	struct ltt_session_info si;
	bool first;
	int cfd;

	first = lttc_session_info(sfd, &si) >= 0 && !si.nr_channels;
	if (session_config(sfd, &c) < 0)
		c.flags = 0;
	cfd = lttc_channel_create(sfd, a);
	if (cfd < 0) {
		err("cannot create channel '%s' in session '%s': %s", a->name,
		    session, channel_error(cfd, a));
		return -1;
	}
	/*
	 * The state dump names what ran before the start: on by default,
	 * in the session's first channel. Its rule comes first, so that a
	 * later rule naming one of its events (with a --filter) decides
	 * for that event.
	 */
	if (first && !(c.flags & LTT_SESSION_F_NO_STATEDUMP) &&
	    statedump_rule(cfd, true)) {
		close(cfd);
		return -1;
	}
	return cfd;
}

int consumer_launch(const char *name)
{
	const char *argv[] = { "lttd", "-s", name, "--daemon", "-q", NULL };

	if (run_lttd(argv) == 0)
		return 0;
	err("the consumer daemon lttd did not start (see its message above)");
	return -1;
}

char *dirs_missing(const char *dir)
{
	char *top = NULL, *p, *slash;
	struct stat st;

	if (!dir || !stat(dir, &st))
		return NULL;
	p = strdup(dir);
	while (p && stat(p, &st) && errno == ENOENT) {
		free(top);
		top = strdup(p);
		slash = strrchr(p, '/');
		if (!top || !slash || slash == p)
			break;
		*slash = '\0';
	}
	free(p);
	return top;
}

void dirs_remove(const char *dir, const char *top)
{
	char *p = dir && top ? strdup(dir) : NULL, *slash;

	/* rmdir() leaves a directory that holds something */
	while (p && !rmdir(p) && strcmp(p, top)) {
		slash = strrchr(p, '/');
		if (!slash || slash == p)
			break;
		*slash = '\0';
	}
	free(p);
}

bool session_has_discard_channel(int sfd, unsigned int nr_channels)
{
	struct ltt_channel_info ci;
	bool discard = false;
	unsigned int i;
	int cfd;

	for (i = 0; i < nr_channels && !discard; i++) {
		cfd = lttc_channel_open_index(sfd, i, NULL);
		if (cfd < 0)
			continue;
		if (lttc_channel_info(cfd, &ci) >= 0)
			discard = ci.mode != LTT_MODE_OVERWRITE;
		close(cfd);
	}
	return discard;
}

unsigned int session_trigger_actions(int sfd)
{
	struct ltt_trigger_entry *e = NULL;
	unsigned int actions = 0;
	int n, i;

	n = lttc_trigger_list(sfd, &e);
	for (i = 0; i < n; i++)
		if (e[i].action < 32)
			actions |= 1U << e[i].action;
	free(e);
	return actions;
}

int ship_launch(const char *name)
{
	const char *argv[] = { "lttd", "-s", name, "--ship", "--daemon", "-q",
			       NULL };

	if (run_lttd(argv) == 0)
		return 0;
	err("lttd --ship, which ships the session's recovered trace, did not start (see its message above)");
	return -1;
}

int serve_launch(const char *name)
{
	const char *argv[] = { "lttd", "-s", name, "--serve", "--daemon", "-q",
			       NULL };

	if (run_lttd(argv) == 0)
		return 0;
	err("lttd --serve, which writes the snapshots of the session's triggers, did not start (see its message above)");
	return -1;
}
