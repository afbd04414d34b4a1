#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Event filters (guest/filters.sh): an integer filter and a $ctx glob,
# each exact against an unfiltered session recording the same events;
# bad filters refused with a message. Traces read with bt2
# (t/filters_check.py). In the same boot, guest/filters-multi.sh: three
# rules each with its own filter in one session, $ctx.vpid among them
# (t/filters_multi_check.py).
. "$(dirname "$0")/../lib.sh"
for k in $(vm_kernels filters); do
	vm_boot --kernel "$k" --smp 2 guest/filters.sh guest/filters-multi.sh
	host_check --prefix "$k" /usr/bin/python3 "$(dirname "$0")/filters_check.py" "$VM_OUT/filters"
	host_check --prefix "$k" /usr/bin/python3 "$(dirname "$0")/filters_multi_check.py" \
		"$VM_OUT/filters-multi"
done
done_testing
