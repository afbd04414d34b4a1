/* SPDX-License-Identifier: GPL-2.0-only WITH Linux-syscall-note */
/*
 * ltt ABI: the one header shared by the kernel modules, lttctl and lttd.
 *
 * Everything here is fixed-width and explicitly sized. Nothing in this file
 * may change meaning once released: add new fields at the end of a struct
 * (callers pass its size) and new ioctl numbers, never reuse one.
 *
 * Parts:
 *   1. the on-disk CTF layout the kernel writes (packet header and context,
 *      event header), which lttd copies to disk as it is;
 *   2. the control device: its fd tree, the rules of every command and
 *      the command numbers of each fd (LTT_IOC_RANGES);
 *   3. filter programs, which commands of two fds take;
 *   4. the commands, fd by fd in the order of the tree: /dev/ltt, session
 *      fd, channel fd, stream fd;
 *   5. /dev/ltt-mark.
 */
#ifndef _UAPI_LTT_ABI_H
#define _UAPI_LTT_ABI_H

#include <linux/types.h>
#include <linux/ioctl.h>

/* Minor 2: the 13-byte extended event header, the large kind (part 1).
 * Minor 3: ltt_stream_stats measures the load (lost_bytes, peak rates,
 * max_backlog); EVENT_COUNTS; dynamic probes (PROBE_CREATE/REMOVE/LIST,
 * event types KPROBE and UPROBE); context fields callstack_kernel/_user,
 * preemptible, migratable, perf_cpu_*.
 * Minor 6: a filter program may carry its expression's text
 * (LTT_FILTER_F_TEXT); RULE_LIST (a channel's rules with their filters);
 * TRACKER_LIST (a session's tracker sets).
 * Minor 7: the session lifecycle: STOP no longer finalizes (START resumes
 * a stopped session; DESTROY finalizes); channel trace-file limits;
 * SESSION_SET/GET_CONFIG; rotation (ROTATE, ROTATE_TAKE, ROTATE_DONE,
 * ROTATE_STATUS, POLLIN on the session fd); STREAM_POSITION and
 * DROP_NEXT_SUBBUF on the stream fd; dropped packets in the stream
 * stats; metadata_pending in the session info.
 * Minor 8: triggers.
 * Minor 9: SESSION_SET/GET_RELAY (the relay lttd streams to, its live
 * period), which lttctl of ABI 1.8 wrote as extra lines of the output
 * path; persistent channels (LTT_CHANNEL_PERSISTENT), the recovered trace
 * of a previous boot (PMEM_STATUS, PMEM_READ, PMEM_DISCARD).
 * Minor 10: tracepoint probes (LTT_PROBE_TRACEPOINT, event type
 * TPGENERIC): any tracefs event, its fields described by the caller.
 * Minor 11: a uprobe's reference counter (ltt_probe_args.ref_ctr_offset),
 * the semaphore of a USDT probe.
 * Minor 12: histograms (HIST_ADD, HIST_REMOVE, HIST_LIST, HIST_KEYS,
 * HIST_CLEAR): counts kept in the kernel per session.
 * Minor 13: the cgroup tracker (LTT_TRACKER_CGROUP, LTT_TRACKER_GONE),
 * the cgroup_id context field.
 * Minor 14: the cgroup context field (the task's cgroup v2 path).
 * Minor 15: function probes (LTT_PROBE_FUNCTION, LTT_PROBE_FUNCTION_RET,
 * event type FUNCTION): a kernel function's entry and return through
 * ftrace.
 * Minor 16: triggers on a histogram's value (LTT_TRIGGER_COND_HIST_ABOVE,
 * LTT_TRIGGER_COND_HIST_NEW_MAX: ltt_trigger_args.above), an action
 * delayed after the fire (after_ns); both in struct ltt_trigger_entry,
 * which grew (TRIGGER_LIST takes the entry of 1.8 too); the event
 * ltt_histogram (event type HIST): the histograms in the trace.
 * Minor 17: a tracepoint probe's integer field may carry the labels of
 * its values (ltt_tp_field.enums, the format's __print_symbolic table),
 * recorded as a CTF enumeration. */
#define LTT_ABI_MAJOR		1
#define LTT_ABI_MINOR		17

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
	__u64 packet_size;		/* bits: content_size rounded up to the
					 * page (ABI 1.4; the sub-buffer before) */
	__u64 packet_seq_num;		/* per stream, from 0, no gaps unless lost */
	__u64 events_discarded;		/* records lost in this stream so far
					 * (free-running, as CTF expects) */
	__u64 cpu_id;			/* 64 bits: records stay 8-byte aligned
					 * with no padding field for trace
					 * readers to show */
};
#define LTT_PACKET_HEADER_LEN	88

/*
 * Event header, at the start of every record. Fields are byte-packed
 * (CTF align = 8 bits): no padding anywhere in a record. A channel uses
 * one of two header kinds, chosen when its session starts (the CTF
 * metadata names it in the channel's stream block) and kept to the end.
 *
 * compact kind (fewer than 31 event ids in the channel at start), one
 * little-endian 32-bit word:
 *	bits 0..4	event id (0..30)
 *	bits 5..31	low 27 bits of the timestamp
 * extended form, when the id is > 30 or the timestamp delta since the
 * previous record of the buffer does not fit in 27 bits:
 *	__u8 31 (LTT_EVENT_ID_EXTENDED: id bits = 31, bits 5..7 zero)
 *	__u32 id
 *	__u64 timestamp (ns, full)
 * (LTTng's layout: CTF readers find both timestamps in the variant on
 * the id, and the extended struct starts on the next byte. ABI 1.1 and
 * older wrote a whole 32-bit word before the id: 16 bytes.)
 *
 * large kind (31 event ids or more in the channel at start):
 *	__u16 event id (0..65534)
 *	__u32 low 32 bits of the timestamp
 * extended form, when the id is > 65534 or the time does not fit:
 *	__u16 65535 (LTT_EVENT_LARGE_ID_EXTENDED)
 *	__u32 id
 *	__u64 timestamp (ns, full)
 *
 * The payload follows directly.
 */
#define LTT_EVENT_ID_EXTENDED		31u
#define LTT_EVENT_COMPACT_ID_BITS	5
#define LTT_EVENT_COMPACT_TS_BITS	27
#define LTT_EVENT_HEADER_COMPACT_LEN	4
#define LTT_EVENT_HEADER_EXTENDED_LEN	13
#define LTT_EVENT_LARGE_ID_EXTENDED	65535u
#define LTT_EVENT_LARGE_TS_BITS		32
#define LTT_EVENT_HEADER_LARGE_LEN	6
#define LTT_EVENT_HEADER_LARGE_EXTENDED_LEN	14

/* ---- 2. Control device ---------------------------------------------------
 *
 * /dev/ltt (mode 0600 root:root; 0660 root:GID with the module parameter
 * tracing_group=GID, a gid of the initial user namespace: open() refuses
 * others with -EPERM, whatever their user namespace maps) hands out a
 * tree of file descriptors, one object per fd,
 * each with its own commands:
 *
 *   /dev/ltt	--SESSION_CREATE/OPEN-->	session fd
 *   session fd	--CHANNEL_CREATE/OPEN-->	channel fd
 *		--METADATA_OPEN-->		metadata stream fd (read, poll)
 *		--TRIGGER_NOTIFY_OPEN-->	notification fd (read, poll)
 *   channel fd	--STREAM_OPEN(cpu)-->		stream fd (mmap, poll, ioctl)
 *   /dev/ltt-mark				(write: userspace events)
 *
 * This part follows that tree: the commands of /dev/ltt, then those of a
 * session fd, a channel fd and a stream fd, each under a heading "fd X"
 * that names its ranges below; a format several fds take (filter
 * programs) comes first. src/control.c draws the same tree with every
 * command.
 *
 * A session lives in the kernel from SESSION_CREATE to SESSION_DESTROY,
 * whether or not any fd refers to it; fds only keep its memory alive.
 *
 * Rules, for every command:
 * - Directions are from userspace's point of view: _IOW passes a struct
 *   to the kernel, _IOR receives one, _IOWR both; _IO passes nothing.
 * - A command is its type (LTT_IOC_MAGIC), number and direction: a number
 *   this kind of fd does not know, another direction, another magic, or a
 *   non-zero size on an _IO command give -ENOTTY. The size field of the
 *   command is not part of it: it tells the kernel the size of the
 *   caller's struct, so that structs can grow at the end without
 *   breaking binaries built against another version of this header:
 *   - smaller than the kernel's struct: read as if zero-extended (what
 *     the caller does not know of is zero: reserved, or a new field
 *     whose zero keeps the old behaviour);
 *   - larger: accepted if every byte past the kernel's struct is zero,
 *     else -E2BIG (the caller asks for something this kernel lacks);
 *     an _IOR struct is not read, so only _IOW and _IOWR check the tail;
 *   - smaller than the struct's *_SIZE_VER0 below (its first published
 *     layout without the trailing reserved fields): -EINVAL.
 *   Output (_IOR, _IOWR) is copied back for min(caller's size, kernel's
 *   size) bytes: bytes past that are left as the caller had them.
 * - New fields are only ever added at the end, in place of reserved ones
 *   or past them, and mean nothing new when zero. A field's offset and
 *   meaning never change; a command number is never reused.
 * - Reserved fields are named reserved (reserved[N] for an array) and,
 *   with flag bits not defined here, must be zero on input, else -EINVAL:
 *   they may be given a meaning later. The kernel writes them as zero.
 * - Strings are NUL-terminated inside their array, else -EINVAL.
 * - A bad user pointer gives -EFAULT.
 * - LTT_IOC_VERSION must succeed on a /dev/ltt fd before any other command
 *   of that fd; until then they give -EPROTO. Its minor tells which
 *   fields and commands the kernel knows; ABI 1.0 kernels took only the
 *   exact size (-ENOTTY otherwise), since 1.1 the rules above apply.
 * - Commands returning an fd return it as the ioctl's value; it is
 *   close-on-exec.
 */
#define LTT_IOC_MAGIC		0xE8	/* free in ioctl-number.rst */

#define LTT_NAME_LEN		32	/* session, channel: [A-Za-z0-9_.-]+ */
#define LTT_EVENT_NAME_LEN	128	/* event name or pattern, NUL incl. */

/*
 * Command numbers (_IOC_NR) by fd: X(FD, FIRST, LAST), each fd its own
 * ranges, which never overlap, so that a number tells the fd it belongs
 * to (tests/build/abi.t checks every command against them, and against
 * the kernel's dispatch tables). A new command takes the lowest free
 * number of its fd's ranges; an fd whose ranges are full gets a new one
 * here, from 0x80 up (0x80..0xff are free). The session fd took 0x3f,
 * its last number, and then 0x80..0x9f (ABI 1.12).
 *
 * The exception: the persistent region's commands of /dev/ltt (ABI 1.9,
 * PMEM_STATUS, PMEM_READ, PMEM_DISCARD) were given 0x49..0x4b, in the
 * channel fd's block. Released, they keep their numbers (a number is
 * never changed nor reused), and the channel fd's ranges go around them.
 * The metadata and notification fds take no command.
 */
#define LTT_IOC_RANGES(X)						\
	X(CTL,		0x00, 0x1f)	/* /dev/ltt */			\
	X(CTL,		0x49, 0x4b)	/* /dev/ltt: PMEM_* (ABI 1.9) */ \
	X(SESSION,	0x20, 0x3f)	/* session fd */		\
	X(SESSION,	0x80, 0x9f)	/* session fd (ABI 1.12) */	\
	X(CHANNEL,	0x40, 0x48)	/* channel fd */		\
	X(CHANNEL,	0x4c, 0x5f)	/* channel fd, past PMEM_* */	\
	X(STREAM,	0x60, 0x7f)	/* stream fd */

/* ---- 3. Filter programs -------------------------------------------------- */

