// SPDX-License-Identifier: GPL-2.0-only
/*
 * The recovery of a persistent region (issue 25): src/pmem-recover.c,
 * built unchanged (pmem-recover-kernel.c), reads region images this test
 * lays out as src/pmem.c does. What it reads is untrusted, so:
 *
 *   known cases	exact results: all packets complete; the open one
 *			kept or dropped (TORN, NO_END); bad headers
 *			(HEADER); duplicates and times going back (ORDER);
 *			the header's own errors (-ENODATA, -EPROTO, -EINVAL)
 *   fuzz		seeded mutations of valid images: random bytes and
 *			fields, half of them with every checksum computed
 *			again afterwards so that the mutation reaches the
 *			geometry and packet checks. Built with ASan and
 *			UBSan (make check-asan) a read outside the image
 *			fails; every success must hold the invariants of
 *			check_recovered().
 *
 * PMEM_FUZZ_SEED=N repeats a run from seed N (printed), PMEM_FUZZ_RUNS=N
 * sets the number of images.
 */
#include "pmem-shim.h"
#include <uapi/ltt/abi.h>
#include "pmem.h"
#include <ltt/pmem-layout.h>
#include "tap.h"

#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/common_interface_defs.h>
#endif

#define HLEN		sizeof(struct ltt_packet_header)
#define ENDLEN		sizeof(struct ltt_pmem_end)
#define CTF_TEXT	"/* CTF 1.8 */\ntrace { major = 1; minor = 8; };\n"
#define WHY_LEN		48	/* pmem.c's */

static const u8 test_uuid[16] = { 0x4c, 0x54, 0x54, 0x2d, 0x70, 0x6d, 0x65,
				  0x6d, 0x2d, 0x74, 0x65, 0x73, 0x74, 0x21,
				  0x00, 0x01 };
#define STREAM_ID	3

/* A region image, and where pmem_layout() put things in it. */
struct img {
	unsigned char *p;
	u64 map;			/* bytes allocated: the "mapping" */
	u64 region;			/* region_size in the header */
	u64 page, sb, meta_cap;
	u32 nr, nsb, slots;
	u64 end_off, meta_off, cpu_off, stride;
};

static struct ltt_pmem_header *hdr(struct img *im)
{
	return (void *)im->p;
}

static u32 crc(const void *p, size_t n)
{
	return crc32_le(~0U, p, n);
}

/*
 * As pmem_layout(): header, end records, metadata, then the CPU areas.
 * @meta_cap 0: pmem.c's (a sixteenth of the region, 64 KiB to 4 MiB);
 * @region 0: just big enough. The mapping is @extra bytes more.
 */
static void img_init(struct img *im, u32 nr, u64 sb, u32 nsb, u64 meta_cap,
		     u64 region, u64 extra)
{
	const u64 page = 4096;

	memset(im, 0, sizeof(*im));
	im->page = page;
	im->nr = nr;
	im->sb = sb;
	im->nsb = nsb;
	im->slots = nsb + 1;
	im->end_off = ALIGN(sizeof(struct ltt_pmem_header), 64);
	im->meta_off = ALIGN(im->end_off + nr * ENDLEN, page);
	if (!meta_cap) {
		meta_cap = ALIGN(region / 16, page);
		meta_cap = meta_cap < (64 << 10) ? (64 << 10) :
			   meta_cap > (4 << 20) ? (4 << 20) : meta_cap;
	}
	im->meta_cap = meta_cap;
	im->cpu_off = im->meta_off + meta_cap;
	im->stride = im->slots * sb;
	if (!region)
		region = im->cpu_off + nr * im->stride;
	if (im->cpu_off + nr * im->stride > region) {
		fprintf(stderr, "test bug: layout does not fit\n");
		abort();
	}
	im->region = region;
	im->map = region + extra;
	/* exactly the mapping: ASan sees a byte read past it */
	im->p = calloc(1, im->map);
	if (!im->p)
		abort();
}

static void img_free(struct img *im)
{
	free(im->p);
	im->p = NULL;
}

static void fix_header_crc(struct img *im)
{
	struct ltt_pmem_header *h = hdr(im);

	h->header_crc = cpu_to_le32(crc(h, offsetof(typeof(*h), header_crc)));
}

/* What ltt_pmem_claim() and ltt_pmem_bind() write. */
static void img_header(struct img *im)
{
	struct ltt_pmem_header *h = hdr(im);

	h->magic = cpu_to_le64(LTT_PMEM_MAGIC);
	h->version = cpu_to_le32(LTT_PMEM_VERSION);
	h->header_size = cpu_to_le32(sizeof(*h));
	h->region_size = cpu_to_le64(im->region);
	h->page_size = cpu_to_le32(im->page);
	memset(h->boot_id, 0xb0, sizeof(h->boot_id));
	h->boot_time = cpu_to_le64(1764288000000000000ULL);
	h->start_time = cpu_to_le64(100);
	memcpy(h->uuid, test_uuid, sizeof(h->uuid));
	strcpy(h->session, "crash");
	strcpy(h->channel, "chan0");
	strcpy(h->kernel, "6.1.0-test");
	h->stream_id = cpu_to_le32(STREAM_ID);
	h->nr_cpus = cpu_to_le32(im->nr);
	h->subbuf_size = cpu_to_le64(im->sb);
	h->num_subbuf = cpu_to_le32(im->nsb);
	h->nr_slots = cpu_to_le32(im->slots);
	h->cpu_off = cpu_to_le64(im->cpu_off);
	h->cpu_stride = cpu_to_le64(im->stride);
	h->meta_off = cpu_to_le64(im->meta_off);
	h->meta_cap = cpu_to_le64(im->meta_cap);
	h->end_off = cpu_to_le64(im->end_off);
	fix_header_crc(im);
	h->state = cpu_to_le32(LTT_PMEM_RECORDING);
}

