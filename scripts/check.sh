#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make check: userspace unit tests (plain, ASan+UBSan, TSan), build tests,
# ltt-view's page, then the VM tests, all under one prove run so that
# there is one summary.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 1

# Nested builds (kbuild for each kernel, the unit tests, the packages,
# the VM images) use every core: CI runs a plain "make check", which
# passes no -j down, and the builds were a third of its time.
case " ${MAKEFLAGS:-} " in
*-j*|*jobserver*) ;;
*) MAKEFLAGS="${MAKEFLAGS:-} -j$(nproc)"; export MAKEFLAGS ;;
esac

make -s -C tests/unit build-all || { echo "check: unit tests do not build" >&2; exit 1; }
mapfile -t unit < <(make -s -C tests/unit list)

# The VM scenarios of tests/vm/shared run in one boot per kernel
# (tests/vm/lib.sh): boots are a large part of make check's time.
LTT_VM_SHARED_DIR=$root/tests/vm/out/shared-$$
export LTT_VM_SHARED_DIR

# VM_TESTS=0 runs only what needs no VM (for quick iterations).
vm=()
[ "${VM_TESTS:-1}" = 0 ] || vm=(tests/vm/t/*.t)

# tests/view/: ltt-view in headless Chromium on a synthetic trace (no VM)
# tests/relay/: lttd's relay client against lttng-relayd on 127.0.0.1
# --timer: each file's time, to see where the minutes go.
exec prove --timer -e '' ${PROVE_FLAGS:-} "${unit[@]}" tests/build/*.t tests/view/*.t \
	tests/relay/*.t "${vm[@]}"
