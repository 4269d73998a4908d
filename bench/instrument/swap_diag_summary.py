#!/usr/bin/env python3
"""Summarise swap_diag.sh: for each variant, in windows of the run
(before convergence, converged, and for sample_swap after the swap), each
reader's passes per second, the share of a CPU it ran (user and system
apart, from /proc/PID/task/*/stat), the CPU it ran on, and each CPU's
TLB shootdown and function-call interrupts per second.

   swap_diag_summary.py OUT_DIR
"""
import json
import sys
from pathlib import Path

USER_HZ = 100


def blocks(path):
    """The trace's blocks: {t, tasks: {tid: (utime, stime, cpu)}, irq: {name: [per cpu]}}."""
    out = []
    for line in path.read_text().splitlines():
        f = line.split()
        if not f:
            continue
        if f[0] == 't':
            out.append({'t': float(f[1]), 'tasks': {}, 'irq': {}})
        elif f[0] == 'task' and len(f) == 5 and out:
            out[-1]['tasks'][int(f[1])] = (int(f[2]), int(f[3]), int(f[4]))
        elif f[0] in ('TLB:', 'CAL:') and out:
            out[-1]['irq'][f[0][:3]] = [int(x) for x in f[1:] if x.isdigit()]
    return [b for b in out if b['tasks']]


def reports(path):
    lines = [json.loads(l) for l in path.read_text().splitlines() if l.strip()]
    return [l for l in lines if 'passes' in l], lines[-1]


def at(seq, t, key='t'):
    return min(seq, key=lambda s: abs(s[key] - t))


def window(name, trace, reps, t0, t1, start):
    """One line per reader for the window [t0, t1) of the run, from the
    first and last blocks inside it in which both readers live."""
    full = [b for b in trace if len(b['tasks']) >= 3 and start + t0 <= b['t'] <= start + t1]
    if len(full) < 2:
        return
    a, b = full[0], full[-1]
    dt = b['t'] - a['t']
    ra, rb = at(reps, a['t'] - start), at(reps, b['t'] - start)
    readers = sorted(a['tasks'])[1:]  # the first thread is main()
    print(f"{name}, {a['t'] - start:.0f}-{b['t'] - start:.0f} s:")
    for i, tid in enumerate(readers):
        ua, sa, cpu_a = a['tasks'][tid]
        ub, sb, cpu_b = b['tasks'][tid]
        passes = (rb['passes'][i] - ra['passes'][i]) / max(rb['t'] - ra['t'], 1e-9)
        print(f"  reader {i} on CPU {cpu_a}..{cpu_b}: {passes:.2f} passes/s, "
              f"user {(ub - ua) / USER_HZ / dt:.2f} + system {(sb - sa) / USER_HZ / dt:.2f} of a CPU")
    for kind in ('TLB', 'CAL'):
        rate = [(y - x) / dt for x, y in zip(a['irq'].get(kind, []), b['irq'].get(kind, []))]
        print(f"  {kind} interrupts/s by CPU: " + ', '.join(f"{r:.0f}" for r in rate))


def main(out):
    out = Path(out)
    for variant in ('sample', 'sample_swap'):
        trace_path = out / f'{variant}.trace'
        if not trace_path.exists():
            continue
        trace = blocks(trace_path)
        reps, end = reports(out / f'{variant}.jsonl')
        # The trace's clock is uptime; the reports' starts with the run
        start = trace[0]['t']
        t90 = next((r['t'] for r in reps if min(r['pct_local']) >= 90), reps[-1]['t'])
        last = reps[-1]['t']
        swap = end.get('swap_at', -1)
        cuts = [0, t90, swap + 1, last] if swap > 0 else [0, t90, last]
        for t0, t1 in zip(cuts, cuts[1:]):
            if t1 - t0 >= 2:
                window(variant, trace, reps, t0, t1, start)


if __name__ == '__main__':
    main(*sys.argv[1:])
