// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reading a region a previous boot left (pmem-layout.h): everything in it
 * is untrusted. A cold boot leaves random bytes, another ltt another
 * layout, a crash a packet half written. Every offset and size is checked
 * against the region before use, in 64-bit arithmetic that cannot wrap;
 * nothing is trusted because one field looked right.
 *
 * The header must be whole (magic, version, size, crc32) and its geometry
 * possible; the metadata whole (one of its two length records and the
 * crc32 of the text). Then, per CPU, each slot holds:
 *   - a complete packet: its header has a content size (delivery writes
 *     it last) and says the right trace, stream, CPU, sizes and times;
 *   - the packet that was open: no content size, and the CPU's end record
 *     names it; kept if every byte reserved in it was committed (no record
 *     was half written when the machine stopped), cut at that length;
 *   - anything else: a packet whose slot a writer had taken back, a record
 *     half written, or a slot never used: left out, counted if it looked
 *     like one of ours.
 * The kept packets of a CPU must have distinct sequence numbers, and
 * times and lost counts that do not go back; a packet that breaks the
 * order is left out.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <uapi/ltt/abi.h>
#include "pmem.h"
#include "pmem-layout.h"

#define why(...)	snprintf(buf, len, __VA_ARGS__)

static bool names_ok(const struct ltt_pmem_header *h)
{
	return strnlen(h->session, sizeof(h->session)) < sizeof(h->session) &&
	       strnlen(h->channel, sizeof(h->channel)) < sizeof(h->channel) &&
	       strnlen(h->kernel, sizeof(h->kernel)) < sizeof(h->kernel);
}

/* @off + @n bytes lie in [@lo, @hi) */
static bool in(u64 off, u64 n, u64 lo, u64 hi)
{
	return off >= lo && off <= hi && n <= hi - off;
}

static int check_header(const struct ltt_pmem_header *h, u64 size,
			char *buf, size_t len)
{
	u64 sb = le64_to_cpu(h->subbuf_size), page = le32_to_cpu(h->page_size);
	u64 nr = le32_to_cpu(h->nr_cpus), slots = le32_to_cpu(h->nr_slots);
	u64 nsb = le32_to_cpu(h->num_subbuf), stride = le64_to_cpu(h->cpu_stride);
	u64 cpu_off = le64_to_cpu(h->cpu_off), meta_off = le64_to_cpu(h->meta_off);
	u64 meta_cap = le64_to_cpu(h->meta_cap), end_off = le64_to_cpu(h->end_off);
	u64 per_cpu;

	if (!h->magic)
		return -ENODATA;	/* zeroes: never used, or discarded */
	if (le64_to_cpu(h->magic) != LTT_PMEM_MAGIC) {
		why("no ltt header (magic %#llx)", le64_to_cpu(h->magic));
		return -EINVAL;
	}
	if (le32_to_cpu(h->version) != LTT_PMEM_VERSION) {
		why("layout version %u, this ltt reads %u",
		    le32_to_cpu(h->version), LTT_PMEM_VERSION);
		return -EPROTO;
	}
	if (le32_to_cpu(h->header_size) != sizeof(*h) ||
	    le32_to_cpu(h->header_crc) !=
	    ltt_pmem_crc(h, offsetof(typeof(*h), header_crc))) {
		why("header checksum or size wrong");
		return -EINVAL;
	}
	if (le32_to_cpu(h->state) == LTT_PMEM_FREE)
		return -ENODATA;
	if (le32_to_cpu(h->state) != LTT_PMEM_RECORDING || !names_ok(h)) {
		why("header state %u", le32_to_cpu(h->state));
		return -EINVAL;
	}
	if (le64_to_cpu(h->region_size) > size) {
		why("written for %llu MiB, region has %llu MiB",
		    le64_to_cpu(h->region_size) >> 20, size >> 20);
		return -EPROTO;
	}
	size = le64_to_cpu(h->region_size);
	if (!is_power_of_2(page) || page < 4096 || page > (1 << 16) ||
	    !is_power_of_2(sb) || sb < page || !is_power_of_2(nsb) ||
	    nsb < 2 || slots != nsb + 1 || !nr || nr > LTT_PMEM_MAX_CPUS ||
	    check_mul_overflow(slots, sb, &per_cpu) || stride < per_cpu ||
	    stride % page || cpu_off % page || meta_off % page) {
		why("impossible geometry");
		return -EINVAL;
	}
	/* header, end records, metadata and CPU areas in order, no overlap */
	if (!in(end_off, nr * sizeof(struct ltt_pmem_end), sizeof(*h), meta_off) ||
	    !in(meta_off, meta_cap, 0, cpu_off) ||
	    cpu_off > size || stride > (size - cpu_off) / nr) {
		why("areas outside the region");
		return -EINVAL;
	}
	return 0;
}

