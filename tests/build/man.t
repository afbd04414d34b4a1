#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Manual pages and --help agree: every command of commands.def has its
# page lttctl-VERB(1) and lttctl(1) lists it; every option (long and short)
# that 'lttctl VERB --help' shows is in that page, every option of
# 'lttd --help' in lttd(8), of 'ltt-view --help' in ltt-view(1); every
# probe module in ltt(7); the pages render without groff warnings; make
# install installs them all. (The pages of lttctl are generated from the
# same tables as --help; this also guards hand-written pages and options
# added later.)
. "$(dirname "$0")/../vm/lib.sh"	# TAP helpers
ltt_build_lock	# it builds in the tree: not while another test does
root=$LTT_ROOT
cd "$root" || exit 1

log=$(mktemp) dest=$(mktemp -d)
trap 'rm -rf "$log" "$dest"' EXIT
ok "the tools and their pages build" sh -c "nice make -s -C tools >'$log' 2>&1"
[ -s "$log" ] && diag "$(tail -n 20 "$log")"
man1=tools/lttctl/man

# opts_of TEXT: the options --help shows ("-s, --session=NAME" lines), one a line
opts_of() {
	grep -oE '(^|[[:space:]])--?[a-zA-Z][a-zA-Z0-9-]*' | sed 's/^[[:space:]]*//' | sort -u
}
# the options a page names, from its roff source (\- is a hyphen there)
page_text() { sed 's/\\-/-/g; s/\\f[BIRP]//g' "$1"; }
has_opt() {	# has_opt OPT PAGE: OPT appears as a word in the page
	page_text "$2" | grep -qE -- "(^|[^a-zA-Z0-9-])$1([^a-zA-Z0-9-]|\$)"
}

for verb in $(sed -n 's/^LTTCTL_CMD(\(.*\))/\1/p' tools/lttctl/commands.def); do
	page=$man1/lttctl-$verb.1
	ok "lttctl-$verb(1) exists" test -s "$page" || continue
	help=$(tools/lttctl/lttctl "$verb" --help 2>&1)
	opts=$(printf '%s\n' "$help" | sed -n '/^Usage:/,$p' | opts_of)
	ok "lttctl $verb --help shows options" test -n "$opts"
	missing=
	for o in $opts; do
		has_opt "$o" "$page" || missing="$missing $o"
	done
	ok "every option of lttctl $verb --help is in lttctl-$verb(1)" test -z "$missing"
	[ -z "$missing" ] || diag "missing:$missing"
	ok "lttctl(1) lists lttctl-$verb(1)" \
		sh -c "page_text() { sed 's/\\\\-/-/g' \"\$1\"; }; page_text '$man1/lttctl.1' | grep -q 'lttctl-$verb (1)'"
done

opts=$(tools/lttd/lttd --help 2>&1 | opts_of)
missing=
for o in $opts; do
	has_opt "$o" doc/man/lttd.8 || missing="$missing $o"
done
ok "lttd --help shows options" test -n "$opts"
ok "every option of lttd --help is in lttd(8)" test -z "$missing"
[ -z "$missing" ] || diag "missing:$missing"

# ltt-view (Python: argparse's help, "-o FILE, --output FILE") in ltt-view(1)
opts=$(python3 tools/view/ltt-view --help 2>&1 | sed -n '/^options:/,$p' | opts_of)
missing=
for o in $opts; do
	has_opt "$o" doc/man/ltt-view.1 || missing="$missing $o"
done
ok "ltt-view --help shows options" test -n "$opts"
ok "every option of ltt-view --help is in ltt-view(1)" test -z "$missing"
[ -z "$missing" ] || diag "missing:$missing"

# every probe module the tree builds has its line in ltt(7)
missing=
for m in $(ls probes/ltt-probe-*.c | sed 's|.*/||; s|\.c$||'); do
	page_text doc/man/ltt.7 | grep -q "^\.B $m\$" || missing="$missing $m"
done
ok "ltt(7) describes every probe module of probes/" test -z "$missing"
[ -z "$missing" ] || diag "missing:$missing"

warn=$(groff -man -ww -z $man1/*.1 doc/man/ltt.7 doc/man/lttd.8 doc/man/ltt-view.1 2>&1)
ok "the pages render without groff warnings" test -z "$warn"
[ -z "$warn" ] || diag "$warn"

ok "make install-tools installs them" \
	sh -c "nice make -s install-tools DESTDIR='$dest' PREFIX=/usr >'$log' 2>&1"
n1=$(ls $man1/*.1 | wc -l)
is "$(ls "$dest/usr/share/man/man1" | grep -c '^lttctl.*\.1$')" "$n1" \
	"every lttctl page in man1"
ok "ltt(7), lttd(8) and ltt-view(1) installed" \
	test -s "$dest/usr/share/man/man7/ltt.7" -a -s "$dest/usr/share/man/man8/lttd.8" \
	-a -s "$dest/usr/share/man/man1/ltt-view.1"
ok "the bash completion installed" \
	test -s "$dest/usr/share/bash-completion/completions/lttctl"
done_testing