/*
 * Filter programs (ABI 1.5), which EVENT_ENABLE (channel fd) and
 * TRIGGER_ADD (session fd) take. lttctl compiles a filter expression (LTTng's
 * filter language) into this bytecode; the kernel validates it completely
 * before accepting it, links it to each event it applies to (field names
 * to field indexes, types checked) and runs it on the event's values
 * before reserving buffer space. Layout, little-endian, no alignment:
 *
 *	struct ltt_filter_header
 *	code[code_len]		instructions, one opcode byte then operands
 *	strtab[strtab_len]	field names and string literals, not
 *				NUL-terminated: an operand gives (offset, len)
 *
 * Values on the stack are of one of two types, known at link time: an
 * integer (s64; unsigned fields are taken bit for bit) or a string (a
 * field's text: kernel or user memory, a char array or sequence, or a
 * literal). At most LTT_FILTER_STACK_MAX values at any point.
 *
 * Instructions (operands after the opcode byte):
 *   RET			end: the program must hold exactly one
 *				integer; non-zero records the event
 *   PUSH_INT	s64		push the constant
 *   PUSH_STR	u16 off, u16 len	push a string literal from strtab. A
 *				literal is a glob: '*' matches any run of
 *				characters (none included), "\*" is a
 *				star and "\\" a backslash
 *   LOAD_FIELD	u16 off, u16 len	push the payload field named so in
 *				strtab. A program naming a field the event
 *				lacks is linked to that event as false
 *   LOAD_CTX	u16 id		push context field id (LTT_CONTEXT_*; not
 *				a sequence), whether or not the channel
 *				records it
 *   EQ NE			pop b, a; push a OP b as 0/1: two integers,
 *				or two strings (glob match if one is a
 *				literal; at most one of them may be)
 *   LT LE GT GE		the same, integers only (signed)
 *   BAND BOR BXOR		pop b, a; push a OP b (integers)
 *   SHL SHR			pop b, a; push a << b, a >> b (arithmetic);
 *				b outside 0..63 makes the whole program
 *				false, as in LTTng
 *   NOT BNOT NEG		pop a; push !a, ~a, -a (integers)
 *   AND_JMP	u16 target	the top integer is 0: jump to target
 *				keeping it; else pop it (&&)
 *   OR_JMP	u16 target	the top integer is not 0: make it 1 and
 *				jump to target; else pop it (||)
 *   TO_BOOL			pop a; push a != 0 (ends the right side of
 *				&& and ||)
 * target is the byte offset in code of an instruction after the jumping
 * one; the stack depth there must be the same on both ways. Jumps go
 * forward only: every program ends.
 *
 * A string literal is at most LTT_FILTER_LITERAL_MAX bytes.
 *
 * The kernel refuses with -EINVAL any program that breaks these rules: a
 * bad magic, version or size, an unknown opcode, an operand or string past
 * its section, a backward or misplaced jump, a stack deeper than
 * LTT_FILTER_STACK_MAX or used below empty, a type error once linked, a
 * context id it does not know, or no RET at the end of every path.
 */
#define LTT_FILTER_MAGIC		0x4c544642	/* "LTFB" */
#define LTT_FILTER_VERSION		1
#define LTT_FILTER_CODE_MAX		65536	/* bytes, as LTTng */
#define LTT_FILTER_STRTAB_MAX		65535
#define LTT_FILTER_STACK_MAX		8	/* values, as LTTng */
#define LTT_FILTER_LITERAL_MAX		511	/* bytes of one string literal:
						 * bounds a glob match's work */
#define LTT_FILTER_TEXT_MAX		1024	/* expression, NUL incl. */

struct ltt_filter_header {
	__u32 magic;			/* LTT_FILTER_MAGIC */
	__u16 version;			/* LTT_FILTER_VERSION */
	__u16 flags;			/* LTT_FILTER_F_* (below) */
	__u32 code_len;			/* 1..LTT_FILTER_CODE_MAX */
	__u32 strtab_len;		/* 0..LTT_FILTER_STRTAB_MAX */
};

enum ltt_filter_op {
	LTT_FOP_RET		= 0x00,
	LTT_FOP_PUSH_INT	= 0x01,
	LTT_FOP_PUSH_STR	= 0x02,
	LTT_FOP_LOAD_FIELD	= 0x03,
	LTT_FOP_LOAD_CTX	= 0x04,
	LTT_FOP_EQ		= 0x10,
	LTT_FOP_NE		= 0x11,
	LTT_FOP_LT		= 0x12,
	LTT_FOP_LE		= 0x13,
	LTT_FOP_GT		= 0x14,
	LTT_FOP_GE		= 0x15,
	LTT_FOP_BAND		= 0x16,
	LTT_FOP_BOR		= 0x17,
	LTT_FOP_BXOR		= 0x18,
	LTT_FOP_SHL		= 0x19,
	LTT_FOP_SHR		= 0x1a,
	LTT_FOP_NOT		= 0x20,
	LTT_FOP_BNOT		= 0x21,
	LTT_FOP_NEG		= 0x22,
	LTT_FOP_TO_BOOL		= 0x23,
	LTT_FOP_AND_JMP		= 0x30,
	LTT_FOP_OR_JMP		= 0x31,
};

/*
 * The expression's text (ABI 1.6), so that the kernel can say which filter
 * a rule has (RULE_LIST, lttctl status, the trace's environment): with
 * LTT_FILTER_F_TEXT in the header's flags, the program ends with
 *
 *	text[text_len]		the expression it was compiled from
 *
 * text_len being what filter_len leaves after the header, code and
 * strtab: 2..LTT_FILTER_TEXT_MAX bytes, NUL-terminated (the last byte is
 * the only NUL), every other byte printable ASCII (0x20..0x7e: lttctl
 * writes white space as ' ' and any other byte as '?'). It is kept with
 * the rule, never run. A section in the program rather than a field of
 * ltt_event_args: the text travels with the code it describes, under the
 * program's one length bound, and the rule keeps both as one copy.
 * -EINVAL: a text breaking these rules. A 1.5 kernel refuses the flag
 * (-EINVAL): send the text only to a kernel whose VERSION minor is 6 or
 * more.
 */
#define LTT_FILTER_F_TEXT		(1U << 0)

/* ---- 4. Commands, by fd -------------------------------------------------- */

/* ==== fd CTL: /dev/ltt, 0x00..0x1f and 0x49..0x4b ========================= */

/* LTT_IOC_VERSION: the handshake. In: the caller's ABI version. Out: the
 * kernel's version and features; -EPROTO (struct still filled in) when
 * the majors differ. */
struct ltt_version {
	__u32 major;			/* LTT_ABI_MAJOR */
	__u32 minor;			/* LTT_ABI_MINOR */
	__u64 features;			/* in: 0; out: LTT_FEATURE_* */
	__u64 reserved[2];
};
#define LTT_VERSION_SIZE_VER0		16
#define LTT_FEATURE_OVERWRITE	(1ULL << 0)	/* LTT_MODE_OVERWRITE channels */
#define LTT_FEATURE_USER_MARK	(1ULL << 1)	/* /dev/ltt-mark exists */

struct ltt_session_args {
	char  name[LTT_NAME_LEN];
	__u64 flags;			/* none defined */
	__u64 reserved[3];
};
#define LTT_SESSION_ARGS_SIZE_VER0	40

/* A list request: the kernel fills at most capacity entries of entry_size
 * bytes (must be the size of this header's entry struct) at entries, and
 * sets count to the number available, which may be larger. */
struct ltt_list {
	__u64 entries;			/* user pointer */
	__u32 capacity;
	__u32 entry_size;
	__u32 count;			/* out */
	__u32 reserved;
};
#define LTT_LIST_SIZE_VER0		20

enum ltt_session_state {
	LTT_SESSION_NEW		= 0,	/* created, never started */
	LTT_SESSION_ACTIVE	= 1,	/* tracing */
	LTT_SESSION_STOPPED	= 2,	/* stopped; ABI 1.7: START resumes it
					 * (before: streams finalized) */
};

/* SESSION_LIST: struct ltt_list of struct ltt_session_entry, every session
 * not destroyed yet. */
struct ltt_session_entry {
	char  name[LTT_NAME_LEN];
	__u32 state;			/* enum ltt_session_state */
	__u32 nr_channels;
	__s32 consumer_pid;		/* 0: no consumer attached */
	__u32 reserved;
};

/*
 * Event types: where an event comes from, one line each, X(TYPE, name,
 * value). The one list: it makes LTT_EVENT_TYPE_<TYPE> here, the kernel's
 * enum ltt_event_type and its table of event sources (each defined in
 * src/source-<name>.c), and the names lttctl shows. Append only.
 *	TRACEPOINT	a kernel tracepoint (the declared events)
 *	MARKER		a trace_mark() site
 *	STATEDUMP	written by the state dump
 *	SYSCALL		sys_<name>, exit_syscall
 *	KPROBE		ABI 1.3: kprobe, kretprobe
 *	UPROBE		ABI 1.3: uprobe, uretprobe
 *	TPGENERIC	ABI 1.10: a tracefs event without a declared
 *			event of its name, recorded through perf
 *			(LTT_PROBE_TRACEPOINT); lttctl shows it as a
 *			"tracepoint (generic)"
 *	FUNCTION	ABI 1.15: a kernel function's entry or return,
 *			through ftrace (LTT_PROBE_FUNCTION, _RET)
 *	HIST		ABI 1.16: ltt_histogram, a session's histogram,
 *			written at STOP and before each rotation
 */
#define LTT_EVENT_TYPES(X)						\
	X(TRACEPOINT, tracepoint, 0)					\
	X(MARKER, marker, 1)						\
	X(STATEDUMP, statedump, 2)					\
	X(SYSCALL, syscall, 3)						\
	X(KPROBE, kprobe, 4)						\
	X(UPROBE, uprobe, 5)						\
	X(TPGENERIC, tpgeneric, 6)					\
	X(FUNCTION, function, 7)					\
	X(HIST, hist, 8)

enum {
#define LTT_EVENT_TYPE_VALUE(type, name, value)	LTT_EVENT_TYPE_##type = value,
	LTT_EVENT_TYPES(LTT_EVENT_TYPE_VALUE)
#undef LTT_EVENT_TYPE_VALUE
};
#define LTT_EVENT_F_UNAVAILABLE		(1U << 0)	/* cannot attach */
#define LTT_EVENT_F_ATTACHED		(1U << 1)	/* recording somewhere */
#define LTT_EVENT_F_BY_NAME		(1U << 2)	/* ABI 1.4: enabled only by its exact
						 * name, never by a pattern */

/* EVENT_LIST: struct ltt_list of struct ltt_event_entry, every registered
 * event. */
struct ltt_event_entry {
	char  name[LTT_EVENT_NAME_LEN];
	__u32 type;			/* LTT_EVENT_TYPE_* */
	__u32 flags;			/* LTT_EVENT_F_* */
	__u32 nr_fields;
	__u32 reserved;
};

/*
 * EVENT_FIELDS: the fields of one registered event (name: an exact name,
 * no pattern), in the order of its records. In: name, capacity, entry_size
 * (sizeof(struct ltt_field_entry)), fields (a user pointer to capacity
 * entries; may be 0 when capacity is 0), count 0. Out: count, the event's
 * number of fields, and that many entries at fields. Errors: -ENOENT, no
 * event of that name is registered; -E2BIG, capacity < count: count is set,
 * no entry is written (retry with count entries; an event's fields never
 * change while it is registered); -EINVAL, empty or unterminated name, a
 * wrong entry_size, count or reserved not 0, or fields 0 with a capacity;
 * -EFAULT, a bad pointer (argument or fields).
 */
#define LTT_FIELD_NAME_LEN	64	/* field or enum name, NUL incl.; longer
					 * names are cut (none are in ltt) */

#define LTT_FIELD_TYPE_INTEGER		0
#define LTT_FIELD_TYPE_STRING		1	/* NUL-terminated, bounded */
#define LTT_FIELD_TYPE_ARRAY		2	/* length integers */
#define LTT_FIELD_TYPE_SEQUENCE		3	/* __u32 count, then that many
						 * integers */
#define LTT_FIELD_TYPE_ENUM		4	/* integer named by enum_name */
#define LTT_FIELD_F_SIGNED		(1U << 0)	/* integers: signed */

struct ltt_field_entry {
	char  name[LTT_FIELD_NAME_LEN];
	char  enum_name[LTT_FIELD_NAME_LEN];	/* LTT_FIELD_TYPE_ENUM, else "" */
	__u32 type;			/* LTT_FIELD_TYPE_* */
	__u32 flags;			/* LTT_FIELD_F_* */
	__u32 size;			/* integer (element) bytes: 1, 2, 4, 8;
					 * strings: 0 */
	__u32 base;			/* display base of integers: 2, 8, 10,
					 * 16; strings: 0 */
	__u32 length;			/* LTT_FIELD_TYPE_ARRAY: elements; 0 */
	__u32 reserved;			/* 0 */
};

struct ltt_event_fields {
	char  name[LTT_EVENT_NAME_LEN];
	__u64 fields;			/* user pointer: struct ltt_field_entry[] */
	__u32 capacity;
	__u32 entry_size;
	__u32 count;			/* in: 0; out */
	__u32 reserved;
};
#define LTT_EVENT_FIELDS_SIZE_VER0	148

/* SESSION_CREATE: -EEXIST, name taken; -ENOSPC, 64 sessions exist.
 * SESSION_OPEN: -ENOENT, no such session. */
#define LTT_IOC_VERSION		_IOWR(LTT_IOC_MAGIC, 0x00, struct ltt_version)
#define LTT_IOC_SESSION_CREATE	_IOW(LTT_IOC_MAGIC, 0x01, struct ltt_session_args)
#define LTT_IOC_SESSION_OPEN	_IOW(LTT_IOC_MAGIC, 0x02, struct ltt_session_args)
#define LTT_IOC_SESSION_LIST	_IOWR(LTT_IOC_MAGIC, 0x03, struct ltt_list)	/* ltt_session_entry */
#define LTT_IOC_EVENT_LIST	_IOWR(LTT_IOC_MAGIC, 0x04, struct ltt_list)	/* ltt_event_entry */
#define LTT_IOC_EVENT_FIELDS	_IOWR(LTT_IOC_MAGIC, 0x05, struct ltt_event_fields)

