// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl and kernel modules: the index of the installed probe modules'
 * events, loading what a session needs (autoload, as LTTng's session
 * daemon does), and explaining why ltt.ko is not there.
 *
 * The index is not a file of its own: every probe module carries its
 * event names in its .modinfo section, as the tag "ltt_events=a,b,"
 * (stage 9 of include/trace/ltt-define-events.h). It is written when the
 * module is built for a kernel, so it names exactly the events of that
 * build (those the kernel lacks are left out), and it is installed, by
 * make install or DKMS alike, with the module: no separate file to keep
 * in step per kernel. The installed probe modules are the ltt-probe-*
 * entries of /lib/modules/$(uname -r)/modules.dep.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include "lttctl.h"
#include "modules.h"

#ifndef LTT_TOOLS_VERSION
#define LTT_TOOLS_VERSION "VERSION"
#endif

#define PROBE_PREFIX	"ltt-probe-"
#define EVENTS_TAG	"ltt_events="
#define MODINFO_MAX	(1 << 20)	/* a larger .modinfo is not ours */

/* '*' matches any run of characters: the kernel's rule (session-enabler.c) */
bool event_glob_match(const char *pat, const char *s)
{
	const char *star = NULL, *back = NULL;

	while (*s) {
		if (*pat == '*') {
			star = ++pat;
			back = s;
		} else if (*pat == *s) {
			pat++;
			s++;
		} else if (star) {
			pat = star;
			s = ++back;
		} else {
			return false;
		}
	}
	while (*pat == '*')
		pat++;
	return !*pat;
}

/* /lib/modules/RELEASE (LTT_MODULES_DIR overrides it, for tests) */
static const char *modules_dir(void)
{
	static char dir[PATH_MAX_LEN];
	struct utsname u;
	const char *env = getenv("LTT_MODULES_DIR");

	if (env && *env)
		return env;
	if (uname(&u))
		return NULL;
	snprintf(dir, sizeof(dir), "/lib/modules/%s", u.release);
	return dir;
}

static int add_event(struct probe_module *m, const char *name, size_t len)
{
	char **ev;

	if (!len)
		return 0;
	ev = realloc(m->events, (m->nr_events + 1) * sizeof(*ev));
	if (!ev)
		return -ENOMEM;
	m->events = ev;
	ev[m->nr_events] = strndup(name, len);
	if (!ev[m->nr_events])
		return -ENOMEM;
	m->nr_events++;
	return 0;
}

/* The events of every "ltt_events=" string in buf[0..len). */
static int parse_modinfo(struct probe_module *m, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	int ret;

	while (p < end) {
		size_t n = strnlen(p, end - p);

		if (n > strlen(EVENTS_TAG) && !strncmp(p, EVENTS_TAG, strlen(EVENTS_TAG))) {
			const char *e = p + strlen(EVENTS_TAG), *stop = p + n;

			while (e < stop) {
				size_t k = strcspn(e, ",");

				if (e + k > stop)
					k = stop - e;
				ret = add_event(m, e, k);
				if (ret)
					return ret;
				e += k + 1;
			}
		}
		p += n + 1;
	}
	return 0;
}

/*
 * The .modinfo section of an uncompressed ELF64 module, malloc()ed, its
 * size in *len; NULL with *error set.
 */
static char *elf_modinfo(const char *path, size_t *len, int *error)
{
	Elf64_Ehdr eh;
	Elf64_Shdr *sh = NULL, *strs;
	char *names = NULL, *buf = NULL;
	int fd, i;

	*error = -ENOEXEC;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		*error = -errno;
		return NULL;
	}
	if (pread(fd, &eh, sizeof(eh), 0) != sizeof(eh) ||
	    memcmp(eh.e_ident, ELFMAG, SELFMAG) ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh.e_shentsize != sizeof(*sh) || !eh.e_shnum ||
	    eh.e_shstrndx >= eh.e_shnum)
		goto out;
	sh = calloc(eh.e_shnum, sizeof(*sh));
	if (!sh)
		goto nomem;
	if (pread(fd, sh, eh.e_shnum * sizeof(*sh), eh.e_shoff) !=
	    (ssize_t)(eh.e_shnum * sizeof(*sh)))
		goto out;
	strs = &sh[eh.e_shstrndx];
	if (strs->sh_size > MODINFO_MAX)
		goto out;
	names = malloc(strs->sh_size + 1);
	if (!names)
		goto nomem;
	if (pread(fd, names, strs->sh_size, strs->sh_offset) !=
	    (ssize_t)strs->sh_size)
		goto out;
	names[strs->sh_size] = '\0';
	for (i = 0; i < eh.e_shnum; i++) {
		if (sh[i].sh_name >= strs->sh_size ||
		    strcmp(names + sh[i].sh_name, ".modinfo"))
			continue;
		if (sh[i].sh_size > MODINFO_MAX)
			goto out;
		buf = malloc(sh[i].sh_size + 1);
		if (!buf)
			goto nomem;
		if (pread(fd, buf, sh[i].sh_size, sh[i].sh_offset) !=
		    (ssize_t)sh[i].sh_size) {
			free(buf);
			buf = NULL;
			goto out;
		}
		buf[sh[i].sh_size] = '\0';	/* the last string ends */
		*len = sh[i].sh_size + 1;
		*error = 0;
		goto out;
	}
	goto out;
