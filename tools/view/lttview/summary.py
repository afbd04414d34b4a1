# SPDX-License-Identifier: GPL-2.0-only
"""The tables beside the timeline: per CPU, per process, system calls,
lost events. Plain data (lists), rendered by page.js."""

TOP_PROCS = 50
TOP_SYSCALLS = 5


def summaries(m):
    span = max(m.end - m.begin, 1)
    cpus = [{"cpu": c, "busy_ns": m.cpu_busy.get(c, 0),
             "busy_pct": 100.0 * m.cpu_busy.get(c, 0) / span,
             "lost": sum(ls[3] or 0 for ls in m.lost if ls[0] == c)}
            for c in sorted(m.cpus)]
    per_pid = {}
    for (pid, name), (n, ns) in m.sys_stats.items():
        per_pid.setdefault(pid, []).append((name, n, ns))
    pids = set(m.proc_cpu) | set(per_pid)
    procs = []
    for pid in pids:
        calls = sorted(per_pid.get(pid, []), key=lambda x: (-x[1], -x[2], x[0]))
        procs.append({"pid": pid, "name": m.name_of(pid),
                      "cpu_ns": m.proc_cpu.get(pid, 0),
                      "syscalls": sum(c[1] for c in calls),
                      "top": [list(c) for c in calls[:TOP_SYSCALLS]]})
    procs.sort(key=lambda p: (-p["cpu_ns"], -p["syscalls"], p["pid"]))
    tot = {}
    for (pid, name), (n, ns) in m.sys_stats.items():
        t = tot.setdefault(name, [0, 0])
        t[0] += n
        t[1] += ns
    sysc = sorted(([k, v[0], v[1]] for k, v in tot.items()),
                  key=lambda x: (-x[1], -x[2], x[0]))
    return {"cpus": cpus, "procs": procs[:TOP_PROCS],
            "procs_total": len(procs), "syscalls": sysc[:20],
            "events": sorted(([k, v] for k, v in m.names.items()),
                             key=lambda x: -x[1])[:20]}
