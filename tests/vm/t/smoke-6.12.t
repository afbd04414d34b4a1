#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Smoke test on Debian's 6.12 kernel, so that kernel-version differences are
# met the day they appear.
. "$(dirname "$0")/../lib.sh"
vm_boot --kernel 6.12 --smp 2 guest/smoke.sh
done_testing
