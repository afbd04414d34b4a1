// SPDX-License-Identifier: GPL-2.0-only
/*
 * Races of triggers (abi.h, "Triggers") against the fire path, in one
 * boot: a flood of ltt_user_mark events on every CPU fires them all along.
 *
 *	churn	triggers of every action added and removed in a loop, the
 *		session restarted each time a STOP trigger stopped it, its
 *		SNAPSHOT requests served, a reader on its notification fd;
 *		after STOP, each trigger's fires == acted + skipped_rate +
 *		skipped_busy, and the reader's records and missed add up to
 *		the last sequence number it read
 *	life	sessions with triggers of every kind started, stopped, their
 *		triggers removed and the sessions destroyed from three
 *		threads at once, a reader blocked on each notification fd
 *		(it ends with 0 at DESTROY)
 *	close	a notification fd closed while a thread blocks reading it: the
 *		read returns the next notification, or 0 at DESTROY
 *	unload	the probe module of signal_generate unloaded and loaded again
 *		while triggers watch the event and a thread raises signals:
 *		the triggers watch 0 events, then 1 again
 *
 * Prints unnumbered TAP lines; a phase that does not end within its
 * watchdog fails ("hang") and exits.
 *
 *	ltt-trigger-stress [SECONDS]	each of churn and life runs SECONDS
 *					(default 10)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <ltt/abi.h>

static int failed;
static atomic_int flooding;
static const char *phase = "start";

static void report(int good, const char *what, const char *diag)
{
	printf("%sok - %s\n", good ? "" : "not ", what);
	if (!good) {
		printf("#   %s\n", diag);
		failed++;
	}
	fflush(stdout);
}

static const char *err(long ret)
{
	static char s[96];

	snprintf(s, sizeof(s), "ret %ld errno %d (%s)", ret, ret < 0 ? errno : 0,
		 ret < 0 ? strerror(errno) : "");
	return s;
}

static void hang(int sig)
{
	char msg[128];
	int n = snprintf(msg, sizeof(msg), "not ok - phase %s ended (hang)\n",
			 phase);

	(void)sig;
	if (write(1, msg, n) < 0)
		_exit(2);
	_exit(1);
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/* ---- sessions, triggers ------------------------------------------------ */

static int session(int ctl, const char *name, int *cfd)
{
	struct ltt_session_args sa;
	struct ltt_channel_args ca;
	struct ltt_event_args ea;
	int sfd;

	memset(&sa, 0, sizeof(sa));
	strcpy(sa.name, name);
	sfd = ioctl(ctl, LTT_IOC_SESSION_CREATE, &sa);
	if (sfd < 0)
		return sfd;
	memset(&ca, 0, sizeof(ca));
	strcpy(ca.name, "c");
	ca.subbuf_size = 4096;
	ca.num_subbuf = 8;
	ca.mode = LTT_MODE_OVERWRITE;
	*cfd = ioctl(sfd, LTT_IOC_CHANNEL_CREATE, &ca);
	memset(&ea, 0, sizeof(ea));
	strcpy(ea.name, "ltt_user_mark");
	if (*cfd < 0 || ioctl(*cfd, LTT_IOC_EVENT_ENABLE, &ea) < 0)
		return -1;
	return sfd;
}

/* msg == "st flood*": every flood mark; msg == "never": none */
static size_t prog(uint8_t *buf, int match)
{
	const char *lit = match ? "st flood*" : "never";
	struct ltt_filter_header h = {
		.magic = LTT_FILTER_MAGIC, .version = LTT_FILTER_VERSION,
		.code_len = 12, .strtab_len = 3 + strlen(lit),
	};
	uint8_t code[12] = {
		LTT_FOP_LOAD_FIELD, 0, 0, 3, 0,
		LTT_FOP_PUSH_STR, 3, 0, strlen(lit), 0,
		LTT_FOP_EQ, LTT_FOP_RET,
	};

	memcpy(buf, &h, sizeof(h));
	memcpy(buf + sizeof(h), code, sizeof(code));
	memcpy(buf + sizeof(h) + sizeof(code), "msg", 3);
	memcpy(buf + sizeof(h) + sizeof(code) + 3, lit, strlen(lit));
	return sizeof(h) + sizeof(code) + h.strtab_len;
}

