// SPDX-License-Identifier: GPL-2.0-only
/*
 * The state dump: what already existed when a session started, recorded
 * into that session only, as LTTng names it (readers such as Trace
 * Compass and lttng-analyses build their process tables from it):
 *
 *   lttng_statedump_start
 *   lttng_statedump_process_state	every thread: ids, name, kind, status
 *   lttng_statedump_process_pid_ns	the same thread seen in its pid ns
 *   lttng_statedump_file_descriptor	every open fd of every process
 *   lttng_statedump_network_interface	every IPv4 address of every device
 *   lttng_statedump_cpu_topology	every online CPU
 *   lttng_statedump_interrupt		every handler of every interrupt
 *   lttng_statedump_process_{net,uts,ipc,cgroup,time,user}_ns
 *					every thread's namespaces
 *   lttng_statedump_process_cgroup	every thread's cgroup (v2): its id
 *					and path (ltt's; LTTng has none)
 *   lttng_statedump_end
 *
 * Interrupts: irq_to_desc() is not exported, but irq_get_irq_data() is,
 * and the descriptor is around its irq_data; each is read under its own
 * lock, in an RCU section that keeps a sparse descriptor from being freed.
 *
 * Left out because no exported kernel API reaches them: block devices
 * (block_class is not exported), the module list (nor is the list), the
 * mount namespace (struct mnt_namespace is private to fs/). See
 * doc/design.md.
 *
 * These events have no probe to attach: this event source only registers
 * them, and its dump operation writes them itself, into the bindings of one
 * session. It runs in process context when the session starts (if any of
 * its channels records one of these events) and on LTT_IOC_SESSION_STATEDUMP.
 *
 * Cost and locks: threads are visited one pid at a time (find_ge_pid()
 * under RCU, a reference taken, the lock dropped, cond_resched()), so no
 * lock is held for the dump's duration and tracing goes on meanwhile.
 * A process's fd table is walked with iterate_fd(), under that table's
 * own lock. A record that does not fit in the buffer is counted as lost
 * by the ring buffer, like any other.
 */
#include <linux/cpu.h>
#include <linux/fdtable.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/cgroup.h>
#include <linux/cred.h>
#include <linux/inetdevice.h>
#include <linux/interrupt.h>
#include <linux/ipc_namespace.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <linux/netdevice.h>
#include <linux/pid_namespace.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/time_namespace.h>
#include <linux/nsproxy.h>
#include <linux/utsname.h>
#include <net/net_namespace.h>
#include <asm/processor.h>
#include <asm/topology.h>
#include <ltt/emit.h>
#include <ltt/fields.h>
#include <uapi/ltt/abi.h>
#include "context.h"		/* ltt_cgroup_path() */
#include "event-source.h"
#include "registry.h"
#include "session.h"

#define SD_INT(n, type, b)	LTT_FIELD_TYPE_DESC(#n, type, b)
#define SD_STR(n)		LTT_FIELD_STRING_DESC(#n)

/* Field values: v[i].i for an integer field i, v[i].s for a string. */
union sd_val {
	u64 i;
	const char *s;
};

#define SD_MAX_FIELDS	10

/* Values of lttng_statedump_process_state's type and status, as LTTng's. */
enum { SD_USER_THREAD = 0, SD_KERNEL_THREAD = 1 };
enum { SD_MODE_UNKNOWN = 5 };
enum { SD_SUBMODE_UNKNOWN = 1 };
enum {
	SD_UNNAMED = 0, SD_WAIT_CPU = 2, SD_ZOMBIE = 4, SD_WAIT = 5,
	SD_RUN = 6, SD_DEAD = 7,
};

static const struct ltt_field_desc sd_process_fields[] = {
	SD_INT(tid, pid_t, 10),
	SD_INT(pid, pid_t, 10),
	SD_INT(ppid, pid_t, 10),
	SD_STR(name),
	SD_INT(type, int, 10),
	SD_INT(mode, int, 10),
	SD_INT(submode, int, 10),
	SD_INT(status, int, 10),
	SD_INT(cpu, unsigned int, 10),
};

static const struct ltt_field_desc sd_pid_ns_fields[] = {
	SD_INT(tid, pid_t, 10),
	SD_INT(vtid, pid_t, 10),
	SD_INT(vpid, pid_t, 10),
	SD_INT(vppid, pid_t, 10),
	SD_INT(ns_level, int, 10),
	SD_INT(ns_inum, unsigned int, 10),
};

/*
 * The process that owns the table (LTTng records the table's kernel
 * address instead, which would leak a kernel pointer to the trace's
 * readers): threads sharing a table share their process.
 */
