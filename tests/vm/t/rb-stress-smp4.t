#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Ring buffer stress in the kernel on 4 CPUs (see guest/rb-stress.sh).
. "$(dirname "$0")/../lib.sh"
for k in $(vm_kernels rb-stress-smp4); do
	vm_boot --kernel "$k" --smp 4 guest/rb-stress.sh
done
done_testing
