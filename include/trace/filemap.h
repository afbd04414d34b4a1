/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Page cache events, on the kernel's mm_filemap_* tracepoints
 * (<trace/events/filemap.h>): a folio added to or removed from a file's
 * page cache. Probe module: probes/ltt-probe-filemap.c.
 *
 * As the kernel's: pfn the folio's first page frame, i_ino and s_dev
 * the file's inode number and device (dev_t, major << 20 | minor; the
 * inode's i_rdev if it has no superblock), index the folio's offset in
 * the file in pages, order its size (2^order pages).
 */
#undef LTT_SYSTEM
#define LTT_SYSTEM filemap
#undef LTT_SYSTEM_FILE
#define LTT_SYSTEM_FILE "filemap.h"
#undef LTT_SYSTEM_KERNEL_HEADER
#define LTT_SYSTEM_KERNEL_HEADER <trace/events/filemap.h>

#include "ltt-event.h"

#ifndef _TRACE_LTT_FILEMAP_HELPERS_H
#define _TRACE_LTT_FILEMAP_HELPERS_H
#include <linux/fs.h>
#include <linux/mm.h>

static inline dev_t ltt_folio_dev(const struct folio *folio)
{
	const struct inode *host = folio->mapping->host;

	return host->i_sb ? host->i_sb->s_dev : host->i_rdev;
}
#endif

#if !defined(_TRACE_LTT_FILEMAP_H) || defined(LTT_MULTI_READ)
#define _TRACE_LTT_FILEMAP_H

LTT_EVENT_CLASS(mm_filemap_op_page_cache,
	LTT_PROTO(struct folio *folio),
	LTT_ARGS(folio),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, pfn, folio_pfn(folio))
		ltt_field_integer(unsigned long, i_ino, folio->mapping->host->i_ino)
		ltt_field_integer(unsigned long, index, folio->index)
		ltt_field_integer(dev_t, s_dev, ltt_folio_dev(folio))
		ltt_field_integer(u8, order, folio_order(folio))
	)
)
LTT_EVENT_INSTANCE(mm_filemap_op_page_cache, mm_filemap_add_to_page_cache)
LTT_EVENT_INSTANCE(mm_filemap_op_page_cache, mm_filemap_delete_from_page_cache)

#endif /* _TRACE_LTT_FILEMAP_H */

#include "ltt-define-events.h"