/*
 * Persistent region (ABI 1.9; doc/persistent-buffers.md). Memory set aside
 * at boot (memmap=SIZE$START) and named by ltt.pmem=SIZE@START holds a
 * persistent channel's buffers. When ltt.ko loads, it reads what a
 * previous boot left there, checks every packet and keeps the valid ones
 * as the recovered trace, until a tool reads it out and discards it:
 *
 *   PMEM_STATUS (/dev/ltt): the region's state, what was recovered and
 *	what was dropped, and why.
 *   PMEM_READ: the recovered metadata text (from an offset) or packet
 *	index (0 .. nr_packets - 1, by CPU then packet_seq_num), copied
 *	whole: packet_size bytes, padding zeroed, the header of the packet
 *	open at the crash completed. -E2BIG if len is too short (len then
 *	says what is needed), -ENOENT past the end, -ENODATA when nothing
 *	was recovered. Needs CAP_SYS_ADMIN.
 *   PMEM_DISCARD: forget the recovered trace: the region is free for a
 *	persistent channel. -EBUSY while one records there. CAP_SYS_ADMIN.
 *
 * -ENODEV: no region (ltt.pmem not set, or not usable: the kernel log
 * says why).
 */
enum ltt_pmem_state {
	LTT_PMEM_STATE_NONE,		/* no region */
	LTT_PMEM_STATE_EMPTY,		/* free: nothing from a previous boot */
	LTT_PMEM_STATE_RECOVERED,	/* a previous boot's trace waits */
	LTT_PMEM_STATE_INVALID,		/* held no ltt data (reason): free */
	LTT_PMEM_STATE_REFUSED,		/* ltt data this ltt cannot read
					 * (reason): kept until discarded */
	LTT_PMEM_STATE_IN_USE,		/* a persistent channel records */
};

/*
 * Why packets were left out of the recovered trace (dropped[]), one line
 * each, X(ID, name): LTT_PMEM_DROP_<ID> (its index) and the name lttctl's
 * JSON gives its count. Append only: the indexes are ABI.
 *	TORN	a record in it was not whole
 *	NO_END	the open packet's end is unknown: the machine stopped
 *		without a panic or reboot
 *	HEADER	its header does not hold
 *	ORDER	out of order with the others
 */
#define LTT_PMEM_DROPS(X)						\
	X(TORN, torn)							\
	X(NO_END, no_end)						\
	X(HEADER, header)						\
	X(ORDER, order)

enum ltt_pmem_drop {
#define LTT_PMEM_DROP_VALUE(id, name)	LTT_PMEM_DROP_##id,
	LTT_PMEM_DROPS(LTT_PMEM_DROP_VALUE)
#undef LTT_PMEM_DROP_VALUE
	LTT_PMEM_DROP_NR,
};

struct ltt_pmem_status {
	__u32 state;			/* enum ltt_pmem_state */
	__u32 nr_cpus;			/* recovered: CPUs with packets */
	__u64 phys;			/* the region */
	__u64 size;
	/* RECOVERED (and IN_USE: the names, boot and stream) */
	__u64 nr_packets;
	__u64 dropped[LTT_PMEM_DROP_NR];
	__u64 metadata_len;
	__u64 boot_time;		/* epoch ns of the writer's boot */
	__u64 end_time;			/* epoch ns of its panic or reboot, 0 */
	__u32 end_reason;		/* 0 unknown, 1 panic, 2 reboot */
	__u32 stream_id;		/* the channel's, in its packets */
	__u8  boot_id[16];		/* the writer's boot_id, 0 if unknown */
	char  session[LTT_NAME_LEN];
	char  channel[LTT_NAME_LEN];
	char  kernel[32];		/* the writer's release (uname -r) */
	char  reason[48];		/* INVALID, REFUSED: why */
};
#define LTT_PMEM_STATUS_SIZE_VER0	256

#define LTT_PMEM_READ_METADATA	0
#define LTT_PMEM_READ_PACKET	1

struct ltt_pmem_read {
	__u32 what;			/* LTT_PMEM_READ_* */
	__u32 index;			/* PACKET: which one */
	__u64 offset;			/* METADATA: from this byte */
	__u64 buf;			/* user pointer */
	__u64 len;			/* in: buf's size; out: bytes written,
					 * or needed (-E2BIG) */
	__u64 seq;			/* out: PACKET: its packet_seq_num */
	__u32 cpu;			/* out: PACKET: its CPU */
	__u32 flags;			/* 0 */
};
#define LTT_PMEM_READ_SIZE_VER0		48

#define LTT_IOC_PMEM_STATUS	_IOR(LTT_IOC_MAGIC, 0x49, struct ltt_pmem_status)
#define LTT_IOC_PMEM_READ	_IOWR(LTT_IOC_MAGIC, 0x4a, struct ltt_pmem_read)
#define LTT_IOC_PMEM_DISCARD	_IO(LTT_IOC_MAGIC, 0x4b)

/* ==== fd SESSION: session fd, 0x20..0x3f and 0x80..0x9f =============== */

/*
 * Also the metadata fd (METADATA_OPEN: read, poll) and the notification
 * fd (TRIGGER_NOTIFY_OPEN, see "Triggers": read, poll), which take no
 * command.
 */

#define LTT_MODE_DISCARD	0	/* full buffer: new records dropped, counted */
#define LTT_MODE_OVERWRITE	1	/* flight recorder: oldest sub-buffer reused */

/* CHANNEL_CREATE: only before the session's first start (-EBUSY after);
 * -EEXIST, name taken; -ENOSPC, 16 channels. Sizes: powers of 2,
 * sub-buffers of at least a page, at least 2 of them, at most 4 GiB over
 * all CPUs (-EINVAL, or -ENOMEM). Timers in microseconds, 0 = none. */
struct ltt_channel_args {
	char  name[LTT_NAME_LEN];
	__u64 subbuf_size;		/* bytes */
	__u32 num_subbuf;
	__u32 mode;			/* LTT_MODE_* */
	__u32 switch_timer_us;		/* close partial sub-buffers this often */
	__u32 read_timer_us;		/* wake readers this often; 0: on delivery */
	__u64 flags;			/* LTT_CHANNEL_* (ABI 1.9) */
	/* ABI 1.2 */
	__u64 context;			/* 1 << LTT_CONTEXT_*, see below */
	__u64 reserved;
	/*
	 * ABI 1.7: trace-file limits, kept for the consumer, which cuts
	 * each stream of the channel into files of at most tracefile_size
	 * bytes (at packet boundaries; 0: one file) and keeps the newest
	 * tracefile_count of them (0: all). A count needs a size (-EINVAL).
	 */
	__u64 tracefile_size;
	__u64 tracefile_count;
};
#define LTT_CHANNEL_ARGS_SIZE_VER0	64
#define LTT_CHANNEL_ARGS_SIZE_VER1	72	/* with context */
#define LTT_CHANNEL_ARGS_SIZE_VER2	96	/* with the trace-file limits */

/*
 * ltt_channel_args.flags (ABI 1.9). PERSISTENT: the channel's buffers are
 * the persistent region (ltt.pmem=, ltt(7)), which survives a warm reboot;
 * overwrite mode only (-EINVAL), one such channel at a time (-EBUSY),
 * -ENODEV without a region, -ENOSPC if it does not fit. While the region
 * holds a previous boot's trace not yet recovered (or a region it cannot
 * read), CHANNEL_CREATE fails with -EEXIST unless DISCARD_RECOVERED is
 * given too, which drops it. -EPERM without CAP_SYS_ADMIN: the region
 * is root's, also for a tracing_group member. See "Persistent region"
 * (/dev/ltt) above.
 */
#define LTT_CHANNEL_PERSISTENT		(1ULL << 0)
#define LTT_CHANNEL_DISCARD_RECOVERED	(1ULL << 1)

/*
 * Context fields (ABI 1.2): what a channel writes before the payload of
 * every event, about the context the event happened in, chosen at
 * CHANNEL_CREATE (bits of ltt_channel_args.context) and fixed after. They
 * are the stream's event.context in the metadata, in the order below.
 * One line each: X(ID, name, kind, bytes, signed) gives LTT_CONTEXT_<ID>
 * (its bit) and the field's name (LTTng's where LTTng has the field);
 * kind INT is an integer of that many bytes, TEXT a character array,
 * SEQ a sequence of addresses: a u32 count (the bytes given) then that
 * many u64, at most LTT_CALLSTACK_DEPTH.
 * Append only: the bit numbers are ABI.
 *
 * perf_cpu_*: per-CPU perf counters (LTTng's perf:cpu:cycles, ...; lttctl
 * takes either spelling), the count on the event's CPU. CHANNEL_CREATE
 * fails with -ENODEV when a hardware one has no PMU (QEMU TCG).
 *
 * callstack_kernel records kernel addresses: CHANNEL_CREATE refuses it
 * with -EPERM unless the caller has CAP_SYSLOG and kptr_restrict shows it
 * kernel pointers (below 2), the rule of /proc/kallsyms.
 *
 * cgroup_id (ABI 1.13): the id of the task's cgroup of the cgroup v2
 * hierarchy (its directory's inode number, the id of the cgroup tracker);
 * 0 in a kernel without cgroups.
 *
 * cgroup (ABI 1.14): that cgroup's path from the root of the cgroup v2
 * hierarchy ("/" for the root, "/system.slice/nginx.service"), as
 * /proc/PID/cgroup shows it outside any cgroup namespace; NUL-padded, at
 * most 127 characters: a longer path is cut at its end (cgroup_id tells
 * it apart). Empty in a kernel without cgroups.
 */
#define LTT_CONTEXT_FIELDS(X)					\
	X(PID,		pid,		INT,	4,  1)		\
	X(TID,		tid,		INT,	4,  1)		\
	X(PPID,		ppid,		INT,	4,  1)		\
	X(VPID,		vpid,		INT,	4,  1)		\
	X(VTID,		vtid,		INT,	4,  1)		\
	X(VPPID,	vppid,		INT,	4,  1)		\
	X(PROCNAME,	procname,	TEXT,	16, 0)		\
	X(PRIO,		prio,		INT,	4,  1)		\
	X(NICE,		nice,		INT,	4,  1)		\
	X(UID,		uid,		INT,	4,  0)		\
	X(EUID,		euid,		INT,	4,  0)		\
	X(GID,		gid,		INT,	4,  0)		\
	X(EGID,		egid,		INT,	4,  0)		\
	X(VUID,		vuid,		INT,	4,  0)		\
	X(VEUID,	veuid,		INT,	4,  0)		\
	X(VGID,		vgid,		INT,	4,  0)		\
	X(VEGID,	vegid,		INT,	4,  0)		\
	X(HOSTNAME,	hostname,	TEXT,	65, 0)		\
	X(CPU_ID,	cpu_id,		INT,	4,  0)		\
	X(NEED_RESCHEDULE, need_reschedule, INT, 1, 0)		\
	X(INTERRUPTIBLE, interruptible,	INT,	1,  0)		\
	X(IRQ_CONTEXT,	irq_context,	INT,	1,  0)		\
	X(PID_NS,	pid_ns,		INT,	4,  0)		\
	X(NET_NS,	net_ns,		INT,	4,  0)		\
	X(UTS_NS,	uts_ns,		INT,	4,  0)		\
	X(IPC_NS,	ipc_ns,		INT,	4,  0)		\
	X(CGROUP_NS,	cgroup_ns,	INT,	4,  0)		\
	X(USER_NS,	user_ns,	INT,	4,  0)		\
	X(TIME_NS,	time_ns,	INT,	4,  0)		\
	X(CALLSTACK_KERNEL, callstack_kernel, SEQ, 4, 0)	\
	X(CALLSTACK_USER, callstack_user, SEQ,	4,  0)		\
	X(PREEMPTIBLE,	preemptible,	INT,	1,  0)		\
	X(MIGRATABLE,	migratable,	INT,	1,  0)		\
	X(PERF_CPU_CYCLES, perf_cpu_cycles, INT, 8, 0)		\
	X(PERF_CPU_INSTRUCTIONS, perf_cpu_instructions, INT, 8, 0) \
	X(PERF_CPU_CACHE_MISSES, perf_cpu_cache_misses, INT, 8, 0) \
	X(PERF_CPU_BRANCH_MISSES, perf_cpu_branch_misses, INT, 8, 0) \
	X(PERF_CPU_CPU_CLOCK, perf_cpu_cpu_clock, INT, 8, 0)	\
	X(PERF_CPU_PAGE_FAULT, perf_cpu_page_fault, INT, 8, 0)	\
	X(CGROUP_ID,	cgroup_id,	INT,	8,  0)		\
	X(CGROUP,	cgroup,		TEXT,	128, 0)

