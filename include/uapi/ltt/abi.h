/* SPDX-License-Identifier: GPL-2.0-only WITH Linux-syscall-note */
/*
 * ltt ABI: the one header shared by the kernel modules, lttctl and lttd.
 *
 * Everything here is fixed-width and explicitly sized. Nothing in this file
 * may change meaning once released: add new fields at the end of a struct
 * (callers pass its size) and new ioctl numbers, never reuse one.
 *
 * Two parts:
 *   1. the on-disk CTF layout the kernel writes (packet header and context,
 *      event header), which lttd copies to disk as it is;
 *   2. the control ioctls (see the section "Control device").
 */
#ifndef _UAPI_LTT_ABI_H
#define _UAPI_LTT_ABI_H

#include <linux/types.h>

#define LTT_ABI_MAJOR		1
#define LTT_ABI_MINOR		0

/* ---- 1. CTF 1.8 layout of a sub-buffer (a CTF packet) -------------------- */

/* All integers are in the writing CPU's byte order (little endian on x86). */
#define LTT_PACKET_MAGIC	0xC1FC1FC1u

/*
 * Packet header and context: written by the writer that opens a sub-buffer,
 * completed (timestamp_end, content_size, events_discarded) by the writer that
 * closes it. The CTF metadata describes exactly these fields in this order;
 * all are naturally aligned so the struct has no hidden padding.
 */
struct ltt_packet_header {
	/* CTF trace.packet.header */
	__u32 magic;			/* LTT_PACKET_MAGIC */
	__u8  uuid[16];			/* the session's trace uuid */
	__u32 stream_id;		/* channel index in its session */
	__u64 stream_instance_id;	/* cpu number */
	/* CTF stream.packet.context */
	__u64 timestamp_begin;		/* ns, trace clock */
	__u64 timestamp_end;		/* ns, trace clock */
	__u64 content_size;		/* bits, header included, padding excluded */
	__u64 packet_size;		/* bits, always the sub-buffer size * 8 */
	__u64 packet_seq_num;		/* per stream, from 0, no gaps unless lost */
	__u64 events_discarded;		/* records lost in this stream so far
					 * (free-running, as CTF expects) */
	__u32 cpu_id;
	__u32 reserved;			/* zero; keeps records 8-byte aligned */
};
#define LTT_PACKET_HEADER_LEN	88

/*
 * Event header, at the start of every record. Fields are byte-packed
 * (CTF align = 8 bits): no padding anywhere in a record.
 *
 * compact form, one little-endian 32-bit word:
 *	bits 0..4	event id (0..30)
 *	bits 5..31	low 27 bits of the timestamp
 * extended form, when the id is > 30 or the timestamp delta since the
 * previous record of the buffer does not fit in 27 bits:
 *	32-bit word with id bits = 31 (LTT_EVENT_ID_EXTENDED), other bits 0
 *	__u32 id
 *	__u64 timestamp (ns, full)
 * The payload follows directly.
 */
#define LTT_EVENT_ID_EXTENDED		31u
#define LTT_EVENT_COMPACT_ID_BITS	5
#define LTT_EVENT_COMPACT_TS_BITS	27
#define LTT_EVENT_HEADER_COMPACT_LEN	4
#define LTT_EVENT_HEADER_EXTENDED_LEN	16

/* ---- 2. Control device ----------------------------------------------------
 * (issue 5: sessions, channels, streams; defined below by the control code)
 */

#endif /* _UAPI_LTT_ABI_H */
