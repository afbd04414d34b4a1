/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A test hook of the persistent region (src/pmem.c): the ring-buffer
 * channel recording there, so that tests/vm/modules/ltt-test-pmem.c can
 * write half a record and panic, as a writer stopped by a crash would.
 *
 * Who may include it: ltt.ko and that test module. Nothing else: the
 * channel may be destroyed at any time.
 */
#ifndef _LTT_PMEM_TEST_H
#define _LTT_PMEM_TEST_H

#include <ltt/import.h>

struct ltt_rb_chan;

struct ltt_rb_chan *ltt_pmem_test_chan(void);

#endif /* _LTT_PMEM_TEST_H */
