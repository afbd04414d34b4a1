/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Memory events, on the kernel's kmalloc, kfree, kmem_cache_* and
 * mm_page_* tracepoints (<trace/events/kmem.h>) and, on x86, the page
 * fault tracepoints of <asm/trace/exceptions.h>. Probe module:
 * probes/ltt-probe-kmem.c.
 *
 * Addresses (call_site, ptr, ...) and GFP flags are hexadecimal. The
 * slab cache (struct kmem_cache) is private to mm/ on the kernels built
 * for: kmem_cache_alloc records the cache's object size (its accessor
 * kmem_cache_size()) as bytes_req and not the kernel's bytes_alloc and
 * accounted; kmem_cache_free does not record the cache's name.
 */
#undef LTT_SYSTEM
#define LTT_SYSTEM kmem
#undef LTT_SYSTEM_FILE
#define LTT_SYSTEM_FILE "kmem.h"
#undef LTT_SYSTEM_KERNEL_HEADER
#define LTT_SYSTEM_KERNEL_HEADER <trace/events/kmem.h>

#include "ltt-event.h"

#ifndef _TRACE_LTT_KMEM_HELPERS_H
#define _TRACE_LTT_KMEM_HELPERS_H
#include <linux/mm.h>
#include <linux/slab.h>
#ifdef CONFIG_X86
#include <asm/trace/exceptions.h>
#endif

static inline unsigned long ltt_page_pfn(struct page *page)
{
	return page ? page_to_pfn(page) : -1UL;
}
#endif

#if !defined(_TRACE_LTT_KMEM_H) || defined(LTT_MULTI_READ)
#define _TRACE_LTT_KMEM_H

/* bytes_req asked for, bytes_alloc given (the kmalloc cache's size). */
LTT_EVENT(kmalloc,
	LTT_PROTO(unsigned long call_site, const void *ptr, size_t bytes_req,
		  size_t bytes_alloc, gfp_t gfp_flags, int node),
	LTT_ARGS(call_site, ptr, bytes_req, bytes_alloc, gfp_flags, node),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, call_site, call_site)
		ltt_field_integer_hex(unsigned long, ptr, (unsigned long)ptr)
		ltt_field_integer(size_t, bytes_req, bytes_req)
		ltt_field_integer(size_t, bytes_alloc, bytes_alloc)
		ltt_field_integer_hex(unsigned long, gfp_flags,
				      (__force unsigned long)gfp_flags)
		ltt_field_integer(int, node, node)
	)
)

LTT_EVENT(kmem_cache_alloc,
	LTT_PROTO(unsigned long call_site, const void *ptr,
		  struct kmem_cache *s, gfp_t gfp_flags, int node),
	LTT_ARGS(call_site, ptr, s, gfp_flags, node),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, call_site, call_site)
		ltt_field_integer_hex(unsigned long, ptr, (unsigned long)ptr)
		ltt_field_integer(size_t, bytes_req, kmem_cache_size(s))
		ltt_field_integer_hex(unsigned long, gfp_flags,
				      (__force unsigned long)gfp_flags)
		ltt_field_integer(int, node, node)
	)
)

LTT_EVENT(kfree,
	LTT_PROTO(unsigned long call_site, const void *ptr),
	LTT_ARGS(call_site, ptr),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, call_site, call_site)
		ltt_field_integer_hex(unsigned long, ptr, (unsigned long)ptr)
	)
)

LTT_EVENT(kmem_cache_free,
	LTT_PROTO(unsigned long call_site, const void *ptr,
		  const struct kmem_cache *s),
	LTT_ARGS(call_site, ptr, s),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, call_site, call_site)
		ltt_field_integer_hex(unsigned long, ptr, (unsigned long)ptr)
	)
)

/* 2^order pages from pfn on; pfn is all ones when the allocation failed. */
LTT_EVENT(mm_page_alloc,
	LTT_PROTO(struct page *page, unsigned int order, gfp_t gfp_flags,
		  int migratetype),
	LTT_ARGS(page, order, gfp_flags, migratetype),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, pfn, ltt_page_pfn(page))
		ltt_field_integer(unsigned int, order, order)
		ltt_field_integer_hex(unsigned long, gfp_flags,
				      (__force unsigned long)gfp_flags)
		ltt_field_integer(int, migratetype, migratetype)
	)
)

LTT_EVENT(mm_page_free,
	LTT_PROTO(struct page *page, unsigned int order),
	LTT_ARGS(page, order),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, pfn, ltt_page_pfn(page))
		ltt_field_integer(unsigned int, order, order)
	)
)

/*
 * 2^order pages taken from the buddy allocator under the zone lock
 * (percpu_refill: to refill a CPU's page list).
 */
LTT_EVENT(mm_page_alloc_zone_locked,
	LTT_PROTO(struct page *page, unsigned int order, int migratetype,
		  int percpu_refill),
	LTT_ARGS(page, order, migratetype, percpu_refill),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, pfn, ltt_page_pfn(page))
		ltt_field_integer(unsigned int, order, order)
		ltt_field_integer(int, migratetype, migratetype)
		ltt_field_integer(int, percpu_refill, percpu_refill)
	)
)

/* x86: a page fault in user or kernel mode, at ip, on address. */
LTT_EVENT_CLASS(x86_exceptions,
	LTT_PROTO(unsigned long address, struct pt_regs *regs,
		  unsigned long error_code),
	LTT_ARGS(address, regs, error_code),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, address, address)
		ltt_field_integer_hex(unsigned long, ip, instruction_pointer(regs))
		ltt_field_integer_hex(unsigned long, error_code, error_code)
	)
)
LTT_EVENT_INSTANCE(x86_exceptions, page_fault_user)
LTT_EVENT_INSTANCE(x86_exceptions, page_fault_kernel)

#endif /* _TRACE_LTT_KMEM_H */

#include "ltt-define-events.h"
