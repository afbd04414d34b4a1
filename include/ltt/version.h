/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ltt's version, as a string for the build and from the running ltt.ko.
 * Who may include it: ltt.ko and any module that links against it.
 */
#ifndef _LTT_VERSION_H
#define _LTT_VERSION_H

#include <ltt/import.h>

#define LTT_VERSION	"0.1.0"

/*
 * The version of LTTng's kernel tracer whose trace semantics ltt's traces
 * follow (priorities as prio - MAX_RT_PRIO, the state dump's events, the
 * context fields), written as tracer_major/minor/patchlevel in the trace's
 * environment: readers choose their workarounds by these numbers whatever
 * the tracer's name (lttng-analyses subtracts 100 from the wake-ups'
 * priority below 2.7.1). ltt's own version is the environment's
 * ltt_version; tracer_name stays "ltt", so readers that key on the name
 * (babeltrace2's lttng-modules quirks, Trace Compass's layouts) do not
 * take ltt for lttng-modules.
 */
#define LTT_LTTNG_COMPAT_VERSION	"2.13.0"

const char *ltt_version(void);

#endif /* _LTT_VERSION_H */
