// SPDX-License-Identifier: GPL-2.0-only
/*
 * Bad input to the control device: malformed, misdirected and random
 * ioctls on every kind of fd must fail with the documented errno (see
 * include/uapi/ltt/abi.h) and never oops; an unprivileged user is refused.
 * Prints unnumbered TAP lines for the VM runner. Needs ltt loaded, no
 * session named "fz*".
 *
 *	ltt-ctl-fuzz [ROUNDS]		everything, ROUNDS random ioctls
 *	ltt-ctl-fuzz fields		only the EVENT_FIELDS tests
 *	ltt-ctl-fuzz group GID		ltt loaded with tracing_group=GID: a
 *					member gets in (and reads the persistent
 *					region's status, not its data), a
 *					non-member does not, nor from a user
 *					namespace mapping its gid to GID
 *	ltt-ctl-fuzz member GID [ROUNDS]	everything, as uid nobody with GID
 *					as a supplementary group
 *
 * The persistent region's commands are checked as ltt loads without one
 * (ltt.pmem not set): STATUS says NONE, READ and DISCARD give ENODEV, or
 * EPERM for a group member (the region is root's, as are persistent
 * channels).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <grp.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/mman.h>
#include <poll.h>
#include <sys/wait.h>
#include <ltt/abi.h>

static int failed;
/* run as a tracing_group member, not root (ltt-ctl-fuzz member) */
static bool member;
/* what root gets from a command that needs CAP_SYS_ADMIN; a member, EPERM */
#define ROOT_ONLY(e)	(member ? EPERM : (e))
/* an address userspace cannot read, hidden from the compiler's checks */
static void *volatile bad_ptr = (void *)8;

static void check(const char *what, int ret, int want_errno)
{
	int e = ret < 0 ? errno : 0;

	if ((want_errno == 0 && ret >= 0) || (want_errno && ret < 0 && e == want_errno)) {
		printf("ok - %s\n", what);
		return;
	}
	printf("not ok - %s\n#   got ret %d errno %d (%s), want errno %d (%s)\n",
	       what, ret, e, strerror(e), want_errno, strerror(want_errno));
	failed++;
}

static int version(int ctl, unsigned int major)
{
	struct ltt_version v = { .major = major, .minor = LTT_ABI_MINOR };

	return ioctl(ctl, LTT_IOC_VERSION, &v);
}

static int session(int ctl, unsigned long cmd, const char *name)
{
	struct ltt_session_args a;

	memset(&a, 0, sizeof(a));
	memcpy(a.name, name, strnlen(name, sizeof(a.name)));
	return ioctl(ctl, cmd, &a);
}

static struct ltt_channel_args chan_args(const char *name, uint64_t size,
					 uint32_t n)
{
	struct ltt_channel_args a;

	memset(&a, 0, sizeof(a));
	memcpy(a.name, name, strnlen(name, sizeof(a.name) - 1));
	a.subbuf_size = size;
	a.num_subbuf = n;
	return a;
}

static int event_fields(int ctl, const char *name,
			struct ltt_field_entry *f, unsigned int capacity,
			struct ltt_event_fields *a)
{
	memset(a, 0, sizeof(*a));
	strncpy(a->name, name, sizeof(a->name) - 1);
	a->fields = (uintptr_t)f;
	a->capacity = capacity;
	a->entry_size = sizeof(*f);
	return ioctl(ctl, LTT_IOC_EVENT_FIELDS, a);
}

/* EVENT_FIELDS on ltt_user_mark, which ltt itself registers: "pid %d tid
 * %d msg %s". */
static void event_fields_tests(int ctl)
{
	struct ltt_field_entry f[4];
	struct ltt_event_fields a;
	int ret;

	memset(f, 0x5a, sizeof(f));
	ret = event_fields(ctl, "ltt_user_mark", f, 4, &a);
	check("EVENT_FIELDS ltt_user_mark", ret, 0);
	check("... count 3", a.count == 3 ? 0 : -1, 0);
	check("... pid: signed 4-byte decimal integer",
	      !strcmp(f[0].name, "pid") && f[0].type == LTT_FIELD_TYPE_INTEGER &&
	      f[0].flags == LTT_FIELD_F_SIGNED && f[0].size == 4 &&
	      f[0].base == 10 && !f[0].length && !f[0].enum_name[0] &&
	      !f[0].reserved ? 0 : -1, 0);
	check("... tid", !strcmp(f[1].name, "tid") &&
	      f[1].type == LTT_FIELD_TYPE_INTEGER ? 0 : -1, 0);
	check("... msg: string",
	      !strcmp(f[2].name, "msg") && f[2].type == LTT_FIELD_TYPE_STRING &&
	      !f[2].size && !f[2].flags && !f[2].reserved ? 0 : -1, 0);
	check("... the entry past count untouched",
	      ((unsigned char *)&f[3])[0] == 0x5a ? 0 : -1, 0);

	memset(f, 0x5a, sizeof(f));
	check("capacity 2 < 3 fields: E2BIG",
	      event_fields(ctl, "ltt_user_mark", f, 2, &a), E2BIG);
	check("... with the count needed, no entry written",
	      a.count == 3 && ((unsigned char *)f)[0] == 0x5a ? 0 : -1, 0);
	check("capacity 0, no pointer: E2BIG (asks the count)",
	      event_fields(ctl, "ltt_user_mark", NULL, 0, &a), E2BIG);
	check("... count 3", a.count == 3 ? 0 : -1, 0);

	check("unknown event: ENOENT",
	      event_fields(ctl, "fz_no_such_event", f, 4, &a), ENOENT);
	check("a pattern is not a name: ENOENT",
	      event_fields(ctl, "ltt_user_*", f, 4, &a), ENOENT);
	check("empty name: EINVAL", event_fields(ctl, "", f, 4, &a), EINVAL);
	memset(&a, 0, sizeof(a));
	memset(a.name, 'x', sizeof(a.name));
	a.entry_size = sizeof(f[0]);
	check("unterminated name: EINVAL", ioctl(ctl, LTT_IOC_EVENT_FIELDS, &a),
	      EINVAL);
	event_fields(ctl, "ltt_user_mark", f, 4, &a);
	a.count = 0;
	a.entry_size = sizeof(f[0]) - 8;
	check("wrong entry_size: EINVAL", ioctl(ctl, LTT_IOC_EVENT_FIELDS, &a),
	      EINVAL);
	a.entry_size = sizeof(f[0]);
	a.reserved = 1;
	check("reserved set: EINVAL", ioctl(ctl, LTT_IOC_EVENT_FIELDS, &a), EINVAL);
	a.reserved = 0;
	a.count = 3;
	check("count set on input: EINVAL", ioctl(ctl, LTT_IOC_EVENT_FIELDS, &a),
	      EINVAL);
	check("capacity without a pointer: EINVAL",
	      event_fields(ctl, "ltt_user_mark", NULL, 4, &a), EINVAL);
	check("entries to a bad pointer: EFAULT",
	      event_fields(ctl, "ltt_user_mark", bad_ptr, 4, &a), EFAULT);
	check("entries to a kernel pointer: EFAULT",
	      event_fields(ctl, "ltt_user_mark",
			   (void *)0xffffffff81000000UL, 4, &a), EFAULT);
	check("argument at a bad pointer: EFAULT",
	      ioctl(ctl, LTT_IOC_EVENT_FIELDS, bad_ptr), EFAULT);
	check("EVENT_FIELDS below its minimum size: EINVAL",
	      ioctl(ctl, _IOWR(LTT_IOC_MAGIC, 0x05, struct ltt_list), &a), EINVAL);
}

static void control_fd_tests(int ctl)
{
	struct ltt_session_args sa;
	struct ltt_version v;
	struct ltt_list l;

	check("before VERSION, SESSION_CREATE is refused (EPROTO)",
	      session(ctl, LTT_IOC_SESSION_CREATE, "fz"), EPROTO);
	check("before VERSION, EVENT_FIELDS is refused (EPROTO)",
	      event_fields(ctl, "ltt_user_mark", NULL, 0,
			   &(struct ltt_event_fields){}), EPROTO);
	memset(&v, 0, sizeof(v));
	v.major = 99;
	check("VERSION with another major: EPROTO", ioctl(ctl, LTT_IOC_VERSION, &v),
	      EPROTO);
	check("... and the kernel's version is filled in",
	      v.major == LTT_ABI_MAJOR ? 0 : -1, 0);
	memset(&v, 0, sizeof(v));
	v.major = LTT_ABI_MAJOR;
	v.reserved[1] = 1;
	check("VERSION with reserved bits: EINVAL", ioctl(ctl, LTT_IOC_VERSION, &v),
	      EINVAL);
	check("VERSION with a bad pointer: EFAULT",
	      ioctl(ctl, LTT_IOC_VERSION, (void *)16), EFAULT);
	check("VERSION", version(ctl, LTT_ABI_MAJOR), 0);

	check("unknown command: ENOTTY", ioctl(ctl, _IO(LTT_IOC_MAGIC, 0x1f)), ENOTTY);
	check("known number, size below the minimum: EINVAL",
	      ioctl(ctl, _IOW(LTT_IOC_MAGIC, 0x01, uint32_t), &v), EINVAL);
	check("known number, wrong direction: ENOTTY",
	      ioctl(ctl, _IOR(LTT_IOC_MAGIC, 0x01, struct ltt_session_args), &sa),
	      ENOTTY);
	check("another driver's magic: ENOTTY",
	      ioctl(ctl, _IOW(0xF6, 0x01, struct ltt_session_args), &sa), ENOTTY);
	check("session command on /dev/ltt: ENOTTY",
	      ioctl(ctl, LTT_IOC_SESSION_START), ENOTTY);
	check("SESSION_CREATE, NULL pointer: EFAULT",
	      ioctl(ctl, LTT_IOC_SESSION_CREATE, NULL), EFAULT);
	check("SESSION_CREATE, kernel pointer: EFAULT",
	      ioctl(ctl, LTT_IOC_SESSION_CREATE, (void *)0xffffffff81000000UL),
	      EFAULT);
	check("empty name: EINVAL", session(ctl, LTT_IOC_SESSION_CREATE, ""), EINVAL);
	check("name with '/': EINVAL", session(ctl, LTT_IOC_SESSION_CREATE, "a/b"),
	      EINVAL);
	check("name starting with '.': EINVAL",
	      session(ctl, LTT_IOC_SESSION_CREATE, ".x"), EINVAL);
	memset(&sa, 'a', sizeof(sa));
	memset(sa.reserved, 0, sizeof(sa.reserved));
	sa.flags = 0;
	check("unterminated name: EINVAL", ioctl(ctl, LTT_IOC_SESSION_CREATE, &sa),
	      EINVAL);
	memset(&sa, 0, sizeof(sa));
	strcpy(sa.name, "fz");
	sa.flags = 4;
	check("unknown flag: EINVAL", ioctl(ctl, LTT_IOC_SESSION_CREATE, &sa), EINVAL);
	sa.flags = 0;
	sa.reserved[2] = 1;
	check("reserved field set: EINVAL", ioctl(ctl, LTT_IOC_SESSION_CREATE, &sa),
	      EINVAL);
	check("SESSION_OPEN of a missing session: ENOENT",
	      session(ctl, LTT_IOC_SESSION_OPEN, "fz-none"), ENOENT);

	memset(&l, 0, sizeof(l));
	l.entry_size = 3;
	check("list with a wrong entry size: EINVAL",
	      ioctl(ctl, LTT_IOC_SESSION_LIST, &l), EINVAL);
	l.entry_size = sizeof(struct ltt_event_entry);
	l.capacity = 1u << 30;
	l.entries = 16;
	check("list with a huge capacity: EINVAL", ioctl(ctl, LTT_IOC_EVENT_LIST, &l),
	      EINVAL);
	l.capacity = 4;
	check("list into a bad pointer: EFAULT", ioctl(ctl, LTT_IOC_EVENT_LIST, &l),
	      EFAULT);
	l.entries = 0;
	l.capacity = 0;
	check("list count only", ioctl(ctl, LTT_IOC_EVENT_LIST, &l), 0);
	event_fields_tests(ctl);
}

