#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# What a new user reads is true, as far as a program can tell (issue 36):
# the commands and options of lttctl, lttd and ltt-view that README.md,
# doc/*.md and the manual pages show exist in the tools built here (their
# own --help says so, aliases included); the pages the text refers to are
# installed; every program 'make install-tools' installs has its page;
# the lists of probe modules name every module; a VM test is said to run
# only on kernels tests/vm/kernels boots it on. tests/build/docs_check.py
# says how it reads the docs. Host only, no kernel.
. "$(dirname "$0")/../vm/lib.sh"	# TAP helpers
ltt_build_lock	# it builds in the tree: not while another test does
root=$LTT_ROOT
cd "$root" || exit 1

log=$(mktemp) dest=$(mktemp -d)
trap 'rm -rf "$log" "$dest"' EXIT
ok "the tools build" sh -c "nice make -s tools >'$log' 2>&1"
[ -s "$log" ] && diag "$(tail -n 20 "$log")"
ok "make install-tools DESTDIR=... PREFIX=/usr" \
	sh -c "nice make -s install-tools DESTDIR='$dest' PREFIX=/usr >'$log' 2>&1"
host_check /usr/bin/python3 "$(dirname "$0")/docs_check.py" "$root" "$dest"
done_testing
