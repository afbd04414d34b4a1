// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl stop: stop tracing, wait until the trace is on disk (or run
 * lttd to write it out), print a summary; destroy the session when
 * lttctl start made it in one step.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"
#include "summary.h"

static const char description[] =
	"Stops session NAME (default: the only session), waits until its trace\n"
	"is on disk, and prints what was recorded, lost and dropped. A session\n"
	"that lttctl start made in one step is then destroyed (unless --keep);\n"
	"one made by lttctl create stays, stopped: lttctl start resumes it into\n"
	"the same trace, lttctl destroy ends it. If no daemon drains the session\n"
	"(flight recorder, or lttd was killed) or the daemon ends before it is\n"
	"done, lttd is run to write the rest of the buffers out.\n"
	"Exits with 1 when lttd dropped packets (it could not write them: disk\n"
	"full, write error; the trace shows them as discarded) or reported an\n"
	"error, printed with the summary.\n"
	"The summary gives the records per event name (the most frequent), per\n"
	"CPU the records lost and why, the peak rate the kernel measured and,\n"
	"when a full buffer lost records, the --subbuf-size and --num-subbuf that\n"
	"would have held them (doc/sizing.md); lttctl start warns when given less\n"
	"for the same events. --json prints it as one JSON object (doc/json.md).\n"
	"While the daemon writes a backlog, a progress line goes to stderr if it\n"
	"is a terminal.";

static char *opt_session;
static int opt_keep, opt_json;

static const struct poptOption options[] = {
	SESSION_OPTION(opt_session),
	{ "keep", 'k', POPT_ARG_NONE, &opt_keep, 0,
	  "keep a session made by lttctl start (lttctl destroy drops it)", NULL },
	{ "json", 0, POPT_ARG_NONE, &opt_json, 0,
	  "print the summary as JSON (doc/json.md)", NULL },
	POPT_TABLEEND
};

/*
 * Get the stopped session's buffers on disk: wait for its lttd, or run
 * one in drain mode. 0 when they are, -1 when not (said).
 */
static int write_out(int sfd, const char *name, const struct ltt_output *o)
{
	const char *lttd_argv[] = { "lttd", "-s", name, "-q", NULL };
	struct ltt_session_info si;
	int ret;

	ret = lttc_session_info(sfd, &si);
	if (ret >= 0 && si.consumer_pid)
		ret = wait_on_disk(sfd, o->dir ? NULL : name);
	else if (ret >= 0)
		ret = 1;	/* nobody drains it */
	if (ret < 0) {
		err("session '%s': %s", name, strerror(-ret));
		return -1;
	}
	if (ret == 0)
		return 0;
	if (ret == 2) {
		err("session '%s': the relay %s has been unreachable for %d s: what it did not get stays in the buffers (lttctl stop again once it is back; lttctl destroy drops it)",
		    name, o->url, RELAY_WAIT_S);
		return -1;
	}
	if (!o->dir && !o->url) {
		warn("session '%s' has no trace directory: its buffers are not written",
		     name);
		return -1;
	}
	if (si.consumer_pid)
		warn("lttd ended before writing out every buffer: running lttd for the rest");
	if (run_lttd(lttd_argv))
		return -1;	/* lttd said why */
	ret = lttc_session_info(sfd, &si);
	return ret >= 0 && !si.streams_undrained && !si.metadata_pending ? 0 : -1;
}

/* The stop summary as one JSON object (doc/json.md): 0, 1 (dropped
 * packets or a consumer error), -1 (said). */
static int print_json(int sfd, const char *name, const struct ltt_output *o,
		      bool kept)
{
	struct ltt_session_info si;
	struct ltt_totals t;
	struct json j;
	int ret;

	ret = lttc_session_info(sfd, &si);
	if (ret >= 0)
		ret = ltt_session_totals(sfd, &t);
	if (ret < 0) {
		err("session '%s': %s", name, strerror(-ret));
		return -1;
	}
	json_init(&j, stdout);
	json_obj_begin(&j, NULL);
	json_str(&j, "session", name);
	json_str(&j, "state", state_name(si.state));
	json_str(&j, "trace", o->dir);
	relay_report(name, o, NULL, &j);
	relay_accounting(sfd, name, o, NULL, &j);
	json_i64(&j, "consumer_error", si.consumer_error);
	json_bool(&j, "kept", kept);
	ret = session_summary(sfd, NULL, &j, true);
	json_obj_end(&j);
	json_end(&j);
	if (ret < 0) {
		err("cannot read the session's counters: %s", strerror(-ret));
		return -1;
	}
	return si.consumer_error || t.dropped_packets;
}

