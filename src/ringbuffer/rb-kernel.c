// SPDX-License-Identifier: GPL-2.0-only
/*
 * Ring buffer platform, kernel build: node-local pages mapped contiguously
 * for writers and read-only for the consumer, reader wake-ups that are
 * safe from any context, the switch and read timers, the switch run on
 * the buffer's own CPU, what a CPU going offline leaves to flush, and the
 * per-CPU state of the fast path.
 */
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/jiffies.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/vmalloc.h>
#include <linux/workqueue.h>
#include <compat/export.h>
#include <compat/timer.h>
#include <compat/vma.h>
#include <ltt/ringbuffer.h>
#include "rb-internal.h"

DEFINE_PER_CPU(int, ltt_rb_nesting);
LTT_EXPORT_PER_CPU_SYMBOL(ltt_rb_nesting);
DEFINE_PER_CPU(local64_t, ltt_clock_last);
LTT_EXPORT_PER_CPU_SYMBOL(ltt_clock_last);

/*
 * Every started buffer, for rb_cpu_dead(). Lock order: the CPU hotplug
 * lock (held around the callback) -> rb_bufs_lock.
 */
static LIST_HEAD(rb_bufs);
static DEFINE_MUTEX(rb_bufs_lock);
static int rb_cpuhp_state = -1;

/* irq_work: runs soon after a delivery, in a context that may wake. */
static void rb_wake_work(struct irq_work *work)
{
	struct ltt_rb_buf *buf = container_of(work, struct ltt_rb_buf,
					      plat.wake_work);

	wake_up_interruptible(&buf->plat.read_wq);
}

/*
 * Periodic flush, so that a quiet CPU's records reach the reader. The
 * switch must run on the buffer's CPU; a timer migrated by CPU hot-unplug
 * does nothing until it is back there (the offline CPU writes nothing, and
 * finalize flushes it).
 */
static void rb_switch_timer(struct timer_list *t)
{
	struct ltt_rb_buf *buf = from_timer(buf, t, plat.switch_timer);
	int cpu = smp_processor_id();

	if (cpu == buf->cpu)
		ltt_rb_switch_local(buf, LTT_RB_SWITCH_CLOSE);
	t->expires = jiffies +
		     usecs_to_jiffies(buf->chan->attr.switch_timer_us);
	add_timer_on(t, cpu_online(buf->cpu) ? buf->cpu : cpu);
}

/* Polling wake-up, for readers that prefer no irq_work per packet. */
static void rb_read_timer(struct timer_list *t)
{
	struct ltt_rb_buf *buf = from_timer(buf, t, plat.read_timer);

	if (ltt_rb_buf_readable(buf))
		wake_up_interruptible(&buf->plat.read_wq);
	mod_timer(t, jiffies + usecs_to_jiffies(buf->chan->attr.read_timer_us));
}

int ltt_rb_platform_init(struct ltt_rb_buf *buf)
{
	const struct ltt_rb_chan *chan = buf->chan;
	unsigned long n = (chan->nr_slots * chan->sb_size) >> PAGE_SHIFT, i;
	int node = cpu_to_node(buf->cpu);
	struct page **pages;

	init_irq_work(&buf->plat.wake_work, rb_wake_work);
	init_waitqueue_head(&buf->plat.read_wq);
	timer_setup(&buf->plat.switch_timer, rb_switch_timer, TIMER_PINNED);
	timer_setup(&buf->plat.read_timer, rb_read_timer, 0);

	if (chan->attr.mem) {
		const struct ltt_rb_mem *mem = chan->attr.mem;

		buf->base = mem->virt + mem->cpu_off +
			    (u64)buf->cpu * mem->cpu_stride;
		memset(buf->base, 0, n << PAGE_SHIFT);
		return 0;
	}
	pages = rb_zalloc(n * sizeof(*pages), node);
	if (!pages)
		return -ENOMEM;
	buf->plat.pages = pages;
	buf->plat.nr_pages = n;
	for (i = 0; i < n; i++) {
		pages[i] = alloc_pages_node(node, GFP_KERNEL | __GFP_ZERO |
					    __GFP_NOWARN, 0);
		if (!pages[i])
			return -ENOMEM;
	}
	/* VM_USERMAP: remap_vmalloc_range() maps it for the reader. */
	buf->base = vmap(pages, n, VM_MAP | VM_USERMAP, PAGE_KERNEL);
	return buf->base ? 0 : -ENOMEM;
}

