// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt-trigger-slip SESSION: the STOP trigger's slip (bench/trigger-cost).
 * SESSION records ltt_user_mark (started by the caller). Adds a STOP
 * trigger on ltt_user_mark with msg == "slip trigger", floods marks "slip
 * flood" from a thread on every CPU but 0, and once each has written 1000,
 * writes the trigger mark from CPU 0; waits for the trigger's work to stop
 * the session (its state, polled), then ends the flood. Prints "flood
 * writes N" (all of them). Exit 1 when something is refused or the
 * session is not stopped within 60 s.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <ltt/abi.h>

static atomic_int flooding = 1;
static atomic_long writes[64];

static void pin(long cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

static void *flood(void *arg)
{
	long cpu = (long)arg;
	int fd = open("/dev/ltt-mark", O_WRONLY);

	pin(cpu);
	while (fd >= 0 && atomic_load(&flooding))
		if (write(fd, "slip flood", 10) == 10)
			atomic_fetch_add(&writes[cpu], 1);
	return NULL;
}

/* msg == "slip trigger" */
static size_t filter(uint8_t *buf)
{
	static const char strtab[] = "msgslip trigger";
	struct ltt_filter_header h = {
		.magic = LTT_FILTER_MAGIC, .version = LTT_FILTER_VERSION,
		.code_len = 12, .strtab_len = sizeof(strtab) - 1,
	};
	const uint8_t code[12] = {
		LTT_FOP_LOAD_FIELD, 0, 0, 3, 0,
		LTT_FOP_PUSH_STR, 3, 0, sizeof(strtab) - 4, 0,
		LTT_FOP_EQ, LTT_FOP_RET,
	};

	memcpy(buf, &h, sizeof(h));
	memcpy(buf + sizeof(h), code, sizeof(code));
	memcpy(buf + sizeof(h) + sizeof(code), strtab, h.strtab_len);
	return sizeof(h) + sizeof(code) + h.strtab_len;
}

static int fail(const char *what)
{
	fprintf(stderr, "ltt-trigger-slip: %s: %s\n", what, strerror(errno));
	return 1;
}

int main(int argc, char **argv)
{
	struct ltt_version v = { .major = LTT_ABI_MAJOR, .minor = LTT_ABI_MINOR };
	long i, n = sysconf(_SC_NPROCESSORS_ONLN), total = 0;
	struct ltt_session_info info;
	struct ltt_session_args sa;
	struct ltt_trigger_args ta;
	static uint8_t prog[128];
	pthread_t th[64];
	int ctl, sfd, mark, tries;

	if (argc != 2 || n < 2 || n > 64) {
		fprintf(stderr, "usage: ltt-trigger-slip SESSION (2 to 64 CPUs)\n");
		return 2;
	}
	ctl = open("/dev/ltt", O_RDWR);
	if (ctl < 0 || ioctl(ctl, LTT_IOC_VERSION, &v))
		return fail("/dev/ltt");
	memset(&sa, 0, sizeof(sa));
	strncpy(sa.name, argv[1], sizeof(sa.name) - 1);
	sfd = ioctl(ctl, LTT_IOC_SESSION_OPEN, &sa);
	if (sfd < 0)
		return fail(argv[1]);
	memset(&ta, 0, sizeof(ta));
	ta.condition = LTT_TRIGGER_COND_EVENT;
	ta.action = LTT_TRIGGER_ACT_STOP;
	strcpy(ta.event, "ltt_user_mark");
	ta.filter_len = filter(prog);
	ta.filter = (uintptr_t)prog;
	if (ioctl(sfd, LTT_IOC_TRIGGER_ADD, &ta))
		return fail("TRIGGER_ADD");
	mark = open("/dev/ltt-mark", O_WRONLY);
	if (mark < 0)
		return fail("/dev/ltt-mark");
	pin(0);
	for (i = 1; i < n; i++)
		pthread_create(&th[i], NULL, flood, (void *)i);
	for (i = 1; i < n; i++)
		while (atomic_load(&writes[i]) < 1000)
			sched_yield();
	if (write(mark, "slip trigger", 12) != 12)
		return fail("the trigger mark");
	for (tries = 0; tries < 60000; tries++) {
		if (ioctl(sfd, LTT_IOC_SESSION_INFO, &info))
			return fail("SESSION_INFO");
		if (info.state == LTT_SESSION_STOPPED)
			break;
		usleep(1000);
	}
	atomic_store(&flooding, 0);
	for (i = 1; i < n; i++) {
		pthread_join(th[i], NULL);
		total += atomic_load(&writes[i]);
	}
	printf("flood writes %ld\n", total);
	if (info.state != LTT_SESSION_STOPPED) {
		fprintf(stderr, "ltt-trigger-slip: the session did not stop\n");
		return 1;
	}
	return 0;
}
