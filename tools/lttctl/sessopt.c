// SPDX-License-Identifier: GPL-2.0-only
/*
 * The session options of lttctl create and start (one table): the trace
 * directory, --no-statedump, the rotation schedule and the limits on the
 * archived chunks, made the session's directory and configuration
 * (abi.h: SESSION_SET_CONFIG). The value parsers serve
 * enable-rotation too.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lttctl.h"
#include "text.h"

static char *opt_output, *opt_every, *opt_size, *opt_keep_chunks;
static char *opt_keep_size;
static int opt_no_statedump;

const struct poptOption session_options[] = {
	{ "output", 'o', POPT_ARG_STRING, &opt_output, 0,
	  "trace directory (default $HOME/ltt-traces/NAME-DATE-TIME)", "DIR" },
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
	       opt_keep_chunks || opt_keep_size;
}

bool session_options_no_statedump(void)
{
	return opt_no_statedump;
}

int session_options_get(const char *name, char **dir,
			struct ltt_session_config *c)
{
	uint64_t every = 0, size = 0, keep_size = 0;
	uint32_t keep_chunks = 0;

	if ((opt_every && parse_rotate_every("--rotate-every", opt_every, &every)) ||
	    (opt_size && parse_size_arg("--rotate-size", opt_size, &size)) ||
	    (opt_keep_chunks && parse_count_arg("--keep-chunks", opt_keep_chunks,
						&keep_chunks)) ||
	    (opt_keep_size && parse_size_arg("--keep-size", opt_keep_size,
					     &keep_size)))
		return LTTCTL_USAGE;
	memset(c, 0, sizeof(*c));
	c->flags = opt_no_statedump ? LTT_SESSION_F_NO_STATEDUMP : 0;
	c->rotate_every_us = every;
	c->rotate_size = size;
	c->keep_chunks = keep_chunks;
	c->keep_size = keep_size;
	if (!opt_output) {
		*dir = default_dir(name, "");
	} else {
		*dir = absolute_path(opt_output);
		if (!*dir)
			err("-o %s: cannot make it an absolute path: %s",
			    opt_output, strerror(errno));
	}
	return *dir ? 0 : LTTCTL_ERROR;
}
