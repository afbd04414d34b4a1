/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lttctl and kernel modules (modules.c): the index of installed probe
 * modules and their events, autoload, why ltt.ko is not there.
 */
#ifndef _LTTCTL_MODULES_H
#define _LTTCTL_MODULES_H

#include <stdbool.h>
#include <ltt/abi.h>

#define PATH_MAX_LEN	4096

struct probe_module {
	char *name;		/* "ltt-probe-irq" */
	char *path;		/* its file */
	char **events;		/* its ltt_events modinfo tag */
	int nr_events;
	bool loaded;
};

struct probe_index {
	struct probe_module *mods;
	int nr;
};

/* The ltt-probe-* modules installed for the running kernel: 0, -errno. */
int probe_index_read(struct probe_index *ix);
void probe_index_free(struct probe_index *ix);
/* The kernel's event pattern rule: '*' matches any run of characters. */
bool event_glob_match(const char *pattern, const char *name);
/* modprobe ltt, then every installed probe module not loaded that has an
 * event matching one of the patterns: 0, or -1 when ltt is not there
 * (printed why; a probe module that does not load is a warning). */
int autoload(const char **patterns, int n);
/* For a pattern that matched no registered event: name the installed
 * probe modules, not loaded, that would bring matches (stderr). */
void hint_unloaded(const char *pattern);
/* For lttctl list: fn(event, module, arg) for each event of the installed
 * probe modules not loaded (those not among the n registered events e). */
void for_each_unloaded_event(const struct ltt_event_entry *e, int n,
			     void (*fn)(const char *event, const char *module,
					void *arg),
			     void *arg);
/* The installed probe module (loaded or not) declaring event @name, or
 * NULL (free() it). */
char *probe_module_declaring(const char *name);
/* Printed after "ltt.ko is not loaded": why, when lttctl can tell. */
void explain_ltt_missing(void);

#endif /* _LTTCTL_MODULES_H */