static void meta_record(struct img *im, int i, u64 len)
{
	struct ltt_pmem_meta m;

	m.len = cpu_to_le64(len);
	m.text_crc = cpu_to_le32(crc(im->p + im->meta_off, len));
	m.crc = cpu_to_le32(crc(&m, offsetof(typeof(m), crc)));
	memcpy(&hdr(im)->meta[i], &m, sizeof(m));
}

/* The text, and record @i saying how long it is. */
static void img_meta(struct img *im, int i, const char *text)
{
	memcpy(im->p + im->meta_off, text, strlen(text));
	meta_record(im, i, strlen(text));
}

static struct ltt_packet_header *slot_hdr(struct img *im, u32 cpu, u32 slot)
{
	return (void *)(im->p + im->cpu_off + cpu * im->stride + slot * im->sb);
}

/* What delivery leaves: a whole packet of @content bytes, padding zeroed. */
static void img_packet(struct img *im, u32 cpu, u32 slot, u64 seq,
		       u64 content, u64 begin, u64 end, u64 lost)
{
	struct ltt_packet_header *ph = slot_hdr(im, cpu, slot);
	u64 i;

	memset(ph, 0, im->sb);
	ph->magic = LTT_PACKET_MAGIC;
	memcpy(ph->uuid, test_uuid, sizeof(ph->uuid));
	ph->stream_id = STREAM_ID;
	ph->stream_instance_id = cpu;
	ph->cpu_id = cpu;
	ph->timestamp_begin = begin;
	ph->timestamp_end = end;
	ph->packet_seq_num = seq;
	ph->events_discarded = lost;
	for (i = HLEN; i < content; i++)
		((unsigned char *)ph)[i] = (unsigned char)(i * 7 + seq);
	ph->content_size = content * 8;
	ph->packet_size = ALIGN(content, im->page) * 8;
}

/* The packet open at the crash: no closing fields (rb_packet_invalidate()). */
static void img_open(struct img *im, u32 cpu, u32 slot, u64 seq, u64 filled,
		     u64 begin, u64 lost)
{
	struct ltt_packet_header *ph;

	img_packet(im, cpu, slot, seq, filled, begin, 0, lost);
	ph = slot_hdr(im, cpu, slot);
	ph->content_size = 0;
	ph->packet_size = 0;
}

static void fix_end_crc(struct ltt_pmem_end *e)
{
	e->crc = cpu_to_le32(crc(e, offsetof(typeof(*e), crc)));
}

/* What the panic notifier writes for @cpu. */
static void img_end(struct img *im, u32 cpu, u32 reason, u32 slot, u64 seq,
		    u64 reserved, u64 committed, u64 lost, u64 time)
{
	struct ltt_pmem_end e = {
		.reason = cpu_to_le32(reason),
		.slot = cpu_to_le32(slot),
		.seq = cpu_to_le64(seq),
		.reserved_len = cpu_to_le64(reserved),
		.committed_len = cpu_to_le64(committed),
		.events_discarded = cpu_to_le64(lost),
		.time = cpu_to_le64(time),
	};

	fix_end_crc(&e);
	memcpy(im->p + im->end_off + cpu * ENDLEN, &e, sizeof(e));
}

/* Packet @seq's times and lost count, increasing with it. */
#define BEGIN(seq)	(1000 + (seq) * 1000)
#define END(seq)	(BEGIN(seq) + 900)
#define LOST(seq)	((seq) / 2)
#define CONTENT(cpu, slot)	(HLEN + 24 * (1 + (slot) + 3 * (cpu)))

/*
 * The known image: every slot of every CPU whole, seq 10 + slot, slot 0
 * taken back last (seq slots + 10): as an overwrite buffer that wrapped.
 */
static u64 std_seq(const struct img *im, u32 slot)
{
	return slot ? 10 + slot : 10 + im->slots;
}

static void img_std(struct img *im, u32 nr, u64 sb, u32 nsb)
{
	u32 cpu, slot;

	img_init(im, nr, sb, nsb, 0, 1 << 20, 0);
	img_header(im);
	img_meta(im, 0, CTF_TEXT);
	for (cpu = 0; cpu < nr; cpu++)
		for (slot = 0; slot < im->slots; slot++) {
			u64 s = std_seq(im, slot);

			img_packet(im, cpu, slot, s, CONTENT(cpu, slot),
				   BEGIN(s), END(s), LOST(s));
		}
}

/*
 * Every invariant of a successful recovery, whatever the image held:
 * NULL if they hold, else which one broke.
 */
