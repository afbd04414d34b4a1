# SPDX-License-Identifier: GPL-2.0-only
# A boot session in the persistent region (t/pmem-boot.t): ltt.ko loaded
# by the initramfs script with ltt.boot_persistent=1, so the boot itself
# is recorded in the region. Boot 1: 50 marks, then a crash. Boot 2: the
# same boot session finds the previous boot's trace waiting, keeps it and
# records in ordinary buffers (said in the kernel log); lttctl recover
# writes boot 1's trace: the host (t/pmem_boot_check.py) finds the exec
# of this script from before its first mark, and the 50 marks.
. /ltt/guest-lib.sh
boot=${LTT_VM_BOOT:-1}
if [ "$boot" = 1 ]; then
	ok "boot 1: the boot session records in the region" \
		sh -c "lttctl status | grep -q '^Persistent region: 16 MiB at 0x20000000, recording session bootfr, channel kernel'"
	i=1
	while [ $i -le 50 ]; do
		echo "boot1 $i" >/dev/ltt-mark || break
		i=$((i + 1))
	done
	is "$i" 51 "boot 1: 50 marks written"
	vm_crash_then_continue
	exit 1
fi
ok "boot 2: ... and records" sh -c "lttctl status -s bootfr | grep -q '^Session bootfr: tracing'"
lttctl status >"$OUT/status.txt" 2>&1
ok "boot 2: status: recovered data of session bootfr" \
	grep -q '^Recovered data: session bootfr, channel kernel, ' "$OUT/status.txt"
lttctl recover -o "$OUT/rec" >"$OUT/recover.txt" 2>&1
is "$?" 0 "boot 2: lttctl recover"
sed 's/^/# /' "$OUT/recover.txt"
ok "boot 2: the region is free after it" \
	sh -c "lttctl status | grep -q '^Persistent region: 16 MiB at 0x20000000, free\$'"