static void session_fd_tests(int ctl, int sfd)
{
	struct ltt_channel_args a;
	struct ltt_path p;
	char buf[8];

	check("second SESSION_CREATE of the name: EEXIST",
	      session(ctl, LTT_IOC_SESSION_CREATE, "fz"), EEXIST);
	check("control command on a session fd: ENOTTY",
	      session(sfd, LTT_IOC_SESSION_CREATE, "fz2"), ENOTTY);
	check("stream command on a session fd: ENOTTY",
	      ioctl(sfd, LTT_IOC_PUT_NEXT_SUBBUF), ENOTTY);
	check("START without a channel: ENOENT", ioctl(sfd, LTT_IOC_SESSION_START),
	      ENOENT);
	a = chan_args("c", 3000, 4);
	check("sub-buffer size not a power of 2: EINVAL",
	      ioctl(sfd, LTT_IOC_CHANNEL_CREATE, &a), EINVAL);
	a = chan_args("c", 4096, 3);
	check("sub-buffer count not a power of 2: EINVAL",
	      ioctl(sfd, LTT_IOC_CHANNEL_CREATE, &a), EINVAL);
	a = chan_args("c", 4096, 1);
	check("one sub-buffer: EINVAL", ioctl(sfd, LTT_IOC_CHANNEL_CREATE, &a), EINVAL);
	a = chan_args("c", 1ULL << 40, 4);
	check("4 TiB channel: refused",
	      ioctl(sfd, LTT_IOC_CHANNEL_CREATE, &a) < 0 ? 0 : -1, 0);
	a = chan_args("c", 4096, 4);
	a.mode = 7;
	check("unknown mode: EINVAL", ioctl(sfd, LTT_IOC_CHANNEL_CREATE, &a), EINVAL);
	a = chan_args("c", 4096, 4);
	a.reserved = 1;
	check("channel reserved field: EINVAL",
	      ioctl(sfd, LTT_IOC_CHANNEL_CREATE, &a), EINVAL);
	a = chan_args("c", 4096, 4);
	a.context = 1ULL << LTT_CONTEXT_NR;
	check("unknown context field: EINVAL",
	      ioctl(sfd, LTT_IOC_CHANNEL_CREATE, &a), EINVAL);
	a = chan_args("c/d", 4096, 4);
	check("channel name with '/': EINVAL",
	      ioctl(sfd, LTT_IOC_CHANNEL_CREATE, &a), EINVAL);
	check("CHANNEL_CREATE, bad pointer: EFAULT",
	      ioctl(sfd, LTT_IOC_CHANNEL_CREATE, (void *)8), EFAULT);

	memset(&p, 0, sizeof(p));
	p.path = (uintptr_t)"relative/dir";
	p.len = strlen("relative/dir") + 1;
	check("SET_OUTPUT relative path: EINVAL", ioctl(sfd, LTT_IOC_SET_OUTPUT, &p),
	      EINVAL);
	p.path = (uintptr_t)"/tmp/fz";
	p.len = 3;
	check("SET_OUTPUT length without the NUL: EINVAL",
	      ioctl(sfd, LTT_IOC_SET_OUTPUT, &p), EINVAL);
	p.path = 8;
	p.len = 10;
	check("SET_OUTPUT bad pointer: EFAULT", ioctl(sfd, LTT_IOC_SET_OUTPUT, &p),
	      EFAULT);
	p.len = LTT_PATH_MAX + 1;
	check("SET_OUTPUT too long: EINVAL", ioctl(sfd, LTT_IOC_SET_OUTPUT, &p),
	      EINVAL);
	p.path = (uintptr_t)"/tmp/fz-output";
	p.len = strlen("/tmp/fz-output") + 1;
	check("SET_OUTPUT", ioctl(sfd, LTT_IOC_SET_OUTPUT, &p), 0);
	p.path = (uintptr_t)buf;
	p.len = sizeof(buf);
	check("GET_OUTPUT into a short buffer: ENAMETOOLONG",
	      ioctl(sfd, LTT_IOC_GET_OUTPUT, &p), ENAMETOOLONG);
	check("... with the length needed",
	      p.len == strlen("/tmp/fz-output") + 1 ? 0 : -1, 0);
	check("CONSUMER_DETACH when not attached: EINVAL",
	      ioctl(sfd, LTT_IOC_CONSUMER_DETACH), EINVAL);
}

static char pmem_data[4096];

/* A READ of the metadata (or packet 0), what and flags as given. */
static int pmem_read(int ctl, uint32_t what, uint32_t flags, void *buf)
{
	struct ltt_pmem_read r = {
		.what = what,
		.flags = flags,
		.buf = (uintptr_t)buf,
		.len = 4096,
	};

	return ioctl(ctl, LTT_IOC_PMEM_READ, &r);
}

/*
 * The persistent region's commands (ABI 1.9) and CHANNEL_CREATE's
 * persistent flags, with no region: nothing is created, nothing read.
 */
static void pmem_tests(int ctl, int sfd)
{
	char *data = pmem_data;
	struct ltt_pmem_status st;
	struct ltt_channel_args a;
	struct ltt_channel_id id;
	static const uint8_t zero[sizeof(st.dropped)];

	memset(&st, 0xff, sizeof(st));
	check("PMEM_STATUS without a region", ioctl(ctl, LTT_IOC_PMEM_STATUS, &st), 0);
	check("... state NONE, nothing recovered, no reason",
	      st.state == LTT_PMEM_STATE_NONE && !st.nr_packets && !st.nr_cpus &&
	      !st.phys && !st.size && !memcmp(st.dropped, zero, sizeof(zero)) &&
	      !st.reason[0] && !st.session[0] ? 0 : -1, 0);
	check("PMEM_STATUS, bad pointer: EFAULT",
	      ioctl(ctl, LTT_IOC_PMEM_STATUS, bad_ptr), EFAULT);
	check("PMEM_STATUS one byte short: EINVAL",
	      ioctl(ctl, _IOC(_IOC_READ, LTT_IOC_MAGIC, _IOC_NR(LTT_IOC_PMEM_STATUS),
			      LTT_PMEM_STATUS_SIZE_VER0 - 1), &st), EINVAL);
	check("PMEM_STATUS as _IOW: ENOTTY",
	      ioctl(ctl, _IOW(LTT_IOC_MAGIC, _IOC_NR(LTT_IOC_PMEM_STATUS),
			      struct ltt_pmem_status), &st), ENOTTY);

	/* a member is refused before its arguments are looked at */
	check(member ? "PMEM_READ what 2: EPERM" : "PMEM_READ what 2: EINVAL",
	      pmem_read(ctl, 2, 0, data), ROOT_ONLY(EINVAL));
	check(member ? "PMEM_READ what ~0: EPERM" : "PMEM_READ what ~0: EINVAL",
	      pmem_read(ctl, ~0u, 0, data), ROOT_ONLY(EINVAL));
	check(member ? "PMEM_READ flags 1: EPERM" : "PMEM_READ flags 1: EINVAL",
	      pmem_read(ctl, LTT_PMEM_READ_METADATA, 1, data), ROOT_ONLY(EINVAL));
	check(member ? "PMEM_READ flags 1 << 31: EPERM" :
		       "PMEM_READ flags 1 << 31: EINVAL",
	      pmem_read(ctl, LTT_PMEM_READ_PACKET, 1u << 31, data),
	      ROOT_ONLY(EINVAL));
	check(member ? "PMEM_READ metadata as a member: EPERM" :
		       "PMEM_READ metadata without a region: ENODEV",
	      pmem_read(ctl, LTT_PMEM_READ_METADATA, 0, data), ROOT_ONLY(ENODEV));
	check(member ? "PMEM_READ packet 0 as a member: EPERM" :
		       "PMEM_READ packet 0 without a region: ENODEV",
	      pmem_read(ctl, LTT_PMEM_READ_PACKET, 0, data), ROOT_ONLY(ENODEV));
	/* no data: the unmapped buffer is never reached */
	check(member ? "PMEM_READ into an unmapped buffer as a member: EPERM" :
		       "PMEM_READ into an unmapped buffer without a region: ENODEV",
	      pmem_read(ctl, LTT_PMEM_READ_PACKET, 0, bad_ptr), ROOT_ONLY(ENODEV));
	check("PMEM_READ, bad pointer: EFAULT",
	      ioctl(ctl, LTT_IOC_PMEM_READ, bad_ptr), EFAULT);
	check(member ? "PMEM_DISCARD as a member: EPERM" :
		       "PMEM_DISCARD without a region: ENODEV",
	      ioctl(ctl, LTT_IOC_PMEM_DISCARD), ROOT_ONLY(ENODEV));
	check("PMEM_DISCARD with a size: ENOTTY",
	      ioctl(ctl, _IOW(LTT_IOC_MAGIC, _IOC_NR(LTT_IOC_PMEM_DISCARD),
			      uint64_t), data), ENOTTY);
	check("PMEM_STATUS on a session fd: ENOTTY",
	      ioctl(sfd, LTT_IOC_PMEM_STATUS, &st), ENOTTY);

	a = chan_args("pc", 4096, 4);
	a.flags = LTT_CHANNEL_PERSISTENT;
	check(member ? "CHANNEL_CREATE persistent in discard mode as a member: EPERM" :
		       "CHANNEL_CREATE persistent in discard mode: EINVAL",
	      ioctl(sfd, LTT_IOC_CHANNEL_CREATE, &a), ROOT_ONLY(EINVAL));
	a.mode = LTT_MODE_OVERWRITE;
	a.flags = LTT_CHANNEL_DISCARD_RECOVERED;
	check("CHANNEL_CREATE discard-recovered without persistent: EINVAL",
	      ioctl(sfd, LTT_IOC_CHANNEL_CREATE, &a), EINVAL);
	a.flags = 1ULL << 2;
	check("CHANNEL_CREATE unknown flag 1 << 2: EINVAL",
	      ioctl(sfd, LTT_IOC_CHANNEL_CREATE, &a), EINVAL);
	a.flags = LTT_CHANNEL_PERSISTENT | (1ULL << 63);
	check("CHANNEL_CREATE persistent and flag 1 << 63: EINVAL",
	      ioctl(sfd, LTT_IOC_CHANNEL_CREATE, &a), EINVAL);
	a.flags = LTT_CHANNEL_PERSISTENT;
	check(member ? "CHANNEL_CREATE persistent as a member: EPERM" :
		       "CHANNEL_CREATE persistent without a region: ENODEV",
	      ioctl(sfd, LTT_IOC_CHANNEL_CREATE, &a), ROOT_ONLY(ENODEV));
	a.flags = LTT_CHANNEL_PERSISTENT | LTT_CHANNEL_DISCARD_RECOVERED;
	check(member ? "CHANNEL_CREATE persistent, discard-recovered as a member: EPERM" :
		       "CHANNEL_CREATE persistent, discard-recovered, no region: ENODEV",
	      ioctl(sfd, LTT_IOC_CHANNEL_CREATE, &a), ROOT_ONLY(ENODEV));
	memset(&id, 0, sizeof(id));
	strcpy(id.name, "pc");
	check("... and no channel pc was made: ENOENT",
	      ioctl(sfd, LTT_IOC_CHANNEL_OPEN, &id), ENOENT);
	memset(&st, 0, sizeof(st));
	check("... nor the region's state changed",
	      ioctl(ctl, LTT_IOC_PMEM_STATUS, &st) == 0 &&
	      st.state == LTT_PMEM_STATE_NONE ? 0 : -1, 0);
}

