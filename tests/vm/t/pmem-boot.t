#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# A boot session in the persistent region (issue 25 with issue 24's boot
# sessions): ltt.boot_persistent=1 records the boot in the region; a crash;
# the next boot's same boot session keeps that trace (ordinary buffers
# this boot) and lttctl recover writes it: guest/pmem-boot.sh,
# t/pmem_boot_check.py. One QEMU process, two boots.
. "$(dirname "$0")/../lib.sh"
args='memmap=16M$0x20000000 ltt.pmem=16M@0x20000000'
args="$args ltt.boot_session=bootfr ltt.boot_probes=sched ltt.boot_overwrite=1"
args="$args ltt.boot_persistent=1 ltt.boot_events=sched_process_exec,ltt_user_mark"
args="$args ltt.boot_subbuf_size=16k ltt.boot_num_subbuf=8"
for k in $(vm_kernels pmem-boot); do
	vm_boot --kernel "$k" --smp 2 --reboots 1 --append "$args" guest/pmem-boot.sh
	# what ltt.ko said at each load (the scripts' dmesg starts later)
	ok "$k: boot 1: the region empty, the boot session in it" sh -c \
		"grep -qF 'ltt: pmem: 16 MiB at 0x20000000: empty' '$VM_OUT/boot.dmesg' &&
		 grep -qF 'ltt: boot session bootfr recording (overwrite, persistent, 16384 x 8 per CPU)' '$VM_OUT/boot.dmesg'"
	ok "$k: boot 2: the previous boot's trace found" \
		grep -qF 'ltt: pmem: 16 MiB at 0x20000000: recovered session "bootfr" channel "kernel"' "$VM_OUT/boot2.dmesg"
	ok "$k: boot 2: the boot session kept it, recording in ordinary buffers" \
		grep -qF "ltt: boot session bootfr: the persistent region holds the previous boot's trace (lttctl recover): this boot records in ordinary buffers" "$VM_OUT/boot2.dmesg"
	host_check --prefix "$k" /usr/bin/python3 "$(dirname "$0")/pmem_boot_check.py" "$VM_OUT/pmem-boot"
done
done_testing
