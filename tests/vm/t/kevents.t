#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The irq, timer, signal, block, kmem, net, workqueue, module, power,
# printk, vmscan, filemap and writeback probe modules and the rest of the
# sched events, 2 CPUs, on the kernels of tests/vm/kernels: each event
# caused by a known workload in guest/kevents.sh, its fields checked
# exactly on the host with babeltrace2 (t/kevents_check.py,
# t/kevents_net.py). Not caused: cpu_frequency (QEMU has no cpufreq
# driver), consume_skb, the kswapd and direct reclaim events (no quick,
# deterministic shortage of the guest's whole memory).
. "$(dirname "$0")/../lib.sh"
check=$(dirname "$0")/kevents_check.py
for k in $(vm_kernels kevents); do
	vm_boot --kernel "$k" --smp 2 guest/kevents.sh
	host_check --prefix "$k" /usr/bin/python3 "$check" "$VM_OUT/kevents"
done
done_testing
