/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The persistent region (doc/persistent-buffers.md): physical memory set
 * aside at boot, holding one overwrite channel's buffers so that they
 * survive a warm reboot, and what ltt.ko found there from the boot before.
 *
 *	pmem.c		the region: ltt.pmem=, its state, a channel's
 *			claim and release, the metadata copy, the panic and
 *			reboot notifiers
 *	pmem-recover.c	reading a previous boot's region: every check
 *	control-pmem.c	PMEM_STATUS, PMEM_READ, PMEM_DISCARD
 *
 * Lock order: ltt_lock() -> pmem_lock; a metadata's lock is never held
 * with pmem_lock (the copy runs under the metadata's lock alone).
 *
 * Who may include it: ltt.ko only.
 */
#ifndef _LTT_PMEM_H
#define _LTT_PMEM_H

#include <linux/types.h>
#include <uapi/ltt/abi.h>

struct ltt_channel;
struct ltt_rb_attr;
struct ltt_rb_mem;
struct ltt_pmem_header;

/* Module init and exit: map the region named by ltt.pmem, recover. */
int ltt_pmem_init(void);
void ltt_pmem_exit(void);

/*
 * CHANNEL_CREATE of a persistent channel (under ltt_lock()): lay the
 * channel out in the region, for ltt_rb_chan_create(). Then
 * ltt_pmem_bind() once the channel exists, or ltt_pmem_unclaim() if it
 * could not be made. ERR_PTR: the errors of LTT_CHANNEL_PERSISTENT
 * (abi.h).
 */
const struct ltt_rb_mem *ltt_pmem_claim(const struct ltt_rb_attr *attr,
					u64 flags);
void ltt_pmem_unclaim(void);
void ltt_pmem_bind(struct ltt_channel *c);
/* The channel is being freed: the region is free again, its data gone. */
void ltt_pmem_release(struct ltt_channel *c);

/* control-pmem.c's view: status and the recovered packets. */
void ltt_pmem_status(struct ltt_pmem_status *st);
int ltt_pmem_read(struct ltt_pmem_read *rd);
int ltt_pmem_discard(void);

/*
 * pmem-recover.c. A packet of the recovered trace: where its slot is in
 * the region and, for the packet open at the crash, the closing fields
 * its header lacks.
 */
struct ltt_pmem_packet {
	u64 offset;			/* of its slot, in the region */
	u64 seq;
	u64 content;			/* bytes, header included */
	u64 timestamp_end;		/* open one: the notifier's time */
	u64 events_discarded;
	u32 cpu;
	bool open;
};

struct ltt_pmem_recovered {
	u64 meta_off, meta_len;
	u64 page_size;			/* the writer's: packet_size rounding */
	u64 end_time;			/* trace clock of the end, max over CPUs */
	u32 end_reason;
	u32 nr_cpus;
	u64 dropped[LTT_PMEM_DROP_NR];
	u64 nr_packets;
	struct ltt_pmem_packet packets[];	/* by CPU, then seq */
};

/*
 * Check the region at @virt (@size bytes, as mapped now) and list what can
 * be recovered. 0 and *out (kvfree() it); -ENODATA: no ltt data, or none
 * left to recover (free); -EINVAL: not a region ltt can trust, -EPROTO:
 * ltt data of a layout this ltt does not read; -ENOMEM. @why says which,
 * in words, for the kernel log and PMEM_STATUS.
 */
int ltt_pmem_recover(const void *virt, u64 size,
		     struct ltt_pmem_recovered **out, char *why, size_t len);

/* The crc32 of the region's format (pmem-layout.h): running, seed ~0. */
u32 ltt_pmem_crc(const void *p, size_t len);

#endif /* _LTT_PMEM_H */
