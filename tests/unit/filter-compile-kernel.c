// SPDX-License-Identifier: GPL-2.0-only
/*
 * The filter compiler (common/) built as ltt.ko builds it (__KERNEL__,
 * kernel allocation, no libc allocation, no floating point: all poisoned
 * below), its entries renamed kernel_*: test_filter.c compiles every
 * expression it tries with both builds and wants the same program, byte
 * for byte, or the same error. Its files in one unit; the Makefile keeps
 * only the kernel_* entries global in the object (objcopy), so that its
 * fc_* internals do not meet the userspace build's.
 */
#include "kernel-shim.h"

#pragma GCC poison malloc calloc realloc free strdup strndup strtod strtoull
#pragma GCC poison double float

#define __KERNEL__
#define ltt_filter_compile		kernel_filter_compile
#define ltt_filter_compile_kinds	kernel_filter_compile_kinds
#define ltt_filter_compile_text		kernel_filter_compile_text
#define ltt_filter_prog_free		kernel_filter_prog_free
#define ltt_filter_prog_drop_text	kernel_filter_prog_drop_text
#include "../../common/filter-compile.c"
#include "../../common/fc-lex.c"
#include "../../common/fc-parse.c"
#include "../../common/fc-check.c"
#include "../../common/fc-emit.c"