static int print_text(int sfd, const char *name, const struct ltt_output *o,
		      bool oneshot)
{
	int ret, rc;

	if (oneshot)
		printf("Session %s stopped.\n", name);
	else
		printf("Session %s stopped; lttctl start -s %s resumes it, lttctl destroy -s %s ends it.\n",
		       name, name, name);
	rc = print_totals(sfd, "  ");
	relay_accounting(sfd, name, o, "  ", NULL);
	if (o->dir)
		printf("  trace:           %s\n  read it with:    babeltrace2 %s\n",
		       o->dir, o->dir);

	ret = session_summary(sfd, "  ", NULL, true);
	if (ret < 0)
		warn("cannot read the session's counters: %s", strerror(-ret));
	return rc;
}

static int stop(int sfd, const char *name)
{
	struct ltt_session_info si;
	bool oneshot, on_disk, destroy;
	struct ltt_output o = { 0 };
	int ret, rc = LTTCTL_OK;

	ret = lttc_session_info(sfd, &si);
	if (ret < 0) {
		err("session '%s': %s", name, strerror(-ret));
		return LTTCTL_ERROR;
	}
	if (si.state == LTT_SESSION_NEW) {
		err("session '%s' was never started (lttctl start -s %s starts it)",
		    name, name);
		return LTTCTL_ERROR;
	}
	/* stopped already (stop --keep, say): finish what stop does */
	ret = si.state == LTT_SESSION_ACTIVE ? lttc_session_stop(sfd) : 0;
	if (ret < 0) {
		err("cannot stop session '%s': %s", name, strerror(-ret));
		return LTTCTL_ERROR;
	}
	oneshot = session_is_oneshot(sfd);
	ltt_output_get(sfd, &o);
	on_disk = !write_out(sfd, name, &o);
	if (!on_disk)
		rc = LTTCTL_ERROR;
	/* what could not be written is lost anyway: keep the session only
	 * while its buffers hold the rest */
	destroy = oneshot && !opt_keep && on_disk;
	ret = opt_json ? print_json(sfd, name, &o, !destroy) :
			 print_text(sfd, name, &o, oneshot);
	if (ret)
		rc = LTTCTL_ERROR;
	if (oneshot && !opt_keep && !destroy)
		warn("session '%s' kept: its buffers still hold what was not written (lttctl destroy -s %s drops it)",
		     name, name);
	if (!destroy) {
		if (!opt_json && relay_report(name, &o, "  ", NULL))
			rc = LTTCTL_ERROR;
		ltt_output_free(&o);
		return rc;
	}
	ret = lttc_session_destroy(sfd);
	if (ret >= 0)
		ret = wait_detached(sfd);	/* lttd ends the trace */
	if (ret < 0) {
		err("cannot destroy session '%s': %s", name, strerror(-ret));
		rc = LTTCTL_ERROR;
	}
	/* lttd ended the relay's session: what reached it, in the end */
	if (!opt_json && relay_report(name, &o, "  ", NULL))
		rc = LTTCTL_ERROR;
	ltt_output_free(&o);
	return rc;
}

static int run_stop(const char **args __always_unused)
{
	const char *resolved;
	int rc, ctl, sfd;

	sfd = ctl_session_open(opt_session, &ctl, &resolved);
	if (sfd < 0)
		return LTTCTL_ERROR;
	rc = stop(sfd, resolved);
	close(sfd);
	close(ctl);
	return rc;
}

const struct lttctl_cmd lttctl_cmd_stop = {
	.name		= "stop",
	.usage		= "[OPTION...] [NAME]",
	.summary	= "stop tracing, write out the trace, print a summary",
	.description	= description,
	.options	= options,
	.run		= run_stop,
};
