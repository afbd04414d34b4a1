# SPDX-License-Identifier: GPL-2.0-only
# Triggers racing the fire path (tests/vm/progs/ltt-trigger-stress.c: its
# phases and what each asserts): adds and removes under a flood, sessions
# started, stopped and destroyed from three threads, a notification fd
# closed under a blocked reader, the watched event's probe module
# unloaded. The runner fails the boot on any warning, lockup or hang.
. /ltt/guest-lib.sh
S=${S:-10}

ok "modprobe ltt" modprobe ltt
ltt-trigger-stress "$S" >"$OUT/stress.tap"
is "$?" 0 "ltt-trigger-stress $S exits 0"
cat "$OUT/stress.tap"
ok "every session was destroyed" sh -c '[ "$(lttctl status)" = "No tracing session." ]'
ok "ltt unloads" rmmod ltt-probe-signal ltt
