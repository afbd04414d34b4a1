// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reading a session file (ltt-session(5)), as lttctl load and destroy
 * --saved do: a line per lttctl command, its words as a shell splits
 * them (poptParseArgvString), blank lines and lines starting with #
 * skipped; first create NAME, then commands that configure the session
 * create made, none naming a session of its own.
 */
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "lttctl.h"

/* the commands a session file may hold, after its create line */
static const char *const config_verbs[] = {
	"enable-channel", "enable", "disable", "track", "untrack",
	"enable-rotation", "disable-rotation", "hist", "latency", "trigger",
	NULL,
};

static bool config_verb(const char *verb)
{
	const char *const *v;

	for (v = config_verbs; *v; v++)
		if (!strcmp(verb, *v))
			return true;
	return false;
}

/* Does line words name a session (-s NAME, --session)? */
static bool names_session(int argc, const char **argv)
{
	int i;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--"))
			break;
		else if (!strncmp(argv[i], "-s", 2) ||
			 !strncmp(argv[i], "--session", 9))
			return true;
	return false;
}

/* Check line words of sf's line n (1, 2, ...): 0, or -1 (said). */
static int check_line(struct sessfile *sf, int n, int argc, const char **argv)
{
	const char *what = NULL;

	if (!sf->name) {
		if (strcmp(argv[0], "create"))
			what = "the first command must be: create NAME [OPTION...]";
		else if (argc < 2 || argv[1][0] == '-')
			what = "create must be followed by the session's name";
		else
			sf->name = argv[1];
	} else if (!strcmp(argv[0], "create")) {
		what = "a second create: a file makes one session";
	} else if (!config_verb(argv[0])) {
		what = "not a command that configures a session (enable-channel, enable, disable, track, untrack, enable-rotation, disable-rotation, hist add, latency add, trigger add)";
	} else if (!strcmp(argv[0], "trigger") &&
		   (argc < 2 || strcmp(argv[1], "add"))) {
		what = "only trigger add configures a session (trigger add -e EVENT ...)";
	} else if ((!strcmp(argv[0], "hist") || !strcmp(argv[0], "latency")) &&
		   (argc < 2 || strcmp(argv[1], "add"))) {
		what = "only hist add and latency add configure a session";
	} else if (names_session(argc, argv)) {
		what = "-s: every line acts on the session that create made";
	}
	if (!what)
		return 0;
	err("%s:%d: %s: %s", sf->path, n, argv[0], what);
	return -1;
}

/* Every quote closed, as poptParseArgvString() reads them (it takes an
 * unclosed one to the end of the line). */
static bool quotes_closed(const char *s)
{
	char quote = '\0';

	for (; *s; s++) {
		if (*s == '\\') {
			if (!*++s)
				return false;
		} else if (quote && *s == quote) {
			quote = '\0';
		} else if (!quote && (*s == '\'' || *s == '"')) {
			quote = *s;
		}
	}
	return !quote;
}

/*
 * Files written before --switch-timer and --read-timer took LTTng's
 * microseconds hold a bare number of milliseconds there (lttctl save
 * now writes the unit): make it "Nms" so that they load to the same
 * period. 0, or -1 (said).
 */
static int old_timers(struct sessfile *sf, int argc, const char **argv)
{
	static const char *const timers[] = { "--switch-timer", "--read-timer" };
	const char *val, *eq;
	size_t k, len;
	char *w, **o;
	int i;

	for (i = 1; i < argc; i++) {
		for (k = 0; k < 2; k++) {
			len = strlen(timers[k]);
			if (!strncmp(argv[i], timers[k], len) &&
			    (!argv[i][len] || argv[i][len] == '='))
				break;
		}
		if (k == 2)
			continue;
		eq = strchr(argv[i], '=');
		if (!eq && i + 1 == argc)
			break;
		val = eq ? eq + 1 : argv[++i];
		if (!*val || strspn(val, "0123456789") != strlen(val))
			continue;	/* has its unit, or is wrong (said later) */
		o = realloc(sf->owned, (sf->nr_owned + 1) * sizeof(*o));
		if (!o || asprintf(&w, "%s%s%sms", eq ? timers[k] : "",
				   eq ? "=" : "", val) < 0) {
			if (o)
				sf->owned = o;
			err("out of memory");
			return -1;
		}
		sf->owned = o;
		sf->owned[sf->nr_owned++] = w;
		argv[i] = w;
	}
	return 0;
}