static long add(int sfd, const char *ev, uint32_t action, uint64_t max,
		uint64_t every_ns, int filter)
{
	static __thread uint8_t p[64];
	struct ltt_trigger_args a;

	memset(&a, 0, sizeof(a));
	a.condition = LTT_TRIGGER_COND_EVENT;
	a.action = action;
	strcpy(a.event, ev);
	a.max = max;
	a.every_ns = every_ns;
	if (filter) {
		a.filter_len = prog(p, filter > 0);
		a.filter = (uintptr_t)p;
	}
	return ioctl(sfd, LTT_IOC_TRIGGER_ADD, &a) ? -1 : (long)a.id;
}

static long add_usage(int sfd, uint32_t pct, uint32_t action)
{
	struct ltt_trigger_args a;

	memset(&a, 0, sizeof(a));
	a.condition = LTT_TRIGGER_COND_BUFFER_USAGE;
	a.action = action;
	strcpy(a.channel, "c");
	a.usage_pct = pct;
	return ioctl(sfd, LTT_IOC_TRIGGER_ADD, &a) ? -1 : (long)a.id;
}

static int remove_id(int sfd, uint64_t id)
{
	struct ltt_trigger_id t = { .id = id };

	return ioctl(sfd, LTT_IOC_TRIGGER_REMOVE, &t);
}

/* The session's triggers into e (at most LTT_MAX_TRIGGERS); their count. */
static int list(int sfd, struct ltt_trigger_entry *e)
{
	struct ltt_list l = {
		.entries = (uintptr_t)e, .capacity = LTT_MAX_TRIGGERS,
		.entry_size = sizeof(*e),
	};

	return ioctl(sfd, LTT_IOC_TRIGGER_LIST, &l) ? -1 : (int)l.count;
}

static int notify_open(int sfd, uint32_t flags)
{
	struct ltt_notify_args n = { .flags = flags };

	return ioctl(sfd, LTT_IOC_TRIGGER_NOTIFY_OPEN, &n);
}

static uint32_t state(int sfd)
{
	struct ltt_session_info i;

	return ioctl(sfd, LTT_IOC_SESSION_INFO, &i) ? ~0u : i.state;
}

/* ---- threads ------------------------------------------------------------ */

/* Marks "st flood" on one CPU until flooding drops to 0. */
static void *flood(void *arg)
{
	long cpu = (long)arg;
	cpu_set_t set;
	int fd = open("/dev/ltt-mark", O_WRONLY);

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
	while (atomic_load(&flooding) && fd >= 0)
		if (write(fd, "st flood", 8) != 8)
			break;
	if (fd >= 0)
		close(fd);
	return NULL;
}

static pthread_t flood_threads[64];
static long nr_flood;

static void flood_start(void)
{
	long i, n = sysconf(_SC_NPROCESSORS_ONLN);

	atomic_store(&flooding, 1);
	for (i = 0; i < n && i < 64; i++)
		pthread_create(&flood_threads[i], NULL, flood, (void *)i);
	nr_flood = i;
}

static void flood_stop(void)
{
	long i;

	atomic_store(&flooding, 0);
	for (i = 0; i < nr_flood; i++)
		pthread_join(flood_threads[i], NULL);
}

/* A notification fd's reader: reads until 0 (the session destroyed). */
struct reader {
	int fd;
	pthread_t th;
	atomic_int tid;
	uint64_t records, missed, last_seq, bad_seq;
	long end;			/* the last read's result */
	int end_errno;
};

static void *reader_run(void *arg)
{
	static __thread uint8_t buf[LTT_NOTIFICATION_MAX];
	const struct ltt_trigger_notification *n = (void *)buf;
	struct reader *r = arg;
	long ret;

	atomic_store(&r->tid, gettid());
	for (;;) {
		ret = read(r->fd, buf, sizeof(buf));
		if (ret <= 0)
			break;
		/* every number is read or counted missed, in order */
		if (n->seq != r->last_seq + n->missed + 1)
			r->bad_seq++;
		r->records++;
		r->missed += n->missed;
		r->last_seq = n->seq;
	}
	r->end = ret;
	r->end_errno = ret < 0 ? errno : 0;
	return NULL;
}

