#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# trace_mark() and declared events end to end on Debian's 6.1 kernel, 2 CPUs:
# guest/marker.sh and guest/sched-syscalls.sh, then the traces checked here
# with babeltrace2 (t/marker_check.py).
. "$(dirname "$0")/../lib.sh"
vm_boot --kernel 6.1 --smp 2 guest/marker.sh guest/sched-syscalls.sh
check=$(dirname "$0")/marker_check.py
_tap_relay < <(/usr/bin/python3 "$check" markers "$VM_OUT/marker")
_tap_relay < <(/usr/bin/python3 "$check" sched "$VM_OUT/sched-syscalls")
done_testing
