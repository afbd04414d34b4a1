# SPDX-License-Identifier: GPL-2.0-only
# make demo, guest side: load ltt and its probes, record a short trace of a
# small workload, leave it in $OUT/trace.
. /ltt/guest-lib.sh

ok "load the core module" modprobe ltt
for m in /lib/modules/$LTT_KVER/extra/ltt-probe-*.ko; do
	[ -e "$m" ] || continue
	m=$(basename "$m" .ko)
	ok "load $m" modprobe "$m"
done
if command -v lttctl >/dev/null; then
	ok "lttctl start" lttctl start -s demo -o "$OUT/trace" --all
	for i in 1 2 3 4 5; do ls / >/dev/null; sleep 0.1; done
	ok "lttctl stop (writes the trace out, destroys the session)" lttctl stop -s demo
else
	diag "lttctl is not built yet: modules loaded only"
fi
ok "ltt is loaded" grep -q '^ltt ' /proc/modules