static void reader_start(struct reader *r, int fd)
{
	memset(r, 0, sizeof(*r));
	r->fd = fd;
	pthread_create(&r->th, NULL, reader_run, r);
}

/*
 * Until the reader sleeps in read(2) (its /proc syscall line starts with
 * read's number): a check of its state, polled, not a guess of a delay.
 */
static void reader_wait_blocked(struct reader *r)
{
	char path[64], line[128];
	FILE *f;
	int tid, blocked = 0;

	while (!(tid = atomic_load(&r->tid)))
		sched_yield();
	snprintf(path, sizeof(path), "/proc/self/task/%d/syscall", tid);
	while (!blocked) {
		f = fopen(path, "r");
		if (f && fgets(line, sizeof(line), f))
			blocked = !strncmp(line, "0 ", 2);
		if (f)
			fclose(f);
		if (!blocked)
			usleep(1000);
	}
}

/* Serves the session's SNAPSHOT requests (no consumer) until *stop. */
struct server {
	int sfd;
	pthread_t th;
	atomic_int stop;
	uint64_t served;
};

static void *server_run(void *arg)
{
	struct server *sv = arg;
	struct pollfd p = { .fd = sv->sfd, .events = POLLIN };
	struct ltt_rotate r;

	while (!atomic_load(&sv->stop)) {
		if (poll(&p, 1, 20) != 1)
			continue;
		memset(&r, 0, sizeof(r));
		if (ioctl(sv->sfd, LTT_IOC_ROTATE_TAKE, &r))
			continue;
		r.path = (uintptr_t)"/tmp/st-snapshot";
		r.path_len = strlen("/tmp/st-snapshot") + 1;
		r.chunk_dir = (uintptr_t)"";
		r.chunk_dir_len = 1;
		r.flags = 0;
		r.trigger_id = 0;
		if (!ioctl(sv->sfd, LTT_IOC_ROTATE_DONE, &r))
			sv->served++;
	}
	return NULL;
}

/* ---- phases --------------------------------------------------------------- */

/* fires == acted + skipped of every trigger listed; the count of those
 * that do not add up */
static int counts_bad(int sfd, int *n, uint64_t *fires)
{
	struct ltt_trigger_entry e[LTT_MAX_TRIGGERS];
	int i, bad = 0;

	*n = list(sfd, e);
	*fires = 0;
	for (i = 0; i < *n; i++) {
		*fires += e[i].fires;
		if (e[i].fires != e[i].acted + e[i].skipped_rate +
		    e[i].skipped_busy) {
			printf("#   trigger %llu: fires %llu acted %llu skipped %llu + %llu\n",
			       (unsigned long long)e[i].id,
			       (unsigned long long)e[i].fires,
			       (unsigned long long)e[i].acted,
			       (unsigned long long)e[i].skipped_rate,
			       (unsigned long long)e[i].skipped_busy);
			bad++;
		}
	}
	return bad;
}

