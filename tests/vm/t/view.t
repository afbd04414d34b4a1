#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The timeline page (ltt-view, issue 14) in a real browser:
# guest/view.sh records a busy process pinned to CPU 1 between two user
# marks, a sleeper, system calls, and a trace with a forced loss;
# t/view_check.py renders both with ltt-view, opens them in headless
# chromium and checks the drawn lanes, spans, marks and lost region
# against the trace as bt2 reads it, and counts the Perfetto export.
. "$(dirname "$0")/../lib.sh"
for k in $(vm_kernels view); do
	vm_boot --kernel "$k" --smp 2 guest/view.sh
	host_check --prefix "$k" /usr/bin/python3 "$(dirname "$0")/view_check.py" "$VM_OUT/view"
done
done_testing