static const struct ltt_field_desc sd_fd_fields[] = {
	SD_INT(pid, pid_t, 10),
	SD_INT(fd, int, 10),
	SD_INT(flags, unsigned int, 8),
	SD_INT(fmode, unsigned int, 16),
	SD_STR(filename),
};

static const struct ltt_field_desc sd_netif_fields[] = {
	SD_STR(name),
	SD_INT(address_ipv4, u32, 16),	/* network byte order */
};

static const struct ltt_field_desc sd_cpu_fields[] = {
	SD_STR(architecture),
	SD_INT(cpu_id, u16, 10),
	SD_STR(vendor),
	SD_INT(family, u8, 10),
	SD_INT(model, u8, 10),
	SD_STR(model_name),
	SD_INT(physical_id, u16, 10),
	SD_INT(core_id, u16, 10),
	SD_INT(cores, u16, 10),
};

/* The handler's kernel address that LTTng records is left out, as above. */
static const struct ltt_field_desc sd_irq_fields[] = {
	SD_INT(irq, unsigned int, 10),
	SD_STR(name),			/* the irq chip's name */
	SD_STR(action),			/* the handler's name */
};

/* process_{net,uts,ipc,cgroup,time}_ns */
static const struct ltt_field_desc sd_ns_fields[] = {
	SD_INT(tid, pid_t, 10),
	SD_INT(ns_inum, unsigned int, 10),
};

static const struct ltt_field_desc sd_user_ns_fields[] = {
	SD_INT(tid, pid_t, 10),
	SD_INT(vuid, uid_t, 10),
	SD_INT(vgid, gid_t, 10),
	SD_INT(ns_level, int, 10),
	SD_INT(ns_inum, unsigned int, 10),
};

/* The thread's cgroup of the cgroup v2 hierarchy: the cgroup_id and
 * cgroup context fields' values, the path whole (up to PATH_MAX). */
static const struct ltt_field_desc sd_cgroup_fields[] = {
	SD_INT(tid, pid_t, 10),
	SD_INT(cgroup_id, u64, 10),
	SD_STR(path),
};

#define SD_EVENT(n, f)							\
	{ .name = "lttng_statedump_" #n, .type = LTT_EVENT_STATEDUMP,	\
	  .fields = f, .nr_fields = ARRAY_SIZE(f) }
