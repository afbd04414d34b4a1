/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Module events, on the kernel's module_* tracepoints
 * (<trace/events/module.h>; module_get and module_put exist only with
 * CONFIG_MODULE_UNLOAD). Probe module: probes/ltt-probe-module.c.
 *
 * name is the module's; ip (module_get, module_put, module_request) the
 * caller's address; refcnt the count after the get or put.
 */
#undef LTT_SYSTEM
#define LTT_SYSTEM module
#undef LTT_SYSTEM_FILE
#define LTT_SYSTEM_FILE "module.h"
#undef LTT_SYSTEM_KERNEL_HEADER
#define LTT_SYSTEM_KERNEL_HEADER <trace/events/module.h>

#include "ltt-event.h"

#if !defined(_TRACE_LTT_MODULE_H) || defined(LTT_MULTI_READ)
#define _TRACE_LTT_MODULE_H

/* taints: the module's TAINT_* bits (1 << TAINT_OOT_MODULE, ...). */
LTT_EVENT(module_load,
	LTT_PROTO(struct module *mod),
	LTT_ARGS(mod),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned int, taints, mod->taints)
		ltt_field_string(name, mod->name)
	)
)

LTT_EVENT(module_free,
	LTT_PROTO(struct module *mod),
	LTT_ARGS(mod),
	LTT_FIELDS(
		ltt_field_string(name, mod->name)
	)
)

LTT_EVENT_CLASS(module_refcnt,
	LTT_PROTO(struct module *mod, unsigned long ip),
	LTT_ARGS(mod, ip),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, ip, ip)
		ltt_field_integer(int, refcnt, atomic_read(&mod->refcnt))
		ltt_field_string(name, mod->name)
	)
)
LTT_EVENT_INSTANCE(module_refcnt, module_get)
LTT_EVENT_INSTANCE(module_refcnt, module_put)

/* request_module(name): wait whether the caller waits for modprobe. */
LTT_EVENT(module_request,
	LTT_PROTO(char *name, bool wait, unsigned long ip),
	LTT_ARGS(name, wait, ip),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, ip, ip)
		ltt_field_integer(u8, wait, wait)
		ltt_field_string(name, name)
	)
)

#endif /* _TRACE_LTT_MODULE_H */

#include "ltt-define-events.h"
