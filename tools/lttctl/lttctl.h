/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lttctl: each command is a struct lttctl_cmd defined in cmd-<verb>.c and
 * listed once in commands.def (commands.h for C, made by the Makefile);
 * lttctl.c parses every command's line the same way and dispatches;
 * common.c holds the helpers the commands use.
 * All ioctls go through tools/lib (ltt-ctl.h).
 */
#ifndef _LTTCTL_H
#define _LTTCTL_H

#include <stdbool.h>
#include <stdio.h>
#include <popt.h>
#include "ltt-ctl.h"

enum lttctl_exit {
	LTTCTL_OK	= 0,
	LTTCTL_ERROR	= 1,	/* the command failed */
	LTTCTL_USAGE	= 2,	/* bad command line */
	LTTCTL_PARTLY	= 3,	/* load --all: some files failed, not all */
};

#define DEFAULT_SESSION		"trace"
#define DEFAULT_CHANNEL		"kernel"

/* A parameter a command's run() has to take but does not need. */
#define __always_unused		__attribute__((unused))

/*
 * A command, self-describing: lttctl.c builds its --help and parses its
 * line from this, then calls run(). Option values go into variables of the
 * command's file (lttctl runs one command once, so statics are enough).
 */
struct lttctl_cmd {
	const char *name;
	const char *summary;		/* its line in lttctl --help */
	const char *usage;		/* after "lttctl NAME"; NULL: "[OPTION...]" */
	const char *description;	/* below the options in --help */
	const struct poptOption *options;	/* NULL: none; --help is added */
	/* Called for each option whose val is not 0, with its argument
	 * (may be NULL); non-zero to stop with LTTCTL_USAGE. */
	int (*option)(int val, const char *arg);
	int min_args, max_args;		/* positional arguments; -1: no limit */
	/* args: the positional arguments, NULL-terminated (NULL if none);
	 * returns the exit code. */
	int (*run)(const char **args);
};

#define LTTCTL_CMD(verb) extern const struct lttctl_cmd lttctl_cmd_##verb;
#include "commands.h"
#undef LTTCTL_CMD

/* cmd-enable.c, for lttctl disable too: the options and the work. */
extern const struct poptOption events_options[];
int events_run(const char **events, bool enable);
/* filter.c: lttc_event_enable() with --filter's expression; -ECANCELED:
 * the error was said */
int filter_enable(int ctl, int cfd, const char *pattern, const char *expr);
/* The program of --filter EXPR for the events pattern matches, checked
 * as filter_enable() checks it: 0 (ltt_filter_prog_free() it after), or
 * -ECANCELED (said). For lttctl trigger add. */
struct ltt_filter_prog;
int filter_prepare(int ctl, const char *pattern, const char *expr,
		   struct ltt_filter_prog *p);
int filter_check(const char *expr);
/* lttctl status: the filters of channel cfd's rules, a line each */
void filters_show(int cfd, const char *indent);

/* track.c: the tracker options of track, untrack and start */
extern const struct poptOption tracker_options[];
extern const struct poptOption tracker_all_option[];
int tracker_option(int val, const char *arg);
bool trackers_given(void);
int trackers_apply(int sfd, bool add);
const char *cgroup2_mount(void);
char *cgroup_path_of(uint64_t id);
/* lttctl status: the sets of session sfd that are not "all", as text
 * lines, or as the session object's JSON members */
struct json;
void trackers_show(int sfd);
void trackers_json(int sfd, struct json *j);

