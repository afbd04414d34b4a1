/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * trace_mark(): printf-like static instrumentation for any kernel module.
 *
 *	#include <trace/marker.h>
 *	...
 *	trace_mark(mydrv_submit, "req %p len %u tag %s", rq, len, tag);
 *
 * records an event "mydrv_submit" with the fields req (hex pointer),
 * len (u32) and tag (string) when a trace session enables it. The word
 * before each conversion is the field's name. Supported conversions:
 *	%d %i %u %x  %hd %hu  %hhd %hhu  %ld %lu %lx  %lld %llu %llx  %c %s %p
 * (and "%%" for a literal percent sign). Anything else (flags, width,
 * precision, %pS, %f ...) is refused when the module loads: the site is
 * left out with a kernel log line naming it, the module loads normally.
 *
 * Cost. The format is checked against the arguments at compile time, as an
 * error (a never-called __printf() function inside "if (0)"). When no
 * session records the event, the site is one patched no-op (a static key /
 * jump label) and the arguments are not evaluated. When enabled, the site
 * makes one indirect call, into ltt_marker_serialize() in ltt.ko.
 *
 * Discovery. Each site is a static struct ltt_marker whose first member is
 * the site's static key. The compiler records every static branch in the
 * module's jump table (__jump_table), which the module loader exposes as
 * mod->jump_entries for every module. ltt.ko's module notifier walks that
 * table when a module comes (MODULE_STATE_COMING) and recognises marker
 * keys by the magic word that follows them; when the module goes, its
 * sites are unregistered. This needs nothing beyond the header and exported
 * kernel API (no kallsyms, no section lookup, no constructor), so a module
 * only has to include this file. Linking against ltt.ko's
 * ltt_marker_serialize() makes modprobe load ltt.ko first; an out-of-tree
 * module therefore needs ltt's Module.symvers and include path: the one
 * Kbuild line "include <ltt>/include/trace/marker.mk" sets both (see
 * doc/trace_mark.md).
 *
 * Concurrency: sites may run in any context (NMI included); the serializer
 * disables preemption itself. The struct below is written only by ltt.ko,
 * under ltt_lock(), while the key is disabled or before it is enabled.
 */
#ifndef _TRACE_MARKER_H
#define _TRACE_MARKER_H

#include <linux/compiler.h>
#include <linux/jump_label.h>
#include <linux/list.h>
#include <ltt/import.h>

#ifndef CONFIG_JUMP_LABEL
#error "ltt markers need a kernel built with CONFIG_JUMP_LABEL"
#endif

struct module;

/* "LTT-MRK1": marks a static key as the first member of a marker site. */
#define LTT_MARKER_MAGIC	0x314b524d2d54544cULL

struct ltt_marker {
	struct static_key_false key;	/* must stay first, see above */
	u64 magic;			/* LTT_MARKER_MAGIC */
	const char *name;		/* event name */
	const char *format;		/* printf-like format, a literal */
	/* ltt_marker_serialize(); called only while key is enabled */
	void (*call)(const struct ltt_marker *site, ...);
	/* ltt.ko private, under ltt_lock() */
	void *event;			/* struct ltt_marker_event, or NULL */
	struct list_head node;		/* on the event's site list */
	struct module *mod;
};

/* ltt.ko: records one event for an enabled site. */
void ltt_marker_serialize(const struct ltt_marker *site, ...);

/* Never called: only there so that the compiler checks the format. */
static inline __printf(1, 2) void ltt_marker_check_format(const char *fmt, ...)
{
}

/*
 * The site lives in its own section so that tools (and the build tests)
 * can tell marker keys from other static keys in an object file.
 */
#define __ltt_marker_section	__section("__ltt_markers")

/*
 * trace_mark(ev_name, ev_format, args...)
 * @ev_name:   the event name, a C identifier (subsys_event)
 * @ev_format: a string literal; see the list of conversions above
 *
 * A type mismatch between format and arguments is a compile error
 * (-Wformat is raised to an error around the check).
 */
#define trace_mark(ev_name, ev_format, ...)				\
do {									\
	static struct ltt_marker __ltt_mark_site			\
	__used __ltt_marker_section __aligned(8) = {			\
		.key = STATIC_KEY_FALSE_INIT,				\
		.magic = LTT_MARKER_MAGIC,				\
		.name = #ev_name,					\
		.format = "" ev_format "",				\
		.call = ltt_marker_serialize,				\
	};								\
	_Pragma("GCC diagnostic push")					\
	_Pragma("GCC diagnostic error \"-Wformat\"")			\
	if (0)								\
		ltt_marker_check_format("" ev_format "", ##__VA_ARGS__); \
	_Pragma("GCC diagnostic pop")					\
	if (static_branch_unlikely(&__ltt_mark_site.key))		\
		__ltt_mark_site.call(&__ltt_mark_site, ##__VA_ARGS__);	\
} while (0)

#endif /* _TRACE_MARKER_H */
