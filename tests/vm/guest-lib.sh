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
