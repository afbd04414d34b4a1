// SPDX-License-Identifier: GPL-2.0-only
/*
 * The persistent region: ltt.pmem=SIZE@START names physical memory the
 * kernel set aside at boot (memmap=SIZE$START), which a warm reboot does
 * not clear. One overwrite channel at a time keeps its buffers there
 * (LTT_CHANNEL_PERSISTENT), laid out as pmem-layout.h says: the buffers
 * are the record, and a crash loses nothing that was committed. When
 * ltt.ko loads, it reads what the previous boot left (pmem-recover.c) and
 * keeps it as the recovered trace until PMEM_DISCARD.
 *
 * What is written when, so that the next boot can tell what holds:
 *   claim	the header, its state RECORDING last;
 *   metadata	each block appended, then one of two length records;
 *   packets	by the ring buffer (rb_packet_invalidate(), delivery);
 *   panic,	the end records: each CPU's open packet, reserved and
 *   reboot	committed bytes, read from the ring buffer's state, which
 *		lives in kernel memory. The channel is stopped first.
 *   release	state FREE (a session destroyed: its data goes with it).
 *
 * The region is mapped write-back: writers write it as they write any
 * buffer, at the same cost (bench/pmem-cost).
 */
#include <linux/crc32.h>
#include <linux/io.h>
#include <linux/ioport.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/panic_notifier.h>
#include <linux/reboot.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/utsname.h>
#include <ltt/ringbuffer.h>
#include <ltt/pmem-test.h>
#include <compat/export.h>
#include "metadata.h"
#include "pmem.h"
#include "pmem-layout.h"
#include "session.h"

static char *pmem;
module_param(pmem, charp, 0444);
MODULE_PARM_DESC(pmem, "SIZE@START: persistent region set aside by memmap=SIZE$START (ltt(7))");

#define PMEM_MIN_SIZE	(1ULL << 20)
#define PMEM_META_MIN	(64ULL << 10)
#define PMEM_META_MAX	(4ULL << 20)

static DEFINE_MUTEX(pmem_lock);
static struct {
	u64 phys, size;
	char *virt;
	enum ltt_pmem_state state;
	char why[48];			/* INVALID, REFUSED */
	struct ltt_pmem_header saved;	/* RECOVERED: the header, checked */
	struct ltt_pmem_recovered *rec;
	/* IN_USE */
	struct ltt_rb_mem mem;
	struct ltt_channel *chan;	/* bound; read by the notifiers */
	struct ltt_pmem_header *hdr;
	/* the metadata copy, under the metadata's lock */
	u64 meta_done;
	u32 meta_crc;
	unsigned int meta_next;
	bool meta_full;
} pm;

u32 ltt_pmem_crc(const void *p, size_t len)
{
	return crc32_le(~0U, p, len);
}

/* "SIZE@START", sizes with K/M/G suffixes (memparse()). */
static int pmem_parse(const char *s, u64 *start, u64 *size)
{
	char *end;

	*size = memparse(s, &end);
	if (end == s || *end != '@')
		return -EINVAL;
	s = end + 1;
	*start = memparse(s, &end);
	if (end == s || *end)
		return -EINVAL;
	if (!PAGE_ALIGNED(*start) || !PAGE_ALIGNED(*size) ||
	    *size < PMEM_MIN_SIZE || *start + *size < *start)
		return -EINVAL;
	return 0;
}

static void pmem_forget_locked(void)
{
	kvfree(pm.rec);
	pm.rec = NULL;
	pm.why[0] = '\0';
}

/* Zero the header: no later boot finds anything here. */
static void pmem_clear_locked(void)
{
	memset(pm.virt, 0, sizeof(struct ltt_pmem_header));
	wmb();
	pmem_forget_locked();
	pm.state = LTT_PMEM_STATE_EMPTY;
}

