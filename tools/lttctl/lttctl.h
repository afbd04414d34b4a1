/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lttctl: one file per command (cmd-<verb>.c), each with its own popt
 * table and --help; lttctl.c holds the command table; common.c the helpers
 * every command uses. All ioctls go through tools/lib (ltt-ctl.h).
 */
#ifndef _LTTCTL_H
#define _LTTCTL_H

#include <stdbool.h>
#include <popt.h>
#include "ltt-ctl.h"

enum lttctl_exit {
	LTTCTL_OK	= 0,
	LTTCTL_ERROR	= 1,	/* the command failed */
	LTTCTL_USAGE	= 2,	/* bad command line */
};

#define DEFAULT_SESSION		"trace"
#define DEFAULT_CHANNEL		"kernel"

struct lttctl_cmd {
	const char *name;
	int (*fn)(int argc, const char **argv);
	const char *summary;
};

int cmd_start(int argc, const char **argv);
int cmd_stop(int argc, const char **argv);
int cmd_status(int argc, const char **argv);
int cmd_list(int argc, const char **argv);
int cmd_enable(int argc, const char **argv);
int cmd_disable(int argc, const char **argv);
int cmd_snapshot(int argc, const char **argv);
int cmd_destroy(int argc, const char **argv);
int cmd_mark(int argc, const char **argv);
/* cmd-enable.c: enable and disable */
int events_cmd(int argc, const char **argv, bool enable);

/* common.c */
void err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The --help entry every command has. */
#define HELP_OPTION(var) \
	{ "help", 'h', POPT_ARG_NONE, &(var), 0, "show this help", NULL }

/*
 * Parse a command line. on_opt (may be NULL) gets the options whose val is
 * not 0, with their argument. Positional arguments land in *args (NULL-
 * terminated, owned by pc), between min_args and max_args of them (-1: no
 * limit). Returns -1 to go on, else the exit code to return (after --help:
 * LTTCTL_OK).
 */
int cmd_parse(poptContext pc, const char *usage, const char *desc, int *help,
	      int (*on_opt)(int val, const char *arg, void *ctx), void *ctx,
	      int min_args, int max_args, const char ***args);

/* /dev/ltt opened and handshaken, or an explanation printed: -1. */
int ctl_open(void);
/* The named session, or the only one when name is NULL; prints why not.
 * *resolved (may be NULL) gets its name (static storage). */
int session_open(int ctl, const char *name, const char **resolved);
/* ctl_open() then session_open(): the session fd with *ctl open, or -1
 * with both closed (printed why). */
int ctl_session_open(const char *name, int *ctl, const char **resolved);
/* fn(ctl, name) on every session ("No tracing session." if none): exit
 * code, LTTCTL_ERROR if the list or any fn failed. */
int for_each_session(int ctl, int (*fn)(int ctl, const char *name));
/* $HOME/ltt-traces/<name>-<suffix><date>-<time>, or NULL (printed why) */
char *default_dir(const char *name, const char *suffix);
/* An absolute path for dir (malloc()ed). */
char *absolute_path(const char *dir);
/* Run lttd with these arguments (argv[0] is ignored) and wait for it:
 * its exit status, or -1. */
int run_lttd(const char **argv);
/* Print a session's totals; returns its consumer error (0: none). */
int print_totals(int sfd, const char *indent);
const char *state_name(unsigned int state);

#endif /* _LTTCTL_H */
