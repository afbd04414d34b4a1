// SPDX-License-Identifier: GPL-2.0-only
/*
 * Bad input to the trigger commands of a session fd (abi.h, "Triggers"):
 * TRIGGER_ADD/REMOVE/LIST/NOTIFY_OPEN and the notification fd, each field
 * out of range, bad pointers, the list rules, the limits, a destroyed
 * session, then random argument bytes; every call's result asserted
 * exactly. The good path runs once in between (a NOTIFY trigger with a
 * filter on ltt_user_mark, fired by /dev/ltt-mark) so that the errors of
 * the notification fd are seen next to a record read whole. Prints
 * unnumbered TAP lines for the VM runner. Needs ltt loaded, no session
 * named "fzt*".
 *
 *	ltt-trigger-fuzz [ROUNDS [SEED]]	ROUNDS random TRIGGER_ADD (and
 *						REMOVE, LIST) argument buffers
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <ltt/abi.h>

static int failed;
/* an address userspace cannot read, hidden from the compiler's checks */
static void *volatile bad_ptr = (void *)8;

/* ret >= 0 when want_errno is 0, else ret < 0 with errno want_errno */
static void check(const char *what, long ret, int want_errno)
{
	int e = ret < 0 ? errno : 0;

	if ((!want_errno && ret >= 0) || (want_errno && ret < 0 && e == want_errno)) {
		printf("ok - %s\n", what);
		return;
	}
	printf("not ok - %s\n#   got ret %ld errno %d (%s), want errno %d (%s)\n",
	       what, ret, e, strerror(e), want_errno, strerror(want_errno));
	failed++;
}

static void is(const char *what, long long got, long long want)
{
	if (got == want) {
		printf("ok - %s\n", what);
		return;
	}
	printf("not ok - %s\n#   got %lld, want %lld\n", what, got, want);
	failed++;
}

static int session_create(int ctl, const char *name)
{
	struct ltt_session_args a;

	memset(&a, 0, sizeof(a));
	strcpy(a.name, name);
	return ioctl(ctl, LTT_IOC_SESSION_CREATE, &a);
}

static int channel_create(int sfd, const char *name)
{
	struct ltt_channel_args a;

	memset(&a, 0, sizeof(a));
	strcpy(a.name, name);
	a.subbuf_size = 4096;
	a.num_subbuf = 4;
	return ioctl(sfd, LTT_IOC_CHANNEL_CREATE, &a);
}

static struct ltt_trigger_args on_event(const char *ev, uint32_t action)
{
	struct ltt_trigger_args a;

	memset(&a, 0, sizeof(a));
	a.condition = LTT_TRIGGER_COND_EVENT;
	a.action = action;
	strncpy(a.event, ev, sizeof(a.event) - 1);
	return a;
}

static struct ltt_trigger_args on_usage(const char *chan, uint32_t pct,
					uint32_t action)
{
	struct ltt_trigger_args a;

	memset(&a, 0, sizeof(a));
	a.condition = LTT_TRIGGER_COND_BUFFER_USAGE;
	a.action = action;
	strncpy(a.channel, chan, sizeof(a.channel) - 1);
	a.usage_pct = pct;
	return a;
}

static long add(int sfd, struct ltt_trigger_args a)
{
	int ret = ioctl(sfd, LTT_IOC_TRIGGER_ADD, &a);

	return ret < 0 ? ret : (long)a.id;
}

static int remove_id(int sfd, uint64_t id)
{
	struct ltt_trigger_id t = { .id = id };

	return ioctl(sfd, LTT_IOC_TRIGGER_REMOVE, &t);
}

static int list(int sfd, struct ltt_trigger_entry *e, unsigned int cap,
		struct ltt_list *l)
{
	memset(l, 0, sizeof(*l));
	l->entries = (uintptr_t)e;
	l->capacity = cap;
	l->entry_size = sizeof(*e);
	return ioctl(sfd, LTT_IOC_TRIGGER_LIST, l);
}

/*
 * A filter program: header, code, string table, and the text section
 * when text is not NULL. Returns its length in buf.
 */
