#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Ring buffer stress in the kernel on 2 CPUs (see guest/rb-stress.sh).
. "$(dirname "$0")/../lib.sh"
vm_boot --kernel 6.1 --smp 2 guest/rb-stress.sh
done_testing
