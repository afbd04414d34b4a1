#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Smoke test, 2 CPUs, on every kernel of tests/vm/kernels (6.12-rt in
# make check-wide), so that
# kernel-version and PREEMPT_RT differences are met the day they appear.
. "$(dirname "$0")/../lib.sh"
for k in $(vm_kernels smoke); do
	vm_boot --kernel "$k" --smp 2 guest/smoke.sh
done
done_testing
