#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The KVM probe of the VM bench (vm_kvm_usable in tests/vm/vm-kernel.sh)
# on a machine where KVM is there but QEMU aborts with it: it answers no,
# and prints nothing (make demo's first lines are a new user's first
# sight of ltt). QEMU is a stand-in that aborts; no VM boots.
. "$(dirname "$0")/../vm/lib.sh"	# TAP helpers
root=$LTT_ROOT
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"
printf '#!/bin/sh\nkill -ABRT $$\n' >"$tmp/bin/qemu-system-x86_64"
chmod +x "$tmp/bin/qemu-system-x86_64"
: >"$tmp/kvm"
out=$(PATH="$tmp/bin:$PATH" TMPDIR=$tmp VM_KVM_DEV=$tmp/kvm bash -c '
	. "$1/tests/vm/vm-kernel.sh"
	vm_kvm_usable /nonexistent/bzImage auto /nonexistent/initrd && echo yes || echo no
' _ "$root" 2>&1)
is "$out" "no" "QEMU aborting with KVM: the probe says no, and nothing else"
is "$(cat "$tmp/ltt-vm-kvm-probe" 2>/dev/null)" "no" "the answer is cached"
done_testing