enum ltt_context_id {
#define LTT_CONTEXT_ENUM(id, name, kind, bytes, sign) LTT_CONTEXT_##id,
	LTT_CONTEXT_FIELDS(LTT_CONTEXT_ENUM)
#undef LTT_CONTEXT_ENUM
	LTT_CONTEXT_NR
};
/* callstack_*: the most addresses recorded, innermost first */
#define LTT_CALLSTACK_DEPTH		32
/* irq_context bits: where the event happened */
#define LTT_IRQ_CONTEXT_SOFTIRQ		(1U << 0)
#define LTT_IRQ_CONTEXT_HARDIRQ		(1U << 1)
#define LTT_IRQ_CONTEXT_NMI		(1U << 2)

/* CHANNEL_OPEN: by name, or with LTT_CHANNEL_BY_INDEX by creation index
 * (name is then filled in). -ENOENT when there is no such channel. */
#define LTT_CHANNEL_BY_INDEX	(1U << 0)
struct ltt_channel_id {
	char  name[LTT_NAME_LEN];
	__u32 index;
	__u32 flags;			/* LTT_CHANNEL_BY_INDEX */
	__u64 reserved;
};
#define LTT_CHANNEL_ID_SIZE_VER0	40

/* SESSION_INFO: the session's name, state and consumer. */
struct ltt_session_info {
	char  name[LTT_NAME_LEN];
	__u8  uuid[16];			/* the CTF trace uuid */
	__u32 state;			/* enum ltt_session_state */
	__u32 nr_channels;
	__s32 consumer_pid;		/* 0: none attached */
	__s32 consumer_error;		/* last errno the consumer reported, 0 */
	/* streams whose reader has not taken everything delivered (and,
	 * once stopped or destroyed, everything written): with the session
	 * stopped, data the consumer has still to write */
	__u32 streams_undrained;
	/* ABI 1.7: metadata bytes that no metadata fd has read yet */
	__u32 metadata_pending;
	/* notification fds opened with LTT_NOTIFY_SERVE (lttd --serve,
	 * lttctl trigger wait): who serves a trigger's snapshot when no
	 * consumer is attached; 0 from a module older than this field */
	__u32 nr_servers;
	__u32 reserved;
};
#define LTT_SESSION_INFO_SIZE_VER0	68
#define LTT_SESSION_INFO_SIZE_VER1	72	/* with metadata_pending */
#define LTT_SESSION_INFO_SIZE_VER2	76	/* with nr_servers */

/* SET_OUTPUT, GET_OUTPUT: the trace directory, kept for lttctl and a
 * restarted consumer. len: in, the buffer size; out (GET), the length
 * with the NUL. At most
 * LTT_PATH_MAX bytes. GET with a short buffer: -ENAMETOOLONG, len set. */
#define LTT_PATH_MAX		4096
struct ltt_path {
	__u64 path;			/* user pointer */
	__u32 len;
	__u32 reserved;
};
#define LTT_PATH_SIZE_VER0		12

/* CONSUMER_ERROR: the consumer says why it stopped draining (lttctl
 * status shows it). */
struct ltt_consumer_error {
	__s32 error;			/* positive errno, 0 to clear */
	__u32 reserved;
};
#define LTT_CONSUMER_ERROR_SIZE_VER0	4

/*
 * SESSION_START: records from now on (-EBUSY once destroyed; -ENOENT without
 * channels); ABI 1.7: a stopped session resumes, into the same streams
 * (each opens a new packet; the state dump runs again). The first START
 * fixes each channel's event header kind (see part 1) and writes its
 * stream block, with the events enabled so far, to the metadata (-ENOMEM,
 * or -EFBIG when the metadata is full). SESSION_STOP: stops recording, waits for
 * the writers in flight and ends every stream's packet, so readers can
 * take everything; ABI 1.7: the streams stay open (before: finalized).
 * Rules and trackers may change while stopped. SESSION_DESTROY: stop,
 * finalize every stream (readers drain what is left then see hang-up;
 * the metadata ends), then forget the name; memory goes with the last
 * fd. CONSUMER_ATTACH makes this fd the session's consumer until it is
 * closed or CONSUMER_DETACH (-EBUSY if another fd is), so that tools can
 * tell whether a daemon drains the session.
 * SESSION_STATEDUMP (ABI 1.2): record what exists now (threads, open files,
 * network interfaces, CPUs: the lttng_statedump_* events) into the
 * channels of this session that enable those events; START does it too.
 * -EINVAL unless the session is recording, -ENOENT if it enables none of
 * those events.
 */
#define LTT_IOC_CHANNEL_CREATE	_IOW(LTT_IOC_MAGIC, 0x20, struct ltt_channel_args)
#define LTT_IOC_CHANNEL_OPEN	_IOWR(LTT_IOC_MAGIC, 0x21, struct ltt_channel_id)
#define LTT_IOC_METADATA_OPEN	_IO(LTT_IOC_MAGIC, 0x22)
#define LTT_IOC_SESSION_START	_IO(LTT_IOC_MAGIC, 0x23)
#define LTT_IOC_SESSION_STOP	_IO(LTT_IOC_MAGIC, 0x24)
#define LTT_IOC_SESSION_DESTROY	_IO(LTT_IOC_MAGIC, 0x25)
#define LTT_IOC_SESSION_INFO	_IOR(LTT_IOC_MAGIC, 0x26, struct ltt_session_info)
#define LTT_IOC_SET_OUTPUT	_IOW(LTT_IOC_MAGIC, 0x27, struct ltt_path)
#define LTT_IOC_GET_OUTPUT	_IOWR(LTT_IOC_MAGIC, 0x28, struct ltt_path)
#define LTT_IOC_CONSUMER_ATTACH	_IO(LTT_IOC_MAGIC, 0x29)
#define LTT_IOC_CONSUMER_DETACH	_IO(LTT_IOC_MAGIC, 0x2a)
#define LTT_IOC_CONSUMER_ERROR	_IOW(LTT_IOC_MAGIC, 0x2b, struct ltt_consumer_error)
#define LTT_IOC_SESSION_STATEDUMP _IO(LTT_IOC_MAGIC, 0x2c)

/*
 * Dynamic probes (ABI 1.3): PROBE_CREATE makes a new event NAME of this
 * session, recorded when the kernel (kprobe, kretprobe) or a process
 * mapping a binary (uprobe, uretprobe) executes the given point; it is
 * recorded in the channels of this session whose rules enable NAME (like
 * any event) and never in another session's. Its fields are the fetches
 * (ltt-side syntax in src/fetch-spec.h: "F=SPEC F=SPEC", blank-separated),
 * after which a return probe records "retval" (s64) and "duration_ns"
 * (u64, entry to return; 0 when the entry was not seen). The event lives
 * until PROBE_REMOVE or the session's destruction.
 *
 * Where: kprobes: symbol (+ offset), or addr with symbol 0. uprobes: path
 * (an absolute path to a regular file) and offset (the file offset of the
 * instruction: lttctl resolves a symbol name from the ELF file).
 * ref_ctr_offset (ABI 1.11, uprobes only): the file offset of a 2-byte
 * reference counter (a USDT probe's semaphore) that the kernel increments
 * in every process mapping the file while the probe is registered and
 * decrements after, so that code guarded by it runs; 0 for none. It must
 * lie within the file and be even (-EINVAL); a probe of the same place
 * with another counter is refused by the kernel (-EINVAL).
 *
 * Errors (nothing is left registered): -EPERM, not CAP_SYS_ADMIN;
 * -EEXIST, an event of that name exists; -ENOENT, unknown kernel symbol
 * or no such file; -EINVAL, the kernel refuses the place (kprobe
 * blacklist, notrace, not text; an offset off an instruction boundary
 * gives -EILSEQ) or bad arguments; -EBADMSG, a bad fetch specification
 * (its reason, one line, is copied to errbuf when given); -ELOOP, the
 * place is inside the tracer; -EBUSY, the session is destroyed;
 * -ENOSPC, 64 kprobes and uprobes (or 4096 tracepoint probes) in the
 * session; -EOPNOTSUPP, no kprobe/uprobe support in this kernel.
 *
 * Tracepoint probes (ABI 1.10, kind LTT_PROBE_TRACEPOINT): NAME records
 * the tracefs event of id tp_id (events/GROUP/EVENT/id) on every CPU
 * online at creation, with the record the kernel itself builds for it
 * (what perf reads); symbol is "GROUP:EVENT" (shown by PROBE_LIST),
 * fetch, path, addr and offset are 0. Its fields are tp_fields, the
 * caller's reading of events/GROUP/EVENT/format: nr_tp_fields (1 to
 * LTT_TP_MAX_FIELDS) entries of tp_field_size bytes each (the caller's
 * sizeof(struct ltt_tp_field)), recorded in that order. The kernel
 * checks every entry (kind, sizes, counts, a name of [A-Za-z_][A-Za-z0-9_]*
 * met once) and, at each hit, that the record holds every field and
 * every __data_loc range: a record that does not is not recorded and is
 * counted as missed. A wrong id records another event's bytes, never
 * memory outside the record. More errors: -EINVAL, no tracefs event of
 * that id, or a bad field list; -EPERM, perf refuses the caller;
 * -EOPNOTSUPP, a kernel without perf tracepoint events.
 *
 * Function probes (ABI 1.15, kinds LTT_PROBE_FUNCTION and
 * LTT_PROBE_FUNCTION_RET, event type FUNCTION): NAME records the entry
 * (FUNCTION: the fetches, read at the entry, "$argN" the arguments) or
 * the return (FUNCTION_RET: "ret" (s64) and "duration_ns" (u64), no
 * fetch) of the kernel function at addr, which must be where the
 * function symbol (its name, without "[module]") starts: both are given
 * (lttctl reads /proc/kallsyms), the kernel checks that they agree
 * (-ENOENT if not). Entries go through ftrace (fprobe where the kernel
 * has it, else an ftrace_ops), so only functions that ftrace can trace
 * (available_filter_functions) are accepted (-EINVAL for others); the
 * returns through fprobe, or kretprobes where the kernel has no fprobe
 * (Linux 6.1): then they count with the session's kprobes (64). A
 * recursion (the function called from the tracer's own path) is not
 * recorded and is counted as missed. Functions of ltt.ko and of ltt's
 * probe modules are refused (-ELOOP). When the function's module
 * unloads, the event stops for good and is listed gone. More errors:
 * -ENOSPC, 4096 function probes in the session; -EOPNOTSUPP, a kernel
 * without function tracing (CONFIG_DYNAMIC_FTRACE_WITH_REGS).
 */
#define LTT_PROBE_KPROBE	0
#define LTT_PROBE_KRETPROBE	1
#define LTT_PROBE_UPROBE	2
#define LTT_PROBE_URETPROBE	3
#define LTT_PROBE_TRACEPOINT	4	/* ABI 1.10 */
#define LTT_PROBE_FUNCTION	5	/* ABI 1.15 */
#define LTT_PROBE_FUNCTION_RET	6	/* ABI 1.15 */

#define LTT_PROBE_SYMBOL_LEN	128	/* kernel symbol name, NUL incl. */
#define LTT_PROBE_FETCH_MAX	1024	/* fetch text, NUL incl. */
#define LTT_PROBE_ERR_LEN	128	/* errbuf size wanted */

struct ltt_probe_args {
	char  name[LTT_EVENT_NAME_LEN];	/* a new event name: [A-Za-z0-9_]+,
					 * or two joined by ':' (ABI 1.11) */
	__u32 kind;			/* LTT_PROBE_* */
	__u32 flags;			/* none defined */
	__u64 symbol;			/* user pointer: kernel symbol, or 0 */
	__u64 offset;			/* kprobe: from symbol; uprobe: file */
	__u64 addr;			/* kprobe without symbol: the address */
	__u64 path;			/* user pointer: uprobe binary, or 0 */
	__u64 fetch;			/* user pointer: fetch text, or 0 */
	__u64 errbuf;			/* user pointer: LTT_PROBE_ERR_LEN bytes
					 * for a parse error's reason, or 0 */
	__u64 reserved[2];
	/* ABI 1.10, LTT_PROBE_TRACEPOINT only (0 for the others) */
	__u64 tp_fields;		/* user pointer: struct ltt_tp_field[] */
	__u32 nr_tp_fields;
	__u32 tp_field_size;		/* sizeof(struct ltt_tp_field) */
	__u32 tp_id;			/* events/GROUP/EVENT/id */
	__u32 tp_reserved;		/* 0 */
	/* ABI 1.11, uprobes only (0: none) */
	__u64 ref_ctr_offset;		/* file offset of a USDT semaphore */
};
#define LTT_PROBE_ARGS_SIZE_VER0	184
#define LTT_PROBE_ARGS_SIZE_VER1	224	/* with tp_* (ABI 1.10) */
#define LTT_PROBE_ARGS_SIZE_VER2	232	/* with ref_ctr_offset (ABI 1.11) */