/* The newer whole length record, and a text that matches it. */
static int check_metadata(const char *virt, const struct ltt_pmem_header *h,
			  u64 *meta_len, char *buf, size_t len)
{
	u64 cap = le64_to_cpu(h->meta_cap), best = 0;
	const char *text = virt + le64_to_cpu(h->meta_off);
	bool found = false;
	int i;

	for (i = 0; i < 2; i++) {
		struct ltt_pmem_meta m;
		u64 n;

		memcpy(&m, &h->meta[i], sizeof(m));
		n = le64_to_cpu(m.len);
		if (le32_to_cpu(m.crc) != ltt_pmem_crc(&m, offsetof(typeof(m), crc)) ||
		    !n || n > cap || (found && n <= best) ||
		    le32_to_cpu(m.text_crc) != ltt_pmem_crc(text, n))
			continue;
		best = n;
		found = true;
	}
	if (!found) {
		why("metadata not whole (outgrown, or torn)");
		return -EINVAL;
	}
	if (best < 13 || memcmp(text, "/* CTF 1.8 */", 13)) {
		why("metadata not CTF 1.8 text");
		return -EINVAL;
	}
	*meta_len = best;
	return 0;
}

struct cpu_scan {
	const struct ltt_pmem_header *h;
	const char *area;		/* the CPU's slots */
	u64 area_off;			/* in the region */
	u64 sb, page;
	u32 cpu;
	struct ltt_pmem_end end;	/* reason 0 if none or not whole */
};

static bool header_ours(const struct cpu_scan *cs,
			const struct ltt_packet_header *ph)
{
	return ph->magic == LTT_PACKET_MAGIC &&
	       !memcmp(ph->uuid, cs->h->uuid, sizeof(ph->uuid));
}

/* What scan_slot() returns for a packet left out, and back. */
#define DROPPED(reason)		(-1 - (reason))
#define DROP_REASON(ret)	(-1 - (ret))

/*
 * One slot: 1 and @p filled if kept, 0 if nothing of ours is there,
 * DROPPED(why) if left out.
 */
static int scan_slot(const struct cpu_scan *cs, u32 slot,
		     struct ltt_pmem_packet *p)
{
	struct ltt_packet_header ph;
	u64 c, reserved;

	memcpy(&ph, cs->area + slot * cs->sb, sizeof(ph));
	if (!header_ours(cs, &ph))
		return 0;
	if (ph.stream_id != le32_to_cpu(cs->h->stream_id) ||
	    ph.stream_instance_id != cs->cpu || ph.cpu_id != cs->cpu)
		return DROPPED(LTT_PMEM_DROP_HEADER);
	p->offset = cs->area_off + slot * cs->sb;
	p->seq = ph.packet_seq_num;
	p->cpu = cs->cpu;
	if (ph.content_size) {
		c = ph.content_size / 8;
		if (ph.content_size % 8 || c < sizeof(ph) || c > cs->sb ||
		    ph.packet_size != ALIGN(c, cs->page) * 8 ||
		    ph.timestamp_end < ph.timestamp_begin)
			return DROPPED(LTT_PMEM_DROP_HEADER);
		p->content = c;
		p->timestamp_end = ph.timestamp_end;
		p->events_discarded = ph.events_discarded;
		p->open = false;
		return 1;
	}
	/* open (or being taken back): only the end record can tell */
	if (!cs->end.reason)
		return DROPPED(LTT_PMEM_DROP_NO_END);
	reserved = le64_to_cpu(cs->end.reserved_len);
	if (le32_to_cpu(cs->end.slot) != slot ||
	    le64_to_cpu(cs->end.seq) != ph.packet_seq_num ||
	    reserved != le64_to_cpu(cs->end.committed_len) ||
	    reserved < sizeof(ph) || reserved > cs->sb)
		return DROPPED(LTT_PMEM_DROP_TORN);
	if (le64_to_cpu(cs->end.time) < ph.timestamp_begin)
		return DROPPED(LTT_PMEM_DROP_ORDER);
	p->content = reserved;
	p->timestamp_end = le64_to_cpu(cs->end.time);
	p->events_discarded = le64_to_cpu(cs->end.events_discarded);
	p->open = true;
	return 1;
}

