#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Installing as kernel modules are installed (doc/install.md): the Debian
# packages ltt-dkms and ltt-tools build (dpkg-buildpackage -us -uc, from a
# copy of the tree); ltt-tools unpacked into a scratch root runs
# lttctl --version, and tells a module built for another kernel; it holds
# the initramfs-tools hook, with the update-initramfs trigger; DKMS
# builds, and signs with its MOK key, every module of the ltt-dkms package
# for the 6.1 headers installed here (and 6.12's under make check-wide). DKMS runs in a private mount
# namespace with an empty /var/lib/dkms, so the host's DKMS state (and MOK
# key) is never touched. dkms.conf agrees with probes/Kbuild and
# include/ltt/version.h.
. "$(dirname "$0")/../vm/lib.sh"	# TAP helpers
. "$(dirname "$0")/../vm/vm-kernel.sh"	# vm_resolve_kernel
root=$LTT_ROOT
cd "$root" || exit 1

work=$(mktemp -d "${TMPDIR:-/tmp}/ltt-packages.XXXXXX")
trap 'rm -rf "$work"' EXIT
ver=$(sed -n 's/^#define LTT_VERSION[[:space:]]*"\(.*\)"/\1/p' include/ltt/version.h)

# -- dkms.conf agrees with the build
is "$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' dkms.conf)" "$ver" \
	"dkms.conf's version is include/ltt/version.h's"
is "$(sed -n 's/^\(ltt \)\{0,1\}(\([^)]*\)).*/\2/p' debian/changelog | head -n 1)" "$ver" \
	"debian/changelog's version is include/ltt/version.h's"
is "$(sed -n 's/^for sys in \(.*\); do$/\1/p' dkms.conf)" \
	"$(awk '/^ltt-probe-systems :=/ { on = 1; sub(/^ltt-probe-systems := /, "") }
		on { l = $0; c = sub(/\\$/, "", l); printf "%s", l; if (!c) exit }' probes/Kbuild |
		tr -s ' \t' '  ' | sed 's/ *$//')" \
	"dkms.conf builds every probe module of probes/Kbuild"

# -- the packages build, from a copy (dpkg-buildpackage writes to ..)
src=$work/ltt-$ver
mkdir -p "$src"
git ls-files -co --exclude-standard -z | rsync -a --from0 --files-from=- . "$src/"
if (cd "$src" && nice dpkg-buildpackage -us -uc -b) >"$work/build.log" 2>&1; then
	ok "dpkg-buildpackage -us -uc" true
else
	ok "dpkg-buildpackage -us -uc" false
	diag "$(tail -n 30 "$work/build.log")"
fi
dkms_deb=$(ls "$work"/ltt-dkms_"$ver"_all.deb 2>/dev/null)
tools_deb=$(ls "$work"/ltt-tools_"$ver"_*.deb 2>/dev/null)
ok "ltt-dkms built" test -n "$dkms_deb"
ok "ltt-tools built" test -n "$tools_deb"

# -- ltt-tools: unpacked into a scratch root, it runs
tr=$work/tools-root
dpkg -x "$tools_deb" "$tr" 2>/dev/null
for f in usr/bin/lttctl usr/bin/lttd usr/bin/ltt-view usr/share/man/man1/ltt-view.1.gz \
	 usr/share/man/man1/lttctl.1.gz \
	 usr/share/man/man1/lttctl-start.1.gz usr/share/man/man7/ltt.7.gz \
	 usr/share/man/man8/lttd.8.gz usr/share/bash-completion/completions/lttctl \
	 usr/share/man/man5/ltt-session.5.gz usr/share/initramfs-tools/hooks/ltt \
	 usr/share/initramfs-tools/scripts/init-top/ltt; do
	ok "ltt-tools holds /$f" test -e "$tr/$f"
done
# /dev/ltt's udev rule where this release's udev reads (debian/rules asks
# pkg-config), and the tracing group's option written at install (issue 35)
rules=$(ls "$tr"/lib/udev/rules.d/60-ltt.rules "$tr"/usr/lib/udev/rules.d/60-ltt.rules 2>/dev/null | head -n 1)
ok "ltt-tools holds /dev/ltt's udev rule" test -n "$rules"
ok "... which takes the group from the module (DEVGID), never a name" \
	sh -c "grep -q 'GROUP=\"\$env{DEVGID}\"' '$rules' && ! grep -q 'GROUP=\"tracing' '$rules'"