static void channel_fd_tests(int cfd)
{
	struct ltt_stream_args sa = { .cpu = 9999 };
	struct ltt_event_args ea;

	check("session command on a channel fd: ENOTTY",
	      ioctl(cfd, LTT_IOC_SESSION_START), ENOTTY);
	check("STREAM_OPEN of cpu 9999: EINVAL", ioctl(cfd, LTT_IOC_STREAM_OPEN, &sa),
	      EINVAL);
	sa.cpu = 0;
	sa.flags = 1;
	check("STREAM_OPEN with a flag: EINVAL", ioctl(cfd, LTT_IOC_STREAM_OPEN, &sa),
	      EINVAL);
	memset(&ea, 0, sizeof(ea));
	check("EVENT_ENABLE empty name: EINVAL", ioctl(cfd, LTT_IOC_EVENT_ENABLE, &ea),
	      EINVAL);
	memset(ea.name, 'x', sizeof(ea.name));
	check("EVENT_ENABLE unterminated name: EINVAL",
	      ioctl(cfd, LTT_IOC_EVENT_ENABLE, &ea), EINVAL);
	memset(&ea, 0, sizeof(ea));
	strcpy(ea.name, "fz_no_such_event");
	check("EVENT_ENABLE of an unknown event matches 0",
	      ioctl(cfd, LTT_IOC_EVENT_ENABLE, &ea), 0);
	check("EVENT_DISABLE bad pointer: EFAULT",
	      ioctl(cfd, LTT_IOC_EVENT_DISABLE, (void *)1), EFAULT);
}

/* An ltt_list request for cmd into e (capacity entries of size). */
static int list(int fd, unsigned long cmd, void *e, unsigned int capacity,
		size_t size, struct ltt_list *l)
{
	memset(l, 0, sizeof(*l));
	l->entries = (uintptr_t)e;
	l->capacity = capacity;
	l->entry_size = size;
	return ioctl(fd, cmd, l);
}

static int track(int sfd, unsigned long cmd, unsigned int type,
		 unsigned int flags, int64_t id)
{
	struct ltt_tracker_args a = { .type = type, .flags = flags, .id = id };

	return ioctl(sfd, cmd, &a);
}

/*
 * RULE_LIST and TRACKER_LIST (ABI 1.6): their list rules and errors, and
 * what they say of rules and trackers set here. Runs after
 * channel_fd_tests() (one rule: enable fz_no_such_event).
 */
static void list_tests(int sfd, int cfd)
{
	static const uint8_t good[] = { LTT_FOP_PUSH_INT, 1, 0, 0, 0, 0, 0, 0, 0,
					LTT_FOP_RET };
	struct ltt_filter_header h = { .magic = LTT_FILTER_MAGIC,
				       .version = LTT_FILTER_VERSION,
				       .flags = LTT_FILTER_F_TEXT,
				       .code_len = sizeof(good) };
	struct ltt_tracker_entry t[9];
	struct ltt_rule_entry r[3];
	struct ltt_event_args ea;
	struct ltt_list l;
	uint8_t prog[64];
	size_t len;
	unsigned int i;
	int ok_t, dfd;

	check("RULE_LIST with a wrong entry size: EINVAL",
	      list(cfd, LTT_IOC_RULE_LIST, r, 3, sizeof(r[0]) - 8, &l), EINVAL);
	check("RULE_LIST with a huge capacity: EINVAL",
	      list(cfd, LTT_IOC_RULE_LIST, r, 1u << 30, sizeof(r[0]), &l), EINVAL);
	check("RULE_LIST into a bad pointer: EFAULT",
	      list(cfd, LTT_IOC_RULE_LIST, bad_ptr, 3, sizeof(r[0]), &l), EFAULT);
	check("RULE_LIST with a capacity and no pointer: EINVAL",
	      list(cfd, LTT_IOC_RULE_LIST, NULL, 3, sizeof(r[0]), &l), EINVAL);
	check("RULE_LIST, bad argument pointer: EFAULT",
	      ioctl(cfd, LTT_IOC_RULE_LIST, bad_ptr), EFAULT);
	check("RULE_LIST count only",
	      list(cfd, LTT_IOC_RULE_LIST, NULL, 0, sizeof(r[0]), &l), 0);
	check("... 1 rule", l.count == 1 ? 0 : -1, 0);
	l.count = 0;
	l.reserved = 1;
	check("RULE_LIST with reserved set: EINVAL",
	      ioctl(cfd, LTT_IOC_RULE_LIST, &l), EINVAL);
	l.reserved = 0;
	l.count = 1;
	check("RULE_LIST with count set on input: EINVAL",
	      ioctl(cfd, LTT_IOC_RULE_LIST, &l), EINVAL);

	/* a filter with its text, then one whose text breaks the rules */
	len = sizeof(h) + sizeof(good);
	memcpy(prog, &h, sizeof(h));
	memcpy(prog + sizeof(h), good, sizeof(good));
	memcpy(prog + len, "1 == \"a*\"", 9);
	memset(&ea, 0, sizeof(ea));
	strcpy(ea.name, "fz_none_*");
	ea.filter = (uintptr_t)prog;
	ea.filter_len = len + 9;
	check("EVENT_ENABLE, a filter text without its NUL: EINVAL",
	      ioctl(cfd, LTT_IOC_EVENT_ENABLE, &ea), EINVAL);
	prog[len + 2] = '\n';
	prog[len + 9] = '\0';
	ea.filter_len = len + 10;
	check("EVENT_ENABLE, a filter text with a newline: EINVAL",
	      ioctl(cfd, LTT_IOC_EVENT_ENABLE, &ea), EINVAL);
	prog[len + 2] = '=';
	check("EVENT_ENABLE with a filter and its text",
	      ioctl(cfd, LTT_IOC_EVENT_ENABLE, &ea), 0);
	strcpy(ea.name, "fz_off");
	ea.filter = 0;
	ea.filter_len = 0;
	check("EVENT_DISABLE fz_off", ioctl(cfd, LTT_IOC_EVENT_DISABLE, &ea), 0);
	memset(r, 0x5a, sizeof(r));
	check("RULE_LIST into 2 entries of 3 rules",
	      list(cfd, LTT_IOC_RULE_LIST, r, 2, sizeof(r[0]), &l), 0);
	check("... count 3, the rules in order, the filter's text, zeroed tails",
	      l.count == 3 && !strcmp(r[0].name, "fz_no_such_event") &&
	      r[0].enable == 1 && !r[0].flags && !r[0].filter[0] &&
	      !r[0].name[sizeof(r[0].name) - 1] &&
	      !r[0].filter[sizeof(r[0].filter) - 1] &&
	      !strcmp(r[1].name, "fz_none_*") && r[1].enable == 1 &&
	      r[1].flags == LTT_RULE_F_FILTER &&
	      !strcmp(r[1].filter, "1 == \"a*\"") ? 0 : -1, 0);
	check("... the entry past the capacity untouched",
	      ((unsigned char *)&r[2])[0] == 0x5a ? 0 : -1, 0);
	check("RULE_LIST, a capacity past the rules' bound (at most 256)",
	      list(cfd, LTT_IOC_RULE_LIST, r, 60000, sizeof(r[0]), &l), 0);
	check("... 3 entries", l.count == 3 && !r[2].enable &&
	      !strcmp(r[2].name, "fz_off") ? 0 : -1, 0);

	check("TRACKER_LIST on a channel fd: ENOTTY",
	      list(cfd, LTT_IOC_TRACKER_LIST, t, 8, sizeof(t[0]), &l), ENOTTY);
	check("TRACKER_LIST with a wrong entry size: EINVAL",
	      list(sfd, LTT_IOC_TRACKER_LIST, t, 8, sizeof(t[0]) + 8, &l), EINVAL);
	check("TRACKER_LIST into a bad pointer: EFAULT",
	      list(sfd, LTT_IOC_TRACKER_LIST, bad_ptr, 8, sizeof(t[0]), &l),
	      EFAULT);
	check("TRACKER_LIST", list(sfd, LTT_IOC_TRACKER_LIST, t, 8, sizeof(t[0]),
				   &l), 0);
	ok_t = l.count == LTT_TRACKER_NR;
	for (i = 0; ok_t && i < LTT_TRACKER_NR; i++)
		ok_t = t[i].type == i && t[i].flags == LTT_TRACKER_ALL && !t[i].id;
	check("... a new session: six sets, each \"all\"", ok_t ? 0 : -1, 0);
	check("TRACKER_ADD pid 40", track(sfd, LTT_IOC_TRACKER_ADD,
					  LTT_TRACKER_PID, 0, 40), 0);
	check("TRACKER_ADD pid 7", track(sfd, LTT_IOC_TRACKER_ADD,
					 LTT_TRACKER_PID, 0, 7), 0);
	check("TRACKER_REMOVE every gid", track(sfd, LTT_IOC_TRACKER_REMOVE,
						LTT_TRACKER_GID,
						LTT_TRACKER_ALL, 0), 0);
	/* the cgroup set (ABI 1.13): an fd of a cgroup v2 directory */
	check("TRACKER_ADD cgroup, fd -1: EINVAL",
	      track(sfd, LTT_IOC_TRACKER_ADD, LTT_TRACKER_CGROUP, 0, -1), EINVAL);
	check("TRACKER_ADD cgroup, a closed fd: EBADF",
	      track(sfd, LTT_IOC_TRACKER_ADD, LTT_TRACKER_CGROUP, 0, 999), EBADF);
	dfd = open("/tmp", O_RDONLY | O_DIRECTORY);
	check("TRACKER_ADD cgroup, a directory not of cgroup2: EBADF",
	      track(sfd, LTT_IOC_TRACKER_ADD, LTT_TRACKER_CGROUP, 0, dfd),
	      EBADF);
	if (dfd >= 0)
		close(dfd);
	check("TRACKER_ADD cgroup with --follow: EINVAL",
	      track(sfd, LTT_IOC_TRACKER_ADD, LTT_TRACKER_CGROUP,
		    LTT_TRACKER_FOLLOW, 0), EINVAL);
	check("TRACKER_REMOVE cgroup of an id not tracked: ENOENT",
	      track(sfd, LTT_IOC_TRACKER_REMOVE, LTT_TRACKER_CGROUP, 0, 12345),
	      ENOENT);
	check("TRACKER_ADD of type LTT_TRACKER_NR: EINVAL",
	      track(sfd, LTT_IOC_TRACKER_ADD, LTT_TRACKER_NR, 0, 1), EINVAL);
	memset(t, 0x5a, sizeof(t));
	check("TRACKER_LIST", list(sfd, LTT_IOC_TRACKER_LIST, t, 9, sizeof(t[0]),
				   &l), 0);
	check("... pid 7 then 40, gid none, the others all",
	      l.count == 8 && t[0].type == LTT_TRACKER_PID && !t[0].flags &&
	      t[0].id == 7 && t[1].type == LTT_TRACKER_PID && t[1].id == 40 &&
	      t[2].type == LTT_TRACKER_VPID && t[2].flags == LTT_TRACKER_ALL &&
	      t[5].type == LTT_TRACKER_GID && t[5].flags == LTT_TRACKER_NONE &&
	      !t[5].id && t[6].type == LTT_TRACKER_VGID &&
	      t[7].type == LTT_TRACKER_CGROUP && t[7].flags == LTT_TRACKER_ALL &&
	      ((unsigned char *)&t[8])[0] == 0x5a ? 0 : -1, 0);
	check("TRACKER_LIST into 1 entry",
	      list(sfd, LTT_IOC_TRACKER_LIST, t, 1, sizeof(t[0]), &l), 0);
	check("... count 8", l.count == 8 ? 0 : -1, 0);
	check("TRACKER_ADD every pid again", track(sfd, LTT_IOC_TRACKER_ADD,
						   LTT_TRACKER_PID,
						   LTT_TRACKER_ALL, 0), 0);
	check("TRACKER_ADD every gid again", track(sfd, LTT_IOC_TRACKER_ADD,
						   LTT_TRACKER_GID,
						   LTT_TRACKER_ALL, 0), 0);
}

