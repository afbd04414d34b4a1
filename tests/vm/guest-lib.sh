# SPDX-License-Identifier: GPL-2.0-only
# Sourced by guest scripts (busybox sh): TAP helpers. Lines are unnumbered
# ("ok - what"); the host runner numbers them and adds the script's name.

# ok CMD...: one test line, passing when CMD succeeds; its output goes to diag.
# Use: ok "loads ltt" modprobe ltt
ok() {
	local desc=$1 outp
	shift
	if outp=$("$@" 2>&1); then
		echo "ok - $desc"
		return 0
	fi
	echo "not ok - $desc"
	[ -n "$outp" ] && echo "$outp" | sed 's/^/# /'
	return 1
}

# is GOT WANT DESC: passes when the two strings are equal.
is() {
	if [ "$1" = "$2" ]; then
		echo "ok - $3"
		return 0
	fi
	echo "not ok - $3"
	echo "#   got: '$1'"
	echo "#  want: '$2'"
	return 1
}

# cmp_le A B DESC: passes when integer A <= integer B.
cmp_le() {
	if [ "$1" -le "$2" ] 2>/dev/null; then
		echo "ok - $3"
		return 0
	fi
	echo "not ok - $3"
	echo "#   $1 > $2"
	return 1
}

diag() {
	echo "$*" | sed 's/^/# /'
}

# meminfo FIELD: a /proc/meminfo value in kB.
meminfo() {
	awk -v f="$1:" '$1 == f { print $2 }' /proc/meminfo
}

# wait_for SECS CMD...: run CMD every 50 ms until it succeeds, for at most
# SECS seconds; CMD's last status. For conditions another process brings
# about (a daemon gone, a command asleep), never in place of a result.
wait_for() {
	local n=$(($1 * 20)) i=0
	shift
	until "$@"; do
		[ $i -ge $n ] && return 1
		sleep 0.05
		i=$((i + 1))
	done
}

# no_lttd: no lttd process is left
no_lttd() { ! pidof lttd >/dev/null; }

# in_sleep PID: PID is blocked in nanosleep (35) or clock_nanosleep (230)
in_sleep() {
	case $(cat /proc/$1/syscall 2>/dev/null) in
	35\ * | 230\ *) return 0 ;;
	esac
	return 1
}

# slab_le KB LIMIT DESC: cmp_le for the growth of unreclaimable slab, skipped
# under KASAN (the debug kernel): freed objects wait in its quarantine and
# still count as slab there, so the figure says nothing; kmemleak, which that
# kernel has, checks for leaks instead.
slab_le() {
	if grep -q ' kasan_report$' /proc/kallsyms; then
		echo "ok - $3 # SKIP KASAN quarantine holds freed slab ($1 kB)"
		return 0
	fi
	cmp_le "$@"
}
