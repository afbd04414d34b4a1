/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Userspace stand-ins for the kernel headers that include/ltt/core.h
 * includes, so that the parts of the core written without kernel
 * dependencies (src/marker-format.c, src/metadata-tsdl.c) build in the unit
 * tests against the real core.h. Only declarations: nothing here runs.
 */
#ifndef _LTT_CORE_SHIM_TYPES_H
#define _LTT_CORE_SHIM_TYPES_H
#include_next <linux/types.h>	/* __u8 ... for the uapi headers */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef unsigned long long u64;		/* as rb-shim-user.h */
typedef long long s64;

#define __user
#define __percpu
#define __rcu
#define __printf(a, b)	__attribute__((format(printf, a, b)))

typedef struct { int unused; } wait_queue_head_t;
#endif
