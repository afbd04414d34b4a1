/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ltt.ko exports its API into the symbol namespace LTT, which the public
 * headers import for the modules that include them (<ltt/import.h>): a
 * module that does not mean to use ltt cannot link against it by chance.
 * The namespace argument of EXPORT_SYMBOL_NS_GPL() became a string literal
 * in 6.13; before, it was a bare identifier that the macro stringified.
 * In the userspace build of the ring buffer there is nothing to export.
 *
 * Who may include it: ltt.ko's sources (and the files they share with
 * tests/unit) only.
 */
#ifndef _LTT_COMPAT_EXPORT_H
#define _LTT_COMPAT_EXPORT_H

#ifdef __KERNEL__
#include <linux/export.h>
#include <linux/version.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
#define LTT_EXPORT_SYMBOL(sym)	EXPORT_SYMBOL_NS_GPL(sym, "LTT")
#else
#define LTT_EXPORT_SYMBOL(sym)	EXPORT_SYMBOL_NS_GPL(sym, LTT)
#endif

/* As EXPORT_PER_CPU_SYMBOL_GPL(): sparse loses a per-CPU variable's
 * address space across the export, so it sees none. */
#ifndef __CHECKER__
#define LTT_EXPORT_PER_CPU_SYMBOL(var)	LTT_EXPORT_SYMBOL(var)
#else
#define LTT_EXPORT_PER_CPU_SYMBOL(var)
#endif

#else
#define LTT_EXPORT_SYMBOL(sym)
#endif

#endif /* _LTT_COMPAT_EXPORT_H */