static void pmem_report(const struct ltt_pmem_header *h,
			const struct ltt_pmem_recovered *rec)
{
	u64 dropped = 0;
	struct tm tm;
	int i;

	for (i = 0; i < LTT_PMEM_DROP_NR; i++)
		dropped += rec->dropped[i];
	time64_to_tm(div_u64(le64_to_cpu(h->boot_time), NSEC_PER_SEC), 0, &tm);
	pr_info("ltt: pmem: %llu MiB at %#llx: recovered session \"%.*s\" channel \"%.*s\" (boot of %04ld-%02d-%02d %02d:%02d:%02d UTC): %llu packets on %u CPUs, %llu dropped\n",
		pm.size >> 20, pm.phys, LTT_PMEM_NAME_LEN, h->session,
		LTT_PMEM_NAME_LEN, h->channel, tm.tm_year + 1900L,
		tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
		rec->nr_packets, rec->nr_cpus, dropped);
}

/* At load: what does the region hold? */
static void pmem_recover(void)
{
	int ret;

	ret = ltt_pmem_recover(pm.virt, pm.size, &pm.rec, pm.why,
			       sizeof(pm.why));
	switch (ret) {
	case 0:
		memcpy(&pm.saved, pm.virt, sizeof(pm.saved));
		pm.state = LTT_PMEM_STATE_RECOVERED;
		pmem_report(&pm.saved, pm.rec);
		return;
	case -ENODATA:
		pm.state = LTT_PMEM_STATE_EMPTY;
		pr_info("ltt: pmem: %llu MiB at %#llx: empty\n",
			pm.size >> 20, pm.phys);
		return;
	case -EPROTO:
		pm.state = LTT_PMEM_STATE_REFUSED;
		pr_info("ltt: pmem: %llu MiB at %#llx: refused: %s\n",
			pm.size >> 20, pm.phys, pm.why);
		return;
	default:
		/* nothing ltt can trust: free, and said so */
		pm.state = LTT_PMEM_STATE_INVALID;
		pr_info("ltt: pmem: %llu MiB at %#llx: invalid: %s\n",
			pm.size >> 20, pm.phys, pm.why);
		return;
	}
}

/*
 * The end records: where each CPU's open packet stops. First stop the
 * channel's writers (those already past the check finish their record or
 * stay torn, which the counts show); no lock: this runs at panic, with
 * the other CPUs stopped wherever they were.
 */
static void pmem_write_ends(u32 reason)
{
	struct ltt_channel *c = READ_ONCE(pm.chan);
	struct ltt_pmem_header *h = pm.hdr;
	struct ltt_pmem_end *ends;
	struct ltt_rb_end_state st;
	u64 now = ltt_clock_read();
	int cpu, nr;

	if (!c || !h)
		return;
	WRITE_ONCE(c->fast.active, 0);
	ends = (void *)(pm.virt + le64_to_cpu(h->end_off));
	nr = min_t(int, ltt_rb_chan_nr_bufs(c->fast.rb),
		   le32_to_cpu(h->nr_cpus));
	for (cpu = 0; cpu < nr; cpu++) {
		struct ltt_rb_buf *buf = ltt_rb_chan_buf(c->fast.rb, cpu);
		struct ltt_pmem_end e = {};

		if (!buf)
			continue;
		ltt_rb_buf_end_state(buf, &st);
		e.reason = cpu_to_le32(reason);
		e.slot = cpu_to_le32(st.slot);
		e.seq = cpu_to_le64(st.seq);
		e.reserved_len = cpu_to_le64(st.reserved);
		e.committed_len = cpu_to_le64(st.committed);
		e.events_discarded = cpu_to_le64(st.lost);
		e.time = cpu_to_le64(now);
		e.crc = cpu_to_le32(ltt_pmem_crc(&e, offsetof(typeof(e), crc)));
		memcpy(&ends[cpu], &e, sizeof(e));
	}
	wmb();
}

