// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd: the ltt consumer daemon. See lttd.h for its threads; the options
 * are in usage() below and in doc/lttctl.1.
 *
 * Life of a run: open the session, attach as its consumer, find the
 * current chunk (chunk.c), open the metadata and every stream (resuming
 * files an earlier run left), become a daemon if asked, give the streams
 * to main's loop (single) or to one worker per CPU (per-cpu), then drain,
 * copy metadata and carry out rotations until the session is destroyed
 * and every stream drained (a stopped session is idle), or until
 * SIGTERM/SIGINT (flush every stream, write what is complete, end).
 *
 * Drain mode: run by hand (no --daemon) on a session stopped at its start
 * (what lttctl stop runs for a flight recorder, or after an lttd died),
 * it writes what the buffers hold and ends when every stream is empty.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>
#include <popt.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <urcu/uatomic.h>
#include "lttd.h"

enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

static bool log_syslog;

/* Any thread; one line per call, never interleaved with another's. */
void lttd_log(bool error, const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (log_syslog)
		syslog(error ? LOG_ERR : LOG_NOTICE, "%s", line);
	else
		fprintf(stderr, "lttd: %s\n", line);
}

/* The one session there is, when none was named. */
static int pick_session(struct lttd *d, char *buf, size_t len)
{
	struct ltt_session_entry *e = NULL;
	int n = lttc_session_list(d->ctl, &e);

	if (n < 0)
		return n;
	if (n != 1) {
		lttd_log(true, n ? "%d sessions exist: name one with -s" :
			 "no session exists", n);
		free(e);
		return -EINVAL;
	}
	snprintf(buf, len, "%s", e[0].name);
	free(e);
	d->session = buf;
	return 0;
}

static int open_session(struct lttd *d, struct ltt_session_info *si)
{
	static char name[LTT_NAME_LEN];
	struct ltt_output o = { 0 };
	int ret;

	d->ctl = lttc_open();
	if (d->ctl < 0) {
		lttd_log(true, "cannot open %s: %s%s", LTT_CTL_DEV,
			 strerror(-d->ctl),
			 d->ctl == -ENOENT ? " (is the ltt module loaded?)" : "");
		return d->ctl;
	}
	if (!d->session && (ret = pick_session(d, name, sizeof(name))))
		return ret;
	d->sfd = lttc_session_open(d->ctl, d->session);
	if (d->sfd < 0) {
		lttd_log(true, "session %s: %s", d->session,
			 d->sfd == -ENOENT ? "no such session" : strerror(-d->sfd));
		return d->sfd;
	}
	ret = ltt_output_get(d->sfd, &o);
	if (ret < 0 && ret != -ENOENT) {
		lttd_log(true, "session %s: its output: %s", d->session,
			 ret == -EINVAL ? "not a form lttd knows" :
			 strerror(-ret));
		return ret;
	}
	if (!d->dir) {
		d->dir = o.dir;
		o.dir = NULL;
	}
	d->url = o.url;
	d->live_us = o.live_us;
	o.url = NULL;
	ltt_output_free(&o);
	if (!d->dir && !d->url) {
		lttd_log(true, "session %s has no trace directory: give -o DIR",
			 d->session);
		return -ENOENT;
	}
	/* the state before we attach: drain mode or not */
	ret = lttc_session_info(d->sfd, si);
	if (ret < 0) {
		lttd_log(true, "session %s: %s", d->session, strerror(-ret));
		return ret;
	}
	/* which chunks in DIR are this session's (leftover.c) */
	memcpy(d->uuid, si->uuid, sizeof(d->uuid));
	if (!d->snapshot && !d->serve) {
		ret = lttc_consumer_attach(d->sfd);
		if (ret < 0) {
			lttd_log(true, "session %s %s", d->session,
				 ret == -EBUSY ? "already has a consumer daemon" :
				 strerror(-ret));
			return ret;
		}
	}
	return 0;
}

