#!/usr/bin/env python3
"""Summarise bench/scenarios/scan_backoff.sh: per run, the scanner's cost
(PTE updates, hinting faults, failed migrations, system CPU time), the
run's throughput, and how fast the movable memory became local; per
workload and rule, the median (min-max) over its runs; and the old/new
ratios, paired run by run. Print Markdown tables, write JSON.

   scan_backoff.py RUN_DIR [JSON_OUT]
"""
import json
import sys
from pathlib import Path

from stats import by_variant, fmt, paired_ratios, print_headline, read_jsonl, spread


def one_run(path):
    samples, end = read_jsonl(path)
    return {
        'end': end,
        'samples': samples,
        'pte_updates': end['numa_pte_updates'],
        'hint_faults': end['numa_hint_faults'],
        'pgmigrate_fail': end['pgmigrate_fail'],
        'failed_unmovable': end['numa_migrate_fail_unmovable'],
        'pages_migrated': end['numa_pages_migrated'],
        'stime_s': end['stime_s'],
        'passes_per_s': end['passes'] / end['seconds'],
        'seconds_to_90pct_local': next((s['t'] for s in samples
                                        if s['movable_on_node1_pct'] >= 90), None),
        'scan_period_ms': end['scan_period_ms'],
        'data_ok': end['data_ok'],
    }


KEYS = ['pte_updates', 'hint_faults', 'pgmigrate_fail', 'failed_unmovable', 'pages_migrated', 'stime_s',
        'passes_per_s', 'seconds_to_90pct_local', 'scan_period_ms']


def main(run, json_out=None):
    runs = {p.stem: one_run(p) for p in sorted(Path(run).glob('*.jsonl'))}
    groups = by_variant(runs)
    summary = {g: {k: spread([r[k] for r in rs]) for k in KEYS} for g, rs in groups.items()}
    for g, rs in groups.items():
        summary[g]['runs'] = len(rs)
        summary[g]['data_ok'] = all(r['data_ok'] for r in rs)
    fo, fn = groups.get('fail-old', []), groups.get('fail-new', [])
    oo, on = groups.get('ok-old', []), groups.get('ok-new', [])
    headline = {
        'fail_pte_updates_old_over_new': spread(paired_ratios(fo, fn, 'pte_updates')),
        'fail_hint_faults_old_over_new': spread(paired_ratios(fo, fn, 'hint_faults')),
        'fail_stime_old_over_new': spread(paired_ratios(fo, fn, 'stime_s')),
        'ok_time_to_90pct_new_over_old': spread(paired_ratios(on, oo, 'seconds_to_90pct_local')),
        'ok_pages_migrated_new_over_old': spread(paired_ratios(on, oo, 'pages_migrated')),
    }
    result = {'runs': runs, 'summary': summary, 'headline': headline}

    print('| workload, rule | runs | PTE updates | hint faults | pgmigrate_fail | failed, unmovable | pages migrated | '
          'system CPU s | passes/s | s to 90% local | scan period at end, ms | data |')
    print('|---|---|---|---|---|---|---|---|---|---|---|---|')
    for g in ('fail-old', 'fail-new', 'ok-old', 'ok-new'):
        if g not in summary:
            continue
        s = summary[g]
        print(f"| {g.replace('-', ', ')} | {s['runs']} | {fmt(s['pte_updates'], '.0f')} | "
              f"{fmt(s['hint_faults'], '.0f')} | {fmt(s['pgmigrate_fail'], '.0f')} | "
              f"{fmt(s['failed_unmovable'], '.0f')} | "
              f"{fmt(s['pages_migrated'], '.0f')} | {fmt(s['stime_s'], '.2f')} | "
              f"{fmt(s['passes_per_s'], '.1f')} | {fmt(s['seconds_to_90pct_local'], '.2f')} | "
              f"{fmt(s['scan_period_ms'], '.0f')} | {'ok' if s['data_ok'] else 'BAD'} |")
    print_headline(headline)
    if json_out:
        Path(json_out).write_text(json.dumps(result, indent=1) + '\n')
    return result


if __name__ == '__main__':
    main(*sys.argv[1:3])
