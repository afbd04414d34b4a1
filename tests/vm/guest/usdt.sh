# SPDX-License-Identifier: GPL-2.0-only
# USDT probes (issue 41; host checks: t/usdt_check.py). The target
# ltt-usdt (static, <sys/sdt.h>) runs three rounds of N iterations, each
# on the script's SIGUSR1, firing tick(i, 3i) and guarded(i) when its
# semaphore is set, and says how many times it saw it set: round 1 before
# the enable (0), round 2 with ltt_test:* enabled in the running process
# (N), round 3 after lttctl disable removed them (0). The trace holds
# exactly round 2's N ticks and N guarded. Then a shared library:
# ltt_lib:* of libltt-usdt.so enabled before ltt-usdt-dl-dyn dlopen()s it
# on its go: the library sees its semaphore set N times, the trace holds
# its N ltt_lib:hit. Handshake through a FIFO: no sleep.
. /ltt/guest-lib.sh
U=/usr/libexec/ltt-tests/ltt-usdt
L=/usr/libexec/ltt-tests/libltt-usdt.so
D=/usr/libexec/ltt-tests/ltt-usdt-dl-dyn
N=40
F=/tmp/ltt-usdt.fifo

ok "load ltt" modprobe ltt
lttctl list --usdt --binary "$U" >"$OUT/list.txt" 2>&1
ok "list --usdt: tick, 2 arguments, no semaphore" \
	grep -Eq '^  ltt_test:tick +offset 0x[0-9a-f]+, 2 arguments$' "$OUT/list.txt"
ok "list --usdt: guarded, with its semaphore" \
	grep -Eq '^  ltt_test:guarded +offset 0x[0-9a-f]+, semaphore 0x[0-9a-f]+, 1 argument$' \
	"$OUT/list.txt"
ok "start session us" lttctl start -s us --no-statedump -o "$OUT/us" -e ltt_user_mark
fails_with 1 "lttctl: no USDT probe of $U matches zz:* (lttctl list --usdt --binary $U)" \
	"enable --usdt of no probe: refused, said" \
	lttctl enable -s us --usdt 'zz:*' --binary "$U"
rm -f "$F"
mkfifo "$F"
"$U" "$N" >"$F" &
pid=$!
exec 3<"$F"
read -r line <&3
is "$line" ready "the target waits for its go"
kill -USR1 "$pid"
read -r line <&3
is "$line" "round 1: 0" "round 1, before the enable: the semaphore never set"
ok "enable --usdt 'ltt_test:*' in the running target" \
	lttctl enable -s us --usdt 'ltt_test:*' --binary "$U"
lttctl status -s us >"$OUT/status.txt" 2>&1
ok "status: ltt_test:guarded, a uprobe of 1 field" \
	grep -Eq '^ +ltt_test:guarded +uprobe +.*ltt-usdt\+0x[0-9a-f]+, 1 field' "$OUT/status.txt"
kill -USR1 "$pid"
read -r line <&3
is "$line" "round 2: $N" "round 2, enabled: the semaphore set at each of the $N iterations"
ok "disable ltt_test:tick,ltt_test:guarded (the probes go)" \
	lttctl disable -s us ltt_test:tick,ltt_test:guarded
is "$(lttctl status -s us | grep -c 'ltt_test:')" 0 "status: no probe left"
kill -USR1 "$pid"
read -r line <&3
is "$line" "round 3: 0" "round 3, after the disable: the semaphore back at 0"
wait "$pid"
is "$?" 0 "the target ends"
exec 3<&-
rm -f "$F"

# a library: the probe enabled before any process maps it
mkfifo "$F"
"$D" "$N" >"$F" &
pid=$!
exec 3<"$F"
read -r line <&3
is "$line" ready "the dlopen() target waits for its go"
ok "enable --usdt 'ltt_lib:*' --binary libltt-usdt.so, not mapped yet" \
	lttctl enable -s us --usdt 'ltt_lib:*' --binary "$L"
kill -USR1 "$pid"
read -r line <&3
is "$line" "lib: $N" "the library, dlopen()ed after the enable, sees its semaphore set $N times"
wait "$pid"
is "$?" 0 "the dlopen() target ends"
exec 3<&-
rm -f "$F"
ok "disable ltt_lib:hit" lttctl disable -s us ltt_lib:hit
ok "stop us" lttctl stop -s us
echo "$N" >"$OUT/n"
ok "unload ltt" rmmod ltt
