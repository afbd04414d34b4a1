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

# Two test files at a time (LTT_CHECK_JOBS): one at a time kept 1.1 of 2
# cores busy (make check at 34ad6ee: 3373 s of CPU in 3048 s), since a
# VM test's guest often waits (its workloads' pauses, timers, a single
# program running) and its host checker runs on one core. Builds of the tree take
# a lock (tests/vm/vm-kernel.sh, ltt_build_lock), the shared boots theirs.
jobs=${LTT_CHECK_JOBS:-2}

# Every build of the kernel modules in make check with W=1, the flags of
# tests/build/warnings.t, so that one full build per kernel serves every
# test (a change of flags recompiles everything). warnings.t goes first:
# in a fresh tree it makes that build, and sees every file compiled.
W=1
export W

# VM_TESTS=0 runs only what needs no VM (for quick iterations). Longest
# first, so that the two slots end at about the same time: the packages
# (minutes, and no build lock: it runs while warnings.t holds it, which
# every VM test would wait for), each kernel's shared boot and the boots
# that cannot share, then the build tests of minutes (every kernel's
# events, the initramfs: last, one of them ran minutes alone while the
# other slot had nothing left), then the other VM tests and the short
# build tests.
first=(analyses fault-seq context relay ctl-e2e pmem boot-session)
long_builds=(events initramfs)
vm=(tests/build/packages.t) builds=()
if [ "${VM_TESTS:-1}" != 0 ]; then
	for t in "${first[@]}"; do vm+=("tests/vm/t/$t.t"); done
fi
for t in "${long_builds[@]}"; do vm+=("tests/build/$t.t"); done
if [ "${VM_TESTS:-1}" != 0 ]; then
	for t in tests/vm/t/*.t; do
		case " ${first[*]} " in *" $(basename "$t" .t) "*) continue ;; esac
		vm+=("$t")
	done
fi
for t in tests/build/*.t; do
	case " warnings packages ${long_builds[*]} " in *" $(basename "$t" .t) "*) continue ;; esac
	builds+=("$t")
done
# tests/view/: ltt-view in headless Chromium on a synthetic trace (no VM)
# tests/relay/: lttd's relay client against lttng-relayd on 127.0.0.1
# --timer: each file's time, to see where the minutes go.
# --merge: a test's stderr in its TAP stream. prove reads a test's
# stdout and stderr apart, and one test's stderr line makes it wait for
# that test's next stdout line: "# booting ..." on stderr, then a shared
# boot's minutes without output, held the other slot's finished test (and
# the next one) all that time.
exec prove -j"$jobs" --merge --timer -e '' ${PROVE_FLAGS:-} tests/build/warnings.t \
	"${unit[@]}" "${vm[@]}" "${builds[@]}" tests/view/*.t tests/relay/*.t
