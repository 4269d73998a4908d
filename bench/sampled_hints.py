#!/usr/bin/env python3
"""Summarise bench/scenarios/sampled_hints.sh: per run, how fast each half
of the buffer became local to its reader, what it cost in hint faults,
samples and migrations, and the reads done; per variant (scan, sample),
the median (min-max) over its runs. Print a Markdown table, write JSON.

With HOST_RATE (hintbench rate's output, JSON lines, from the machine that
ran the VM), add a modelled column: a sampler's rate is a fraction of the
ops a CPU executes, so under emulation it slows down with the emulated
CPU, while the scanner runs on the wall clock. The model scales the sample
variant's measured time to 90% by the read loop's emulated speed over its
native speed. It is a model: labelled as one, never mixed into a
measured column.

   sampled_hints.py RUN_DIR [JSON_OUT [HOST_RATE]]
"""
import json
import sys
from pathlib import Path

from stats import by_variant, fmt, read_jsonl, spread, summarise_variants


def seconds_to(samples, pct):
    """First time both halves were at least pct% on their reader's node."""
    return next((s['t'] for s in samples if min(s['pct_local']) >= pct), None)


def far_reads_per_s(samples, end):
    """The far reader's measured reads per second over the run."""
    return samples[-1]['passes'][1] * end['reads_per_pass'] / end['seconds'] if samples else None


def one_run(path):
    samples, end = read_jsonl(path)
    t90 = seconds_to(samples, 90)
    migrated = end['numa_pages_migrated']
    return {
        'end': end,
        'samples': samples,
        'seconds_to_90pct_local': t90,
        'final_pct_local_far_half': samples[-1]['pct_local'][1] if samples else None,
        'pages_migrated': migrated,
        'hint_faults': end['numa_hint_faults'],
        'pte_updates': end['numa_pte_updates'],
        'samples_used': end['numa_sample_used'],
        'hint_faults_per_migrated_page': end['numa_hint_faults'] / migrated if migrated else None,
        'samples_per_migrated_page': end['numa_sample_seen'] / migrated if migrated else None,
        'inject_us_per_sample': end['inject_us_per_sample'] or None,
        'producer_ns_per_sample': end.get('producer_ns_per_sample') or None,
        'consumer_ns_per_sample': end.get('consumer_ns_per_sample') or None,
        'far_reader_passes': samples[-1]['passes'][1] if samples else None,
        'far_reads_per_s': far_reads_per_s(samples, end),
        'data_ok': end['data_ok'],
    }


def host_reads_per_s(path):
    rates = [json.loads(l)['reads_per_s'] for l in Path(path).read_text().splitlines() if l.strip()]
    return spread(rates)


def add_model(run, host_rate):
    """Model: the sample variant's time to 90% at native read speed."""
    t90, vm_rate = run['seconds_to_90pct_local'], run['far_reads_per_s']
    run['model_seconds_to_90pct_local'] = (t90 * vm_rate / host_rate
                                           if t90 is not None and vm_rate else None)


KEYS = ['seconds_to_90pct_local', 'final_pct_local_far_half', 'pages_migrated', 'hint_faults',
        'pte_updates', 'samples_used', 'hint_faults_per_migrated_page', 'samples_per_migrated_page',
        'inject_us_per_sample', 'producer_ns_per_sample', 'consumer_ns_per_sample', 'far_reader_passes', 'far_reads_per_s', 'model_seconds_to_90pct_local']


def main(run, json_out=None, host_rate=None):
    runs = {p.stem: one_run(p) for p in sorted(Path(run).glob('*.jsonl'))}
    host = host_reads_per_s(host_rate) if host_rate else None
    for name, r in runs.items():
        r['model_seconds_to_90pct_local'] = None
        if host and name.startswith('sample'):
            add_model(r, host['median'])
    variants = by_variant(runs)
    summary = summarise_variants(variants, KEYS)
    scan, sample = variants.get('scan', []), variants.get('sample', [])
    time_ratio = [b['seconds_to_90pct_local'] / a['seconds_to_90pct_local']
                  for a, b in zip(scan, sample)
                  if a['seconds_to_90pct_local'] and b['seconds_to_90pct_local'] is not None]
    first = next(iter(runs.values()), None)
    derivation = first and first['end']
    model_ratio = [b['model_seconds_to_90pct_local'] / a['seconds_to_90pct_local']
                   for a, b in zip(scan, sample)
                   if a['seconds_to_90pct_local'] and b['model_seconds_to_90pct_local'] is not None]
    result = {'runs': runs, 'summary': summary, 'sample_over_scan_time_to_90pct': spread(time_ratio),
              'host_reads_per_s': host, 'model_sample_over_scan_time_to_90pct': spread(model_ratio)}

    print('| placement | runs | s to 90% local (both halves) | far half % local at end | pages migrated | '
          'hint faults | PTE updates | samples used | hint faults / migrated page | '
          'samples / migrated page | injector µs / sample | far reader reads/s | data | '
          'model: s to 90% at native speed |')
    print('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
    for v in ('scan', 'sample'):
        if v not in summary:
            continue
        s = summary[v]
        print(f"| {v} | {s['runs']} | {fmt(s['seconds_to_90pct_local'])} | "
              f"{fmt(s['final_pct_local_far_half'])} | {fmt(s['pages_migrated'], '.0f')} | "
              f"{fmt(s['hint_faults'], '.0f')} | {fmt(s['pte_updates'], '.0f')} | "
              f"{fmt(s['samples_used'], '.0f')} | {fmt(s['hint_faults_per_migrated_page'], '.2f')} | "
              f"{fmt(s['samples_per_migrated_page'], '.2f')} | {fmt(s['inject_us_per_sample'])} | "
              f"{fmt(s['far_reads_per_s'], '.3g')} | {'ok' if s['data_ok'] else 'CORRUPT'} | "
              f"{fmt(s['model_seconds_to_90pct_local'], '.2f') if v == 'sample' else fmt(s['seconds_to_90pct_local'])} |")
    print()
    print(f"Time to 90% local, sample / scan, run by run: {fmt(result['sample_over_scan_time_to_90pct'], '.2f')}.")
    if host:
        print(f"Model (not measured): the read loop runs {fmt(host, '.3g')} reads/s natively on the machine "
              "that ran the VM; scaled to that speed, the sample variant's time to 90% local over the scan "
              "variant's (which runs on the wall clock, unscaled): "
              f"{fmt(result['model_sample_over_scan_time_to_90pct'], '.3f')}.")
    smp = summary.get('sample')
    if smp:
        print(f"Cost per sample, measured in the kernel (emulated CPU): producer (numa_hint_record) "
              f"{fmt(smp['producer_ns_per_sample'], '.0f')} ns; consumer (drain, decision and migration) "
              f"{fmt(smp['consumer_ns_per_sample'], '.0f')} ns; the whole injector write "
              f"{fmt(smp['inject_us_per_sample'])} µs.")
    if derivation:
        print(f"Sample rate: one op in {derivation['period']} (IBS default in the RFC), "
              f"{derivation['ops_per_read']} ops a read, so one sample every "
              f"{derivation['reads_per_sample']} reads of each thread.")
    if json_out:
        Path(json_out).write_text(json.dumps(result, indent=1))


if __name__ == '__main__':
    main(*sys.argv[1:])
