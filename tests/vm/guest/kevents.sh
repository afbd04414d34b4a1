# SPDX-License-Identifier: GPL-2.0-only
# The kernel's instrumentation by subsystem (irq, timer, signal, block,
# kmem, net, workqueue, module, power, printk, vmscan, filemap, writeback
# and the rest of sched), each event caused by a known workload
# (ltt-kevents, ltt-workload, ltt-test-work); t/kevents_check.py checks the traces on
# the host with exact values. What the host needs is left in $OUT.
. /ltt/guest-lib.sh
X=/usr/libexec/ltt-tests
SYSTEMS="sched irq timer signal block kmem net workqueue module power printk \
	rcu vmscan filemap writeback"
# The block write: 128 sectors at 1 GiB on the virtio disk, far beyond
# the tar of results that /init writes at its start when the tests end.
SECTOR=2097152
NSECT=128

ok "load ltt" modprobe ltt
for s in $SYSTEMS; do
	ok "load ltt-probe-$s" modprobe "ltt-probe-$s"
done
ok "lttctl list" sh -c "lttctl list >'$OUT/list.txt'"
for e in irq_handler_entry softirq_entry local_timer_entry hrtimer_start \
	 timer_start itimer_expire tick_stop signal_generate signal_deliver \
	 block_rq_issue block_rq_complete block_bio_queue kmalloc \
	 mm_page_alloc page_fault_user sched_migrate_task sched_stat_runtime \
	 mm_page_alloc_zone_locked net_dev_xmit netif_receive_skb netif_rx \
	 napi_poll kfree_skb workqueue_queue_work workqueue_execute_end \
	 module_load module_free module_request cpu_idle suspend_resume \
	 console mm_vmscan_direct_reclaim_begin mm_filemap_add_to_page_cache \
	 writeback_single_inode global_dirty_state consume_skb module_get \
	 mm_vmscan_memcg_reclaim_begin mm_vmscan_memcg_reclaim_end; do
	ok "lttctl list: $e is a tracepoint event" \
		grep -Eq "^  $e +tracepoint +[0-9]+ fields? *\$" "$OUT/list.txt"
done

# What the host cannot know: addresses, device numbers.
awk '$3 == "hrtimer_wakeup" { print $1 }' /proc/kallsyms >"$OUT/hrtimer_wakeup"
set -- $(stat -L -c '%t %T' /dev/vda)
echo "$(( (0x$1 << 20) | 0x$2 )) $SECTOR $NSECT" >"$OUT/blk"

# Session 1: everything but the memory events, which would drown it.
ok "start a session on sched, irq, timer, signal and block events" \
	lttctl start -s k -o "$OUT/trace" -e 'sched_*' -e 'irq_*' \
	-e 'softirq_*' -e '*_entry' -e '*_exit' -e 'timer_*' -e 'hrtimer_*' \
	-e 'itimer_*' -e tick_stop -e 'signal_*' -e 'block_*'
# a signal to a known pid, caught by a known handler
$X/ltt-kevents sig >"$OUT/sig" &
spid=$!
wait_for 5 test -s "$OUT/sig"
ok "SIGUSR1 sent" kill -USR1 $spid
wait $spid
is "$?" 0 "the signalled process caught it"
# a one-shot ITIMER_REAL of 50 ms
$X/ltt-kevents itimer 50 >"$OUT/itimer"
is "$?" 0 "the itimer expired"
# five 10 ms nanosleeps
$X/ltt-workload 0 5 &
wpid=$!
wait $wpid
is "$?" 0 "the sleeper ran"
echo $wpid >"$OUT/sleeper"
# a migration from CPU 0 to CPU 1
$X/ltt-kevents migrate 0 1 >"$OUT/migrate"
is "$?" 0 "the task moved from CPU 0 to CPU 1"
# a direct write to the virtio disk
$X/ltt-kevents blk /dev/vda $SECTOR $NSECT >"$OUT/blkpid"
is "$?" 0 "the O_DIRECT write and fdatasync"
# priority inheritance: a FIFO task blocks on a PI futex a child holds
$X/ltt-kevents pi >"$OUT/pi"
is "$?" 0 "the PI futex changed hands"
# a kernel thread stopped, returning 42
ok "load ltt-test-kthread" modprobe ltt-test-kthread
wait_for 5 pidof ltt-test-kthr >/dev/null
pidof ltt-test-kthr >"$OUT/kthread"
ok "unload ltt-test-kthread (kthread_stop)" rmmod ltt-test-kthread
sleep 0.5	# the sleeper's task_struct is freed after an RCU grace period
ok "stop session 1" lttctl stop -s k
cat /proc/interrupts >"$OUT/interrupts"