/* probe.c: dynamic probes, for lttctl enable and status */
extern const struct poptOption probe_options[];
int probe_option(int val, const char *arg);
bool probe_requested(void);
/* The events probe_create() made: their number, their names in *names. */
int probe_names(const char (**names)[LTT_EVENT_NAME_LEN]);
/* Their filter: @user (--filter), with --pid's test when given. */
const char *probe_filter(const char *user);
/* Create the probes the options ask for; 0, or -1 (printed why). */
int probe_create(int sfd);
/* lttctl status: the session's probes, if any. */
void probe_show(int sfd);
/* Function probes (function.c): --function, --exclude, --no-return. */
extern int opt_no_return;
int function_option(int val, const char *arg);
bool function_requested(void);
int function_create(int sfd, int (*add)(const char *name));
int function_list(const char *pattern);
/* tracefs.c: the kernel's tracepoints from tracefs (issue 38) */
extern bool tracefs_quiet;
const char *tracefs_events_dir(void);
bool tracefs_group_skipped(const char *group);
int tracefs_event_find(const char *spec, char *group, size_t gsize,
		       char *event, size_t esize);
int tracefs_event_read(const char *group, const char *event, uint32_t *id,
		       struct ltt_tp_field *f, unsigned int cap,
		       char *skipped, size_t ssize);
int tracefs_probe_create(int sfd, const char *spec, bool force,
			 char *name_out, size_t nsize);
bool tracefs_pattern(const char *spec);
int tracefs_pattern_create(int sfd, const char *pattern, char ***enable_out);

/* chanopt.c: the channel options of create, enable-channel and start */
extern const struct poptOption channel_options[];
/* --context (val 'C'); 0 for another val; -1 after an error (said) */
int channel_option(int val, const char *arg);
bool channel_options_given(void);
/* The channel args from the options (defaults for the others): 0, or -1
 * after a bad value (said: exit LTTCTL_USAGE). */
int channel_options_args(struct ltt_channel_args *a, const char *name);
/* A context field's name (LTT_CONTEXT_*), NULL past the last; the names
 * of the fields of bits, comma-separated (malloc()ed, NULL: no memory). */
const char *context_name(unsigned int id);
char *context_list(uint64_t bits);

/* sessopt.c: the session options of create and start */
extern const struct poptOption session_options[];
bool session_options_given(void);
bool session_options_no_statedump(void);
/* Where the trace goes (o: -o, else default_dir() unless --set-url;
 * ltt_output_free() it) and the configuration the options give: 0, or
 * the exit code after an error (said). */
int session_options_get(const char *name, struct ltt_output *o,
			struct ltt_session_config *c);
/* "DIR", "the relay URL[, live every P]", "DIR and the relay URL" */
const char *output_describe(const struct ltt_output *o, char *buf,
			    size_t len);
#define OUTPUT_DESCRIBE_LEN	8400
/* What lttd reports of its relay connection, as text lines with indent,
 * or into j: 0, 1 (the relay did not get everything), or -errno (the
 * report could not be read). */
struct json;
int relay_report(const char *session, const struct ltt_output *o,
		 const char *indent, struct json *j);
/* What reached the relay and what was lost, from the counters (stop) */
void relay_accounting(int sfd, const char *session,
		      const struct ltt_output *o, const char *indent,
		      struct json *j);
/* Option values, checked (opt names the option in the message): 0, or
 * -1 (said). A duration needs its unit and is at least 1 s; a size and
 * a count are above 0. */
int parse_rotate_every(const char *opt, const char *s, uint64_t *us);
int parse_size_arg(const char *opt, const char *s, uint64_t *v);
int parse_count_arg(const char *opt, const char *s, uint32_t *n);

/* session.c: steps shared by the commands that make and start sessions */
/* SESSION_GET_CONFIG; from a module older than ABI 1.7, which has none,
 * what its sessions were: ONESHOT. 0 or -errno. */
int session_config(int sfd, struct ltt_session_config *c);
/* made by start in one step, so that stop destroys it */
bool session_is_oneshot(int sfd);
/* Create session name writing to dir, with configuration c: its fd, or
 * -1 (said; nothing left behind). */
int session_new(int ctl, const char *name, const struct ltt_output *o,
		const struct ltt_session_config *c);