/*
 * One field of a tracepoint probe: where it lies in the kernel's record
 * (the offset and size the format file gives) and what it is. Recorded
 * as: INT an integer of size bytes; CHARS (char[count]) and STRING
 * (__data_loc char[], __rel_loc with LTT_TPF_F_REL) a string, up to its
 * first NUL within its bytes; ARRAY (T[count]) count integers of size
 * bytes; DYNARRAY (__data_loc T[]) a sequence of integers of size bytes
 * (its u32 length, then the elements). A __data_loc field is the u32 at
 * offset (size 4): the data's offset in the record in its low 16 bits,
 * its length in bytes in the high 16 (__rel_loc: the offset counts from
 * the end of the u32).
 *
 * ABI 1.17: an INT field may name nr_enums (1 to LTT_TP_ENUM_MAX) labels
 * of its values, enums a user pointer to that many struct ltt_tp_enum
 * (the format's __print_symbolic(REC->field, { value, "label" }, ...)):
 * the field is then described in the metadata as a CTF enumeration over
 * its integer type (readers print the label; the value is the integer).
 * The kernel refuses (-EINVAL) a label empty, without its NUL or with a
 * byte outside printable ASCII, a value outside the field's type, and a
 * value met twice. nr_enums 0 (and enums 0): a plain integer, as with
 * the 56 bytes of LTT_TP_FIELD_SIZE_VER0; other kinds must leave them 0.
 */
#define LTT_TP_MAX_FIELDS	32
#define LTT_TP_FIELD_NAME_LEN	48	/* NUL included */
#define LTT_TP_ARRAY_MAX	4096	/* count of CHARS and ARRAY */

#define LTT_TPF_INT		0
#define LTT_TPF_CHARS		1
#define LTT_TPF_STRING		2
#define LTT_TPF_ARRAY		3
#define LTT_TPF_DYNARRAY	4

#define LTT_TPF_F_SIGNED	(1U << 0)	/* INT, ARRAY, DYNARRAY */
#define LTT_TPF_F_HEX		(1U << 1)	/* ... shown in base 16 */
#define LTT_TPF_F_REL		(1U << 2)	/* STRING, DYNARRAY: __rel_loc */

struct ltt_tp_field {
	char  name[LTT_TP_FIELD_NAME_LEN];
	__u16 offset;			/* in the record, header included */
	__u16 size;			/* INT, ARRAY, DYNARRAY: 1, 2, 4, 8 */
	__u16 count;			/* CHARS, ARRAY: 1 to LTT_TP_ARRAY_MAX */
	__u8  kind;			/* LTT_TPF_* */
	__u8  flags;			/* LTT_TPF_F_* */
	/* ABI 1.17 */
	__u64 enums;			/* user pointer: struct ltt_tp_enum[] */
	__u32 nr_enums;			/* INT only; 0: no labels */
	__u32 reserved;			/* 0 */
};
#define LTT_TP_FIELD_SIZE_VER0	56
#define LTT_TP_FIELD_SIZE_VER1	72	/* with enums (ABI 1.17) */

#define LTT_TP_ENUM_MAX		256	/* labels of one field */
#define LTT_TP_ENUM_LABEL_LEN	56	/* NUL included */

struct ltt_tp_enum {
	__s64 value;
	char  label[LTT_TP_ENUM_LABEL_LEN];
};

/* PROBE_LIST: struct ltt_list of struct ltt_probe_entry, this session's. */
#define LTT_PROBE_F_GONE	(1U << 0)	/* its module was unloaded */
struct ltt_probe_entry {
	char  name[LTT_EVENT_NAME_LEN];
	char  where[LTT_PROBE_SYMBOL_LEN];	/* "sym+0x10", "path+0x1139" */
	__u32 kind;			/* LTT_PROBE_* */
	__u32 flags;			/* LTT_PROBE_F_* */
	__u32 nr_fields;
	__u32 reserved;
	__u64 missed;			/* kprobes: not run (recursion);
					 * return probes: no free instance */
};

#define LTT_IOC_PROBE_CREATE	_IOW(LTT_IOC_MAGIC, 0x2d, struct ltt_probe_args)
/* PROBE_REMOVE: name (struct ltt_event_args); -ENOENT, none of that name */
#define LTT_IOC_PROBE_REMOVE	_IOW(LTT_IOC_MAGIC, 0x2e, struct ltt_event_args)
#define LTT_IOC_PROBE_LIST	_IOWR(LTT_IOC_MAGIC, 0x2f, struct ltt_list)

/*
 * Trackers (ABI 1.5), LTTng's: a session records only the events of the
 * current task whose ids are in every one of its sets (six; seven from
 * ABI 1.13, CGROUP below). A set starts
 * as "all"; the first TRACKER_ADD of an id makes it that id alone, later
 * ones add ids; TRACKER_REMOVE removes one (the set may become empty:
 * nothing recorded); with LTT_TRACKER_ALL, ADD makes the set "all" again
 * and REMOVE empties it (id 0). PID and VPID are process ids (every
 * thread of it), as the task's tgid in the initial or its own pid
 * namespace; UID/GID the real ids in the initial user namespace,
 * VUID/VGID in the task's. An event in interrupt context is the
 * interrupted task's; a kernel thread has its own pid, uid and gid 0.
 * LTT_TRACKER_FOLLOW (ADD, PID): the session also tracks the processes
 * a tracked process forks, from their fork to their exit (LTTng cannot;
 * ftrace's event-fork does).
 * -EINVAL: a bad type, flag or id (below 0); -ENOSPC: more than
 * LTT_TRACKER_MAX ids in a set; -EBUSY: the session is destroyed.
 *
 * CGROUP (ABI 1.13), a seventh set: the tasks whose cgroup of the cgroup
 * v2 hierarchy is one of the set's or a descendant of one, decided at
 * each event where the task is then (a task moved in is recorded from
 * its move on, one moved out no more). ADD's id is a file descriptor
 * open on the cgroup's directory (under a cgroup2 mount, opened with
 * O_RDONLY | O_DIRECTORY); the set keeps a reference on the cgroup until
 * its REMOVE, a REMOVE with LTT_TRACKER_ALL or the session's end. REMOVE's
 * id and TRACKER_LIST's are the cgroup's id: the inode number of its
 * directory (stat(2) of it; bpf's and perf's cgroup id). A tracked cgroup
 * that is removed (rmdir) stays in the set, matching nothing (no task can
 * enter it again), and TRACKER_LIST marks it LTT_TRACKER_GONE. At most
 * LTT_TRACKER_CGROUPS cgroups. -EBADF: the fd is not open on a cgroup v2
 * directory; -ENOSPC: the set is full; -EOPNOTSUPP: a kernel without
 * cgroups.
 */
/* The sets, X(TYPE, name): the names the kernel's env and lttctl use. */
#define LTT_TRACKER_TYPES(X)						\
	X(PID, pid)							\
	X(VPID, vpid)							\
	X(UID, uid)							\
	X(VUID, vuid)							\
	X(GID, gid)							\
	X(VGID, vgid)							\
	X(CGROUP, cgroup)

enum ltt_tracker_type {
#define LTT_TRACKER_TYPE_VALUE(type, name)	LTT_TRACKER_##type,
	LTT_TRACKER_TYPES(LTT_TRACKER_TYPE_VALUE)
#undef LTT_TRACKER_TYPE_VALUE
	LTT_TRACKER_NR
};
#define LTT_TRACKER_ALL		(1U << 0)
#define LTT_TRACKER_FOLLOW	(1U << 1)
#define LTT_TRACKER_MAX		1024	/* ids in one set */
#define LTT_TRACKER_CGROUPS	16	/* cgroups in the cgroup set */

struct ltt_tracker_args {
	__u32 type;			/* enum ltt_tracker_type */
	__u32 flags;			/* LTT_TRACKER_* */
	__s64 id;
	__u64 reserved;
};
#define LTT_TRACKER_ARGS_SIZE_VER0	16

#define LTT_IOC_TRACKER_ADD	_IOW(LTT_IOC_MAGIC, 0x30, struct ltt_tracker_args)
#define LTT_IOC_TRACKER_REMOVE	_IOW(LTT_IOC_MAGIC, 0x31, struct ltt_tracker_args)

/*
 * TRACKER_LIST, session fd (ABI 1.6; a struct ltt_list request answered
 * from a snapshot, as RULE_LIST of the channel fd): the sets of the
 * session's trackers (LTT_TRACKER_NR), in the order of enum ltt_tracker_type, each as
 *   - one entry with LTT_TRACKER_ALL (id 0) when the set is "all";
 *   - one entry with LTT_TRACKER_NONE (id 0) when it is empty (nothing
 *     is recorded);
 *   - else one entry per id, ascending.
 * The pid set's entries carry LTT_TRACKER_FOLLOW while the session
 * follows the children of its tracked processes (an ADD with that flag,
 * until STOP); that set changes as they fork and exit. At most
 * LTT_TRACKER_NR * LTT_TRACKER_MAX entries.
 */
#define LTT_TRACKER_NONE	(1U << 2)	/* TRACKER_LIST only */
#define LTT_TRACKER_GONE	(1U << 3)	/* TRACKER_LIST, CGROUP: removed */

struct ltt_tracker_entry {
	__u32 type;			/* enum ltt_tracker_type */
	__u32 flags;			/* LTT_TRACKER_ALL, _NONE, _FOLLOW */
	__s64 id;
};

#define LTT_IOC_TRACKER_LIST	_IOWR(LTT_IOC_MAGIC, 0x32, struct ltt_list)	/* ltt_tracker_entry */

/*
 * Session configuration (ABI 1.7), kept in the kernel for the tools: with
 * no session daemon, the session is where lttctl and lttd find it. The
 * kernel checks the values and does not act on them; the consumer (lttd)
 * rereads them every second. SESSION_SET_CONFIG any time before DESTROY;
 * -EINVAL: an unknown flag, reserved not 0, keep_* without a rotation
 * schedule is allowed (manual rotations). SESSION_GET_CONFIG: what was
 * set last.
 */
#define LTT_SESSION_F_ONESHOT		(1ULL << 0)	/* made by "lttctl start"
							 * in one step: "lttctl
							 * stop" destroys it */
#define LTT_SESSION_F_NO_STATEDUMP	(1ULL << 1)	/* "lttctl create
							 * --no-statedump" */
#define LTT_SESSION_F_ALL		(LTT_SESSION_F_ONESHOT | \
					 LTT_SESSION_F_NO_STATEDUMP)

struct ltt_session_config {
	__u64 flags;			/* LTT_SESSION_F_* */
	__u64 rotate_every_us;		/* rotate this often; 0: no timer */
	__u64 rotate_size;		/* rotate when the current chunk holds
					 * this many bytes; 0: no size */
	__u64 keep_size;		/* delete the oldest archived chunks
					 * beyond this many bytes; 0: keep */
	__u32 keep_chunks;		/* keep the newest N archived chunks;
					 * 0: all */
	__u32 keep_snapshots;		/* keep the newest N snapshot-N-*
					 * directories; 0: keep_chunks's N
					 * (a module older than this field
					 * refuses it: -EINVAL) */
	__u64 reserved[4];
};
#define LTT_SESSION_CONFIG_SIZE_VER0	40

#define LTT_IOC_SESSION_SET_CONFIG _IOW(LTT_IOC_MAGIC, 0x33, struct ltt_session_config)
#define LTT_IOC_SESSION_GET_CONFIG _IOR(LTT_IOC_MAGIC, 0x34, struct ltt_session_config)

/*
 * Rotation (ABI 1.7). A rotation closes the session's current trace chunk
 * (a directory holding a complete trace) and starts the next one; a clear
 * (LTT_ROTATE_CLEAR) drops what the current chunk holds, on disk and in
 * the buffers, and goes on in the same chunk. The consumer carries both
 * out; the kernel is where a tool's request meets the consumer:
 *
 *   ROTATE (any fd of the session): queue a request; out: its id (1, 2,
 *	...). -ENOTCONN: no consumer attached; -EBUSY: one is pending
 *	(queued or taken, not done); -EINVAL: never started, a bad flag.
 *   poll on the session fd: POLLIN while a request waits to be taken.
 *   ROTATE_TAKE (the consumer's fd): the waiting request (id, flags);
 *	-ENOENT: none; -EPERM: not the consumer's fd. A consumer that goes
 *	away with a request taken and not done makes it done with EPIPE.
 *   ROTATE_DONE (the consumer's fd): request id is done, error (a
 *	positive errno, 0), the archived chunk's path (absolute; "" for a
 *	clear) and the current chunk's directory under the session's output
 *	("" for the output itself) with its number, which a restarted
 *	consumer resumes. -EINVAL: id is not the taken one, paths too long
 *	or not terminated.
 *   ROTATE_STATUS (any fd): the last request made and the last done,
 *	with its error and archived path, and the current chunk. path/
 *	chunk_dir: user buffers of path_len/chunk_dir_len bytes (0: not
 *	wanted); out: the lengths with the NUL. -ENAMETOOLONG: a buffer too
 *	short (lengths set).
 */