void ltt_rb_platform_free(struct ltt_rb_buf *buf)
{
	unsigned long i;

	if (buf->chan->attr.mem)
		return;		/* the caller's memory */
	if (buf->base)
		vunmap(buf->base);
	if (!buf->plat.pages)
		return;
	/* A reader's mapping holds its own page references. */
	for (i = 0; i < buf->plat.nr_pages && buf->plat.pages[i]; i++)
		__free_page(buf->plat.pages[i]);
	rb_free(buf->plat.pages);
}

void ltt_rb_platform_start(struct ltt_rb_buf *buf)
{
	const struct ltt_rb_attr *attr = &buf->chan->attr;
	struct timer_list *t = &buf->plat.switch_timer;

	mutex_lock(&rb_bufs_lock);
	list_add_tail(&buf->plat.node, &rb_bufs);
	mutex_unlock(&rb_bufs_lock);

	if (attr->switch_timer_us) {
		t->expires = jiffies + usecs_to_jiffies(attr->switch_timer_us);
		cpus_read_lock();
		add_timer_on(t, cpu_online(buf->cpu) ? buf->cpu :
			     cpumask_first(cpu_online_mask));
		cpus_read_unlock();
	}
	if (attr->read_timer_us)
		mod_timer(&buf->plat.read_timer,
			  jiffies + usecs_to_jiffies(attr->read_timer_us));
}

void ltt_rb_platform_finalize(struct ltt_rb_buf *buf)
{
	compat_timer_shutdown_sync(&buf->plat.switch_timer);
}

void ltt_rb_platform_stop(struct ltt_rb_buf *buf)
{
	mutex_lock(&rb_bufs_lock);
	list_del(&buf->plat.node);
	mutex_unlock(&rb_bufs_lock);
	compat_timer_shutdown_sync(&buf->plat.switch_timer);
	compat_timer_shutdown_sync(&buf->plat.read_timer);
	irq_work_sync(&buf->plat.wake_work);
}

/*
 * The wake-up from a writer: irq_work, NMI-safe (wake_up() takes a lock).
 *
 * Never from a CPU that is not online. A CPU going down still runs writers
 * (the switch to its idle task) after it ran its irq_work list for the
 * last time; a work queued then waits on that CPU's list until the CPU is
 * back, with every later work of that CPU queued behind it unraised, and
 * irq_work_sync() at destroy waits with them: a task spinning forever
 * (non-RT) or stuck in D state (RT). rb_cpu_dead() wakes those readers.
 */
void ltt_rb_platform_wake(struct ltt_rb_buf *buf)
{
	if (buf->chan->attr.read_timer_us ||
	    unlikely(!cpu_online(smp_processor_id())))
		return;
	irq_work_queue(&buf->plat.wake_work);
}

void ltt_rb_platform_wake_now(struct ltt_rb_buf *buf)
{
	wake_up_interruptible(&buf->plat.read_wq);
}

void ltt_rb_platform_sync_writers(void)
{
	/* Writers run with preemption disabled: an RCU read side. */
	synchronize_rcu();
}

struct rb_switch_req {
	struct ltt_rb_buf *buf;
	enum ltt_rb_switch how;
};

/* As a writer of the CPU it runs on: only interrupts come in between. */
static long rb_switch_here(void *info)
{
	const struct rb_switch_req *req = info;

	preempt_disable();
	ltt_rb_switch_local(req->buf, req->how);
	preempt_enable();
	return 0;
}