static void stream_fd_tests(int cfd)
{
	struct ltt_stream_args sa = { .cpu = 0 };
	struct ltt_stream_info info;
	int st, st2;
	void *map;

	st = ioctl(cfd, LTT_IOC_STREAM_OPEN, &sa);
	check("STREAM_OPEN cpu 0", st, 0);
	st2 = ioctl(cfd, LTT_IOC_STREAM_OPEN, &sa);
	check("second reader of the stream: EBUSY", st2, EBUSY);
	if (st < 0)
		return;
	check("channel command on a stream fd: ENOTTY",
	      ioctl(st, LTT_IOC_EVENT_ENABLE, NULL), ENOTTY);
	check("PUT without GET: EINVAL", ioctl(st, LTT_IOC_PUT_NEXT_SUBBUF), EINVAL);
	check("GET with nothing complete: EAGAIN",
	      ioctl(st, LTT_IOC_GET_NEXT_SUBBUF, &info), EAGAIN);
	check("STREAM_INFO bad pointer: EFAULT",
	      ioctl(st, LTT_IOC_STREAM_INFO, (void *)8), EFAULT);
	check("STREAM_INFO", ioctl(st, LTT_IOC_STREAM_INFO, &info), 0);
	map = mmap(NULL, info.mmap_len, PROT_READ | PROT_WRITE, MAP_SHARED, st, 0);
	/* the fd is read-only: the VFS refuses before the driver is asked */
	check("writable mapping: EACCES", map == MAP_FAILED ? -1 : 0, EACCES);
	map = mmap(NULL, info.mmap_len, PROT_READ, MAP_SHARED, st, 0);
	check("read-only mapping", map == MAP_FAILED ? -1 : 0, 0);
	if (map != MAP_FAILED) {
		check("mprotect to writable: EACCES",
		      mprotect(map, info.mmap_len, PROT_READ | PROT_WRITE), EACCES);
		munmap(map, info.mmap_len);
	}
	check("a write(2) to a stream fd fails",
	      write(st, "x", 1) < 0 ? 0 : -1, 0);
	close(st);
	st = ioctl(cfd, LTT_IOC_STREAM_OPEN, &sa);
	check("STREAM_OPEN again after close", st, 0);
	if (st >= 0)
		close(st);
}

/*
 * Every command at sizes other than the header's (the rules in abi.h):
 * shorter down to its *_SIZE_VER0 and longer with a zero tail give what
 * the exact size gives; a longer input with a non-zero tail gives E2BIG;
 * below the minimum, EINVAL; a size on an _IO command, ENOTTY. The kernel
 * never reads nor writes past the caller's size. Runs with session "fz"
 * not started, its channel "c" and the stream of cpu 0 open at fds[].
 */
enum { FD_CTL, FD_SESSION, FD_CHANNEL, FD_STREAM, FD_KINDS };

struct size_case {
	const char *name;
	unsigned long cmd;
	unsigned int min;		/* *_SIZE_VER0; 0 for _IO */
	int fd;				/* FD_* */
	int want;			/* errno at the exact size, 0: success */
};

#define SIZE_CASE(c, m, f, w)	{ #c, LTT_IOC_##c, m, FD_##f, w }

static const struct size_case size_cases[] = {
	SIZE_CASE(VERSION, LTT_VERSION_SIZE_VER0, CTL, 0),
	SIZE_CASE(SESSION_CREATE, LTT_SESSION_ARGS_SIZE_VER0, CTL, EEXIST),
	SIZE_CASE(SESSION_OPEN, LTT_SESSION_ARGS_SIZE_VER0, CTL, 0),
	SIZE_CASE(SESSION_LIST, LTT_LIST_SIZE_VER0, CTL, 0),
	SIZE_CASE(EVENT_LIST, LTT_LIST_SIZE_VER0, CTL, 0),
	SIZE_CASE(EVENT_FIELDS, LTT_EVENT_FIELDS_SIZE_VER0, CTL, 0),
	SIZE_CASE(CHANNEL_CREATE, LTT_CHANNEL_ARGS_SIZE_VER0, SESSION, EEXIST),
	SIZE_CASE(CHANNEL_OPEN, LTT_CHANNEL_ID_SIZE_VER0, SESSION, 0),
	SIZE_CASE(METADATA_OPEN, 0, SESSION, 0),
	SIZE_CASE(SESSION_START, 0, SESSION, 0),
	SIZE_CASE(SESSION_STOP, 0, SESSION, 0),
	SIZE_CASE(SESSION_DESTROY, 0, SESSION, 0),
	SIZE_CASE(SESSION_INFO, LTT_SESSION_INFO_SIZE_VER0, SESSION, 0),
	SIZE_CASE(SET_OUTPUT, LTT_PATH_SIZE_VER0, SESSION, 0),
	SIZE_CASE(GET_OUTPUT, LTT_PATH_SIZE_VER0, SESSION, 0),
	SIZE_CASE(CONSUMER_ATTACH, 0, SESSION, 0),
	SIZE_CASE(CONSUMER_DETACH, 0, SESSION, 0),
	SIZE_CASE(CONSUMER_ERROR, LTT_CONSUMER_ERROR_SIZE_VER0, SESSION, 0),
	SIZE_CASE(STREAM_OPEN, LTT_STREAM_ARGS_SIZE_VER0, CHANNEL, EBUSY),
	SIZE_CASE(EVENT_ENABLE, LTT_EVENT_ARGS_SIZE_VER0, CHANNEL, 0),
	SIZE_CASE(EVENT_DISABLE, LTT_EVENT_ARGS_SIZE_VER0, CHANNEL, 0),
	SIZE_CASE(CHANNEL_INFO, LTT_CHANNEL_INFO_SIZE_VER0, CHANNEL, 0),
	SIZE_CASE(STREAM_STATS, LTT_STREAM_STATS_SIZE_VER0, CHANNEL, 0),
	SIZE_CASE(EVENT_COUNTS, LTT_LIST_SIZE_VER0, CHANNEL, 0),
	SIZE_CASE(RULE_LIST, LTT_LIST_SIZE_VER0, CHANNEL, 0),
	SIZE_CASE(TRACKER_LIST, LTT_LIST_SIZE_VER0, SESSION, 0),
	SIZE_CASE(GET_NEXT_SUBBUF, LTT_SUBBUF_SIZE_VER0, STREAM, EAGAIN),
	SIZE_CASE(PUT_NEXT_SUBBUF, 0, STREAM, 0),
	SIZE_CASE(STREAM_INFO, LTT_STREAM_INFO_SIZE_VER0, STREAM, 0),
	SIZE_CASE(STREAM_FLUSH, 0, STREAM, 0),
	SIZE_CASE(SESSION_SET_CONFIG, LTT_SESSION_CONFIG_SIZE_VER0, SESSION, 0),
	SIZE_CASE(SESSION_GET_CONFIG, LTT_SESSION_CONFIG_SIZE_VER0, SESSION, 0),
	SIZE_CASE(SESSION_SET_RELAY, LTT_SESSION_RELAY_SIZE_VER0, SESSION, 0),
	SIZE_CASE(SESSION_GET_RELAY, LTT_SESSION_RELAY_SIZE_VER0, SESSION, 0),
	SIZE_CASE(ROTATE, LTT_ROTATE_SIZE_VER0, SESSION, EINVAL),
	SIZE_CASE(ROTATE_TAKE, LTT_ROTATE_SIZE_VER0, SESSION, EPERM),
	SIZE_CASE(ROTATE_DONE, LTT_ROTATE_SIZE_VER0, SESSION, EPERM),
	SIZE_CASE(ROTATE_STATUS, LTT_ROTATE_STATUS_SIZE_VER0, SESSION, 0),
	SIZE_CASE(STREAM_POSITION, LTT_STREAM_POSITION_SIZE_VER0, STREAM, 0),
	SIZE_CASE(DROP_NEXT_SUBBUF, 0, STREAM, 0),
	SIZE_CASE(TRIGGER_ADD, LTT_TRIGGER_ARGS_SIZE_VER0, SESSION, 0),
	SIZE_CASE(TRIGGER_REMOVE, LTT_TRIGGER_ID_SIZE_VER0, SESSION, ENOENT),
	SIZE_CASE(TRIGGER_LIST, LTT_LIST_SIZE_VER0, SESSION, 0),
	SIZE_CASE(TRIGGER_NOTIFY_OPEN, LTT_NOTIFY_ARGS_SIZE_VER0, SESSION, 0),
	/* no persistent region in this boot */
	SIZE_CASE(PMEM_STATUS, LTT_PMEM_STATUS_SIZE_VER0, CTL, 0),
	SIZE_CASE(PMEM_READ, LTT_PMEM_READ_SIZE_VER0, CTL, ENODEV),
	SIZE_CASE(PMEM_DISCARD, 0, CTL, ENODEV),
};

