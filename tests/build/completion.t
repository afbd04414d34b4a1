#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The bash completion of lttctl (tools/completion/lttctl), sourced in this
# script and called as bash calls it (COMP_WORDS, COMP_CWORD): commands and
# options from the lttctl built here, each offered option one that the
# command takes; session and event names from a fake lttctl on PATH that
# answers status and list as a tracing machine would.
. "$(dirname "$0")/../vm/lib.sh"	# TAP helpers
ltt_build_lock	# it builds in the tree: not while another test does
root=$LTT_ROOT
cd "$root" || exit 1

nice make -s -C tools >/dev/null 2>&1
fake=$(mktemp -d)
trap 'rm -rf "$fake"' EXIT
real=$root/tools/lttctl/lttctl
# lttctl's own help for --help, invented sessions and events otherwise
cat >"$fake/lttctl" <<EOS
#!/bin/sh
case "\$*" in
*--help*) exec "$real" "\$@" ;;
status) printf 'Session trace: active, lttd pid 42\n  trace: /tmp/t\nSession night_run: stopped, no daemon\n  trace: /tmp/n\n' ;;
"list --brief") printf '3 events:\n  sched_switch                             tracepoint  7 fields  recording\n  sched_wakeup                             tracepoint  4 fields\n  sys_openat                               syscall     4 fields\nNot loaded (lttctl start loads them, or modprobe MODULE):\n  irq_handler_entry                        ltt-probe-irq\n' ;;
*) exit 1 ;;
esac
EOS
chmod +x "$fake/lttctl"
PATH=$fake:$PATH
. tools/completion/lttctl

# complete WORD...: the completions of the last word, sorted, one line
complete_line() {
	COMP_WORDS=("$@")
	COMP_CWORD=$(($# - 1))
	COMPREPLY=()
	_lttctl
	printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//'
}

cmds=$(sed -n 's/^LTTCTL_CMD(\(.*\))/\1/p' tools/lttctl/commands.def | sort | tr '\n' ' ' | sed 's/ $//')
is "$(complete_line lttctl '')" "$cmds" "lttctl <TAB>: every command of commands.def"
is "$(complete_line lttctl st)" "start statedump status stop" "lttctl st<TAB>"
is "$(complete_line lttctl --v)" "--version" "lttctl --v<TAB>"
is "$(complete_line lttctl start --no-)" "--no-autoload --no-daemon --no-statedump" \
	"lttctl start --no-<TAB>: its options"
is "$(complete_line lttctl list --)" "--binary --brief --function --help --json --kernel --tracefs --usdt" "lttctl list --<TAB>"
opts=$("$real" stop --help | sed -n 's/^  *\(-[a-z], \)\{0,1\}\(--[a-z][a-z-]*\).*/\2/p' | sort -u | tr '\n' ' ' | sed 's/ $//')
is "$(complete_line lttctl stop --)" "$opts" "lttctl stop --<TAB>: the options of its --help"
is "$(complete_line lttctl stop -s '')" "night_run trace" "lttctl stop -s <TAB>: session names"
is "$(complete_line lttctl status --session n)" "night_run" "--session n<TAB>"
is "$(complete_line lttctl start -e sched_)" "sched_switch sched_wakeup" \
	"lttctl start -e sched_<TAB>: event names"
is "$(complete_line lttctl start -e irq)" "irq_handler_entry" \
	"-e irq<TAB>: events of probe modules not loaded too"
is "$(complete_line lttctl start --syscall open)" "openat" \
	"--syscall open<TAB>: system calls without sys_"
is "$(complete_line lttctl enable -s trace sched_s)" "sched_switch" \
	"lttctl enable ... sched_s<TAB>: event names as arguments"
is "$(complete_line lttctl start -o "$fake"/)" "" \
	"-o <TAB>: directories only (none in the fake bin dir)"
is "$(complete_line lttctl mark '')" "" "lttctl mark <TAB>: nothing to guess"
# LTTng's habits (issue 36)
is "$(complete_line lttctl help st)" "start statedump status stop" \
	"lttctl help st<TAB>: the commands"
is "$(complete_line lttctl help stop '')" "" "lttctl help stop <TAB>: nothing more"
is "$(complete_line lttctl stop '')" "night_run trace" \
	"lttctl stop <TAB>: session names, LTTng's positional form"
is "$(complete_line lttctl destroy n)" "night_run" "lttctl destroy n<TAB>"
is "$(complete_line lttctl enable-event -k sched_s)" "sched_switch" \
	"lttctl enable-event -k sched_s<TAB>: event names"
is "$(complete_line lttctl add-context --)" "--channel --help --kernel --session --type" \
	"lttctl add-context --<TAB>: its options"
is "$(complete_line lttctl list -)" "--binary --brief --function --help --json --kernel --tracefs --usdt" \
	"lttctl list -<TAB>: -k among them"
is "$(complete_line lttctl trigger '')" "add list remove wait" \
	"lttctl trigger <TAB>: its actions"
is "$(complete_line lttctl trigger -s trace '')" "add list remove wait" \
	"lttctl trigger -s trace <TAB>: its actions after an option"
is "$(complete_line lttctl trigger add --action s)" "snapshot stop" \
	"lttctl trigger add --action s<TAB>: the actions"
is "$(complete_line lttctl trigger add -e sched_w)" "sched_wakeup" \
	"lttctl trigger add -e sched_w<TAB>: event names"
is "$(complete_line lttctl trigger list '')" "" \
	"lttctl trigger list <TAB>: nothing more to guess"
is "$(complete_line lttctl hist '')" "add clear remove show" \
	"lttctl hist <TAB>: its actions"
is "$(complete_line lttctl latency add x --start sched_w)" "sched_wakeup" \
	"lttctl latency add --start sched_w<TAB>: event names"
is "$(complete_line lttctl hist add x --key '')" "" \
	"lttctl hist add --key <TAB>: a value nobody can guess"
is "$(complete_line lttctl trigger add --buffer)" "--buffer-usage" \
	"lttctl trigger add --buffer<TAB>: its options"

# Every option the completion offers, for every command it offers, is one
# of that command's: named in its --help, and taken by lttctl (popt says
# "unknown option" for one it does not know; after --help, the command
# does nothing). A word of a description's text (babeltrace2's
# --input-format in start's --help) once came out as an option.
for cmd in $(complete_line lttctl ''); do
	offered=$(complete_line lttctl "$cmd" --)
	help=$("$real" "$cmd" --help 2>&1)
	bad=
	for o in $offered; do
		printf '%s\n' "$help" | grep -qE -- "(^|[[:space:]])$o([=[ ,]|\$)" || bad="$bad $o"
		"$real" "$cmd" --help "$o" 2>&1 >/dev/null | grep -q 'unknown option' &&
			bad="$bad $o(unknown)"
	done
	ok "lttctl $cmd --<TAB>: only options of lttctl $cmd" test -n "$offered" -a -z "$bad"
	[ -z "$bad" ] || diag "not options of lttctl $cmd:$bad"
done
done_testing
