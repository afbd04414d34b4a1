// SPDX-License-Identifier: GPL-2.0-only
/*
 * The session options of lttctl create and start (one table): the trace
 * directory and the relay (--set-url, --live), --no-statedump, the
 * rotation schedule and the limits on the archived chunks, made the
 * session's output (ltt-ctl.h: struct ltt_output) and configuration
 * (abi.h: SESSION_SET_CONFIG). The value parsers serve
 * enable-rotation too.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lttctl.h"
#include "text.h"
#include "relay-url.h"

static char *opt_output, *opt_every, *opt_size, *opt_keep_chunks;
static char *opt_keep_size, *opt_url, *opt_live, *opt_keep_snapshots;
static int opt_no_statedump;

static int opt_live_given;

/* --live without a period: LTTng's default */
#define LIVE_DEFAULT	"1s"

/* popt leaves an optional argument's string NULL when it is not given:
 * this tells --live from no --live. */
static void session_option_cb(poptContext pc __always_unused,
			      enum poptCallbackReason why,
			      const struct poptOption *opt,
			      const char *arg __always_unused,
			      void *data __always_unused)
{
	if (why == POPT_CALLBACK_REASON_OPTION && opt->longName &&
	    !strcmp(opt->longName, "live"))
		opt_live_given = 1;
}

const struct poptOption session_options[] = {
	{ NULL, 0, POPT_ARG_CALLBACK | POPT_CBFLAG_CONTINUE,
	  (void *)session_option_cb, 0, NULL, NULL },
	{ "output", 'o', POPT_ARG_STRING, &opt_output, 0,
	  "trace directory (default $HOME/ltt-traces/NAME-DATE-TIME, unless --set-url)",
	  "DIR" },
	{ "set-url", 0, POPT_ARG_STRING, &opt_url, 0,
	  "send the trace to lttng-relayd at URL: net://HOST[:CTRL_PORT[:DATA_PORT]] "
	  "(ports 5342, 5343), net6://[ADDR]...; with -o, to both", "URL" },
	{ "live", 0, POPT_ARG_STRING | POPT_ARGFLAG_OPTIONAL, &opt_live, 0,
	  "a live session: a viewer (babeltrace2 --input-format=lttng-live) "
	  "sees events within PERIOD (default " LIVE_DEFAULT ")", "PERIOD" },
	{ "no-statedump", 0, POPT_ARG_NONE, &opt_no_statedump, 0,
	  "do not record what already runs when tracing starts", NULL },
	{ "rotate-every", 0, POPT_ARG_STRING, &opt_every, 0,
	  "archive the current trace chunk this often (30s, 10m, 1h, 2d)",
	  "DURATION" },
	{ "rotate-size", 0, POPT_ARG_STRING, &opt_size, 0,
	  "archive the current trace chunk once it holds SIZE", "SIZE" },
	{ "keep-chunks", 0, POPT_ARG_STRING, &opt_keep_chunks, 0,
	  "keep the N newest archived chunks, delete older ones", "N" },
	{ "keep-size", 0, POPT_ARG_STRING, &opt_keep_size, 0,
	  "delete the oldest archived chunks beyond SIZE in all", "SIZE" },
	{ "keep-snapshots", 0, POPT_ARG_STRING, &opt_keep_snapshots, 0,
	  "keep the N newest snapshot-N-* directories of the trace directory "
	  "(default: --keep-chunks's N)", "N" },
	POPT_TABLEEND
};

int parse_rotate_every(const char *opt, const char *s, uint64_t *us)
{
	int ret = text_parse_duration(s, 0, us);

	if (ret == -EINVAL && s[0] >= '0' && s[0] <= '9' &&
	    !text_parse_duration(s, 1, us))
		/* LTTng's --timer counts microseconds: too easy to misread */
		err("%s: '%s' has no unit: write it as 30s, 10m, 1h or 2d (us, ms, s, m, h, d)",
		    opt, s);
	else if (ret)
		err("%s: '%s' is not a duration (like 30s, 10m, 1h, 2d)", opt, s);
	else if (*us < US_PER_S)
		/* lttd looks at the schedule every second */
		err("%s: '%s' is below a second, the period at which lttd checks the schedule",
		    opt, s);
	else
		return 0;
	return -1;
}

int parse_size_arg(const char *opt, const char *s, uint64_t *v)
{
	if (!ltt_parse_size(s, v) && *v)
		return 0;
	err("%s: '%s' is not a size above 0 (like 500M or 2G)", opt, s);
	return -1;
}

int parse_count_arg(const char *opt, const char *s, uint32_t *n)
{
	uint64_t v;

	if (!text_parse_uint(s, UINT32_MAX, &v) && v) {
		*n = v;
		return 0;
	}
	err("%s: '%s' is not a number from 1 to %u", opt, s, UINT32_MAX);
	return -1;
}

