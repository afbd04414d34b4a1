# SPDX-License-Identifier: GPL-2.0-only
# Deliberately hangs: one passing line, then a sleep past the boot's time
# limit. The bench must name this script as the one that hung and still
# bring back its line and those of the scripts before it
# (tests/vm/t/bench-catches-warn.t checks that it does).
. /ltt/guest-lib.sh

ok "a line before the hang" true
sleep 100000
