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

static const char desc[] =
	"Records TEXT (the arguments joined by spaces) as an ltt_user_mark\n"
	"event in every session that enabled that event. Any user may do so;\n"
	"programs can write to " LTT_MARK_DEV " themselves. Text longer than\n"
	"255 bytes becomes several events.";

int cmd_mark(int argc, const char **argv)
{
	const char **words = NULL;
	size_t len = 0, off = 0;
	int help = 0, rc, fd, i;
	char *text = NULL;
	ssize_t n;
	struct poptOption opts[] = {
		HELP_OPTION(help),
		POPT_TABLEEND
	};
	poptContext pc = poptGetContext("lttctl mark", argc, argv, opts, 0);

	rc = cmd_parse(pc, "[OPTION...] TEXT...", desc, &help, NULL, NULL, 1,
		       -1, &words);
	if (rc >= 0)
		goto out;
	rc = LTTCTL_ERROR;
	for (i = 0; words[i]; i++)
		len += strlen(words[i]) + 1;
	text = malloc(len);
	if (!text) {
		err("out of memory");
		goto out;
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
	poptFreeContext(pc);
	return rc;
}
