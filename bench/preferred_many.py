#!/usr/bin/env python3
"""Summarise bench/scenarios/preferred_many.sh: per run, promotion,
locality over time and throughput; per variant, the median (min, max) over
its runs; print Markdown tables, write JSON.

   preferred_many.py RUN_DIR [JSON_OUT]
"""
import json
import sys
from pathlib import Path

from stats import by_variant, fmt, read_counters, spread


def task_pages_migrated(d):
    """Pages NUMA balancing migrated for memcached itself (all its threads),
    from /proc/PID/task/*/sched; the vmstat counters cover both servers."""
    return int((d / 'sched.after').read_text()) - int((d / 'sched.before').read_text())


def share_and_rate(share, ops):
    """At each share reading after the first: the share on nodes 0-1, and
    the gets per second over the interval since the previous reading (ops
    holds one count per second of load)."""
    samples = []
    for (t0, _), (t, pct) in zip(share, share[1:]):
        window = ops[t0:t]
        samples.append({'t': t, 'pct_on_nodes_0_1': pct,
                        'ops_per_s': sum(window) / len(window) if window else None})
    return samples


def one_run(d):
    before, after = read_counters(d / 'vmstat.before'), read_counters(d / 'vmstat.after')
    delta = {k: after[k] - before[k] for k in after if k in before}
    share = []
    for line in (d / 'share.txt').read_text().splitlines():
        t, fast, total = map(int, line.split())
        share.append((t, 100.0 * fast / total if total else 0.0))
    ops = [int(l.split('ops=')[1]) for l in (d / 'ops.txt').read_text().splitlines()
           if l.startswith('t=')]
    half = ops[len(ops) // 2:] or [0]
    promoted = task_pages_migrated(d)
    return {
        'task_pages_migrated': promoted,
        'counters': delta,
        'samples': share_and_rate(share, ops),
        'share_on_nodes_0_1': share,
        'ops_per_s': ops,
        'ops_per_s_second_half': sum(half) / len(half),
        'seconds_to_90pct_on_nodes_0_1': next((t for t, p in share if p >= 90), None),
        'final_pct_on_nodes_0_1': share[-1][1] if share else 0.0,
        'hint_faults_per_promoted_page':
            delta.get('numa_hint_faults', 0) / promoted if promoted else None,
        'migrations_per_promoted_page':
            delta.get('numa_pages_migrated', 0) / promoted if promoted else None,
    }


KEYS = ['task_pages_migrated', 'ops_per_s_second_half', 'final_pct_on_nodes_0_1', 'seconds_to_90pct_on_nodes_0_1',
        'hint_faults_per_promoted_page', 'migrations_per_promoted_page']


def main(run, json_out=None):
    runs = {d.name: one_run(d) for d in sorted(Path(run).iterdir()) if d.is_dir()}
    variants = by_variant(runs)
    summary = {v: {k: spread([r[k] for r in rs]) for k in KEYS} for v, rs in variants.items()}
    for v, rs in variants.items():
        summary[v]['runs'] = len(rs)
    # Pair the n-th run of each variant: they ran at the same time.
    on, off = variants.get('balancing', []), variants.get('plain', [])
    ratios = [a['ops_per_s_second_half'] / b['ops_per_s_second_half']
              for a, b in zip(on, off) if b['ops_per_s_second_half']]
    result = {'runs': runs, 'summary': summary,
              'throughput_ratio_second_half': spread(ratios), 'ratios': ratios}

    print('| variant | runs | pages promoted (task) | % on nodes 0-1 at end | s to 90% | '
          'gets/s, 2nd half | hint faults / promoted | migrations / promoted |')
    print('|---|---|---|---|---|---|---|---|')
    for v, s in summary.items():
        print(f"| {v} | {s['runs']} | {fmt(s['task_pages_migrated'], '.0f')} | "
              f"{fmt(s['final_pct_on_nodes_0_1'])} | {fmt(s['seconds_to_90pct_on_nodes_0_1'], '.0f')} | "
              f"{fmt(s['ops_per_s_second_half'], '.0f')} | {fmt(s['hint_faults_per_promoted_page'], '.2f')} | "
              f"{fmt(s['migrations_per_promoted_page'], '.2f')} |")
    print('\nmedian (min-max) over runs. Both variants ran at once, side by side; hint faults and\n'
          'migrations are system-wide (both servers) per page promoted for memcached itself.')
    if ratios:
        print(f"throughput, 2nd half, balancing / plain, run by run: "
              f"{', '.join(f'{r:.3f}' for r in ratios)}; median {fmt(spread(ratios), '.3f')}")
    if json_out:
        Path(json_out).write_text(json.dumps(result, indent=1) + '\n')
    return result


if __name__ == '__main__':
    main(*sys.argv[1:3])