static const char *check_recovered(struct img *im,
				   const struct ltt_pmem_recovered *rec)
{
	const struct ltt_pmem_header *h = hdr(im);
	u64 region = le64_to_cpu(h->region_size);
	u64 sb = le64_to_cpu(h->subbuf_size), stride = le64_to_cpu(h->cpu_stride);
	u64 cpu_off = le64_to_cpu(h->cpu_off), page = le32_to_cpu(h->page_size);
	u64 nr = le32_to_cpu(h->nr_cpus), slots = le32_to_cpu(h->nr_slots);
	u64 i, dropped = 0, cpus = 0;

	if (!rec)
		return "success without a result";
	if (region > im->map)
		return "region_size beyond the mapping accepted";
	if (rec->meta_off != le64_to_cpu(h->meta_off) ||
	    rec->meta_len > le64_to_cpu(h->meta_cap) ||
	    rec->meta_off > region || rec->meta_len > region - rec->meta_off ||
	    rec->meta_off + rec->meta_len > cpu_off)
		return "metadata outside its area";
	if (rec->meta_len < 13 || memcmp(im->p + rec->meta_off, "/* CTF 1.8 */", 13))
		return "metadata not CTF";
	if (rec->page_size != page || !is_power_of_2(page) || page < 4096)
		return "page size";
	if (rec->end_reason > LTT_PMEM_END_REBOOT)
		return "end reason";
	for (i = 0; i < LTT_PMEM_DROP_NR; i++)
		dropped += rec->dropped[i];
	if (rec->nr_packets > nr * slots || dropped > nr * slots - rec->nr_packets)
		return "more packets than slots";
	for (i = 0; i < rec->nr_packets; i++) {
		const struct ltt_pmem_packet *p = &rec->packets[i];
		const struct ltt_pmem_packet *q = i ? &rec->packets[i - 1] : NULL;
		u64 area = cpu_off + p->cpu * stride;
		const struct ltt_packet_header *ph;

		if (p->cpu >= nr)
			return "cpu beyond nr_cpus";
		if (p->offset < area || (p->offset - area) % sb ||
		    (p->offset - area) / sb >= slots)
			return "packet not at a slot of its CPU";
		if (p->content < HLEN || p->content > sb)
			return "content size out of [header, subbuf]";
		if (p->offset + p->content > area + stride ||
		    p->offset + p->content > region ||
		    p->offset + ALIGN(p->content, page) > area + stride)
			return "packet outside its CPU's area";
		ph = (const void *)(im->p + p->offset);
		if (ph->magic != LTT_PACKET_MAGIC ||
		    memcmp(ph->uuid, h->uuid, 16) ||
		    ph->stream_id != le32_to_cpu(h->stream_id) ||
		    ph->cpu_id != p->cpu || ph->stream_instance_id != p->cpu ||
		    ph->packet_seq_num != p->seq)
			return "kept a packet whose header is not ours";
		if (p->open ? ph->content_size != 0 :
		    ph->content_size != p->content * 8 ||
		    ph->packet_size != ALIGN(p->content, page) * 8)
			return "sizes differ from the packet header";
		if (p->timestamp_end < ph->timestamp_begin)
			return "ends before it begins";
		if (!q || q->cpu != p->cpu) {
			cpus++;
			if (q && q->cpu > p->cpu)
				return "not sorted by cpu";
			continue;
		}
		if (q->seq >= p->seq)
			return "seq not increasing (sorted, no duplicate)";
		if (ph->timestamp_begin < q->timestamp_end ||
		    p->events_discarded < q->events_discarded)
			return "times or lost count go back";
	}
	if (cpus != rec->nr_cpus)
		return "nr_cpus is not the CPUs with packets";
	return NULL;
}

static struct ltt_pmem_recovered *rec;
static char why[WHY_LEN];
/* diag() lines left for broken invariants: a broken check breaks
 * thousands of fuzz runs, the first few say enough */
static int diag_budget = 20;

/* Recover @im as mapped (all of it); on success the invariants must hold. */
static int recover(struct img *im, u64 size)
{
	const char *bad;
	int ret;

	kvfree(rec);
	rec = NULL;
	memset(why, 'x', sizeof(why));
	ret = ltt_pmem_recover(im->p, size, &rec, why, sizeof(why));
	if (!memchr(why, 0, sizeof(why)) && diag_budget-- > 0)
		diag("why not terminated");
	if (ret) {
		if (rec && diag_budget-- > 0)
			diag("error %d with a result", ret);
		return rec || !memchr(why, 0, sizeof(why)) ? -1000 : ret;
	}
	bad = check_recovered(im, rec);
	if (bad) {
		if (diag_budget-- > 0)
			diag("invariant broken: %s", bad);
		return -1001;
	}
	return 0;
}

static bool drops(u64 torn, u64 no_end, u64 header, u64 order)
{
	bool same = rec->dropped[LTT_PMEM_DROP_TORN] == torn &&
		    rec->dropped[LTT_PMEM_DROP_NO_END] == no_end &&
		    rec->dropped[LTT_PMEM_DROP_HEADER] == header &&
		    rec->dropped[LTT_PMEM_DROP_ORDER] == order;

	if (!same)
		diag("dropped torn %llu no_end %llu header %llu order %llu",
		     rec->dropped[0], rec->dropped[1], rec->dropped[2],
		     rec->dropped[3]);
	return same;
}

/* The kept packets of @cpu have exactly the sequence numbers @seqs. */
static bool cpu_seqs(u32 cpu, const u64 *seqs, u32 n)
{
	u32 i, k = 0;

	for (i = 0; i < rec->nr_packets; i++) {
		if (rec->packets[i].cpu != cpu)
			continue;
		if (k >= n || rec->packets[i].seq != seqs[k])
			return false;
		k++;
	}
	return k == n;
}

static void test_crc(void)
{
	/* the CRC-32 check value, before its final xor */
	ok(crc32_le(~0U, "123456789", 9) == ~0xCBF43926U,
	   "crc32_le(~0, \"123456789\") is the kernel's (0x340bc6d9)");
}

static void test_complete(void)
{
	struct img im;
	u64 seqs[] = { 11, 12, 13, 14, 15 };
	u32 i;
	bool fields = true;

	img_std(&im, 2, 8192, 4);
	ok(recover(&im, im.map) == 0, "complete: recovered");
	ok(rec->nr_packets == 10 && rec->nr_cpus == 2 && drops(0, 0, 0, 0),
	   "complete: 10 packets on 2 CPUs, none dropped");
	ok(cpu_seqs(0, seqs, 5) && cpu_seqs(1, seqs, 5),
	   "complete: each CPU seq 11..15, sorted (slot 0 last)");
	ok(rec->meta_off == im.meta_off && rec->meta_len == strlen(CTF_TEXT) &&
	   rec->page_size == 4096 && rec->end_reason == 0 && rec->end_time == 0,
	   "complete: metadata where and as long as written, no end record");
	for (i = 0; i < rec->nr_packets; i++) {
		const struct ltt_pmem_packet *p = &rec->packets[i];
		u32 slot = p->seq == 15 ? 0 : p->seq - 10;

		fields &= !p->open && p->timestamp_end == END(p->seq) &&
			  p->events_discarded == LOST(p->seq) &&
			  p->content == CONTENT(p->cpu, slot) &&
			  p->offset == im.cpu_off + p->cpu * im.stride +
				       slot * im.sb;
	}
	ok(fields, "complete: every packet's offset, content, end, lost count");
	img_free(&im);

	/* pmem.c's smallest geometry: one page sub-buffers, two of them */
	img_std(&im, 1, 4096, 2);
	ok(recover(&im, im.map) == 0 && rec->nr_packets == 3 &&
	   drops(0, 0, 0, 0), "complete: 1 CPU, 3 slots of a page");
	img_free(&im);
}

