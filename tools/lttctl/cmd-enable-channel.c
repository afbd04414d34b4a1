// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl enable-channel: add channels to a session before its first
 * start (LTTng's lttng enable-channel).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"
#include "text.h"

static const char description[] =
	"Creates channel CHANNEL (several: CHAN,CHAN,...) in session NAME, with\n"
	"its own per-CPU buffers of --num-subbuf sub-buffers of --subbuf-size\n"
	"bytes (default 4 x 1M), its own losses, and its own files in the\n"
	"trace: a high-rate channel for system calls and a small one for the\n"
	"scheduler, say. Before the session's first start only. Record events\n"
	"in it with lttctl enable -c CHANNEL. The session's first channel also\n"
	"records the state dump, unless the session was created with\n"
	"--no-statedump.\n"
	"--tracefile-size cuts each CPU's stream into files of at most SIZE\n"
	"(CHANNEL_CPU_0, CHANNEL_CPU_1, ..., at packet boundaries, at least one\n"
	"sub-buffer each); with --tracefile-count N, only the N newest are kept\n"
	"(the oldest is replaced). What remains reads as a trace, the deleted\n"
	"packets counted as discarded.";

static char *opt_session;

static const struct poptOption options[] = {
	SESSION_OPTION(opt_session),
	KERNEL_OPTION,
	{ NULL, 0, POPT_ARG_INCLUDE_TABLE, (void *)channel_options, 0, NULL, NULL },
	POPT_TABLEEND
};

/* "discard, 4 x 1.0 MiB per CPU, files of 64M, 3 kept" */
static void describe(const struct ltt_channel_args *a)
{
	char sz[32], tf[32];

	printf("%s, %u x %s per CPU", a->mode == LTT_MODE_OVERWRITE ?
	       "overwrite" : "discard", a->num_subbuf,
	       ltt_fmt_bytes(a->subbuf_size, sz, sizeof(sz)));
	if (a->tracefile_size)
		printf(", files of %s", ltt_fmt_bytes(a->tracefile_size, tf, sizeof(tf)));
	if (a->tracefile_count)
		printf(", %llu kept", (unsigned long long)a->tracefile_count);
}

static int run_enable_channel(const char **args)
{
	struct ltt_channel_args a;
	char *names, *name, *save = NULL;
	int ctl, sfd, cfd, rc = LTTCTL_OK;
	const char *session;

	names = strdup(args[0]);
	if (!names) {
		err("out of memory");
		return LTTCTL_ERROR;
	}
	/* the values once (a warning once), then each name in its turn */
	if (channel_options_args(&a, "")) {
		free(names);
		return LTTCTL_USAGE;
	}
	for (name = strtok_r(names, ",", &save); name;
	     name = strtok_r(NULL, ",", &save))
		if (strlen(name) >= sizeof(a.name)) {
			err("channel name '%s' is longer than %d characters",
			    name, LTT_NAME_LEN - 1);
			free(names);
			return LTTCTL_USAGE;
		}
	sfd = ctl_session_open(opt_session, &ctl, &session);
	if (sfd < 0) {
		free(names);
		return LTTCTL_ERROR;
	}
	strcpy(names, args[0]);
	for (name = strtok_r(names, ",", &save); name && rc == LTTCTL_OK;
	     name = strtok_r(NULL, ",", &save)) {
		strcpy(a.name, name);
		cfd = channel_add(sfd, session, &a);
		if (cfd < 0) {
			rc = LTTCTL_ERROR;
			break;
		}
		close(cfd);
		printf("Channel %s created in session %s: ", name, session);
		describe(&a);
		printf("\n");
	}
	free(names);
	close(sfd);
	close(ctl);
	return rc;
}

const struct lttctl_cmd lttctl_cmd_enable_channel = {
	.name		= "enable-channel",
	.summary	= "add a channel to a session",
	.usage		= "[OPTION...] CHANNEL[,CHANNEL...]",
	.description	= description,
	.options	= options,
	.option		= channel_option,
	.min_args	= 1,
	.max_args	= 1,
	.run		= run_enable_channel,
};
