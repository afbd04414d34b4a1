# SPDX-License-Identifier: GPL-2.0-only
"""ltt-view: a trace read with babeltrace2 (bt2), drawn as one
self-contained HTML page or exported as Chrome/Perfetto trace-event JSON."""
