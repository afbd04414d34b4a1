// SPDX-License-Identifier: GPL-2.0-only
/*
 * A session's spool of traces to ship (ltt-ctl.h, doc/relay.md "Shipping
 * snapshots and recovered traces"): the snapshot-N-* and recovered-*
 * directories of its trace directory, or of /var/spool/ltt/SESSION for a
 * session with no trace directory. An entry is shipped once its marker
 * file (LTT_SPOOL_MARK) is in it; the spool's catalogue (LTT_SPOOL_LOG)
 * has a line per entry shipped, and one per entry the keep limits
 * removed before it was. lttd writes them, lttctl status counts them.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "ltt-ctl.h"

bool ltt_spool_entry_name(const char *name)
{
	return (!strncmp(name, "snapshot-", 9) && name[9] >= '1' &&
		name[9] <= '9') || !strncmp(name, "recovered-", 10);
}

const char *ltt_spool_dir(const struct ltt_output *o, const char *session,
			  char *buf, size_t len)
{
	int n;

	if (o->dir)
		return o->dir;
	if (!o->url)
		return NULL;
	n = snprintf(buf, len, "%s/%s", LTT_SPOOL_ROOT, session);
	return n > 0 && (size_t)n < len ? buf : NULL;
}

bool ltt_spool_shipped(const char *entry)
{
	char p[PATH_MAX];

	if (snprintf(p, sizeof(p), "%s/%s", entry, LTT_SPOOL_MARK) >=
	    (int)sizeof(p))
		return false;
	return !access(p, F_OK);
}

int ltt_spool_log(const char *spool, const char *line)
{
	char p[PATH_MAX];
	size_t len = strlen(line);
	ssize_t n;
	int fd, ret = 0;

	if (snprintf(p, sizeof(p), "%s/%s", spool, LTT_SPOOL_LOG) >=
	    (int)sizeof(p))
		return -ENAMETOOLONG;
	fd = open(p, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	/* one write: a line is whole or absent, whoever else appends */
	n = write(fd, line, len);
	if (n < 0)
		ret = -errno;
	else if ((size_t)n != len)
		ret = -EIO;
	if (!ret && fsync(fd))
		ret = -errno;
	close(fd);
	return ret;
}

/*
 * A trace shipped again (a person removed its marker, or the marker
 * never reached the disk) has a line each time: counted once, by name.
 */
static bool seen_before(char ***names, unsigned int *n, const char *rest)
{
	size_t len = strcspn(rest, " \n");
	unsigned int i;
	char **nv;

	for (i = 0; i < *n; i++)
		if (strlen((*names)[i]) == len && !strncmp((*names)[i], rest, len))
			return true;
	nv = realloc(*names, (*n + 1) * sizeof(**names));
	if (!nv)
		return false;
	*names = nv;
	nv[*n] = strndup(rest, len);
	if (nv[*n])
		(*n)++;
	return false;
}

int ltt_spool_count(const char *spool, struct ltt_spool_count *c)
{
	char p[PATH_MAX], line[1024], **names = NULL;
	unsigned int n = 0;
	struct dirent *de;
	struct stat sb;
	FILE *f;
	DIR *d;

	memset(c, 0, sizeof(*c));
	if (snprintf(p, sizeof(p), "%s/%s", spool, LTT_SPOOL_LOG) >=
	    (int)sizeof(p))
		return -ENAMETOOLONG;
	f = fopen(p, "re");
	while (f && fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "shipped ", 8))
			c->shipped += !seen_before(&names, &n, line + 8);
		else if (!strncmp(line, "dropped ", 8))
			c->dropped++;
	}
	if (f)
		fclose(f);
	while (n)
		free(names[--n]);
	free(names);
	d = opendir(spool);
	if (!d)
		return errno == ENOENT ? 0 : -errno;
	while ((de = readdir(d))) {
		if (!ltt_spool_entry_name(de->d_name) ||
		    snprintf(p, sizeof(p), "%s/%s", spool, de->d_name) >=
		    (int)sizeof(p) || lstat(p, &sb) || !S_ISDIR(sb.st_mode))
			continue;
		if (!ltt_spool_shipped(p))
			c->waiting++;
	}
	closedir(d);
	return 0;
}

int ltt_spool_unshipped(const char *entry, const char *why)
{
	const char *slash = strrchr(entry, '/');
	char spool[PATH_MAX], line[PATH_MAX + 128];

	if (!slash || ltt_spool_shipped(entry))
		return 0;
	snprintf(spool, sizeof(spool), "%.*s", (int)(slash - entry), entry);
	snprintf(line, sizeof(line), "dropped %s %s\n", slash + 1, why);
	return ltt_spool_log(spool, line);
}
