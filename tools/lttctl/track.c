// SPDX-License-Identifier: GPL-2.0-only
/*
 * Process tracker options, shared by lttctl track, untrack and start:
 * --pid, --vpid, --uid, --vuid, --gid, --vgid LIST (numbers, or user and
 * group names for the ids), --all, --follow-children; collected as they
 * come, then applied to a session (include/uapi/ltt/abi.h, "Trackers").
 * And for lttctl status, what a session's sets hold.
 */
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* popt val of a tracker option: 'p' + 256 * type; "all" is --KIND all */
int tracker_option(int val, const char *arg)
{
	unsigned int type = val / 256;
	char *list, *tok, *save = NULL;
	struct tracked *t;
	int ret = 0;

	if (val % 256 != 'p' || type >= LTT_TRACKER_NR)
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
		if (!strcmp(tok, "all"))
			ids[nr_ids].id = -1;
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
		for (i = first; i < first + k; i++)
			printf("%s%lld", i > first ? ", " : "", (long long)e[i].id);
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
		for (i = first; i < first + k && !(e[i].flags & LTT_TRACKER_NONE); i++)
			json_i64(j, NULL, e[i].id);
		json_arr_end(j);
	}
	json_obj_end(j);
	json_bool(j, "follow_children", follow);
	free(e);
}