#define SIZE_BUF	512
#define SIZE_LONGER	200		/* the most a test adds to a struct */

/* A valid argument of the exact size, with the result size_cases[] says. */
static void size_fill(unsigned long cmd, void *arg)
{
	static struct ltt_field_entry fields[4];
	static char path[64];

	memset(arg, 0, _IOC_SIZE(cmd));
	switch (cmd) {
	case LTT_IOC_VERSION:
		((struct ltt_version *)arg)->major = LTT_ABI_MAJOR;
		break;
	case LTT_IOC_SESSION_CREATE:
	case LTT_IOC_SESSION_OPEN:
		strcpy(((struct ltt_session_args *)arg)->name, "fz");
		break;
	case LTT_IOC_SESSION_LIST:
		((struct ltt_list *)arg)->entry_size =
			sizeof(struct ltt_session_entry);
		break;
	case LTT_IOC_EVENT_LIST:
		((struct ltt_list *)arg)->entry_size =
			sizeof(struct ltt_event_entry);
		break;
	case LTT_IOC_EVENT_COUNTS:
		((struct ltt_list *)arg)->entry_size =
			sizeof(struct ltt_event_count);
		break;
	case LTT_IOC_RULE_LIST:
		((struct ltt_list *)arg)->entry_size =
			sizeof(struct ltt_rule_entry);
		break;
	case LTT_IOC_TRACKER_LIST:
		((struct ltt_list *)arg)->entry_size =
			sizeof(struct ltt_tracker_entry);
		break;
	case LTT_IOC_TRIGGER_LIST:
		((struct ltt_list *)arg)->entry_size =
			sizeof(struct ltt_trigger_entry);
		break;
	case LTT_IOC_TRIGGER_ADD: {
		/* each success adds one (about 10 in all, of 64) */
		struct ltt_trigger_args *a = arg;

		a->condition = LTT_TRIGGER_COND_EVENT;
		a->action = LTT_TRIGGER_ACT_NOTIFY;
		strcpy(a->event, "fz_none_*");
		break;
	}
	case LTT_IOC_TRIGGER_REMOVE:
		((struct ltt_trigger_id *)arg)->id = 999;
		break;
	case LTT_IOC_EVENT_FIELDS: {
		struct ltt_event_fields *a = arg;

		strcpy(a->name, "ltt_user_mark");
		a->fields = (uintptr_t)fields;
		a->capacity = 4;
		a->entry_size = sizeof(fields[0]);
		break;
	}
	case LTT_IOC_CHANNEL_CREATE:
		*(struct ltt_channel_args *)arg = chan_args("c", 4096, 4);
		break;
	case LTT_IOC_CHANNEL_OPEN:
		strcpy(((struct ltt_channel_id *)arg)->name, "c");
		break;
	case LTT_IOC_SET_OUTPUT:
		((struct ltt_path *)arg)->path = (uintptr_t)"/tmp/fz-output";
		((struct ltt_path *)arg)->len = strlen("/tmp/fz-output") + 1;
		break;
	case LTT_IOC_GET_OUTPUT:
		((struct ltt_path *)arg)->path = (uintptr_t)path;
		((struct ltt_path *)arg)->len = sizeof(path);
		break;
	case LTT_IOC_EVENT_ENABLE:
	case LTT_IOC_EVENT_DISABLE:
		strcpy(((struct ltt_event_args *)arg)->name, "fz_no_such_event");
		break;
	case LTT_IOC_ROTATE_DONE: {
		struct ltt_rotate *r = arg;

		r->path = r->chunk_dir = (uintptr_t)"";
		r->path_len = r->chunk_dir_len = 1;
		break;
	}
	}
}

/*
 * One call of c at size usize (the caller's struct: the exact argument cut
 * or extended with zeroes, the last byte of an extension set to tail),
 * bytes past usize in the buffer set to 0xff: a kernel reading them would
 * see non-zero reserved fields or tails. 0 when the result is want and no
 * byte past min(usize, kernel size) changed, else -1 with a diagnostic.
 */
static int size_try(const struct size_case *c, int fd, unsigned int usize,
		    unsigned char tail, int want)
{
	static unsigned char buf[SIZE_BUF], before[SIZE_BUF];
	unsigned int ksize = _IOC_SIZE(c->cmd), keep;
	unsigned long cmd;
	int ret, e;

	memset(buf, 0xff, sizeof(buf));
	if (ksize) {
		size_fill(c->cmd, buf);
		if (usize > ksize)
			memset(buf + ksize, 0, usize - ksize);
		memset(buf + usize, 0xff, sizeof(buf) - usize);
		if (usize > ksize && tail)
			buf[usize - 1] = tail;
	}
	memcpy(before, buf, sizeof(buf));
	cmd = _IOC(_IOC_DIR(c->cmd), LTT_IOC_MAGIC, _IOC_NR(c->cmd), usize);
	ret = ioctl(fd, cmd, buf);
	e = ret < 0 ? errno : 0;
	if (ret > 2 && !e && (c->cmd == LTT_IOC_SESSION_OPEN ||
			      c->cmd == LTT_IOC_CHANNEL_OPEN ||
			      c->cmd == LTT_IOC_TRIGGER_NOTIFY_OPEN))
		close(ret);
	keep = usize < ksize ? usize : ksize;
	if (e == want && !memcmp(buf + keep, before + keep, sizeof(buf) - keep))
		return 0;
	printf("#   %s size %u (kernel %u) tail %u: errno %d (%s), want %d (%s)%s\n",
	       c->name, usize, ksize, tail, e, strerror(e), want, strerror(want),
	       e == want ? "; wrote past the size" : "");
	return -1;
}

static void size_case_tests(const struct size_case *rc, int fd)
{
	struct size_case mc = *rc, *c = &mc;
	unsigned int ksize = _IOC_SIZE(c->cmd), n;
	unsigned int shorter[] = { c->min, (c->min + ksize) / 2, ksize - 1 };
	unsigned int longer[] = { ksize + 1, ksize + 8, ksize + SIZE_LONGER };
	bool input = _IOC_DIR(c->cmd) & _IOC_WRITE;
	char what[128];
	int bad = 0;
	size_t i;

	/* the persistent region's data is root's */
	if (c->cmd == LTT_IOC_PMEM_READ || c->cmd == LTT_IOC_PMEM_DISCARD)
		c->want = ROOT_ONLY(c->want);
	if (!ksize) {
		/* no argument: a size makes it another command */
		snprintf(what, sizeof(what), "%s with a size: ENOTTY", c->name);
		check(what, size_try(c, fd, 8, 0, ENOTTY), 0);
		return;
	}
	bad |= size_try(c, fd, ksize, 0, c->want);
	for (i = 0; i < sizeof(shorter) / sizeof(shorter[0]); i++)
		if (shorter[i] >= c->min && shorter[i] < ksize)
			bad |= size_try(c, fd, shorter[i], 0, c->want);
	snprintf(what, sizeof(what),
		 "%s: exact, and shorter down to %u bytes as zero-extended",
		 c->name, c->min);
	check(what, bad, 0);

	bad = 0;
	for (i = 0; i < sizeof(longer) / sizeof(longer[0]); i++)
		bad |= size_try(c, fd, longer[i], 0, c->want);
	snprintf(what, sizeof(what), "%s: longer with a zero tail", c->name);
	check(what, bad, 0);

	/* an output-only struct is not read: its tail is the caller's own */
	bad = 0;
	for (n = 1; n <= 3; n++)
		bad |= size_try(c, fd, ksize + n * 8, 1, input ? E2BIG : c->want);
	snprintf(what, sizeof(what), "%s: longer with a non-zero tail: %s",
		 c->name, input ? "E2BIG" : "ignored");
	check(what, bad, 0);

	bad = size_try(c, fd, c->min - 1, 0, EINVAL) | size_try(c, fd, 0, 0, EINVAL);
	snprintf(what, sizeof(what), "%s: below %u bytes: EINVAL", c->name, c->min);
	check(what, bad, 0);
}

static void size_tests(const int *fds)
{
	size_t i;

	for (i = 0; i < sizeof(size_cases) / sizeof(size_cases[0]); i++)
		size_case_tests(&size_cases[i], fds[size_cases[i].fd]);
}

/* Random commands of our magic, sizes and arguments, on each fd kind. */
/*
 * Filter programs (ABI 1.5): random and mutated programs given with
 * EVENT_ENABLE on a pattern matching nothing and on '*' (linked to every
 * event loaded): each accepted (>= 0) or refused with EINVAL, never
 * anything else; bad pointers and sizes refused.
 */
