#!/usr/bin/env python3
"""Summarise bench/scenarios/sampled_hints.sh: per run, how fast each half
of the buffer became local to its reader, what it cost in hint faults,
samples and migrations, the CPU time placement cost per migrated page,
and the reads done; per variant (scan, sample, and both over THPs), the
median (min-max) over its runs. Print a Markdown table, write JSON.

Placement's CPU time (seed 003's metric), measured in one run for both:
for scanning, the readers' system time, which is their hinting faults and
task_numa_work(), migrations included (they make no system call); for
samples, the kernel's own clocks of the producer (numa_hint_record) and
of the drains (the local samples' accounting, which may run task
placement as a hinting fault does, the decision and the migration), the
injector's parsing left out.
Its finding part, what sampling replaces, is that time less the
misplaced migrations' own, by the kernel's clock in the same run
(numa_hint/stats migrate_ns), which both ways pay alike.

sample_sleep is the sample variant with readers that pause after every
32 ms of reads, in the kernel with their unwritten samples queued, while a
niced process spins on their CPUs; its time to 90% local is compared with
the plain sample variant's, run by run.

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
import math
import sys
from pathlib import Path

from stats import by_variant, fmt, read_jsonl, spread, summarise_variants


def seconds_to(samples, pct, since=0):
    """First time from since on that both halves were at least pct% on
    their reader's node, counted from since."""
    return next((s['t'] - since for s in samples
                 if s['t'] >= since and min(s['pct_local']) >= pct), None)


def seconds_back_to(samples, pct, swap_at):
    """Time from the swap at swap_at until both halves are at least pct%
    local again, once the swap has taken them below it (the readers swap
    at the end of their current pass, so the first reports after swap_at
    may still show the old placement)."""
    after = [s for s in samples if s['t'] >= swap_at]
    fell = next((i for i, s in enumerate(after) if min(s['pct_local']) < pct), None)
    if fell is None:
        return None
    return next((s['t'] - swap_at for s in after[fell:] if min(s['pct_local']) >= pct), None)


def passes_to(samples, pct, since=0):
    """The work a placement took, in passes of the readers over their
    halves: from since until each half that was below pct% local on its
    reader's node got back to it, that half's reader's passes; the most of
    them. A sampler's rate follows the reads, so this counts the samples
    its placement needed, whatever the readers' speed: a diagnostic beside
    the seconds, which stay the measure. The scanner's rate follows the
    wall clock, so passes say nothing of it. (A placement done by the first
    report counts the passes up to it.)"""
    before = [s for s in samples if s['t'] < since]
    base = before[-1]['passes'] if before else [0, 0]
    after = [s for s in samples if s['t'] >= since]
    fell = next((i for i, s in enumerate(after) if min(s['pct_local']) < pct), None)
    if fell is None:
        # Placed by the first report (THPs): at most the passes till then
        return max(after[0]['passes']) if after and not before else None
    work = []
    for half, share in enumerate(after[fell]['pct_local']):
        if share >= pct:
            continue
        back = next((s for s in after[fell:] if s['pct_local'][half] >= pct), None)
        if back is None:
            return None
        work.append(back['passes'][half] - base[half])
    return max(work)


def sampler_ms_per_s(samples, start_frac):
    """The kernel's producer and drain time per second of run, in ms, from
    start_frac of the run to its end (the last third: 2/3)."""
    series = [s for s in samples if 'sampler_ns' in s]
    if len(series) < 2:
        return None
    t0 = series[-1]['t'] * start_frac
    first = next(s for s in series if s['t'] >= t0)
    dt = series[-1]['t'] - first['t']
    return (series[-1]['sampler_ns'] - first['sampler_ns']) / 1e6 / dt if dt > 0 else None


def far_reads_per_s(samples, end):
    """The far reader's measured reads per second over the run."""
    return samples[-1]['passes'][1] * end['reads_per_pass'] / end['seconds'] if samples else None


def placement_us(end, sampled):
    """Placement's CPU time in the run, in µs (see the module's doc)."""
    if sampled:
        if 'record_ns' not in end:
            return None
        return (end['record_ns'] + end['drain_ns']) / 1e3
    sys_ns = end.get('reader_sys_ns')
    return sum(sys_ns) / 1e3 if sys_ns and min(sys_ns) >= 0 else None


