/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * VMA flag changes: vm_flags became read-only behind helpers in 6.3.
 *
 * Who may include it: ltt.ko only.
 */
#ifndef _LTT_COMPAT_VMA_H
#define _LTT_COMPAT_VMA_H

#include <linux/mm.h>
#include <linux/version.h>

/* A read-only mapping must not be mprotect()ed writable later. */
static inline void compat_vma_clear_maywrite(struct vm_area_struct *vma)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 3, 0)
	vm_flags_clear(vma, VM_MAYWRITE);
#else
	vma->vm_flags &= ~VM_MAYWRITE;
#endif
}

#endif /* _LTT_COMPAT_VMA_H */
