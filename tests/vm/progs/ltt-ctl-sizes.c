// SPDX-License-Identifier: GPL-2.0-only
/*
 * The growth rule of the ioctl ABI (include/uapi/ltt/abi.h, "Rules, for
 * every command"), shown on SESSION_CREATE and SESSION_INFO as a binary
 * built against another version of the header would call them: a shorter
 * struct is read as zero-extended, a longer one with a zero tail is
 * accepted, a non-zero tail is E2BIG, less than the first layout's fields
 * is EINVAL; output is written up to the smaller size only. The same on
 * TRIGGER_ADD and TRIGGER_REMOVE (ABI 1.8), and PMEM_STATUS and PMEM_READ
 * (ABI 1.9; ltt loaded without a persistent region). Prints
 * unnumbered TAP lines (tests/vm/t/ctl-errors.t checks each one by name).
 * Needs ltt loaded, no session named "sz-*".
 */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <ltt/abi.h>

#define BUF	256		/* a caller's struct, any size up to this */
#define GARBAGE	0xff		/* what lies past the caller's struct */

static int failed;
static unsigned char buf[BUF];

static void check(const char *what, int ok, const char *diag)
{
	printf("%sok - %s\n", ok ? "" : "not ", what);
	if (!ok) {
		printf("#   %s\n", diag);
		failed++;
	}
}

/* "ret R errno E (strerror)" of the last call, for diagnostics */
static const char *res(int ret)
{
	static char s[96];
	int e = ret < 0 ? errno : 0;

	snprintf(s, sizeof(s), "ret %d errno %d (%s)", ret, e, strerror(e));
	return s;
}

/* cmd with the caller's struct size instead of the header's */
static unsigned long sized(unsigned long cmd, unsigned int size)
{
	return _IOC(_IOC_DIR(cmd), _IOC_TYPE(cmd), _IOC_NR(cmd), size);
}

/*
 * SESSION_CREATE of name with a struct of size bytes: the header's
 * fields (zero where the struct has them), bytes past it GARBAGE, the
 * last byte of an extension past the header's struct set to tail.
 */
static int create(int ctl, const char *name, unsigned int size,
		  unsigned char tail)
{
	struct ltt_session_args *a = (void *)buf;

	memset(buf, GARBAGE, sizeof(buf));
	memset(buf, 0, size);
	strcpy(a->name, name);
	if (size > sizeof(*a) && tail)
		buf[size - 1] = tail;
	return ioctl(ctl, sized(LTT_IOC_SESSION_CREATE, size), buf);
}

/* 1 when a session named name exists */
static int exists(int ctl, const char *name)
{
	struct ltt_session_args a;
	int fd;

	memset(&a, 0, sizeof(a));
	strcpy(a.name, name);
	fd = ioctl(ctl, LTT_IOC_SESSION_OPEN, &a);
	if (fd < 0)
		return 0;
	close(fd);
	return 1;
}

static void destroy(int sfd)
{
	ioctl(sfd, LTT_IOC_SESSION_DESTROY);
	close(sfd);
}

static void create_tests(int ctl)
{
	const unsigned int cut = offsetof(struct ltt_session_args, reserved);
	struct ltt_session_info info;
	int fd, ret;

	check("LTT_SESSION_ARGS_SIZE_VER0 is name and flags",
	      cut == LTT_SESSION_ARGS_SIZE_VER0, "the header disagrees");

	/* GARBAGE where the kernel's reserved fields are: ignored */
	fd = create(ctl, "sz-short", cut, 0);
	check("SESSION_CREATE cut after name and flags: created", fd >= 0,
	      res(fd));
	memset(&info, 0, sizeof(info));
	ret = fd >= 0 ? ioctl(fd, LTT_IOC_SESSION_INFO, &info) : -1;
	check("... as zero-extended: the session, new, with its name",
	      ret == 0 && !strcmp(info.name, "sz-short") &&
	      info.state == LTT_SESSION_NEW, res(ret));
	if (fd >= 0)
		destroy(fd);
	/* the same bytes at the full size are read: reserved not zero */
	memset(buf + cut, GARBAGE, sizeof(struct ltt_session_args) - cut);
	ret = ioctl(ctl, LTT_IOC_SESSION_CREATE, buf);
	check("... the same bytes at the full size: EINVAL (reserved set)",
	      ret < 0 && errno == EINVAL, res(ret));

	fd = create(ctl, "sz-long", sizeof(struct ltt_session_args) + 32, 0);
	check("SESSION_CREATE longer by 32 bytes, zero tail: created", fd >= 0,
	      res(fd));
	check("... and the session exists", exists(ctl, "sz-long"), "not found");
	if (fd >= 0)
		destroy(fd);

	ret = create(ctl, "sz-big", sizeof(struct ltt_session_args) + 32, 1);
	check("SESSION_CREATE longer by 32 bytes, non-zero tail: E2BIG",
	      ret < 0 && errno == E2BIG, res(ret));
	check("... and no session is created", !exists(ctl, "sz-big"), "found");

	ret = create(ctl, "sz-min", cut - 1, 0);
	check("SESSION_CREATE one byte below the minimum: EINVAL",
	      ret < 0 && errno == EINVAL, res(ret));
	ret = create(ctl, "sz-min", LTT_NAME_LEN, 0);
	check("SESSION_CREATE of the name alone: EINVAL",
	      ret < 0 && errno == EINVAL, res(ret));
	check("... and no session is created", !exists(ctl, "sz-min"), "found");
}