static void test_open(void)
{
	const u64 filled = HLEN + 200;
	struct img im;
	const struct ltt_pmem_packet *p;
	u64 seqs[] = { 11, 12, 13, 14, 15 }, four[] = { 11, 12, 13, 14 };

	/* CPU 1's newest packet (slot 0, seq 15) open; the panic saw it whole */
	img_std(&im, 2, 8192, 4);
	img_open(&im, 1, 0, 15, filled, BEGIN(15), LOST(15));
	img_end(&im, 1, LTT_PMEM_END_PANIC, 0, 15, filled, filled, 7, 99999);
	ok(recover(&im, im.map) == 0 && rec->nr_packets == 10 &&
	   drops(0, 0, 0, 0) && cpu_seqs(1, seqs, 5),
	   "open, reserved == committed: kept");
	p = &rec->packets[9];	/* CPU 1: 11 ... 15 */
	ok(p->cpu == 1 && p->seq == 15 && p->open && p->content == filled &&
	   p->timestamp_end == 99999 && p->events_discarded == 7,
	   "open: cut at the end record's length, its time and lost count");
	ok(rec->end_reason == LTT_PMEM_END_PANIC && rec->end_time == 99999,
	   "open: end reason panic, its time");

	/* a record reserved and not committed: torn */
	img_end(&im, 1, LTT_PMEM_END_PANIC, 0, 15, filled + 32, filled, 7, 99999);
	ok(recover(&im, im.map) == 0 && rec->nr_packets == 9 &&
	   drops(1, 0, 0, 0) && cpu_seqs(1, four, 4) && cpu_seqs(0, seqs, 5),
	   "open, reserved != committed: dropped TORN");

	/* the end record names another slot, or another seq */
	img_end(&im, 1, LTT_PMEM_END_REBOOT, 2, 15, filled, filled, 7, 99999);
	ok(recover(&im, im.map) == 0 && rec->nr_packets == 9 &&
	   drops(1, 0, 0, 0), "open, end record of another slot: TORN");
	img_end(&im, 1, LTT_PMEM_END_REBOOT, 0, 14, filled, filled, 7, 99999);
	ok(recover(&im, im.map) == 0 && drops(1, 0, 0, 0),
	   "open, end record of another seq: TORN");
	img_end(&im, 1, LTT_PMEM_END_REBOOT, 0, 15, HLEN - 8, HLEN - 8, 7, 99999);
	ok(recover(&im, im.map) == 0 && drops(1, 0, 0, 0),
	   "open, shorter than its header: TORN");
	img_end(&im, 1, LTT_PMEM_END_REBOOT, 0, 15, 8192 + 8, 8192 + 8, 7, 99999);
	ok(recover(&im, im.map) == 0 && drops(1, 0, 0, 0),
	   "open, longer than a sub-buffer: TORN");

	/* its end before its begin */
	img_end(&im, 1, LTT_PMEM_END_REBOOT, 0, 15, filled, filled, 7, 5);
	ok(recover(&im, im.map) == 0 && drops(0, 0, 0, 1),
	   "open, end record older than the packet: ORDER");

	/* no end record: zeroes, a bad crc, an unknown reason */
	memset(im.p + im.end_off + ENDLEN, 0, ENDLEN);
	ok(recover(&im, im.map) == 0 && rec->nr_packets == 9 &&
	   drops(0, 1, 0, 0) && rec->end_reason == 0,
	   "open, no end record: dropped NO_END");
	img_end(&im, 1, LTT_PMEM_END_PANIC, 0, 15, filled, filled, 7, 99999);
	im.p[im.end_off + ENDLEN + 8] ^= 1;
	ok(recover(&im, im.map) == 0 && drops(0, 1, 0, 0),
	   "open, end record crc wrong: NO_END");
	img_end(&im, 1, 3, 0, 15, filled, filled, 7, 99999);
	ok(recover(&im, im.map) == 0 && drops(0, 1, 0, 0),
	   "open, end record reason 3: NO_END");
	img_free(&im);
}

/* One complete packet of CPU 0 slot 2 (seq 12) changed by @what. */
static void header_case(const char *name, int what)
{
	struct img im;
	struct ltt_packet_header *ph;
	u64 four[] = { 11, 13, 14, 15 };

	img_std(&im, 2, 8192, 4);
	ph = slot_hdr(&im, 0, 2);
	switch (what) {
	case 0:
		ph->content_size += 4;
		break;
	case 1:
		ph->content_size = (HLEN - 8) * 8;
		ph->packet_size = 4096 * 8;
		break;
	case 2:
		ph->content_size = (8192 + 8) * 8;
		ph->packet_size = 3 * 4096 * 8;
		break;
	case 3:
		ph->packet_size += 4096 * 8;
		break;
	case 4:
		ph->packet_size = ph->content_size;
		break;
	case 5:
		ph->timestamp_end = ph->timestamp_begin - 1;
		break;
	case 6:
		ph->stream_id++;
		break;
	case 7:
		ph->cpu_id = 1;
		break;
	case 8:
		ph->stream_instance_id = 1;
		break;
	}
	ok(recover(&im, im.map) == 0 && rec->nr_packets == 9 &&
	   drops(0, 0, 1, 0) && cpu_seqs(0, four, 4), "HEADER: %s", name);
	img_free(&im);
}