static void churn(int ctl, double seconds)
{
	static const uint32_t actions[] = {
		LTT_TRIGGER_ACT_STOP, LTT_TRIGGER_ACT_SNAPSHOT,
		LTT_TRIGGER_ACT_NOTIFY, LTT_TRIGGER_ACT_ROTATE,
	};
	long live[8] = { 0 }, id;
	unsigned long loops = 0, restarts = 0, refused = 0;
	struct server sv = { 0 };
	struct reader rd;
	int sfd, cfd, nfd, n, bad, i;
	uint32_t a;
	uint64_t fires;
	double end;
	char diag[160];

	phase = "churn";
	sfd = session(ctl, "st-churn", &cfd);
	report(sfd >= 0, "churn: session st-churn recording ltt_user_mark",
	       err(sfd));
	if (sfd < 0)
		return;
	nfd = notify_open(sfd, LTT_NOTIFY_SERVE);
	report(nfd >= 0, "churn: a notification fd serving snapshots", err(nfd));
	reader_start(&rd, nfd);
	sv.sfd = sfd;
	pthread_create(&sv.th, NULL, server_run, &sv);
	/* long-lived: SNAPSHOT, NOTIFY, ROTATE, and a buffer usage */
	for (i = 1; i < 4; i++)
		add(sfd, "ltt_user_mark", actions[i], 0, 100000, 0);
	add_usage(sfd, 1, LTT_TRIGGER_ACT_NOTIFY);
	report(!ioctl(sfd, LTT_IOC_SESSION_START), "churn: START", "");
	flood_start();
	end = now() + seconds;
	srandom(1);
	while (now() < end) {
		i = random() % 8;
		if (live[i] && remove_id(sfd, live[i]))
			refused++;
		/* one STOP in 8: the session runs most of the time */
		a = random() % 8 ? actions[1 + random() % 3] : actions[0];
		id = add(sfd, random() % 2 ? "ltt_user_mark" : "ltt_user_*",
			 a, random() % 4,
			 random() % 2 ? 0 : random() % 1000000,
			 (int)(random() % 3) - 1);
		live[i] = id > 0 ? id : 0;
		if (id <= 0)
			refused++;
		/* a STOP trigger stopped it (from its work item): resume */
		if (state(sfd) == LTT_SESSION_STOPPED) {
			if (!ioctl(sfd, LTT_IOC_SESSION_START))
				restarts++;
		}
		loops++;
	}
	ioctl(sfd, LTT_IOC_SESSION_STOP);
	bad = counts_bad(sfd, &n, &fires);
	snprintf(diag, sizeof(diag), "%d of %d triggers do not add up", bad, n);
	report(!bad && n > 0,
	       "churn: STOP during the flood: each trigger's fires == acted + skipped",
	       diag);
	printf("# churn: %lu add/remove loops (%lu refused), %lu restarts after a STOP trigger, %llu fires of the %d triggers left, %llu snapshots served\n",
	       loops, refused, restarts, (unsigned long long)fires, n,
	       (unsigned long long)sv.served);
	report(!refused, "churn: every ADD and REMOVE succeeded", "refused");
	report(sv.served > 0 && restarts > 0,
	       "churn: snapshots were served, STOP triggers stopped the session",
	       "none");
	flood_stop();
	bad = counts_bad(sfd, &n, &fires);
	report(!bad, "churn: ... and still once the flood ended", "changed");
	atomic_store(&sv.stop, 1);
	pthread_join(sv.th, NULL);
	report(!ioctl(sfd, LTT_IOC_SESSION_DESTROY), "churn: DESTROY", "");
	pthread_join(rd.th, NULL);
	snprintf(diag, sizeof(diag), "end %ld errno %d, %llu out of order",
		 rd.end, rd.end_errno, (unsigned long long)rd.bad_seq);
	report(!rd.end && !rd.bad_seq && rd.records + rd.missed == rd.last_seq &&
	       rd.records > 0,
	       "churn: the reader ends at DESTROY; records + missed == the last seq",
	       diag);
	printf("# churn: %llu notifications read, %llu missed\n",
	       (unsigned long long)rd.records, (unsigned long long)rd.missed);
	close(nfd);
	close(cfd);
	close(sfd);
}

struct life {
	int sfd;
	long ids[6];
	atomic_int go;
	unsigned long ops;
};

/* START/STOP back and forth while the session lives */
static void *life_startstop(void *arg)
{
	struct life *l = arg;

	while (atomic_load(&l->go)) {
		if (ioctl(l->sfd, LTT_IOC_SESSION_STOP) == 0)
			l->ops++;
		if (ioctl(l->sfd, LTT_IOC_SESSION_START) && errno == EBUSY)
			break;		/* destroyed */
	}
	return NULL;
}

/* remove the triggers one by one, as DESTROY comes */
static void *life_remove(void *arg)
{
	struct life *l = arg;
	int i;

	for (i = 0; i < 6; i++) {
		remove_id(l->sfd, l->ids[i]);
		sched_yield();
	}
	return NULL;
}