/*
 * Fork; the parent exits once the child runs with the session attached.
 * Supervised (supervise.c), the child forks again: it stays as the
 * supervisor, its child goes on as the worker. argv: lttd's, for the
 * workers the supervisor starts again.
 */
static int detach_process(void)
{
	pid_t pid = fork();
	int fd;

	if (pid < 0)
		return -errno;
	if (pid > 0)
		_exit(EXIT_OK);
	setsid();
	fd = open("/dev/null", O_RDWR);
	if (fd >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		if (fd > 2)
			close(fd);
	}
	openlog("lttd", LOG_PID, LOG_DAEMON);
	log_syslog = true;
	return 0;
}

static int become_daemon(struct lttd *d, bool supervise, int argc,
			 const char **argv, bool attach)
{
	sigset_t set;
	pid_t pid;
	int ret = detach_process();

	if (ret < 0)
		return ret;
	if (supervise) {
		/* blocked before the fork: no signal for either is lost */
		sigemptyset(&set);
		sigaddset(&set, SIGTERM);
		sigaddset(&set, SIGINT);
		sigaddset(&set, SIGHUP);
		sigaddset(&set, SIGCHLD);
		pthread_sigmask(SIG_BLOCK, &set, NULL);
		pid = fork();
		if (pid > 0)
			lttd_supervise_exec(d, pid, argc, argv);
		if (pid < 0)
			lttd_log(true, "session %s: fork: %s: lttd runs unsupervised",
				 d->session, strerror(errno));
		sigemptyset(&set);
		sigaddset(&set, SIGCHLD);
		pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	}
	/* the same file is attached; this only records our pid */
	return attach ? lttc_consumer_attach(d->sfd) : 0;
}

/* A worker the supervisor started again: a daemon already. */
static void become_worker(void)
{
	openlog("lttd", LOG_PID, LOG_DAEMON);
	log_syslog = true;
}

static int block_signals(void)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);
	return signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
}

/* Metadata done (end of text, or the stop on a signal): no more waiting. */
static void metadata_hup(struct lttd *d, struct lttd_metadata *m)
{
	if (!m->hup)
		lttd_loop_unwatch(&d->main, m->fd);
	m->hup = true;
}

/* SIGTERM/SIGINT: write what is complete now, then end. */
static void on_signal(struct lttd *d, struct lttd_metadata *m, int sigfd)
{
	struct signalfd_siginfo si;

	while (read(sigfd, &si, sizeof(si)) == sizeof(si))
		;
	if (d->signalled)
		return;
	lttd_log(false, "signal: flushing and ending");
	d->signalled = true;
	lttd_chunk_stop(d);
	lttd_flush_all(d);
	uatomic_set(&d->stopping, 1);
	lttd_wake_loops(d);
	lttd_loop_drain_all(&d->main);
	metadata_hup(d, m);	/* read what there is at the end */
}

/*
 * --serve: the notification fd first, so that the session counts us as
 * its server before a --daemon parent exits (lttctl start then starts
 * it); then serve.c's loop.
 */
static int serve_main(struct lttd *d, bool supervise, bool supervised,
		      int argc, const char **argv)
{
	int nfd, sigfd, ret;

	nfd = lttd_serve_open(d);
	if (nfd < 0)
		return nfd;
	/*
	 * --daemon: supervised as a draining lttd is (supervise.c): a
	 * worker killed is started again while the session is tracing and
	 * nothing else serves it. The supervisor closes its copy of nfd.
	 */
	if (d->daemon && supervised)
		become_worker();
	else if (d->daemon &&
		 (ret = become_daemon(d, supervise, argc, argv, false)) < 0) {
		lttd_log(true, "cannot become a daemon: %s", strerror(-ret));
		close(nfd);
		return ret;
	}
	sigfd = block_signals();
	if (sigfd < 0) {
		ret = -errno;
		lttd_log(true, "signalfd: %s", strerror(errno));
	} else {
		ret = lttd_serve(d, nfd, sigfd);
		close(sigfd);
	}
	close(nfd);
	return ret;
}

