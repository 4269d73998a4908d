#!/usr/bin/env python3
"""Summarise profile.sh runs (issue 27's breakdown): for each RUN_DIR,
one Markdown row of the sample variant's cost per page moved, by kernel
function, from perf's cpu-clock samples (guest-wide, 997 Hz a CPU) and
the TLB shootdown interrupts counted around the run, next to the
kernel's own clocks and the scan variant's readers' system time.

perf's share of a function (children included) times the CPU time
sampled (cpu-clock's event count, ns), over the pages moved, is its µs a
page. cpu-clock cannot sample where interrupts are off, so perf's figures
are a lower bound of the kernel clocks'. The producer's and the decision's
columns include the period's accounting, which is shown apart as well
(numa_hint_record() and numa_hint_apply() call it).

   profile_summary.py [--thp] LABEL=RUN_DIR...

--thp: the THP variants (profile.sh run with PAGES=_thp).
"""
import json
import re
import sys
from pathlib import Path

# (column, functions whose shares add up to it)
PARTS = [
    ('drain', ['numa_hint_drain']),
    ('TLB flush', ['flush_tlb_mm_range', 'try_to_unmap_flush']),
    ('of which IPI wait', ['smp_call_function_many_cond']),
    ('migration less the flush', ['migrate_misplaced_pages', '-flush_tlb_mm_range', '-try_to_unmap_flush']),
    ('decision', ['numa_hint_apply', '-migrate_misplaced_pages']),
    ('producer', ['numa_hint_record']),
    ('of which, in both, the period', ['numa_hint_period_count', 'numa_hint_period_found']),
]


def shares(text):
    """{function: % of samples, children included}."""
    return {m.group(2): float(m.group(1))
            for m in re.finditer(r'^\s+([\d.]+)%\s+[\d.]+%\s+\[k\] (\S+)$', text, re.M)}


def tlb_ipis(path):
    """TLB shootdown interrupts taken during the run (all CPUs)."""
    counts = [int(line.split()[2]) for line in path.read_text().splitlines() if ' TLB: ' in line]
    return counts[1] - counts[0]


def end_line(path):
    return json.loads(path.read_text().splitlines()[-1])


def row(label, run, pages_kind=''):
    prof = Path(run) / 'profile'
    sample, scan = f'sample{pages_kind}', f'scan{pages_kind}'
    text = (prof / f'{sample}.children.txt').read_text()
    cpu_ns = float(re.search(r'# Event count \(approx\.\): (\d+)', text).group(1))
    share = shares(text)
    end, scan = end_line(prof / f'{sample}.jsonl'), end_line(prof / f'{scan}.jsonl')
    pages = end['numa_pages_migrated']

    def us(functions):
        pct = sum(-share.get(f[1:], 0) if f.startswith('-') else share.get(f, 0) for f in functions)
        return pct / 100 * cpu_ns / 1e3 / pages

    ipis = tlb_ipis(prof / f'{sample}.irq')
    cells = [f"{us(fs):.1f}" for _, fs in PARTS]
    clocks = (end['drain_ns'] + end['record_ns']) / 1e3 / pages
    scan_us = sum(scan['reader_sys_ns']) / 1e3 / scan['numa_pages_migrated']
    return (f"| {label} | {pages} | {ipis / pages:.2f} | " + ' | '.join(cells) +
            f" | {clocks:.1f} | {scan_us:.1f} | {clocks / scan_us:.2f} |")


def main(args):
    pages_kind = '_thp' if args[:1] == ['--thp'] else ''
    args = args[1:] if pages_kind else args
    print('| kernel | pages moved | TLB IPIs / page | ' + ' | '.join(f'{name} µs' for name, _ in PARTS) +
          ' | sample µs / page (kernel clocks) | scan µs / page (readers\' system time) | sample / scan |')
    print('|---' * (len(PARTS) + 6) + '|')
    for arg in args:
        label, _, run = arg.partition('=')
        print(row(label, run, pages_kind))


if __name__ == '__main__':
    main(sys.argv[1:])
