// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd's supervisor. lttd --daemon (unless --no-supervise) becomes two
 * processes: this small one (lttd run again, lttd_supervise_exec()) and
 * its child, the worker, which is lttd as before (attached to the
 * session: the kernel's consumer pid is the worker's). When the worker
 * dies abnormally (a signal, or an exit status of failure other than a
 * usage error) while its session still exists, is tracing and has no
 * other lttd, the supervisor runs a new worker, the same lttd command
 * line with the session named and --supervised, after a wait
 * (chunk-policy.c: lttd_restart_delay()); the new worker resumes the
 * trace from the buffers where the dead one left it (resume.c,
 * leftover.c: the same trace directory and chunk, the session's uuid
 * being the same). A worker's normal end (the session destroyed, a
 * signal asked for it) ends the supervisor too.
 *
 * lttd --serve --daemon (a flight recorder's) is supervised the same way:
 * its worker serves the session's snapshot triggers and drains nothing,
 * so "another lttd" is one that drains or serves the session (the
 * kernel's nr_servers, which counts the dead worker's notification fd
 * no more once it is reaped), and the new worker opens its own.
 *
 * SIGTERM, SIGINT and SIGHUP sent to the supervisor go to the worker,
 * which flushes and ends as ever; then the supervisor ends, restarting
 * nothing.
 *
 * Each restart is counted in the status file LTT_RUN_DIR/lttd-<session>
 * (tools/lib/output.c reads it for lttctl status) and logged to syslog.
 * The file stays while the session exists (a dead supervisor's restarts
 * are still shown); the supervisor removes it when the session is gone.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "lttd.h"
#include "chunk-policy.h"

struct sup {
	const char *session;
	uint8_t uuid[16];
	char path[PATH_MAX];
	const char **argv;		/* the worker's: lttd's, -s NAME, --supervised */
	char exe[PATH_MAX];		/* lttd's file */
	pid_t worker;			/* 0: none running */
	double started;			/* the worker's start, boot time */
	double due;			/* the next start, when none runs */
	unsigned int delay;		/* the last wait, s */
	unsigned int restarts;
	long long last_time;		/* the last worker's end, boot time */
	char cause[128];
	bool stopping;			/* a signal asked the end */
	bool serve;			/* the workers are lttd --serve */
};

static double boot_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_BOOTTIME, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Replace the status file (rename): best effort, logged once. */
static void status_write(struct sup *s)
{
	static bool warned;
	char tmp[PATH_MAX + 8];
	unsigned int i;
	FILE *f;

	if (!s->path[0])
		return;
	snprintf(tmp, sizeof(tmp), "%s.tmp", s->path);
	f = fopen(tmp, "we");
	if (f) {
		fprintf(f, "uuid ");
		for (i = 0; i < sizeof(s->uuid); i++)
			fprintf(f, "%02x", s->uuid[i]);
		fprintf(f, "\nsupervisor %d\nworker %d\nrestarts %u\n",
			(int)getpid(), (int)s->worker, s->restarts);
		if (s->restarts || s->cause[0])
			fprintf(f, "last_time %lld\nlast_cause %s\n",
				s->last_time, s->cause);
		/* waiting to start the next worker: when (lttctl status) */
		if (!s->worker && s->due > 0)
			fprintf(f, "next_start %lld\n", (long long)s->due);
		if (fclose(f) == 0 && rename(tmp, s->path) == 0)
			return;
	}
	if (!warned)
		lttd_log(true, "session %s: cannot write %s: %s (lttctl status will not show lttd's restarts)",
			 s->session, s->path, strerror(errno));
	warned = true;
}

static void status_init(struct sup *s)
{
	char *slash;

	if (ltt_lttd_status_path(s->session, s->path, sizeof(s->path))) {
		s->path[0] = 0;
		return;
	}
	slash = strrchr(s->path, '/');
	*slash = 0;
	mkdir(s->path, 0755);	/* exists, or the write says */
	*slash = '/';
}

/* The session is gone: its file goes, unless a new one of its name has it. */
static void status_remove(struct sup *s)
{
	struct ltt_lttd_status st;

	if (s->path[0] && !ltt_lttd_status_read(s->session, &st) &&
	    st.have_uuid && !memcmp(st.uuid, s->uuid, sizeof(st.uuid)))
		unlink(s->path);
}

enum session_state { GONE, NOT_TRACING, DRAINED, UNDRAINED };

/* Our session (the same uuid) in the kernel, as a restart needs it. */
static enum session_state session_state(struct sup *s)
{
	struct ltt_session_info si;
	int ctl, sfd, ret;

	ctl = lttc_open();
	if (ctl < 0)
		return GONE;
	sfd = lttc_session_open(ctl, s->session);
	close(ctl);
	if (sfd < 0)
		return GONE;
	ret = lttc_session_info(sfd, &si);
	close(sfd);
	if (ret < 0 || memcmp(si.uuid, s->uuid, sizeof(s->uuid)))
		return GONE;
	if (si.state != LTT_SESSION_ACTIVE)
		return NOT_TRACING;
	if (s->serve)
		return si.consumer_pid || si.nr_servers ? DRAINED : UNDRAINED;
	return si.consumer_pid ? DRAINED : UNDRAINED;
}

static __attribute__((noreturn)) void end(struct sup *s, int rc)
{
	if (session_state(s) == GONE)
		status_remove(s);
	closelog();
	_exit(rc);
}

/* The worker ended with status st: end, or set the next start. */
static void worker_ended(struct sup *s, int st)
{
	double ran = boot_now() - s->started;
	pid_t pid = s->worker;
	enum session_state ss;

	s->worker = 0;
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		end(s, 0);	/* its normal end */
	if (WIFEXITED(st) && WEXITSTATUS(st) == 2)
		end(s, 2);	/* a usage error: it would never run */
	if (s->stopping)
		end(s, WIFEXITED(st) ? WEXITSTATUS(st) : 1);
	if (WIFSIGNALED(st))
		snprintf(s->cause, sizeof(s->cause), "killed by signal %d",
			 WTERMSIG(st));
	else
		snprintf(s->cause, sizeof(s->cause), "exited with status %d",
			 WEXITSTATUS(st));
	s->last_time = (long long)boot_now();
	ss = session_state(s);
	if (ss != UNDRAINED) {
		lttd_log(ss != GONE, "session %s: lttd worker (pid %d) %s; not restarted: %s",
			 s->session, (int)pid, s->cause,
			 ss == GONE ? "the session is gone" :
			 ss == NOT_TRACING ? "the session is not tracing (lttctl start runs an lttd)" :
			 s->serve ? "another lttd drains or serves the session" :
			 "another lttd drains the session");
		end(s, 1);
	}
	s->delay = lttd_restart_delay(s->delay, ran);
	s->due = boot_now() + s->delay;
	lttd_log(true, "session %s: lttd worker (pid %d) %s after %.0f s; restarting it in %u s",
		 s->session, (int)pid, s->cause, ran, s->delay);
	status_write(s);	/* lttctl status: "restarting in N s" */
}

static void worker_start(struct sup *s, const sigset_t *keep)
{
	enum session_state ss = session_state(s);
	pid_t pid;

	if (ss != UNDRAINED) {
		lttd_log(ss != GONE, "session %s: lttd not restarted: %s",
			 s->session,
			 ss == GONE ? "the session is gone" :
			 ss == NOT_TRACING ? "the session is not tracing (lttctl start runs an lttd)" :
			 s->serve ? "another lttd drains or serves the session" :
			 "another lttd drains the session");
		end(s, 1);
	}
	pid = fork();
	if (pid < 0) {
		lttd_log(true, "session %s: cannot restart lttd: fork: %s; trying again in %u s",
			 s->session, strerror(errno), s->delay);
		s->due = boot_now() + s->delay;
		return;
	}
	if (!pid) {
		sigprocmask(SIG_SETMASK, keep, NULL);
		/* the file lttd runs from; if it went, the one it was */
		execv(s->exe, (char *const *)s->argv);
		execv("/proc/self/exe", (char *const *)s->argv);
		syslog(LOG_ERR, "session %s: cannot run lttd again: %s",
		       s->session, strerror(errno));
		_exit(127);
	}
	s->worker = pid;
	s->started = boot_now();
	s->restarts++;
	lttd_log(false, "session %s: lttd restarted (pid %d), %u restart%s, last: %s",
		 s->session, (int)pid, s->restarts, s->restarts == 1 ? "" : "s",
		 s->cause);
	status_write(s);
}

/*
 * The daemon's first process, once it forked the worker: become the
 * supervisor by running lttd again ("--supervisor PID:UUID -s NAME" and
 * lttd's arguments), so that nothing of the worker's stays here: its
 * files and its mappings of the buffers, which held here would keep a
 * new worker from taking the streams. Never returns.
 */
void lttd_supervise_exec(struct lttd *d, pid_t worker, int argc,
			 const char **argv)
{
	const char **v = calloc(argc + 6, sizeof(*v));
	char exe[PATH_MAX], arg[64];
	int i, k = 0, n;
	ssize_t len;

	closelog();
	for (i = 3; i < 1024; i++)
		close(i);
	n = snprintf(arg, sizeof(arg), "%d:", (int)worker);
	for (i = 0; i < 16; i++)
		n += snprintf(arg + n, sizeof(arg) - n, "%02x", d->uuid[i]);
	len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	exe[len > 0 ? len : 0] = 0;
	if (v) {
		v[k++] = argv[0];
		v[k++] = "--supervisor";
		v[k++] = arg;
		v[k++] = "-s";
		v[k++] = d->session;
		for (i = 1; i < argc; i++)
			v[k++] = argv[i];
		execv(exe, (char *const *)v);
		execv("/proc/self/exe", (char *const *)v);
	}
	openlog("lttd", LOG_PID, LOG_DAEMON);
	syslog(LOG_ERR, "session %s: cannot run lttd's supervisor: %s; lttd (pid %d) runs unsupervised",
	       d->session, strerror(v ? errno : ENOMEM), (int)worker);
	_exit(1);
}

/*
 * lttd --supervisor PID:UUID -s NAME ARGS...: the supervisor of worker
 * PID, its child, which drains session NAME of that uuid with lttd ARGS.
 * SIGCHLD, SIGTERM, SIGINT and SIGHUP are blocked (since before the
 * fork). Never returns.
 */
void lttd_supervise(int argc, const char **argv)
{
	struct sup s = { 0 };
	sigset_t set, keep;
	siginfo_t si;
	struct timespec ts;
	double left;
	int i, st, sig, n;
	ssize_t len;
	pid_t pid;
	char *p;

	if (argc < 5 || strcmp(argv[3], "-s"))
		_exit(2);
	s.worker = strtol(argv[2], &p, 10);
	for (i = 0; *p == ':' && i < 16; i++) {
		if (sscanf(p + 1 + 2 * i, "%2x", &n) != 1)
			break;
		s.uuid[i] = n;
	}
	s.session = argv[4];
	s.started = boot_now();
	/* the workers': lttd's arguments (with -s NAME), --supervised */
	s.argv = calloc(argc, sizeof(*s.argv));
	if (!s.argv) {
		lttd_log(true, "session %s: out of memory: lttd is not supervised",
			 s.session);
		_exit(1);
	}
	s.argv[0] = argv[0];
	for (i = 3; i < argc; i++) {
		s.argv[i - 2] = argv[i];
		s.serve |= !strcmp(argv[i], "--serve");
	}
	s.argv[argc - 2] = "--supervised";
	len = readlink("/proc/self/exe", s.exe, sizeof(s.exe) - 1);
	s.exe[len > 0 ? len : 0] = 0;
	status_init(&s);
	status_write(&s);

	/* the workers' mask: SIGTERM & co stay blocked (signalfd) */
	sigprocmask(SIG_SETMASK, NULL, &keep);
	sigdelset(&keep, SIGCHLD);
	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, NULL);
	for (;;) {
		if (s.worker) {
			sig = sigwaitinfo(&set, &si);
		} else {
			left = s.due - boot_now();
			if (left <= 0) {
				worker_start(&s, &keep);
				continue;
			}
			ts.tv_sec = (time_t)left;
			ts.tv_nsec = (long)((left - ts.tv_sec) * 1e9);
			sig = sigtimedwait(&set, &si, &ts);
		}
		if (sig < 0)
			continue;	/* EAGAIN: time to start; EINTR */
		if (sig != SIGCHLD) {
			lttd_log(false, "session %s: signal %d: %s", s.session,
				 sig, s.worker ? "passed to lttd" : "ending");
			s.stopping = true;
			if (!s.worker)
				end(&s, 0);
			kill(s.worker, sig);
			continue;
		}
		while ((pid = waitpid(-1, &st, WNOHANG)) > 0)
			if (pid == s.worker)
				worker_ended(&s, st);
	}
}
