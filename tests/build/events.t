#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Build test of the declared-event check (probes/gen-event-checks.sh), on
# the 6.1 kernel (and 6.12 in make check-wide): tests/vm/modules/ltt-test-events.h
# declares one event whose prototype differs from the kernel's tracepoint,
# one on a tracepoint no kernel has, and one with two prototypes that both
# differ. The build must succeed, print one notice naming each, leave
# them out of the probe module, keep the good events (a class's instances
# with one probe between them, the matching alternative of an event with
# two), and find every event of include/trace/ compatible. Then the check
# of a header in which one declaration does not compile at all: only the
# events of that declaration are left out.
. "$(dirname "$0")/../vm/lib.sh"	# TAP helpers
ltt_build_lock	# it builds in the tree: not while another test does
root=$LTT_ROOT
export LC_ALL=C
log=$(mktemp "${TMPDIR:-/tmp}/ltt-build-events.XXXXXX")
trap 'rm -f "$log"' EXIT

# 6.1 in make check; 6.12 too in make check-wide (LTT_VM_WIDE=1): each
# kernel here is a second build of every probe module, and 6.12's VM
# tests build the same checks (their notices fail no test there, the
# events they record do)
build_kernels 6.1 ${LTT_VM_WIDE:+6.12}
kernels=$BUILD_KERNELS

for k in $kernels; do
	obj=$root/.build/$k
	# Force the checks to run again, as on a first build.
	rm -f "$obj/probes/ltt-events-ok.h" "$obj/tests/vm/modules/ltt-events-ok.h"
	# Same flags as the VM tests use, so their build stays incremental
	# (W=1 is tests/build/warnings.t's business).
	make -C "$root" KVER="$k" LTT_TEST_MODULES=1 modules >"$log" 2>&1
	ok "$k: the build succeeds" test $? -eq 0
	is "$(grep -c '^ltt: notice:' "$log")" 3 "$k: three notices"
	ok "$k: notice for the mismatched prototype" grep -qx \
		"ltt: notice: event ltt_test_bad_switch (ltt-test-events.h) left out: the prototype of the kernel's tracepoint sched_switch differs from the declaration" "$log"
	ok "$k: notice for the missing tracepoint" grep -qx \
		"ltt: notice: event ltt_test_no_tp (ltt-test-events.h) left out: the kernel has no tracepoint ltt_no_such_tracepoint" "$log"
	ok "$k: notice for two prototypes, both wrong" grep -qx \
		"ltt: notice: event ltt_test_alt_none (ltt-test-events.h) left out: none of its 2 declared prototypes matches the kernel's tracepoint sched_switch" "$log"
	ok "$k: no compiler warning" sh -c "! grep -i 'warning:' '$log'"
	ok "$k: every event of include/trace/ is compatible" sh -c "
		for e in sched_switch sched_waking sched_wakeup sched_wakeup_new \
			 sched_process_fork sched_process_exec sched_process_exit \
			 syscall_raw_entry syscall_raw_exit; do
			grep -qx \"#define LTT_OK_\$e 1\" '$obj/probes/ltt-events-ok.h' || exit 1
		done"
	# The subsystems of issue 10: every event on every kernel built for,
	# by name, so that one a kernel loses shows up here.
	missing=$(for e in sched_migrate_task sched_process_free \
			sched_process_wait sched_pi_setprio sched_stat_runtime \
			sched_kthread_stop sched_kthread_stop_ret \
			irq_handler_entry irq_handler_exit softirq_raise \
			softirq_entry softirq_exit local_timer_entry \
			local_timer_exit reschedule_entry reschedule_exit \
			call_function_entry call_function_exit \
			call_function_single_entry call_function_single_exit \
			irq_work_entry irq_work_exit \
			timer_init timer_start timer_expire_entry \
			timer_expire_exit timer_cancel hrtimer_init hrtimer_start \
			hrtimer_expire_entry hrtimer_expire_exit hrtimer_cancel \
			itimer_state itimer_expire tick_stop \
			signal_generate signal_deliver \
			block_rq_insert block_rq_issue block_rq_merge \
			block_rq_requeue block_rq_complete block_rq_error \
			block_rq_remap block_bio_queue block_bio_backmerge \
			block_bio_frontmerge block_getrq block_bio_complete \
			block_bio_remap block_plug block_unplug \
			kmalloc kfree kmem_cache_alloc kmem_cache_free \
			mm_page_alloc mm_page_free page_fault_user \
			page_fault_kernel mm_page_alloc_zone_locked \
			net_dev_queue net_dev_xmit netif_receive_skb netif_rx \
			napi_poll kfree_skb consume_skb \
			workqueue_queue_work workqueue_activate_work \
			workqueue_execute_start workqueue_execute_end \
			module_load module_free module_get module_put \
			module_request cpu_idle cpu_frequency suspend_resume \
			console rcu_utilization mm_vmscan_kswapd_sleep \
			mm_vmscan_kswapd_wake mm_vmscan_wakeup_kswapd \
			mm_vmscan_direct_reclaim_begin \
			mm_vmscan_direct_reclaim_end \
			mm_vmscan_memcg_reclaim_begin \
			mm_vmscan_memcg_reclaim_end \
			mm_filemap_add_to_page_cache \
			mm_filemap_delete_from_page_cache \
			writeback_mark_inode_dirty writeback_dirty_inode_start \
			writeback_dirty_inode writeback_single_inode_start \
			writeback_single_inode global_dirty_state; do
		grep -qx "#define LTT_OK_$e 1" "$obj/probes/ltt-events-ok.h" ||
			echo "$e"
	done)
	is "$missing" "" "$k: every event of the probe modules (issue 10) is built"
	is "$(grep -c 'left out' "$obj/probes/ltt-events-ok.h")" 0 \
		"$k: no event of include/trace/ left out"
	syms=$(nm "$obj/tests/vm/modules/ltt-test-events.o" | awk '{ print $NF }')
	ok "$k: the good event has its probe" \
		sh -c "echo '$syms' | grep -qx __ltt_probe_ltt_test_wakeup"
	ok "$k: the left-out events have none" \
		sh -c "! echo '$syms' | grep -Eq '__ltt_probe_ltt_test_(bad_switch|no_tp|alt_none)'"
	ok "$k: the left-out events are still described (listed unavailable)" \
		sh -c "echo '$syms' | grep -qx __ltt_desc_ltt_test_bad_switch &&
		       echo '$syms' | grep -qx __ltt_desc_ltt_test_no_tp &&
		       echo '$syms' | grep -qx __ltt_desc_ltt_test_alt_none"
	is "$(echo "$syms" | grep -c '^__ltt_probe_ltt_test_task$')/$(echo "$syms" | grep -c '^__ltt_probe_ltt_test_cls')" \
		1/0 "$k: the class's instances share one probe"
	ok "$k: each instance has its desc" sh -c "
		for e in cls_wakeup cls_waking cls_alt; do
			echo '$syms' | grep -qx __ltt_desc_ltt_test_\$e || exit 1
		done"
	ok "$k: two prototypes: the second, matching one, has the probe" \
		sh -c "echo '$syms' | grep -qx __ltt_probe_ltt_test_alt__alt2 &&
		       ! echo '$syms' | grep -q __ltt_probe_ltt_test_alt__alt1 &&
		       echo '$syms' | grep -qx __ltt_desc_ltt_test_alt"
	ok "$k: the check header names the matching alternatives" sh -c "
		grep -qx '#define LTT_OK_ltt_test_alt__2 1' '$obj/tests/vm/modules/ltt-events-ok.h' &&
		grep -qx '#define LTT_OK_ltt_test_cls_alt__2 1' '$obj/tests/vm/modules/ltt-events-ok.h'"

	# The check's fallback, with the command Kbuild ran for probes/ on a
	# copy of include/trace/ whose sched.h has two more events: one whose
	# prototype names a type no kernel has, one whose first alternative
	# does.
	fb=$(mktemp -d "${TMPDIR:-/tmp}/ltt-build-events-fb.XXXXXX")
	cp "$root"/include/trace/*.h "$fb/"
	sed -i 's|^#endif /\* _TRACE_LTT_SCHED_H \*/|\
