/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What differs between ltt.ko and userspace for the code of common/
 * (built in both, the same bytes out): its includes and its memory. The
 * only #ifdef __KERNEL__ of the directory; tests/unit builds the kernel
 * side against its kernel-shim/ headers. Memory: cm_malloc(), cm_calloc(),
 * cm_free() (kvmalloc() and kin in the kernel: sizes up to the
 * expression's bounds, not a page).
 *
 * Who may include it: the sources of common/ only.
 */
#ifndef _LTT_COMMON_SHIM_H
#define _LTT_COMMON_SHIM_H

#ifdef __KERNEL__
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/stdarg.h>
#include <linux/string.h>
#include <uapi/ltt/abi.h>

#define cm_malloc(n)		kvmalloc((n), GFP_KERNEL)
#define cm_calloc(n, size)	kvcalloc((n), (size), GFP_KERNEL)
#define cm_free(p)		kvfree(p)
#else
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ltt/abi.h>

#define cm_malloc(n)		malloc(n)
#define cm_calloc(n, size)	calloc((n), (size))
#define cm_free(p)		free(p)
#define fallthrough		__attribute__((__fallthrough__))
#endif

#endif /* _LTT_COMMON_SHIM_H */
