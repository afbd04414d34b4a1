// SPDX-License-Identifier: GPL-2.0-only
/*
 * The trigger ioctls for guest scripts that must not depend on lttctl's
 * trigger commands (benchmarks, stress tests):
 *
 *	ltt-trigger-add SESSION EVENT stop|snapshot|rotate|notify
 *			[--int FIELD VALUE | --str FIELD GLOB]
 *		adds a trigger on EVENT, with the filter FIELD == VALUE (an
 *		integer field) or FIELD == "GLOB" (a string field) if given;
 *		prints its id
 *	ltt-trigger-add --list SESSION
 *		one line per trigger: "id fires acted skipped_rate
 *		skipped_busy nr_events"
 *
 * Exit 1 with a message when the kernel refuses.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <ltt/abi.h>

static int die(const char *what)
{
	fprintf(stderr, "ltt-trigger-add: %s: %s\n", what, strerror(errno));
	return 1;
}

/* LOAD_FIELD field, PUSH_INT v or PUSH_STR glob, EQ, RET */
static size_t filter(uint8_t *buf, const char *field, const char *val,
		     int is_int)
{
	struct ltt_filter_header h = {
		.magic = LTT_FILTER_MAGIC, .version = LTT_FILTER_VERSION,
	};
	uint16_t flen = strlen(field), vlen = strlen(val), zero = 0;
	uint8_t *c = buf + sizeof(h);
	int64_t v = strtoll(val, NULL, 0);
	size_t n = 0;

	c[n++] = LTT_FOP_LOAD_FIELD;
	memcpy(c + n, &zero, 2);
	memcpy(c + n + 2, &flen, 2);
	n += 4;
	if (is_int) {
		c[n++] = LTT_FOP_PUSH_INT;
		memcpy(c + n, &v, 8);
		n += 8;
		vlen = 0;
	} else {
		c[n++] = LTT_FOP_PUSH_STR;
		memcpy(c + n, &flen, 2);
		memcpy(c + n + 2, &vlen, 2);
		n += 4;
	}
	c[n++] = LTT_FOP_EQ;
	c[n++] = LTT_FOP_RET;
	h.code_len = n;
	h.strtab_len = flen + vlen;
	memcpy(c + n, field, flen);
	memcpy(c + n + flen, val, vlen);
	memcpy(buf, &h, sizeof(h));
	return sizeof(h) + n + h.strtab_len;
}

static int open_session(const char *name)
{
	struct ltt_version v = { .major = LTT_ABI_MAJOR, .minor = LTT_ABI_MINOR };
	struct ltt_session_args a;
	int ctl = open("/dev/ltt", O_RDWR), sfd;

	if (ctl < 0 || ioctl(ctl, LTT_IOC_VERSION, &v))
		return -1;
	memset(&a, 0, sizeof(a));
	strncpy(a.name, name, sizeof(a.name) - 1);
	sfd = ioctl(ctl, LTT_IOC_SESSION_OPEN, &a);
	close(ctl);
	return sfd;
}

static int list(int sfd)
{
	struct ltt_trigger_entry e[LTT_MAX_TRIGGERS];
	struct ltt_list l = {
		.entries = (uintptr_t)e, .capacity = LTT_MAX_TRIGGERS,
		.entry_size = sizeof(e[0]),
	};
	unsigned int i;

	if (ioctl(sfd, LTT_IOC_TRIGGER_LIST, &l))
		return die("TRIGGER_LIST");
	for (i = 0; i < l.count && i < LTT_MAX_TRIGGERS; i++)
		printf("%llu %llu %llu %llu %llu %u\n",
		       (unsigned long long)e[i].id,
		       (unsigned long long)e[i].fires,
		       (unsigned long long)e[i].acted,
		       (unsigned long long)e[i].skipped_rate,
		       (unsigned long long)e[i].skipped_busy, e[i].nr_events);
	return 0;
}

int main(int argc, char **argv)
{
	static const char *const actions[] = { "stop", "snapshot", "rotate",
					       "notify" };
	static uint8_t prog[512];
	struct ltt_trigger_args a;
	int sfd, i;

	if (argc == 3 && !strcmp(argv[1], "--list")) {
		sfd = open_session(argv[2]);
		return sfd < 0 ? die(argv[2]) : list(sfd);
	}
	if (argc != 4 && !(argc == 7 && (!strcmp(argv[4], "--int") ||
					  !strcmp(argv[4], "--str")))) {
		fprintf(stderr, "usage: ltt-trigger-add SESSION EVENT ACTION [--int|--str FIELD VALUE]\n"
				"       ltt-trigger-add --list SESSION\n");
		return 2;
	}
	memset(&a, 0, sizeof(a));
	a.condition = LTT_TRIGGER_COND_EVENT;
	for (i = 0; i < 4; i++)
		if (!strcmp(argv[3], actions[i]))
			a.action = LTT_TRIGGER_ACT_STOP + i;
	if (!a.action || strlen(argv[2]) >= sizeof(a.event)) {
		fprintf(stderr, "ltt-trigger-add: bad action or event\n");
		return 2;
	}
	strcpy(a.event, argv[2]);
	if (argc == 7) {
		a.filter_len = filter(prog, argv[5], argv[6],
				      !strcmp(argv[4], "--int"));
		a.filter = (uintptr_t)prog;
	}
	sfd = open_session(argv[1]);
	if (sfd < 0)
		return die(argv[1]);
	if (ioctl(sfd, LTT_IOC_TRIGGER_ADD, &a))
		return die("TRIGGER_ADD");
	printf("%llu\n", (unsigned long long)a.id);
	return 0;
}
