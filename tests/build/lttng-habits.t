#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# LTTng's command lines in lttctl (issue 36), the parts that need no
# kernel: help COMMAND, the commands under LTTng's names and -k in
# --help, the positional session name's refusals, timer values, load
# NAME finding what save NAME writes. Each refusal by its exit status
# and its message. What needs the module is in tests/vm/guest/
# ctl-habits.sh (ctl-scenarios.t).
. "$(dirname "$0")/../vm/lib.sh"	# TAP helpers
ltt_build_lock	# it builds in the tree: not while another test does
root=$LTT_ROOT
cd "$root" || exit 1

nice make -s -C tools >/dev/null 2>&1
L=$root/tools/lttctl/lttctl
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT

# refused RC PATTERN DESC ARGS...: lttctl ARGS exits RC, stderr matches
refused() {
	local rc=$1 pat=$2 desc=$3 out got
	shift 3
	out=$(HOME=$home "$L" "$@" 2>&1 >/dev/null)
	got=$?
	if [ "$got" -eq "$rc" ] && printf '%s\n' "$out" | grep -q -- "$pat"; then
		ok "$desc" true
	else
		ok "$desc" false
		diag "exit $got (want $rc): $out"
	fi
}

# help COMMAND is COMMAND --help
for c in stop enable-event add-context; do
	is "$("$L" help "$c")" "$("$L" "$c" --help)" "lttctl help $c prints lttctl $c --help"
done
is "$("$L" help)" "$("$L" --help)" "lttctl help alone lists the commands"
is "$("$L" help --help)" "$("$L" --help)" "lttctl help --help too"
refused 2 "help: unknown command 'nosuch'" "help of an unknown command: 2, said" help nosuch
refused 2 "help: unexpected argument 'b'" "help with two commands: 2, said" help stop b

# LTTng's names in lttctl --help
cmds=$("$L" --help | awk '/^Commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 }')
for c in enable-event disable-event add-context; do
	ok "lttctl --help lists $c" sh -c 'printf "%s\n" "$1" | grep -qx "$2"' _ "$cmds" "$c"
done
for c in enable enable-event disable disable-event enable-channel add-context list; do
	ok "lttctl $c --help has -k, --kernel" sh -c '"$1" "$2" --help | grep -q -- "-k, --kernel"' _ "$L" "$c"
done
ok "enable --help has --syscall" sh -c '"$1" enable --help | grep -q -- "--syscall=NAME"' _ "$L"
is "$("$L" stop --help | head -1)" "Usage: lttctl stop [OPTION...] [NAME]" \
	"stop's usage names its positional NAME"

# the positional session name: refusals before any ioctl
refused 2 "lttctl stop: unexpected argument 'b'" "stop a b: 2, one name only" stop a b
refused 2 "lttctl stop: two session names, -s a and b: give one" \
	"stop -s a b: 2, two different names" stop -s a b
refused 2 "lttctl destroy: unexpected argument 'y'" "destroy x y: 2" destroy x y

# timers: LTTng's microseconds, or a unit; a wrong one refused
refused 2 "\-\-switch-timer: '5x' is not a period" "--switch-timer 5x: 2, said" \
	start --switch-timer 5x
refused 2 "\-\-read-timer: '5000s' is not a period up to 4294s" \
	"--read-timer past 32 bits of microseconds: 2, said" start --read-timer 5000s

# comma lists with nothing in them
refused 2 "\-e ',': no event name in it" "start -e ',': 2, said" start -e ,
refused 2 "enable what? no event name in ','" "enable ',': 2, said" enable ,

# add-context without -t
refused 2 "add which context field? -t FIELD" "add-context without -t: 2, said" add-context
refused 2 "\-\-context: no context field 'nosuch'" "add-context -t nosuch: 2, said" \
	add-context -t nosuch

# load NAME: the file save NAME writes ($HOME/.ltt/sessions/NAME.ltt)
refused 1 "no file zzz, nor a session zzz saved in \$HOME/.ltt/sessions or /etc/ltt/sessions (lttctl save zzz writes it)" \
	"load NAME with no such file or saved session: 1, said" load zzz
mkdir -p "$home/.ltt/sessions"
printf 'create zzz -o /tmp/zzz-trace\n' >"$home/.ltt/sessions/zzz.ltt"
# no module here: create fails, the message names the file that was found
refused 1 "lttctl: $home/.ltt/sessions/zzz.ltt:1: session zzz not loaded" \
	"load zzz reads \$HOME/.ltt/sessions/zzz.ltt (its create line ran)" load zzz
done_testing
