#!/usr/bin/env python3
"""Summarise bench/scenarios/perf_numa.sh: per run, perf bench numa mem's
convergence latency (None if the processes never converged) and total
speed, and the NUMA counters over the run; per variant (the series, and
its features off), the median (min-max) over its runs, and the
series/off ratios paired run by run. Print a Markdown table, write JSON.

   perf_numa.py RUN_DIR [JSON_OUT]
"""
import json
import re
import sys
from pathlib import Path

from stats import by_variant, fmt, paired_ratios, print_headline, read_counters, spread


def perf_value(text, name):
    m = re.search(r'^\s*main,\s+([\d.]+),\s+\S+,\s+' + re.escape(name) + r'\s*$', text, re.M)
    return float(m.group(1)) if m else None


def one_run(d):
    text = (d / 'perf.txt').read_text()
    before, after = read_counters(d / 'vmstat.before'), read_counters(d / 'vmstat.after')
    counters = {k: after[k] - before[k] for k in after if k in before}
    converged = 'converged' in text and perf_value(text, 'NUMA-convergence-latency') is not None
    return {
        'convergence_s': perf_value(text, 'NUMA-convergence-latency') if converged else None,
        'converged': converged,
        'total_gb_per_s': perf_value(text, 'total-speed'),
        'runtime_s': perf_value(text, 'runtime-max/thread'),
        'counters': counters,
        'hint_faults': counters.get('numa_hint_faults'),
        'pages_migrated': counters.get('numa_pages_migrated'),
        'pte_updates': counters.get('numa_pte_updates'),
    }


KEYS = ['convergence_s', 'total_gb_per_s', 'hint_faults', 'pages_migrated', 'pte_updates']


def main(run, json_out=None):
    runs = {d.name: one_run(d) for d in sorted(Path(run).iterdir()) if (d / 'perf.txt').exists()}
    groups = by_variant(runs)
    summary = {g: {k: spread([r[k] for r in rs]) for k in KEYS} for g, rs in groups.items()}
    for g, rs in groups.items():
        summary[g]['runs'] = len(rs)
        summary[g]['converged'] = sum(r['converged'] for r in rs)
    series, off = groups.get('series', []), groups.get('off', [])
    headline = {
        'convergence_series_over_off': spread(paired_ratios(series, off, 'convergence_s')),
        'hint_faults_series_over_off': spread(paired_ratios(series, off, 'hint_faults')),
    }
    # A run whose processes the scheduler left with their memory converges
    # without migrating a page, in about a second, whatever the backoff
    # does; only pairs where both variants had to migrate compare it.
    contested = [(s, o) for s, o in zip(series, off) if s['pages_migrated'] and o['pages_migrated']]
    headline['convergence_series_over_off_where_both_migrated'] = spread(paired_ratios(
        [s for s, _ in contested], [o for _, o in contested], 'convergence_s'))
    pairs = [(s['convergence_s'], o['convergence_s']) for s, o in zip(series, off)
             if s['convergence_s'] is not None and o['convergence_s'] is not None]
    signs = {'pairs': len(pairs), 'series_first': sum(s < o for s, o in pairs),
             'both_migrated': len(contested)}
    result = {'runs': runs, 'summary': summary, 'headline': headline, 'signs': signs}

    print('| variant | runs | converged | convergence s | total GB/s (TCG) | hint faults | '
          'pages migrated | PTE updates |')
    print('|---|---|---|---|---|---|---|---|')
    names = {'series': 'the series (failure-aware backoff)', 'off': 'features off (legacy_backoff=1)'}
    for g in ('series', 'off'):
        if g not in summary:
            continue
        s = summary[g]
        print(f"| {names[g]} | {s['runs']} | {s['converged']} | {fmt(s['convergence_s'], '.1f')} | "
              f"{fmt(s['total_gb_per_s'], '.2f')} | {fmt(s['hint_faults'], '.0f')} | "
              f"{fmt(s['pages_migrated'], '.0f')} | {fmt(s['pte_updates'], '.0f')} |")
    print_headline(headline)
    print(f"- pairs where the series converged first: {signs['series_first']} of {signs['pairs']}; "
          f"pairs where both variants migrated pages: {signs['both_migrated']}")
    if json_out:
        Path(json_out).write_text(json.dumps(result, indent=1) + '\n')
    return result


if __name__ == '__main__':
    main(*sys.argv[1:3])
