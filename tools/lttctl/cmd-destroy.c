// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl destroy: end sessions; the daemon writes what their buffers
 * hold and ends the trace, and destroy waits for it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"

static const char description[] =
	"Ends session NAME, stopping it if it traces. Without NAME, the only\n"
	"session if lttctl start made it: one made to last (by lttctl create or\n"
	"load, the ltt service, or a module) is destroyed by its name only.\n"
	"The daemon draining it writes what its buffers hold, ends the trace\n"
	"(and archives the last chunk of a session that was rotated), then\n"
	"lets go; destroy waits for that, unless --no-wait, and prints where\n"
	"the trace is. Without a daemon (a flight recorder) the buffers are\n"
	"dropped: lttctl stop or snapshot write them out first. With --all,\n"
	"every session; with --saved DIR, the sessions that DIR's *.ltt files\n"
	"create; with --saved DIR --state FILE, only those of them that FILE\n"
	"names (lttctl load --all DIR --state FILE wrote it: what the ltt\n"
	"service made and ends), FILE removed once they are ended; no FILE:\n"
	"nothing to end. Exits with 1 when lttd dropped packets or reported an\n"
	"error.";

static char *opt_session, *opt_saved, *opt_state;
static int opt_all, opt_no_wait;

static const struct poptOption options[] = {
	SESSION_OPTION(opt_session),
	{ "all", 'a', POPT_ARG_NONE, &opt_all, 0, "every session", NULL },
	{ "saved", 0, POPT_ARG_STRING, &opt_saved, 0,
	  "the sessions that DIR/*.ltt create (lttctl load --all DIR)", "DIR" },
	{ "state", 0, POPT_ARG_STRING, &opt_state, 0,
	  "with --saved: only those that FILE names (load --all --state FILE)",
	  "FILE" },
	{ "no-wait", 'n', POPT_ARG_NONE, &opt_no_wait, 0,
	  "do not wait for the daemon to end the trace", NULL },
	POPT_TABLEEND
};

/* Say what was dropped: 0, or 1 when lttd dropped packets or failed. */
static int report_drops(int sfd, const char *name)
{
	struct ltt_session_info si;
	struct ltt_totals t;
	char sz[32];
	int rc = 0;

	if (ltt_session_totals(sfd, &t) >= 0 && t.dropped_packets) {
		warn("session '%s': lttd dropped %llu packets (%s) that it could not write",
		     name, (unsigned long long)t.dropped_packets,
		     ltt_fmt_bytes(t.dropped_bytes, sz, sizeof(sz)));
		rc = 1;
	}
	if (lttc_session_info(sfd, &si) >= 0 && si.consumer_error) {
		warn("session '%s': lttd reported an error: %s", name,
		     strerror(si.consumer_error));
		rc = 1;
	}
	return rc;
}

/* 0, 1 (lttd dropped packets or failed), -1 (said), -2 (refused, said) */
static int destroy(int ctl, const char *name)
{
	struct ltt_session_info si;
	const char *resolved;
	bool consumer, started;
	struct ltt_output o = { 0 };
	char desc[OUTPUT_DESCRIBE_LEN];
	int sfd, ret, rc = 0;

	sfd = session_open(ctl, name, &resolved);
	if (sfd < 0)
		return -1;
	if (!name && kept_unnamed(sfd, resolved, "destroy")) {
		close(sfd);
		return -2;
	}
	ret = lttc_session_info(sfd, &si);
	if (ret < 0)
		goto fail;
	consumer = si.consumer_pid;
	started = si.state != LTT_SESSION_NEW;
	ltt_output_get(sfd, &o);
	ret = lttc_session_destroy(sfd);
	if (ret < 0)
		goto fail;
	ret = consumer && !opt_no_wait ? wait_detached(sfd) : 0;
	printf("Session %s destroyed.\n", resolved);
	if (ret < 0)
		warn("cannot tell whether lttd wrote the end of the trace: %s",
		     strerror(-ret));
	if (started && (o.dir || o.url) && consumer)
		printf("  trace: %s%s\n", output_describe(&o, desc, sizeof(desc)),
		       opt_no_wait ?
		       " (lttd is writing its end)" : "");
	else if (started && (si.streams_undrained || si.metadata_pending))
		printf("  its buffers were dropped: no daemon drained them\n");
	rc = report_drops(sfd, resolved);
	if (started && consumer && !opt_no_wait &&
	    relay_report(resolved, &o, "  ", NULL) > 0)
		rc = 1;		/* the relay did not get everything */
	ltt_output_free(&o);
	close(sfd);
	return rc;
fail:
	err("cannot destroy session '%s': %s", resolved, strerror(-ret));
	ltt_output_free(&o);
	close(sfd);
	return -1;
}

