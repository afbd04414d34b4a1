#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Bad ioctls, unprivileged users and bad lttctl arguments, on 6.12.
. "$(dirname "$0")/../lib.sh"
vm_boot --kernel 6.12 --smp 2 guest/ctl-errors.sh
done_testing
