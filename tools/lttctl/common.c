// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl helpers: messages, opening the device and a session, default
 * paths, running lttd, totals.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "lttctl.h"
#include "modules.h"

/*
 * -k/--kernel: LTTng's domain option, for its command lines as they are
 * written; ltt traces the kernel only, so it changes nothing.
 */
static int opt_kernel;
const struct poptOption kernel_options[] = {
	{ "kernel", 'k', POPT_ARG_NONE, &opt_kernel, 0,
	  "the kernel domain (LTTng's -k; ltt traces the kernel only)", NULL },
	POPT_TABLEEND
};

void err(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("lttctl: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

void warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("lttctl: warning: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

int ctl_open(void)
{
	int fd = lttc_open();

	if (fd >= 0)
		return fd;
	switch (-fd) {
	case ENOENT:
		err("ltt.ko is not loaded: modprobe ltt (%s is missing)",
		    LTT_CTL_DEV);
		explain_ltt_missing();
		break;
	case EACCES:
	case EPERM:
		err("cannot open %s: permission denied (run as root, or load ltt with tracing_group=GID and join that group)",
		    LTT_CTL_DEV);
		break;
	case EPROTO:
		err("the ltt module speaks another ABI version than this lttctl (%d.%d): install matching versions",
		    LTT_ABI_MAJOR, LTT_ABI_MINOR);
		break;
	default:
		err("cannot open %s: %s", LTT_CTL_DEV, strerror(-fd));
	}
	return -1;
}

int session_open(int ctl, const char *name, const char **resolved)
{
	static char only[LTT_NAME_LEN];
	struct ltt_session_entry *e = NULL;
	int n, fd, i;

	if (!name) {
		n = lttc_session_list(ctl, &e);
		if (n < 0) {
			err("cannot list sessions: %s", strerror(-n));
			return -1;
		}
		if (n == 0) {
			err("no tracing session exists (start one: lttctl start)");
			free(e);
			return -1;
		}
		if (n > 1) {
			fprintf(stderr, "lttctl: %d sessions exist, choose one with -s:", n);
			for (i = 0; i < n; i++)
				fprintf(stderr, " %s", e[i].name);
			fputc('\n', stderr);
			free(e);
			return -1;
		}
		snprintf(only, sizeof(only), "%s", e[0].name);
		free(e);
		name = only;
	}
	fd = lttc_session_open(ctl, name);
	if (fd < 0) {
		if (fd == -ENOENT)
			err("no session named '%s' (lttctl status lists them)", name);
		else if (fd == -EINVAL || fd == -ENAMETOOLONG)
			err("'%s' is not a valid session name", name);
		else
			err("cannot open session '%s': %s", name, strerror(-fd));
		return -1;
	}
	if (resolved)
		*resolved = name == only ? only : name;
	return fd;
}

int ctl_session_open(const char *name, int *ctl, const char **resolved)
{
	int sfd;

	*ctl = ctl_open();
	if (*ctl < 0)
		return -1;
	sfd = session_open(*ctl, name, resolved);
	if (sfd < 0) {
		close(*ctl);
		*ctl = -1;
	}
	return sfd;
}

int ctl_session_open_minor(const char *name, unsigned int minor,
			   const char *what, int *ctl, const char **resolved)
{
	int ret;

	*ctl = ctl_open();
	if (*ctl < 0)
		return -1;
	ret = lttc_need_minor(*ctl, minor);
	if (ret < 0) {
		if (ret == -EPROTONOSUPPORT)
			err("the loaded ltt module has ABI 1.%d: %s need ltt ABI 1.%u",
			    lttc_abi_minor(*ctl), what, minor);
		else
			err("cannot read the module's version: %s", strerror(-ret));
		close(*ctl);
		*ctl = -1;
		return -1;
	}
	ret = session_open(*ctl, name, resolved);
	if (ret < 0) {
		close(*ctl);
		*ctl = -1;
	}
	return ret;
}

int for_each_session(int ctl, int (*fn)(int ctl, const char *name))
{
	struct ltt_session_entry *e = NULL;
	int rc = LTTCTL_OK, n, i;

	n = lttc_session_list(ctl, &e);
	if (n < 0) {
		err("cannot list sessions: %s", strerror(-n));
		return LTTCTL_ERROR;
	}
	if (n == 0)
		printf("No tracing session.\n");
	for (i = 0; i < n; i++)
		if (fn(ctl, e[i].name))
			rc = LTTCTL_ERROR;
	free(e);
	return rc;
}

char *default_dir(const char *name, const char *suffix)
{
	const char *home = getenv("HOME");
	char stamp[32], *path;
	time_t now = time(NULL);
	struct tm tm;

	if (!home || home[0] != '/') {
		err("HOME is not set to an absolute path: give -o DIR");
		return NULL;
	}
	localtime_r(&now, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
	if (asprintf(&path, "%s/ltt-traces/%s-%s%s", home, name, suffix,
		     stamp) < 0)
		return NULL;
	return path;
}

char *absolute_path(const char *dir)
{
	char cwd[PATH_MAX], *path;

	if (dir[0] == '/')
		return strdup(dir);
	if (!getcwd(cwd, sizeof(cwd)))
		return NULL;
	if (asprintf(&path, "%s/%s", cwd, dir) < 0)
		return NULL;
	return path;
}

/* lttd next to this lttctl (an uninstalled build tree), else in PATH. */
static const char *lttd_path(char *buf, size_t len)
{
	const char *env = getenv("LTTD");
	ssize_t n;
	char *slash;

	if (env && *env)
		return env;
	n = readlink("/proc/self/exe", buf, len - 16);
	if (n > 0) {
		buf[n] = '\0';
		slash = strrchr(buf, '/');
		if (slash) {
			strcpy(slash + 1, "lttd");
			if (!access(buf, X_OK))
				return buf;
			/* tools/lttctl/lttctl -> tools/lttd/lttd */
			strcpy(slash + 1, "../lttd/lttd");
			if (!access(buf, X_OK))
				return buf;
		}
	}
	return "lttd";
}

int run_lttd(const char **argv)
{
	char buf[PATH_MAX];
	const char *path = lttd_path(buf, sizeof(buf));
	int status;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		err("fork: %s", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		argv[0] = "lttd";
		execvp(path, (char *const *)argv);
		err("cannot run %s: %s", path, strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			err("waitpid: %s", strerror(errno));
			return -1;
		}
	}
	if (WIFEXITED(status))
		return WEXITSTATUS(status);	/* lttd said why */
	err("lttd (pid %d) was ended by signal %d (%s)", (int)pid,
	    WTERMSIG(status), strsignal(WTERMSIG(status)));
	return 128 + WTERMSIG(status);
}

const char *state_name(unsigned int state)
{
	switch (state) {
	case LTT_SESSION_NEW:
		return "created";
	case LTT_SESSION_ACTIVE:
		return "tracing";
	case LTT_SESSION_STOPPED:
		return "stopped";
	default:
		return "?";
	}
}

int print_totals(int sfd, const char *indent)
{
	struct ltt_session_info si;
	struct ltt_totals t;
	char sz[32];
	int ret;

	ret = ltt_session_totals(sfd, &t);
	if (ret < 0) {
		err("cannot read the session's counters: %s", strerror(-ret));
		return ret;
	}
	printf("%sevents recorded: %llu\n", indent,
	       (unsigned long long)t.records);
	printf("%sevents lost:     %llu (buffer full %llu, too big %llu, overwritten %llu, nested too deep %llu)\n",
	       indent,
	       (unsigned long long)(t.lost_full + t.lost_big + t.lost_overwritten +
				    t.lost_nesting),
	       (unsigned long long)t.lost_full, (unsigned long long)t.lost_big,
	       (unsigned long long)t.lost_overwritten,
	       (unsigned long long)t.lost_nesting);
	printf("%sbytes written:   %s\n", indent,
	       ltt_fmt_bytes(t.bytes, sz, sizeof(sz)));
	if (t.dropped_packets)
		printf("%spackets dropped: %llu (%s) that lttd could not write\n",
		       indent, (unsigned long long)t.dropped_packets,
		       ltt_fmt_bytes(t.dropped_bytes, sz, sizeof(sz)));
	ret = lttc_session_info(sfd, &si);
	if (ret >= 0 && si.consumer_error)
		printf("%sconsumer error:  %s\n", indent,
		       strerror(si.consumer_error));
	return t.dropped_packets || (ret >= 0 && si.consumer_error);
}

char **split_commas(const char *const *words)
{
	char **out = NULL, **grown, *w;
	size_t n = 0, len;
	const char *p;
	int i;

	out = calloc(1, sizeof(*out));
	for (i = 0; out && words && words[i]; i++) {
		for (p = words[i]; *p; p += len + !!p[len]) {
			len = strcspn(p, ",");
			if (!len)
				continue;
			w = strndup(p, len);
			grown = w ? realloc(out, (n + 2) * sizeof(*out)) : NULL;
			if (!grown) {
				free(w);
				words_free(out);
				out = NULL;
				break;
			}
			out = grown;
			out[n++] = w;
			out[n] = NULL;
		}
	}
	if (!out)
		err("out of memory");
	return out;
}

void words_free(char **words)
{
	size_t i;

	for (i = 0; words && words[i]; i++)
		free(words[i]);
	free(words);
}

char *syscall_event(const char *name, size_t len)
{
	char *ev;

	if (asprintf(&ev, "%s%.*s",
		     strncmp(name, "sys_", 4) && strncmp(name, "compat_sys_", 11) ?
		     "sys_" : "", (int)len, name) < 0) {
		err("out of memory");
		return NULL;
	}
	return ev;
}

bool kept_unnamed(int sfd, const char *name, const char *verb)
{
	if (session_is_oneshot(sfd))
		return false;
	err("%s: session '%s' was made to last (by lttctl create or load, the ltt service, or a module): name it to %s it: lttctl %s %s",
	    verb, name, verb, verb, name);
	return true;
}