static size_t prog(uint8_t *buf, const uint8_t *code, uint32_t code_len,
		   const char *strtab, const char *text)
{
	struct ltt_filter_header h = {
		.magic = LTT_FILTER_MAGIC, .version = LTT_FILTER_VERSION,
		.flags = text ? LTT_FILTER_F_TEXT : 0, .code_len = code_len,
		.strtab_len = strlen(strtab),
	};
	size_t len = 0;

	memcpy(buf, &h, sizeof(h));
	len += sizeof(h);
	memcpy(buf + len, code, code_len);
	len += code_len;
	memcpy(buf + len, strtab, h.strtab_len);
	len += h.strtab_len;
	if (text) {
		memcpy(buf + len, text, strlen(text) + 1);
		len += strlen(text) + 1;
	}
	return len;
}

/* msg == "fz-hit*" on ltt_user_mark {pid, tid, msg} */
static const uint8_t hit_code[] = {
	LTT_FOP_LOAD_FIELD, 0, 0, 3, 0,		/* "msg" */
	LTT_FOP_PUSH_STR, 3, 0, 7, 0,		/* "fz-hit*" */
	LTT_FOP_EQ, LTT_FOP_RET,
};
#define HIT_STRTAB	"msgfz-hit*"
#define HIT_TEXT	"msg == \"fz-hit*\""

/* msg == 5: a string against an integer, refused when linked */
static const uint8_t type_code[] = {
	LTT_FOP_LOAD_FIELD, 0, 0, 3, 0,
	LTT_FOP_PUSH_INT, 5, 0, 0, 0, 0, 0, 0, 0,
	LTT_FOP_EQ, LTT_FOP_RET,
};

static struct ltt_trigger_args with_filter(struct ltt_trigger_args a,
					   const void *p, size_t len)
{
	a.filter = (uintptr_t)p;
	a.filter_len = len;
	return a;
}