static int packet_cmp(const void *a, const void *b)
{
	const struct ltt_pmem_packet *x = a, *y = b;

	if (x->seq != y->seq)
		return x->seq < y->seq ? -1 : 1;
	return 0;
}

/* A packet's begin time, read again from its slot. */
static u64 packet_begin(const char *virt, const struct ltt_pmem_packet *p)
{
	const struct ltt_packet_header *ph = (const void *)(virt + p->offset);

	return ph->timestamp_begin;
}

/*
 * Sort a CPU's kept packets by sequence number; leave out duplicates (both:
 * neither can be trusted) and packets whose times or lost counts go back.
 * Returns how many remain at the start of @p.
 */
static u32 order_cpu(const char *virt, struct ltt_pmem_packet *p, u32 n,
		     u64 *dropped)
{
	u32 i, out = 0;

	sort(p, n, sizeof(*p), packet_cmp, NULL);
	for (i = 0; i < n; i++) {
		bool dup = (i + 1 < n && p[i + 1].seq == p[i].seq) ||
			   (i && p[i - 1].seq == p[i].seq);
		const struct ltt_pmem_packet *prev = out ? &p[out - 1] : NULL;

		if (dup || (prev && (packet_begin(virt, &p[i]) < prev->timestamp_end ||
				     p[i].events_discarded < prev->events_discarded))) {
			dropped[LTT_PMEM_DROP_ORDER]++;
			continue;
		}
		p[out++] = p[i];
	}
	return out;
}

int ltt_pmem_recover(const void *virt, u64 size,
		     struct ltt_pmem_recovered **out, char *buf, size_t len)
{
	struct ltt_pmem_header h;
	struct ltt_pmem_recovered *rec;
	u64 meta_len, max_packets;
	u32 cpu, nr, slots;
	int ret;

	*out = NULL;
	buf[0] = '\0';
	if (size < sizeof(h)) {
		why("smaller than a header");
		return -EINVAL;
	}
	memcpy(&h, virt, sizeof(h));
	ret = check_header(&h, size, buf, len);
	if (ret)
		return ret;
	ret = check_metadata(virt, &h, &meta_len, buf, len);
	if (ret)
		return ret;
	nr = le32_to_cpu(h.nr_cpus);
	slots = le32_to_cpu(h.nr_slots);
	max_packets = (u64)nr * slots;	/* both bounded by check_header() */
	rec = kvzalloc(struct_size(rec, packets, max_packets), GFP_KERNEL);
	if (!rec)
		return -ENOMEM;
	rec->meta_off = le64_to_cpu(h.meta_off);
	rec->meta_len = meta_len;
	rec->page_size = le32_to_cpu(h.page_size);

	for (cpu = 0; cpu < nr; cpu++) {
		struct cpu_scan cs = {
			.h = &h,
			.area_off = le64_to_cpu(h.cpu_off) +
				    cpu * le64_to_cpu(h.cpu_stride),
			.sb = le64_to_cpu(h.subbuf_size),
			.page = rec->page_size,
			.cpu = cpu,
		};
		struct ltt_pmem_packet *p = &rec->packets[rec->nr_packets];
		u32 slot, n = 0;

		cs.area = (const char *)virt + cs.area_off;
		memcpy(&cs.end, (const char *)virt + le64_to_cpu(h.end_off) +
		       cpu * sizeof(cs.end), sizeof(cs.end));
		if (le32_to_cpu(cs.end.crc) !=
		    ltt_pmem_crc(&cs.end, offsetof(typeof(cs.end), crc)) ||
		    (le32_to_cpu(cs.end.reason) != LTT_PMEM_END_PANIC &&
		     le32_to_cpu(cs.end.reason) != LTT_PMEM_END_REBOOT))
			cs.end.reason = 0;
		if (cs.end.reason) {
			rec->end_reason = le32_to_cpu(cs.end.reason);
			rec->end_time = max(rec->end_time,
					    le64_to_cpu(cs.end.time));
		}
		for (slot = 0; slot < slots; slot++) {
			ret = scan_slot(&cs, slot, &p[n]);
			if (ret > 0)
				n++;
			else if (ret < 0)
				rec->dropped[DROP_REASON(ret)]++;
		}
		n = order_cpu(virt, p, n, rec->dropped);
		rec->nr_cpus += n > 0;
		rec->nr_packets += n;
	}
	*out = rec;
	return 0;
}