/*
 * --ship: what waits in the session's spool, shipped (ship.h); in the
 * background with --daemon, as the service runs it for a session whose
 * trace was recovered and that nothing else serves.
 */
static int ship_main(struct lttd *d)
{
	int sigfd, ret;

	ret = lttd_ship_setup(d);
	if (ret < 0)
		return ret;
	if (d->daemon && (ret = detach_process()) < 0) {
		lttd_log(true, "cannot become a daemon: %s", strerror(-ret));
		return ret;
	}
	sigfd = block_signals();
	if (sigfd < 0) {
		lttd_log(true, "signalfd: %s", strerror(errno));
		return -errno;
	}
	ret = lttd_ship_main(d, sigfd);
	close(sigfd);
	return ret < 0 ? ret : 0;
}

/*
 * The main thread's loop: metadata, signals, rotations and their
 * schedule, workers ending (per-cpu) or every stream (single). It ends
 * once the streams have all ended and the metadata is complete (or a
 * stream failed). A metadata error does not end it: the streams are
 * drained until the session ends, as usual. In drain mode the loops drain
 * what there is and end; the metadata is read once.
 */
static int main_loop(struct lttd *d, struct lttd_metadata *m, int sigfd)
{
	struct lttd_loop *l = &d->main;
	struct epoll_event ev[64];
	unsigned int ended = 0;
	uint64_t n;
	int ret, err = 0, i, nr;

	ret = lttd_loop_watch(l, sigfd, LTTD_EV_SIGNAL);
	if (!ret && d->nr_started)
		ret = lttd_loop_watch(l, d->done_fd, LTTD_EV_DONE);
	if (!ret && !d->drain)
		ret = lttd_loop_watch(l, m->fd, LTTD_EV_METADATA);
	if (ret < 0) {
		lttd_log(true, "epoll_ctl: %s", strerror(-ret));
		return ret;
	}
	if (d->drain) {
		m->hup = true;
		lttd_loop_drain_all(l);
	} else {
		ret = lttd_chunk_start(d);
		if (ret < 0) {
			lttd_log(true, "rotations: %s", strerror(-ret));
			return ret;
		}
	}
	ret = lttd_output_watch(d, l);
	if (ret < 0) {
		lttd_log(true, "epoll_ctl: %s", strerror(-ret));
		return ret;
	}
	while (ended < d->nr_started || l->live ||
	       (!m->hup && !uatomic_read(&d->failed))) {
		nr = epoll_wait(l->epfd, ev, 64, -1);
		if (nr < 0) {
			if (errno == EINTR)
				continue;
			ret = -errno;
			lttd_log(true, "epoll_wait: %s", strerror(-ret));
			return ret;
		}
		rcu_read_lock();	/* see lttd_loop_event() */
		for (i = 0; i < nr; i++) {
			switch (ev[i].data.u64) {
			case LTTD_EV_METADATA:
				if (m->hup)
					break;
				ret = ev[i].events & EPOLLIN ?
				      lttd_metadata_pump(d, m) : 0;
				if (ret < 0)	/* logged; the streams go on */
					err = ret;
				/* hang-up and nothing left: the text ended,
				 * the session is destroyed (a stream left
				 * undrained for an output away then ends) */
				if (!ret && !(ev[i].events & EPOLLIN)) {
					m->eof = true;
					uatomic_set(&d->ended, 1);
				}
				if (ret < 0 || !(ev[i].events & EPOLLIN))
					metadata_hup(d, m);
				break;
			case LTTD_EV_SIGNAL:
				on_signal(d, m, sigfd);
				break;
			case LTTD_EV_DONE:
				if (read(d->done_fd, &n, sizeof(n)) == sizeof(n))
					ended += n;
				break;
			case LTTD_EV_SESSION:
				lttd_rotation_take(d);
				break;
			case LTTD_EV_ROTATED:
				lttd_rotation_finish(d);
				break;
			case LTTD_EV_TIMER:
				lttd_schedule_tick(d);
				break;
			default:
				if (ev[i].data.u64 >= LTTD_EV_OUTPUT &&
				    ev[i].data.u64 < LTTD_EV_TAGS)
					lttd_output_tick(d, ev[i].data.u64 -
							    LTTD_EV_OUTPUT);
				else
					lttd_loop_event(l, &ev[i]);
			}
		}
		rcu_read_unlock();
	}
	return err ? err : lttd_metadata_pump(d, m);
}