/* TRIGGER_ADD: each field out of range, and the pointers. */
static void add_tests(int sfd)
{
	static uint8_t p[512];
	struct ltt_trigger_args a;
	size_t len;
	int i;

	a = on_event("ltt_user_mark", LTT_TRIGGER_ACT_NOTIFY);
	a.condition = 0;
	check("ADD condition 0: EINVAL", add(sfd, a), EINVAL);
	a.condition = 99;
	check("ADD condition 99: EINVAL", add(sfd, a), EINVAL);
	a = on_event("ltt_user_mark", 0);
	check("ADD action 0: EINVAL", add(sfd, a), EINVAL);
	a.action = 99;
	check("ADD action 99: EINVAL", add(sfd, a), EINVAL);
	check("ADD usage_pct 0: EINVAL",
	      add(sfd, on_usage("c", 0, LTT_TRIGGER_ACT_STOP)), EINVAL);
	check("ADD usage_pct 101: EINVAL",
	      add(sfd, on_usage("c", 101, LTT_TRIGGER_ACT_STOP)), EINVAL);
	check("ADD empty event: EINVAL",
	      add(sfd, on_event("", LTT_TRIGGER_ACT_STOP)), EINVAL);
	a = on_event("", LTT_TRIGGER_ACT_STOP);
	memset(a.event, 'x', sizeof(a.event));
	check("ADD unterminated event: EINVAL", add(sfd, a), EINVAL);
	check("ADD event with a blank (bad pattern): EINVAL",
	      add(sfd, on_event("ltt_user mark", LTT_TRIGGER_ACT_STOP)), EINVAL);
	check("ADD event with a tab (bad pattern): EINVAL",
	      add(sfd, on_event("ltt_*\tx", LTT_TRIGGER_ACT_STOP)), EINVAL);
	a = on_event("ltt_user_mark", LTT_TRIGGER_ACT_STOP);
	strcpy(a.channel, "c");
	check("ADD event condition with a channel: EINVAL", add(sfd, a), EINVAL);
	a = on_event("ltt_user_mark", LTT_TRIGGER_ACT_STOP);
	a.usage_pct = 50;
	check("ADD event condition with usage_pct: EINVAL", add(sfd, a), EINVAL);
	a = on_usage("c", 50, LTT_TRIGGER_ACT_STOP);
	strcpy(a.event, "ltt_user_mark");
	check("ADD buffer usage with an event: EINVAL", add(sfd, a), EINVAL);
	check("ADD buffer usage without a channel: EINVAL",
	      add(sfd, on_usage("", 50, LTT_TRIGGER_ACT_STOP)), EINVAL);
	a = on_usage("c", 50, LTT_TRIGGER_ACT_STOP);
	memset(a.channel, 'c', sizeof(a.channel));
	check("ADD unterminated channel: EINVAL", add(sfd, a), EINVAL);
	check("ADD unknown channel: ENOENT",
	      add(sfd, on_usage("nochan", 50, LTT_TRIGGER_ACT_STOP)), ENOENT);

	a = on_event("ltt_user_mark", LTT_TRIGGER_ACT_STOP);
	a.filter = (uintptr_t)p;
	check("ADD filter pointer with filter_len 0: EINVAL", add(sfd, a), EINVAL);
	a.filter = 0;
	a.filter_len = 16;
	check("ADD filter_len without a pointer: EFAULT", add(sfd, a), EFAULT);
	a.filter = (uintptr_t)bad_ptr;
	check("ADD filter at a bad pointer: EFAULT", add(sfd, a), EFAULT);
	a.filter = (uintptr_t)p;
	a.filter_len = 1u << 30;
	check("ADD a 1 GiB filter: EINVAL", add(sfd, a), EINVAL);
	len = prog(p, hit_code, sizeof(hit_code), HIT_STRTAB, NULL);
	((struct ltt_filter_header *)p)->magic ^= 1;
	check("ADD filter with a bad magic: EINVAL",
	      add(sfd, with_filter(a, p, len)), EINVAL);
	len = prog(p, (const uint8_t[]){ 0x7f, LTT_FOP_RET }, 2, "", NULL);
	check("ADD filter with an unknown opcode: EINVAL",
	      add(sfd, with_filter(a, p, len)), EINVAL);
	len = prog(p, (const uint8_t[]){ LTT_FOP_EQ, LTT_FOP_RET }, 2, "", NULL);
	check("ADD filter popping an empty stack: EINVAL",
	      add(sfd, with_filter(a, p, len)), EINVAL);
	len = prog(p, hit_code, sizeof(hit_code) - 1, HIT_STRTAB, NULL);
	check("ADD filter without its RET: EINVAL",
	      add(sfd, with_filter(a, p, len)), EINVAL);
	srandom(7);
	for (i = 0; i < 64; i++)
		p[i] = random();
	check("ADD filter of 64 random bytes: EINVAL",
	      add(sfd, with_filter(a, p, 64)), EINVAL);
	len = prog(p, type_code, sizeof(type_code), "msg", NULL);
	check("ADD filter msg == 5 (a type error once linked): EINVAL",
	      add(sfd, with_filter(a, p, len)), EINVAL);
	len = prog(p, hit_code, sizeof(hit_code), HIT_STRTAB, NULL);
	check("ADD filter on a buffer usage condition: EINVAL",
	      add(sfd, with_filter(on_usage("c", 50, LTT_TRIGGER_ACT_STOP), p,
				   len)), EINVAL);

	a = on_event("ltt_user_mark", LTT_TRIGGER_ACT_STOP);
	a.reserved0 = 1;
	check("ADD reserved0 set: EINVAL", add(sfd, a), EINVAL);
	a.reserved0 = 0;
	a.reserved[1] = 1;
	check("ADD reserved[1] set: EINVAL", add(sfd, a), EINVAL);
	a.reserved[1] = 0;
	a.flags = 1;
	check("ADD flags 1 (none defined): EINVAL", add(sfd, a), EINVAL);
	a.flags = 1u << 31;
	check("ADD flags 1<<31: EINVAL", add(sfd, a), EINVAL);
	a.flags = 0;
	a.id = 5;
	check("ADD with an id in: EINVAL", add(sfd, a), EINVAL);
	check("ADD NULL argument: EFAULT",
	      ioctl(sfd, LTT_IOC_TRIGGER_ADD, NULL), EFAULT);
	check("ADD argument at a bad pointer: EFAULT",
	      ioctl(sfd, LTT_IOC_TRIGGER_ADD, bad_ptr), EFAULT);
	check("ADD argument at a kernel pointer: EFAULT",
	      ioctl(sfd, LTT_IOC_TRIGGER_ADD, (void *)0xffffffff81000000UL),
	      EFAULT);
}