/*
 * A refused session leaves no directory behind: dirs_missing(dir) is the
 * topmost directory of dir that does not exist yet (malloc()ed; NULL
 * when dir exists), which session_new() would make; dirs_remove(dir,
 * top) removes dir and its parents up to top while they are empty.
 */
char *dirs_missing(const char *dir);
void dirs_remove(const char *dir, const char *top);
/* Create channel a; the session's first channel gets the rule enable
 * lttng_statedump_* first, unless the session has NO_STATEDUMP. The
 * channel's fd, or -1 (said). */
int channel_add(int sfd, const char *session, const struct ltt_channel_args *a);
/* The rule enable (record) or disable lttng_statedump_*: 0, -1 (said). */
int statedump_rule(int cfd, bool record);
/* r is the rule channel_add() puts first */
bool is_statedump_rule(const struct ltt_rule_entry *r);
/* lttd --daemon on session name: 0, or -1 (said). */
int consumer_launch(const char *name);
/* lttd --serve --daemon on session name (its triggers' snapshots, no
 * drain): 0, or -1 (said). */
int serve_launch(const char *name);
/* lttd --ship --daemon on session name (what waits in its spool, shipped
 * to its relay, then the end): 0, or -1 (said). */
int ship_launch(const char *name);
/* Does a channel of session sfd drain to lttd (not a flight recorder)? */
bool session_has_discard_channel(int sfd, unsigned int nr_channels);
/* The actions of session sfd's triggers: 1 << LTT_TRIGGER_ACT_* each. */
unsigned int session_trigger_actions(int sfd);

/* wait.c: waiting for lttd. wait_on_disk: 0 once the stopped session's
 * trace is on disk (or with the relay), 1 if the consumer went away
 * first, 2 if relay_session (a session whose trace goes to a relay only,
 * else NULL) lost its relay and lttd did not get it back for
 * RELAY_WAIT_S seconds, -errno.
 * wait_detached: 0 once no consumer is attached, -errno. wait_rotation:
 * until request id is done (what: for the message if it takes long):
 * 0 with *error its error and *archive (malloc()ed, NULL when a later
 * request was done before we looked), -EPIPE when the consumer went
 * away first, -errno. */
#define RELAY_WAIT_S	15
int wait_on_disk(int sfd, const char *relay_session);
int wait_detached(int sfd);
int wait_rotation(int sfd, uint64_t id, const char *what, int *error,
		  char **archive);

/* cmd-rotate.c, for clear too: ROTATE with flags (LTT_ROTATE_*), then
 * wait until lttd did it: 0 with *archive (malloc()ed; NULL when a
 * later request was done before we looked; "" for a clear); -ENOTCONN,
 * no lttd attached (not said); -1 (said). */
int rotate_request(int sfd, const char *name, unsigned int flags,
		   char **archive);

/* cmd-enable-rotation.c, for status too: "every 1h, at 500M; keeping 24
 * chunks, 10G of archives" */
void rotation_describe(const struct ltt_session_config *c, char *buf,
		       size_t len);

/* save.c: session sfd's configuration as lttctl command lines into f
 * (ltt-session(5)): 0; 1 when something could not be saved (said in a
 * comment and on stderr); -1 (said). */
int save_session(FILE *f, int sfd, const char *name);

/* sessfile.c: a session file read (ltt-session(5)) */
struct sessfile {
	const char *path;
	const char *name;		/* the session create makes */
	struct sessline {
		int lineno;		/* from 1 */
		int argc;
		const char **argv;	/* the command's words */
	} *lines;			/* lines[0] is create */
	int nr;
	char **owned;			/* words rewritten (timers), to free */
	int nr_owned;
};
/* Read and check path into sf (sessfile_free() after): 0, or -1 after
 * the first bad line (said: "FILE:LINE: ..."). */
int sessfile_read(const char *path, struct sessfile *sf);
void sessfile_free(struct sessfile *sf);
/* The DIR/ *.ltt files, sorted, in *paths (malloc()ed strings in a
 * malloc()ed array): their number, or -1 (said). */