static void test_header(void)
{
	struct img im;

	header_case("content_size not in bytes", 0);
	header_case("content shorter than the packet header", 1);
	header_case("content longer than the sub-buffer", 2);
	header_case("packet_size one page too big", 3);
	header_case("packet_size not rounded to the page", 4);
	header_case("timestamp_end before timestamp_begin", 5);
	header_case("another stream id", 6);
	header_case("cpu_id of another CPU", 7);
	header_case("stream_instance_id of another CPU", 8);

	/* not ours at all: not counted */
	img_std(&im, 2, 8192, 4);
	slot_hdr(&im, 0, 1)->magic ^= 1;
	slot_hdr(&im, 1, 1)->uuid[15] ^= 1;
	memset(slot_hdr(&im, 1, 2), 0, im.sb);
	ok(recover(&im, im.map) == 0 && rec->nr_packets == 7 &&
	   drops(0, 0, 0, 0), "other magic, uuid, zeroes: left out, uncounted");
	img_free(&im);
}

static void test_order(void)
{
	struct img im;
	u64 s0[] = { 11, 12, 15 }, s1[] = { 11, 12, 13, 15 }, s2[] = { 11, 13, 14, 15 };

	/* slots 3 and 4 of CPU 0 both say seq 13: neither is kept */
	img_std(&im, 2, 8192, 4);
	img_packet(&im, 0, 4, 13, HLEN + 8, BEGIN(13), END(13), LOST(13));
	ok(recover(&im, im.map) == 0 && rec->nr_packets == 8 &&
	   drops(0, 0, 0, 2) && cpu_seqs(0, s0, 3),
	   "ORDER: a duplicate seq drops both");
	img_free(&im);

	/* CPU 1's seq 14 begins before seq 13 ends */
	img_std(&im, 2, 8192, 4);
	img_packet(&im, 1, 4, 14, HLEN + 8, END(13) - 1, END(14), LOST(14));
	ok(recover(&im, im.map) == 0 && rec->nr_packets == 9 &&
	   drops(0, 0, 0, 1) && cpu_seqs(1, s1, 4),
	   "ORDER: time going back");
	img_free(&im);

	/* CPU 1's seq 12 lost fewer events than seq 11 */
	img_std(&im, 2, 8192, 4);
	img_packet(&im, 1, 2, 12, HLEN + 8, BEGIN(12), END(12), LOST(11) - 1);
	ok(recover(&im, im.map) == 0 && rec->nr_packets == 9 &&
	   drops(0, 0, 0, 1) && cpu_seqs(1, s2, 4),
	   "ORDER: lost count going back");
	img_free(&im);
}

static void test_region(void)
{
	struct img im;
	struct ltt_pmem_header *h;

	img_std(&im, 2, 8192, 4);
	h = hdr(&im);
	memset(h, 0, sizeof(*h));
	ok(recover(&im, im.map) == -ENODATA && !why[0],
	   "zeroed header: -ENODATA, no reason");
	img_free(&im);

	img_std(&im, 2, 8192, 4);
	h = hdr(&im);
	h->state = cpu_to_le32(LTT_PMEM_FREE);
	ok(recover(&im, im.map) == -ENODATA, "state FREE: -ENODATA");

	h->state = cpu_to_le32(LTT_PMEM_RECORDING);
	h->version = cpu_to_le32(99);
	fix_header_crc(&im);
	ok(recover(&im, im.map) == -EPROTO &&
	   !strcmp(why, "layout version 99, this ltt reads 1"),
	   "version 99: -EPROTO (%s)", why);

	h->version = cpu_to_le32(LTT_PMEM_VERSION);
	fix_header_crc(&im);
	h->boot_time ^= 1;
	ok(recover(&im, im.map) == -EINVAL &&
	   !strcmp(why, "header checksum or size wrong"), "bad crc: -EINVAL");
	h->boot_time ^= 1;
	ok(recover(&im, im.map) == 0, "crc right again: recovered");

	h->magic ^= cpu_to_le64(1ULL << 60);
	ok(recover(&im, im.map) == -EINVAL && !strncmp(why, "no ltt header", 13),
	   "other magic: -EINVAL (%s)", why);
	h->magic ^= cpu_to_le64(1ULL << 60);

	ok(recover(&im, im.map - 4096) == -EPROTO &&
	   !strcmp(why, "written for 1 MiB, region has 0 MiB"),
	   "region_size bigger than the mapping: -EPROTO (%s)", why);
	ok(recover(&im, sizeof(*h) - 1) == -EINVAL,
	   "mapping smaller than a header: -EINVAL");

	memset(h->session, 'x', sizeof(h->session));
	fix_header_crc(&im);
	ok(recover(&im, im.map) == -EINVAL, "session name not terminated: -EINVAL");
	img_free(&im);
}

/* A geometry field of a valid image set to @v (crc right): -EINVAL. */
static void geometry_case(const char *name, size_t off, u32 bytes, u64 v)
{
	struct img im;

	img_std(&im, 2, 8192, 4);
	if (bytes == 4) {
		__le32 x = cpu_to_le32(v);

		memcpy(im.p + off, &x, 4);
	} else {
		__le64 x = cpu_to_le64(v);

		memcpy(im.p + off, &x, 8);
	}
	fix_header_crc(&im);
	ok(recover(&im, im.map) == -EINVAL, "geometry: %s: -EINVAL (%s)", name, why);
	img_free(&im);
}

#define HOFF(f)	offsetof(struct ltt_pmem_header, f)