static int pmem_panic(struct notifier_block *nb, unsigned long ev, void *p)
{
	pmem_write_ends(LTT_PMEM_END_PANIC);
	return NOTIFY_DONE;
}

static int pmem_reboot(struct notifier_block *nb, unsigned long ev, void *p)
{
	mutex_lock(&pmem_lock);
	pmem_write_ends(LTT_PMEM_END_REBOOT);
	mutex_unlock(&pmem_lock);
	return NOTIFY_DONE;
}

static struct notifier_block pmem_panic_nb = {
	.notifier_call = pmem_panic,
	.priority = INT_MIN,	/* after the others: the latest positions */
};
static struct notifier_block pmem_reboot_nb = { .notifier_call = pmem_reboot };

int ltt_pmem_init(void)
{
	u64 start, size;
	int ret;

	pm.state = LTT_PMEM_STATE_NONE;
	if (!pmem || !*pmem)
		return 0;
	if (pmem_parse(pmem, &start, &size)) {
		/* ltt.ko still loads: tracing does not need the region */
		pr_err("ltt: pmem: \"%s\": not SIZE@START, both page-aligned, at least 1M\n",
		       pmem);
		return 0;
	}
	/* Memory the kernel uses is not ours to keep across a reboot. */
	if (region_intersects(start, size, IORESOURCE_SYSTEM_RAM,
			      IORES_DESC_NONE) != REGION_DISJOINT) {
		pr_err("ltt: pmem: %llu MiB at %#llx is not set aside: boot with memmap=%lluM$%#llx\n",
		       size >> 20, start, size >> 20, start);
		return 0;
	}
	pm.virt = memremap(start, size, MEMREMAP_WB);
	if (!pm.virt) {
		pr_err("ltt: pmem: cannot map %llu MiB at %#llx\n",
		       size >> 20, start);
		return 0;
	}
	pm.phys = start;
	pm.size = size;
	pmem_recover();
	ret = atomic_notifier_chain_register(&panic_notifier_list,
					     &pmem_panic_nb);
	if (!ret)
		ret = register_reboot_notifier(&pmem_reboot_nb);
	if (ret) {
		atomic_notifier_chain_unregister(&panic_notifier_list,
						 &pmem_panic_nb);
		pmem_forget_locked();
		memunmap(pm.virt);
		pm.virt = NULL;
		pm.state = LTT_PMEM_STATE_NONE;
	}
	return ret;
}

void ltt_pmem_exit(void)
{
	if (!pm.virt)
		return;
	unregister_reboot_notifier(&pmem_reboot_nb);
	atomic_notifier_chain_unregister(&panic_notifier_list, &pmem_panic_nb);
	pmem_forget_locked();
	memunmap(pm.virt);
	pm.virt = NULL;
}

/* Where things go in a region of pm.size bytes for this geometry. */
static int pmem_layout(struct ltt_pmem_header *h, const struct ltt_rb_attr *attr)
{
	u64 nr_cpus = nr_cpu_ids, slots = attr->num_subbuf + 1;
	u64 end_off, meta_off, meta_cap, cpu_off, stride;

	end_off = ALIGN(sizeof(*h), 64);
	meta_off = PAGE_ALIGN(end_off + nr_cpus * sizeof(struct ltt_pmem_end));
	meta_cap = clamp(PAGE_ALIGN(pm.size / 16), PMEM_META_MIN, PMEM_META_MAX);
	cpu_off = meta_off + meta_cap;
	stride = slots * attr->subbuf_size;
	if (attr->subbuf_size > pm.size || slots > pm.size / attr->subbuf_size ||
	    cpu_off > pm.size || nr_cpus > (pm.size - cpu_off) / stride)
		return -ENOSPC;
	h->page_size = cpu_to_le32(PAGE_SIZE);
	h->region_size = cpu_to_le64(pm.size);
	h->nr_cpus = cpu_to_le32(nr_cpus);
	h->subbuf_size = cpu_to_le64(attr->subbuf_size);
	h->num_subbuf = cpu_to_le32(attr->num_subbuf);
	h->nr_slots = cpu_to_le32(slots);
	h->cpu_off = cpu_to_le64(cpu_off);
	h->cpu_stride = cpu_to_le64(stride);
	h->meta_off = cpu_to_le64(meta_off);
	h->meta_cap = cpu_to_le64(meta_cap);
	h->end_off = cpu_to_le64(end_off);
	return 0;
}

