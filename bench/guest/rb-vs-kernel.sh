# SPDX-License-Identifier: GPL-2.0-only
# Guest side of bench/rb-vs-kernel: run the ring buffer benchmark module and
# keep its kernel log lines in $OUT/result.
. /ltt/guest-lib.sh
ok "ring buffer benchmark ran" modprobe ltt-bench-rb ${BENCH_ARGS:-}
dmesg | grep 'ltt-bench-rb:' | sed 's/^\[[^]]*\] //' >"$OUT/result"
ok "benchmark printed its summary" grep -q ratio= "$OUT/result"
