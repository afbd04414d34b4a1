// SPDX-License-Identifier: GPL-2.0-only
/*
 * Counted events for the control-device tests: writing N to
 * /proc/ltt-test-fire fires the marker ltt_test_fire N times on every
 * online CPU (from a kworker bound to it), with a per-CPU sequence number,
 * so that a test knows exactly how many events of each CPU a trace holds.
 * Reading the file gives the total fired since load.
 */
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/cpu.h>
#include <linux/workqueue.h>
#include <linux/uaccess.h>
#include <trace/marker.h>

static atomic64_t fired;
static DEFINE_MUTEX(fire_lock);

static long fire_on_cpu(void *arg)
{
	unsigned long i, n = (unsigned long)arg;
	unsigned int cpu = raw_smp_processor_id();

	for (i = 0; i < n; i++) {
		trace_mark(ltt_test_fire, "cpu %u seq %lu", cpu, i);
		if (!(i & 1023))
			cond_resched();
	}
	atomic64_add(n, &fired);
	return 0;
}

static ssize_t fire_write(struct file *file, const char __user *ubuf,
			  size_t count, loff_t *ppos)
{
	unsigned long n;
	unsigned int cpu;
	int ret;

	ret = kstrtoul_from_user(ubuf, count, 10, &n);
	if (ret)
		return ret;
	if (n > 100000000)
		return -EINVAL;
	mutex_lock(&fire_lock);
	cpus_read_lock();
	for_each_online_cpu(cpu)
		work_on_cpu(cpu, fire_on_cpu, (void *)n);
	cpus_read_unlock();
	mutex_unlock(&fire_lock);
	return count;
}

static int fire_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%lld\n", (long long)atomic64_read(&fired));
	return 0;
}

static int fire_open(struct inode *inode, struct file *file)
{
	return single_open(file, fire_show, NULL);
}

static const struct proc_ops fire_ops = {
	.proc_open = fire_open,
	.proc_read = seq_read,
	.proc_write = fire_write,
	.proc_lseek = seq_lseek,
	.proc_release = single_release,
};

static struct proc_dir_entry *fire_entry;

static int __init ltt_test_ctl_init(void)
{
	fire_entry = proc_create("ltt-test-fire", 0600, NULL, &fire_ops);
	return fire_entry ? 0 : -ENOMEM;
}

static void __exit ltt_test_ctl_exit(void)
{
	proc_remove(fire_entry);
}

module_init(ltt_test_ctl_init);
module_exit(ltt_test_ctl_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt test: counted marker events on every CPU");