bool session_options_given(void)
{
	return opt_output || opt_no_statedump || opt_every || opt_size ||
	       opt_keep_chunks || opt_keep_size || opt_url || opt_live_given ||
	       opt_keep_snapshots;
}

bool session_options_no_statedump(void)
{
	return opt_no_statedump;
}

/* --set-url and --live into o (the directory is set already). */
static int relay_options(struct ltt_output *o)
{
	struct lttd_relay_url u;
	char why[512];
	uint64_t us;

	if (opt_live_given && !opt_url) {
		err("--live needs --set-url URL: a live session is watched through a relay");
		return LTTCTL_USAGE;
	}
	if (!opt_url)
		return 0;
	if (lttd_relay_parse_url(opt_url, &u, why, sizeof(why))) {
		err("--set-url %s", why);
		return LTTCTL_USAGE;
	}
	if (strlen(opt_url) >= LTT_RELAY_URL_LEN) {
		err("--set-url: a URL of at most %d bytes (the session keeps it in the module)",
		    LTT_RELAY_URL_LEN - 1);
		return LTTCTL_USAGE;
	}
	if (opt_live_given) {
		const char *p = opt_live ? opt_live : LIVE_DEFAULT;
		int ret = text_parse_duration(p, 0, &us);

		if (ret || !us) {
			err("--live=%s: not a period with its unit (like 1s, 500ms)",
			    p);
			return LTTCTL_USAGE;
		}
		if (us > LTT_RELAY_LIVE_MAX_US) {
			err("--live=%s: at most %llu us (the relay protocol's limit)",
			    p, (unsigned long long)LTT_RELAY_LIVE_MAX_US);
			return LTTCTL_USAGE;
		}
		o->live_us = us;
	}
	o->url = strdup(opt_url);
	return o->url ? 0 : LTTCTL_ERROR;
}

int session_options_get(const char *name, struct ltt_output *o,
			struct ltt_session_config *c)
{
	uint64_t every = 0, size = 0, keep_size = 0;
	uint32_t keep_chunks = 0, keep_snapshots = 0;
	int rc;

	memset(o, 0, sizeof(*o));
	if ((opt_every && parse_rotate_every("--rotate-every", opt_every, &every)) ||
	    (opt_size && parse_size_arg("--rotate-size", opt_size, &size)) ||
	    (opt_keep_chunks && parse_count_arg("--keep-chunks", opt_keep_chunks,
						&keep_chunks)) ||
	    (opt_keep_size && parse_size_arg("--keep-size", opt_keep_size,
					     &keep_size)) ||
	    (opt_keep_snapshots && parse_count_arg("--keep-snapshots",
						   opt_keep_snapshots,
						   &keep_snapshots)))
		return LTTCTL_USAGE;
	rc = relay_options(o);
	if (rc)
		return rc;
	if (o->live_us && (every || size || keep_chunks || keep_size)) {
		/* as LTTng: a live session does not rotate (doc/relay.md) */
		err("--rotate-every, --rotate-size, --keep-chunks and --keep-size: a live session does not rotate");
		ltt_output_free(o);
		return LTTCTL_USAGE;
	}
	if (keep_snapshots && opt_url && !opt_output) {
		/* snapshots are written in the trace directory */
		err("--keep-snapshots deletes local snapshots: give -o DIR with --set-url");
		ltt_output_free(o);
		return LTTCTL_USAGE;
	}
	if (opt_url && (keep_chunks || keep_size) && !opt_output) {
		/* the relay's archives are on its host, out of lttd's reach */
		err("--keep-chunks and --keep-size delete local archives: give -o DIR with --set-url");
		ltt_output_free(o);
		return LTTCTL_USAGE;
	}
	memset(c, 0, sizeof(*c));
	c->flags = opt_no_statedump ? LTT_SESSION_F_NO_STATEDUMP : 0;
	c->rotate_every_us = every;
	c->rotate_size = size;
	c->keep_chunks = keep_chunks;
	c->keep_size = keep_size;
	c->keep_snapshots = keep_snapshots;
	if (opt_url && !opt_output)
		return 0;	/* to the relay only */
	if (!opt_output) {
		o->dir = default_dir(name, "");
	} else if (strchr(opt_output, '\n')) {
		err("-o: a directory name with a newline is not supported");
		ltt_output_free(o);
		return LTTCTL_USAGE;
	} else {
		o->dir = absolute_path(opt_output);
		if (!o->dir)
			err("-o %s: cannot make it an absolute path: %s",
			    opt_output, strerror(errno));
	}
	if (o->dir)
		return 0;
	ltt_output_free(o);
	return LTTCTL_ERROR;
}
