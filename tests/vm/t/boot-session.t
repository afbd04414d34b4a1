#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Boot-time sessions (ltt.boot_* parameters, ltt(7)): ltt.ko and its probe
# modules loaded by the init before its other tools, with the parameters
# on the kernel command line. Boot 1, discard mode: lttd attached later
# writes everything since the load, the exec of the first test script
# included (guest/boot-session.sh, t/boot_session_check.py); then ltt.ko
# loaded again with options in /etc/modprobe.d too: the command line's
# win, the others apply; boot_trigger's notify, snapshot and rotate
# actions fire (guest/boot-modprobe.sh, t/boot_triggers_check.py). Boot 2, a
# flight recorder with a stop trigger: lttctl snapshot writes it out
# (guest/boot-flight.sh). Boot 3, a bad value on the command line, then
# bad values given to insmod: a message naming each, ltt.ko loaded, no
# session; then what the ltt service does (lttctl load --all DIR --start)
# for a boot session: gives lttd to one in discard mode (its trace read
# here), none to a flight recorder (guest/boot-badparams.sh).
. "$(dirname "$0")/../lib.sh"
check="$(dirname "$0")/boot_session_check.py"
discard="ltt.boot_session=boot ltt.boot_probes=sched,syscalls"
discard="$discard ltt.boot_events=sched_process_exec,sched_process_fork,sys_execve,ltt_user_mark,lttng_statedump_process_state"
discard="$discard ltt.boot_subbuf_size=64k ltt.boot_num_subbuf=16 ltt.boot_output=/results/boot-session/out/trace"
flight="ltt.boot_session=flight ltt.boot_probes=sched ltt.boot_overwrite=1"
flight="$flight ltt.boot_events=sched_process_exec,sched_process_fork,ltt_user_mark"
flight="$flight ltt.boot_subbuf_size=16k ltt.boot_num_subbuf=4 ltt.boot_trigger=event=ltt_user_mark,action=stop"
for k in $(vm_kernels boot-session); do
	vm_boot --kernel "$k" --smp 2 --append "$discard" guest/boot-session.sh \
		guest/boot-modprobe.sh
	ok "ltt.ko said at load what it records and where lttd writes it" \
		grep -qF 'ltt: boot session boot recording (discard, 65536 x 16 per CPU); lttd writes it to /results/boot-session/out/trace' \
		"$VM_OUT/boot.dmesg"
	host_check --prefix "$k" /usr/bin/python3 "$check" discard "$VM_OUT/boot-session"
	host_check --prefix "$k" /usr/bin/python3 "$(dirname "$0")/boot_triggers_check.py" \
		"$VM_OUT/boot-modprobe"
	vm_boot --kernel "$k" --smp 2 --append "$flight" guest/boot-flight.sh
	ok "the flight recorder said so at load" \
		grep -qF 'ltt: boot session flight recording (overwrite, 16384 x 4 per CPU); lttd writes it to /var/log/ltt/flight-' \
		"$VM_OUT/boot.dmesg"
	host_check --prefix "$k" /usr/bin/python3 "$check" flight "$VM_OUT/boot-flight"
	vm_boot --kernel "$k" --smp 2 \
		--append "ltt.boot_session=bad ltt.boot_probes=sched ltt.boot_subbuf_size=3000" \
		guest/boot-badparams.sh
	ok "the bad value on the command line: its message in the boot's log" \
		grep -qF 'ltt: boot_subbuf_size="3000": not a power of two of at least 4096 bytes; no boot session' \
		"$VM_OUT/boot.dmesg"
	# the boot session svc, drained by the lttd the service started
	host_out t babeltrace2 "$VM_OUT/boot-badparams/svc"
	is "$(printf '%s\n' "$t" | grep -o 'msg = "svc: [a-z ]*"' | tr '\n' '|')" \
		'msg = "svc: before lttd"|msg = "svc: after lttd"|' \
		"$k: the service's lttd wrote the boot session svc: the mark before it and the one after"
done
done_testing
