#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Triggers added, removed, fired, their sessions stopped and destroyed and
# their event's probe unloaded, all at once, on 2 CPUs
# (guest/trigger-stress.sh). Every phase must report: a missing line is a
# phase cut short.
. "$(dirname "$0")/../lib.sh"
for k in $(vm_kernels trigger-stress); do
	vm_boot --kernel "$k" --smp 2 guest/trigger-stress.sh
	tap=$VM_OUT/trigger-stress/stress.tap
	for t in \
		"churn: STOP during the flood: each trigger's fires == acted + skipped" \
		"churn: the reader ends at DESTROY; records + missed == the last seq" \
		"life: each blocked reader ended with 0 at DESTROY, its seqs in order" \
		"close: the blocked read returns that notification" \
		"close: the blocked read returns 0 at DESTROY" \
		"unload: the triggers watch 0 events once it is gone, 1 once back" \
		"unload: fires == acted + skipped, some fired"; do
		ok "stress: $t" grep -qxF "ok - $t" "$tap"
	done
done
done_testing