#define LTT_ROTATE_CLEAR		(1U << 0)
/*
 * ABI 1.8: a snapshot a trigger asked for (LTT_TRIGGER_ACT_SNAPSHOT; never
 * from ROTATE, which takes CLEAR only). The consumer writes what the
 * buffers hold into a new snapshot directory under the session's output
 * and reports its path with DONE (chunk_dir and chunk_id are ignored: the
 * current chunk stays as it is); the channels, frozen by the trigger,
 * record again once it is done. With no consumer attached, any session fd
 * that opened a notification fd with LTT_NOTIFY_SERVE may TAKE and DONE
 * it (lttd --serve, lttctl trigger wait); its fd closing with it taken
 * ends it (EPIPE).
 */
#define LTT_ROTATE_SNAPSHOT		(1U << 1)

struct ltt_rotate {
	__u64 id;			/* out (ROTATE, TAKE); in (DONE) */
	__u32 flags;			/* in (ROTATE); out (TAKE) */
	__s32 error;			/* in (DONE) */
	__u64 chunk_id;			/* in (DONE): the current chunk */
	__u64 path;			/* in (DONE): user pointer, archive */
	__u64 chunk_dir;		/* in (DONE): user pointer */
	__u32 path_len;			/* bytes at path, NUL incl. */
	__u32 chunk_dir_len;
	__u64 trigger_id;		/* out (TAKE), ABI 1.8: the trigger
					 * that asked, 0: a tool */
	__u64 reserved;
};
#define LTT_ROTATE_SIZE_VER0		48
#define LTT_ROTATE_SIZE_VER1		56	/* with trigger_id */

struct ltt_rotate_status {
	__u64 requested_id;		/* last request made, 0: none */
	__u32 requested_flags;
	__u32 pending;			/* 1: requested_id not done yet */
	__u64 done_id;			/* last request done, 0: none */
	__s32 done_error;		/* its error, positive errno or 0 */
	__u32 done_flags;
	__u64 chunk_id;			/* the current chunk */
	__u64 path;			/* user pointer: done_id's archive */
	__u64 chunk_dir;		/* user pointer: current chunk dir */
	__u32 path_len;			/* in: buffer bytes; out: length */
	__u32 chunk_dir_len;
	__u64 reserved[2];
};
#define LTT_ROTATE_STATUS_SIZE_VER0	64

#define LTT_IOC_ROTATE		_IOWR(LTT_IOC_MAGIC, 0x35, struct ltt_rotate)
#define LTT_IOC_ROTATE_TAKE	_IOWR(LTT_IOC_MAGIC, 0x36, struct ltt_rotate)
#define LTT_IOC_ROTATE_DONE	_IOW(LTT_IOC_MAGIC, 0x37, struct ltt_rotate)
#define LTT_IOC_ROTATE_STATUS	_IOWR(LTT_IOC_MAGIC, 0x38, struct ltt_rotate_status)

/*
 * Triggers (ABI 1.8). A trigger watches a condition and, each time it
 * holds (a "fire"), acts on its session from where it held, in the kernel,
 * with no daemon in the loop: an event's own context (any context, NMI
 * included: nothing sleeps, nothing is allocated) or the monitor timer.
 *
 * Conditions (condition):
 *   LTT_TRIGGER_COND_EVENT	a hit of an event named by event (a name, or
 *				a pattern with '*' as in EVENT_ENABLE; events
 *				registered later too) that the filter program
 *				(filter/filter_len, optional, as EVENT_ENABLE's)
 *				lets through. The session need not record the
 *				event: the trigger attaches it itself. A kprobe
 *				or uprobe event is the session's own (the probe
 *				must exist). Trackers do not apply.
 *				exit_syscall is hit by the exit of every
 *				system call whose entry event is attached (by
 *				a session, a trigger or a histogram), its
 *				values { id, ret } (ABI 1.12; before, never).
 *   LTT_TRIGGER_COND_BUFFER_USAGE  a buffer of channel is at least
 *				usage_pct (1..100) percent full: delivered
 *				packets its reader has not taken, over the
 *				buffer's size. Checked by the monitor timer
 *				every LTT_TRIGGER_MONITOR_MS while the session
 *				runs (LTTng checks every second).
 *   LTT_TRIGGER_COND_HIST_ABOVE (ABI 1.16)  a value put in the session's
 *				histogram named channel (see "Histograms") is
 *				greater than above: a latency's ns, a HIST's
 *				value field; a HIST with keys and no value
 *				field: a key's count, when it goes from above
 *				to above + 1 (once per key). Checked in the
 *				histogram's update, in its event's context;
 *				the histogram must exist (-ENOENT), have a
 *				value or keys (-EINVAL), and cannot be removed
 *				while watched (HIST_REMOVE: -EBUSY).
 *   LTT_TRIGGER_COND_HIST_NEW_MAX (ABI 1.16)  the same value is greater
 *				than every one before it in the histogram
 *				(since its add or its last HIST_CLEAR).
 * Actions (action):
 *   LTT_TRIGGER_ACT_STOP	the session's channels stop recording on the
 *				spot: on the trigger's CPU, the trigger's event
 *				(if the session records it) is the last one
 *				recorded; writers already inside a record on
 *				other CPUs finish theirs. The session is then
 *				stopped as by SESSION_STOP (from a workqueue),
 *				its buffers kept for a snapshot or lttd.
 *   LTT_TRIGGER_ACT_SNAPSHOT	the channels freeze the same way, and a
 *				LTT_ROTATE_SNAPSHOT request goes to the session's
 *				consumer (see "Rotation"); they record again when
 *				it is done. So a snapshot ends at the trigger.
 *   LTT_TRIGGER_ACT_ROTATE	a rotation request goes to the consumer.
 *   LTT_TRIGGER_ACT_NOTIFY	a notification (the event, its context and its
 *				payload) goes to the session's notification
 *				fds (TRIGGER_NOTIFY_OPEN).
 * After (after_ns, ABI 1.16; 0: none; at most LTT_TRIGGER_AFTER_MAX_NS):
 * the action is taken after_ns after the fire instead of at it, from a
 * delayed work item: the session goes on recording meanwhile, so a stop
 * or a snapshot ends with what followed the fire. One delayed action at
 * a time: a fire while one waits is counted skipped_busy. A delayed
 * action that finds the session no longer tracing (stopped, destroyed)
 * or already frozen is counted skipped_busy instead of acted.
 * Rate: at most max actions in all (0: no limit), and at most one per
 * every_ns (0: no limit), as ftrace's ":count" and LTTng's rate policies.
 * Every fire is counted (fires); one not acted on because of max or
 * every_ns is counted in skipped_rate, one the session cannot take now
 * (already stopped or frozen, a request pending, no consumer and no
 * notification fd serving snapshots, a notification fd overrun) in
 * skipped_busy: fires == acted + skipped_rate + skipped_busy once the
 * session is stopped. Triggers are armed while the session runs (after
 * START, until STOP). At most LTT_MAX_TRIGGERS per session.
 *
 * TRIGGER_ADD, session fd: in: the trigger; out: id (1, 2, ... per
 * session). An exact name no registered event has yet is accepted, as
 * EVENT_ENABLE accepts it: the trigger watches the event when its probe
 * module registers it (nr_events in the list says how many it watches).
 * -EINVAL: a bad condition/action/field, a program that breaks a rule or
 * does not fit the events the pattern matches now; -ENOENT: a registered
 * event that cannot be attached, or no such channel; -ENOSPC:
 * too many triggers; -EBUSY: the session is destroyed.
 * TRIGGER_REMOVE, session fd: -ENOENT: no trigger with that id; -EBUSY:
 * the session is destroyed (its triggers stay listed).
 * TRIGGER_LIST, session fd: struct ltt_list of struct ltt_trigger_entry,
 * in id order, also after STOP and DESTROY.
 * TRIGGER_NOTIFY_OPEN, session fd: returns a notification fd. read()
 * returns one notification per call: a struct ltt_trigger_notification
 * and its payload_len bytes of payload; the buffer must hold
 * LTT_NOTIFICATION_MAX bytes (-EINVAL). It blocks (or -EAGAIN with
 * O_NONBLOCK) until one comes; poll: POLLIN. Only notifications made after
 * the open are read; a reader more than LTT_NOTIFY_RING behind loses the
 * oldest, and the next one read says how many (missed). After DESTROY,
 * read returns 0 once none is left. flags: LTT_NOTIFY_SERVE: this fd's
 * owner also serves LTT_ROTATE_SNAPSHOT requests while no consumer is
 * attached (lttd --serve, lttctl trigger wait), so a SNAPSHOT trigger
 * can act.
 */
#define LTT_MAX_TRIGGERS		64
#define LTT_TRIGGER_MONITOR_MS		100
#define LTT_TRIGGER_AFTER_MAX_NS	3600000000000ULL	/* an hour */

/*
 * The conditions and the actions, one line each: X(ID, name, value) makes
 * LTT_TRIGGER_COND_<ID> / LTT_TRIGGER_ACT_<ID> here, and the names the
 * kernel's boot parameter and lttctl take and show (one table each,
 * made from these lists). Append only: the values are ABI.
 */
#define LTT_TRIGGER_CONDITIONS(X)					\
	X(EVENT, event, 1)						\
	X(BUFFER_USAGE, buffer_usage, 2)				\
	X(HIST_ABOVE, hist_above, 3)					\
	X(HIST_NEW_MAX, hist_new_max, 4)

#define LTT_TRIGGER_ACTIONS(X)						\
	X(STOP, stop, 1)						\
	X(SNAPSHOT, snapshot, 2)					\
	X(ROTATE, rotate, 3)						\
	X(NOTIFY, notify, 4)

enum ltt_trigger_condition {
#define LTT_TRIGGER_COND_VALUE(id, name, value)	LTT_TRIGGER_COND_##id = value,
	LTT_TRIGGER_CONDITIONS(LTT_TRIGGER_COND_VALUE)
#undef LTT_TRIGGER_COND_VALUE
};

enum ltt_trigger_action {
#define LTT_TRIGGER_ACT_VALUE(id, name, value)	LTT_TRIGGER_ACT_##id = value,
	LTT_TRIGGER_ACTIONS(LTT_TRIGGER_ACT_VALUE)
#undef LTT_TRIGGER_ACT_VALUE
};

struct ltt_trigger_args {
	__u64 id;			/* out */
	__u32 condition;		/* enum ltt_trigger_condition */
	__u32 action;			/* enum ltt_trigger_action */
	char  event[LTT_EVENT_NAME_LEN];	/* COND_EVENT; else "" */
	char  channel[LTT_NAME_LEN];	/* COND_BUFFER_USAGE: the channel;
					 * COND_HIST_*: the histogram; else "" */
	__u32 usage_pct;		/* COND_BUFFER_USAGE: 1..100; else 0 */
	__u32 flags;			/* none defined */
	__u64 max;			/* actions at most, 0: no limit */
	__u64 every_ns;			/* one action per, 0: no limit */
	__u64 filter;			/* COND_EVENT: user pointer, program */
	__u32 filter_len;		/* 0: none */
	__u32 reserved0;
	__s64 above;			/* COND_HIST_ABOVE: the bound (a key's
					 * count: >= 0); else 0 */
	__u64 after_ns;			/* act this long after the fire; 0 */
	__u64 reserved[2];
};
#define LTT_TRIGGER_ARGS_SIZE_VER0	216

struct ltt_trigger_id {
	__u64 id;
	__u64 reserved;
};
#define LTT_TRIGGER_ID_SIZE_VER0	8

#define LTT_TRIGGER_F_FILTER		(1U << 0)	/* it has a filter */

struct ltt_trigger_entry {
	__u64 id;
	__u32 condition;
	__u32 action;
	char  event[LTT_EVENT_NAME_LEN];
	char  channel[LTT_NAME_LEN];
	__u32 usage_pct;
	__u32 flags;			/* LTT_TRIGGER_F_* */
	__u64 max;
	__u64 every_ns;
	__u64 fires;			/* times the condition held */
	__u64 acted;			/* actions taken */
	__u64 skipped_rate;		/* not acted on: max, every_ns */
	__u64 skipped_busy;		/* not acted on: see above */
	__u32 nr_events;		/* events it watches now */
	__u32 reserved0;
	char  filter[LTT_FILTER_TEXT_MAX];	/* its text, "" if none */
	/* ABI 1.16; TRIGGER_LIST also takes an entry_size of
	 * LTT_TRIGGER_ENTRY_SIZE_VER0, and fills only that much */
	__s64 above;
	__u64 after_ns;
};
#define LTT_TRIGGER_ENTRY_SIZE_VER0	1264

