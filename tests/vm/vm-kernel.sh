# SPDX-License-Identifier: GPL-2.0-only
# Sourced by tests/vm/run: find the guest kernel, stage the guest root, decide
# on KVM. Functions print diagnostics on stderr and return non-zero on error.

# ltt_build_lock: hold the tree's build lock until ltt_build_unlock or
# this shell's exit. make check runs two test files at a time
# (scripts/check.sh): two builds of .build/KVER, tools/ or .build/progs at
# once would corrupt each other, and a build test must read the tree it
# built, not one another file is rebuilding. The VMs themselves run side
# by side. A lock a parent holds (LTT_BUILD_LOCK_HELD) is kept, not taken
# again (flock(2) would wait for itself).
ltt_build_lock() {
	local top=${LTT_ROOT:-$root}
	[ -z "${LTT_BUILD_LOCK_HELD:-}" ] || return 0
	mkdir -p "$top/.build" || return 1
	exec 8>"$top/.build/.test-build.lock" || return 1
	flock 8 || return 1
	LTT_BUILD_LOCK_HELD=$$
	export LTT_BUILD_LOCK_HELD
}

# ltt_build_unlock: give back the lock ltt_build_lock took here (fd 8 is
# closed in any case, so that no VM keeps a parent's lock open).
ltt_build_unlock() {
	exec 8>&-
	[ "${LTT_BUILD_LOCK_HELD:-}" != "$$" ] || unset LTT_BUILD_LOCK_HELD
}

# vm_resolve_debug: the debug kernel of scripts/debug-kernel.sh (built on
# first use, cached outside the tree). Sets VM_KVER (its release), VM_IMAGE,
# VM_KDIR (its kbuild output tree) and VM_MODROOT (its modules_install tree,
# with modules.dep and modules.builtin). Not to be called in $(...): it sets
# variables for the caller.
vm_resolve_debug() {
	local dir
	dir=$("$root/scripts/debug-kernel.sh") || {
		echo "run: the debug kernel could not be built (scripts/debug-kernel.sh)" >&2
		return 1
	}
	VM_KVER=$(cat "$dir/build/include/config/kernel.release") || return 1
	VM_IMAGE=$dir/bzImage
	VM_KDIR=$dir/build
	VM_MODROOT=$dir/mods/lib/modules/$VM_KVER
}

# Where scripts/deps.sh unpacks the kernels the VM tests boot (one
# directory per release, holding boot/ and lib/modules/ as the package
# has them, plus the modules.dep that depmod made): never installed, so the
# host's boot loader never sees them. Their headers are installed as
# packages (/lib/modules/KVER/build), which changes nothing the host boots.
VM_KERNEL_CACHE=${LTT_KERNEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ltt/kernels}