/**
 * ltt_pmem_claim() - lay a persistent channel out in the region
 * @attr: the channel's ring-buffer attributes
 * @flags: its LTT_CHANNEL_* flags (PERSISTENT set)
 *
 * Return: the memory for ltt_rb_chan_create(), or ERR_PTR(-EINVAL) (not
 * overwrite mode), -ENODEV (no region), -EBUSY (one records there),
 * -EEXIST (a previous boot's trace waits, no DISCARD_RECOVERED), -ENOSPC.
 */
const struct ltt_rb_mem *ltt_pmem_claim(const struct ltt_rb_attr *attr,
					u64 flags)
{
	struct ltt_pmem_header h = {};
	int ret = 0;

	if (attr->mode != LTT_RB_OVERWRITE || !is_power_of_2(attr->subbuf_size) ||
	    attr->subbuf_size < PAGE_SIZE || !is_power_of_2(attr->num_subbuf) ||
	    attr->num_subbuf < 2)
		return ERR_PTR(-EINVAL);
	mutex_lock(&pmem_lock);
	switch (pm.state) {
	case LTT_PMEM_STATE_NONE:
		ret = -ENODEV;
		break;
	case LTT_PMEM_STATE_IN_USE:
		ret = -EBUSY;
		break;
	case LTT_PMEM_STATE_RECOVERED:
	case LTT_PMEM_STATE_REFUSED:
		if (!(flags & LTT_CHANNEL_DISCARD_RECOVERED))
			ret = -EEXIST;
		break;
	default:
		break;
	}
	if (!ret)
		ret = pmem_layout(&h, attr);
	if (ret) {
		mutex_unlock(&pmem_lock);
		return ERR_PTR(ret);
	}
	/* the old trace goes now: the buffers are about to be zeroed */
	pmem_clear_locked();
	pm.hdr = (struct ltt_pmem_header *)pm.virt;
	memcpy(pm.hdr, &h, sizeof(h));
	pm.mem.virt = pm.virt;
	pm.mem.phys = pm.phys;
	pm.mem.cpu_off = le64_to_cpu(h.cpu_off);
	pm.mem.cpu_stride = le64_to_cpu(h.cpu_stride);
	pm.state = LTT_PMEM_STATE_IN_USE;
	mutex_unlock(&pmem_lock);
	return &pm.mem;
}

void ltt_pmem_unclaim(void)
{
	mutex_lock(&pmem_lock);
	pm.hdr = NULL;
	pmem_clear_locked();
	mutex_unlock(&pmem_lock);
}

/*
 * The metadata's copy, under its lock after each block: append what is
 * new, then write the older of the two length records.
 */
static void pmem_meta_copy(void *arg, const char *text, size_t len)
{
	struct ltt_pmem_header *h = arg;
	u64 cap = le64_to_cpu(h->meta_cap);
	struct ltt_pmem_meta m;
	char *area = pm.virt + le64_to_cpu(h->meta_off);

	if (pm.meta_full || len <= pm.meta_done)
		return;
	if (len > cap) {
		/* recovery will say the metadata is incomplete */
		pm.meta_full = true;
		memset(h->meta, 0, sizeof(h->meta));
		pr_warn("ltt: pmem: the metadata (%zu bytes) outgrew its %llu bytes in the region: what the channel records now cannot be recovered\n",
			len, cap);
		return;
	}
	memcpy(area + pm.meta_done, text + pm.meta_done, len - pm.meta_done);
	pm.meta_crc = crc32_le(pm.meta_crc, text + pm.meta_done,
			       len - pm.meta_done);
	pm.meta_done = len;
	wmb();
	m.len = cpu_to_le64(len);
	m.text_crc = cpu_to_le32(pm.meta_crc);
	m.crc = cpu_to_le32(ltt_pmem_crc(&m, offsetof(typeof(m), crc)));
	memcpy(&h->meta[pm.meta_next], &m, sizeof(m));
	pm.meta_next ^= 1;
	wmb();
}

