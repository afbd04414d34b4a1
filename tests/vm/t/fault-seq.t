#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The fault sequence of issue 15 (guest/fault-seq.sh), one boot on each
# kernel tests/vm/kernels lists for it: hotplug under load, a probe module
# unloaded mid-trace, 200 start/stop cycles with a leak check, lttd killed,
# eight sessions, an unprivileged user; every trace read on the host with
# bt2 (fault-seq.py). make stress-faults runs it ten boots in a row.
exec "$(dirname "$0")/../../stress/fault-seq" --boots 1