#define SD_EVENT_EMPTY(n)						\
	{ .name = "lttng_statedump_" #n, .type = LTT_EVENT_STATEDUMP }

enum {
	SD_START, SD_END, SD_PROCESS, SD_PID_NS, SD_FD, SD_NETIF, SD_CPU,
	SD_IRQ, SD_NET_NS, SD_UTS_NS, SD_IPC_NS, SD_CGROUP_NS, SD_TIME_NS,
	SD_USER_NS, SD_CGROUP,
};

static struct ltt_event_desc sd_events[] = {
	[SD_START] = SD_EVENT_EMPTY(start),
	[SD_END] = SD_EVENT_EMPTY(end),
	[SD_PROCESS] = SD_EVENT(process_state, sd_process_fields),
	[SD_PID_NS] = SD_EVENT(process_pid_ns, sd_pid_ns_fields),
	[SD_FD] = SD_EVENT(file_descriptor, sd_fd_fields),
	[SD_NETIF] = SD_EVENT(network_interface, sd_netif_fields),
	[SD_CPU] = SD_EVENT(cpu_topology, sd_cpu_fields),
	[SD_IRQ] = SD_EVENT(interrupt, sd_irq_fields),
	[SD_NET_NS] = SD_EVENT(process_net_ns, sd_ns_fields),
	[SD_UTS_NS] = SD_EVENT(process_uts_ns, sd_ns_fields),
	[SD_IPC_NS] = SD_EVENT(process_ipc_ns, sd_ns_fields),
	[SD_CGROUP_NS] = SD_EVENT(process_cgroup_ns, sd_ns_fields),
	[SD_TIME_NS] = SD_EVENT(process_time_ns, sd_ns_fields),
	[SD_USER_NS] = SD_EVENT(process_user_ns, sd_user_ns_fields),
	[SD_CGROUP] = SD_EVENT(process_cgroup, sd_cgroup_fields),
};

/* Does @s record event @e at all? (RCU: the bindings may change.) */
static bool sd_wanted(const struct ltt_session *s, unsigned int e)
{
	struct ltt_event_binding *b;
	bool ret = false;

	rcu_read_lock();
	list_for_each_entry_rcu(b, &sd_events[e].bindings, node)
		if (b->chan->session == s && ltt_emit_gate(b, true)) {
			ret = true;
			break;
		}
	rcu_read_unlock();
	return ret;
}

/*
 * Record event @e with values @v in every channel of @s that has it
 * enabled, through the values-array writer (filters included, trackers
 * not: the dump describes every task, whoever runs it).
 */
static void sd_record(const struct ltt_session *s, unsigned int e,
		      const union sd_val *v)
{
	struct ltt_event_desc *desc = &sd_events[e];
	struct ltt_fvalue fv[SD_MAX_FIELDS];
	unsigned int i;

	for (i = 0; i < desc->nr_fields; i++) {
		if (desc->fields[i].kind == LTT_FIELD_STRING)
			fv[i] = (struct ltt_fvalue){
				.type = LTT_FV_KSTR_NOFAULT, .str = v[i].s,
				.len = LTT_STRING_MAX,
			};
		else
			fv[i] = (struct ltt_fvalue){
				.type = LTT_FV_INT, .i = v[i].i,
			};
	}
	/* the one level an instrumentation site holds (src/context.c) */
	preempt_disable_notrace();
	ltt_emit_values_in(desc, fv, s);
	preempt_enable_notrace();
}

static int sd_task_status(struct task_struct *t)
{
	unsigned int state = READ_ONCE(t->__state);

	if (t->exit_state == EXIT_ZOMBIE)
		return SD_ZOMBIE;
	if (t->exit_state == EXIT_DEAD)
		return SD_DEAD;
	if (state == TASK_RUNNING)
		return READ_ONCE(t->on_cpu) ? SD_RUN : SD_WAIT_CPU;
	if (state & (TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE))
		return SD_WAIT;
	return SD_UNNAMED;
}

static void sd_thread(const struct ltt_session *s, struct task_struct *t)
{
	struct pid_namespace *ns;
	char comm[TASK_COMM_LEN];
	union sd_val v[SD_MAX_FIELDS];
	pid_t ppid;

	rcu_read_lock();
	ppid = task_tgid_nr(rcu_dereference(t->real_parent));
	ns = task_active_pid_ns(t);
	v[0].i = task_pid_nr(t);
	v[1].i = task_pid_nr_ns(t, ns);
	v[2].i = task_tgid_nr_ns(t, ns);
	v[3].i = ns ? task_tgid_nr_ns(rcu_dereference(t->real_parent), ns) : 0;
	v[4].i = ns ? ns->level : 0;
	v[5].i = ns ? ns->ns.inum : 0;
	rcu_read_unlock();
	if (sd_wanted(s, SD_PID_NS))
		sd_record(s, SD_PID_NS, v);

	get_task_comm(comm, t);
	v[0].i = task_pid_nr(t);
	v[1].i = task_tgid_nr(t);
	v[2].i = ppid;
	v[3].s = comm;
	v[4].i = t->flags & PF_KTHREAD ? SD_KERNEL_THREAD : SD_USER_THREAD;
	v[5].i = SD_MODE_UNKNOWN;
	v[6].i = SD_SUBMODE_UNKNOWN;
	v[7].i = sd_task_status(t);
	v[8].i = task_cpu(t);
	sd_record(s, SD_PROCESS, v);
}

/* 0 for a namespace the kernel is built without (no CONFIG_NET: NULL) */
#define SD_NS_INUM(p)	((p) ? (p)->ns.inum : 0)

/* The namespaces of @t's nsproxy (under task_lock(), which keeps it),
 * and of its credentials. */
static void sd_namespaces(const struct ltt_session *s, struct task_struct *t)
{
	unsigned int inum[SD_USER_NS + 1] = { 0 };
	union sd_val v[SD_MAX_FIELDS];
	const struct cred *cred;
	struct nsproxy *nsp;
	unsigned int e;

	task_lock(t);
	nsp = t->nsproxy;
	if (!nsp) {			/* exiting */
		task_unlock(t);
		return;
	}
	inum[SD_NET_NS] = SD_NS_INUM(nsp->net_ns);
	inum[SD_UTS_NS] = SD_NS_INUM(nsp->uts_ns);
	inum[SD_IPC_NS] = SD_NS_INUM(nsp->ipc_ns);
	inum[SD_CGROUP_NS] = SD_NS_INUM(nsp->cgroup_ns);
#ifdef CONFIG_TIME_NS
	inum[SD_TIME_NS] = SD_NS_INUM(nsp->time_ns);
#endif
	task_unlock(t);
	v[0].i = task_pid_nr(t);
	for (e = SD_NET_NS; e <= SD_TIME_NS; e++) {
#ifndef CONFIG_TIME_NS
		if (e == SD_TIME_NS)
			break;
#endif
		v[1].i = inum[e];
		if (sd_wanted(s, e))
			sd_record(s, e, v);
	}

	rcu_read_lock();
	cred = __task_cred(t);
	v[1].i = from_kuid_munged(cred->user_ns, cred->uid);
	v[2].i = from_kgid_munged(cred->user_ns, cred->gid);
	v[3].i = cred->user_ns->level;
	v[4].i = cred->user_ns->ns.inum;
	rcu_read_unlock();
	if (sd_wanted(s, SD_USER_NS))
		sd_record(s, SD_USER_NS, v);
}

/* @t's cgroup (v2), read under RCU as the context fields read it
 * (src/context.c), into @buf of PATH_MAX bytes. */
static void sd_cgroup(const struct ltt_session *s, struct task_struct *t,
		      char *buf)
{
	union sd_val v[SD_MAX_FIELDS];
	u64 id = 0;

	buf[0] = '\0';
#ifdef CONFIG_CGROUPS
	rcu_read_lock();
	id = cgroup_id(task_dfl_cgroup(t));
	ltt_cgroup_path(task_dfl_cgroup(t), buf, PATH_MAX);
	rcu_read_unlock();
#endif
	v[0].i = task_pid_nr(t);
	v[1].i = id;
	v[2].s = buf;
	sd_record(s, SD_CGROUP, v);
}

struct sd_fd_ctx {
	const struct ltt_session *s;
	pid_t pid;
	char *buf;			/* PATH_MAX bytes for d_path() */
};

/* iterate_fd() callback, under the table's lock: must not sleep. */
static int sd_fd(const void *arg, struct file *file, unsigned int fd)
{
	const struct sd_fd_ctx *c = arg;
	union sd_val v[SD_MAX_FIELDS];
	const char *name;

	name = d_path(&file->f_path, c->buf, PATH_MAX);
	if (IS_ERR(name))
		name = "(unknown)";
	v[0].i = c->pid;
	v[1].i = fd;
	v[2].i = file->f_flags;
	v[3].i = (__force unsigned int)file->f_mode;
	v[4].s = name;
	sd_record(c->s, SD_FD, v);
	return 0;			/* go on */
}

/* Once per process (its leader): its fd table, if it still has one. */
static void sd_files(const struct ltt_session *s, struct task_struct *t,
		     char *buf)
{
	struct sd_fd_ctx c = { .s = s, .pid = task_tgid_nr(t), .buf = buf };
	struct files_struct *files;

	task_lock(t);
	files = t->files;
	if (files)
		iterate_fd(files, 0, sd_fd, &c);
	task_unlock(t);
}

static void sd_threads(const struct ltt_session *s, char *buf)
{
	bool fds = buf && sd_wanted(s, SD_FD);
	bool cgroups = buf && sd_wanted(s, SD_CGROUP);
	struct task_struct *t;
	struct pid *pid;
	int nr = 1;

	for (;;) {
		rcu_read_lock();
		pid = find_ge_pid(nr, &init_pid_ns);
		t = pid ? pid_task(pid, PIDTYPE_PID) : NULL;
		if (pid)
			nr = pid_nr(pid) + 1;
		if (t)
			get_task_struct(t);
		rcu_read_unlock();
		if (!pid)
			break;
		if (!t)
			continue;	/* a pid without a thread (yet) */
		sd_thread(s, t);
		sd_namespaces(s, t);
		if (cgroups)
			sd_cgroup(s, t, buf);
		if (fds && thread_group_leader(t))
			sd_files(s, t, buf);
		put_task_struct(t);
		cond_resched();
	}
}

#ifdef CONFIG_NET
static void sd_netifs(const struct ltt_session *s)
{
	union sd_val v[SD_MAX_FIELDS];
	struct net_device *dev;
	struct in_device *in;
	struct in_ifaddr *ifa;

	rcu_read_lock();
	for_each_netdev_rcu(&init_net, dev) {
		in = __in_dev_get_rcu(dev);
		v[0].s = dev->name;
		v[1].i = 0;
		if (!in || !rcu_access_pointer(in->ifa_list)) {
			sd_record(s, SD_NETIF, v);	/* no address */
			continue;
		}
		in_dev_for_each_ifa_rcu(ifa, in) {
			v[1].i = (__force u32)ifa->ifa_address;
			sd_record(s, SD_NETIF, v);
		}
	}
	rcu_read_unlock();
}
#else
static void sd_netifs(const struct ltt_session *s)
{
	/* a kernel without networking has no interface to name */
}
#endif

static void sd_cpus(const struct ltt_session *s)
{
	union sd_val v[SD_MAX_FIELDS];
	unsigned int cpu;

	cpus_read_lock();
	for_each_online_cpu(cpu) {
		const struct cpuinfo_x86 *c = &cpu_data(cpu);

		v[0].s = "x86";
		v[1].i = cpu;
		v[2].s = c->x86_vendor_id[0] ? c->x86_vendor_id : "unknown";
		v[3].i = c->x86;
		v[4].i = c->x86_model;
		v[5].s = c->x86_model_id[0] ? c->x86_model_id : "unknown";
		v[6].i = topology_physical_package_id(cpu);
		v[7].i = topology_core_id(cpu);
		v[8].i = c->booted_cores;
		sd_record(s, SD_CPU, v);
	}
	cpus_read_unlock();
}

/*
 * Every handler (action) of every interrupt, with its chip's name: what
 * /proc/interrupts shows. An interrupt is read under its descriptor's
 * lock; RCU keeps a sparse descriptor from being freed meanwhile.
 */
static void sd_irqs(const struct ltt_session *s)
{
	union sd_val v[SD_MAX_FIELDS];
	struct irqaction *action;
	struct irq_desc *desc;
	struct irq_data *d;
	unsigned long flags;
	unsigned int irq;

	if (!sd_wanted(s, SD_IRQ))
		return;
	for (irq = 0; irq < nr_irqs; irq++) {
		rcu_read_lock();
		d = irq_get_irq_data(irq);
		if (d) {
			desc = irq_data_to_desc(d);
			raw_spin_lock_irqsave(&desc->lock, flags);
			v[0].i = irq;
			v[1].s = desc->irq_data.chip && desc->irq_data.chip->name ?
				 desc->irq_data.chip->name : "none";
			for (action = desc->action; action;
			     action = action->next) {
				v[2].s = action->name ? action->name : "";
				sd_record(s, SD_IRQ, v);
			}
			raw_spin_unlock_irqrestore(&desc->lock, flags);
		}
		rcu_read_unlock();
		cond_resched();
	}
}

/**
 * sd_dump() - record what exists now into session @s
 * @s: an active session (a reference held)
 *
 * Does nothing if no channel of @s records a state dump event. Process
 * context, no ltt lock held; may take long (every thread and open file),
 * sleeping between processes.
 *
 * Without memory for a path buffer, the open files and the cgroups are
 * left out (and the kernel log says so): the rest is still worth having.
 *
 * Return: true if @s records some of it, false if none (nothing done).
 */
static bool sd_dump(struct ltt_session *s)
{
	char *buf = NULL;
	unsigned int e;

	for (e = 0; e < ARRAY_SIZE(sd_events); e++)
		if (sd_wanted(s, e))
			break;
	if (e == ARRAY_SIZE(sd_events))
		return false;
	if (sd_wanted(s, SD_FD) || sd_wanted(s, SD_CGROUP)) {
		buf = kmalloc(PATH_MAX, GFP_KERNEL);
		if (!buf)
			pr_warn_ratelimited("ltt: state dump of session %s without open files and cgroups: out of memory\n",
					    s->name);
	}
	sd_record(s, SD_START, NULL);
	sd_cpus(s);
	sd_netifs(s);
	sd_irqs(s);
	sd_threads(s, buf);
	sd_record(s, SD_END, NULL);
	kfree(buf);
	return true;
}

/* ---- the event source: registration only ----------------------------- */

static int sd_init(void)
{
	unsigned int i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(sd_events); i++) {
		sd_events[i].owner = THIS_MODULE;
		ret = ltt_event_register(&sd_events[i]);
		if (ret)
			goto err;
	}
	return 0;
err:
	while (i--)
		ltt_event_unregister(&sd_events[i]);
	return ret;
}

static void sd_exit(void)
{
	unsigned int i = ARRAY_SIZE(sd_events);

	while (i--)
		ltt_event_unregister(&sd_events[i]);
}

static bool sd_available(struct ltt_event_desc *desc)
{
	return true;
}

/* Nothing to put in place: sd_dump() reads the bindings. */
static int sd_attach(struct ltt_event_desc *desc)
{
	return 0;
}

static void sd_detach(struct ltt_event_desc *desc)
{
}

const struct ltt_event_source ltt_source_statedump = {
	.name = "statedump",
	.init = sd_init,
	.exit = sd_exit,
	.available = sd_available,
	.attach = sd_attach,
	.detach = sd_detach,
	.dump = sd_dump,
};
