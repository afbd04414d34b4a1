// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl load: make a session again from the file lttctl save wrote
 * (ltt-session(5)), each line run as that lttctl command, in a child of
 * its own so that every command starts from its pristine options; the
 * session is destroyed if a line fails. With --all DIR, every DIR/ *.ltt
 * (the ltt service at boot).
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "lttctl.h"

static const char description[] =
	"Makes the session of FILE again (or of NAME, the file lttctl save -s\n"
	"NAME wrote: $HOME/.ltt/sessions/NAME.ltt, else\n"
	"/etc/ltt/sessions/NAME.ltt), a file of lttctl commands as lttctl\n"
	"save writes it (ltt-session(5)): its first line, create NAME ..., then\n"
	"the lines that configure it (enable-channel, enable, disable, track,\n"
	"untrack, enable-rotation, disable-rotation, hist add, latency add,\n"
	"trigger add), each run as\n"
	"that lttctl command on that session. At the first line that fails,\n"
	"says FILE:LINE: and why, and destroys the half-made session. With\n"
	"--start, starts the session once made. --override-name makes it under\n"
	"another name. With --all, DIR is a directory: every DIR/*.ltt in name\n"
	"order, each on its own: a file that fails is named with its reason and\n"
	"does not stop the others; the exit status is then 3 when the other\n"
	"sessions were made, 1 when none was. --state FILE writes the name of\n"
	"each session this run made to FILE, one a line (lttctl destroy --saved\n"
	"DIR --state FILE ends those only). What the ltt service runs at boot\n"
	"with /etc/ltt/sessions and /run/ltt/saved-sessions. With --all, a\n"
	"session with a --persistent channel, while the persistent region holds\n"
	"a crashed boot's trace (which would refuse the channel), first has\n"
	"that trace recovered into its trace directory as recovered-BOOT_ID/\n"
	"(as lttctl recover -o writes it), the oldest of these deleted beyond\n"
	"the session's --keep-chunks/--keep-size. With --all --start, the boot\n"
	"session (ltt.boot_session=, ltt(7)), when it records in discard mode\n"
	"to a directory that no lttd writes, gets its lttd; a flight recorder\n"
	"with a snapshot trigger that nothing serves, lttd --serve.";

static char *opt_name, *opt_state;
static int opt_start, opt_all;
static FILE *state;	/* --state FILE, open while loading */

static const struct poptOption options[] = {
	{ "start", 0, POPT_ARG_NONE, &opt_start, 0,
	  "start the session once made", NULL },
	{ "override-name", 0, POPT_ARG_STRING, &opt_name, 0,
	  "make the session under this name", "NAME" },
	{ "all", 'a', POPT_ARG_NONE, &opt_all, 0,
	  "load every DIR/*.ltt (the argument is a directory)", NULL },
	{ "state", 0, POPT_ARG_STRING, &opt_state, 0,
	  "write the names of the sessions made to FILE", "FILE" },
	POPT_TABLEEND
};

/*
 * Copy the child's messages to stderr, "FILE:LINE: " after their
 * "lttctl: " so that the user knows which line said it (lineno 0: the
 * file as a whole).
 */
static void relay(int fd, const char *path, int lineno)
{
	char *line = NULL;
	size_t cap = 0;
	FILE *f = fdopen(fd, "r");

	if (!f) {
		close(fd);
		return;
	}
	while (getline(&line, &cap, f) > 0) {
		const char *msg = line;

		if (!strncmp(msg, "lttctl: ", 8))
			msg += 8;
		if (lineno)
			fprintf(stderr, "lttctl: %s:%d: %s", path, lineno, msg);
		else
			fprintf(stderr, "lttctl: %s: %s", path, msg);
	}
	free(line);
	fclose(f);
}

/*
 * Run the command argv in a child, its output to /dev/null unless
 * show, its messages through relay(): its exit code.
 */