static void life(int ctl, double seconds)
{
	unsigned long rounds = 0, bad_end = 0, setup = 0;
	pthread_t a, b;
	struct reader rd;
	struct life l;
	int cfd, nfd;
	double end;
	char name[32];

	phase = "life";
	flood_start();
	end = now() + seconds;
	srandom(2);
	while (now() < end) {
		snprintf(name, sizeof(name), "st-life-%lu", rounds);
		memset(&l, 0, sizeof(l));
		l.sfd = session(ctl, name, &cfd);
		nfd = l.sfd < 0 ? -1 : notify_open(l.sfd, LTT_NOTIFY_SERVE);
		if (nfd < 0) {
			setup++;
			break;
		}
		l.ids[0] = add(l.sfd, "ltt_user_mark", LTT_TRIGGER_ACT_STOP, 0, 0, 0);
		l.ids[1] = add(l.sfd, "ltt_user_mark", LTT_TRIGGER_ACT_SNAPSHOT, 0, 0, 1);
		l.ids[2] = add(l.sfd, "ltt_user_*", LTT_TRIGGER_ACT_NOTIFY, 0, 0, 0);
		l.ids[3] = add(l.sfd, "ltt_user_mark", LTT_TRIGGER_ACT_ROTATE, 0, 0, 0);
		l.ids[4] = add_usage(l.sfd, 1, LTT_TRIGGER_ACT_NOTIFY);
		l.ids[5] = add(l.sfd, "ltt_user_mark", LTT_TRIGGER_ACT_NOTIFY, 0, 0, -1);
		reader_start(&rd, nfd);
		if (ioctl(l.sfd, LTT_IOC_SESSION_START))
			setup++;
		atomic_store(&l.go, 1);
		pthread_create(&a, NULL, life_startstop, &l);
		pthread_create(&b, NULL, life_remove, &l);
		usleep(random() % 20000);	/* variety, not a wait */
		if (ioctl(l.sfd, LTT_IOC_SESSION_DESTROY))
			setup++;
		atomic_store(&l.go, 0);
		pthread_join(a, NULL);
		pthread_join(b, NULL);
		pthread_join(rd.th, NULL);
		if (rd.end || rd.bad_seq || rd.records + rd.missed != rd.last_seq)
			bad_end++;
		close(nfd);
		close(cfd);
		close(l.sfd);
		rounds++;
	}
	flood_stop();
	report(!setup && rounds > 0,
	       "life: sessions with triggers set up, started, destroyed", "failed");
	report(!bad_end,
	       "life: each blocked reader ended with 0 at DESTROY, its seqs in order",
	       "a reader did not");
	printf("# life: %lu sessions started/stopped/destroyed under a flood\n",
	       rounds);
}

/* A reader blocked on a notification fd that another thread closes. */
static void close_while_reading(int ctl)
{
	struct reader rd;
	int sfd, cfd, nfd, mark, i;
	long id;

	phase = "close";
	for (i = 0; i < 2; i++) {
		sfd = session(ctl, i ? "st-close1" : "st-close0", &cfd);
		nfd = sfd < 0 ? -1 : notify_open(sfd, 0);
		id = nfd < 0 ? -1 : add(sfd, "ltt_user_mark",
					LTT_TRIGGER_ACT_NOTIFY, 0, 0, 0);
		report(id == 1 && !ioctl(sfd, LTT_IOC_SESSION_START),
		       "close: a session with a NOTIFY trigger, started", err(id));
		if (id != 1)
			return;
		reader_start(&rd, nfd);
		reader_wait_blocked(&rd);
		report(!close(nfd), "close: the fd closed under the reader", "");
		if (!i) {
			mark = open("/dev/ltt-mark", O_WRONLY);
			report(write(mark, "st after close", 14) == 14,
			       "close: a mark fires the trigger", "");
			close(mark);
			pthread_join(rd.th, NULL);
			report(rd.records == 1 && rd.last_seq == 1,
			       "close: the blocked read returns that notification",
			       "not it");
		} else {
			report(!ioctl(sfd, LTT_IOC_SESSION_DESTROY),
			       "close: DESTROY", "");
			pthread_join(rd.th, NULL);
			report(!rd.records && !rd.end,
			       "close: the blocked read returns 0 at DESTROY",
			       "not 0");
		}
		ioctl(sfd, LTT_IOC_SESSION_DESTROY);
		close(cfd);
		close(sfd);
	}
}

static atomic_int signalling;
static void on_usr1(int sig) { (void)sig; }

