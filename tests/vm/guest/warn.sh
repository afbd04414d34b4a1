# SPDX-License-Identifier: GPL-2.0-only
# Deliberately broken: loads a module that hits WARN_ON, then taints the
# kernel by hand (U, the user's taint: bit 6) so that the script's own
# taint check has a new bit to catch even when a WARN at boot already set
# W. Every line of this script passes; the bench itself must report the
# script as failed (tests/vm/t/bench-catches-warn.t checks that it does).
. /ltt/guest-lib.sh

ok "modprobe ltt-test-warn" modprobe ltt-test-warn
ok "rmmod ltt-test-warn" rmmod ltt-test-warn
ok "taint the kernel by hand (U)" sh -c 'echo 64 >/proc/sys/kernel/tainted'
