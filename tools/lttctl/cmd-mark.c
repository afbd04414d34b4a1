// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl mark: record a text event (ltt_user_mark, with this process's
 * pid) in every session that enabled it, through /dev/ltt-mark.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"

static const char description[] =
	"Records TEXT (the arguments joined by spaces) as an ltt_user_mark\n"
	"event in every session that enabled that event. Any user may do so;\n"
	"programs can write to " LTT_MARK_DEV " themselves. Text longer than\n"
	"255 bytes becomes several events.";

/* words: the TEXT arguments, at least one */
static int run_mark(const char **words)
{
	size_t len = 0, off = 0;
	int rc = LTTCTL_ERROR, fd, i;
	char *text;
	ssize_t n;

	for (i = 0; words[i]; i++)
		len += strlen(words[i]) + 1;
	text = malloc(len);
	if (!text) {
		err("out of memory");
		return LTTCTL_ERROR;
	}
	for (i = 0; words[i]; i++)
		off += sprintf(text + off, "%s%s", i ? " " : "", words[i]);
	fd = open(LTT_MARK_DEV, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		err("cannot open %s: %s%s", LTT_MARK_DEV, strerror(errno),
		    errno == ENOENT ? " (load the tracer: modprobe ltt)" : "");
		goto out;
	}
	n = write(fd, text, off);
	if (n < 0)
		err("cannot write to %s: %s", LTT_MARK_DEV, strerror(errno));
	else
		rc = LTTCTL_OK;
	close(fd);
out:
	free(text);
	return rc;
}

const struct lttctl_cmd lttctl_cmd_mark = {
	.name		= "mark",
	.summary	= "record a text event in the trace",
	.usage		= "[OPTION...] TEXT...",
	.description	= description,
	.min_args	= 1,
	.max_args	= -1,
	.run		= run_mark,
};