static void test_geometry(void)
{
	struct img im;

	geometry_case("nr_cpus 0", HOFF(nr_cpus), 4, 0);
	geometry_case("nr_cpus 64: areas past the region", HOFF(nr_cpus), 4, 64);
	geometry_case("nr_slots not num_subbuf + 1", HOFF(nr_slots), 4, 4);
	geometry_case("num_subbuf 3", HOFF(num_subbuf), 4, 3);
	geometry_case("subbuf_size below the page", HOFF(subbuf_size), 8, 2048);
	geometry_case("subbuf_size not a power of 2", HOFF(subbuf_size), 8, 12288);
	geometry_case("page_size 1000", HOFF(page_size), 4, 1000);
	geometry_case("cpu_stride below the slots", HOFF(cpu_stride), 8, 4 * 8192);
	geometry_case("cpu_off not page aligned", HOFF(cpu_off), 8, 4096 * 17 + 8);
	geometry_case("cpu_off past the region", HOFF(cpu_off), 8, 1ULL << 40);
	geometry_case("cpu_off wrapping", HOFF(cpu_off), 8, -4096ULL);
	geometry_case("meta_off inside the end records", HOFF(meta_off), 8, 0);
	geometry_case("meta_cap over the CPU areas", HOFF(meta_cap), 8, 65536 + 4096);
	geometry_case("end_off inside the header", HOFF(end_off), 8, 8);
	geometry_case("end_off wrapping", HOFF(end_off), 8, -8ULL);

	/* metadata: the newer whole record wins; none whole: -EINVAL */
	img_std(&im, 2, 8192, 4);
	meta_record(&im, 1, 20);
	ok(recover(&im, im.map) == 0 && rec->meta_len == strlen(CTF_TEXT),
	   "metadata: the longer of two records");
	hdr(&im)->meta[0].crc ^= 1;
	ok(recover(&im, im.map) == 0 && rec->meta_len == 20,
	   "metadata: record 0 torn, record 1 used");
	im.p[im.meta_off + 15] ^= 1;
	ok(recover(&im, im.map) == -EINVAL, "metadata: text changed: -EINVAL");
	im.p[im.meta_off + 15] ^= 1;
	im.p[im.meta_off + 3] = 'X';
	meta_record(&im, 1, 20);
	ok(recover(&im, im.map) == -EINVAL && !strcmp(why, "metadata not CTF 1.8 text"),
	   "metadata: not CTF text: -EINVAL");
	im.p[im.meta_off + 3] = 'C';
	meta_record(&im, 1, im.meta_cap + 1);
	ok(recover(&im, im.map) == -EINVAL, "metadata: longer than its area: -EINVAL");
	img_free(&im);
}

/* --- the fuzzer --- */

static u64 rs;

/* xorshift64*: the same seed, the same run */
static u64 rnd(void)
{
	rs ^= rs >> 12;
	rs ^= rs << 25;
	rs ^= rs >> 27;
	return rs * 2685821657736338717ULL;
}

static u64 below(u64 n)
{
	return n ? rnd() % n : 0;
}

/* A value a check may get wrong, near @old, the geometry or the limits. */
static u64 interesting(const struct img *im, u64 old)
{
	static const u64 fixed[] = {
		0, 1, 2, 3, 7, 8, 12, 13, 87, 88, 89, 4095, 4096, 4097, 8192,
		65536, 65537, 1 << 20, 0x7fffffff, 0x80000000, 0xffffffff,
		1ULL << 32, (1ULL << 32) + 1, 1ULL << 63, -1ULL, -4096ULL,
		LTT_PMEM_MAX_CPUS, LTT_PMEM_MAX_CPUS + 1,
	};

	switch (below(8)) {
	case 0: return old + 1;
	case 1: return old - 1;
	case 2: return old * 2;
	case 3: return old / 2;
	case 4: return old + (below(2) ? im->page : im->sb) * (1 + below(4));
	case 5: return old ^ (1ULL << below(64));
	case 6: return rnd();
	default: return fixed[below(sizeof(fixed) / sizeof(fixed[0]))];
	}
}

/* Set the @bytes-byte little-endian field at @off (if in the image). */
static void poke(struct img *im, u64 off, u32 bytes, u64 v)
{
	__le64 x = cpu_to_le64(v);

	if (off <= im->map && bytes <= im->map - off)
		memcpy(im->p + off, &x, bytes);
}

static u64 peek(const struct img *im, u64 off, u32 bytes)
{
	__le64 x = 0;

	if (off <= im->map && bytes <= im->map - off)
		memcpy(&x, im->p + off, bytes);
	return le64_to_cpu(x);
}

struct field {
	size_t off;
	u32 bytes;
};

#define F(s, f)	{ offsetof(s, f), sizeof(((s *)0)->f) }
static const struct field hfields[] = {
	F(struct ltt_pmem_header, magic), F(struct ltt_pmem_header, version),
	F(struct ltt_pmem_header, header_size),
	F(struct ltt_pmem_header, region_size),
	F(struct ltt_pmem_header, page_size),
	F(struct ltt_pmem_header, stream_id), F(struct ltt_pmem_header, nr_cpus),
	F(struct ltt_pmem_header, subbuf_size),
	F(struct ltt_pmem_header, num_subbuf),
	F(struct ltt_pmem_header, nr_slots), F(struct ltt_pmem_header, cpu_off),
	F(struct ltt_pmem_header, cpu_stride),
	F(struct ltt_pmem_header, meta_off), F(struct ltt_pmem_header, meta_cap),
	F(struct ltt_pmem_header, end_off), F(struct ltt_pmem_header, state),
	F(struct ltt_pmem_header, meta[0].len),
	F(struct ltt_pmem_header, meta[1].len),
};
static const struct field pfields[] = {
	F(struct ltt_packet_header, magic),
	F(struct ltt_packet_header, stream_id),
	F(struct ltt_packet_header, stream_instance_id),
	F(struct ltt_packet_header, timestamp_begin),
	F(struct ltt_packet_header, timestamp_end),
	F(struct ltt_packet_header, content_size),
	F(struct ltt_packet_header, packet_size),
	F(struct ltt_packet_header, packet_seq_num),
	F(struct ltt_packet_header, events_discarded),
	F(struct ltt_packet_header, cpu_id),
};
static const struct field efields[] = {
	F(struct ltt_pmem_end, reason), F(struct ltt_pmem_end, slot),
	F(struct ltt_pmem_end, seq), F(struct ltt_pmem_end, reserved_len),
	F(struct ltt_pmem_end, committed_len),
	F(struct ltt_pmem_end, events_discarded), F(struct ltt_pmem_end, time),
};
#define NF(a)	(sizeof(a) / sizeof((a)[0]))

