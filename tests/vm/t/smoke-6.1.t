#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Smoke test on Debian's 6.1 kernel, 2 CPUs.
. "$(dirname "$0")/../lib.sh"
vm_boot --kernel 6.1 --smp 2 guest/smoke.sh
done_testing
