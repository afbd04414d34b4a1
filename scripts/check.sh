#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make check: userspace unit tests (plain, ASan+UBSan, TSan), build tests,
# ltt-view's page, then the VM tests, all under one prove run so that
# there is one summary.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 1

make -s -C tests/unit build-all || { echo "check: unit tests do not build" >&2; exit 1; }
mapfile -t unit < <(make -s -C tests/unit list)

# VM_TESTS=0 runs only what needs no VM (for quick iterations).
vm=()
[ "${VM_TESTS:-1}" = 0 ] || vm=(tests/vm/t/*.t)

# tests/view/: ltt-view in headless Chromium on a synthetic trace (no VM)
exec prove -e '' ${PROVE_FLAGS:-} "${unit[@]}" tests/build/*.t tests/view/*.t "${vm[@]}"