static void *signal_loop(void *arg)
{
	(void)arg;
	while (atomic_load(&signalling))
		kill(getpid(), SIGUSR1);
	return NULL;
}

/* The watched event's probe module goes away and comes back. */
static void unload(int ctl, int rounds)
{
	struct ltt_trigger_entry e[LTT_MAX_TRIGGERS];
	int sfd, cfd, r, n, gone = 0, back = 0, rc_bad = 0, bad;
	uint64_t fires;
	pthread_t th;
	char diag[96];

	phase = "unload";
	if (system("modprobe ltt-probe-signal")) {
		report(0, "unload: modprobe ltt-probe-signal", "failed");
		return;
	}
	sfd = session(ctl, "st-unload", &cfd);
	report(sfd >= 0 &&
	       add(sfd, "signal_generate", LTT_TRIGGER_ACT_NOTIFY, 0, 0, 0) == 1 &&
	       add(sfd, "signal_*", LTT_TRIGGER_ACT_SNAPSHOT, 0, 0, 0) == 2 &&
	       add(sfd, "signal_generate", LTT_TRIGGER_ACT_STOP, 0, 1000000, 0) == 3 &&
	       notify_open(sfd, 0) >= 0 &&
	       !ioctl(sfd, LTT_IOC_SESSION_START),
	       "unload: triggers on signal_generate, signal_*; started", err(sfd));
	if (sfd < 0)
		return;
	n = list(sfd, e);
	snprintf(diag, sizeof(diag), "n %d: %u %u %u", n, e[0].nr_events,
		 e[1].nr_events, e[2].nr_events);
	report(n == 3 && e[0].nr_events == 1 && e[1].nr_events >= 2 &&
	       e[2].nr_events == 1, "unload: they watch the probe's events", diag);
	signal(SIGUSR1, on_usr1);
	atomic_store(&signalling, 1);
	pthread_create(&th, NULL, signal_loop, NULL);
	for (r = 0; r < rounds; r++) {
		if (state(sfd) == LTT_SESSION_STOPPED)
			ioctl(sfd, LTT_IOC_SESSION_START);
		rc_bad += !!system("rmmod ltt-probe-signal");
		n = list(sfd, e);
		gone += n == 3 && !e[0].nr_events && !e[1].nr_events &&
			!e[2].nr_events;
		rc_bad += !!system("modprobe ltt-probe-signal");
		n = list(sfd, e);
		back += n == 3 && e[0].nr_events == 1 && e[2].nr_events == 1;
	}
	atomic_store(&signalling, 0);
	pthread_join(th, NULL);
	snprintf(diag, sizeof(diag), "rmmod/modprobe failed %d times", rc_bad);
	report(!rc_bad, "unload: the probe module unloads and loads each round",
	       diag);
	snprintf(diag, sizeof(diag), "%d and %d of %d rounds", gone, back, rounds);
	report(gone == rounds && back == rounds,
	       "unload: the triggers watch 0 events once it is gone, 1 once back",
	       diag);
	ioctl(sfd, LTT_IOC_SESSION_STOP);
	bad = counts_bad(sfd, &n, &fires);
	printf("# unload: %d rounds, %llu fires\n", rounds,
	       (unsigned long long)fires);
	report(!bad && fires > 0, "unload: fires == acted + skipped, some fired",
	       "no");
	ioctl(sfd, LTT_IOC_SESSION_DESTROY);
	close(cfd);
	close(sfd);
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 10;
	struct ltt_version v = { .major = LTT_ABI_MAJOR, .minor = LTT_ABI_MINOR };
	int ctl;

	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGALRM, hang);
	ctl = open("/dev/ltt", O_RDWR);
	report(ctl >= 0 && !ioctl(ctl, LTT_IOC_VERSION, &v), "open /dev/ltt",
	       err(ctl));
	if (ctl < 0)
		return 1;
	/* a phase that takes 10 times its length (and 2 min) is hung */
	alarm(10 * seconds + 120);
	churn(ctl, seconds);
	alarm(10 * seconds + 120);
	life(ctl, seconds);
	alarm(120);
	close_while_reading(ctl);
	alarm(300);
	unload(ctl, 10);
	alarm(0);
	close(ctl);
	return failed ? 1 : 0;
}