/* The channel exists: say so in the header, copy the metadata from now. */
void ltt_pmem_bind(struct ltt_channel *c)
{
	struct ltt_session *s = c->session;
	struct ltt_pmem_header *h;
	u8 boot_id[16];

	mutex_lock(&pmem_lock);
	h = pm.hdr;
	h->magic = cpu_to_le64(LTT_PMEM_MAGIC);
	h->version = cpu_to_le32(LTT_PMEM_VERSION);
	h->header_size = cpu_to_le32(sizeof(*h));
	if (ltt_boot_id(boot_id))
		memcpy(h->boot_id, boot_id, sizeof(h->boot_id));
	h->boot_time = cpu_to_le64(ktime_get_real_ns() - ltt_clock_read());
	h->start_time = cpu_to_le64(ltt_clock_read());
	memcpy(h->uuid, s->uuid, sizeof(h->uuid));
	strscpy(h->session, s->name, sizeof(h->session));
	strscpy(h->channel, c->name, sizeof(h->channel));
	strscpy(h->kernel, utsname()->release, sizeof(h->kernel));
	h->stream_id = cpu_to_le32(c->id);
	h->header_crc = cpu_to_le32(ltt_pmem_crc(h, offsetof(typeof(*h),
							      header_crc)));
	memset(pm.virt + le64_to_cpu(h->end_off), 0,
	       le32_to_cpu(h->nr_cpus) * sizeof(struct ltt_pmem_end));
	pm.meta_done = 0;
	pm.meta_crc = ~0U;
	pm.meta_next = 0;
	pm.meta_full = false;
	wmb();
	h->state = cpu_to_le32(LTT_PMEM_RECORDING);
	WRITE_ONCE(pm.chan, c);
	mutex_unlock(&pmem_lock);
	ltt_metadata_set_copy(s->md, pmem_meta_copy, h);
}

void ltt_pmem_release(struct ltt_channel *c)
{
	ltt_metadata_set_copy(c->session->md, NULL, NULL);
	mutex_lock(&pmem_lock);
	if (pm.chan == c) {
		WRITE_ONCE(pm.chan, NULL);
		pm.hdr = NULL;
		pmem_clear_locked();
	}
	mutex_unlock(&pmem_lock);
}

void ltt_pmem_status(struct ltt_pmem_status *st)
{
	const struct ltt_pmem_header *h = NULL;
	int i;

	mutex_lock(&pmem_lock);
	st->state = pm.state;
	st->phys = pm.phys;
	st->size = pm.size;
	strscpy(st->reason, pm.why, sizeof(st->reason));
	if (pm.state == LTT_PMEM_STATE_RECOVERED)
		h = &pm.saved;
	else if (pm.state == LTT_PMEM_STATE_IN_USE)
		h = pm.hdr;
	if (h) {
		memcpy(st->boot_id, h->boot_id, sizeof(st->boot_id));
		strscpy(st->session, h->session, sizeof(st->session));
		strscpy(st->channel, h->channel, sizeof(st->channel));
		strscpy(st->kernel, h->kernel, sizeof(st->kernel));
		st->boot_time = le64_to_cpu(h->boot_time);
		st->stream_id = le32_to_cpu(h->stream_id);
	}
	if (pm.rec) {
		st->nr_cpus = pm.rec->nr_cpus;
		st->nr_packets = pm.rec->nr_packets;
		for (i = 0; i < LTT_PMEM_DROP_NR; i++)
			st->dropped[i] = pm.rec->dropped[i];
		st->metadata_len = pm.rec->meta_len;
		st->end_reason = pm.rec->end_reason;
		if (pm.rec->end_reason)
			st->end_time = st->boot_time + pm.rec->end_time;
	}
	mutex_unlock(&pmem_lock);
}

