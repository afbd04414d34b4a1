#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make demo: boot a VM with ltt installed, load the modules, record a trace of
# a small workload with lttctl, bring it back and print it with babeltrace2.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/tests/vm/out/demo
"$root/tests/vm/run" --kernel "${KERNEL:-6.1}" --out "$out" "$root/tests/vm/guest/demo.sh"
rc=$?
trace=$out/demo/trace
if [ -d "$trace" ]; then
	echo "== what lttctl said in the guest"
	sed 's/^/   /' "$out/demo/lttctl.log"
	echo "== trace brought back to $trace"
	echo "== babeltrace2 $trace | head -n 15"
	babeltrace2 "$trace" | head -n 15
	echo "== events per name"
	babeltrace2 "$trace" | sed -E 's/^[^]]*\] \([^)]*\) ([^ ]+ )?([A-Za-z0-9_]+): \{.*/\2/' |
		sort | uniq -c | sort -rn
else
	echo "demo: no trace came back; see $out/console.log" >&2
	rc=1
fi
exit $rc
