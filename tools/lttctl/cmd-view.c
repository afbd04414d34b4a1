// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl view: run ltt-view (tools/view, Python with babeltrace2's
 * bindings) on a trace directory. The drawing lives there; this command
 * only finds the program and passes the options on.
 */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"

static const char description[] =
	"Writes the trace in DIR as one self-contained HTML page (a timeline\n"
	"per CPU: threads, system calls, interrupts, marks, lost events; zoom,\n"
	"pan, hover; summaries per CPU and per process), or as Chrome trace-\n"
	"event JSON for ui.perfetto.dev, beside the trace directory (DIR.html,\n"
	"DIR.json), never into it: a file there is a stray stream to\n"
	"babeltrace2. Runs ltt-view: installed beside lttctl, else found on\n"
	"PATH.";

static char *opt_output;
static char *opt_format;
static int opt_quiet;

static const struct poptOption options[] = {
	{ "output", 'o', POPT_ARG_STRING, &opt_output, 0,
	  "where to write (default DIR.html or DIR.json, beside the trace)", "FILE" },
	{ "format", 0, POPT_ARG_STRING, &opt_format, 0,
	  "html (default) or perfetto", "FORMAT" },
	{ "quiet", 'q', POPT_ARG_NONE, &opt_quiet, 0,
	  "print nothing but errors", NULL },
	POPT_TABLEEND
};

/* exec ltt-view at DIR/REL if it is there (returns if not) */
static void try_exec(const char *dir, const char *rel, char **argv)
{
	char path[PATH_MAX];

	if (snprintf(path, sizeof(path), "%s/%s", dir, rel) >= (int)sizeof(path))
		return;
	if (access(path, X_OK) == 0)
		execv(path, argv);
}

static int run_view(const char **args)
{
	char exe[PATH_MAX], fmt[64], *argv[8], *dir;
	ssize_t n;
	int i = 0;

	if (opt_format && strcmp(opt_format, "html") &&
	    strcmp(opt_format, "perfetto")) {
		err("--format: %s: html or perfetto", opt_format);
		return LTTCTL_USAGE;
	}
	argv[i++] = "ltt-view";
	if (opt_output) {
		argv[i++] = "-o";
		argv[i++] = opt_output;
	}
	if (opt_format) {
		snprintf(fmt, sizeof(fmt), "--format=%s", opt_format);
		argv[i++] = fmt;
	}
	if (opt_quiet)
		argv[i++] = "-q";
	argv[i++] = "--";
	argv[i++] = (char *)args[0];
	argv[i] = NULL;

	/* installed: beside lttctl; in the source tree: tools/view */
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		dir = dirname(exe);
		try_exec(dir, "ltt-view", argv);
		try_exec(dir, "../view/ltt-view", argv);
	}
	execvp("ltt-view", argv);
	err("cannot run ltt-view: %s%s", strerror(errno),
	    errno == ENOENT ? " (install it with make install)" : "");
	return LTTCTL_ERROR;
}

const struct lttctl_cmd lttctl_cmd_view = {
	.name		= "view",
	.summary	= "draw a trace as an HTML timeline (or Perfetto JSON)",
	.usage		= "[OPTION...] DIR",
	.description	= description,
	.options	= options,
	.min_args	= 1,
	.max_args	= 1,
	.run		= run_view,
};
