# SPDX-License-Identifier: GPL-2.0-only
# Two concurrent sessions recording different events; destroy gives back
# the buffers' memory, also over repeated create/destroy cycles.
. /ltt/guest-lib.sh

ok "modprobe ltt-test-ctl" modprobe ltt-test-ctl
ok "session A records ltt_test_fire" lttctl start --no-statedump -s A -o "$OUT/a" -e ltt_test_fire --subbuf-size 64k
ok "session B records ltt_user_mark" lttctl start --no-statedump -s B -o "$OUT/b" -e ltt_user_mark --subbuf-size 64k
ok "status lists both" sh -c 'lttctl status | grep -c "^Session [AB]: tracing" | grep -q 2'
fails_with 1 "lttctl: 2 sessions exist, choose one with -s: A B" \
	"stop without -s is refused when two sessions exist, exit 1, naming them" \
	lttctl stop
echo 300 >/proc/ltt-test-fire
lttctl mark "for B"
ok "stop A" lttctl stop -s A
echo 300 >/proc/ltt-test-fire			# A is gone
lttctl mark "for B again"
ok "stop B" lttctl stop -s B
nproc >"$OUT/nproc"

# Memory: a session with 2 x 16 MiB per CPU, then destroyed, 5 times.
# Large enough that the per-CPU page caches do not hide it. The meminfo
# counters fold per-CPU deltas lazily: stat_refresh folds them now.
mem() {
	echo 3 >/proc/sys/vm/drop_caches
	echo 1 >/proc/sys/vm/stat_refresh
	echo "$(meminfo MemAvailable) $(meminfo SUnreclaim) $(meminfo VmallocUsed)"
}
# kB of ring buffer mappings ltt holds now (each vmap area has a guard page).
# /proc/vmallocinfo is read a page at a time by position in a list that any
# fork or exit changes (vmap'ed stacks): one read can skip an area or count
# one twice. Two reads in a row that agree (of at most five) are the answer.
vmap_kb_once() {
	awk '/\[ltt\]/ && / vmap/ { kb += $2 / 1024 - 4 } END { print kb + 0 }' /proc/vmallocinfo
}
ltt_vmap_kb() {
	local a b i=0
	a=$(vmap_kb_once)
	while [ $i -lt 4 ]; do
		b=$(vmap_kb_once)
		[ "$a" = "$b" ] && break
		a=$b
		i=$((i + 1))
	done
	echo "$a"
}
big() { lttctl start --no-statedump -s m -o /tmp/m --no-daemon --subbuf-size 16M --num-subbuf 2 >/dev/null; }
big && lttctl destroy -s m >/dev/null
is "$?" 0 "warm-up cycle"
set -- $(mem)
avail0=$1 slab0=$2 vm0=$3
ok "a session with 2 x 16 MiB per CPU" big
diag "ring buffer mappings: $(ltt_vmap_kb) kB"
cmp_le "$(( 32768 * $(nproc) ))" "$(ltt_vmap_kb)" "its buffers take at least 32 MiB per CPU"
ok "destroy it" lttctl destroy -s m
is "$(ltt_vmap_kb)" 0 "destroy unmapped every ring buffer"
i=0
while [ $i -lt 5 ]; do
	big && lttctl destroy -s m >/dev/null || echo "# cycle $i failed"
	i=$((i + 1))
done
set -- $(mem)
diag "after destroy + 5 cycles: MemAvailable $avail0/$1 SUnreclaim $slab0/$2 VmallocUsed $vm0/$3 kB"
cmp_le "$(( avail0 - $1 ))" 4096 "MemAvailable back within 4 MiB"
slab_le "$(( $2 - slab0 ))" 256 "unreclaimable slab grew by at most 256 kB"
cmp_le "$(( $3 - vm0 ))" 256 "vmalloc usage grew by at most 256 kB"
ok "unload" modprobe -r ltt-test-ctl ltt