static void filter_fuzz(int cfd, unsigned int rounds)
{
	static const uint8_t good[] = { LTT_FOP_PUSH_INT, 1, 0, 0, 0, 0, 0, 0, 0,
					LTT_FOP_RET };
	struct ltt_event_args ea;
	struct ltt_filter_header h = { .magic = LTT_FILTER_MAGIC,
				       .version = LTT_FILTER_VERSION };
	uint8_t prog[256];
	unsigned int i, odd = 0, ok_n = 0;
	size_t len, j;
	int ret;

	memset(&ea, 0, sizeof(ea));
	strcpy(ea.name, "fz_none_*");
	ea.filter = (uintptr_t)1;
	ea.filter_len = 64;
	check("EVENT_ENABLE, filter at a bad pointer: EFAULT",
	      ioctl(cfd, LTT_IOC_EVENT_ENABLE, &ea), EFAULT);
	ea.filter_len = 1u << 30;
	check("EVENT_ENABLE, a 1 GiB filter: EINVAL",
	      ioctl(cfd, LTT_IOC_EVENT_ENABLE, &ea), EINVAL);
	ea.filter = 0;
	ea.filter_len = 0;
	ea.reserved2 = 1;
	check("EVENT_ENABLE, reserved2 set: EINVAL",
	      ioctl(cfd, LTT_IOC_EVENT_ENABLE, &ea), EINVAL);
	ea.reserved2 = 0;
	h.code_len = sizeof(good);
	memcpy(prog, &h, sizeof(h));
	memcpy(prog + sizeof(h), good, sizeof(good));
	ea.filter = (uintptr_t)prog;
	ea.filter_len = sizeof(h) + sizeof(good);
	check("EVENT_DISABLE with a filter: EINVAL",
	      ioctl(cfd, LTT_IOC_EVENT_DISABLE, &ea), EINVAL);
	check("EVENT_ENABLE with a good filter",
	      ioctl(cfd, LTT_IOC_EVENT_ENABLE, &ea), 0);
	for (i = 0; i < rounds; i++) {
		strcpy(ea.name, i % 2 ? "*" : "fz_none_*");
		len = sizeof(h) + sizeof(good);
		memcpy(prog + sizeof(h), good, sizeof(good));
		if (i % 3) {		/* random code after a good header */
			h.code_len = random() % 64 + 1;
			h.strtab_len = random() % 16;
			len = sizeof(h) + h.code_len + h.strtab_len;
			for (j = sizeof(h); j < len; j++)
				prog[j] = random() % 3 ? random() % 0x32 : random();
		} else {		/* a good one, a byte changed */
			h.code_len = sizeof(good);
			h.strtab_len = 0;
		}
		memcpy(prog, &h, sizeof(h));
		if (!(i % 3))
			prog[random() % len] ^= 1 << (random() % 8);
		ea.filter = (uintptr_t)prog;
		ea.filter_len = len;
		ret = ioctl(cfd, LTT_IOC_EVENT_ENABLE, &ea);
		if (ret >= 0)
			ok_n++;
		else if (errno != EINVAL)
			odd++;
	}
	strcpy(ea.name, "*");
	ea.filter = 0;
	ea.filter_len = 0;
	ioctl(cfd, LTT_IOC_EVENT_DISABLE, &ea);
	printf("%sok - %u random filter programs: %u accepted, the rest EINVAL\n",
	       odd ? "not " : "", rounds, ok_n);
	if (odd)
		failed++;
}

static void random_ioctls(int *fds, int nfds, unsigned int rounds)
{
	static char junk[4096];
	unsigned int i, dir, nr, size;
	unsigned long cmd;
	void *arg;

	srandom(42);
	for (i = 0; i < rounds; i++) {
		int fd = fds[random() % nfds];

		dir = random() % 4;
		nr = random() % 0x80;
		size = random() % 2 ? random() % 256 : 8 * (random() % 20);
		/* skip the commands that would end the test's objects */
		if (nr == 0x24 || nr == 0x25 || nr == 0x29)
			continue;
		cmd = _IOC(dir, LTT_IOC_MAGIC, nr, size);
		switch (random() % 4) {
		case 0:
			arg = NULL;
			break;
		case 1:
			arg = (void *)(uintptr_t)random();
			break;
		default:
			for (size = 0; size < sizeof(junk); size += 4)
				*(uint32_t *)(junk + size) = random() % 3 ? 0 : random();
			arg = junk;
		}
		ioctl(fd, cmd, arg);
	}
	printf("ok - %u random ioctls survived\n", rounds);
}

static void unprivileged(void)
{
	pid_t pid = fork();
	int status, fd;

	if (pid == 0) {
		if (setgid(65534) || setuid(65534))
			_exit(3);
		fd = open("/dev/ltt", O_RDWR);
		if (fd >= 0 || errno != EACCES)
			_exit(1);
		fd = open("/dev/ltt-mark", O_WRONLY);
		if (fd < 0 || write(fd, "fz unprivileged mark", 20) != 20)
			_exit(2);
		_exit(0);
	}
	waitpid(pid, &status, 0);
	check("nobody: /dev/ltt refused (EACCES), /dev/ltt-mark writable",
	      WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1, 0);
}

/*
 * Become uid and gid nobody with gid as its one supplementary group
 * (none if gid is -1); in a user namespace of its own if mapped, where
 * the namespace's root maps to nobody and the group number gid to nobody's
 * gid (what an unprivileged user may write there), its gid then being gid.
 * 0, or the step that failed (100 up), for a child's exit status.
 */
static int become(gid_t gid, bool mapped)
{
	char map[64];
	int fd, n;

	if (setgroups(gid == (gid_t)-1 || mapped ? 0 : 1, &gid) ||
	    setgid(65534) || setuid(65534))
		return 100;
	if (!mapped)
		return 0;
	/*
	 * The change of ids made this process undumpable, which gives its
	 * /proc/self files to root: dumpable again, as after an exec, so
	 * that it may write its own maps as any unprivileged user can.
	 */
	if (prctl(PR_SET_DUMPABLE, 1))
		return 106;
	if (unshare(CLONE_NEWUSER))
		return 101;
	fd = open("/proc/self/setgroups", O_WRONLY);
	if (fd < 0 || write(fd, "deny", 4) != 4)
		return 102;
	close(fd);
	fd = open("/proc/self/uid_map", O_WRONLY);
	n = snprintf(map, sizeof(map), "0 65534 1\n");
	if (fd < 0 || write(fd, map, n) != n)
		return 103;
	close(fd);
	fd = open("/proc/self/gid_map", O_WRONLY);
	n = snprintf(map, sizeof(map), "%u 65534 1\n", gid);
	if (fd < 0 || write(fd, map, n) != n)
		return 104;
	close(fd);
	if (setgid(gid) || getegid() != gid)
		return 105;
	return 0;
}

/* As become(gid, mapped): 0 if /dev/ltt opens, else errno (or 100 up). */
static int open_as(gid_t gid, bool mapped)
{
	pid_t pid = fork();
	int status, fd, ret;

	if (pid == 0) {
		ret = become(gid, mapped);
		if (ret)
			_exit(ret);
		fd = open("/dev/ltt", O_RDWR);
		_exit(fd >= 0 ? 0 : errno);
	}
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 110;
}

/* check() of open_as()'s result: want 0 (let in) or an errno */
static void check_open(const char *what, gid_t gid, bool mapped, int want)
{
	int ret = open_as(gid, mapped);

	if (ret >= 100)
		printf("#   step %d of become() failed\n", ret);
	errno = ret;
	check(what, ret ? -1 : 0, want);
}

/*
 * As a member (gid supplementary): the persistent region's status is the
 * group's to read, its data (READ) and DISCARD need CAP_SYS_ADMIN.
 * 0 if so, else which step went otherwise.
 */
static int pmem_as(gid_t gid)
{
	struct ltt_pmem_status st;
	pid_t pid = fork();
	int status, fd;

	if (pid == 0) {
		if (become(gid, false))
			_exit(100);
		fd = open("/dev/ltt", O_RDWR);
		if (fd < 0 || version(fd, LTT_ABI_MAJOR))
			_exit(1);
		if (ioctl(fd, LTT_IOC_PMEM_STATUS, &st) ||
		    st.state != LTT_PMEM_STATE_NONE)
			_exit(2);
		if (pmem_read(fd, LTT_PMEM_READ_METADATA, 0, pmem_data) != -1 ||
		    errno != EPERM)
			_exit(3);
		if (ioctl(fd, LTT_IOC_PMEM_DISCARD) != -1 || errno != EPERM)
			_exit(4);
		_exit(0);
	}
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 101;
}

/*
 * ltt loaded with tracing_group=gid: the node is 0660 root:gid; a member
 * gets in; a non-member is refused by the node's mode (EACCES), also from
 * a user namespace where the number gid is its own gid; and with the node
 * opened to all by hand (0666), by open() itself (EPERM): the group is
 * judged in the initial user namespace.
 */
static int group_tests(gid_t gid)
{
	struct stat st;
	int step;

	check("the node: stat", stat("/dev/ltt", &st), 0);
	check("... mode 0660, owner root, group the tracing group",
	      S_ISCHR(st.st_mode) && (st.st_mode & 07777) == 0660 &&
	      st.st_uid == 0 && st.st_gid == gid ? 0 : -1, 0);
	check_open("tracing_group member (supplementary group) opens /dev/ltt",
		   gid, false, 0);
	step = pmem_as(gid);
	if (step)
		printf("#   step %d of pmem_as() went otherwise\n", step);
	check("tracing_group member: PMEM_STATUS answers, READ and DISCARD EPERM",
	      step ? -1 : 0, 0);
	check_open("non-member is refused: EACCES (the node's mode)",
		   (gid_t)-1, false, EACCES);
	check_open("non-member with the group's number mapped in its own user namespace: EACCES",
		   gid, true, EACCES);
	check("the node opened to all by hand (chmod 0666)",
	      chmod("/dev/ltt", 0666), 0);
	check_open("... non-member is refused by open(): EPERM",
		   (gid_t)-1, false, EPERM);
	check_open("... non-member with the group's number mapped in its own user namespace: EPERM",
		   gid, true, EPERM);
	check_open("... member still let in", gid, false, 0);
	check("... mode 0660 again", chmod("/dev/ltt", 0660), 0);
	return failed ? 1 : 0;
}

/* A rotation request as ROTATE_DONE takes it. */
static int rotate_done(int sfd, uint64_t id, const char *archive,
		       uint32_t archive_len, const char *dir)
{
	struct ltt_rotate r;

	memset(&r, 0, sizeof(r));
	r.id = id;
	r.chunk_id = 1;
	r.path = (uintptr_t)archive;
	r.path_len = archive_len;
	r.chunk_dir = (uintptr_t)dir;
	r.chunk_dir_len = strlen(dir) + 1;
	return ioctl(sfd, LTT_IOC_ROTATE_DONE, &r);
}

static bool session_readable(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	return poll(&p, 1, 0) == 1 && (p.revents & POLLIN);
}

/*
 * ABI 1.7: the session's configuration, the rotation mailbox, a stop that
 * START resumes, the trace-file limits, STREAM_POSITION and DROP, on
 * session "fzl" with one small channel. The mailbox's rules: a request
 * needs a started session and a consumer, one at a time; only the
 * consumer takes and completes it, with the id it took and well-formed
 * paths; a consumer that leaves ends it with EPIPE.
 */