ok "ltt-tools holds /usr/lib/ltt/tracing-group" test -x "$tr/usr/lib/ltt/tracing-group"
ok "its postinst runs it" \
	sh -c "dpkg-deb -e '$tools_deb' '$work/tools-ctl2' && grep -q '^[[:space:]]*/usr/lib/ltt/tracing-group' '$work/tools-ctl2/postinst'"
ok "its postrm removes the option it wrote, on purge" \
	grep -q 'ltt-tracing-group.conf' "$work/tools-ctl2/postrm"
tg_conf=$work/modprobe.d/ltt-tracing-group.conf
LTT_SPOOL_DIR=$work/no-spool LTT_TRACING_GROUP=root "$tr/usr/lib/ltt/tracing-group" "$tg_conf" >/dev/null
is "$(sed -n '2,$p' "$tg_conf" 2>/dev/null)" "options ltt tracing_group=$(getent group root | cut -d: -f3)" \
	"tracing-group: a group that exists: its number as ltt's option"
LTT_SPOOL_DIR=$work/no-spool LTT_TRACING_GROUP=ltt-no-such-group "$tr/usr/lib/ltt/tracing-group" "$tg_conf" >/dev/null
ok "... the group gone: its own file removed" test ! -e "$tg_conf"
echo "options ltt tracing_group=7" >"$tg_conf"
LTT_SPOOL_DIR=$work/no-spool LTT_TRACING_GROUP=root "$tr/usr/lib/ltt/tracing-group" "$tg_conf" >/dev/null
is "$(cat "$tg_conf")" "options ltt tracing_group=7" \
	"... an administrator's file is left as it is"
# the spool of snapshots waiting for a relay follows the group (issue 35)
is "$(stat -c %a "$tr/var/spool/ltt" 2>&1)" 700 "ltt-tools holds /var/spool/ltt, root's alone"
mkdir -m 0700 "$work/spool"
LTT_SPOOL_DIR=$work/spool LTT_TRACING_GROUP=daemon "$tr/usr/lib/ltt/tracing-group" "$work/tg-spool.conf" >/dev/null
is "$(stat -c '%a %G' "$work/spool")" "3770 daemon" \
	"tracing-group: the spool is the group's, setgid and sticky"
LTT_SPOOL_DIR=$work/spool LTT_TRACING_GROUP=ltt-no-such-group "$tr/usr/lib/ltt/tracing-group" "$work/tg-spool.conf" >/dev/null
is "$(stat -c '%a %G' "$work/spool")" "700 root" "... the group gone: root's alone again"
ok "installing ltt-tools rebuilds the initramfs (its hook: dh_installinitramfs's trigger)" \
	sh -c "dpkg-deb -e '$tools_deb' '$work/tools-ctl' && grep -q '^activate-noawait update-initramfs$' '$work/tools-ctl/triggers'"
# where this release's systemd looks (debian/rules asks pkg-config)
unit=$(ls "$tr"/lib/systemd/system/ltt.service "$tr"/usr/lib/systemd/system/ltt.service 2>/dev/null | head -n 1)
ok "ltt-tools holds the ltt service" test -n "$unit"
ok "ltt.service runs the packaged lttctl" grep -q '^ExecStart=/usr/bin/lttctl load --all' "$unit"
# issue 35: a saved session may stream to a relay or write to NFS
ok "ltt.service starts after the network and remote file systems" \
	grep -qx 'After=local-fs.target systemd-modules-load.service network-online.target remote-fs.target' "$unit"
ok "ltt.service pulls network-online.target in" grep -qx 'Wants=network-online.target' "$unit"
ok "ltt.service notes what it made and ends only that" sh -c \
	"grep -qx 'ExecStart=/usr/bin/lttctl load --all /etc/ltt/sessions --start --state /run/ltt/saved-sessions' '$unit' &&
	 grep -qx 'ExecStop=/usr/bin/lttctl destroy --saved /etc/ltt/sessions --state /run/ltt/saved-sessions' '$unit' &&
	 grep -qx 'ExecStopPost=/usr/bin/lttctl destroy --saved /etc/ltt/sessions --state /run/ltt/saved-sessions' '$unit'"