static int run_child(int argc, const char **argv, bool show,
		     const char *path, int lineno)
{
	int pipefd[2], status, null;
	pid_t pid;

	if (pipe(pipefd)) {
		err("pipe: %s", strerror(errno));
		return LTTCTL_ERROR;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		err("fork: %s", strerror(errno));
		close(pipefd[0]);
		close(pipefd[1]);
		return LTTCTL_ERROR;
	}
	if (pid == 0) {
		close(pipefd[0]);
		dup2(pipefd[1], STDERR_FILENO);
		close(pipefd[1]);
		null = show ? -1 : open("/dev/null", O_WRONLY);
		if (null >= 0) {
			dup2(null, STDOUT_FILENO);
			close(null);
		}
		exit(lttctl_run(argc, argv));
	}
	close(pipefd[1]);
	relay(pipefd[0], path, lineno);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			err("waitpid: %s", strerror(errno));
			return LTTCTL_ERROR;
		}
	return WIFEXITED(status) ? WEXITSTATUS(status) : LTTCTL_ERROR;
}

/* Line l of sf as the command to run on session name (malloc()ed). */
static const char **line_argv(const struct sessline *l, const char *name,
			      int *argc)
{
	const char **argv = calloc(l->argc + 3, sizeof(*argv));
	int i, n = 0;

	if (!argv)
		return NULL;
	argv[n++] = l->argv[0];
	if (!strcmp(l->argv[0], "create")) {
		argv[n++] = name;	/* --override-name */
		i = 2;
	} else {
		argv[n++] = "-s";
		argv[n++] = name;
		i = 1;
	}
	for (; i < l->argc; i++)
		argv[n++] = l->argv[i];
	*argc = n;
	return argv;
}

/* Destroy the session the file was making (its lines failed). */
static void undo(const char *name)
{
	int ctl = lttc_open(), sfd;

	if (ctl < 0)
		return;
	sfd = lttc_session_open(ctl, name);
	if (sfd >= 0) {
		lttc_session_destroy(sfd);
		close(sfd);
	}
	close(ctl);
}

/* A line of sf makes a --persistent channel. */
static bool persistent(const struct sessfile *sf)
{
	int i, j;

	for (i = 0; i < sf->nr; i++)
		for (j = 1; j < sf->lines[i].argc; j++)
			if (!strcmp(sf->lines[i].argv[j], "--persistent"))
				return true;
	return false;
}

/*
 * --all, the service after a crash: session name (just made) has a
 * --persistent channel, which the kernel refuses while the region holds
 * the crashed boot's trace. Recover that trace into the session's trace
 * directory as recovered-<boot id>/ (what lttctl recover -o writes), so
 * that the channel is made and the session starts. *dir: that directory
 * (malloc()ed), NULL when nothing was recovered. 0, or -1 (said).
 */
static int recover_first(const char *name, char **dir)
{
	struct ltt_pmem_status st;
	struct ltt_output o = { 0 };
	const uint8_t *b;
	int ctl, sfd, ret = 0;
	char id[40];

	*dir = NULL;
	ctl = lttc_open();
	if (ctl < 0)
		return 0;	/* the lines say */
	if (lttc_pmem_status(ctl, &st) < 0 ||
	    st.state != LTT_PMEM_STATE_RECOVERED)
		goto out;
	sfd = lttc_session_open(ctl, name);
	if (sfd >= 0) {
		ltt_output_get(sfd, &o);
		close(sfd);
	}
	if (!o.dir) {
		err("session %s has a --persistent channel, and the persistent region holds the trace of a crash (session %s) that it has no trace directory to recover into: lttctl recover -o DIR first",
		    name, st.session);
		ret = -1;
		goto out;
	}
	b = st.boot_id;
	if (memcmp(b, "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 16))
		snprintf(id, sizeof(id),
			 "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
			 b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8],
			 b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
	else	/* a writer that did not know it: its boot's time */
		snprintf(id, sizeof(id), "%llu",
			 (unsigned long long)(st.boot_time / 1000000000));
	if (asprintf(dir, "%s/recovered-%s", o.dir, id) < 0) {
		*dir = NULL;
		err("out of memory");
		ret = -1;
		goto out;
	}
	if (ltt_mkdirs(o.dir) < 0 || pmem_recover_to(ctl, *dir, &st)) {
		err("session %s: the persistent region's trace could not be recovered into %s",
		    name, *dir);
		free(*dir);
		*dir = NULL;
		ret = -1;
	}
out:
	ltt_output_free(&o);
	close(ctl);
	return ret;
}

struct recovered {
	char name[256];
	time_t mtime;
	uint64_t bytes;
};

static int by_mtime(const void *a, const void *b)
{
	const struct recovered *x = a, *y = b;

	return x->mtime < y->mtime ? -1 : x->mtime > y->mtime ? 1 :
	       strcmp(x->name, y->name);
}

/* A recovered-* directory: files only, as pmem_recover_to() writes it. */
static uint64_t dir_bytes(const char *path, bool remove)
{
	char p[4096];
	struct dirent *de;
	struct stat sb;
	uint64_t n = 0;
	DIR *d = opendir(path);

	if (!d)
		return 0;
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..") ||
		    snprintf(p, sizeof(p), "%s/%s", path, de->d_name) >= (int)sizeof(p))
			continue;
		if (!stat(p, &sb))
			n += (uint64_t)sb.st_blocks * 512;
		if (remove)
			unlink(p);
	}
	closedir(d);
	if (remove)
		rmdir(path);
	return n;
}

