#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make bench-gate's comparison (bench/gate.py, issue 40), without a VM:
# against a planted baseline, a figure 4 % over it fails the gate, one
# 2 % over passes, one lower passes, one missing fails, a new one is
# listed and passes; the table names each figure with its baseline, now
# and ratio; --write keeps the reason of an unchanged figure and gives the
# changed one the new reason; bench/baseline itself parses and every
# figure bench/guest/gate.sh measures is in it.
. "$(dirname "$0")/../vm/lib.sh"	# TAP helpers
root=$LTT_ROOT
gate=$root/bench/gate
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT

cat >"$d/baseline" <<'B'
# planted: instructions per unit
pair 100.0 first baseline
other 200.0 first baseline
B
measure() {	# measure PAIR OTHER [EXTRA LINE]
	printf 'pair %s\nother %s\n' "$1" "$2" >"$d/now"
	[ -z "${3:-}" ] || echo "$3" >>"$d/now"
}
cmp() { /usr/bin/python3 "$root/bench/gate.py" compare "$d/baseline" "$d/now" "$@"; }

measure 104.0 200.0
out=$(cmp); rc=$?
is "$rc" 1 "+4 % fails the gate"
ok "the table says which rose" grep -q '^pair .*100\.0 .*104\.0 .*1\.040  ROSE' <<<"$out"
ok "and the verdict names it" grep -qx 'bench-gate: FAILED: pair' <<<"$out"
measure 102.0 200.0
cmp >/dev/null; is "$?" 0 "+2 % passes"
measure 103.0 200.0
cmp >/dev/null; is "$?" 0 "+3 % exactly passes"
measure 100.0 206.2
cmp >/dev/null; is "$?" 1 "+3.1 % of the second figure fails"
measure 90.0 150.0
out=$(cmp); rc=$?
is "$rc" 0 "cheaper passes"
ok "ratio under 1 printed" grep -q '^other .*200\.0 .*150\.0 .*0\.750$' <<<"$out"
measure 104.0 200.0
cmp --limit 5 >/dev/null; is "$?" 0 "--limit 5: +4 % passes"
printf 'pair 100.0\n' >"$d/now"
cmp >/dev/null; is "$?" 1 "a baseline figure not measured fails"
measure 100.0 200.0 "fresh 50.0"
out=$(cmp); rc=$?
is "$rc" 0 "a figure the baseline lacks passes"
ok "listed as new" grep -q '^fresh .* 50\.0 .* new$' <<<"$out"

# --write: the reason of an unchanged figure stays, a changed one's is new
measure 100.0 190.0 "fresh 50.0"
/usr/bin/python3 "$root/bench/gate.py" write "$d/baseline" "$d/now" --reason "cheaper: x" >/dev/null
is "$(grep -v '^#' "$d/baseline")" "pair 100.0 first baseline
other 190.0 cheaper: x
fresh 50.0 cheaper: x" "--write keeps the unchanged reason, gives the changed ones --reason"
ok "--write keeps the comments" grep -qx '# planted: instructions per unit' "$d/baseline"
/usr/bin/python3 "$root/bench/gate.py" write "$d/baseline" "$d/now" >/dev/null 2>&1
is "$?" 0 "--write without a reason when nothing changed"
measure 101.0 190.0 "fresh 50.0"
/usr/bin/python3 "$root/bench/gate.py" write "$d/baseline" "$d/now" >/dev/null 2>&1
is "$?" 1 "--write refuses a change without a reason"

# bench/baseline itself, through the driver (--measured: no boot): its
# figures +2 % pass, +4 % fail; it has every figure gate.sh measures
names=$(sed -n 's/^ok "\([a-z_]*\)" put \1 .*/\1/p' "$root/bench/guest/gate.sh" | sort)
ok "gate.sh names its figures" test -n "$names"
is "$(awk '!/^#/ && NF { print $1 }' "$root/bench/baseline" | sort)" "$names" \
	"bench/baseline has exactly the figures gate.sh measures"
for pct in 2 4; do
	awk -v f="1.0$pct" '!/^#/ && NF { printf "%s %.1f\n", $1, $2 * f }' \
		"$root/bench/baseline" >"$d/now"
	"$root/bench/gate" --measured "$d/now" >"$d/out" 2>&1
	echo $? >"$d/rc.$pct"
done
is "$(cat "$d/rc.2")" 0 "bench/gate: bench/baseline's figures +2 % pass"
is "$(cat "$d/rc.4")" 1 "bench/gate: bench/baseline's figures +4 % fail"
done_testing
