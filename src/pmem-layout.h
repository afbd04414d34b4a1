/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The persistent region's layout (doc/persistent-buffers.md): what one
 * boot leaves in reserved physical memory for the next one to read. It is
 * a format on a medium, not an ABI between programs of one boot: every
 * field is little-endian, at a fixed offset, of a fixed size; there is no
 * pointer anywhere, only offsets from the start of the region, so the
 * reading kernel may be another build, at another address (KASLR), with
 * another number of CPUs. A change of layout is a new LTT_PMEM_VERSION,
 * which older readers refuse by name.
 *
 *	0			struct ltt_pmem_header, then the per-CPU
 *				end records (struct ltt_pmem_end[nr_cpus])
 *	meta_off		the CTF metadata text: the newest valid
 *				of meta[0..1] says how long it is
 *	cpu_off + c * cpu_stride	CPU c's nr_slots sub-buffers of
 *				subbuf_size bytes: ring-buffer slots, each
 *				a CTF packet (<uapi/ltt/abi.h>)
 *
 * Who may include it: src/pmem*.c, and tests/vm/modules/ltt-test-pmem.c
 * (which writes bad regions on purpose).
 */
#ifndef _LTT_PMEM_LAYOUT_H
#define _LTT_PMEM_LAYOUT_H

#include <linux/types.h>

#define LTT_PMEM_MAGIC		0x314d454d50544c54ULL	/* "LTPMEM1", LE */
#define LTT_PMEM_VERSION	1
#define LTT_PMEM_NAME_LEN	64
#define LTT_PMEM_MAX_CPUS	8192

/* header.state */
#define LTT_PMEM_FREE		0	/* nothing to recover */
#define LTT_PMEM_RECORDING	1	/* a channel lives here */

/* end.reason: why the end record was written */
#define LTT_PMEM_END_NONE	0	/* not written: no panic or reboot seen */
#define LTT_PMEM_END_PANIC	1
#define LTT_PMEM_END_REBOOT	2

/*
 * Where each CPU's open packet ended when the machine went down, written
 * by ltt's panic and reboot notifiers: the only bytes written then. The
 * ring buffer's write position and commit count live in kernel memory;
 * without them the open packet's length is unknown and it is dropped.
 */
struct ltt_pmem_end {
	__le32 reason;		/* LTT_PMEM_END_* */
	__le32 slot;		/* slot of the open packet */
	__le64 seq;		/* its packet_seq_num */
	__le64 reserved_len;	/* bytes reserved in it, header included */
	__le64 committed_len;	/* bytes committed: equal when complete */
	__le64 events_discarded;	/* the buffer's lost count */
	__le64 time;		/* trace clock when the notifier ran */
	__le32 crc;		/* crc32 of the fields above */
	__le32 pad;
};

struct ltt_pmem_header {
	__le64 magic;		/* LTT_PMEM_MAGIC */
	__le32 version;		/* LTT_PMEM_VERSION */
	__le32 header_size;	/* sizeof(struct ltt_pmem_header) */
	__le64 region_size;	/* bytes, as the writer saw it */
	__le32 page_size;
	__le32 pad0;
	/* Who wrote it. */
	__u8 boot_id[16];	/* the kernel's boot_id (0: unknown) */
	__le64 boot_time;	/* epoch ns at trace clock 0 (the boot) */
	__le64 start_time;	/* trace clock at the channel's creation */
	__u8 uuid[16];		/* the trace uuid, in every packet header */
	char session[LTT_PMEM_NAME_LEN];
	char channel[LTT_PMEM_NAME_LEN];
	char kernel[LTT_PMEM_NAME_LEN];	/* uname -r of the writer */
	/* The channel's geometry. */
	__le32 stream_id;
	__le32 nr_cpus;		/* CPU numbers 0..nr_cpus-1 have an area */
	__le64 subbuf_size;
	__le32 num_subbuf;
	__le32 nr_slots;	/* num_subbuf + 1 (overwrite mode) */
	__le64 cpu_off;
	__le64 cpu_stride;
	__le64 meta_off;
	__le64 meta_cap;
	__le64 end_off;		/* struct ltt_pmem_end[nr_cpus] */
	__le32 header_crc;	/* crc32 of everything above */
	__le32 state;		/* LTT_PMEM_*, written last */
	/*
	 * Updated while recording (process context), as the metadata grows:
	 * the text is append-only; the two records are written in turn, so
	 * one stays whole while the other is being written.
	 */
	struct ltt_pmem_meta {
		__le64 len;	/* bytes of text */
		__le32 text_crc;	/* crc32 of them */
		__le32 crc;	/* crc32 of len and text_crc */
	} meta[2];
};

#endif /* _LTT_PMEM_LAYOUT_H */