# Session 2: memory events and page faults while 16 fresh pages are
# written (sched_switch says who runs).
ok "start a session on memory events" \
	lttctl start -s m -o "$OUT/trace-kmem" -e sched_switch -e kmalloc \
	-e kfree -e 'kmem_cache_*' -e 'mm_page_*' -e 'page_fault_*'
$X/ltt-kevents touch 16 >"$OUT/touch"
is "$?" 0 "16 pages touched"
$X/ltt-kevents kfault 8 >"$OUT/kfault"
is "$?" 0 "8 pages of /dev/zero read into fresh pages"
ok "stop session 2" lttctl stop -s m

# Session 4: a UDP datagram over loopback and one to a closed port,
# ltt-test-work's load (a work item, a kmalloc, a cancelled timer) and
# unload, a module request, ltt's
# refcount taken and dropped, a buffered read of the disk and its pages
# dropped, a buffered write of it written back, idle CPUs, a line to the
# kernel log, a freeze stopped after the freezer (pm_test).
# The kernel functions the host needs, start and end (the next symbol's
# address: the kernel's symbols are listed in address order), the release
# (the enums of its headers).
awk 'w && $1 != w { print n, w, $1; w = "" }
     !w && ($3 == "misc_open" || $3 == "__fput" || $3 == "__udp4_lib_rcv") {
	n = $3; w = $1 }' /proc/kallsyms >"$OUT/syms"
uname -r >"$OUT/release"
ok "start session 4: net, workqueue, module, power, filemap, writeback..." \
	lttctl start -s n -o "$OUT/trace-net" -e sched_switch -e 'net_*' \
	-e 'netif_*' -e napi_poll -e 'softirq_*' -e 'workqueue_*' \
	-e 'module_*' -e kmalloc -e kfree -e timer_init -e timer_start \
	-e timer_cancel -e cpu_idle -e 'mm_filemap_*' -e kfree_skb \
	-e 'writeback_*' -e global_dirty_state -e console \
	-e suspend_resume -e block_bio_queue
$X/ltt-kevents udp 1000 >"$OUT/udp"
is "$?" 0 "a datagram of 1000 bytes over loopback"
$X/ltt-kevents udpdrop >"$OUT/udpdrop"
is "$?" 0 "a datagram to a closed port of 127.0.0.1"
$X/ltt-kevents modref /dev/ltt-mark 5 >"$OUT/modref"
is "$?" 0 "/dev/ltt-mark (fops of ltt) opened and closed 5 times"
tok=$(cat /proc/sys/kernel/random/uuid)
echo "ltt-kevents console line $tok" >/dev/kmsg
echo "ltt-kevents console line $tok" >"$OUT/console"
ok "load ltt-test-work" modprobe ltt-test-work
awk '$4 == "[ltt_test_work]" { print $3, $1 }' /proc/kallsyms >"$OUT/work-syms"
ok "unload ltt-test-work" rmmod ltt-test-work
# socket() of a family no module provides asks for module net-pf-5
$X/ltt-kevents modreq 5 >"$OUT/modreq"
is "$?" 0 "socket(AF_APPLETALK) requested its module"
# The disk held open meanwhile: its last close would write back and drop
# its whole page cache (blkdev_flush_mapping).
exec 3</dev/vda
ok "read 3 pages of the disk through its page cache" \
	dd if=/dev/vda of=/dev/null bs=4096 skip=$((SECTOR / 8 + 4096)) count=3