LTT_EVENT_MAP(ltt_test_broken, sched_switch, LTT_PROTO(ltt_no_such_t x),\
	LTT_ARGS(x), LTT_FIELDS(ltt_field_integer(int, x, 1)))\
LTT_EVENT_ALT(ltt_test_broken_alt, 1, sched_wakeup,\
	LTT_PROTO(ltt_no_such_t x), LTT_ARGS(x),\
	LTT_FIELDS(ltt_field_integer(int, x, 1)))\
LTT_EVENT_ALT(ltt_test_broken_alt, 2, sched_wakeup,\
	LTT_PROTO(struct task_struct *p), LTT_ARGS(p),\
	LTT_FIELDS(ltt_field_integer(int, x, 1)))\
&|' "$fb/sched.h"
	cmd=$(sed -n 's/^\(saved\)\{0,1\}cmd_[^ ]* := //p' "$obj/probes/.ltt-events-ok.h.cmd")
	cmd=${cmd/"$obj/probes/ltt-events-ok.h $obj/include/trace"/"$fb/ok.h $fb"}
	(cd "/lib/modules/$k/build" && eval "$cmd") >"$fb/log" 2>&1
	ok "$k: fallback: the check succeeds" test $? -eq 0
	ok "$k: fallback: the declaration that does not compile is left out" grep -qx \
		"ltt: notice: event ltt_test_broken (sched.h) left out: its declaration does not compile against this kernel" "$fb/log"
	is "$(grep -c '^ltt: notice:' "$fb/log")" 1 "$k: fallback: one notice"
	ok "$k: fallback: the other events, and the second alternative, are kept" sh -c "
		for e in sched_switch sched_wakeup syscall_raw_exit ltt_test_broken_alt__2; do
			grep -qx \"#define LTT_OK_\$e 1\" '$fb/ok.h' || exit 1
		done"
	rm -rf "$fb"
done
done_testing
