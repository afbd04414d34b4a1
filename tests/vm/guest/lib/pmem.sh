# SPDX-License-Identifier: GPL-2.0-only
# Helpers of the persistent flight recorder's guest scripts (issue 25:
# guest/pmem-*.sh, t/pmem.t), sourced after /ltt/guest-lib.sh. The region
# is on the kernel command line, memmap=16M$0x20000000 (set aside) and
# ltt.pmem=16M@0x20000000, which busybox modprobe passes to ltt.ko.
PMEM=16M@0x20000000
PMEM_AT="16 MiB at 0x20000000"
T="timeout 60"
# The persistent channel of every session here: marks only, 8 x 4 KiB per
# CPU, so that a few thousand marks overwrite the oldest.
PM_OPTS="-c pm --no-statedump --overwrite --persistent -e ltt_user_mark --subbuf-size 4k --num-subbuf 8"

# plain ERE: ERE as words for a test's description (no \, ".+" as "...").
plain() {
	printf '%s' "$1" | sed 's/\\//g; s/\.[*+]/.../g'
}

# like GOT ERE DESC: passes when GOT is exactly one line and ERE matches
# all of it.
like() {
	if [ -n "$1" ] && [ "$(printf '%s\n' "$1" | wc -l)" = 1 ] &&
		printf '%s\n' "$1" | grep -Eqx -- "$2"; then
		echo "ok - $3"
		return 0
	fi
	echo "not ok - $3"
	printf '%s\n' "$1" | head -n 10 | sed 's/^/#   got: /'
	echo "#  want: $2"
	return 1
}

# has TEXT STRING DESC: passes when TEXT contains STRING.
has() {
	case $1 in
	*"$2"*) echo "ok - $3"; return 0 ;;
	esac
	echo "not ok - $3"
	printf '%s\n' "$1" | head -n 10 | sed 's/^/#   got: /'
	echo "#  want: ...$2..."
	return 1
}

# pmem_lines: the "ltt: pmem: " lines of the kernel log so far.
pmem_lines() {
	dmesg | sed -n 's/.*\(ltt: pmem: .*\)/\1/p'
}

# load_ltt DESC ERE: modprobe ltt, which logs exactly one line "ltt: pmem:
# 16 MiB at 0x20000000: " and what ERE matches (PMEM_LINE: that line).
load_ltt() {
	local n
	n=$(pmem_lines | wc -l)
	ok "$1: modprobe ltt" modprobe ltt || return 1
	PMEM_LINE=$(pmem_lines | tail -n +$((n + 1)))
	like "$PMEM_LINE" "ltt: pmem: $PMEM_AT: $2" "$1: ltt logs: $(plain "$2")"
}

# unload_ltt DESC: remove the test modules and ltt, whichever are loaded.
unload_ltt() {
	lsmod | grep -q '^ltt_test_pmem_scribble ' && rmmod ltt_test_pmem_scribble
	lsmod | grep -q '^ltt_test_pmem ' && rmmod ltt_test_pmem
	lsmod | grep -q "^ltt " && rmmod ltt
	is "$(lsmod | grep -c '^ltt')" 0 "$1: no ltt module left loaded"
}

# region_is DESC ERE: lttctl status's line of the region is "Persistent
# region: 16 MiB at 0x20000000, " and what ERE matches.
region_is() {
	like "$($T lttctl status 2>&1 | grep '^Persistent region: ')" \
		"Persistent region: $PMEM_AT, $2" "$1: lttctl status: the region $(plain "$2")"
}

# recovered_status: the "Recovered data: " lines of lttctl status.
recovered_status() {
	$T lttctl status 2>&1 | grep '^Recovered data: '
}

# packets_of TEXT: N of the first "N packets on" in TEXT.
packets_of() {
	printf '%s\n' "$1" | sed -n 's/.* \([0-9][0-9]*\) packets on .*/\1/p' | head -n 1
}