/* SESSION_INFO into a struct of size bytes: 1 if nothing past it changed */
static int info_at(int sfd, unsigned int size, int *ret)
{
	unsigned char before[BUF];
	unsigned int end = size < sizeof(struct ltt_session_info) ?
		size : sizeof(struct ltt_session_info);

	memset(buf, GARBAGE, sizeof(buf));
	memcpy(before, buf, sizeof(buf));
	*ret = ioctl(sfd, sized(LTT_IOC_SESSION_INFO, size), buf);
	return !memcmp(buf + end, before + end, sizeof(buf) - end);
}

static void info_tests(int ctl)
{
	struct ltt_session_info *info = (void *)buf;
	int sfd, ret, kept;

	sfd = create(ctl, "sz-info", sizeof(struct ltt_session_args), 0);
	check("SESSION_CREATE sz-info", sfd >= 0, res(sfd));
	if (sfd < 0)
		return;
	kept = info_at(sfd, LTT_SESSION_INFO_SIZE_VER0, &ret);
	check("SESSION_INFO into its minimum size: filled up to it, not past",
	      ret == 0 && kept && !strcmp(info->name, "sz-info"), res(ret));
	kept = info_at(sfd, sizeof(*info) + 16, &ret);
	check("SESSION_INFO into a longer struct: the tail left as it was",
	      ret == 0 && kept && !strcmp(info->name, "sz-info") &&
	      !info->reserved, res(ret));
	ret = ioctl(sfd, sized(LTT_IOC_SESSION_INFO,
			       LTT_SESSION_INFO_SIZE_VER0 - 1), buf);
	check("SESSION_INFO below its minimum size: EINVAL",
	      ret < 0 && errno == EINVAL, res(ret));
	destroy(sfd);
}

/*
 * TRIGGER_ADD of a trigger on ltt_user_mark with a struct of size bytes,
 * as create(): returns the ioctl's result, *id the id written back.
 */
static int trigger_add(int sfd, unsigned int size, unsigned char tail,
		       __u64 *id)
{
	struct ltt_trigger_args *a = (void *)buf;
	int ret;

	memset(buf, GARBAGE, sizeof(buf));
	memset(buf, 0, size);
	a->condition = LTT_TRIGGER_COND_EVENT;
	a->action = LTT_TRIGGER_ACT_NOTIFY;
	strcpy(a->event, "ltt_user_mark");
	if (size > sizeof(*a) && tail)
		buf[size - 1] = tail;
	ret = ioctl(sfd, sized(LTT_IOC_TRIGGER_ADD, size), buf);
	*id = a->id;
	return ret;
}

/* the number of triggers of the session */
static unsigned int triggers(int sfd)
{
	struct ltt_list l = { .entry_size = sizeof(struct ltt_trigger_entry) };

	return ioctl(sfd, LTT_IOC_TRIGGER_LIST, &l) ? ~0u : l.count;
}

