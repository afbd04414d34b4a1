// SPDX-License-Identifier: GPL-2.0-only
/*
 * Process tracker options, shared by lttctl track, untrack and start:
 * --pid, --vpid, --uid, --vuid, --gid, --vgid LIST (numbers, or user and
 * group names for the ids), --cgroup PATH and --unit NAME (cgroup v2),
 * --all, --follow-children; collected as they come, then applied to a
 * session (include/uapi/ltt/abi.h, "Trackers"). And for lttctl status,
 * what a session's sets hold.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "json.h"
#include "lttctl.h"

static const char *const type_names[LTT_TRACKER_NR] = {
#define TYPE_NAME(type, name)	[LTT_TRACKER_##type] = #name,
	LTT_TRACKER_TYPES(TYPE_NAME)
#undef TYPE_NAME
};

struct tracked {
	unsigned int type;
	int64_t id;
	char *path;			/* --cgroup, --unit: its directory */
};

static struct tracked *ids;
static unsigned int nr_ids;
static int opt_all, opt_follow;

const struct poptOption tracker_options[] = {
	{ "pid", 0, POPT_ARG_STRING, NULL, 'p' + 256 * LTT_TRACKER_PID,
	  "processes (every thread), by process id", "PID,..." },
	{ "vpid", 0, POPT_ARG_STRING, NULL, 'p' + 256 * LTT_TRACKER_VPID,
	  "processes by id in their pid namespace", "VPID,..." },
	{ "uid", 0, POPT_ARG_STRING, NULL, 'p' + 256 * LTT_TRACKER_UID,
	  "processes of these users (ids or names)", "UID,..." },
	{ "vuid", 0, POPT_ARG_STRING, NULL, 'p' + 256 * LTT_TRACKER_VUID,
	  "users by id in their user namespace", "VUID,..." },
	{ "gid", 0, POPT_ARG_STRING, NULL, 'p' + 256 * LTT_TRACKER_GID,
	  "processes of these groups (ids or names)", "GID,..." },
	{ "vgid", 0, POPT_ARG_STRING, NULL, 'p' + 256 * LTT_TRACKER_VGID,
	  "groups by id in their user namespace", "VGID,..." },
	{ "cgroup", 0, POPT_ARG_STRING, NULL, 'p' + 256 * LTT_TRACKER_CGROUP,
	  "processes in these cgroups (v2) or below, by path under the "
	  "cgroup2 mount", "PATH,..." },
	{ "unit", 0, POPT_ARG_STRING, NULL, 'u' + 256 * LTT_TRACKER_CGROUP,
	  "processes of these systemd units (their cgroups)", "NAME,..." },
	{ "follow-children", 0, POPT_ARG_NONE, &opt_follow, 0,
	  "with --pid: also the processes they fork, until they exit", NULL },
	POPT_TABLEEND
};

const struct poptOption tracker_all_option[] = {
	{ "all", 'a', POPT_ARG_NONE, &opt_all, 0,
	  "every kind: track every process again (untrack: none); one kind: "
	  "--pid all", NULL },
	POPT_TABLEEND
};

static int parse_id(unsigned int type, const char *s, int64_t *id)
{
	char *end;
	long long v;

	errno = 0;
	v = strtoll(s, &end, 10);
	if (*s && !*end && !errno && v >= 0 && v <= 0xffffffffLL) {
		*id = v;
		return 0;
	}
	if (type == LTT_TRACKER_UID || type == LTT_TRACKER_VUID) {
		struct passwd *pw = getpwnam(s);

		if (pw) {
			*id = pw->pw_uid;
			return 0;
		}
	} else if (type == LTT_TRACKER_GID || type == LTT_TRACKER_VGID) {
		struct group *gr = getgrnam(s);

		if (gr) {
			*id = gr->gr_gid;
			return 0;
		}
	}
	err("--%s: '%s' is not a%s id", type_names[type], s,
	    type == LTT_TRACKER_UID || type == LTT_TRACKER_VUID ? " user name or" :
	    type == LTT_TRACKER_GID || type == LTT_TRACKER_VGID ? " group name or" : "n");
	return -1;
}