/*
 * LIST and REMOVE on three triggers: ids 1, 2, 3 (nothing before got
 * one), the entries as added, the list rules.
 */
static void list_remove_tests(int sfd)
{
	static uint8_t p[256];
	struct ltt_trigger_entry e[4];
	struct ltt_trigger_args a;
	struct ltt_trigger_id t;
	struct ltt_list l;
	size_t len;

	a = on_event("fz_no_such_event", LTT_TRIGGER_ACT_STOP);
	a.max = 3;
	a.every_ns = 1000;
	is("ADD on an event not registered (yet): id 1", add(sfd, a), 1);
	is("ADD buffer usage 100% of c: id 2",
	   add(sfd, on_usage("c", 100, LTT_TRIGGER_ACT_SNAPSHOT)), 2);
	len = prog(p, hit_code, sizeof(hit_code), HIT_STRTAB, HIT_TEXT);
	is("ADD ltt_user_* with a filter: id 3",
	   add(sfd, with_filter(on_event("ltt_user_*", LTT_TRIGGER_ACT_ROTATE),
				p, len)), 3);

	check("LIST capacity 0, no pointer: the count", list(sfd, NULL, 0, &l), 0);
	is("... 3", l.count, 3);
	memset(e, 0x5a, sizeof(e));
	check("LIST capacity 1 of 3", list(sfd, e, 1, &l), 0);
	is("... count 3, entry 0 is id 1", l.count * 100 + e[0].id, 301);
	is("... entry 1 untouched", ((unsigned char *)&e[1])[0], 0x5a);
	memset(e, 0x5a, sizeof(e));
	check("LIST capacity 4", list(sfd, e, 4, &l), 0);
	is("... count 3, entry 3 untouched",
	   l.count * 1000 + ((unsigned char *)&e[3])[0], 3000 + 0x5a);
	is("... 1: event, STOP, max 3, every 1000, watches 0 events, no filter",
	   !strcmp(e[0].event, "fz_no_such_event") && !e[0].channel[0] &&
	   e[0].condition == LTT_TRIGGER_COND_EVENT &&
	   e[0].action == LTT_TRIGGER_ACT_STOP && e[0].max == 3 &&
	   e[0].every_ns == 1000 && !e[0].nr_events && !e[0].flags &&
	   !e[0].filter[0] && !e[0].fires && !e[0].acted &&
	   !e[0].skipped_rate && !e[0].skipped_busy, 1);
	is("... 2: buffer usage of c at 100, SNAPSHOT",
	   e[1].id == 2 && !strcmp(e[1].channel, "c") && !e[1].event[0] &&
	   e[1].condition == LTT_TRIGGER_COND_BUFFER_USAGE &&
	   e[1].usage_pct == 100 && e[1].action == LTT_TRIGGER_ACT_SNAPSHOT &&
	   !e[1].nr_events, 1);
	is("... 3: ltt_user_*, ROTATE, watching ltt_user_mark, its filter's text",
	   e[2].id == 3 && !strcmp(e[2].event, "ltt_user_*") &&
	   e[2].action == LTT_TRIGGER_ACT_ROTATE && e[2].nr_events == 1 &&
	   e[2].flags == LTT_TRIGGER_F_FILTER &&
	   !strcmp(e[2].filter, HIT_TEXT), 1);

	list(sfd, e, 4, &l);
	l.entry_size = sizeof(e[0]) - 8;
	l.count = 0;
	check("LIST wrong entry_size: EINVAL",
	      ioctl(sfd, LTT_IOC_TRIGGER_LIST, &l), EINVAL);
	list(sfd, e, 4, &l);
	check("LIST count set on input: EINVAL",
	      ioctl(sfd, LTT_IOC_TRIGGER_LIST, &l), EINVAL);
	list(sfd, e, 4, &l);
	l.count = 0;
	l.reserved = 1;
	check("LIST reserved set: EINVAL",
	      ioctl(sfd, LTT_IOC_TRIGGER_LIST, &l), EINVAL);
	check("LIST capacity without a pointer: EINVAL", list(sfd, NULL, 4, &l),
	      EINVAL);
	check("LIST capacity 1<<30: EINVAL", list(sfd, e, 1u << 30, &l), EINVAL);
	check("LIST into a bad pointer: EFAULT", list(sfd, bad_ptr, 4, &l),
	      EFAULT);
	check("LIST argument at a bad pointer: EFAULT",
	      ioctl(sfd, LTT_IOC_TRIGGER_LIST, bad_ptr), EFAULT);

	check("REMOVE id 0: EINVAL", remove_id(sfd, 0), EINVAL);
	memset(&t, 0, sizeof(t));
	t.id = 1;
	t.reserved = 1;
	check("REMOVE reserved set: EINVAL",
	      ioctl(sfd, LTT_IOC_TRIGGER_REMOVE, &t), EINVAL);
	check("REMOVE unknown id 999: ENOENT", remove_id(sfd, 999), ENOENT);
	check("REMOVE argument at a bad pointer: EFAULT",
	      ioctl(sfd, LTT_IOC_TRIGGER_REMOVE, bad_ptr), EFAULT);
	check("REMOVE 2", remove_id(sfd, 2), 0);
	check("REMOVE 2 again: ENOENT", remove_id(sfd, 2), ENOENT);
	list(sfd, e, 4, &l);
	is("LIST: 1 and 3 left", l.count * 100 + e[0].id * 10 + e[1].id, 213);
	is("ADD after a remove: the next id, 4",
	   add(sfd, on_usage("c", 1, LTT_TRIGGER_ACT_NOTIFY)), 4);
	check("REMOVE 1", remove_id(sfd, 1), 0);
	check("REMOVE 3", remove_id(sfd, 3), 0);
	check("REMOVE 4", remove_id(sfd, 4), 0);
	list(sfd, NULL, 0, &l);
	is("LIST: none left", l.count, 0);
}