/*
 * Whether --state FILE names session name (a line of its own): 1, 0,
 * or -1 (said). No FILE: 0, the service made nothing.
 */
static int state_names(const char *name)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int found = 0;
	FILE *f = fopen(opt_state, "r");

	if (!f) {
		if (errno == ENOENT)
			return 0;
		err("--state: cannot read %s: %s", opt_state, strerror(errno));
		return -1;
	}
	while (!found && (len = getline(&line, &cap, f)) > 0) {
		if (line[len - 1] == '\n')
			line[len - 1] = 0;
		found = !strcmp(line, name);
	}
	free(line);
	fclose(f);
	return found;
}

/*
 * destroy() on each session that a DIR/ *.ltt file creates, if it
 * exists (and --state FILE names it: one made by the service, not by
 * a person since)
 */
static int destroy_saved(int ctl, const char *dir)
{
	char **names = NULL;
	int n, i, sfd, ours, rc = LTTCTL_OK;

	n = saved_sessions(dir, &names);
	if (n < 0)
		return LTTCTL_ERROR;
	for (i = 0; i < n; i++) {
		ours = opt_state ? state_names(names[i]) : 1;
		if (ours <= 0) {
			if (ours < 0)
				rc = LTTCTL_ERROR;
			free(names[i]);
			continue;
		}
		sfd = lttc_session_open(ctl, names[i]);
		if (sfd >= 0) {
			close(sfd);
			if (destroy(ctl, names[i]))
				rc = LTTCTL_ERROR;
		}
		free(names[i]);
	}
	free(names);
	/* all ended: a later run ends nothing of the same names */
	if (opt_state && rc == LTTCTL_OK && unlink(opt_state) && errno != ENOENT) {
		err("--state: cannot remove %s: %s", opt_state, strerror(errno));
		rc = LTTCTL_ERROR;
	}
	return rc;
}

static int run_destroy(const char **args __always_unused)
{
	int rc, ctl;

	if (!!opt_all + !!opt_session + !!opt_saved > 1) {
		err("give one of -s NAME, --all and --saved DIR");
		return LTTCTL_USAGE;
	}
	if (opt_state && !opt_saved) {
		err("--state is for --saved DIR");
		return LTTCTL_USAGE;
	}
	ctl = lttc_open();
	if (ctl == -ENOENT && opt_saved)
		return LTTCTL_OK;	/* ltt is not loaded: nothing to end */
	if (ctl < 0)
		ctl = ctl_open();	/* says why */
	if (ctl < 0)
		return LTTCTL_ERROR;
	if (opt_all)
		rc = for_each_session(ctl, destroy);
	else if (opt_saved)
		rc = destroy_saved(ctl, opt_saved);
	else
		rc = destroy(ctl, opt_session);
	if (!opt_all && !opt_saved)	/* -2: refused, see kept_unnamed() */
		rc = rc == -2 ? LTTCTL_USAGE : rc ? LTTCTL_ERROR : LTTCTL_OK;
	close(ctl);
	return rc;
}

const struct lttctl_cmd lttctl_cmd_destroy = {
	.name		= "destroy",
	.usage		= "[OPTION...] [NAME]",
	.summary	= "end a session; its daemon ends the trace",
	.description	= description,
	.options	= options,
	.run		= run_destroy,
};