/* ---- cgroups (v2) ----------------------------------------------------- */

/* The first cgroup2 mount point (/sys/fs/cgroup), or NULL (said). */
const char *cgroup2_mount(void)
{
	static char *mnt;
	char *line = NULL, *p, *sep, dir[4096], fs[64];
	size_t cap = 0;
	FILE *f;

	if (mnt)
		return mnt;
	f = fopen("/proc/self/mountinfo", "re");
	while (f && getline(&line, &cap, f) > 0) {
		/* ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTS... - FSTYPE SOURCE ... */
		sep = strstr(line, " - ");
		if (!sep || sscanf(sep, " - %63s", fs) != 1 ||
		    strcmp(fs, "cgroup2") ||
		    sscanf(line, "%*s %*s %*s %*s %4095s", dir) != 1)
			continue;
		for (p = dir; *p; p++)	/* \040 for a blank: none expected */
			if (*p == '\\')
				break;
		if (*p)
			continue;
		mnt = strdup(dir);
		break;
	}
	free(line);
	if (f)
		fclose(f);
	if (!mnt)
		err("no cgroup2 file system is mounted (mount -t cgroup2 none /sys/fs/cgroup)");
	return mnt;
}

/*
 * The directory of cgroup PATH: PATH under the cgroup2 mount (a leading
 * '/' or none), or PATH itself when it is under the mount. malloc()ed,
 * NULL (said) when there is no mount.
 */
static char *cgroup_dir(const char *path)
{
	const char *mnt = cgroup2_mount();
	size_t n;
	char *d;

	if (!mnt)
		return NULL;
	n = strlen(mnt);
	if (!strncmp(path, mnt, n) && (!path[n] || path[n] == '/'))
		d = strdup(path);
	else if (asprintf(&d, "%s/%s", mnt, path + strspn(path, "/")) < 0)
		d = NULL;
	if (!d)
		err("out of memory");
	return d;
}

static const char *unit_want;	/* nftw has no argument */
static char *unit_found;

static int unit_match(const char *path, const struct stat *st, int flag,
		      struct FTW *ftw)
{
	(void)st;
	if (flag != FTW_D || strcmp(path + ftw->base, unit_want))
		return 0;
	unit_found = strdup(path);
	return 1;
}

/*
 * The cgroup of systemd unit NAME (".service" added when it has no
 * suffix): system.slice/NAME, else the first NAME in the tree (a user's
 * unit under user.slice). malloc()ed, or NULL (said).
 */
static char *unit_dir(const char *name)
{
	const char *mnt = cgroup2_mount();
	struct stat st;
	char *unit, *d;

	if (!mnt)
		return NULL;
	if (asprintf(&unit, "%s%s", name,
		     strchr(name, '.') ? "" : ".service") < 0)
		return NULL;
	if (asprintf(&d, "%s/system.slice/%s", mnt, unit) < 0) {
		free(unit);
		return NULL;
	}
	if (!stat(d, &st) && S_ISDIR(st.st_mode)) {
		free(unit);
		return d;
	}
	free(d);
	unit_want = unit;
	unit_found = NULL;
	nftw(mnt, unit_match, 32, FTW_PHYS | FTW_MOUNT);
	if (!unit_found)
		err("--unit %s: no cgroup %s under %s (system.slice or a user's "
		    "slice): is the unit running?", name, unit, mnt);
	free(unit);
	return unit_found;
}

static uint64_t path_want;
static char *path_found;

static int ino_match(const char *path, const struct stat *st, int flag,
		     struct FTW *ftw)
{
	(void)ftw;
	if (flag != FTW_D || st->st_ino != path_want)
		return 0;
	path_found = strdup(path);
	return 1;
}

/*
 * The path, under the cgroup2 mount and starting with '/', of the cgroup
 * of id @id (its directory's inode number): malloc()ed, NULL when there
 * is none.
 */
char *cgroup_path_of(uint64_t id)
{
	const char *mnt = cgroup2_mount();
	char *p;

	if (!mnt)
		return NULL;
	path_want = id;
	path_found = NULL;
	nftw(mnt, ino_match, 32, FTW_PHYS | FTW_MOUNT);
	if (!path_found)
		return NULL;
	if (!path_found[strlen(mnt)]) {
		free(path_found);
		return strdup("/");
	}
	p = strdup(path_found + strlen(mnt));
	free(path_found);
	return p;
}