#define LTT_NOTIFY_SERVE		(1U << 0)
#define LTT_NOTIFY_RING			64	/* notifications kept */
#define LTT_NOTIFICATION_MAX		1024	/* a record with its payload */

struct ltt_notify_args {
	__u32 flags;			/* LTT_NOTIFY_* */
	__u32 reserved;
};
#define LTT_NOTIFY_ARGS_SIZE_VER0	4

/*
 * One notification. The payload is nr_fields entries, each: u8 kind
 * (LTT_NFIELD_*), u8 name length, the field's name (no NUL), then for an
 * INT an 8-byte signed integer in the host's byte order, for a STR a u16
 * length (host order) and that many bytes (no NUL, at most
 * LTT_NFIELD_STR_MAX). A field that does not fit is left out, with
 * LTT_NOTIFICATION_F_TRUNCATED. Fields that are arrays or sequences of
 * integers are left out too (not TRUNCATED). An event whose writer gives no
 * values (the state dump's) has none.
 */
#define LTT_NFIELD_INT			1
#define LTT_NFIELD_STR			2
#define LTT_NFIELD_STR_MAX		128
#define LTT_NOTIFICATION_F_TRUNCATED	(1U << 0)

struct ltt_trigger_notification {
	__u64 seq;			/* 1, 2, ... per session */
	__u64 trigger_id;
	__u64 timestamp;		/* the trace clock (ns), as the events */
	__u64 missed;			/* lost by this reader before it */
	__u32 cpu;
	__s32 pid;			/* the current task's, as seen in the */
	__s32 tid;			/* init pid namespace; 0 in an interrupt
					 * or for a buffer usage */
	__u32 flags;			/* LTT_NOTIFICATION_F_* */
	__u16 nr_fields;
	__u16 payload_len;
	__u32 reserved;
	char  event[LTT_EVENT_NAME_LEN];	/* "" for a buffer usage */
	/* payload_len bytes of payload follow */
};

#define LTT_IOC_TRIGGER_ADD	_IOWR(LTT_IOC_MAGIC, 0x39, struct ltt_trigger_args)
#define LTT_IOC_TRIGGER_REMOVE	_IOW(LTT_IOC_MAGIC, 0x3a, struct ltt_trigger_id)
#define LTT_IOC_TRIGGER_LIST	_IOWR(LTT_IOC_MAGIC, 0x3b, struct ltt_list)	/* ltt_trigger_entry */
#define LTT_IOC_TRIGGER_NOTIFY_OPEN _IOW(LTT_IOC_MAGIC, 0x3c, struct ltt_notify_args)

/*
 * The relay (ABI 1.9): the lttng-relayd that lttd streams the session's
 * trace to, as well as to the output directory or instead of it (a session
 * may have neither SET_OUTPUT nor a relay: no consumer can drain it), and
 * the live period. Kept for the tools like the configuration: the kernel
 * checks the form, not the URL's syntax (lttctl and lttd parse it: LTTng's
 * net://HOST[:PORT[:PORT]] forms, doc/relay.md).
 *
 *   url: NUL-terminated inside the array, every byte before the NUL
 *	printable and not blank ('!' to '~'); "" for no relay.
 *   live_timer_us: the live period; 0: not live. At most
 *	LTT_RELAY_LIVE_MAX_US (the relay protocol's field is 32 bits), and
 *	only with a url.
 *
 * SESSION_SET_RELAY any time before DESTROY (-EBUSY after; lttd rereads
 * it only when it attaches); url "" removes the relay. -EINVAL: a bad url
 * or period, flags or reserved not 0. SESSION_GET_RELAY: what was set
 * last; url "" (and everything 0) when none was.
 */
#define LTT_RELAY_URL_LEN		256
#define LTT_RELAY_LIVE_MAX_US		0xffffffffULL

struct ltt_session_relay {
	__u64 flags;			/* none defined */
	__u64 live_timer_us;
	char  url[LTT_RELAY_URL_LEN];
	__u64 reserved[2];
};
#define LTT_SESSION_RELAY_SIZE_VER0	272
/* 0x3d, 0x3e: numbers after the triggers' (ABI 1.8) */
#define LTT_IOC_SESSION_SET_RELAY _IOW(LTT_IOC_MAGIC, 0x3d, struct ltt_session_relay)
#define LTT_IOC_SESSION_GET_RELAY _IOR(LTT_IOC_MAGIC, 0x3e, struct ltt_session_relay)

/*
 * Histograms (ABI 1.12): counts kept in the kernel, per session, at no
 * disk cost, read at any time. Two kinds (kind):
 *
 *   LTT_HIST_KIND_HIST	each hit of event (exact name) that the filter
 *			program (filter/filter_len, optional, as
 *			TRIGGER_ADD's) lets through is counted; with a
 *			value field (value: an integer field of the event),
 *			its value is summed and put in a bucket.
 *   LTT_HIST_KIND_LATENCY	a hit of event (the start, filter) and the next
 *			hit of end_event (the end, end_filter) by the same
 *			thread are paired: the ns between them (the trace
 *			clock) is counted, summed and put in a bucket. A
 *			start waits in a table of max_pending entries (0:
 *			LTT_HIST_PENDING_DEFAULT), one per thread. A start
 *			that gets no end is dropped (counted in dropped)
 *			and never paired with an unrelated end: when its
 *			thread starts again (the newer start is kept),
 *			exits, or the session stops; a start that finds the
 *			table full is dropped too. An end with no start is
 *			not counted (unpaired). As end, exit_syscall
 *			(see "Triggers") ends the start's system call.
 * Buckets (buckets; LTT_HIST_NR_BUCKETS of them):
 *   LTT_HIST_BUCKETS_LOG2	bucket 0 holds 0 (and negative values), bucket
 *			i >= 1 the values in [2^(i-1), 2^i), the last one
 *			everything from 2^62 up. width: 0.
 *   LTT_HIST_BUCKETS_LINEAR	bucket i holds [i * width, (i + 1) * width)
 *			(negative values: bucket 0), the last one all from
 *			(LTT_HIST_NR_BUCKETS - 1) * width up. width >= 1.
 * Keys (key_kind; kind HIST only): LTT_HIST_KEY_NONE; LTT_HIST_KEY_FIELD,
 * an integer field of the event named key; LTT_HIST_KEY_CTX, the context
 * field key_ctx (an INT one of LTT_CONTEXT_FIELDS, not a perf counter).
 * Each distinct key gets its count and sum in a table of max_keys entries
 * (1..LTT_HIST_KEYS_MAX, chosen at add); a hit whose key is new once the
 * table is full is counted in dropped (and in count, sum and the buckets):
 * count == the keys' counts + dropped, exactly.
 *
 * Update: in the event's context, any context (NMI included): no lock, no
 * allocation, no sleep; per-CPU counts, summed on read. Memory is
 * allocated at HIST_ADD and freed at HIST_REMOVE or with the session.
 * Histograms count while the session runs (START to STOP). At most
 * LTT_MAX_HISTS per session; names as session names, unique in it.
 *
 * HIST_ADD, session fd: -EINVAL: a bad kind, name, event, field, key,
 * bucket choice, bound, a program that does not fit the event; -EEXIST:
 * the name is taken; -ENOSPC: too many; -ENOENT: a registered event that
 * cannot be attached; -EBUSY: the session is destroyed. An event no
 * probe has registered yet is accepted, and counted once it is (as
 * TRIGGER_ADD).
 * HIST_REMOVE, session fd: struct ltt_hist_name; -ENOENT: no such
 * histogram; -EBUSY: the session is destroyed, or a trigger watches it
 * (ABI 1.16, see "Triggers").
 * HIST_LIST, session fd: struct ltt_list of struct ltt_hist_entry, in the
 * order of their addition, also after STOP and DESTROY.
 * HIST_KEYS, session fd: the keys of histogram name, at most capacity
 * struct ltt_hist_key at entries (entry_size: its size), count: how many
 * it has (in no particular order); -ENOENT: no such histogram.
 * HIST_CLEAR, session fd: struct ltt_hist_name, "" for all: their counts,
 * keys and pending starts go back to zero; -ENOENT: no such histogram.
 */
#define LTT_MAX_HISTS			16
#define LTT_HIST_NR_BUCKETS		64
#define LTT_HIST_KEYS_MAX		65536
#define LTT_HIST_PENDING_DEFAULT	4096
#define LTT_HIST_PENDING_MAX		65536

/* X(ID, name, value), as the triggers' lists. Append only. */
#define LTT_HIST_KINDS(X)						\
	X(HIST, hist, 1)						\
	X(LATENCY, latency, 2)

enum ltt_hist_kind {
#define LTT_HIST_KIND_VALUE(id, name, value)	LTT_HIST_KIND_##id = value,
	LTT_HIST_KINDS(LTT_HIST_KIND_VALUE)
#undef LTT_HIST_KIND_VALUE
};

#define LTT_HIST_BUCKETS_LOG2		1
#define LTT_HIST_BUCKETS_LINEAR		2
#define LTT_HIST_KEY_NONE		0
#define LTT_HIST_KEY_FIELD		1
#define LTT_HIST_KEY_CTX		2

struct ltt_hist_args {
	char  name[LTT_NAME_LEN];
	__u32 kind;			/* enum ltt_hist_kind */
	__u32 buckets;			/* LTT_HIST_BUCKETS_* */
	__u64 width;			/* LINEAR: >= 1; LOG2: 0 */
	char  event[LTT_EVENT_NAME_LEN];	/* the event; LATENCY: the start */
	char  end_event[LTT_EVENT_NAME_LEN];	/* LATENCY: the end; else "" */
	char  value[LTT_FIELD_NAME_LEN];	/* HIST: the field, "" none;
						 * LATENCY: "" */
	char  key[LTT_FIELD_NAME_LEN];	/* KEY_FIELD: the field; else "" */
	__u32 key_kind;			/* LTT_HIST_KEY_* */
	__u32 key_ctx;			/* KEY_CTX: LTT_CONTEXT_*; else 0 */
	__u32 max_keys;			/* KEY_*: 1..LTT_HIST_KEYS_MAX; NONE: 0 */
	__u32 max_pending;		/* LATENCY: 0..LTT_HIST_PENDING_MAX;
					 * HIST: 0 */
	__u64 filter;			/* user pointer, program of event */
	__u32 filter_len;		/* 0: none */
	__u32 end_filter_len;		/* LATENCY: of end_event; 0: none */
	__u64 end_filter;		/* user pointer */
	__u64 flags;			/* none defined */
	__u64 reserved[4];
};
#define LTT_HIST_ARGS_SIZE_VER0		480

struct ltt_hist_name {
	char  name[LTT_NAME_LEN];
	__u64 reserved;
};
#define LTT_HIST_NAME_SIZE_VER0		32

struct ltt_hist_entry {
	char  name[LTT_NAME_LEN];
	__u32 kind;
	__u32 buckets;
	__u64 width;
	char  event[LTT_EVENT_NAME_LEN];
	char  end_event[LTT_EVENT_NAME_LEN];
	char  value[LTT_FIELD_NAME_LEN];
	char  key[LTT_FIELD_NAME_LEN];
	__u32 key_kind;
	__u32 key_ctx;
	__u32 max_keys;
	__u32 max_pending;
	__u64 count;			/* values counted */
	__s64 sum;			/* their sum */
	__s64 min;			/* the least, the greatest; 0 when */
	__s64 max;			/* count is 0 */
	__u64 dropped;			/* keys: new keys once full;
					 * LATENCY: starts with no end */
	__u64 pending;			/* LATENCY: starts waiting now */
	__u32 nr_keys;			/* keys in the table */
	__u32 flags;			/* LTT_TRIGGER_F_FILTER: a filter */
	__u64 bucket[LTT_HIST_NR_BUCKETS];
	char  filter[LTT_FILTER_TEXT_MAX];	/* the filter's text, or "" */
	char  end_filter[LTT_FILTER_TEXT_MAX];	/* the end's, or "" */
};

struct ltt_hist_key {
	__s64 key;
	__u64 count;
	__s64 sum;
};

struct ltt_hist_keys {
	char  name[LTT_NAME_LEN];
	__u64 entries;			/* user pointer */
	__u32 capacity;
	__u32 entry_size;		/* sizeof(struct ltt_hist_key) */
	__u32 count;			/* out */
	__u32 reserved;
};
#define LTT_HIST_KEYS_SIZE_VER0		52

/* 0x3f: the session fd's last number of its first range */
#define LTT_IOC_HIST_ADD	_IOW(LTT_IOC_MAGIC, 0x3f, struct ltt_hist_args)
#define LTT_IOC_HIST_REMOVE	_IOW(LTT_IOC_MAGIC, 0x80, struct ltt_hist_name)
#define LTT_IOC_HIST_LIST	_IOWR(LTT_IOC_MAGIC, 0x81, struct ltt_list)	/* ltt_hist_entry */
#define LTT_IOC_HIST_KEYS	_IOWR(LTT_IOC_MAGIC, 0x82, struct ltt_hist_keys)
#define LTT_IOC_HIST_CLEAR	_IOW(LTT_IOC_MAGIC, 0x83, struct ltt_hist_name)