/*
 * The recovered-* directories of the session's trace directory (that of
 * kept, just written, included) within its keep limits, if it has any:
 * the oldest go first, kept never.
 */
static void recovered_prune(const char *name, const char *kept)
{
	struct ltt_session_config c;
	struct recovered *v = NULL, *nv;
	const char *slash = strrchr(kept, '/');
	char top[4096], p[4400];
	struct dirent *de;
	struct stat sb;
	uint64_t total = 0;
	int ctl, sfd, n = 0, i, ret = -1;
	bool shipping = false;
	DIR *d;

	ctl = lttc_open();
	if (ctl < 0)
		return;
	sfd = lttc_session_open(ctl, name);
	if (sfd >= 0) {
		struct ltt_output o = { 0 };

		ret = lttc_session_get_config(sfd, &c);
		shipping = !ltt_output_get(sfd, &o) && o.url;
		ltt_output_free(&o);
		close(sfd);
	}
	close(ctl);
	if (ret < 0 || (!c.keep_chunks && !c.keep_size))
		return;
	snprintf(top, sizeof(top), "%.*s", (int)(slash - kept), kept);
	d = opendir(top);
	while (d && (de = readdir(d))) {
		if (strncmp(de->d_name, "recovered-", 10) ||
		    snprintf(p, sizeof(p), "%s/%s", top, de->d_name) >= (int)sizeof(p) ||
		    stat(p, &sb) || !S_ISDIR(sb.st_mode))
			continue;
		nv = realloc(v, (n + 1) * sizeof(*v));
		if (!nv)
			break;
		v = nv;
		snprintf(v[n].name, sizeof(v[n].name), "%s", de->d_name);
		v[n].mtime = sb.st_mtime;
		v[n].bytes = dir_bytes(p, false);
		total += v[n].bytes;
		n++;
	}
	if (d)
		closedir(d);
	if (n)
		qsort(v, n, sizeof(*v), by_mtime);
	for (i = 0; i < n; i++) {
		if ((!c.keep_chunks || (unsigned int)(n - i) <= c.keep_chunks) &&
		    (!c.keep_size || total <= c.keep_size))
			break;
		if (!strcmp(v[i].name, slash + 1))
			continue;	/* the newest is kept */
		snprintf(p, sizeof(p), "%s/%s", top, v[i].name);
		if (shipping)
			ltt_spool_unshipped(p, "removed by the keep limits before it was shipped");
		dir_bytes(p, true);
		total -= v[i].bytes;
		printf("  deleted %s: beyond the session's keep limits\n", p);
	}
	free(v);
}

