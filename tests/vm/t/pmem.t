#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The persistent flight recorder (issue 25): traces that survive a crash
# in a memmap= region, recovered after a warm reboot.
#  crash  one QEMU process, eight boots (--reboots 7), 2 CPUs
#         (guest/pmem-crash.sh): ltt.pmem over System RAM refused; a cold
#         region, random bytes, a layout version 99: nothing recovered; a
#         recorder crashed by sysrq c recovered; a new persistent session
#         refused while data waits, accepted after recover or with
#         --discard-recovered; a stop trigger's trace through a crash,
#         ending with its event; a second crash before recovery (the
#         first's trace kept as it was); a clean reboot (the reboot
#         notifier: the open packet kept); a hard reset by sysrq b (no
#         notifier: the open packet dropped, and said so); a saved
#         persistent session after a crash: lttctl load --all --start
#         (the service) recovers the region into its recovered-BOOT_ID/,
#         within its keep limits, then starts it, and ships it to the
#         session's relay (lttng-relayd in the guest).
#  smp    boot 1 on 2 CPUs, crashed mid-record (ltt-test-pmem torn=1);
#         boot 2 on 1 CPU, another QEMU process on the same RAM (--smp 2,1)
#         (guest/pmem-smp.sh): recovered, the torn record not in it.
# Both with KASLR on (the default); smp on the first kernel only.
# Traces checked by t/pmem_check.py.
. "$(dirname "$0")/../lib.sh"
# boot 8's relay, to which the service ships the recovered trace
relayd=$(command -v lttng-relayd)
if [ -z "$relayd" ]; then
	echo "not ok - lttng-relayd on the host (lttng-tools: make deps)"
	done_testing
fi
VM_EXTRA_BINS="$relayd"
export VM_EXTRA_BINS
region='memmap=16M$0x20000000 ltt.pmem=16M@0x20000000'
for k in $(vm_kernels pmem); do
	vm_boot --kernel "$k" --smp 2 --reboots 7 --append "$region" guest/pmem-crash.sh
	host_check --prefix "$k" /usr/bin/python3 "$(dirname "$0")/pmem_check.py" crash "$VM_OUT/pmem-crash"
	ok "$k: babeltrace2 reads the relay's copy of svc's recovered trace" \
		babeltrace2 "$VM_OUT/pmem-crash/svc-relay"
	# The CPU count changed across the reboot: on the first kernel (6.1)
	# only, for make check's time; the region's format is the same.
	[ "$k" = "$(vm_kernels pmem | head -n 1)" ] || continue
	# another directory: the first run's stays for a look
	VM_OUT_BASE=${VM_OUT_BASE:-$LTT_ROOT/tests/vm/out}/smp \
		vm_boot --kernel "$k" --smp 2,1 --reboots 1 --append "$region" guest/pmem-smp.sh
	host_check --prefix "$k" /usr/bin/python3 "$(dirname "$0")/pmem_check.py" smp "$VM_OUT/pmem-smp"
done
done_testing