ok "ltt.service stays active when some session files fail (exit 3)" grep -qx 'SuccessExitStatus=3' "$unit"
v=$("$tr/usr/bin/lttctl" --version 2>&1)
ok "lttctl --version runs from the package" test $? -eq 0
ok "--version: tool version $ver and ABI" \
	sh -c "printf '%s\n' \"\$1\" | grep -Eqx 'lttctl \(ltt\) $ver, ABI [0-9]+\.[0-9]+'" _ "$v"
ok "--version: ltt.ko is not loaded (the host loads no module)" \
	sh -c "printf '%s\n' \"\$1\" | grep -qx 'lttctl: ltt.ko is not loaded: modprobe ltt'" _ "$v"
ok "ltt-dkms holds the sources and dkms.conf" \
	sh -c "dpkg -c '$dkms_deb' | grep -q './usr/src/ltt-$ver/dkms.conf\$' &&
	       dpkg -c '$dkms_deb' | grep -q './usr/src/ltt-$ver/probes/ltt-probe-irq.c\$'"
ok "ltt-dkms registers with DKMS when installed (postinst)" \
	sh -c "dpkg-deb -e '$dkms_deb' '$work/ctl' && grep -q 'dkms' '$work/ctl/postinst'"
dr=$work/dkms-root
dpkg -x "$dkms_deb" "$dr" 2>/dev/null

# -- DKMS builds for each kernel, privately
ok "a private mount namespace (unshare -m, as root)" unshare -m true
# 6.1's in make check; 6.12's too in make check-wide (LTT_VM_WIDE=1):
# dkms.conf and its make line are the same for both, and warnings.t builds
# the same sources for 6.12
for k in 6.1 ${LTT_VM_WIDE:+6.12}; do
	kver=$(vm_resolve_kernel "$k") || { ok "headers of $k installed" false; continue; }
	log=$work/dkms-$kver.log mods=$work/mods-$kver
	mkdir -p "$mods"
	unshare -m sh -c "mount -t tmpfs tmpfs /var/lib/dkms &&
		dkms add -m ltt -v $ver --sourcetree '$dr/usr/src' &&
		nice dkms build -m ltt -v $ver -k $kver --sourcetree '$dr/usr/src' &&
		cp /var/lib/dkms/ltt/$ver/$kver/*/module/*.ko* '$mods/'" >"$log" 2>&1
	ok "dkms build for $kver" test $? -eq 0 || diag "$(tail -n 30 "$log")"
	want="ltt $(sed -n 's/^for sys in \(.*\); do$/\1/p' dkms.conf | sed 's/\([a-z]*\)/ltt-probe-\1/g')"
	is "$(ls "$mods" | sed 's/\.ko.*//' | sort | tr '\n' ' ' | sed 's/ $//')" \
		"$(printf '%s\n' $want | sort | tr '\n' ' ' | sed 's/ $//')" \
		"$kver: ltt.ko and every probe module built"
	is "$(modinfo -F vermagic "$mods"/ltt.ko* 2>/dev/null | cut -d' ' -f1)" "$kver" \
		"$kver: built for that kernel"
	is "$(modinfo -F sig_id "$mods"/ltt-probe-irq.ko* 2>/dev/null)" "PKCS#7" \
		"$kver: signed with DKMS's MOK key"
	ok "$kver: the probe modules carry their events (ltt_events)" \
		sh -c "modinfo -F ltt_events '$mods'/ltt-probe-irq.ko* | grep -q 'irq_handler_entry,'"
done

# -- a module built for another kernel: lttctl says so
kver=$(vm_resolve_kernel 6.1)
md=$work/modules
mkdir -p "$md/extra"
cp "$work/mods-$kver"/ltt.ko "$md/extra/" 2>/dev/null
echo "extra/ltt.ko:" >"$md/modules.dep"
v=$(LTT_MODULES_DIR=$md "$tr/usr/bin/lttctl" --version 2>&1)
ok "--version: ltt.ko installed but built for another kernel, said so" \
	sh -c "printf '%s\n' \"\$1\" | grep -q 'ltt.ko was built for kernel $kver, not for the running $(uname -r)'" _ "$v"
done_testing