echo $((SECTOR / 8 + 4096)) >"$OUT/readpage"
$X/ltt-kevents dontneed /dev/vda $((SECTOR / 8 + 4096)) 3 >"$OUT/dontneed"
is "$?" 0 "those 3 pages dropped from the page cache (POSIX_FADV_DONTNEED)"
# 4 pages written to the page cache and left dirty; the flusher writes
# them back on its own (dirty for more than 10 ms, woken every 50 ms):
# done when the disk's count of sectors written has grown by 32. (The
# dirty page counts of /proc/meminfo leave out the per-CPU deltas.)
wsectors() {
	set -- $(cat /sys/block/vda/stat)
	echo "$7"
}
written() { [ "$(wsectors)" -ge "$1" ]; }
echo 1 >/proc/sys/vm/dirty_expire_centisecs
echo 5 >/proc/sys/vm/dirty_writeback_centisecs
w0=$(wsectors)
$X/ltt-kevents bufwrite /dev/vda $((SECTOR / 8 + 8192)) 4 >"$OUT/bufwrite"
is "$?" 0 "4 pages written to the disk's page cache"
echo $((SECTOR / 8 + 8192)) 4 >"$OUT/wbpage"
ok "the flusher wrote them to the disk" wait_for 10 written $((w0 + 32))
echo 3000 >/proc/sys/vm/dirty_expire_centisecs
echo 500 >/proc/sys/vm/dirty_writeback_centisecs
exec 3<&-
# Reading /proc/vmstat computes the dirty thresholds (global_dirty_state).
sh -c 'echo $$ >"$OUT/vmstat-pid"; exec cat /proc/vmstat' >"$OUT/vmstat"
# A freeze that stops after freezing the tasks (pm_test=freezer, no delay).
if [ -w /sys/power/pm_test ] &&
   [ -w /sys/module/suspend/parameters/pm_test_delay ] &&
   grep -qw freeze /sys/power/state; then
	echo 0 >/sys/module/suspend/parameters/pm_test_delay
	echo freezer >/sys/power/pm_test
	ok "freeze (s2idle) under pm_test=freezer" \
		sh -c 'echo freeze >/sys/power/state'
	echo none >/sys/power/pm_test
	echo freezer >"$OUT/pm_test"
else
	diag "no pm_test (CONFIG_PM_DEBUG) or freeze state: suspend_resume" \
		"not caused"
fi
ok "stop session 4" lttctl stop -s n
[ -e /sys/devices/system/cpu/cpu0/cpufreq ] ||
	diag "no cpufreq driver (cpu0 has no cpufreq): cpu_frequency not caused"

# Session 5: reclaim in a memory cgroup: 32 MiB of the disk read through
# its page cache by a process of a cgroup limited to 8 MiB.
MEMCG=/sys/fs/cgroup/ltt-kevents
ok "mount cgroup2, a cgroup with memory.max 8M" sh -c "
	mount -t cgroup2 none /sys/fs/cgroup &&
	echo +memory >/sys/fs/cgroup/cgroup.subtree_control &&
	mkdir $MEMCG && echo 8M >$MEMCG/memory.max"
ok "start a session on vmscan events" \
	lttctl start -s r -o "$OUT/trace-vmscan" -e sched_switch \
	-e 'mm_vmscan_*'
sh -c "echo \$\$ >$MEMCG/cgroup.procs && echo \$\$ >'$OUT/memcg-pid' &&
	exec dd if=/dev/vda of=/dev/null bs=1M skip=1100 count=32 2>/dev/null"
is "$?" 0 "32 MiB of the disk read in the cgroup"
ok "stop session 5" lttctl stop -s r
cat $MEMCG/memory.events >"$OUT/memcg-events"
echo $((8 << 20)) $((32 << 20)) >"$OUT/memcg"

# Each probe module unloaded while its events are being recorded.
ok "start a session recording every event" \
	lttctl start -s u -o "$OUT/trace-unload" -a
$X/ltt-workload 200 20 &
for s in $SYSTEMS; do
	sleep 0.05
	ok "unload ltt-probe-$s while it records" rmmod "ltt-probe-$s"
done
wait
ok "the session goes on without them" sh -c "lttctl status -s u >/dev/null"
ok "stop session 3" lttctl stop -s u
