# SPDX-License-Identifier: GPL-2.0-only
# The persistent flight recorder across a change of CPU count and a record
# torn by the crash (issue 25; host checks: t/pmem_check.py smp): two
# QEMU processes on one RAM file (tests/vm/run --smp 2,1 --reboots 1).
#  boot 1  2 CPUs: a persistent flight recorder, marks on CPU 0 and CPU 1
#          at once, each CPU's last logged; then ltt-test-pmem torn=1 on
#          CPU 1 reserves a mark, writes half of it ("TORN...") and
#          panics without committing it.
#  boot 2  1 CPU: ltt finds the session of 2 CPUs; refused; lttctl
#          recover writes both CPUs' streams ($OUT/rec: the host checks
#          CPU 0 ends at its logged mark, CPU 1 holds no part of the torn
#          record and every packet before the open one); a new persistent
#          session is accepted.
. /ltt/guest-lib.sh
. /ltt/lib/pmem.sh
N=5000
where

case $LTT_VM_BOOT in
1)
	is "$(nproc)" 2 "boot 1: 2 CPUs"
	uname -r >"$OUT/kernel"
	load_ltt "boot 1" "empty"
	accepted "boot 1" torn
	region_is "boot 1" "recording session torn, channel pm"
	marks_on_two $N c0 c1
	vm_crash_then_continue taskset -c 1 modprobe ltt-test-pmem torn=1
	;;
2)
	is "$(nproc)" 1 "boot 2: 1 CPU"
	load_ltt "boot 2" "recovered .*"
	waiting "boot 2" torn 2
	refused "boot 2"
	recover "boot 2" torn 2 "$OUT/rec"
	region_is "boot 2, recovered" "free"
	accepted "boot 2, recovered" again
	ok "boot 2: destroy" $T lttctl destroy -s again
	unload_ltt "boot 2"
	;;
esac
