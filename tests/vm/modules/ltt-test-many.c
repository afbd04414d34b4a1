// SPDX-License-Identifier: GPL-2.0-only
/*
 * Many event classes for the readers test: 40 markers, ltt_test_many_0 ..
 * ltt_test_many_39, so that a channel recording them has 31 event ids or
 * more and takes the large event header kind. Writing N to
 * /proc/ltt-test-many fires N rounds of the 40 on every online CPU (from
 * a kworker bound to it).
 */
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/cpu.h>
#include <linux/workqueue.h>
#include <linux/uaccess.h>
#include <trace/marker.h>

#define NR_MANY	40
#define MANY(i)	case i: trace_mark(ltt_test_many_##i, "cpu %u seq %lu", cpu, seq); break

static void fire_one(unsigned int m, unsigned int cpu, unsigned long seq)
{
	switch (m) {
	MANY(0); MANY(1); MANY(2); MANY(3); MANY(4);
	MANY(5); MANY(6); MANY(7); MANY(8); MANY(9);
	MANY(10); MANY(11); MANY(12); MANY(13); MANY(14);
	MANY(15); MANY(16); MANY(17); MANY(18); MANY(19);
	MANY(20); MANY(21); MANY(22); MANY(23); MANY(24);
	MANY(25); MANY(26); MANY(27); MANY(28); MANY(29);
	MANY(30); MANY(31); MANY(32); MANY(33); MANY(34);
	MANY(35); MANY(36); MANY(37); MANY(38); MANY(39);
	}
}

static long fire_on_cpu(void *arg)
{
	unsigned long i, n = (unsigned long)arg;
	unsigned int cpu = raw_smp_processor_id(), m;

	for (i = 0; i < n; i++) {
		for (m = 0; m < NR_MANY; m++)
			fire_one(m, cpu, i);
		cond_resched();
	}
	return 0;
}

static DEFINE_MUTEX(fire_lock);

static ssize_t many_write(struct file *file, const char __user *ubuf,
			  size_t count, loff_t *ppos)
{
	unsigned long n;
	unsigned int cpu;
	int ret;

	ret = kstrtoul_from_user(ubuf, count, 10, &n);
	if (ret)
		return ret;
	if (n > 1000000)
		return -EINVAL;
	mutex_lock(&fire_lock);
	cpus_read_lock();
	for_each_online_cpu(cpu)
		work_on_cpu(cpu, fire_on_cpu, (void *)n);
	cpus_read_unlock();
	mutex_unlock(&fire_lock);
	return count;
}

static const struct proc_ops many_ops = {
	.proc_write = many_write,
};

static struct proc_dir_entry *many_entry;

static int __init ltt_test_many_init(void)
{
	many_entry = proc_create("ltt-test-many", 0200, NULL, &many_ops);
	return many_entry ? 0 : -ENOMEM;
}

static void __exit ltt_test_many_exit(void)
{
	proc_remove(many_entry);
}

module_init(ltt_test_many_init);
module_exit(ltt_test_many_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt test: 40 marker event classes fired on every CPU");
