/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel functions common/ (the filter compiler) calls in its
 * kernel build, done with libc, so that filter-compile-kernel.c builds
 * those sources as ltt.ko does (__KERNEL__, these headers) in a unit test. Each of
 * linux/{kernel,mm,slab,stdarg,string}.h here is this file.
 */
#ifndef _LTT_KERNEL_SHIM_H
#define _LTT_KERNEL_SHIM_H
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>	/* core-shim's: u32 ..., and stdint's */

#define GFP_KERNEL	0

static inline void *kvmalloc(size_t n, int gfp)
{
	return malloc(n);
}

static inline void *kvcalloc(size_t n, size_t size, int gfp)
{
	return calloc(n, size);
}

static inline void kvfree(const void *p)
{
	free((void *)p);
}

#define fallthrough	__attribute__((__fallthrough__))
#endif