/* LTT_MAX_TRIGGERS, then ENOSPC; all removed again. */
static void limit_tests(int sfd)
{
	long id, first = 0, last = 0;
	struct ltt_list l;
	int i, bad = 0;

	for (i = 0; i < LTT_MAX_TRIGGERS; i++) {
		id = add(sfd, on_usage("c", 100, LTT_TRIGGER_ACT_STOP));
		if (id < 0)
			bad++;
		if (!first)
			first = id;
		last = id;
	}
	is("LTT_MAX_TRIGGERS triggers added", bad, 0);
	check("one more: ENOSPC",
	      add(sfd, on_usage("c", 100, LTT_TRIGGER_ACT_STOP)), ENOSPC);
	check("... also an event trigger: ENOSPC",
	      add(sfd, on_event("ltt_user_mark", LTT_TRIGGER_ACT_STOP)), ENOSPC);
	list(sfd, NULL, 0, &l);
	is("LIST counts LTT_MAX_TRIGGERS", l.count, LTT_MAX_TRIGGERS);
	check("REMOVE the first", remove_id(sfd, first), 0);
	is("ADD fits again", add(sfd, on_usage("c", 100, LTT_TRIGGER_ACT_STOP)),
	   last + 1);
	for (id = first + 1, bad = 0; id <= last + 1; id++)
		bad += remove_id(sfd, id) != 0;
	is("all removed", bad, 0);
}

static int notify_open(int sfd, uint32_t flags, uint32_t reserved)
{
	struct ltt_notify_args n = { .flags = flags, .reserved = reserved };

	return ioctl(sfd, LTT_IOC_TRIGGER_NOTIFY_OPEN, &n);
}

static short poll_now(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	return poll(&p, 1, 0) == 1 ? p.revents : 0;
}

/*
 * The payload of ltt_user_mark: INT pid, INT tid, STR msg (abi.h's layout).
 * 1 when it holds exactly those values.
 */