nomem:
	*error = -ENOMEM;
out:
	free(names);
	free(sh);
	close(fd);
	return buf;
}

static int read_elf_modinfo(struct probe_module *m, const char *path)
{
	size_t len;
	int ret;
	char *buf = elf_modinfo(path, &len, &ret);

	if (!buf)
		return ret;
	ret = parse_modinfo(m, buf, len);
	free(buf);
	return ret;
}

/* The value of TAG in a module's .modinfo (malloc()ed), or NULL. */
static char *elf_modinfo_tag(const char *path, const char *tag)
{
	size_t len, tl = strlen(tag);
	char *buf, *p, *val = NULL;
	int error;

	buf = elf_modinfo(path, &len, &error);
	for (p = buf; buf && p < buf + len; p += strlen(p) + 1)
		if (!strncmp(p, tag, tl) && p[tl] == '=') {
			val = strdup(p + tl + 1);
			break;
		}
	free(buf);
	return val;
}

/*
 * A compressed module (.ko.xz, .ko.zst, .ko.gz, as DKMS may install it):
 * modinfo(8) decompresses; its output is the tag's values, one a line.
 */
static int read_modinfo_tool(struct probe_module *m)
{
	char *out = NULL;
	size_t cap = 0, len = 0;
	int pfd[2], status, ret = 0;
	ssize_t n;
	pid_t pid;

	if (pipe(pfd))
		return -errno;
	pid = fork();
	if (pid < 0) {
		close(pfd[0]);
		close(pfd[1]);
		return -errno;
	}
	if (pid == 0) {
		dup2(pfd[1], 1);
		close(pfd[0]);
		close(pfd[1]);
		execlp("modinfo", "modinfo", "-F", "ltt_events", m->path,
		       (char *)NULL);
		_exit(127);
	}
	close(pfd[1]);
	for (;;) {
		if (len + 4096 > cap) {
			char *b = cap + 4096 > MODINFO_MAX ? NULL :
				  realloc(out, cap + 4096);

			if (!b) {
				ret = -ENOMEM;
				break;
			}
			out = b;
			cap += 4096;
		}
		n = read(pfd[0], out + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += n;
	}
	close(pfd[0]);
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		ret = ret ? ret : -ENOEXEC;
	if (!ret) {
		size_t i;

		/* "a,b,\nc,\n": lines are tags; make them one "a,b,c," */
		for (i = 0; i < len; i++)
			if (out[i] == '\n')
				out[i] = ',';
		if (len) {
			char *tagged = malloc(strlen(EVENTS_TAG) + len + 1);

			if (!tagged) {
				ret = -ENOMEM;
			} else {
				memcpy(tagged, EVENTS_TAG, strlen(EVENTS_TAG));
				memcpy(tagged + strlen(EVENTS_TAG), out, len);
				tagged[strlen(EVENTS_TAG) + len] = '\0';
				ret = parse_modinfo(m, tagged,
						    strlen(EVENTS_TAG) + len + 1);
				free(tagged);
			}
		}
	}
	free(out);
	return ret;
}

/* "ltt_probe_irq" in /sys/module: loaded (or built in) */
static bool module_loaded(const char *name)
{
	char path[PATH_MAX_LEN], *p;
	struct stat st;

	snprintf(path, sizeof(path), "/sys/module/%s", name);
	for (p = path + strlen("/sys/module/"); *p; p++)
		if (*p == '-')
			*p = '_';
	return !stat(path, &st);
}

/* A line of modules.dep: an ltt-probe-* module goes in the index. */
static int add_module(struct probe_index *ix, const char *dir, char *line)
{
	struct probe_module *m;
	char *colon = strchr(line, ':'), *base, *dot;
	int ret;

	if (!colon)
		return 0;
	*colon = '\0';
	base = strrchr(line, '/');
	base = base ? base + 1 : line;
	if (strncmp(base, PROBE_PREFIX, strlen(PROBE_PREFIX)))
		return 0;
	m = realloc(ix->mods, (ix->nr + 1) * sizeof(*m));
	if (!m)
		return -ENOMEM;
	ix->mods = m;
	m = &ix->mods[ix->nr];
	memset(m, 0, sizeof(*m));
	dot = strstr(base, ".ko");
	m->name = strndup(base, dot ? (size_t)(dot - base) : strlen(base));
	if (line[0] == '/')
		m->path = strdup(line);
	else if (asprintf(&m->path, "%s/%s", dir, line) < 0)
		m->path = NULL;
	if (!m->name || !m->path) {
		free(m->name);
		free(m->path);
		return -ENOMEM;
	}
	ix->nr++;
	m->loaded = module_loaded(m->name);
	ret = dot && !strcmp(dot, ".ko") ? read_elf_modinfo(m, m->path) :
					   read_modinfo_tool(m);
	if (ret == -ENOMEM)
		return ret;
	if (ret)
		warn("%s: cannot read its events (%s)", m->path, strerror(-ret));
	return 0;
}

int probe_index_read(struct probe_index *ix)
{
	const char *dir = modules_dir();
	char path[PATH_MAX_LEN], *line = NULL;
	size_t cap = 0;
	int ret = 0;
	FILE *f;

	memset(ix, 0, sizeof(*ix));
	if (!dir)
		return -errno;
	snprintf(path, sizeof(path), "%s/modules.dep", dir);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	while (!ret && getline(&line, &cap, f) > 0)
		ret = add_module(ix, dir, line);
	free(line);
	fclose(f);
	if (ret)
		probe_index_free(ix);
	return ret;
}

void probe_index_free(struct probe_index *ix)
{
	int i, j;

	for (i = 0; i < ix->nr; i++) {
		for (j = 0; j < ix->mods[i].nr_events; j++)
			free(ix->mods[i].events[j]);
		free(ix->mods[i].events);
		free(ix->mods[i].name);
		free(ix->mods[i].path);
	}
	free(ix->mods);
	memset(ix, 0, sizeof(*ix));
}

/*
 * Run modprobe NAME, its messages to stderr: 0, or its exit status. No
 * module option is passed: ltt's (tracing_group, who may use /dev/ltt)
 * are the administrator's, in /etc/modprobe.d (doc/install.md).
 */
static int modprobe(const char *name)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		execlp("modprobe", "modprobe", name, (char *)NULL);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/* The path of ltt.ko that DIR/modules.dep names (malloc()ed), or NULL. */
static char *ltt_ko_path(const char *dir)
{
	char path[PATH_MAX_LEN], *line = NULL, *found = NULL;
	size_t cap = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/modules.dep", dir);
	f = fopen(path, "re");
	while (f && !found && getline(&line, &cap, f) > 0) {
		char *colon = strchr(line, ':'), *base;

		if (!colon)
			continue;
		*colon = '\0';
		base = strrchr(line, '/');
		base = base ? base + 1 : line;
		if (strncmp(base, "ltt.ko", 6) ||
		    (base[6] && base[6] != '.'))
			continue;
		if (line[0] == '/')
			found = strdup(line);
		else if (asprintf(&found, "%s/%s", dir, line) < 0)
			found = NULL;
	}
	free(line);
	if (f)
		fclose(f);
	return found;
}

/*
 * After "ltt.ko is not loaded": why modprobe cannot load it, when lttctl
 * can tell. The module installed for this kernel was built for another
 * (its vermagic: modprobe says "Exec format error"), or ltt is installed
 * only for other kernels (a kernel upgrade without DKMS).
 */
void explain_ltt_missing(void)
{
	const char *dir = modules_dir();
	struct utsname u;
	char *ko, *magic, others[512] = "";
	glob_t g;
	size_t i;

	if (!dir || uname(&u))
		return;
	ko = ltt_ko_path(dir);
	if (ko) {
		magic = elf_modinfo_tag(ko, "vermagic");
		if (magic && (strncmp(magic, u.release, strlen(u.release)) ||
			      magic[strlen(u.release)] != ' '))
			fprintf(stderr,
				"lttctl: %s was built for kernel %.*s, not for the running %s: rebuild and reinstall it (make KVER=%s install, or dkms install ltt/%s -k %s)\n",
				ko, (int)strcspn(magic, " "), magic, u.release,
				u.release, LTT_TOOLS_VERSION, u.release);
		free(magic);
		free(ko);
		return;
	}
	/* ltt.ko of other kernels: their modules.dep */
	if (!glob("/lib/modules/*", GLOB_ONLYDIR, NULL, &g)) {
		for (i = 0; i < g.gl_pathc; i++) {
			const char *rel = g.gl_pathv[i] + strlen("/lib/modules/");

			ko = ltt_ko_path(g.gl_pathv[i]);
			if (ko && strcmp(rel, u.release) &&
			    strlen(others) + strlen(rel) + 3 < sizeof(others))
				snprintf(others + strlen(others),
					 sizeof(others) - strlen(others), "%s%s",
					 others[0] ? ", " : "", rel);
			free(ko);
		}
		globfree(&g);
	}
	if (others[0])
		fprintf(stderr,
			"lttctl: ltt is installed for kernel %s, not for the running %s: build it for this kernel (make KVER=%s install, or dkms autoinstall -k %s)\n",
			others, u.release, u.release, u.release);
	else
		fprintf(stderr,
			"lttctl: ltt is not installed for kernel %s (make install, or the ltt-dkms package)\n",
			u.release);
}

/* modprobe ltt unless loaded: 0, or -1 (printed why). */
static int load_ltt(void)
{
	struct stat st;

	if (!stat("/sys/module/ltt", &st) || !modprobe("ltt"))
		return 0;
	explain_ltt_missing();
	return -1;
}

int autoload(const char **patterns, int n)
{
	struct probe_index ix;
	int i, j, k, ret;

	if (load_ltt())
		return -1;
	ret = probe_index_read(&ix);
	if (ret) {
		warn("cannot read the index of probe modules (%s): loading none",
		     strerror(-ret));
		return 0;
	}
	for (i = 0; i < ix.nr; i++) {
		struct probe_module *m = &ix.mods[i];
		bool need = false;

		for (j = 0; j < m->nr_events && !need; j++)
			for (k = 0; k < n && !need; k++)
				need = event_glob_match(patterns[k], m->events[j]);
		if (!need || m->loaded)
			continue;
		/* not fatal: what is loaded may be enough (a tracing
		 * group member cannot load modules, root did) */
		if (modprobe(m->name))
			warn("cannot load the probe module %s (see modprobe's message above): its events are not recorded",
			     m->name);
		else
			printf("Loaded probe module %s\n", m->name);
	}
	probe_index_free(&ix);
	return 0;
}

char *probe_module_declaring(const char *name)
{
	struct probe_index ix;
	char *mod = NULL;
	int i, j;

	if (probe_index_read(&ix))
		return NULL;
	for (i = 0; i < ix.nr && !mod; i++)
		for (j = 0; j < ix.mods[i].nr_events && !mod; j++)
			if (!strcmp(ix.mods[i].events[j], name))
				mod = strdup(ix.mods[i].name);
	probe_index_free(&ix);
	return mod;
}

void hint_unloaded(const char *pattern)
{
	struct probe_index ix;
	int i, j;

	if (probe_index_read(&ix))
		return;
	for (i = 0; i < ix.nr; i++) {
		if (ix.mods[i].loaded)
			continue;
		for (j = 0; j < ix.mods[i].nr_events; j++)
			if (event_glob_match(pattern, ix.mods[i].events[j]))
				break;
		if (j < ix.mods[i].nr_events)
			fprintf(stderr,
				"lttctl: '%s' matches events of %s, which is not loaded (modprobe %s, or start without --no-autoload)\n",
				pattern, ix.mods[i].name, ix.mods[i].name);
	}
	probe_index_free(&ix);
}

/* Is name among the n registered events? */
static bool registered(const struct ltt_event_entry *e, int n,
		       const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strncmp(e[i].name, name, sizeof(e[i].name)))
			return true;
	return false;
}

void for_each_unloaded_event(const struct ltt_event_entry *e, int n,
			     void (*fn)(const char *event, const char *module,
					void *arg),
			     void *arg)
{
	struct probe_index ix;
	int i, j;

	if (probe_index_read(&ix))
		return;
	for (i = 0; i < ix.nr; i++) {
		struct probe_module *m = &ix.mods[i];

		if (m->loaded)
			continue;
		for (j = 0; j < m->nr_events; j++)
			if (!registered(e, n, m->events[j]))
				fn(m->events[j], m->name, arg);
	}
	probe_index_free(&ix);
}
