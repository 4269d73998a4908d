#!/usr/bin/env python3
"""Summarise bench/scenarios/lazy_migrate.sh: per run, the cost of the
response call, the pages it migrated, and how fast the moved thread's hot
pages became local; per response, the median (min-max) over its runs.
Print a Markdown table, write JSON.

   lazy_migrate.py RUN_DIR [JSON_OUT]
"""
import json
import sys
from pathlib import Path

from stats import by_variant, fmt, read_jsonl, spread, summarise_variants


def one_run(path):
    samples, end = read_jsonl(path)
    after = [s for s in samples if s['moved']]
    moved_at = after[0]['t'] if after else None
    local = [(s['t'] - moved_at, s['moved_hot_on_node1_pct']) for s in after]
    passes = [s['passes'][1] for s in after[len(after) // 2:]] or [0]
    return {
        'end': end,
        'samples': samples,
        'call_us': end['call_us'],
        'pages_migrated': end['pgmigrate_success'],
        'lazy_migrated': end['numa_lazy_migrated'],
        'pages_migrated_per_moved_part_page': end['pgmigrate_success'] / end['moved_part_pages'],
        'seconds_to_90pct_local': next((t for t, p in local if p >= 90), None),
        'final_pct_local': local[-1][1] if local else None,
        'moved_thread_passes_per_s_2nd_half': sum(passes) / len(passes),
        'data_ok': end['data_ok'],
    }


KEYS = ['call_us', 'pages_migrated', 'lazy_migrated', 'pages_migrated_per_moved_part_page',
        'seconds_to_90pct_local', 'final_pct_local', 'moved_thread_passes_per_s_2nd_half']


def main(run, json_out=None):
    runs = {p.stem: one_run(p) for p in sorted(Path(run).glob('*.jsonl'))}
    variants = by_variant(runs)
    summary = summarise_variants(variants, KEYS)
    eager, lazy = variants.get('eager', []), variants.get('lazy', [])
    call_ratio = [l['call_us'] / e['call_us'] for e, l in zip(eager, lazy) if e['call_us']]
    result = {'runs': runs, 'summary': summary, 'lazy_over_eager_call_time': spread(call_ratio)}

    print('| response | runs | call µs | pages migrated | of which lazily | migrated / pages of moved part | '
          's to 90% local | % local at end | moved thread passes/s, 2nd half | data |')
    print('|---|---|---|---|---|---|---|---|---|---|')
    for v in ('none', 'eager', 'lazy', 'none_off', 'eager_off', 'lazy_off'):
        if v not in summary:
            continue
        s = summary[v]
        print(f"| {v} | {s['runs']} | {fmt(s['call_us'], '.0f')} | {fmt(s['pages_migrated'], '.0f')} | "
              f"{fmt(s['lazy_migrated'], '.0f')} | {fmt(s['pages_migrated_per_moved_part_page'], '.2f')} | "
              f"{fmt(s['seconds_to_90pct_local'], '.0f')} | {fmt(s['final_pct_local'])} | "
              f"{fmt(s['moved_thread_passes_per_s_2nd_half'])} | {'ok' if s['data_ok'] else 'BAD'} |")
    print('\nmedian (min-max) over runs. The moved part is the moved thread\'s arrays, '
          'a quarter of them cold. *_off: the same with kernel.numa_balancing=0.')
    if call_ratio:
        print(f"lazy call time / eager call time, run by run: "
              f"{', '.join(f'{r:.3f}' for r in call_ratio)}; median {fmt(spread(call_ratio), '.3f')}")
    if json_out:
        Path(json_out).write_text(json.dumps(result, indent=1) + '\n')
    return result


if __name__ == '__main__':
    main(*sys.argv[1:3])