static int add_line(struct sessfile *sf, int n, const char *text)
{
	struct sessline *l;
	const char **argv;
	int argc, ret;

	ret = quotes_closed(text) ? poptParseArgvString(text, &argc, &argv) :
				    POPT_ERROR_BADQUOTE;
	if (ret < 0) {
		err("%s:%d: %s", sf->path, n, ret == POPT_ERROR_BADQUOTE ?
		    "a quote is not closed (or a \\ ends the line)" :
		    poptStrerror(ret));
		return -1;
	}
	if (check_line(sf, n, argc, argv) || old_timers(sf, argc, argv)) {
		free(argv);
		return -1;
	}
	l = realloc(sf->lines, (sf->nr + 1) * sizeof(*l));
	if (!l) {
		free(argv);
		err("out of memory");
		return -1;
	}
	sf->lines = l;
	l[sf->nr].lineno = n;
	l[sf->nr].argc = argc;
	l[sf->nr++].argv = argv;
	return 0;
}

int sessfile_read(const char *path, struct sessfile *sf)
{
	char *line = NULL, *p;
	size_t cap = 0;
	ssize_t len;
	int n = 0, ret = 0;
	FILE *f;

	memset(sf, 0, sizeof(*sf));
	sf->path = path;
	f = fopen(path, "re");
	if (!f) {
		err("cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	while (!ret && (len = getline(&line, &cap, f)) >= 0) {
		n++;
		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		for (p = line; *p == ' ' || *p == '\t'; p++)
			;
		if (*p && *p != '#')
			ret = add_line(sf, n, p);
	}
	if (!ret && ferror(f)) {
		err("cannot read %s: %s", path, strerror(errno));
		ret = -1;
	}
	if (!ret && !sf->name) {
		err("%s: no create line: not a session file (lttctl save writes them)",
		    path);
		ret = -1;
	}
	free(line);
	fclose(f);
	if (ret)
		sessfile_free(sf);
	return ret;
}

void sessfile_free(struct sessfile *sf)
{
	int i;

	for (i = 0; i < sf->nr; i++)
		free(sf->lines[i].argv);
	free(sf->lines);
	for (i = 0; i < sf->nr_owned; i++)
		free(sf->owned[i]);
	free(sf->owned);
	memset(sf, 0, sizeof(*sf));
}

int sessfile_glob(const char *dir, char ***paths)
{
	char *pattern;
	struct stat st;
	glob_t g;
	int ret;
	size_t i;

	*paths = NULL;
	if (stat(dir, &st)) {
		err("%s: %s", dir, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		err("%s: not a directory", dir);
		return -1;
	}
	if (asprintf(&pattern, "%s/*.ltt", dir) < 0) {
		err("out of memory");
		return -1;
	}
	ret = glob(pattern, GLOB_ERR, NULL, &g);	/* sorted */
	free(pattern);
	if (ret == GLOB_NOMATCH)
		return 0;
	if (ret) {
		err("cannot list %s: %s", dir, ret == GLOB_ABORTED ?
		    strerror(errno) : "out of memory");
		return -1;
	}
	*paths = calloc(g.gl_pathc + 1, sizeof(**paths));
	for (i = 0; *paths && i < g.gl_pathc; i++) {
		(*paths)[i] = strdup(g.gl_pathv[i]);
		if (!(*paths)[i]) {
			while (i)
				free((*paths)[--i]);
			free(*paths);
			*paths = NULL;
		}
	}
	globfree(&g);
	if (!*paths) {
		err("out of memory");
		return -1;
	}
	return i;
}

int saved_sessions(const char *dir, char ***names)
{
	struct sessfile sf;
	char **paths;
	int n, i, k = 0;

	n = sessfile_glob(dir, &paths);
	if (n <= 0) {
		*names = NULL;
		return n;
	}
	*names = calloc(n + 1, sizeof(**names));
	for (i = 0; i < n; i++) {
		if (*names && !sessfile_read(paths[i], &sf)) {
			(*names)[k] = strdup(sf.name);
			if ((*names)[k])
				k++;
			sessfile_free(&sf);
		}
		free(paths[i]);
	}
	free(paths);
	if (!*names) {
		err("out of memory");
		return -1;
	}
	return k;
}