/*
 * A valid image of random geometry: each slot whole, open, foreign or
 * empty, seqs mostly in order; end records of panic, reboot or none.
 */
static void fuzz_image(struct img *im)
{
	static const u64 sbs[] = { 4096, 8192, 16384 };
	u32 nr = 1 + below(3), nsb = below(2) ? 2 : 4, cpu, slot;
	u64 sb = sbs[below(3)];

	img_init(im, nr, sb, nsb, 4096 * (1 + below(2)), 0, 4096 * below(3));
	img_header(im);
	img_meta(im, 0, CTF_TEXT);
	if (below(2))
		img_meta(im, 1, "/* CTF 1.8 */\n");
	for (cpu = 0; cpu < nr; cpu++) {
		u32 open = below(im->slots + 1);	/* slots: none open */
		u64 seq = below(4) ? 5 : rnd();

		for (slot = 0; slot < im->slots; slot++, seq += below(8) ? 1 : 2) {
			u64 content = HLEN + below(sb - HLEN + 1);

			switch (below(8)) {
			case 0:
				continue;	/* never used */
			case 1:
				img_packet(im, cpu, slot, seq, content,
					   BEGIN(seq), END(seq), LOST(seq));
				slot_hdr(im, cpu, slot)->uuid[0] ^= 0xff;
				continue;
			}
			if (slot != open) {
				img_packet(im, cpu, slot, seq, content,
					   BEGIN(seq), END(seq), LOST(seq));
				continue;
			}
			img_open(im, cpu, slot, seq, content, BEGIN(seq), LOST(seq));
			if (below(4))
				img_end(im, cpu, 1 + below(2), slot, seq, content,
					below(4) ? content : content + 8,
					LOST(seq) + 1, END(seq) + 5);
		}
	}
}

/* Make every checksum right again: the next checks see the mutation. */
static void fix_crcs(struct img *im)
{
	struct ltt_pmem_header *h = hdr(im);
	u64 end_off = le64_to_cpu(h->end_off), meta_off = le64_to_cpu(h->meta_off);
	u64 nr = le32_to_cpu(h->nr_cpus), cpu;
	int i;

	for (cpu = 0; cpu < nr && cpu < LTT_PMEM_MAX_CPUS; cpu++) {
		struct ltt_pmem_end e;
		u64 off = end_off + cpu * ENDLEN;

		if (end_off > im->map || off > im->map - ENDLEN)
			break;
		memcpy(&e, im->p + off, sizeof(e));
		fix_end_crc(&e);
		memcpy(im->p + off, &e, sizeof(e));
	}
	for (i = 0; i < 2; i++) {
		struct ltt_pmem_meta m;
		u64 len;

		memcpy(&m, &h->meta[i], sizeof(m));
		len = le64_to_cpu(m.len);
		if (meta_off <= im->map && len <= im->map - meta_off)
			m.text_crc = cpu_to_le32(crc(im->p + meta_off, len));
		m.crc = cpu_to_le32(crc(&m, offsetof(typeof(m), crc)));
		memcpy(&h->meta[i], &m, sizeof(m));
	}
	fix_header_crc(im);
}

static void mutate(struct img *im)
{
	const struct field *f;
	u64 off, n, i;

	switch (below(9)) {
	case 0:		/* a byte, anywhere */
		im->p[below(im->map)] ^= 1 << below(8);
		break;
	case 1:		/* a byte of the header, end records or metadata */
		im->p[below(im->cpu_off)] = rnd();
		break;
	case 2:
	case 3:		/* a header field */
		f = &hfields[below(NF(hfields))];
		poke(im, f->off, f->bytes, interesting(im, peek(im, f->off, f->bytes)));
		break;
	case 4:		/* a packet header field */
		f = &pfields[below(NF(pfields))];
		off = im->cpu_off + below(im->nr) * im->stride +
		      below(im->slots) * im->sb + f->off;
		poke(im, off, f->bytes, interesting(im, peek(im, off, f->bytes)));
		break;
	case 5:		/* an end record field */
		f = &efields[below(NF(efields))];
		off = im->end_off + below(im->nr) * ENDLEN + f->off;
		poke(im, off, f->bytes, interesting(im, peek(im, off, f->bytes)));
		break;
	case 6:		/* a run of random bytes */
		off = below(im->map);
		n = 1 + below(64);
		for (i = 0; i < n && off + i < im->map; i++)
			im->p[off + i] = rnd();
		break;
	case 7:		/* the geometry changed together, as no one field can */
		switch (below(3)) {
		case 0:
			n = 1ULL << below(6);
			poke(im, HOFF(num_subbuf), 4, n);
			poke(im, HOFF(nr_slots), 4, n + 1);
			break;
		case 1:	/* a page-aligned region_size below the mapping */
			poke(im, HOFF(region_size), 8,
			     below(im->map / im->page + 1) * im->page);
			break;
		default:
			n = le32_to_cpu(hdr(im)->nr_cpus) + below(3) - 1;
			poke(im, HOFF(nr_cpus), 4, n);
			poke(im, HOFF(cpu_stride), 8, below(2) ? im->stride / 2 :
			     (im->map - im->cpu_off) / (n ? n : 1));
			break;
		}
		break;
	default:	/* a slot's header copied over another's */
		memmove(slot_hdr(im, below(im->nr), below(im->slots)),
		       slot_hdr(im, below(im->nr), below(im->slots)), HLEN);
		break;
	}
}