static int mark_payload_is(const uint8_t *pl, size_t len, int64_t pid,
			   int64_t tid, const char *msg)
{
	static const char *const names[] = { "pid", "tid", "msg" };
	const int64_t ints[] = { pid, tid };
	size_t pos = 0, nlen;
	uint16_t slen;
	int64_t v;
	int i;

	for (i = 0; i < 3; i++) {
		if (pos + 2 > len)
			return 0;
		nlen = pl[pos + 1];
		if (pl[pos] != (i < 2 ? LTT_NFIELD_INT : LTT_NFIELD_STR) ||
		    nlen != strlen(names[i]) || pos + 2 + nlen > len ||
		    memcmp(pl + pos + 2, names[i], nlen))
			return 0;
		pos += 2 + nlen;
		if (i < 2) {
			if (pos + 8 > len)
				return 0;
			memcpy(&v, pl + pos, 8);
			if (v != ints[i])
				return 0;
			pos += 8;
			continue;
		}
		if (pos + 2 > len)
			return 0;
		memcpy(&slen, pl + pos, 2);
		pos += 2;
		if (slen != strlen(msg) || pos + slen != len ||
		    memcmp(pl + pos, msg, slen))
			return 0;
		pos += slen;
	}
	return pos == len;
}

static int mark(const char *msg)
{
	int fd = open("/dev/ltt-mark", O_WRONLY), ret;

	if (fd < 0)
		return -1;
	ret = write(fd, msg, strlen(msg)) == (ssize_t)strlen(msg) ? 0 : -1;
	close(fd);
	return ret;
}

/*
 * The notification fd: its open's errors, reads before anything came,
 * one record read whole, the read's errors, the counts, then DESTROY:
 * every command of a destroyed session.
 */