/* popt val of a tracker option: 'p' + 256 * type; "all" is --KIND all */
int tracker_option(int val, const char *arg)
{
	unsigned int type = val / 256;
	char *list, *tok, *save = NULL;
	struct tracked *t;
	int ret = 0;

	if ((val % 256 != 'p' && val % 256 != 'u') || type >= LTT_TRACKER_NR)
		return 0;		/* not ours */
	list = strdup(arg);
	if (!list)
		return -1;
	for (tok = strtok_r(list, ",", &save); tok && !ret;
	     tok = strtok_r(NULL, ",", &save)) {
		t = realloc(ids, (nr_ids + 1) * sizeof(*t));
		if (!t) {
			ret = -1;
			break;
		}
		ids = t;
		ids[nr_ids].type = type;
		ids[nr_ids].path = NULL;
		ids[nr_ids].id = 0;
		if (!strcmp(tok, "all") && val % 256 == 'p')
			ids[nr_ids].id = -1;
		else if (val % 256 == 'u')
			ret = (ids[nr_ids].path = unit_dir(tok)) ? 0 : -1;
		else if (type == LTT_TRACKER_CGROUP)
			ret = (ids[nr_ids].path = cgroup_dir(tok)) ? 0 : -1;
		else if (parse_id(type, tok, &ids[nr_ids].id))
			ret = -1;
		if (!ret)
			nr_ids++;
	}
	free(list);
	return ret;
}

bool trackers_given(void)
{
	return nr_ids || opt_all;
}

/* Track (fd of the directory) or untrack (its id) cgroup @dir: 0, -1 (said). */
static int cgroup_apply(int sfd, bool add, const char *dir)
{
	struct stat st;
	int fd, ret;

	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st)) {
		err("cannot %s --cgroup %s: %s%s", add ? "track" : "untrack",
		    dir, strerror(errno), add || errno != ENOENT ? "" :
		    " (a removed cgroup goes with untrack --cgroup all)");
		if (fd >= 0)
			close(fd);
		return -1;
	}
	ret = lttc_tracker(sfd, add, LTT_TRACKER_CGROUP,
			   add ? fd : (int64_t)st.st_ino, 0);
	close(fd);
	if (ret < 0)
		err("cannot %s --cgroup %s: %s", add ? "track" : "untrack", dir,
		    ret == -ENOENT ? "it is not tracked" :
		    ret == -EBADF ? "not a cgroup v2 directory" :
		    ret == -ENOSPC ? "the set holds 16 cgroups already" :
		    ret == -EINVAL ? "this ltt module has no cgroup tracker (ABI 1.13)" :
		    strerror(-ret));
	return ret < 0 ? -1 : 0;
}

/* Apply what was given to session sfd; 0 or -1 (said). */
int trackers_apply(int sfd, bool add)
{
	unsigned int i, type, flags;
	int ret;

	if (opt_follow && add) {
		for (i = 0; i < nr_ids && ids[i].type != LTT_TRACKER_PID; i++)
			;
		if (i == nr_ids) {
			err("--follow-children follows processes given with --pid");
			return -1;
		}
	}
	if (opt_all && !nr_ids)	/* every kind */
		for (type = 0; type < LTT_TRACKER_NR; type++) {
			ret = lttc_tracker(sfd, add, type, 0, LTT_TRACKER_ALL);
			if (ret < 0)
				goto fail;
		}
	for (i = 0; i < nr_ids; i++) {
		if (ids[i].path) {
			if (cgroup_apply(sfd, add, ids[i].path))
				return -1;
			continue;
		}
		flags = ids[i].id < 0 ? LTT_TRACKER_ALL : 0;
		if (opt_follow && ids[i].type == LTT_TRACKER_PID)
			flags |= LTT_TRACKER_FOLLOW;
		ret = lttc_tracker(sfd, add, ids[i].type,
				   ids[i].id < 0 ? 0 : ids[i].id, flags);
		if (ret < 0) {
			type = ids[i].type;
			err("cannot %s --%s %lld: %s", add ? "track" : "untrack",
			    type_names[type], (long long)ids[i].id,
			    ret == -ENOENT ? "it is not tracked" :
			    ret == -ENOSPC ? "the set holds " "1024 ids already" :
			    ret == -ENOTTY ? "this ltt module has no trackers (ABI 1.5)" :
			    strerror(-ret));
			return -1;
		}
	}
	return 0;
fail:
	err("cannot %s: %s", add ? "track" : "untrack", strerror(-ret));
	return -1;
}