# vm_resolve_kernel VER: the newest kernel release whose name is VER or
# starts with "VER." / "VER-" (6.1 -> 6.1.0-56-amd64), with its image in the
# cache above (or, where a developer installed it, in /boot) and its kbuild
# tree in /lib/modules. VER-rt asks for the PREEMPT_RT flavour of VER
# (6.1-rt -> 6.1.0-56-rt-amd64); without -rt, RT kernels are not chosen.
vm_resolve_kernel() {
	local want=$1 base=$1 rt=no k best=""
	case $want in *-rt) base=${want%-rt}; rt=yes ;; esac
	for k in $( (ls "$VM_KERNEL_CACHE"/*/boot/ /boot/ 2>/dev/null) |
		    sed -n 's/^vmlinuz-//p' | sort -uV); do
		case $k in
		"$want"|"$want".*|"$want"-*|"$want"+*) ;;
		"$base".*-rt-*|"$base"-rt-*|"$base"+*-rt-*) [ $rt = yes ] || continue ;;
		*) continue ;;
		esac
		case $k in *-rt-*) case $want in *-rt*) ;; *) continue ;; esac ;; esac
		[ -d "/lib/modules/$k/build" ] || continue
		best=$k
	done
	if [ -z "$best" ]; then
		echo "run: no kernel matches '$want' (need its image in $VM_KERNEL_CACHE or /boot, and its headers; make deps fetches 6.1, 6.12 and their RT flavours)" >&2
		return 1
	fi
	echo "$best"
}

# vm_kernel_root KVER: the tree holding boot/vmlinuz-KVER and
# lib/modules/KVER (with modules.dep): the cache's, else the host's /.
vm_kernel_root() {
	if [ -e "$VM_KERNEL_CACHE/$1/boot/vmlinuz-$1" ]; then
		echo "$VM_KERNEL_CACHE/$1"
	else
		echo ""
	fi
}

# vm_copy_module KVER DEST NAME...: copy kernel modules NAME and everything they
# depend on (modules.dep) into DEST/lib/modules/KVER, decompressed, so that
# busybox modprobe can load them. Built-in modules are skipped. They are read
# from VM_MODROOT (default /lib/modules/KVER); a kernel without modules.dep
# there (the debug kernel builds everything the guest needs in) has none.
vm_copy_module() {
	local kver=$1 dest=$2 mdir=${VM_MODROOT:-/lib/modules/$1} name path dep
	shift 2
	[ -e "$mdir/modules.dep" ] || return 0
	for name in "$@"; do
		path=$(awk -F: -v n="$name" '{
			f = $1; sub(/.*\//, "", f); sub(/\.ko(\.(xz|zst|gz))?$/, "", f)
			gsub(/-/, "_", f); m = n; gsub(/-/, "_", m)
			if (f == m) { print $0; exit } }' "$mdir/modules.dep")
		[ -n "$path" ] || continue	# built in
		for dep in ${path%%:*} ${path#*:}; do
			local src=$mdir/$dep tgt=$dest/lib/modules/$kver/${dep%.xz}
			tgt=${tgt%.zst}
			[ -e "$tgt" ] && continue
			mkdir -p "$(dirname "$tgt")"
			case $dep in
			*.xz) xz -dc "$src" >"$tgt" ;;
			*.zst) zstd -qdc "$src" >"$tgt" ;;
			*) cp "$src" "$tgt" ;;
			esac || return 1
		done
	done
}

# vm_copy_libs DEST FILE...: the shared libraries (and loader) the ELF files
# need, at the same paths.
vm_copy_libs() {
	local dest=$1 f lib
	shift
	for f in "$@"; do
		file -L "$f" 2>/dev/null | grep -q 'dynamically linked' || continue
		for lib in $(ldd "$f" 2>/dev/null | grep -o '/[^ ]*'); do
			[ -e "$dest$lib" ] && continue
			mkdir -p "$dest$(dirname "$lib")"
			cp -L "$lib" "$dest$lib"
		done
	done
}

# vm_stage_root KVER DIR: build ltt for KVER and install it (modules, test
# modules, tools) plus busybox, libraries and bench modules into DIR. The
# kernel tree is VM_KDIR when set (the debug kernel), else the Makefile's
# default for KVER, /lib/modules/KVER/build.
# vm_build_progs DIR: the guest's helper programs (workloads), static so
# that they need no libraries, built once into .build/progs (again when
# their source or the ABI header is newer) and copied to DIR. *-m32.c are
# 32-bit programs (compat syscalls), built when the toolchain can
# (gcc-multilib), else left out: their tests say so. lib*.c are shared
# libraries (lib*.so) and *-dyn.c dynamic programs, for dlopen() tests.
vm_build_progs() {
	local dest=$1 cache=$root/.build/progs p bin m32 h link
	mkdir -p "$cache" "$dest" || return 1
	for p in "$root"/tests/vm/progs/*.c; do
		[ -e "$p" ] || continue
		bin=$cache/$(basename "$p" .c)
		m32=""
		link=-static
		case $p in
		*/lib*.c) bin=$bin.so link="-shared -fPIC";;
		*-dyn.c) link="";;
		*-m32.c)
			m32=-m32
			echo 'int main(void) { return 0; }' |
				cc -m32 -static -x c -o /dev/null - 2>/dev/null ||
				continue;;
		esac
		if [ -e "$bin" ] && [ "$bin" -nt "$p" ]; then
			for h in "$root"/include/uapi/ltt/*.h; do
				[ "$h" -nt "$bin" ] && rm -f "$bin"
			done
		else
			rm -f "$bin"
		fi
		[ -e "$bin" ] || cc $m32 -O2 -Wall $link -o "$bin" "$p" \
			-I"$root/include/uapi" || return 1
		cp "$bin" "$dest/" || return 1
	done
}

vm_stage_root() {
	local kver=$1 dest=$2 p kargs
	kargs=(KVER="$kver")
	# Against the debug kernel, ltt's modules get debug info, so that a
	# report's "func+0x12/0x80 [ltt]" maps to a line (scripts/faddr2line on
	# .build/KVER/...ko): the kernel itself is built without it.
	[ -z "${VM_KDIR:-}" ] || kargs+=(KDIR="$VM_KDIR" KCFLAGS=-g)
	mkdir -p "$dest"/{bin,sbin,etc,proc,sys,dev,tmp,run,root,usr/bin,usr/sbin,usr/libexec/ltt-tests}
	make -C "$root" "${kargs[@]}" LTT_TEST_MODULES=1 modules tools || return 1
	# stripped: every insmod in the guest reads the whole file, and the
	# debug info made ltt.ko 8 MB (faddr2line uses .build/KVER's copy)
	make -C "$root" "${kargs[@]}" DESTDIR="$dest" PREFIX=/usr \
		LTT_TEST_MODULES=1 INSTALL_MOD_STRIP=1 install || return 1
	vm_build_progs "$dest/usr/libexec/ltt-tests" || return 1
	cp /bin/busybox "$dest/bin/busybox"
	vm_copy_libs "$dest" "$dest"/usr/bin/* "$dest"/usr/sbin/* 2>/dev/null
	# VM_EXTRA_MODULES: more, by name (tests/vm/run --disk: ext4)
	vm_copy_module "$kver" "$dest" virtio_pci virtio_blk ${VM_EXTRA_MODULES:-} || return 1
	local m=${VM_MODROOT:-/lib/modules/$kver}
	cp "$m"/modules.builtin* "$m"/modules.order "$dest/lib/modules/$kver/" 2>/dev/null
	depmod -b "$dest" "$kver" || return 1
	echo "root:x:0:0:root:/root:/bin/sh" >"$dest/etc/passwd"
	echo "nobody:x:65534:65534:nobody:/nonexistent:/bin/false" >>"$dest/etc/passwd"
	printf 'root:x:0:\nnogroup:x:65534:\n' >"$dest/etc/group"
}

# vm_kvm_usable IMAGE WANT INITRD: yes if WANT=yes, no if WANT=no; for auto, a
# quick probe (cached per boot of this host) that a KVM guest really runs
# this kernel image to its init: on some hosts -enable-kvm hangs.
vm_kvm_usable() {
	local image=$1 want=$2 initrd=$3 cache=${TMPDIR:-/tmp}/ltt-vm-kvm-probe
	case $want in yes) return 0 ;; no) return 1 ;; esac
	# VM_KVM_DEV: another device node, for tests/build/kvm-probe.t
	[ -w "${VM_KVM_DEV:-/dev/kvm}" ] || return 1
	if [ ! -e "$cache" ]; then
		local log
		log=$(mktemp)
		# "; :" keeps the subshell a shell waiting for timeout: when
		# QEMU aborts (no usable KVM), that shell, whose stderr is
		# /dev/null, reports it, not ours (a stray "Aborted" line)
		(timeout -k 2 20 qemu-system-x86_64 -enable-kvm -cpu host -m 256 \
			-nodefaults -display none -no-reboot \
			-kernel "$image" -initrd "$initrd" \
			-append "console=ttyS0 panic=-1 ltt_vm.probe=1" \
			-serial "file:$log" </dev/null >/dev/null 2>&1; :) 2>/dev/null
		if grep -q '^ltt-vm: probe ok' "$log"; then echo yes; else echo no; fi >"$cache"
		rm -f "$log"
	fi
	[ "$(cat "$cache")" = yes ]
}