/* A recovered packet, as a reader wants it: whole, its header complete. */
static int pmem_copy_packet(const struct ltt_pmem_recovered *rec,
			    const struct ltt_pmem_packet *p,
			    struct ltt_pmem_read *rd)
{
	u64 size = ALIGN(p->content, rec->page_size);
	void __user *ubuf = u64_to_user_ptr(rd->buf);
	const char *src = pm.virt + p->offset;
	struct ltt_packet_header h;

	rd->seq = p->seq;
	rd->cpu = p->cpu;
	if (rd->len < size) {
		rd->len = size;
		return -E2BIG;
	}
	memcpy(&h, src, sizeof(h));
	if (p->open) {
		h.content_size = p->content * 8;
		h.packet_size = size * 8;
		h.timestamp_end = p->timestamp_end;
		h.events_discarded = p->events_discarded;
	}
	if (copy_to_user(ubuf, &h, sizeof(h)) ||
	    copy_to_user(ubuf + sizeof(h), src + sizeof(h),
			 p->content - sizeof(h)) ||
	    clear_user(ubuf + p->content, size - p->content))
		return -EFAULT;
	rd->len = size;
	return 0;
}

int ltt_pmem_read(struct ltt_pmem_read *rd)
{
	const struct ltt_pmem_recovered *rec;
	int ret = 0;

	if (rd->flags || (rd->what != LTT_PMEM_READ_METADATA &&
			  rd->what != LTT_PMEM_READ_PACKET))
		return -EINVAL;
	mutex_lock(&pmem_lock);
	rec = pm.rec;
	if (pm.state == LTT_PMEM_STATE_NONE) {
		ret = -ENODEV;
	} else if (pm.state != LTT_PMEM_STATE_RECOVERED) {
		ret = -ENODATA;
	} else if (rd->what == LTT_PMEM_READ_PACKET) {
		if (rd->index >= rec->nr_packets)
			ret = -ENOENT;
		else
			ret = pmem_copy_packet(rec, &rec->packets[rd->index],
					       rd);
	} else if (rd->offset > rec->meta_len) {
		ret = -ENOENT;
	} else {
		u64 n = min(rd->len, rec->meta_len - rd->offset);

		if (copy_to_user(u64_to_user_ptr(rd->buf),
				 pm.virt + rec->meta_off + rd->offset, n))
			ret = -EFAULT;
		rd->len = n;
	}
	mutex_unlock(&pmem_lock);
	return ret;
}

int ltt_pmem_discard(void)
{
	int ret = 0;

	mutex_lock(&pmem_lock);
	if (pm.state == LTT_PMEM_STATE_NONE)
		ret = -ENODEV;
	else if (pm.state == LTT_PMEM_STATE_IN_USE)
		ret = -EBUSY;
	else
		pmem_clear_locked();
	mutex_unlock(&pmem_lock);
	return ret;
}

/**
 * ltt_pmem_test_chan() - the channel recording in the region
 *
 * For tests/vm/modules/ltt-test-pmem.c, which writes half a record there
 * and panics. Not for other users: the channel may go at any time.
 *
 * Return: the ring-buffer channel, or NULL.
 */
struct ltt_rb_chan *ltt_pmem_test_chan(void)
{
	struct ltt_channel *c = READ_ONCE(pm.chan);

	return c ? c->fast.rb : NULL;
}
LTT_EXPORT_SYMBOL(ltt_pmem_test_chan);
