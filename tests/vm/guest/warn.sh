# SPDX-License-Identifier: GPL-2.0-only
# Deliberately broken: loads a module that hits WARN_ON. Every line of this
# script passes; the bench itself must report the script as failed
# (tests/vm/t/bench-catches-warn.t checks that it does).
. /ltt/guest-lib.sh

ok "modprobe ltt-test-warn" modprobe ltt-test-warn
ok "rmmod ltt-test-warn" rmmod ltt-test-warn
