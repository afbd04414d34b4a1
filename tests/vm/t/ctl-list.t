#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# lttctl list with every event's fields, and the EVENT_FIELDS ioctl's
# errors, on 6.1 (ctl-errors.t runs the same ioctl tests on 6.12).
. "$(dirname "$0")/../lib.sh"
vm_boot --kernel 6.1 --smp 2 guest/ctl-list.sh
done_testing