static void lifecycle_tests(int ctl)
{
	struct ltt_session_config cfg;
	struct ltt_rotate_status rs;
	struct ltt_stream_position pos;
	struct ltt_session_info si;
	struct ltt_channel_info ci;
	struct ltt_stream_stats ss;
	struct ltt_channel_args a;
	struct ltt_rotate r;
	struct ltt_subbuf sb;
	char small[4], buf[64];
	int sfd, sfd2, cfd, st, mfd;
	ssize_t n;

	sfd = session(ctl, LTT_IOC_SESSION_CREATE, "fzl");
	check("SESSION_CREATE fzl", sfd, 0);
	if (sfd < 0)
		return;
	sfd2 = session(ctl, LTT_IOC_SESSION_OPEN, "fzl");
	check("SESSION_OPEN fzl, a second fd", sfd2, 0);

	memset(&cfg, 0, sizeof(cfg));
	cfg.flags = 1ULL << 40;
	check("SET_CONFIG unknown flag: EINVAL",
	      ioctl(sfd, LTT_IOC_SESSION_SET_CONFIG, &cfg), EINVAL);
	cfg.flags = 0;
	cfg.reserved[2] = 1;
	check("SET_CONFIG reserved: EINVAL",
	      ioctl(sfd, LTT_IOC_SESSION_SET_CONFIG, &cfg), EINVAL);
	memset(&cfg, 0, sizeof(cfg));
	cfg.flags = LTT_SESSION_F_ONESHOT;
	cfg.rotate_every_us = 1000000;
	cfg.keep_chunks = 3;
	cfg.keep_snapshots = 5;
	check("SET_CONFIG", ioctl(sfd, LTT_IOC_SESSION_SET_CONFIG, &cfg), 0);
	memset(&cfg, 0, sizeof(cfg));
	check("GET_CONFIG", ioctl(sfd2, LTT_IOC_SESSION_GET_CONFIG, &cfg), 0);
	check("... gives back what was set",
	      cfg.flags == LTT_SESSION_F_ONESHOT && cfg.rotate_every_us == 1000000 &&
	      cfg.keep_chunks == 3 && cfg.keep_snapshots == 5 &&
	      !cfg.rotate_size ? 0 : -1, 0);

	a = chan_args("c", 4096, 4);
	a.tracefile_count = 3;
	check("tracefile_count without tracefile_size: EINVAL",
	      ioctl(sfd, LTT_IOC_CHANNEL_CREATE, &a), EINVAL);
	a.tracefile_size = 65536;
	cfd = ioctl(sfd, LTT_IOC_CHANNEL_CREATE, &a);
	check("CHANNEL_CREATE with trace-file limits", cfd, 0);
	if (cfd < 0)
		goto out;
	check("CHANNEL_INFO", ioctl(cfd, LTT_IOC_CHANNEL_INFO, &ci), 0);
	check("... gives the limits back",
	      ci.tracefile_size == 65536 && ci.tracefile_count == 3 ? 0 : -1, 0);

	memset(&r, 0, sizeof(r));
	check("ROTATE before the first start: EINVAL",
	      ioctl(sfd, LTT_IOC_ROTATE, &r), EINVAL);
	mfd = ioctl(sfd, LTT_IOC_METADATA_OPEN);
	check("START", ioctl(sfd, LTT_IOC_SESSION_START), 0);
	check("ROTATE without a consumer: ENOTCONN",
	      ioctl(sfd, LTT_IOC_ROTATE, &r), ENOTCONN);
	check("CONSUMER_ATTACH", ioctl(sfd, LTT_IOC_CONSUMER_ATTACH), 0);
	r.flags = 2;
	check("ROTATE unknown flag: EINVAL", ioctl(sfd2, LTT_IOC_ROTATE, &r),
	      EINVAL);
	r.flags = 0;
	r.id = 5;
	check("ROTATE with an id in: EINVAL", ioctl(sfd2, LTT_IOC_ROTATE, &r),
	      EINVAL);
	r.id = 0;
	check("nothing to take yet: ENOENT", ioctl(sfd, LTT_IOC_ROTATE_TAKE, &r),
	      ENOENT);
	check("no POLLIN with nothing asked", session_readable(sfd) ? -1 : 0, 0);
	check("ROTATE from another fd", ioctl(sfd2, LTT_IOC_ROTATE, &r), 0);
	check("... is request 1", r.id == 1 ? 0 : -1, 0);
	memset(&r, 0, sizeof(r));
	check("a second ROTATE while one is pending: EBUSY",
	      ioctl(sfd2, LTT_IOC_ROTATE, &r), EBUSY);
	check("POLLIN on the session fd: a request waits",
	      session_readable(sfd) ? 0 : -1, 0);
	check("ROTATE_TAKE by a fd not the consumer's: EPERM",
	      ioctl(sfd2, LTT_IOC_ROTATE_TAKE, &r), EPERM);
	check("ROTATE_TAKE", ioctl(sfd, LTT_IOC_ROTATE_TAKE, &r), 0);
	check("... takes request 1", r.id == 1 && r.flags == 0 ? 0 : -1, 0);
	check("no POLLIN once taken", session_readable(sfd) ? -1 : 0, 0);
	check("ROTATE_DONE of another id: EINVAL",
	      rotate_done(sfd, 2, "/a", 3, "d-1"), EINVAL);
	check("ROTATE_DONE path without its NUL: EINVAL",
	      rotate_done(sfd, 1, "/abc", 3, "d-1"), EINVAL);
	check("ROTATE_DONE path length 0: EINVAL",
	      rotate_done(sfd, 1, "/a", 0, "d-1"), EINVAL);
	check("ROTATE_DONE path too long: EINVAL",
	      rotate_done(sfd, 1, "/a", LTT_PATH_MAX + 1, "d-1"), EINVAL);
	check("ROTATE_DONE bad path pointer: EFAULT",
	      rotate_done(sfd, 1, bad_ptr, 10, "d-1"), EFAULT);
	check("ROTATE_DONE by a fd not the consumer's: EPERM",
	      rotate_done(sfd2, 1, "/tmp/archive-1", 15, "d-1"), EPERM);
	check("ROTATE_DONE", rotate_done(sfd, 1, "/tmp/archive-1", 15, "d-1"), 0);
	check("ROTATE_DONE twice: EINVAL",
	      rotate_done(sfd, 1, "/tmp/archive-1", 15, "d-1"), EINVAL);

	memset(&rs, 0, sizeof(rs));
	rs.path = (uintptr_t)small;
	rs.path_len = sizeof(small);
	check("ROTATE_STATUS into a short buffer: ENAMETOOLONG",
	      ioctl(sfd2, LTT_IOC_ROTATE_STATUS, &rs), ENAMETOOLONG);
	check("... with the lengths needed",
	      rs.path_len == 15 && rs.chunk_dir_len == 4 ? 0 : -1, 0);
	memset(&rs, 0, sizeof(rs));
	rs.path = (uintptr_t)buf;
	rs.path_len = sizeof(buf);
	check("ROTATE_STATUS", ioctl(sfd2, LTT_IOC_ROTATE_STATUS, &rs), 0);
	check("... request 1 done, chunk 1, its archive",
	      rs.requested_id == 1 && rs.done_id == 1 && !rs.pending &&
	      !rs.done_error && rs.chunk_id == 1 &&
	      !strcmp(buf, "/tmp/archive-1") ? 0 : -1, 0);
	memset(&r, 0, sizeof(r));
	r.flags = LTT_ROTATE_CLEAR;
	check("ROTATE (clear)", ioctl(sfd2, LTT_IOC_ROTATE, &r), 0);
	check("CONSUMER_DETACH with the clear pending",
	      ioctl(sfd, LTT_IOC_CONSUMER_DETACH), 0);
	memset(&rs, 0, sizeof(rs));
	check("ROTATE_STATUS", ioctl(sfd2, LTT_IOC_ROTATE_STATUS, &rs), 0);
	check("... the clear ended with EPIPE when the consumer left",
	      rs.done_id == 2 && rs.done_error == EPIPE && !rs.pending &&
	      rs.done_flags == LTT_ROTATE_CLEAR ? 0 : -1, 0);

	st = ioctl(cfd, LTT_IOC_STREAM_OPEN, &(struct ltt_stream_args){ .cpu = 0 });
	check("STREAM_OPEN cpu 0", st, 0);
	check("DROP with nothing held: EINVAL",
	      ioctl(st, LTT_IOC_DROP_NEXT_SUBBUF), EINVAL);
	check("STOP", ioctl(sfd, LTT_IOC_SESSION_STOP), 0);
	check("STREAM_POSITION bad pointer: EFAULT",
	      ioctl(st, LTT_IOC_STREAM_POSITION, bad_ptr), EFAULT);
	check("STREAM_POSITION", ioctl(st, LTT_IOC_STREAM_POSITION, &pos), 0);
	/* the start's packet and the stop's end: one packet, closed */
	check("... stopped: the stream's packet is closed, none read",
	      pos.read_seq == 0 && pos.next_seq == 1 ? 0 : -1, 0);
	check("INFO", ioctl(sfd, LTT_IOC_SESSION_INFO, &si), 0);
	check("... stopped: the streams wait for a reader",
	      si.streams_undrained > 0 && si.state == LTT_SESSION_STOPPED ? 0 : -1, 0);
	check("GET the stopped stream's packet",
	      ioctl(st, LTT_IOC_GET_NEXT_SUBBUF, &sb), 0);
	check("DROP it", ioctl(st, LTT_IOC_DROP_NEXT_SUBBUF), 0);
	memset(&ss, 0, sizeof(ss));
	check("STREAM_STATS", ioctl(cfd, LTT_IOC_STREAM_STATS, &ss), 0);
	check("... counts it dropped",
	      ss.dropped_packets == 1 && ss.dropped_bytes == sb.packet_size &&
	      ss.subbufs_consumed == 1 ? 0 : -1, 0);
	check("GET on a stopped, drained stream: EAGAIN, not the end",
	      ioctl(st, LTT_IOC_GET_NEXT_SUBBUF, &sb), EAGAIN);
	check("... and STREAM_POSITION says so",
	      !ioctl(st, LTT_IOC_STREAM_POSITION, &pos) &&
	      pos.read_seq == pos.next_seq ? 0 : -1, 0);
	while (mfd >= 0 && (n = read(mfd, buf, sizeof(buf))) > 0)
		;
	check("INFO", ioctl(sfd, LTT_IOC_SESSION_INFO, &si), 0);
	check("... metadata read whole: nothing pending",
	      si.metadata_pending == 0 ? 0 : -1, 0);
	check("EVENT_ENABLE while stopped",
	      ioctl(cfd, LTT_IOC_EVENT_ENABLE,
		    &(struct ltt_event_args){ .name = "fz_none" }), 0);
	check("START again: the stopped session resumes",
	      ioctl(sfd, LTT_IOC_SESSION_START), 0);
	check("STOP", ioctl(sfd, LTT_IOC_SESSION_STOP), 0);
	check("STREAM_POSITION", ioctl(st, LTT_IOC_STREAM_POSITION, &pos), 0);
	check("... the resumed run is one more packet in the same stream",
	      pos.read_seq == 1 && pos.next_seq == 2 ? 0 : -1, 0);
	check("DESTROY", ioctl(sfd, LTT_IOC_SESSION_DESTROY), 0);
	check("START once destroyed: EBUSY", ioctl(sfd, LTT_IOC_SESSION_START),
	      EBUSY);
	check("EVENT_ENABLE once destroyed: EBUSY",
	      ioctl(cfd, LTT_IOC_EVENT_ENABLE,
		    &(struct ltt_event_args){ .name = "x" }), EBUSY);
	check("GET the last packet", ioctl(st, LTT_IOC_GET_NEXT_SUBBUF, &sb), 0);
	check("PUT", ioctl(st, LTT_IOC_PUT_NEXT_SUBBUF), 0);
	check("GET once destroyed and drained: ENODATA",
	      ioctl(st, LTT_IOC_GET_NEXT_SUBBUF, &sb), ENODATA);
	if (st >= 0)
		close(st);
	if (mfd >= 0)
		close(mfd);
	close(cfd);
out:
	ioctl(sfd, LTT_IOC_SESSION_DESTROY);
	close(sfd2);
	close(sfd);
}

