# SPDX-License-Identifier: GPL-2.0-only
# The bench's warm reboot (tests/vm/t/bench-reboot.t; run with --reboots 1
# and --append 'memmap=16M$0x20000000'): boot 1 writes a pattern into the
# reserved region through /dev/mem (allowed: memmap= makes it "Reserved",
# not System RAM, and not busy) and crashes on purpose; boot 2 reads the
# pattern back: RAM kept across the reset, by QEMU and the firmware, or
# across two QEMU processes on one RAM file (--smp 2,1).
. /ltt/guest-lib.sh
# Words at the start, in the middle and in the last page of the 16 MiB.
ADDRS="0x20000000 0x20000008 0x20800000 0x20fff000"

# pattern ADDR: the 64-bit word written at ADDR
pattern() { printf '0x%016X' $((0x5a5a000000000000 | $1)); }

# Where things are in this boot, for the report: the region in iomem, the
# initrd's place (QEMU loads it near the top of RAM), the kernel's.
{
	echo "boot $LTT_VM_BOOT: $(nproc) CPUs, cmdline: $(cat /proc/cmdline)"
	grep -i '20000000-' /proc/iomem
	grep -E ' (_text|_stext)$' /proc/kallsyms
	grep -E '^Kernel code' /proc/iomem || grep -E 'Kernel code' /proc/iomem
} >>"$OUT/where" 2>&1

case $LTT_VM_BOOT in
1)
	ok "boot 1: the region is reserved (iomem)" \
		grep -q "^20000000-20ffffff : Reserved" /proc/iomem
	for a in $ADDRS; do
		devmem "$a" 64 "$(pattern "$a")"
	done
	for a in $ADDRS; do
		is "$(devmem "$a" 64)" "$(pattern "$a")" "boot 1: $a holds the pattern"
	done
	vm_crash_then_continue
	;;
2)
	for a in $ADDRS; do
		is "$(devmem "$a" 64)" "$(pattern "$a")" "boot 2: $a still holds the pattern"
	done
	is "$(grep -c '^boot ' "$OUT/where")" 2 "boot 2: \$OUT of boot 1 restored"
	;;
*)
	echo "not ok - boot $LTT_VM_BOOT: no third boot"
	;;
esac