# waiting DESC SESSION CPUS [HOW [DROPPED]]: ltt found SESSION's channel pm
# of CPUS CPUs (PMEM_LINE; DROPPED packets left out, if given) and lttctl
# status says it waits, ended by HOW: panic (the default) or reboot (their
# notifier's end records, and when), or none (a hard reset: no end record).
waiting() {
	local st n date="[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2} UTC"
	local end how dropped="(, [0-9]+ dropped)?"
	case ${4:-panic} in
	panic) end="a panic at $date" how="a panic" ;;
	reboot) end="a reboot at $date" how="a reboot" ;;
	none) end="an unknown end \(no panic or reboot seen\)" how="no end record" ;;
	esac
	[ -n "${5:-}" ] && dropped=", $5 dropped"
	like "$PMEM_LINE" "ltt: pmem: $PMEM_AT: recovered session \"$2\" channel \"pm\" \(boot of $date\): [0-9]+ packets on $3 CPUs$dropped" \
		"$1: ltt found session $2 of $3 CPUs in the region${5:+, $5 packets dropped}"
	st=$($T lttctl status 2>&1)
	like "$(printf '%s\n' "$st" | grep '^Persistent region: ')" \
		"Persistent region: $PMEM_AT, holds the trace of a previous boot" \
		"$1: lttctl status: the region holds the trace of a previous boot"
	like "$(printf '%s\n' "$st" | grep '^Recovered data: ')" \
		"Recovered data: session $2, channel pm, [0-9]+ packets on $3 CPUs, ${5:-[0-9]+} dropped, from the boot of .*, ended by $end; 'lttctl recover -o DIR' writes it" \
		"$1: lttctl status: Recovered data: session $2, channel pm, $3 CPUs, ${5:+$5 dropped, }ended by $how"
	has "$st" "lttctl recover -o DIR" "$1: lttctl status names lttctl recover -o DIR"
	n=$(packets_of "$PMEM_LINE")
	is "$(packets_of "$(printf '%s\n' "$st" | grep '^Recovered data: ')")" \
		"${n:-(no count in the kernel log)}" "$1: status and kernel log count the same packets"
}

# start_pm SESSION [OPTION...]: lttctl start a persistent flight recorder
# SESSION (PM_OPTS); its output in START_OUT, exit status START_RC.
start_pm() {
	local s=$1
	shift
	START_OUT=$($T lttctl start -s "$s" $PM_OPTS "$@" 2>&1)
	START_RC=$?
}

# refused DESC: a new --persistent session is refused while data waits.
refused() {
	start_pm refused
	is "$([ $START_RC -ne 0 ] && echo refused || echo "exit 0")" refused \
		"$1: lttctl start --persistent is refused while recovered data waits"
	has "$START_OUT" "recovered data waits" "$1: ... saying recovered data waits"
	has "$START_OUT" "lttctl recover" "$1: ... and naming lttctl recover"
}

# accepted DESC SESSION [OPTION...]: start_pm succeeds.
accepted() {
	local d=$1
	shift
	start_pm "$@"
	is "$START_RC" 0 "$d: lttctl start -s $1 --persistent ${2:+$2 }is accepted" ||
		printf '%s\n' "$START_OUT" | sed 's/^/# /'
}

# no_recovery DESC DIR: lttctl recover -o DIR exits 1 saying "no recovered
# data" and makes no DIR; lttctl status shows nothing waiting.
no_recovery() {
	local out rc
	out=$($T lttctl recover -o "$2" 2>&1)
	rc=$?
	is "$rc" 1 "$1: lttctl recover exits 1"
	has "$out" "no recovered data" "$1: ... saying no recovered data"
	is "$([ -e "$2" ] && echo made || echo none)" none "$1: ... and makes no trace"
	is "$(recovered_status)" "" "$1: lttctl status shows no recovered data"
}