/*
 * ABI 1.9: the session's relay (SET/GET_RELAY), on session "fzr": every
 * bad field refused with nothing kept, a good one read back whole from
 * another fd, "" removes it, EBUSY once destroyed.
 */
static void relay_tests(int ctl)
{
	static const char *const bad_urls[][2] = {
		{ "net://a b", "a space" }, { "net://h\n", "a newline" },
		{ "net://h\t", "a tab" }, { "net://\x7f", "DEL" },
		{ "net://\xe9", "a byte over 0x7f" },
	};
	struct ltt_session_relay r, g;
	int sfd, sfd2;
	unsigned int i;

	sfd = session(ctl, LTT_IOC_SESSION_CREATE, "fzr");
	check("SESSION_CREATE fzr", sfd, 0);
	if (sfd < 0)
		return;
	sfd2 = session(ctl, LTT_IOC_SESSION_OPEN, "fzr");
	check("SESSION_OPEN fzr, a second fd", sfd2, 0);

	memset(&g, 0, sizeof(g));
	memset(g.url, 'x', sizeof(g.url));
	check("GET_RELAY before any SET", ioctl(sfd, LTT_IOC_SESSION_GET_RELAY, &g), 0);
	check("... no relay: url \"\", no period",
	      !g.url[0] && !g.live_timer_us && !g.flags ? 0 : -1, 0);

	memset(&r, 0, sizeof(r));
	strcpy(r.url, "net://h");
	r.flags = 1;
	check("SET_RELAY a flag: EINVAL",
	      ioctl(sfd, LTT_IOC_SESSION_SET_RELAY, &r), EINVAL);
	r.flags = 0;
	r.reserved[1] = 1;
	check("SET_RELAY reserved[1]: EINVAL",
	      ioctl(sfd, LTT_IOC_SESSION_SET_RELAY, &r), EINVAL);
	r.reserved[1] = 0;
	memset(r.url, 'a', sizeof(r.url));
	check("SET_RELAY a url without its NUL: EINVAL",
	      ioctl(sfd, LTT_IOC_SESSION_SET_RELAY, &r), EINVAL);
	for (i = 0; i < sizeof(bad_urls) / sizeof(bad_urls[0]); i++) {
		char what[64];

		memset(&r, 0, sizeof(r));
		strcpy(r.url, bad_urls[i][0]);
		snprintf(what, sizeof(what), "SET_RELAY url with %s: EINVAL",
			 bad_urls[i][1]);
		check(what, ioctl(sfd, LTT_IOC_SESSION_SET_RELAY, &r), EINVAL);
	}
	memset(&r, 0, sizeof(r));
	r.live_timer_us = 1000000;
	check("SET_RELAY a live period without a url: EINVAL",
	      ioctl(sfd, LTT_IOC_SESSION_SET_RELAY, &r), EINVAL);
	strcpy(r.url, "net://h");
	r.live_timer_us = LTT_RELAY_LIVE_MAX_US + 1;
	check("SET_RELAY a live period over 2^32 - 1 us: EINVAL",
	      ioctl(sfd, LTT_IOC_SESSION_SET_RELAY, &r), EINVAL);
	check("GET_RELAY", ioctl(sfd2, LTT_IOC_SESSION_GET_RELAY, &g), 0);
	check("... nothing refused was kept", !g.url[0] ? 0 : -1, 0);

	memset(&r, 0, sizeof(r));
	memset(r.url, 'z', sizeof(r.url));	/* past the NUL: not kept */
	memcpy(r.url, "net6://[::1]:5342:5343", 23);
	r.live_timer_us = LTT_RELAY_LIVE_MAX_US;
	check("SET_RELAY net6 URL, the longest live period",
	      ioctl(sfd, LTT_IOC_SESSION_SET_RELAY, &r), 0);
	memset(&g, 0xff, sizeof(g));
	check("GET_RELAY from the other fd",
	      ioctl(sfd2, LTT_IOC_SESSION_GET_RELAY, &g), 0);
	memset(r.url + 23, 0, sizeof(r.url) - 23);
	check("... gives back what was set, zeros past the NUL",
	      !memcmp(&g, &r, sizeof(g)) ? 0 : -1, 0);
	memset(r.url, 'u', sizeof(r.url) - 1);
	r.url[sizeof(r.url) - 1] = 0;
	r.live_timer_us = 0;
	check("SET_RELAY a url of LTT_RELAY_URL_LEN - 1 bytes",
	      ioctl(sfd, LTT_IOC_SESSION_SET_RELAY, &r), 0);
	check("GET_RELAY", ioctl(sfd2, LTT_IOC_SESSION_GET_RELAY, &g), 0);
	check("... the whole url, not live",
	      !memcmp(&g, &r, sizeof(g)) ? 0 : -1, 0);
	memset(&r, 0, sizeof(r));
	check("SET_RELAY url \"\" removes it",
	      ioctl(sfd, LTT_IOC_SESSION_SET_RELAY, &r), 0);
	check("GET_RELAY", ioctl(sfd2, LTT_IOC_SESSION_GET_RELAY, &g), 0);
	check("... no relay", !g.url[0] && !g.live_timer_us ? 0 : -1, 0);
	check("DESTROY fzr", ioctl(sfd, LTT_IOC_SESSION_DESTROY), 0);
	strcpy(r.url, "net://h");
	check("SET_RELAY once destroyed: EBUSY",
	      ioctl(sfd2, LTT_IOC_SESSION_SET_RELAY, &r), EBUSY);
	close(sfd2);
	close(sfd);
}

int main(int argc, char **argv)
{
	unsigned int rounds = argc > 1 ? atoi(argv[1]) : 20000;
	struct ltt_channel_args a;
	int ctl, sfd, cfd, mfd, fds[5], kinds[FD_KINDS], mark;

	if (argc > 2 && !strcmp(argv[1], "group"))
		return group_tests(atoi(argv[2]));
	if (argc > 2 && !strcmp(argv[1], "member")) {
		gid_t gid = atoi(argv[2]);

		/* nobody, with gid supplementary: as su gives a member */
		if (setgroups(1, &gid) || setgid(65534) || setuid(65534)) {
			printf("not ok - become nobody with group %u\n", gid);
			return 1;
		}
		member = true;
		rounds = argc > 3 ? atoi(argv[3]) : 20000;
	}
	ctl = open("/dev/ltt", O_RDWR);
	check("open /dev/ltt", ctl, 0);
	if (ctl < 0)
		return 1;
	if (argc > 1 && !strcmp(argv[1], "fields")) {
		check("VERSION", version(ctl, LTT_ABI_MAJOR), 0);
		event_fields_tests(ctl);
		close(ctl);
		return failed ? 1 : 0;
	}
	control_fd_tests(ctl);
	sfd = session(ctl, LTT_IOC_SESSION_CREATE, "fz");
	check("SESSION_CREATE fz", sfd, 0);
	if (sfd < 0)
		return 1;
	session_fd_tests(ctl, sfd);
	pmem_tests(ctl, sfd);
	a = chan_args("c", 4096, 4);
	cfd = ioctl(sfd, LTT_IOC_CHANNEL_CREATE, &a);
	check("CHANNEL_CREATE 4 x 4 KiB", cfd, 0);
	check("second channel of the same name: EEXIST",
	      ioctl(sfd, LTT_IOC_CHANNEL_CREATE, &a), EEXIST);
	if (cfd < 0)
		return 1;
	channel_fd_tests(cfd);
	list_tests(sfd, cfd);
	stream_fd_tests(cfd);
	kinds[FD_CTL] = ctl;
	kinds[FD_SESSION] = sfd;
	kinds[FD_CHANNEL] = cfd;
	kinds[FD_STREAM] = ioctl(cfd, LTT_IOC_STREAM_OPEN,
				 &(struct ltt_stream_args){ .cpu = 0 });
	check("STREAM_OPEN cpu 0 for the size tests", kinds[FD_STREAM], 0);
	if (kinds[FD_STREAM] >= 0)
		size_tests(kinds);
	mfd = ioctl(sfd, LTT_IOC_METADATA_OPEN);
	check("METADATA_OPEN", mfd, 0);
	check("START", ioctl(sfd, LTT_IOC_SESSION_START), 0);
	a = chan_args("late", 4096, 4);
	check("CHANNEL_CREATE once started: EBUSY",
	      ioctl(sfd, LTT_IOC_CHANNEL_CREATE, &a), EBUSY);

	mark = open("/dev/ltt-mark", O_WRONLY);
	check("/dev/ltt-mark: write from a bad pointer: EFAULT",
	      write(mark, bad_ptr, 10), EFAULT);
	close(mark);

	fds[0] = ctl;
	fds[1] = sfd;
	fds[2] = cfd;
	fds[3] = mfd;
	fds[4] = kinds[FD_STREAM];
	random_ioctls(fds, fds[4] >= 0 ? 5 : 4, rounds);
	filter_fuzz(cfd, rounds / 4);

	check("STOP", ioctl(sfd, LTT_IOC_SESSION_STOP), 0);
	check("DESTROY", ioctl(sfd, LTT_IOC_SESSION_DESTROY), 0);
	check("SESSION_OPEN after DESTROY: ENOENT",
	      session(ctl, LTT_IOC_SESSION_OPEN, "fz"), ENOENT);
	check("INFO on the destroyed session's fd still answers",
	      ioctl(sfd, LTT_IOC_SESSION_INFO, &(struct ltt_session_info){}), 0);
	random_ioctls(fds, fds[4] >= 0 ? 5 : 4, rounds / 4);
	if (fds[4] >= 0)
		close(fds[4]);
	close(mfd);
	close(cfd);
	close(sfd);
	lifecycle_tests(ctl);
	relay_tests(ctl);
	if (!member)
		unprivileged();
	close(ctl);
	return failed ? 1 : 0;
}
