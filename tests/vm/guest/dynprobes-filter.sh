# SPDX-License-Identifier: GPL-2.0-only
# Filters on a uprobe and a uretprobe (host checks: t/dynprobes_check.py
# filters; issue 43). Session UF: a uprobe on ltt_uprobe_compute(x, 7)
# with --filter 'x >= 3 && x != 5' and a uretprobe with --filter
# 'retval > 40'; session U0: the same probes without a filter. The target
# calls it for x = 1..N (returns 7x + 1): UF holds exactly the calls and
# returns its filters select, U0 every one.
. /ltt/guest-lib.sh
UP=/usr/libexec/ltt-tests/ltt-uprobe-target
N=8

ok "load ltt" modprobe ltt
ok "start session UF" lttctl start -s UF --no-statedump -o "$OUT/UF" -e ltt_user_mark
ok "start session U0" lttctl start -s U0 --no-statedump -o "$OUT/U0" -e ltt_user_mark
ok "UF: uprobe upf with --filter 'x >= 3 && x != 5'" \
	lttctl enable -s UF --uprobe upf --binary "$UP" \
		--symbol ltt_uprobe_compute --fetch 'x=$arg1:s32' \
		--fetch 'y=$arg2:s32' --filter 'x >= 3 && x != 5'
ok "UF: uretprobe upf_ret with --filter 'retval > 40'" \
	lttctl enable -s UF --uretprobe upf_ret --binary "$UP" \
		--symbol ltt_uprobe_compute --filter 'retval > 40'
ok "U0: uprobe up0, no filter" \
	lttctl enable -s U0 --uprobe up0 --binary "$UP" \
		--symbol ltt_uprobe_compute --fetch 'x=$arg1:s32' \
		--fetch 'y=$arg2:s32'
ok "U0: uretprobe up0_ret, no filter" \
	lttctl enable -s U0 --uretprobe up0_ret --binary "$UP" \
		--symbol ltt_uprobe_compute
is "$(lttctl status -s UF | grep '^    filter on')" \
	"$(printf '%s\n' '    filter on upf: x >= 3 && x != 5' \
		'    filter on upf_ret: retval > 40')" \
	"status UF: both filters, as given"
is "$($UP $N)" 260 "the uprobe target runs $N calls (sum of 7x + 1)"
for s in UF U0; do ok "stop $s" lttctl stop -s $s; done
echo "$N" >"$OUT/n"
ok "unload ltt" rmmod ltt