double lttd_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* CPU time of the whole process (every thread), user + system, in s. */
static double cpu_time(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru))
		return 0;
	return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
	       ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

static void summary(const struct lttd *d, double secs, double cpu)
{
	char sz[32], rate[32], dropped[64] = "";
	const char *to = d->dir ? d->dir : d->url;

	ltt_fmt_bytes(d->bytes, sz, sizeof(sz));
	ltt_fmt_bytes(secs > 0 ? d->bytes / secs : 0, rate, sizeof(rate));
	if (d->dropped)
		snprintf(dropped, sizeof(dropped), "; %llu packets dropped",
			 (unsigned long long)d->dropped);
	if (log_syslog)
		lttd_log(false, "%s: %llu packets, %s written to %s in %.2f s (%s/s), cpu %.3f s%s",
			 d->session, (unsigned long long)d->packets, sz, to,
			 secs, rate, cpu, dropped);
	else if (!d->quiet)
		printf("lttd: %s: %llu packets, %s written to %s in %.2f s (%s/s), cpu %.3f s%s\n",
		       d->session, (unsigned long long)d->packets, sz, to,
		       secs, rate, cpu, dropped);
}

static int parse_threads(const char *arg, enum lttd_threads *t)
{
	if (!strcmp(arg, "per-cpu"))
		*t = LTTD_THREADS_PER_CPU;
	else if (!strcmp(arg, "single"))
		*t = LTTD_THREADS_SINGLE;
	else
		return -EINVAL;
	return 0;
}

static void usage(poptContext pc)
{
	poptPrintHelp(pc, stdout, 0);
	fputs("\nDrains the streams of an ltt session into DIR/kernel/<channel>_<cpu>\n"
	      "and DIR/kernel/metadata: a CTF trace, laid out as LTTng's; after a\n"
	      "rotation, in DIR/<BEGIN>-<N>/kernel, with the closed chunks in\n"
	      "DIR/archives. Ends when the session is destroyed and drained, or on\n"
	      "SIGTERM/SIGINT (after writing what is in the buffers); a stopped\n"
	      "session is waited for. Without --daemon on a stopped session, writes\n"
	      "what its buffers hold and ends. A run on a directory an earlier run\n"
	      "left resumes it.\n",
	      stdout);
}

