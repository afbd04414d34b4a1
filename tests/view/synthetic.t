#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# ltt-view without a VM (issue 14): a trace of known content written by
# babeltrace2's CTF writer (synth-trace.py), drawn and opened in headless
# Chromium, its Perfetto export counted (synthetic_check.py).
. "$(dirname "$0")/../vm/lib.sh"
out=$(/usr/bin/python3 "$(dirname "$0")/synthetic_check.py" 2>&1)
rc=$?
_tap_relay <<<"$out"
is "$rc" 0 "the checker ran to its end"
done_testing