# recover DESC SESSION CPUS DIR: lttctl recover -o DIR writes the waiting
# data (its output in DIR.out, for the host check); then nothing waits.
recover() {
	local out rc n
	n=$(packets_of "$PMEM_LINE")
	out=$($T lttctl recover -o "$4" 2>&1)
	rc=$?
	printf '%s\n' "$out" >"$4.out"
	is "$rc" 0 "$1: lttctl recover -o DIR exits 0"
	like "$(printf '%s\n' "$out" | head -n 1)" \
		"recovered session $2 channel pm: $n packets on $3 CPUs into $4" \
		"$1: lttctl recover: session $2, $n packets (as the kernel log) on $3 CPUs"
	is "$(recovered_status)" "" "$1: then lttctl status shows no recovered data"
}

# marks_on_two N TAG0 TAG1: N marks "TAG0 i" by a writer pinned to CPU 0
# and N "TAG1 i" by one pinned to CPU 1, at the same time; each CPU's last
# mark logged in $OUT/last ("CPU TAG I": what the recovered trace must end
# with), which survives the crash (vm_crash_then_continue saves $OUT).
marks_on_two() {
	local n=$1 p0 p1 r0 r1
	taskset -c 0 ltt-mark-flood "$n" "$2" >"$OUT/$2.n" 2>&1 &
	p0=$!
	taskset -c 1 ltt-mark-flood "$n" "$3" >"$OUT/$3.n" 2>&1 &
	p1=$!
	wait $p0
	r0=$?
	wait $p1
	r1=$?
	is "$r0 $(cat "$OUT/$2.n")" "0 $n" "$n marks '$2 i' on CPU 0"
	is "$r1 $(cat "$OUT/$3.n")" "0 $n" "$n marks '$3 i' on CPU 1"
	echo "0 $2 $((n - 1))" >>"$OUT/last"
	echo "1 $3 $((n - 1))" >>"$OUT/last"
	diag "last marks: $2 $((n - 1)) on CPU 0, $3 $((n - 1)) on CPU 1"
}

# where: this boot's kernel, for the KASLR report: the virtual address of
# _text, the physical place of the kernel's code, the CPU count.
where() {
	echo "boot $LTT_VM_BOOT: $(nproc) CPUs, $(grep ' T _text$' /proc/kallsyms | cut -d' ' -f1)," \
		"$(grep 'Kernel code' /proc/iomem | tr -s ' ')" >>"$OUT/where"
	is "$(grep -c nokaslr /proc/cmdline)" 0 "boot $LTT_VM_BOOT: KASLR not switched off (no nokaslr)"
}

# not_set_aside DESC SIZE@START "N MiB at ADDR" MEMMAP: ltt.ko loaded by
# insmod (which, unlike modprobe, does not add the command line's
# ltt.pmem) with pmem=SIZE@START over System RAM: it logs that the range
# is not set aside, naming the memmap= to boot with, and loads without a
# region: no region line in lttctl status, --persistent refused for it.
not_set_aside() {
	local ko n
	ko=$(find /lib/modules/"$(uname -r)" -name ltt.ko | head -n 1)
	n=$(pmem_lines | wc -l)
	ok "$1: insmod ltt.ko pmem=$2" insmod "$ko" pmem="$2"
	is "$(pmem_lines | tail -n +$((n + 1)))" \
		"ltt: pmem: $3 is not set aside: boot with memmap=$4" \
		"$1: ltt logs: $3 is not set aside: boot with memmap=$4"
	is "$(cat /sys/module/ltt/parameters/pmem)" "$2" "$1: ltt.pmem reads back $2"
	is "$($T lttctl status 2>&1 | grep -c '^Persistent region')" 0 \
		"$1: lttctl status shows no persistent region"
	start_pm ram
	is "$START_RC" 1 "$1: lttctl start --persistent exits 1"
	has "$START_OUT" "no persistent region: boot with memmap=SIZE\$START and load ltt with pmem=SIZE@START" \
		"$1: ... saying there is no persistent region"
	unload_ltt "$1"
}