/*
 * A CPU is dead (run by the CPU that took it down, hotplug lock held, so
 * no switch runs elsewhere): close its buffers' open packets, so that what
 * it recorded reaches the reader now rather than when it comes back or the
 * session stops, and wake their readers, for the packets it delivered
 * while going down without a wake-up.
 */
static int rb_cpu_dead(unsigned int cpu)
{
	struct ltt_rb_buf *buf;

	mutex_lock(&rb_bufs_lock);
	list_for_each_entry(buf, &rb_bufs, plat.node) {
		struct rb_switch_req req = { buf, LTT_RB_SWITCH_CLOSE };

		if (buf->cpu != cpu)
			continue;
		rb_switch_here(&req);
		ltt_rb_platform_wake_now(buf);
	}
	mutex_unlock(&rb_bufs_lock);
	return 0;
}

int ltt_rb_platform_setup(void)
{
	int ret;

	ret = cpuhp_setup_state_nocalls(CPUHP_BP_PREPARE_DYN,
					"ltt/ringbuffer:dead", NULL,
					rb_cpu_dead);
	if (ret < 0)
		return ret;
	rb_cpuhp_state = ret;
	return 0;
}

void ltt_rb_platform_teardown(void)
{
	if (rb_cpuhp_state >= 0)
		cpuhp_remove_state_nocalls(rb_cpuhp_state);
	rb_cpuhp_state = -1;
}

/**
 * ltt_rb_buf_switch() - close, open or end the buffer's packet
 * @buf: the buffer
 * @how: LTT_RB_SWITCH_CLOSE (flush), _OPEN (start) or _END (stop)
 *
 * The switch runs on the buffer's CPU, in a kworker bound to it, like a
 * writer there. The caller sleeps until it is done rather than spinning
 * on another CPU with preemption off, as a synchronous IPI would. When
 * that CPU is offline no writer can run there (the hotplug lock keeps it
 * so), so the switch runs here. Process context.
 */
void ltt_rb_buf_switch(struct ltt_rb_buf *buf, enum ltt_rb_switch how)
{
	struct rb_switch_req req = { buf, how };

	cpus_read_lock();
	if (cpu_online(buf->cpu))
		work_on_cpu(buf->cpu, rb_switch_here, &req);
	else
		rb_switch_here(&req);
	cpus_read_unlock();
}

/**
 * ltt_rb_buf_mmap() - map a buffer read-only into the reader's process
 * @buf: the buffer
 * @vma: the reader's mapping; vm_pgoff and the length select the part
 *
 * The whole area is mappable (ltt_rb_buf_mmap_len()); the reader looks
 * only at the sub-buffer it holds, at the offset get returned.
 *
 * Return: 0, -EPERM for a writable mapping, -EINVAL if out of the area.
 */
int ltt_rb_buf_mmap(struct ltt_rb_buf *buf, struct vm_area_struct *vma)
{
	const struct ltt_rb_mem *mem = buf->chan->attr.mem;
	unsigned long len = vma->vm_end - vma->vm_start;
	u64 pages = ltt_rb_buf_mmap_len(buf) >> PAGE_SHIFT;

	if (vma->vm_flags & VM_WRITE)
		return -EPERM;
	compat_vma_clear_maywrite(vma);
	if (!mem)
		return remap_vmalloc_range(vma, buf->base, vma->vm_pgoff);
	/* the caller's memory: physical pages with no vmalloc area */
	if (vma->vm_pgoff > pages || (len >> PAGE_SHIFT) > pages - vma->vm_pgoff)
		return -EINVAL;
	return remap_pfn_range(vma, vma->vm_start,
			       PHYS_PFN(mem->phys + (buf->base - mem->virt)) +
			       vma->vm_pgoff, len, vma->vm_page_prot);
}

/**
 * ltt_rb_buf_read_wq() - where readers of a buffer sleep
 * @buf: the buffer
 *
 * Woken by irq_work after a delivery, by the read timer, or by finalize.
 *
 * Return: the wait queue.
 */
wait_queue_head_t *ltt_rb_buf_read_wq(struct ltt_rb_buf *buf)
{
	return &buf->plat.read_wq;
}