enum { OUT_OK, OUT_PACKETS, OUT_OPEN, OUT_ENODATA, OUT_EINVAL, OUT_EPROTO,
       OUT_FIXED_OK, OUT_GEOMETRY_OK, OUT_NR };
static const char *const out_name[OUT_NR] = {
	"recovered", "recovered packets", "recovered an open packet",
	"-ENODATA", "-EINVAL", "-EPROTO", "recovered after a fixed-crc mutation",
	"recovered with a geometry other than the one written",
};

/* The header's geometry is not the one the image was written with. */
static bool geometry_moved(struct img *im)
{
	const struct ltt_pmem_header *h = hdr(im);

	return le64_to_cpu(h->subbuf_size) != im->sb ||
	       le32_to_cpu(h->nr_slots) != im->slots ||
	       le32_to_cpu(h->nr_cpus) != im->nr ||
	       le64_to_cpu(h->cpu_stride) != im->stride ||
	       le64_to_cpu(h->cpu_off) != im->cpu_off ||
	       le64_to_cpu(h->region_size) != im->region;
}

static u64 fuzz_seed;
static bool fuzzing;

/* ASan or UBSan stops the test: say at which image. */
static void on_death(void)
{
	if (fuzzing)
		printf("# died at seed %llu: PMEM_FUZZ_SEED=%llu PMEM_FUZZ_RUNS=1 repeats it\n",
		       fuzz_seed, fuzz_seed);
	fflush(stdout);
}

/*
 * The recovery is single-threaded: under ThreadSanitizer the fuzz finds
 * nothing plain and ASan builds do not, at ten times their cost (52 s of
 * make check's 30 minutes), so that build runs a twentieth of the seeds.
 */
#if defined(__SANITIZE_THREAD__)
#define FUZZ_RUNS	1000
#else
#define FUZZ_RUNS	20000
#endif

static void test_fuzz(void)
{
	const char *e = getenv("PMEM_FUZZ_SEED");
	u64 base = e ? strtoull(e, NULL, 0) : 20261128, seed;
	u64 runs = FUZZ_RUNS, i, outcome[OUT_NR] = { 0 };
	u64 drop[LTT_PMEM_DROP_NR] = { 0 };
	u64 failed = 0, other = 0;
	int k;

	e = getenv("PMEM_FUZZ_RUNS");
	if (e)
		runs = strtoull(e, NULL, 0);
	diag("fuzz: seeds %llu to %llu (PMEM_FUZZ_SEED=%llu PMEM_FUZZ_RUNS=%llu to repeat)",
	     base, base + runs - 1, base, runs);
	for (i = 0; i < runs; i++) {
		struct img im;
		bool fixed = false;
		int ret, n;

		seed = base + i;
		fuzz_seed = seed;
		fuzzing = true;
		rs = seed * 0x9e3779b97f4a7c15ULL + 1;
		fuzz_image(&im);
		for (n = 1 + below(6); n; n--)
			mutate(&im);
		if (below(2)) {
			fix_crcs(&im);
			fixed = true;
		}
		ret = recover(&im, im.map);
		if (ret == 0) {
			outcome[OUT_OK]++;
			outcome[OUT_PACKETS] += rec->nr_packets > 0;
			outcome[OUT_FIXED_OK] += fixed;
			outcome[OUT_GEOMETRY_OK] += geometry_moved(&im);
			for (k = 0; k < LTT_PMEM_DROP_NR; k++)
				drop[k] += rec->dropped[k] > 0;
			for (n = 0; n < (int)rec->nr_packets; n++)
				if (rec->packets[n].open) {
					outcome[OUT_OPEN]++;
					break;
				}
		} else if (ret == -ENODATA) {
			outcome[OUT_ENODATA]++;
		} else if (ret == -EINVAL && why[0]) {
			outcome[OUT_EINVAL]++;
		} else if (ret == -EPROTO && why[0]) {
			outcome[OUT_EPROTO]++;
		} else {
			other++;
			if (ret > -1000)
				diag("seed %llu: returned %d (%s)", seed, ret, why);
		}
		if (ret && ret != -ENODATA && ret != -EINVAL && ret != -EPROTO) {
			if (failed++ < 5)
				diag("seed %llu: failed (PMEM_FUZZ_SEED=%llu PMEM_FUZZ_RUNS=1)",
				     seed, seed);
		}
		img_free(&im);
	}
	fuzzing = false;
	ok(!failed && !other, "fuzz: %llu images, every result an expected error or holding every invariant (%llu failed)",
	   runs, failed);
	for (k = 0; k < OUT_NR; k++)
		ok(runs < 2000 || outcome[k] > 0, "fuzz reached: %s (%llu times)",
		   out_name[k], outcome[k]);
	for (k = 0; k < LTT_PMEM_DROP_NR; k++)
		ok(runs < 2000 || drop[k] > 0, "fuzz reached: a recovery dropping for reason %d (%llu times)",
		   k, drop[k]);
}

int main(void)
{
#ifdef __SANITIZE_ADDRESS__
	__sanitizer_set_death_callback(on_death);
#else
	(void)on_death;
#endif
	test_crc();
	test_complete();
	test_open();
	test_header();
	test_order();
	test_region();
	test_geometry();
	test_fuzz();
	kvfree(rec);
	done_testing();
	return exit_status();
}