static void notify_tests(int sfd)
{
	static uint8_t p[256], rec[LTT_NOTIFICATION_MAX + 64];
	const struct ltt_trigger_notification *n = (void *)rec;
	struct ltt_trigger_entry e[2];
	struct ltt_list l;
	long id, ret;
	size_t len;
	int nfd;

	check("NOTIFY_OPEN flags 2 (unknown): EINVAL", notify_open(sfd, 2, 0),
	      EINVAL);
	check("NOTIFY_OPEN reserved set: EINVAL",
	      notify_open(sfd, LTT_NOTIFY_SERVE, 1), EINVAL);
	check("NOTIFY_OPEN argument at a bad pointer: EFAULT",
	      ioctl(sfd, LTT_IOC_TRIGGER_NOTIFY_OPEN, bad_ptr), EFAULT);
	nfd = notify_open(sfd, 0, 0);
	check("NOTIFY_OPEN", nfd, 0);
	if (nfd < 0)
		return;
	len = prog(p, hit_code, sizeof(hit_code), HIT_STRTAB, HIT_TEXT);
	id = add(sfd, with_filter(on_event("ltt_user_mark",
					   LTT_TRIGGER_ACT_NOTIFY), p, len));
	check("ADD NOTIFY on ltt_user_mark if msg == \"fz-hit*\"", id, 0);

	check("read into LTT_NOTIFICATION_MAX - 1 bytes: EINVAL",
	      read(nfd, rec, LTT_NOTIFICATION_MAX - 1), EINVAL);
	check("read of 0 bytes: EINVAL", read(nfd, rec, 0), EINVAL);
	check("O_NONBLOCK", fcntl(nfd, F_SETFL, O_NONBLOCK), 0);
	check("read with nothing, O_NONBLOCK: EAGAIN",
	      read(nfd, rec, sizeof(rec)), EAGAIN);
	is("poll with nothing: no event", poll_now(nfd), 0);
	check("a mark before START", mark("fz-hit before"), 0);
	check("... is not a fire (not armed): EAGAIN",
	      read(nfd, rec, sizeof(rec)), EAGAIN);

	check("START", ioctl(sfd, LTT_IOC_SESSION_START), 0);
	check("mark fz-miss (the filter rejects it)", mark("fz-miss"), 0);
	check("... nothing to read: EAGAIN", read(nfd, rec, sizeof(rec)), EAGAIN);
	check("mark fz-hit 1", mark("fz-hit 1"), 0);
	is("poll: POLLIN", poll_now(nfd), POLLIN);
	memset(rec, 0x5a, sizeof(rec));
	ret = read(nfd, rec, sizeof(rec));
	check("read the notification", ret, 0);
	is("... its length: header + payload", ret,
	   (long)(sizeof(*n) + n->payload_len));
	is("... seq 1, the trigger's id, missed 0, flags 0",
	   n->seq == 1 && n->trigger_id == (uint64_t)id && !n->missed &&
	   !n->flags && !n->reserved, 1);
	is("... event ltt_user_mark, our pid and tid, 3 fields",
	   !strcmp(n->event, "ltt_user_mark") && n->pid == getpid() &&
	   n->tid == syscall(SYS_gettid) && n->nr_fields == 3, 1);
	is("... payload: pid, tid, msg \"fz-hit 1\"",
	   mark_payload_is(rec + sizeof(*n), n->payload_len, getpid(),
			   syscall(SYS_gettid), "fz-hit 1"), 1);
	is("... nothing written past it", rec[ret], 0x5a);
	check("read again: EAGAIN", read(nfd, rec, sizeof(rec)), EAGAIN);
	check("mark fz-hit 2", mark("fz-hit 2"), 0);
	check("read into a bad pointer: EFAULT",
	      read(nfd, bad_ptr, LTT_NOTIFICATION_MAX), EFAULT);
	check("STOP", ioctl(sfd, LTT_IOC_SESSION_STOP), 0);
	check("mark fz-hit 3 once stopped (not armed)", mark("fz-hit 3"), 0);
	list(sfd, e, 2, &l);
	is("LIST: 2 fires, 2 acted, none skipped",
	   l.count == 1 && e[0].fires == 2 && e[0].acted == 2 &&
	   !e[0].skipped_rate && !e[0].skipped_busy, 1);

	check("DESTROY", ioctl(sfd, LTT_IOC_SESSION_DESTROY), 0);
	check("ADD once destroyed: EBUSY",
	      add(sfd, on_event("ltt_user_mark", LTT_TRIGGER_ACT_STOP)), EBUSY);
	check("ADD of bad args once destroyed: still EINVAL",
	      add(sfd, on_event("", LTT_TRIGGER_ACT_STOP)), EINVAL);
	check("NOTIFY_OPEN once destroyed: EBUSY", notify_open(sfd, 0, 0), EBUSY);
	check("LIST once destroyed", list(sfd, e, 2, &l), 0);
	is("... the trigger with its counts",
	   l.count == 1 && e[0].id == (uint64_t)id && e[0].fires == 2 &&
	   !e[0].nr_events, 1);
	is("poll once destroyed, all read: POLLHUP", poll_now(nfd), POLLHUP);
	is("read once destroyed, all read: 0 (end of file)",
	   read(nfd, rec, sizeof(rec)), 0);
	check("REMOVE once destroyed: EBUSY", remove_id(sfd, id), EBUSY);
	list(sfd, NULL, 0, &l);
	is("... the trigger is still listed", l.count, 1);
	close(nfd);
}

/*
 * Random TRIGGER_ADD buffers: each field drawn from valid, boundary and
 * random values, the rest random bytes or zero, on a session not started
 * (nothing fires). Every result is an id (then removed) or one of the
 * errors abi.h gives; REMOVE and LIST of random bytes likewise.
 */