/*
 * A crash's trace just recovered, of a session with a relay: shipped. The
 * lttd that drains or serves the session ships what waits at its start;
 * a session with neither (its only channel persistent, no snapshot
 * trigger) gets lttd --ship, which ships it, retrying while the relay is
 * away, and ends: one process for as long as needed, none after.
 */
static void ship_recovered(const char *name)
{
	struct ltt_session_info si;
	struct ltt_output o = { 0 };
	int ctl, sfd;
	bool alone = false;

	ctl = lttc_open();
	if (ctl < 0)
		return;
	sfd = lttc_session_open(ctl, name);
	if (sfd >= 0) {
		alone = !ltt_output_get(sfd, &o) && o.url &&
			!lttc_session_info(sfd, &si) && !si.consumer_pid &&
			!si.nr_servers;
		close(sfd);
	}
	close(ctl);
	if (alone && !ship_launch(name))
		printf("Session %s: lttd --ship ships its recovered trace to %s\n",
		       name, o.url);
	ltt_output_free(&o);
}

/* Load one file: 0, or -1 (said). */
static int load(const char *path, const char *rename_to)
{
	const char *start_argv[] = { "start", "-s", NULL, NULL };
	struct sessfile sf;
	const char *name, **argv;
	char *recovered = NULL;
	int i, argc, rc = 0;

	if (sessfile_read(path, &sf))
		return -1;
	name = rename_to ? rename_to : sf.name;
	for (i = 0; i < sf.nr && !rc; i++) {
		if (i == 1 && opt_all && persistent(&sf) &&
		    recover_first(name, &recovered)) {
			undo(name);
			err("%s: session %s not loaded (what was made of it is destroyed)",
			    path, name);
			rc = -1;
			break;
		}
		argv = line_argv(&sf.lines[i], name, &argc);
		if (!argv) {
			err("out of memory");
			rc = -1;
			break;
		}
		rc = run_child(argc, argv, false, path, sf.lines[i].lineno);
		free(argv);
		if (rc == LTTCTL_OK)
			continue;
		if (i)	/* create succeeded: its session is ours */
			undo(name);
		err("%s:%d: session %s not loaded%s", path, sf.lines[i].lineno,
		    name, i ? " (what was made of it is destroyed)" : "");
		rc = -1;
	}
	if (!rc) {
		/* made: ours to end, even if its start fails below */
		if (state && (fprintf(state, "%s\n", name) < 0 ||
			      fflush(state))) {
			err("--state %s: %s", opt_state, strerror(errno));
			rc = -1;
		}
		printf("Session %s loaded from %s\n", name, path);
		if (recovered)
			recovered_prune(name, recovered);
		start_argv[2] = name;
		if (opt_start && run_child(3, start_argv, true, path, 0))
			rc = -1;	/* it stays, made, for the user to see */
		else if (recovered)
			ship_recovered(name);
	}
	sessfile_free(&sf);
	free(recovered);
	return rc;
}

/*
 * Open --state FILE afresh (its directory made, as the service's
 * /run/ltt may not exist yet): 0, or -1 (said).
 */
static int state_open(void)
{
	char *dir = strdup(opt_state), *slash;

	if (!dir) {
		err("out of memory");
		return -1;
	}
	slash = strrchr(dir, '/');
	if (slash && slash != dir) {
		*slash = 0;
		if (mkdir(dir, 0755) && errno != EEXIST)
			err("--state: cannot make %s: %s", dir, strerror(errno));
	}
	free(dir);
	state = fopen(opt_state, "w");
	if (!state) {
		err("--state: cannot write %s: %s", opt_state, strerror(errno));
		return -1;
	}
	return 0;
}

/* The boot session's name (ltt.boot_session=), or "" (none). */
static void boot_session_name(char *name, size_t len)
{
	FILE *f = fopen("/sys/module/ltt/parameters/boot_session", "re");

	name[0] = 0;
	if (!f)
		return;
	if (!fgets(name, len, f))
		name[0] = 0;
	fclose(f);
	name[strcspn(name, "\n")] = 0;
	if (!strcmp(name, "(null)"))
		name[0] = 0;
}