int main(int argc, const char **argv)
{
	struct lttd d = { .ctl = -1, .sfd = -1, .done_fd = -1,
			  .streams_lock = PTHREAD_MUTEX_INITIALIZER,
			  .md_lock = PTHREAD_MUTEX_INITIALIZER,
			  .snap_lock = PTHREAD_MUTEX_INITIALIZER,
			  .snap_cond = PTHREAD_COND_INITIALIZER,
			  .threads = LTTD_THREADS_DEFAULT,
			  .main = { .epfd = -1, .wake_fd = -1 },
			  .rot = { .done_fd = -1 }, .timer_fd = -1 };
	struct lttd_metadata m;
	struct ltt_session_info si;
	char *session = NULL, *dir = NULL, *threads = NULL;
	int help = 0, snapshot = 0, daemon = 0, quiet = 0, serve = 0, ship = 0;
	int no_supervise = 0, supervised = 0;
	int sigfd = -1, rc = EXIT_FAIL, ret, md;
	double t0 = 0, cpu0 = 0;
	struct poptOption opts[] = {
		{ "session", 's', POPT_ARG_STRING, &session, 0,
		  "session to drain (default: the only one)", "NAME" },
		{ "output", 'o', POPT_ARG_STRING, &dir, 0,
		  "trace directory (default: the session's)", "DIR" },
		{ "snapshot", 0, POPT_ARG_NONE, &snapshot, 0,
		  "copy what the buffers hold now into DIR, a new trace, without "
		  "consuming it (a session drained by another lttd loses nothing), then end",
		  NULL },
		{ "serve", 0, POPT_ARG_NONE, &serve, 0,
		  "drain nothing: serve the snapshots the session's triggers ask "
		  "for (a flight recorder's), into DIR/snapshot-N-DATE-TIME, until "
		  "the session is destroyed", NULL },
		{ "ship", 0, POPT_ARG_NONE, &ship, 0,
		  "drain nothing: ship the snapshots and recovered traces waiting "
		  "in the session's trace directory (or spool) to its --set-url, "
		  "retrying while it is away, then end", NULL },
		{ "daemon", 'd', POPT_ARG_NONE, &daemon, 0,
		  "run in the background once set up; log to syslog", NULL },
		{ "no-supervise", 0, POPT_ARG_NONE, &no_supervise, 0,
		  "with --daemon: one process, not restarted if it dies (by "
		  "default a supervisor restarts it, counting the restarts for "
		  "lttctl status)", NULL },
		{ "supervised", 0, POPT_ARG_NONE | POPT_ARGFLAG_DOC_HIDDEN,
		  &supervised, 0, NULL, NULL },
		{ "threads", 0, POPT_ARG_STRING, &threads, 0,
		  "per-cpu: a thread per CPU; single: one event loop (default: "
		  LTTD_THREADS_DEFAULT_NAME ")", "per-cpu|single" },
		{ "quiet", 'q', POPT_ARG_NONE, &quiet, 0, "no summary", NULL },
		{ "help", 'h', POPT_ARG_NONE, &help, 0, "show this help", NULL },
		POPT_TABLEEND
	};
	poptContext pc;

	if (argc > 4 && !strcmp(argv[1], "--supervisor")) {
		openlog("lttd", LOG_PID, LOG_DAEMON);
		log_syslog = true;
		lttd_supervise(argc, argv);	/* supervise.c */
	}
	pc = poptGetContext("lttd", argc, argv, opts, 0);

	ret = poptGetNextOpt(pc);
	if (ret < -1) {
		fprintf(stderr, "lttd: %s: %s (see --help)\n",
			poptBadOption(pc, 0), poptStrerror(ret));
		rc = EXIT_USAGE;
		goto out_popt;
	}
	if (help) {
		usage(pc);
		rc = EXIT_OK;
		goto out_popt;
	}
	if (poptPeekArg(pc)) {
		fprintf(stderr, "lttd: unexpected argument '%s' (see --help)\n",
			poptPeekArg(pc));
		rc = EXIT_USAGE;
		goto out_popt;
	}
	if (threads && parse_threads(threads, &d.threads) < 0) {
		fprintf(stderr, "lttd: --threads wants per-cpu or single, not '%s'\n",
			threads);
		rc = EXIT_USAGE;
		goto out_popt;
	}
	if (snapshot && (!dir || daemon)) {
		fprintf(stderr, "lttd: --snapshot needs -o DIR and no --daemon\n");
		rc = EXIT_USAGE;
		goto out_popt;
	}
	if ((serve || ship) &&
	    (snapshot || (ship && supervised) || (serve && ship))) {
		fprintf(stderr, "lttd: --serve, --ship and --snapshot contradict each other\n");
		rc = EXIT_USAGE;
		goto out_popt;
	}
	d.session = session;
	d.dir = dir ? strdup(dir) : NULL;
	d.snapshot = snapshot;
	d.serve = serve || ship;	/* neither drains */
	d.daemon = daemon;
	d.quiet = quiet;
	d.md = &m;
	lttd_metadata_init(&m);
	CDS_INIT_LIST_HEAD(&d.streams);
	rcu_register_thread();

	if (ship) {
		rc = open_session(&d, &si) < 0 || ship_main(&d) < 0 ?
		     EXIT_FAIL : EXIT_OK;
		goto out;
	}
	if (serve) {
		rc = open_session(&d, &si) < 0 ||
		     serve_main(&d, !no_supervise, supervised, argc, argv) < 0 ?
		     EXIT_FAIL : EXIT_OK;
		goto out;
	}
	/*
	 * The outputs chosen once (output.h); the metadata known now goes to
	 * them (to disk) before any packet: with a disk about to fill up,
	 * packets without their metadata are unreadable.
	 */
	if (open_session(&d, &si) < 0)
		goto out;
	lttd_output_choose(&d);
	if (lttd_metadata_open(&d, &m) < 0 || lttd_output_setup(&d) < 0 || lttd_metadata_pump(&d, &m) < 0 ||
	    (!snapshot && lttd_open_streams(&d) < 0) ||
	    (!snapshot && lttd_output_start(&d) < 0) ||
	    (!snapshot && lttd_ship_setup(&d) < 0))
		goto out;
	t0 = lttd_now();
	cpu0 = cpu_time();
	if (snapshot) {
		ret = lttd_snapshot(&d);
		if (!ret)
			ret = lttd_metadata_pump(&d, &m);
		goto summary;
	}
	d.drain = !daemon && si.state == LTT_SESSION_STOPPED;
	if (d.drain && !quiet)
		lttd_log(false, "session %s is stopped: writing what its buffers hold, then ending",
			 d.session);
	if (supervised && daemon)
		become_worker();
	else if (daemon &&
		 (ret = become_daemon(&d, !no_supervise, argc, argv,
				      true)) < 0) {
		lttd_log(true, "cannot become a daemon: %s", strerror(-ret));
		goto out;
	}
	cpu0 = cpu_time();	/* a forked child starts from zero */
	sigfd = block_signals();
	d.done_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (sigfd < 0 || d.done_fd < 0) {
		lttd_log(true, "signalfd/eventfd: %s", strerror(errno));
		goto out;
	}
	/* drain mode: the loops drain what there is and end */
	uatomic_set(&d.stopping, d.drain);
	lttd_ship_start(&d);	/* what waits, and each trigger's snapshot */
	ret = lttd_start_loops(&d);
	if (ret < 0)
		lttd_log(true, "cannot start the drain loops: %s", strerror(-ret));
	else
		ret = main_loop(&d, &m, sigfd);
	/* ended, or failed: workers still running drain and end */
	uatomic_set(&d.stopping, 1);
	lttd_wake_loops(&d);
	lttd_join_loops(&d);
	lttd_ship_stop(&d);
	lttd_rotation_end(&d);
summary:
	md = lttd_metadata_finish(&d, &m);
	/* the files archive a destroyed session's last chunk */
	if (lttd_output_finish(&d) < 0 && !ret)
		ret = -EIO;
	if (!ret && (md < 0 || uatomic_read(&d.failed) || d.dropped))
		ret = -EIO;
	summary(&d, lttd_now() - t0, cpu_time() - cpu0);
	rc = ret < 0 ? EXIT_FAIL : EXIT_OK;
out:
	lttd_free_streams(&d);
	lttd_output_free(&d);
	lttd_metadata_close(&m);
	lttd_chunk_fini(&d);
	if (d.sfd >= 0) {
		if (!snapshot && !serve)
			lttc_consumer_detach(d.sfd);
		close(d.sfd);
	}
	if (d.ctl >= 0)
		close(d.ctl);
	if (sigfd >= 0)
		close(sigfd);
	if (d.done_fd >= 0)
		close(d.done_fd);
	free(d.dir);
	free(d.url);
	free(d.spool);
	rcu_unregister_thread();
out_popt:
	poptFreeContext(pc);
	return rc;
}