def migration_us(end):
    """The misplaced migrations' time in the run, in µs, by the kernel's
    clock (numa_hint/stats migrate_ns), which both ways pay alike."""
    ns = end.get('migrate_ns')
    return ns / 1e3 if ns and ns > 0 else None


def finding_us(end, sampled):
    """What sampling replaces: placement's CPU time less its migrations.
    For samples the producer and the drains' own work, for scanning the
    hinting faults' own work and task_numa_work(). None where the clocks
    are missing, or where the readers' tick-sampled system time falls
    short of the migrations' precise clock: a cost is never negative."""
    total, migration = placement_us(end, sampled), migration_us(end)
    if total is None or migration is None or total < migration:
        return None
    return total - migration


def one_run(path):
    samples, end = read_jsonl(path)
    swap_at = end.get('swap_at', -1)
    # The first placement is what happened before the swap, if any
    first = [s for s in samples if swap_at < 0 or s['t'] <= swap_at]
    t90 = seconds_to(first, 90)
    migrated = end['numa_pages_migrated']
    sampled = path.stem.startswith('sample')
    cost = placement_us(end, sampled)
    finding, migration = finding_us(end, sampled), migration_us(end)
    return {
        'end': end,
        'samples': samples,
        'seconds_to_90pct_local': t90,
        'seconds_to_90pct_after_swap': seconds_back_to(samples, 90, swap_at) if swap_at >= 0 else None,
        'passes_to_90pct_local': passes_to(first, 90),
        'passes_to_90pct_after_swap': passes_to(samples, 90, swap_at) if swap_at >= 0 else None,
        'sampler_ms_per_s_last_third': sampler_ms_per_s(samples, 2 / 3) if sampled else None,
        'period_factor_end': max(samples[-1].get('factor', [1])) if sampled and samples else None,
        'kicks_per_sample': (end['numa_sample_kicks'] / end['numa_sample_seen']
                             if end.get('numa_sample_kicks', -1) >= 0 and end['numa_sample_seen'] > 0
                             else None),
        'local_drops_per_sample': (end['numa_sample_drop_local'] / end['numa_sample_seen']
                                   if end.get('numa_sample_drop_local', -1) >= 0
                                   and end['numa_sample_seen'] > 0 else None),
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
        'placement_us_per_migrated_page': cost / migrated if cost is not None and migrated else None,
        'finding_us_per_migrated_page': finding / migrated if finding is not None and migrated else None,
        'migration_us_per_migrated_page': (migration / migrated if migration is not None and migrated
                                           else None),
        'held_samples': end.get('held_samples'),
        'foreign_drops': end.get('numa_sample_drop_foreign'),
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


def add_cost_model(run, host_rate):
    """Model: placement's CPU time per page at native speed, the emulated
    kernel taken to be as much slower as the emulated read loop is."""
    cost, vm_rate = run['placement_us_per_migrated_page'], run['far_reads_per_s']
    run['model_placement_us_per_migrated_page'] = (cost * vm_rate / host_rate
                                                   if cost is not None and vm_rate else None)


def paired(variants, a, b, key_a, key_b=None):
    """b's key_b over a's key_a, run by run."""
    key_b = key_b or key_a
    return spread([y[key_b] / x[key_a] for x, y in zip(variants.get(a, []), variants.get(b, []))
                   if x[key_a] and y[key_b] is not None])


KEYS = ['seconds_to_90pct_local', 'final_pct_local_far_half', 'pages_migrated', 'hint_faults',
        'pte_updates', 'samples_used', 'hint_faults_per_migrated_page', 'samples_per_migrated_page',
        'inject_us_per_sample', 'producer_ns_per_sample', 'consumer_ns_per_sample', 'far_reader_passes',
        'far_reads_per_s', 'model_seconds_to_90pct_local', 'placement_us_per_migrated_page',
        'model_placement_us_per_migrated_page', 'seconds_to_90pct_after_swap',
        'sampler_ms_per_s_last_third', 'period_factor_end', 'kicks_per_sample', 'local_drops_per_sample',
        'passes_to_90pct_local', 'passes_to_90pct_after_swap', 'finding_us_per_migrated_page',
        'migration_us_per_migrated_page']
VARIANTS = ('scan', 'sample', 'sample_sleep', 'scan_thp', 'sample_thp', 'scan_swap', 'sample_swap')
SWAPS = ('scan_swap', 'sample_swap')
PAIRS = (('scan', 'sample'), ('scan_thp', 'sample_thp'))


def after_swap(runs, s):
    """The after-swap cell: time back to 90% over the runs that made it."""
    swaps = [r for r in runs if r['end'].get('swap_at', -1) >= 0]
    if not swaps:
        return '-'
    back = [r for r in swaps if r['seconds_to_90pct_after_swap'] is not None]
    cell = f"{fmt(s['seconds_to_90pct_after_swap'])}, {len(back)} of {len(swaps)} runs"
    if len(back) < len(swaps):
        ends = ', '.join(f"{r['final_pct_local_far_half']:.0f}%" for r in swaps if r not in back)
        cell += f" (others at {ends} at the end)"
    return cell


def after_over_first_ratios(runs, unit, not_back=None):
    """After the swap over the first placement, run by run, in unit; a run
    that swapped and did not get back counts as not_back, or is left out."""
    ratios = []
    for r in runs:
        first, after = r[f'{unit}_to_90pct_local'], r[f'{unit}_to_90pct_after_swap']
        if not first or r['end'].get('swap_at', -1) < 0:
            continue
        if after:
            ratios.append(after / first)
        elif not_back is not None:
            ratios.append(not_back)
    return spread(ratios)


def after_over_first(runs, unit):
    """After the swap over the first placement, run by run, in unit."""
    ratios = after_over_first_ratios(runs, unit)
    return fmt(ratios, '.2f') if ratios else '-'


def print_phase_change(summary, variants):
    """How long each way takes to follow a phase change, against its own
    first placement: scanning is the yardstick, with the same filter. In
    seconds, and in the readers' passes, the measure of a sampler's work."""
    rows = [v for v in SWAPS if v in summary]
    if not rows:
        return
    print('| phase change | runs | s to 90% (first) | s to 90% after the swap | after / first (s), run by run | '
          'reader passes to 90% (first) | passes after the swap | after / first (passes), run by run |')
    print('|---|---|---|---|---|---|---|---|')
    for v in rows:
        s, runs = summary[v], variants.get(v, [])
        sampled = v.startswith('sample')
        passes = (f"{fmt(s['passes_to_90pct_local'], '.0f')} | {fmt(s['passes_to_90pct_after_swap'], '.0f')} | "
                  f"{after_over_first(runs, 'passes')}" if sampled else '- | - | -')
        print(f"| {v} | {s['runs']} | {fmt(s['seconds_to_90pct_local'])} | {after_swap(runs, s)} | "
              f"{after_over_first(runs, 'seconds')} | {passes} |")
    print()
    print('Seconds are the measure. Passes, for the sampled variant only, are a diagnostic: from the start '
          '(first) or the swap, the passes of the reader of each half that was below 90% local until that '
          'half was back at 90%, the most of them. Samples come with the reads, so passes count the samples '
          'a placement needed, whatever the readers\' speed; where passes and seconds disagree, the readers '
          'ran at another speed (the scanner runs on the wall clock, so passes say nothing of it).')
    print()


def print_breakdown(summary, result):
    """Placement's CPU per migrated page in two parts, by the kernel's own
    clocks in the same runs: the migrations, which both ways pay, and the
    finding of the pages, which sampling replaces."""
    for pages, scan, sample in (('base pages', 'scan', 'sample'), ('THPs', 'scan_thp', 'sample_thp')):
        if scan not in summary or sample not in summary:
            continue
        parts = []
        for v in (scan, sample):
            s = summary[v]
            parts.append(f"{v} {fmt(s['migration_us_per_migrated_page'], '.1f')} migrating + "
                         f"{fmt(s['finding_us_per_migrated_page'], '.1f')} finding")
        print(f"Where the placement µs per migrated page go ({pages}, medians, kernel clocks, TCG): "
              f"{'; '.join(parts)}.")
        print(f"Finding cost per migrated page ({pages}), sample / scan "
              f"{fmt(result[f'{sample}_over_{scan}_finding_us_per_page'], '.2f')} (run by run; "
              f"full placement: {fmt(result[f'{sample}_over_{scan}_placement_us_per_page'], '.2f')}).")


def fmt1(x):
    return '-' if x is None else f"{x:.1f}%"


def far_pct_at_passes(samples, passes):
    """The far half's % local at the first report at which its reader had
    made @passes passes over it, or None if it never did."""
    return next((s['pct_local'][1] for s in samples if s['passes'][1] >= passes), None)


def equal_passes(plain, sleeper):
    """The far half's % local in a sleeping run at its end, and in the plain
    run of the same rep once its reader had read as much: samples come with
    reads, so if no sample is lost, equal passes place alike."""
    samples = sleeper['samples']
    passes = samples[-1]['passes'][1] if samples else 0
    return passes, samples[-1]['pct_local'][1] if samples else None, \
        far_pct_at_passes(plain['samples'], passes)


def print_sleepers(variants, result):
    """The sampled variant whose readers sleep, against the plain one."""
    sleepers = variants.get('sample_sleep', [])
    if not sleepers or 'sample' not in variants:
        return
    ratio = result['sample_sleep_over_sample_time_to_90pct']
    placed = sum(r['seconds_to_90pct_local'] is not None for r in sleepers)
    within = ratio and placed == len(sleepers) and ratio['max'] <= 2
    print(f"Readers that sleep beside a spinning process (sample_sleep) against readers that do "
          f"not (sample), time to 90% local, run by run: {fmt(ratio, '.2f')}; {placed} of "
          f"{len(sleepers)} sleeping runs got to 90% ({'within' if within else 'not within'} "
          f"2x in every run).")
    pairs = [equal_passes(p, q) for p, q in zip(variants['sample'], sleepers)]
    print("At equal reader passes (the sleeping run's last), the far half % local, sleeping / plain, "
          "run by run: " + ', '.join(f"{fmt1(a)} / {fmt1(b)} at {n} passes" for n, a, b in pairs) +
          f"; the far reader's reads/s, sleeping / plain: "
          f"{fmt(paired(variants, 'sample', 'sample_sleep', 'far_reads_per_s'), '.2f')}.")
    print("Samples the sleeping readers wrote as they paused, queued in the kernel while they slept, "
          "and samples /proc/vmstat counts as dropped for another task's (foreign), run by run: " +
          ', '.join(f"{r['held_samples']} held, {r['foreign_drops']} foreign" for r in sleepers) + ".")


def main(run, json_out=None, host_rate=None):
    runs = {p.stem: one_run(p) for p in sorted(Path(run).glob('*.jsonl'))}
    host = host_reads_per_s(host_rate) if host_rate else None
    for name, r in runs.items():
        r['model_seconds_to_90pct_local'] = None
        r['model_placement_us_per_migrated_page'] = None
        if host:
            add_cost_model(r, host['median'])
            if name.startswith('sample'):
                add_model(r, host['median'])
    variants = by_variant(runs)
    summary = summarise_variants(variants, KEYS)
    first = next(iter(runs.values()), None)
    derivation = first and first['end']
    result = {'runs': runs, 'summary': summary, 'host_reads_per_s': host}
    for a, b in PAIRS:
        result[f'{b}_over_{a}_time_to_90pct'] = paired(variants, a, b, 'seconds_to_90pct_local')
        result[f'model_{b}_over_{a}_time_to_90pct'] = paired(variants, a, b, 'seconds_to_90pct_local',
                                                             'model_seconds_to_90pct_local')
        result[f'{a}_over_{b}_placement_us_per_page'] = paired(variants, b, a,
                                                               'placement_us_per_migrated_page')
        result[f'{b}_over_{a}_placement_us_per_page'] = paired(variants, a, b,
                                                               'placement_us_per_migrated_page')
        result[f'{b}_over_{a}_finding_us_per_page'] = paired(variants, a, b,
                                                             'finding_us_per_migrated_page')
    result['sample_sleep_over_sample_time_to_90pct'] = paired(variants, 'sample', 'sample_sleep',
                                                             'seconds_to_90pct_local')
    # A run that never got back must show: it counts as infinitely slow
    result['sample_swap_after_over_first'] = after_over_first_ratios(
        variants.get('sample_swap', []), 'seconds', math.inf)

    print('| placement | runs | s to 90% local (both halves) | far half % local at end | pages migrated | '
          'hint faults | PTE updates | samples used | hint faults / migrated page | '
          'samples / migrated page | injector µs / sample | far reader reads/s | '
          'placement CPU µs / migrated page | data | model: s to 90% at native speed | '
          'model: placement µs / page at native speed |')
    print('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
    for v in VARIANTS:
        if v not in summary:
            continue
        s = summary[v]
        print(f"| {v} | {s['runs']} | {fmt(s['seconds_to_90pct_local'])} | "
              f"{fmt(s['final_pct_local_far_half'])} | {fmt(s['pages_migrated'], '.0f')} | "
              f"{fmt(s['hint_faults'], '.0f')} | {fmt(s['pte_updates'], '.0f')} | "
              f"{fmt(s['samples_used'], '.0f')} | {fmt(s['hint_faults_per_migrated_page'], '.2f')} | "
              f"{fmt(s['samples_per_migrated_page'], '.2f')} | {fmt(s['inject_us_per_sample'])} | "
              f"{fmt(s['far_reads_per_s'], '.3g')} | {fmt(s['placement_us_per_migrated_page'], '.1f')} | "
              f"{'ok' if s['data_ok'] else 'CORRUPT'} | "
              f"{fmt(s['model_seconds_to_90pct_local'], '.2f') if v.startswith('sample') else fmt(s['seconds_to_90pct_local'])} | "
              f"{fmt(s['model_placement_us_per_migrated_page'], '.2f')} |")
    print()
    print('| sampled variant | runs | placement CPU µs / migrated page | sampler CPU ms/s, last third | '
          'period factor at end | kicks / sample | local drops / sample | s to 90% (first) | '
          's to 90% after the swap | reader passes to 90% (first) | passes after the swap |')
    print('|---|---|---|---|---|---|---|---|---|---|---|')
    for v in VARIANTS:
        if v not in summary or not v.startswith('sample'):
            continue
        s = summary[v]
        print(f"| {v} | {s['runs']} | {fmt(s['placement_us_per_migrated_page'], '.1f')} | "
              f"{fmt(s['sampler_ms_per_s_last_third'], '.2f')} | {fmt(s['period_factor_end'], '.0f')} | "
              f"{fmt(s['kicks_per_sample'], '.3f')} | {fmt(s['local_drops_per_sample'], '.2f')} | "
              f"{fmt(s['seconds_to_90pct_local'])} | {after_swap(variants.get(v, []), s)} | "
              f"{fmt(s['passes_to_90pct_local'], '.0f')} | {fmt(s['passes_to_90pct_after_swap'], '.0f')} |")
    print()
    print('After the swap: the median over the runs that got back to 90% local before their end, '
          'and how many did; a run that did not is shown by its far half\'s locality at the end.')
    print()
    print_phase_change(summary, variants)
    print_breakdown(summary, result)
    print_sleepers(variants, result)
    print()
    for a, b in PAIRS:
        if a not in summary or b not in summary:
            continue
        print(f"{b} / {a}, run by run (measured, TCG): time to 90% local "
              f"{fmt(result[f'{b}_over_{a}_time_to_90pct'], '.2f')}; "
              f"placement CPU time per migrated page "
              f"{fmt(result[f'{b}_over_{a}_placement_us_per_page'], '.2f')}.")
    if host:
        print(f"Model (not measured): the read loop runs {fmt(host, '.3g')} reads/s natively on the machine "
              "that ran the VM; scaled to that speed, the sample variant's time to 90% local over the scan "
              "variant's (which runs on the wall clock, unscaled): "
              f"{fmt(result['model_sample_over_scan_time_to_90pct'], '.3f')} (base pages), "
              f"{fmt(result['model_sample_thp_over_scan_thp_time_to_90pct'], '.3f')} (THPs). "
              "The placement µs at native speed scale the measured ones by the same slowdown; "
              "their ratio is the measured one.")
    smp = summary.get('sample')
    if smp:
        print(f"Cost per sample, measured in the kernel (emulated CPU): producer (numa_hint_record) "
              f"{fmt(smp['producer_ns_per_sample'], '.0f')} ns; consumer (drain: local samples' accounting, decision and migration) "
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