/* NAME-YYYYMMDD-HHMMSS: a boot session's default trace directory */
static bool boot_dir_name(const char *d, const char *name)
{
	size_t n = strlen(name), i;

	if (strncmp(d, name, n) || d[n] != '-' || strlen(d + n) != 16 ||
	    d[n + 9] != '-')
		return false;
	for (i = n + 1; i < n + 16; i++)
		if (i != n + 9 && !isdigit((unsigned char)d[i]))
			return false;
	return true;
}

static int rm_entry(const char *p, const struct stat *sb, int flag,
		    struct FTW *ftw)
{
	(void)sb;
	(void)ftw;
	return flag == FTW_DP ? rmdir(p) : unlink(p);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * ltt.boot_keep=N: of the boot session's NAME-DATE-TIME directories
 * beside out (its default output, this boot's), the newest N are kept
 * (out among them), the older deleted; said, one line each.
 */
static void boot_dirs_prune(const char *name, const char *out)
{
	const char *slash = strrchr(out, '/');
	char keep[32] = "", top[4096], p[4400];
	char **v = NULL, **nv;
	unsigned int n = 0, i, k;
	struct dirent *de;
	FILE *f;
	DIR *d;

	f = fopen("/sys/module/ltt/parameters/boot_keep", "re");
	if (f) {
		if (!fgets(keep, sizeof(keep), f))
			keep[0] = 0;
		fclose(f);
	}
	if (sscanf(keep, "%u", &k) != 1 || !k || !slash ||
	    !boot_dir_name(slash + 1, name))
		return;
	snprintf(top, sizeof(top), "%.*s", (int)(slash - out), out);
	d = opendir(top);
	while (d && (de = readdir(d))) {
		if (!boot_dir_name(de->d_name, name))
			continue;
		nv = realloc(v, (n + 1) * sizeof(*v));
		if (!nv)
			break;
		v = nv;
		v[n] = strdup(de->d_name);
		if (v[n])
			n++;
	}
	if (d)
		closedir(d);
	if (n)
		qsort(v, n, sizeof(*v), by_name);	/* oldest first */
	for (i = 0; i + k < n; i++) {
		if (strcmp(v[i], slash + 1) &&
		    snprintf(p, sizeof(p), "%s/%s", top, v[i]) < (int)sizeof(p)) {
			if (nftw(p, rm_entry, 16, FTW_DEPTH | FTW_PHYS))
				warn("cannot delete %s: %s", p, strerror(errno));
			else
				printf("  deleted %s: beyond ltt.boot_keep=%u boots\n",
				       p, k);
		}
	}
	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/*
 * With --all --start (the service): the boot session (doc/boot-tracing.md)
 * in discard mode, tracing to a directory with no lttd, gets one, so that
 * a boot's trace is written without a person; a flight recorder
 * (overwrite) needs none, but its snapshot triggers, when nothing serves
 * them, get lttd --serve, as lttctl start gives them. 0, or -1 (said).
 */
static int boot_session_drain(void)
{
	char name[LTT_NAME_LEN + 2];
	struct ltt_session_info si;
	struct ltt_output o = { 0 };
	bool discard, snap;
	int ctl, sfd, rc = 0;

	boot_session_name(name, sizeof(name));
	if (!name[0])
		return 0;
	ctl = lttc_open();
	if (ctl < 0)
		return 0;	/* no ltt.ko: no boot session */
	sfd = lttc_session_open(ctl, name);
	close(ctl);
	if (sfd < 0)
		return 0;	/* ended (lttctl destroy) */
	if (lttc_session_info(sfd, &si) < 0 ||
	    si.state != LTT_SESSION_ACTIVE || si.consumer_pid) {
		close(sfd);
		return 0;
	}
	discard = session_has_discard_channel(sfd, si.nr_channels);
	snap = session_trigger_actions(sfd) & (1U << LTT_TRIGGER_ACT_SNAPSHOT);
	ltt_output_get(sfd, &o);
	close(sfd);
	if (discard && (o.dir || o.url)) {
		rc = consumer_launch(name);
		if (!rc)
			printf("Boot session %s: lttd started, writing to %s\n",
			       name, o.dir ? o.dir : o.url);
		if (!rc && o.dir)
			boot_dirs_prune(name, o.dir);
	} else if (!discard && snap && !si.nr_servers && o.dir) {
		rc = serve_launch(name);
		if (!rc)
			printf("Boot session %s: lttd --serve writes its triggers' snapshots to %s/snapshot-N-DATE-TIME\n",
			       name, o.dir);
	}
	ltt_output_free(&o);
	return rc;
}

/*
 * Every DIR/ *.ltt, each on its own: LTTCTL_OK, LTTCTL_PARTLY (some
 * failed, said, the others made) or LTTCTL_ERROR (none made). With
 * --start, the boot session's lttd too (a failure: LTTCTL_PARTLY).
 */
static int load_all(const char *dir)
{
	char **paths;
	int n, i, bad = 0;

	n = sessfile_glob(dir, &paths);
	if (n < 0)
		return LTTCTL_ERROR;
	if (!n)
		printf("No session file in %s (lttctl save -o %s/NAME.ltt writes one)\n",
		       dir, dir);
	for (i = 0; i < n; i++) {
		if (load(paths[i], NULL))
			bad++;
		free(paths[i]);
	}
	free(paths);
	if (opt_start && boot_session_drain() && !bad)
		return LTTCTL_PARTLY;
	if (!bad)
		return LTTCTL_OK;
	err("%d of %d session files in %s failed (named above)%s", bad, n,
	    dir, bad < n ? "; the others' sessions run" : "");
	return bad < n ? LTTCTL_PARTLY : LTTCTL_ERROR;
}

/*
 * LTTng's lttng load NAME: the file that lttctl save NAME wrote,
 * $HOME/.ltt/sessions/NAME.ltt, else the service's /etc/ltt/sessions/
 * NAME.ltt, when arg names no file (malloc()ed; NULL: said why not).
 */
static char *session_file(const char *arg)
{
	const char *home = getenv("HOME");
	char *path = NULL;
	struct stat st;

	if (!stat(arg, &st) || strchr(arg, '/'))
		return strdup(arg);	/* a file, or sessfile_read() says */
	if (home && home[0] == '/' &&
	    asprintf(&path, "%s/.ltt/sessions/%s.ltt", home, arg) >= 0 &&
	    !stat(path, &st))
		return path;
	free(path);
	path = NULL;
	if (asprintf(&path, "/etc/ltt/sessions/%s.ltt", arg) >= 0 &&
	    !stat(path, &st))
		return path;
	free(path);
	err("no file %s, nor a session %s saved in $HOME/.ltt/sessions or /etc/ltt/sessions (lttctl save %s writes it)",
	    arg, arg, arg);
	return NULL;
}

static int run_load(const char **args)
{
	char *path;
	int rc;

	if (opt_all && opt_name) {
		err("--override-name names one session: not with --all");
		return LTTCTL_USAGE;
	}
	if (opt_state && !opt_all) {
		err("--state is for --all");
		return LTTCTL_USAGE;
	}
	if (opt_all) {
		if (opt_state && state_open())
			return LTTCTL_ERROR;
		rc = load_all(args[0]);
		if (state && fclose(state)) {
			err("--state %s: %s", opt_state, strerror(errno));
			rc = LTTCTL_ERROR;
		}
		state = NULL;
		return rc;
	}
	path = session_file(args[0]);
	if (!path)
		return LTTCTL_ERROR;
	rc = load(path, opt_name) ? LTTCTL_ERROR : LTTCTL_OK;
	free(path);
	return rc;
}

const struct lttctl_cmd lttctl_cmd_load = {
	.name		= "load",
	.summary	= "make a session again from its saved file",
	.usage		= "[OPTION...] FILE | NAME | --all DIR",
	.description	= description,
	.options	= options,
	.min_args	= 1,
	.max_args	= 1,
	.run		= run_load,
};
