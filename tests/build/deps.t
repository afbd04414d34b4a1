#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The kernels the VM tests boot change nothing the host boots
# (scripts/deps.sh, README): make deps installs no linux-image package,
# it unpacks them into the cache; the VM bench finds every kernel of
# tests/vm/kernels there, with its modules' modules.dep, even where /boot
# holds none (a private mount namespace with an empty /boot).
. "$(dirname "$0")/../vm/lib.sh"	# TAP helpers
. "$LTT_ROOT/tests/vm/vm-kernel.sh"	# vm_resolve_kernel, vm_kernel_root
deps=$LTT_ROOT/scripts/deps.sh

# the packages deps.sh installs: its pkgs="..." list and every apt-get
# install line's literal words
pkgs=$(sed -n '/^pkgs="/,/"$/p' "$deps" | tr -d '"' | sed 's/^pkgs=//')
ok "deps.sh lists packages to install" test -n "$pkgs"
ok "deps.sh installs no linux-image package" \
	sh -c '! printf "%s\n" $1 | grep -q "^linux-image"' _ "$pkgs"
ok "deps.sh installs the headers of the four test kernels" sh -c '
	for p in linux-headers-amd64 linux-headers-6.12-amd64 \
		 linux-headers-rt-amd64 linux-headers-6.12-rt-amd64; do
		printf "%s\n" $1 | grep -qx "$p" || exit 1
	done' _ "$pkgs"
ok "deps.sh unpacks images with dpkg-deb -x, never dpkg -i" \
	sh -c "grep -q 'dpkg-deb -x' '$deps' && ! grep -Eq 'dpkg +-i|apt-get install[^#]*linux-image' '$deps'"

ok "a private mount namespace (unshare -m, as root)" unshare -m true
for k in $(awk '!/^#/ && NF { print $1 }' "$VM_DIR/kernels"); do
	r=$(unshare -m bash -c '
		mount -t tmpfs tmpfs /boot || exit 1
		. "$1/tests/vm/vm-kernel.sh"
		kv=$(vm_resolve_kernel "$2") || exit 1
		echo "$kv $(vm_kernel_root "$kv")"' _ "$LTT_ROOT" "$k" 2>&1)
	kv=${r%% *} kr=${r#* }
	ok "$k: resolves with nothing in /boot ($kv)" test -n "$kv" -a "$kr" != "$r"
	ok "$k: its image and modules.dep are in the cache" \
		test "$kr" = "$VM_KERNEL_CACHE/$kv" -a -e "$kr/boot/vmlinuz-$kv" \
		-a -e "$kr/lib/modules/$kv/modules.dep"
	ok "$k: its virtio modules are there (the guest's results disk)" \
		sh -c 'grep -q "virtio_blk\.ko" "$1/modules.dep" ||
		       grep -q "virtio_blk\.ko" "$1/modules.builtin"' _ "$kr/lib/modules/$kv"
done
done_testing
