#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# lttctl list with every event's fields, and the EVENT_FIELDS ioctl's
# errors (ctl-errors.t runs the same ioctl tests on other kernels); the
# autoload of probe modules and lttctl --version (guest/autoload.sh).
. "$(dirname "$0")/../lib.sh"
for k in $(vm_kernels ctl-list); do
	vm_boot --kernel "$k" --smp 2 guest/ctl-list.sh guest/autoload.sh
done
done_testing