/* ==== fd CHANNEL: channel fd, 0x40..0x48 and 0x4c..0x5f =================== */

/* STREAM_OPEN: the buffer of one possible CPU; -EINVAL past the last,
 * -EBUSY while another fd reads it. */
struct ltt_stream_args {
	__u32 cpu;
	__u32 flags;			/* none defined */
	__u64 reserved;
};
#define LTT_STREAM_ARGS_SIZE_VER0	8

/* EVENT_ENABLE/DISABLE: name is an event name or a pattern in which '*'
 * matches any run of characters ("sched_*"; "*" is every event). Rules
 * apply in order, the last matching one wins, to the events registered now
 * and to those registered later. The ioctl returns how many registered
 * events the pattern matches now (0 is not an error: the event may come
 * with a module loaded later). -ENOENT: an exact name whose event cannot
 * be attached (kernel tracepoint missing); -EBUSY: the session is
 * destroyed; -ENOSPC: more than 256 rules in the channel. */
struct ltt_event_args {
	char  name[LTT_EVENT_NAME_LEN];
	__u64 flags;			/* none defined */
	__u64 reserved;
	/*
	 * ABI 1.5, EVENT_ENABLE only: a filter program (see "Filter
	 * programs", part 3) at user address filter, filter_len bytes, 0:
	 * none. The events the rule matches are recorded only when it lets
	 * them through; an event that lacks a field it names is not
	 * recorded. -EINVAL: a program that breaks a rule, or whose types
	 * do not fit an event the pattern matches now (nothing is enabled).
	 */
	__u64 filter;
	__u32 filter_len;
	__u32 reserved2;
};
#define LTT_EVENT_ARGS_SIZE_VER0	136
#define LTT_EVENT_ARGS_SIZE_VER1	156	/* with the filter (ABI 1.5) */

/* CHANNEL_INFO: the channel's creation arguments and its state. */
struct ltt_channel_info {
	char  name[LTT_NAME_LEN];
	__u64 subbuf_size;
	__u32 num_subbuf;
	__u32 mode;
	__u32 switch_timer_us;
	__u32 read_timer_us;
	__u32 stream_id;		/* CTF stream class id */
	__u32 nr_streams;		/* possible CPUs */
	__u32 nr_events;		/* events being recorded */
	__u32 flags;			/* ABI 1.9: LTT_CHANNEL_PERSISTENT */
	__u32 reserved[4];
	/* ABI 1.7: the rest of the channel's creation arguments */
	__u64 context;
	__u64 tracefile_size;
	__u64 tracefile_count;
};
#define LTT_CHANNEL_INFO_SIZE_VER0	68
#define LTT_CHANNEL_INFO_SIZE_VER1	112

/* STREAM_STATS: counters of one stream (in: cpu, flags 0). records/lost_*:
 * since creation. */
struct ltt_stream_stats {
	__u32 cpu;
	__u32 flags;			/* none defined */
	__u64 records;			/* committed */
	__u64 lost_full;		/* discard mode: buffer full */
	__u64 lost_big;			/* record larger than a sub-buffer */
	__u64 lost_overwritten;		/* overwrite mode */
	__u64 subbufs_delivered;	/* complete, handed to the reader */
	__u64 subbufs_consumed;		/* put back by the reader */
	__u64 bytes_consumed;		/* packet bytes put back */
	__u64 lost_nesting;		/* writers nested too deep on the CPU */
	__u64 reserved[1];
	/*
	 * ABI 1.3: what the buffer measured of its load (zero from an older
	 * kernel: the caller's size tells). Measured at each sub-buffer
	 * delivery, never per record (doc/sizing.md says how lttctl uses
	 * them).
	 */
	__u64 lost_bytes;		/* bytes the lost_full records needed */
	__u64 peak_bytes_ps;		/* highest fill rate of a packet at
					 * least half full, bytes/s */
	__u64 peak_records_ps;		/* records/s of that packet */
	__u64 peak_fill_ns;		/* how long that packet took to fill */
	__u32 max_backlog;		/* most sub-buffers delivered and not
					 * yet put back, seen at a delivery */
	__u32 reserved2;
	/* ABI 1.7: given back by the consumer unwritten (DROP_NEXT_SUBBUF:
	 * disk full, write error): lost to the trace */
	__u64 dropped_packets;
	__u64 dropped_bytes;
};
#define LTT_STREAM_STATS_SIZE_VER0	72
#define LTT_STREAM_STATS_SIZE_VER1	116	/* with the load (ABI 1.3) */
#define LTT_STREAM_STATS_SIZE_VER2	136	/* with the drops (ABI 1.7) */

/*
 * EVENT_COUNTS (ABI 1.3): records committed per event of the channel,
 * over all CPUs, since the channel's binding of the event was made (a
 * per-CPU counter per event and channel, bumped after each commit). An
 * ltt_list of struct ltt_event_count, in event id order; lost records are
 * not counted. Events of a module unloaded since then are gone.
 */
struct ltt_event_count {
	char  name[LTT_EVENT_NAME_LEN];
	__u32 id;			/* CTF event id in the channel */
	__u32 reserved;
	__u64 count;
};

/*
 * Snapshots (ABI 1.4): copy what a stream's buffer holds without consuming
 * it, beside the writers and beside the stream's reader (lttd), which
 * loses nothing to a snapshot; two snapshots of a quiet buffer are alike.
 *
 * SNAPSHOT_SAMPLE (in: cpu, flags): closes the packet being written (as
 * STREAM_FLUSH does, unless LTT_SNAPSHOT_NO_FLUSH or the session is
 * stopped), then gives the packet_seq_num range [first_seq, end_seq) that
 * may be read now. -EINVAL: cpu past the last; -ENODEV: no buffer there.
 *
 * SNAPSHOT_READ (in: cpu, flags 0, seq, buf, buf_len): copies packet seq
 * (packet_size bytes, a whole CTF packet) to the user buffer buf and gives
 * its sizes. -ENOENT: the packet is not in the buffer (not closed yet,
 * overwritten before or during the copy, or taken by the stream's
 * reader): go on with the next; -EMSGSIZE: buf_len is below packet_size
 * (a sub-buffer's size always suffices); -EFAULT: bad buf.
 */
#define LTT_SNAPSHOT_NO_FLUSH		(1U << 0)

struct ltt_snapshot_sample {
	__u32 cpu;
	__u32 flags;			/* LTT_SNAPSHOT_* */
	__u64 first_seq;		/* out */
	__u64 end_seq;			/* out: excluded */
	__u64 reserved[2];
};
#define LTT_SNAPSHOT_SAMPLE_SIZE_VER0	24

struct ltt_snapshot_read {
	__u32 cpu;
	__u32 flags;			/* none defined */
	__u64 seq;			/* packet_seq_num */
	__u64 buf;			/* user pointer */
	__u64 buf_len;
	__u64 packet_size;		/* out: bytes copied */
	__u64 content_size;		/* out: bytes, header included */
	__u64 reserved[2];
};
#define LTT_SNAPSHOT_READ_SIZE_VER0	48

#define LTT_IOC_STREAM_OPEN	_IOW(LTT_IOC_MAGIC, 0x40, struct ltt_stream_args)
#define LTT_IOC_EVENT_ENABLE	_IOW(LTT_IOC_MAGIC, 0x41, struct ltt_event_args)
#define LTT_IOC_EVENT_DISABLE	_IOW(LTT_IOC_MAGIC, 0x42, struct ltt_event_args)
#define LTT_IOC_CHANNEL_INFO	_IOR(LTT_IOC_MAGIC, 0x43, struct ltt_channel_info)
#define LTT_IOC_STREAM_STATS	_IOWR(LTT_IOC_MAGIC, 0x44, struct ltt_stream_stats)
#define LTT_IOC_EVENT_COUNTS	_IOWR(LTT_IOC_MAGIC, 0x45, struct ltt_list)	/* ltt_event_count */
#define LTT_IOC_SNAPSHOT_SAMPLE	_IOWR(LTT_IOC_MAGIC, 0x46, struct ltt_snapshot_sample)
#define LTT_IOC_SNAPSHOT_READ	_IOWR(LTT_IOC_MAGIC, 0x47, struct ltt_snapshot_read)

/*
 * What a session records (ABI 1.6): its rules with their filters and its
 * trackers, as lttctl status shows them. Both are struct ltt_list
 * requests (count, then fill; see struct ltt_list), answered from a snapshot taken
 * under the session's lock, also after STOP and DESTROY.
 *
 * RULE_LIST, channel fd: the channel's EVENT_ENABLE/DISABLE rules in the
 * order they apply, one struct ltt_rule_entry each (at most 256: a rule
 * replaces an earlier one of the same name, "disable *" empties the
 * list), with the text of an enable rule's filter when its program
 * carried one (LTT_FILTER_F_TEXT).
 */
#define LTT_RULE_F_FILTER	(1U << 0)	/* the rule has a filter */

struct ltt_rule_entry {
	char  name[LTT_EVENT_NAME_LEN];	/* event name or pattern */
	__u32 enable;			/* 1: EVENT_ENABLE, 0: EVENT_DISABLE */
	__u32 flags;			/* LTT_RULE_F_* */
	char  filter[LTT_FILTER_TEXT_MAX];	/* the filter's text; "" when
					 * it has none, or no filter */
};

#define LTT_IOC_RULE_LIST	_IOWR(LTT_IOC_MAGIC, 0x48, struct ltt_list)	/* ltt_rule_entry */

/* ==== fd STREAM: stream fd, 0x60..0x7f ==================================== */

/*
 * The reader's cycle: poll for POLLIN, GET_NEXT_SUBBUF, write out
 * packet_size bytes at offset in the read-only mapping (a whole CTF
 * packet), PUT_NEXT_SUBBUF. GET: -EAGAIN when no sub-buffer is complete,
 * -ENODATA when the stream is finalized and drained (poll then gives
 * POLLHUP); while one is held, GET returns it again. PUT: -EINVAL when
 * none is held. FLUSH closes the current sub-buffer if it holds records.
 */
struct ltt_subbuf {
	__u64 offset;			/* in the mapping */
	__u64 content_size;		/* bytes, header included */
	__u64 packet_size;		/* bytes */
	__u64 seq;			/* packet_seq_num */
	__u64 reserved[2];
};
#define LTT_SUBBUF_SIZE_VER0		32

/* STREAM_INFO: what to map, and the stream's buffer. */
struct ltt_stream_info {
	__u64 mmap_len;			/* map exactly this much, offset 0 */
	__u64 subbuf_size;
	__u32 num_subbuf;
	__u32 cpu;
	__u32 stream_id;
	__u32 mode;			/* LTT_MODE_* */
	__u64 reserved[2];
};
#define LTT_STREAM_INFO_SIZE_VER0	32

#define LTT_IOC_GET_NEXT_SUBBUF	_IOR(LTT_IOC_MAGIC, 0x60, struct ltt_subbuf)
#define LTT_IOC_PUT_NEXT_SUBBUF	_IO(LTT_IOC_MAGIC, 0x61)
#define LTT_IOC_STREAM_INFO	_IOR(LTT_IOC_MAGIC, 0x62, struct ltt_stream_info)
#define LTT_IOC_STREAM_FLUSH	_IO(LTT_IOC_MAGIC, 0x63)

/*
 * ABI 1.7. STREAM_POSITION: next_seq, the packet_seq_num of the packet
 * being written, or of the next one if none is open: every packet below
 * it is closed, and after a STREAM_FLUSH (which waits for the switch on
 * the buffer's CPU) delivered; read_seq, the packet GET would give next.
 * A consumer that flushes, then reads next_seq, splits the stream there
 * with nothing lost or doubled (rotation, clear).
 * DROP_NEXT_SUBBUF: PUT the held sub-buffer without having written it,
 * counted in the stream's dropped_packets/dropped_bytes (-EINVAL: none
 * held).
 */
struct ltt_stream_position {
	__u64 next_seq;
	__u64 read_seq;
	__u64 reserved[2];
};
#define LTT_STREAM_POSITION_SIZE_VER0	16

#define LTT_IOC_STREAM_POSITION	_IOR(LTT_IOC_MAGIC, 0x64, struct ltt_stream_position)
#define LTT_IOC_DROP_NEXT_SUBBUF _IO(LTT_IOC_MAGIC, 0x65)

/* ---- 5. /dev/ltt-mark ---------------------------------------------------- */

/*
 * Userspace events: each write(2) to /dev/ltt-mark (any user) records an
 * event "ltt_user_mark" {pid, tid, msg} in every session that enabled it,
 * msg being the written bytes (one trailing newline dropped), split into
 * records of at most LTT_USER_MARK_MAX bytes.
 */
#define LTT_USER_MARK_MAX	255

#endif /* _UAPI_LTT_ABI_H */