static void random_tests(int sfd, unsigned int rounds, unsigned int seed)
{
	static const char *const events[] = {
		"ltt_user_mark", "ltt_user_*", "fz_none_*", "fz_no_such_event",
		"", "a b", "sched_switch",
	};
	static uint8_t p[300];
	unsigned int i, j, added = 0, odd = 0;
	union {
		struct ltt_trigger_args a;
		struct ltt_trigger_id t;
		struct ltt_list l;
		uint8_t b[sizeof(struct ltt_trigger_args)];
	} u;
	long ret;
	size_t len;

	printf("# random trigger arguments: %u rounds, seed %u\n", rounds, seed);
	srandom(seed);
	for (i = 0; i < rounds; i++) {
		memset(&u, 0, sizeof(u));
		if (!(random() % 8))
			for (j = 0; j < sizeof(u.b); j++)
				u.b[j] = random() % 4 ? 0 : random();
		u.a.id = random() % 16 ? 0 : random();
		u.a.condition = random() % 4;
		u.a.action = random() % 6;
		if (random() % 2)
			strcpy(u.a.event, events[random() % 7]);
		if (random() % 3 == 0)
			strcpy(u.a.channel, random() % 2 ? "c" : "x");
		u.a.usage_pct = random() % 3 ? random() % 102 : 0;
		u.a.max = random() % 3;
		u.a.every_ns = random() % 2 ? 0 : random();
		switch (random() % 6) {
		case 0:		/* a good program */
			len = prog(p, hit_code, sizeof(hit_code), HIT_STRTAB,
				   random() % 2 ? HIT_TEXT : NULL);
			u.a.filter = (uintptr_t)p;
			u.a.filter_len = len;
			break;
		case 1:		/* a good program, one bit changed */
			len = prog(p, hit_code, sizeof(hit_code), HIT_STRTAB,
				   HIT_TEXT);
			p[random() % len] ^= 1 << (random() % 8);
			u.a.filter = (uintptr_t)p;
			u.a.filter_len = len;
			break;
		case 2:		/* a random pointer and length */
			u.a.filter = random() % 2 ? (uintptr_t)random() : 0;
			u.a.filter_len = random() % 2 ? random() % 512 : 0;
			break;
		}
		ret = ioctl(sfd, LTT_IOC_TRIGGER_ADD, &u.a);
		if (ret >= 0) {
			added++;
			if (remove_id(sfd, u.a.id))
				odd++;
		} else if (errno != EINVAL && errno != ENOENT &&
			   errno != EFAULT) {
			printf("#   round %u: ADD errno %d (%s)\n", i, errno,
			       strerror(errno));
			odd++;
		}
		for (j = 0; j < sizeof(u.b); j++)
			u.b[j] = random() % 3 ? 0 : random();
		ret = ioctl(sfd, i % 2 ? LTT_IOC_TRIGGER_REMOVE :
			    LTT_IOC_TRIGGER_LIST, &u);
		if (ret < 0 && errno != EINVAL && errno != ENOENT &&
		    errno != EFAULT) {
			printf("#   round %u: %s errno %d (%s)\n", i,
			       i % 2 ? "REMOVE" : "LIST", errno, strerror(errno));
			odd++;
		}
	}
	printf("%sok - %u random TRIGGER_ADD: %u added (and removed), the rest EINVAL/ENOENT/EFAULT; REMOVE/LIST likewise\n",
	       odd ? "not " : "", rounds, added);
	if (odd)
		failed++;
	u.l.count = 0;
	list(sfd, NULL, 0, &u.l);
	is("... no trigger left", u.l.count, 0);
}

int main(int argc, char **argv)
{
	unsigned int rounds = argc > 1 ? atoi(argv[1]) : 5000;
	unsigned int seed = argc > 2 ? atoi(argv[2]) : 24;
	struct ltt_version v = { .major = LTT_ABI_MAJOR, .minor = LTT_ABI_MINOR };
	int ctl, sfd, cfd;

	ctl = open("/dev/ltt", O_RDWR);
	check("open /dev/ltt", ctl, 0);
	if (ctl < 0)
		return 1;
	check("VERSION", ioctl(ctl, LTT_IOC_VERSION, &v), 0);
	check("ABI 1.8 or later (triggers)",
	      v.major == 1 && v.minor >= 8 ? 0 : -1, 0);
	check("TRIGGER_ADD on /dev/ltt: ENOTTY",
	      add(ctl, on_event("ltt_user_mark", LTT_TRIGGER_ACT_STOP)), ENOTTY);
	sfd = session_create(ctl, "fzt");
	check("SESSION_CREATE fzt", sfd, 0);
	cfd = sfd < 0 ? -1 : channel_create(sfd, "c");
	check("CHANNEL_CREATE c", cfd, 0);
	if (cfd < 0)
		return 1;
	check("TRIGGER_ADD on a channel fd: ENOTTY",
	      add(cfd, on_event("ltt_user_mark", LTT_TRIGGER_ACT_STOP)), ENOTTY);
	add_tests(sfd);
	list_remove_tests(sfd);
	limit_tests(sfd);
	random_tests(sfd, rounds, seed);
	notify_tests(sfd);
	close(cfd);
	close(sfd);
	close(ctl);
	return failed ? 1 : 0;
}