/* ---- lttctl status ---------------------------------------------------- */

/*
 * The entries of one set in e[0..n) (abi.h, TRACKER_LIST: sorted by
 * type): its first entry's index in *first and its number of entries,
 * 0 when the kernel gave none for it.
 */
static int set_entries(const struct ltt_tracker_entry *e, int n,
		       unsigned int type, int *first)
{
	int i, k = 0;

	for (i = 0; i < n; i++)
		if (e[i].type == type && !k++)
			*first = i;
	return k;
}

/* Text: a line per set that is not "all". */
void trackers_show(int sfd)
{
	struct ltt_tracker_entry *e = NULL;
	unsigned int type;
	int n, i, k, first = 0;

	n = lttc_tracker_list(sfd, &e);
	for (type = 0; type < LTT_TRACKER_NR; type++) {
		k = set_entries(e, n, type, &first);
		if (!k || e[first].flags & LTT_TRACKER_ALL)
			continue;
		printf("  tracking %s: ", type_names[type]);
		if (e[first].flags & LTT_TRACKER_NONE) {
			printf("none (nothing recorded)\n");
			continue;
		}
		for (i = first; i < first + k; i++) {
			char *path = NULL;

			if (type == LTT_TRACKER_CGROUP &&
			    !(e[i].flags & LTT_TRACKER_GONE))
				path = cgroup_path_of(e[i].id);
			if (path)
				printf("%s%s", i > first ? ", " : "", path);
			else
				printf("%s%lld", i > first ? ", " : "", (long long)e[i].id);
			if (e[i].flags & LTT_TRACKER_GONE)
				printf(" (gone)");
			free(path);
		}
		printf("%s\n", e[first].flags & LTT_TRACKER_FOLLOW ?
		       " (following children)" : "");
	}
	free(e);
}

/*
 * JSON members of the session's object: "trackers" {"pid": "all" or
 * [ids], ...} and "follow_children"; null and false from a kernel older
 * than ABI 1.6.
 */
void trackers_json(int sfd, struct json *j)
{
	struct ltt_tracker_entry *e = NULL;
	bool follow = false;
	unsigned int type;
	int n, i, k, first = 0;

	n = lttc_tracker_list(sfd, &e);
	if (n < 0) {
		json_null(j, "trackers");
		json_bool(j, "follow_children", false);
		return;
	}
	json_obj_begin(j, "trackers");
	for (type = 0; type < LTT_TRACKER_NR; type++) {
		k = set_entries(e, n, type, &first);
		if (!k || e[first].flags & LTT_TRACKER_ALL) {
			json_str(j, type_names[type], "all");
			continue;
		}
		follow |= e[first].flags & LTT_TRACKER_FOLLOW;
		json_arr_begin(j, type_names[type]);
		for (i = first; i < first + k && !(e[i].flags & LTT_TRACKER_NONE); i++) {
			char *path;

			if (type != LTT_TRACKER_CGROUP) {
				json_i64(j, NULL, e[i].id);
				continue;
			}
			path = e[i].flags & LTT_TRACKER_GONE ? NULL :
			       cgroup_path_of(e[i].id);
			json_obj_begin(j, NULL);
			json_u64(j, "id", e[i].id);
			if (path)
				json_str(j, "path", path);
			else
				json_null(j, "path");
			json_bool(j, "gone", e[i].flags & LTT_TRACKER_GONE);
			json_obj_end(j);
			free(path);
		}
		json_arr_end(j);
	}
	json_obj_end(j);
	json_bool(j, "follow_children", follow);
	free(e);
}