static void trigger_tests(int ctl)
{
	/* ABI 1.14's above, after_ns: the first fields past VER0 */
	const unsigned int cut = offsetof(struct ltt_trigger_args, above);
	struct ltt_trigger_id *t = (void *)buf;
	int sfd, ret;
	__u64 id;

	check("LTT_TRIGGER_ARGS_SIZE_VER0 ends before above (ABI 1.14)",
	      cut == LTT_TRIGGER_ARGS_SIZE_VER0, "the header disagrees");
	sfd = create(ctl, "sz-trig", sizeof(struct ltt_session_args), 0);
	check("SESSION_CREATE sz-trig", sfd >= 0, res(sfd));
	if (sfd < 0)
		return;
	ret = trigger_add(sfd, cut, 0, &id);
	check("TRIGGER_ADD cut before above: id 1, written back",
	      ret == 0 && id == 1 && buf[cut] == GARBAGE, res(ret));
	ret = trigger_add(sfd, sizeof(struct ltt_trigger_args) + 32, 0, &id);
	check("TRIGGER_ADD longer by 32 bytes, zero tail: id 2", ret == 0 &&
	      id == 2, res(ret));
	ret = trigger_add(sfd, sizeof(struct ltt_trigger_args) + 32, 1, &id);
	check("TRIGGER_ADD longer by 32 bytes, non-zero tail: E2BIG",
	      ret < 0 && errno == E2BIG, res(ret));
	ret = trigger_add(sfd, cut - 1, 0, &id);
	check("TRIGGER_ADD one byte below the minimum: EINVAL",
	      ret < 0 && errno == EINVAL, res(ret));
	check("... and only the 2 triggers were added", triggers(sfd) == 2,
	      "another count");

	memset(buf, GARBAGE, sizeof(buf));
	t->id = 1;
	ret = ioctl(sfd, sized(LTT_IOC_TRIGGER_REMOVE,
			       LTT_TRIGGER_ID_SIZE_VER0), buf);
	check("TRIGGER_REMOVE of the id alone (reserved cut off): removed",
	      ret == 0 && triggers(sfd) == 1, res(ret));
	memset(buf, 0, sizeof(buf));
	t->id = 2;
	buf[sizeof(*t) + 7] = 1;
	ret = ioctl(sfd, sized(LTT_IOC_TRIGGER_REMOVE, sizeof(*t) + 8), buf);
	check("TRIGGER_REMOVE longer by 8 bytes, non-zero tail: E2BIG",
	      ret < 0 && errno == E2BIG && triggers(sfd) == 1, res(ret));
	buf[sizeof(*t) + 7] = 0;
	ret = ioctl(sfd, sized(LTT_IOC_TRIGGER_REMOVE, sizeof(*t) + 8), buf);
	check("TRIGGER_REMOVE longer by 8 bytes, zero tail: removed",
	      ret == 0 && triggers(sfd) == 0, res(ret));
	destroy(sfd);
}

/*
 * The persistent region's commands (ABI 1.9), ltt loaded without a
 * region: STATUS says NONE, READ's checks come before its ENODEV.
 */
static void pmem_tests(int ctl)
{
	struct ltt_pmem_status *st = (void *)buf;
	struct ltt_pmem_read *rd = (void *)buf;
	const unsigned int ssz = sizeof(*st), rsz = sizeof(*rd);
	unsigned char before[BUF];
	int ret;

	memset(buf, GARBAGE, sizeof(buf));
	memcpy(before, buf, sizeof(buf));
	ret = ioctl(ctl, sized(LTT_IOC_PMEM_STATUS, ssz + 16), buf);
	check("PMEM_STATUS into a longer struct: state NONE, the tail left as it was",
	      ret == 0 && st->state == LTT_PMEM_STATE_NONE && !st->reason[0] &&
	      !memcmp(buf + ssz, before + ssz, sizeof(buf) - ssz), res(ret));
	memset(buf, GARBAGE, sizeof(buf));
	ret = ioctl(ctl, sized(LTT_IOC_PMEM_STATUS, LTT_PMEM_STATUS_SIZE_VER0 - 1),
		    buf);
	check("PMEM_STATUS one byte below its size: EINVAL, nothing written",
	      ret < 0 && errno == EINVAL && !memcmp(buf, before, sizeof(buf)),
	      res(ret));

	memset(buf, GARBAGE, sizeof(buf));
	memset(buf, 0, rsz + 8);
	rd->what = LTT_PMEM_READ_METADATA;
	ret = ioctl(ctl, sized(LTT_IOC_PMEM_READ, rsz + 8), buf);
	check("PMEM_READ longer by 8 bytes, zero tail: read (ENODEV: no region)",
	      ret < 0 && errno == ENODEV, res(ret));
	buf[rsz + 7] = 1;
	ret = ioctl(ctl, sized(LTT_IOC_PMEM_READ, rsz + 8), buf);
	check("PMEM_READ longer by 8 bytes, non-zero tail: E2BIG",
	      ret < 0 && errno == E2BIG, res(ret));
	buf[rsz + 7] = 0;
	ret = ioctl(ctl, sized(LTT_IOC_PMEM_READ, LTT_PMEM_READ_SIZE_VER0 - 1), buf);
	check("PMEM_READ one byte below its size: EINVAL",
	      ret < 0 && errno == EINVAL, res(ret));
}

int main(void)
{
	struct ltt_version v = { .major = LTT_ABI_MAJOR };
	int ctl = open("/dev/ltt", O_RDWR);

	check("open /dev/ltt", ctl >= 0, res(ctl));
	if (ctl < 0)
		return 1;
	check("VERSION: ABI 1.1 or later",
	      !ioctl(ctl, LTT_IOC_VERSION, &v) && v.major == 1 && v.minor >= 1,
	      "older ABI");
	create_tests(ctl);
	info_tests(ctl);
	trigger_tests(ctl);
	pmem_tests(ctl);
	close(ctl);
	return failed ? 1 : 0;
}
