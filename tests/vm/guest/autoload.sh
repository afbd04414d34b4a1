# SPDX-License-Identifier: GPL-2.0-only
# lttctl and modules: --version and the message when ltt.ko is not loaded;
# lttctl list shows the events of installed probe modules not loaded (from
# their ltt_events modinfo tag); lttctl start -e 'irq_*' loads ltt and
# ltt-probe-irq only; --no-autoload loads none and says which pattern
# matched nothing and which module would bring it. The modules are
# installed under /lib/modules/$(uname -r) with depmod, as make install
# does; busybox's modprobe loads them.
. /ltt/guest-lib.sh
unset LTT_AUTOLOAD	# guest-init.sh turns autoload off for the others

# tagged MODULE: how many events its ltt_events tags name, read from its
# file with tr and sed (lttctl parses the ELF section itself)
tagged() {
	tr '\0' '\n' <"$(find /lib/modules/$(uname -r) -name "$1.ko")" |
		sed -n 's/^ltt_events=//p' | tr ',' '\n' | grep -c .
}

probes() {	# the ltt probe modules loaded, by name, one line
	ls /sys/module | grep '^ltt_probe_' | tr '\n' ' '
}

ok "ltt is not loaded at first" test ! -d /sys/module/ltt
lttctl --version >"$OUT/version.txt" 2>&1
ok "--version: the tool's version and ABI" \
	grep -Eq '^lttctl \(ltt\) [0-9]+\.[0-9]+\.[0-9]+, ABI [0-9]+\.[0-9]+$' "$OUT/version.txt"
ok "--version: module not loaded, and what to do" \
	sh -c "grep -qx 'module: not loaded' '$OUT/version.txt' && grep -qx 'lttctl: ltt.ko is not loaded: modprobe ltt' '$OUT/version.txt'"
lttctl list >"$OUT/list-noltt.txt" 2>&1
is "$?" 1 "list without ltt.ko fails"
ok "list without ltt.ko: ltt.ko is not loaded: modprobe ltt" \
	grep -q '^lttctl: ltt.ko is not loaded: modprobe ltt' "$OUT/list-noltt.txt"

ok "modprobe ltt" modprobe ltt
lttctl --version >"$OUT/version2.txt" 2>&1
ok "--version: the module's version and ABI" \
	grep -Eq '^module: ltt [0-9]+\.[0-9]+\.[0-9]+, ABI [0-9]+\.[0-9]+$' "$OUT/version2.txt"
is "$(sed -n 's/.*, ABI //p' "$OUT/version2.txt" | sort -u | wc -l)" 1 \
	"--version: the tool's ABI is the module's"

ok "lttctl list" sh -c "lttctl list --brief >'$OUT/list.txt'"
nl=$(awk '/^Not loaded/ { on = 1; next } on' "$OUT/list.txt")
for m in irq sched syscalls timer signal block kmem; do
	is "$(printf '%s\n' "$nl" | awk -v m="ltt-probe-$m" '$2 == m' | wc -l | tr -d ' ')" \
		"$(tagged "ltt-probe-$m")" \
		"list: every event of ltt-probe-$m, not loaded, with its module"
done
ok "list: irq_handler_entry of ltt-probe-irq, not loaded" \
	sh -c "printf '%s\n' \"\$1\" | grep -Eq '^  irq_handler_entry +ltt-probe-irq$'" _ "$nl"
is "$(probes)" "" "listing loads nothing"

# --no-autoload: nothing loaded, and the pattern that matched nothing named
lttctl start --no-autoload -s n -o "$OUT/n" -e 'irq_*' -e sched_switch \
	>"$OUT/noauto.txt" 2>&1
is "$?" 0 "start --no-autoload -e 'irq_*' -e sched_switch"
is "$(probes)" "" "--no-autoload loads no probe module"
ok "--no-autoload: 'irq_*' matched nothing, said so" \
	grep -q "no event matches 'irq_\*' now" "$OUT/noauto.txt"
ok "--no-autoload: and which module brings it" \
	grep -q "'irq_\*' matches events of ltt-probe-irq, which is not loaded" "$OUT/noauto.txt"
ok "--no-autoload: sched_switch matched nothing, said so" \
	grep -q "no event matches 'sched_switch' now" "$OUT/noauto.txt"
ok "stop" lttctl stop -s n

# autoload: -e 'irq_*' loads ltt-probe-irq only (and ltt, unloaded first)
ok "unload ltt" modprobe -r ltt
ok "start -e 'irq_*'" sh -c "lttctl start -s a -o '$OUT/a' -e 'irq_*' >'$OUT/auto.txt' 2>&1"
ok "ltt loaded by start" test -d /sys/module/ltt
is "$(probes)" "ltt_probe_irq " "start -e 'irq_*' loads ltt-probe-irq only"
ok "start says so" grep -qx 'Loaded probe module ltt-probe-irq' "$OUT/auto.txt"
lttctl list --brief >"$OUT/list-auto.txt" 2>&1
ok "irq_handler_entry recording" \
	grep -Eq '^  irq_handler_entry +tracepoint +[0-9]+ fields? +recording$' "$OUT/list-auto.txt"
ok "irq_handler_entry no longer under Not loaded" \
	sh -c "! awk '/^Not loaded/ { on = 1; next } on' '$OUT/list-auto.txt' | grep -q '^  irq_handler_entry '"
ok "stop" lttctl stop -s a
lttctl start -s b -o "$OUT/b" -e 'irq_*' -e 'sig*' >"$OUT/auto2.txt" 2>&1
is "$(probes)" "ltt_probe_irq ltt_probe_signal " \
	"a second start loads only what is missing (signal)"
is "$(grep -c '^Loaded' "$OUT/auto2.txt")" 1 "and says so once"
ok "stop" lttctl stop -s b

ok "unload the probes and ltt" \
	sh -c "rmmod ltt_probe_irq ltt_probe_signal && modprobe -r ltt"
