#!/usr/bin/env python3
"""Summarise bench/scenarios/preferred_many.sh: per variant, promotion,
locality over time and throughput; print a Markdown table, write JSON.

   preferred_many.py RUN_DIR [JSON_OUT]
"""
import json
import sys
from pathlib import Path


def counters(path):
    return {k: int(v) for k, v in (l.split() for l in path.read_text().splitlines())
            if v != '-'}


def variant(d):
    before, after = counters(d / 'vmstat.before'), counters(d / 'vmstat.after')
    delta = {k: after[k] - before[k] for k in after if k in before}
    share = []
    for line in (d / 'share.txt').read_text().splitlines():
        t, fast, total = map(int, line.split())
        share.append((t, 100.0 * fast / total if total else 0.0))
    ops = [int(l.split('ops=')[1]) for l in (d / 'ops.txt').read_text().splitlines()
           if l.startswith('t=')]
    half = ops[len(ops) // 2:] or [0]
    t90 = next((t for t, pct in share if pct >= 90), None)
    promoted = delta.get('pgpromote_success', 0)
    return {
        'counters': delta,
        'share_on_nodes_0_1': share,
        'ops_per_s': ops,
        'ops_per_s_second_half': sum(half) / len(half),
        'seconds_to_90pct_on_nodes_0_1': t90,
        'final_pct_on_nodes_0_1': share[-1][1] if share else 0.0,
        'hint_faults_per_promoted_page':
            delta.get('numa_hint_faults', 0) / promoted if promoted else None,
        'migrations_per_promoted_page':
            delta.get('numa_pages_migrated', 0) / promoted if promoted else None,
    }


def fmt(x, spec='.1f'):
    return '-' if x is None else format(x, spec)


def main(run, json_out=None):
    result = {v.name: variant(v) for v in sorted(Path(run).iterdir()) if v.is_dir()}
    on, off = result.get('balancing'), result.get('plain')
    if on and off and off['ops_per_s_second_half']:
        result['throughput_ratio_second_half'] = (
            on['ops_per_s_second_half'] / off['ops_per_s_second_half'])
    print('| variant | pgpromote_success | % on nodes 0-1 at end | s to 90% | '
          'gets/s, 2nd half | hint faults / promoted | migrations / promoted |')
    print('|---|---|---|---|---|---|---|')
    for name, v in result.items():
        if not isinstance(v, dict):
            continue
        print(f"| {name} | {v['counters'].get('pgpromote_success', 0)} | "
              f"{fmt(v['final_pct_on_nodes_0_1'])} | {fmt(v['seconds_to_90pct_on_nodes_0_1'], 'd')} | "
              f"{fmt(v['ops_per_s_second_half'], '.0f')} | {fmt(v['hint_faults_per_promoted_page'], '.2f')} | "
              f"{fmt(v['migrations_per_promoted_page'], '.2f')} |")
    if 'throughput_ratio_second_half' in result:
        print(f"\nthroughput, 2nd half, balancing / plain: {result['throughput_ratio_second_half']:.3f}")
    if json_out:
        Path(json_out).write_text(json.dumps(result, indent=1) + '\n')
    return result


if __name__ == '__main__':
    main(*sys.argv[1:3])