int sessfile_glob(const char *dir, char ***paths);
/* The names of the sessions that DIR/ *.ltt create, the same way (the
 * files that cannot be read are said and left out): their number, or
 * -1 (said). */
int saved_sessions(const char *dir, char ***names);

/* lttctl.c: run command argv[0] with its arguments (load runs each line
 * of a file so): the exit code. */
int lttctl_run(int argc, const char **argv);

/* common.c */
void err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* -k, LTTng's kernel domain: accepted, the only one there is */
extern const struct poptOption kernel_options[];
#define KERNEL_OPTION \
	{ NULL, 0, POPT_ARG_INCLUDE_TABLE, (void *)kernel_options, 0, NULL, NULL }
/* "a,b" and "c": the words of words split on commas, empty ones left
 * out (malloc()ed array of malloc()ed strings, NULL-terminated; free
 * with words_free()), or NULL (out of memory, said). */
char **split_commas(const char *const *words);
void words_free(char **words);
/* The event of system call name (its first len characters): sys_NAME,
 * as it is when it starts with sys_ or compat_sys_ (malloc()ed), or NULL
 * (said). For --syscall. */
char *syscall_event(const char *name, size_t len);

/* The -s option of the commands that act on one existing session. */
#define SESSION_OPTION(var) \
	{ "session", 's', POPT_ARG_STRING, &(var), 0, \
	  "session (default: the only one)", "NAME" }

/* /dev/ltt opened and handshaken, or an explanation printed: -1. */
int ctl_open(void);
/* The named session, or the only one when name is NULL; prints why not.
 * *resolved (may be NULL) gets its name (static storage). */
int session_open(int ctl, const char *name, const char **resolved);
/* ctl_open() then session_open(): the session fd with *ctl open, or -1
 * with both closed (printed why). */
int ctl_session_open(const char *name, int *ctl, const char **resolved);
/* The same, once the module is checked to have ABI 1.MINOR, which WHAT
 * (plural: "triggers") needs; said when it has not. */
int ctl_session_open_minor(const char *name, unsigned int minor,
			   const char *what, int *ctl, const char **resolved);
/*
 * destroy and clear without a name: true (said) when the only session,
 * sfd, is not one that lttctl start made in one step, which such a
 * command must not hit by accident (exit LTTCTL_USAGE).
 */
bool kept_unnamed(int sfd, const char *name, const char *verb);
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
/* Print a session's totals: 0; 1 when lttd dropped packets or reported
 * an error (printed too); -errno when they cannot be read (said). */
int print_totals(int sfd, const char *indent);
const char *state_name(unsigned int state);

/* pmem.c: the persistent region, for status, recover and the channels */
struct json;
void pmem_status_show(int ctl);
void pmem_status_json(int ctl, struct json *j);
const char *pmem_channel_error(int ret);
const char *pmem_drop_reason(unsigned int i);
const char *pmem_date(uint64_t ns, char *buf, size_t len);
/* cmd-recover.c: st's trace into dir (new or empty), the region freed */
int pmem_recover_to(int ctl, const char *dir, const struct ltt_pmem_status *st);

/* cmd-snapshot.c, for trigger wait too: lttd --snapshot of session name
 * into dir (absolute), its messages on stderr: 0, or -1 (said). */
int snapshot_write(const char *name, const char *dir);
/* The snapshot-N-* directories of output beyond session sfd's limits
 * removed, never kept (the one just written): warns on an error. */
void snapshot_prune(int sfd, const char *output, const char *kept);

/* trigger-show.c: a session's triggers for lttctl status and trigger
 * list: a line or two each, or a "triggers" member of the session's JSON
 * object (null when the module has none); and for lttctl save, each as
 * the words of its "trigger add" line. */
void triggers_show(int sfd, const char *indent);
void triggers_json(int sfd, struct json *j);

/* version.c: lttctl --version */
int print_version(void);

#endif /* _LTTCTL_H */
