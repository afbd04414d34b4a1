/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ltt.ko exports its API into the symbol namespace LTT (src/compat/export.h);
 * a module that links against it must import the namespace, or modpost and
 * the module loader refuse it. Each public header that declares something
 * ltt.ko exports includes this one, so a probe module, its generated code
 * and a trace_mark() user import it without a line of their own.
 *
 * MODULE_IMPORT_NS() takes a bare identifier before 6.13 and a string from
 * 6.13 on; both write the modinfo line "import_ns=LTT", which is written
 * directly here so that no kernel-version test is needed outside
 * src/compat/. ltt.ko itself (src/Kbuild defines LTT_CORE) exports the
 * namespace and does not import it.
 *
 * Who may include it: the headers of include/ltt and include/trace.
 */
#ifndef _LTT_IMPORT_H
#define _LTT_IMPORT_H

#if defined(__KERNEL__) && defined(MODULE) && !defined(LTT_CORE)
#include <linux/module.h>

MODULE_INFO(import_ns, "LTT");
#endif

#endif /* _LTT_IMPORT_H */
