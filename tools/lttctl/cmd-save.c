// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl save: write a session's configuration to a file of lttctl
 * command lines (save.c writes them; ltt-session(5) is the format), that
 * lttctl load replays (LTTng's lttng save, in lttctl's own words).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "lttctl.h"

static const char description[] =
	"Writes the configuration of session NAME (default: the only one) to\n"
	"FILE (default $HOME/.ltt/sessions/NAME.ltt; - for standard output):\n"
	"the lttctl commands that make it again, one a line, as lttctl load\n"
	"replays them: create with its directory and rotation, enable-channel\n"
	"for each channel with all its options, the rules of each channel in\n"
	"the order they apply (enable with their --filter, disable), the\n"
	"dynamic probes they record, the trackers, the triggers (they belong to\n"
	"the session here, and are saved with it; LTTng saves its triggers\n"
	"apart). What the kernel does not tell (the --fetch of a probe) is left\n"
	"out, said in a comment and on stderr, and the exit status is 1.\n"
	"ltt-session(5) describes the format. Saved into /etc/ltt/sessions/, a\n"
	"session is recorded from boot by the ltt service (doc/always-on.md).";

static char *opt_session, *opt_output;
static int opt_force;

static const struct poptOption options[] = {
	SESSION_OPTION(opt_session),
	{ "output", 'o', POPT_ARG_STRING, &opt_output, 0,
	  "the file (- for standard output)", "FILE" },
	{ "force", 'f', POPT_ARG_NONE, &opt_force, 0,
	  "replace FILE if it exists", NULL },
	POPT_TABLEEND
};

/* $HOME/.ltt/sessions/NAME.ltt (malloc()ed), or NULL (said). */
static char *default_file(const char *name)
{
	const char *home = getenv("HOME");
	char *path;

	if (!home || home[0] != '/') {
		err("HOME is not set to an absolute path: give -o FILE");
		return NULL;
	}
	if (asprintf(&path, "%s/.ltt/sessions/%s.ltt", home, name) < 0) {
		err("out of memory");
		return NULL;
	}
	return path;
}

/*
 * Save into path through a temporary file renamed over it, so that a
 * reader (the service at boot) never sees half a file: as save_session().
 */
static int save_file(int sfd, const char *name, const char *path)
{
	char *tmp = NULL, *dir = strdup(path), *slash;
	int fd = -1, ret = -1;
	FILE *f = NULL;
	struct stat st;

	if (!dir || asprintf(&tmp, "%s.XXXXXX", path) < 0) {
		err("out of memory");
		goto out;
	}
	if (!opt_force && !stat(path, &st)) {
		err("%s exists (-f replaces it)", path);
		goto out;
	}
	slash = strrchr(dir, '/');
	if (slash && slash != dir) {
		*slash = '\0';
		ret = ltt_mkdirs(dir);
		if (ret < 0) {
			err("cannot create %s: %s", dir, strerror(-ret));
			ret = -1;
			goto out;
		}
		ret = -1;
	}
	fd = mkstemp(tmp);
	if (fd < 0 || fchmod(fd, 0644) || !(f = fdopen(fd, "w"))) {
		err("cannot write %s: %s", fd < 0 ? tmp : path, strerror(errno));
		goto out;
	}
	fd = -1;
	ret = save_session(f, sfd, name);
	if (fflush(f) || fsync(fileno(f)) || ferror(f)) {
		err("cannot write %s: %s", tmp, strerror(errno));
		ret = -1;
	}
	if (fclose(f) && ret >= 0) {
		err("cannot write %s: %s", tmp, strerror(errno));
		ret = -1;
	}
	f = NULL;
	if (ret >= 0 && rename(tmp, path)) {
		err("cannot rename %s to %s: %s", tmp, path, strerror(errno));
		ret = -1;
	}
	if (ret < 0)
		unlink(tmp);
out:
	if (fd >= 0) {
		close(fd);
		unlink(tmp);
	}
	if (f) {
		fclose(f);
		unlink(tmp);
	}
	free(tmp);
	free(dir);
	return ret;
}

static int run_save(const char **args __always_unused)
{
	const char *name;
	char *path = NULL;
	int ctl, sfd, ret;

	sfd = ctl_session_open(opt_session, &ctl, &name);
	if (sfd < 0)
		return LTTCTL_ERROR;
	if (opt_output && !strcmp(opt_output, "-")) {
		ret = save_session(stdout, sfd, name);
	} else {
		path = opt_output ? strdup(opt_output) : default_file(name);
		ret = path ? save_file(sfd, name, path) : -1;
		if (ret >= 0)
			printf("Session %s saved to %s%s\n", name, path,
			       ret ? ", without what its comments say" : "");
	}
	free(path);
	close(sfd);
	close(ctl);
	return ret ? LTTCTL_ERROR : LTTCTL_OK;
}

const struct lttctl_cmd lttctl_cmd_save = {
	.name		= "save",
	.usage		= "[OPTION...] [NAME]",
	.summary	= "write a session's configuration to a file",
	.description	= description,
	.options	= options,
	.run		= run_save,
};
