#!/usr/bin/env python3
"""The results of the last make bench as one Markdown document: the setup
from meta.json, then each scenario's table (measured, then the labelled
latency model) and its plots; and its headline ratios (HEADLINES).

   report.py RESULTS_DIR              print the document
   report.py --publish RESULTS_DIR DOCS README LINE
                                      write the line's document and plots
                                      into DOCS/LINE/ (bench.md) with its
                                      headline ratios (headlines.json), then
                                      rebuild README's part between its bench
                                      markers from every line's headlines:
                                      one table, a column a line

A line's headlines are kept beside its document so that publishing one
line leaves the other's last run in the table, with its own date and
series commit. A row is known by its scenario and ratio, not its label,
which is HEADLINES' own: relabelling a row relabels every line's.
"""
import json
import os
import re
import shutil
import sys
from pathlib import Path

from stats import fmt

BEGIN = '<!-- bench:begin (make bench writes this part: bench/report.py) -->'
END = '<!-- bench:end -->'

SCENARIOS = [
    ('preferred_many', "Seed 000: memcached under `numab-run --preferred-many 0,1`, with and "
     "without `--balancing`, its memory demoted to node 2, then random gets; both variants "
     "run side by side"),
    ('lazy_migrate', "Seed 004: a triad whose second thread moves to node 1, answered by "
     "nothing, an eager `mbind()` or `mbind(MPOL_MF_LAZY)`"),
    ('scan_backoff', "Seed 002: `pinmix` on node 1 over memory on node 0, old backoff rule "
     "against the new one"),
    ('sampled_hints', "Seed 003: two readers, one per node, over a buffer on node 0, moved by "
     "hinting-fault scanning or by injected samples at an IBS-like rate"),
    ('perf_numa', "`perf bench numa mem -0 -m -p 2 -t 2`: NUMA balancing convergence, the "
     "series against its features off"),
]
# The plots the README shows; the rest stay in build/LINE/results.
README_PLOTS = ['preferred_many-local.png', 'scan_backoff-local.png', 'sampled_hints-migrated.png']


def document(results, plot_dir):
    meta = json.loads((results / 'meta.json').read_text())
    lines = [
        f"The last `make bench`: {meta['date']}, kernel {meta['kernel']}, series commit "
        f"{meta['series_commit'][:12]}, base {meta['base']}, topology {meta['topology']}, "
        f"accelerator {meta['accelerator']}, {meta['reps']} runs of each variant; median "
        "(min-max). Under emulation remote and lower-tier memory are as fast as local "
        "memory: the measured columns are counters, migrations, locality over time and "
        "emulated time, comparable only between the variants of one table. Columns marked "
        "(model) are not measurements: they apply published latencies to the measured "
        "locality (bench/model.py).",
        '',
    ]
    for name, what in SCENARIOS:
        table = results / f'{name}.md'
        if not table.exists():
            continue
        lines += [f'#### {name}', '', what + '.', '', table.read_text().strip(), '']
        for png in sorted(results.glob(f'{name}-*.png')):
            if plot_dir is None:
                lines += [f'![{png.stem}]({png.name})', '']
            elif png.name in README_PLOTS:
                lines += [f'![{png.stem}]({plot_dir}/{png.name})', '']
    return '\n'.join(lines)


# The README's rows: scenario, the part of its JSON that holds the ratio (or
# None: the top), the ratio's key, its format, and what it compares.
HEADLINES = [
    ('preferred_many', None, 'throughput_ratio_second_half', '.3f',
     "MPOL_PREFERRED_MANY with `--balancing` against without, memcached's gets per second in "
     "the second half, run by run"),
    ('lazy_migrate', None, 'lazy_over_eager_call_time', '.2f',
     "`mbind(MPOL_MF_LAZY)` against an eager `mbind(MPOL_MF_MOVE)`, the call's time"),
    ('scan_backoff', 'headline', 'fail_pte_updates_old_over_new', '.2f',
     "The failure-aware backoff against the kernel's own rule, PTE updates while most pages "
     "are pinned (old / new; the scanner skips pinned pages under both rules)"),
    ('sampled_hints', None, 'sample_over_scan_finding_us_per_page', '.2f',
     "Sampled hints against scanning, the CPU cost of finding the pages to move, per page moved "
     "(sample / scan, base pages)"),
    ('sampled_hints', None, 'sample_over_scan_placement_us_per_page', '.2f',
     "Sampled hints against scanning, placement's whole CPU time per page moved, the migration "
     "and its TLB flush included (sample / scan, base pages)"),
    ('sampled_hints', None, 'sample_sleep_over_sample_time_to_90pct', '.2f',
     "Sampled hints, time to 90% local, readers that sleep beside another process against "
     "readers that do not"),
    ('sampled_hints', None, 'sample_swap_after_over_first', '.2f',
     "Sampled hints after a phase change (the readers swap nodes): time back to 90% local over "
     "the first placement's, run by run (inf: a run not back by its end)"),
    ('perf_numa', 'headline', 'convergence_series_over_off_where_both_migrated', '.2f',
     "`perf bench numa mem`, time to converge, the series against its backoff off, where both "
     "migrated"),
]


def headlines(results):
    """The measured ratios of the scenarios that ran: one dict a ratio, its
    value '-' where the ratio could not be formed (a variant never got
    there)."""
    rows = []
    for name, part, key, spec, label in HEADLINES:
        path = results / f'{name}.json'
        if not path.exists():
            continue
        data = json.loads(path.read_text())
        data = data.get(part) if part else data
        rows.append({'scenario': name, 'key': key, 'label': label,
                     'value': fmt(data.get(key), spec) if data else '-'})
    return rows


def line_key(line):
    """Lines in version order, 6.2 before 6.12; a name that is not a version
    (6.12-rt) after the versions it starts with."""
    return [(0, int(part), '') if part.isdigit() else (1, 0, part)
            for part in re.split(r'[.-]', line)]


def readme_cells(rows):
    """A line's published rows: (scenario, key) -> value, and the
    scenarios it ran."""
    return ({(r['scenario'], r['key']): r['value'] for r in rows},
            {r['scenario'] for r in rows})


def headline_block(docs, readme):
    """The README's part: every published line's headline ratios, a column each."""
    published = {d.name: json.loads((d / 'headlines.json').read_text())
                 for d in docs.iterdir() if (d / 'headlines.json').exists()}
    order = sorted(published, key=line_key)
    links = ', '.join(f"[{line}]({os.path.relpath(docs / line / 'bench.md', readme.parent)})"
                      for line in order)
    out = ["The last `make bench` of each line, in the tiered VM under emulation: median "
           "(min-max) of ratios paired run by run, measured. The tables, the plots and the "
           f"labelled latency model: {links}.", '',
           '| | ' + ' | '.join(order) + ' |',
           '|---|' + '---|' * len(order)]
    for what in ('date', 'series_commit', 'kernel', 'accelerator', 'reps'):
        cells = [str(published[line]['meta'].get(what, '-')) for line in order]
        if what == 'series_commit':
            cells = [c[:12] for c in cells]
        out.append(f"| {what.replace('_', ' ')} | " + ' | '.join(cells) + ' |')
    columns = [readme_cells(published[line]['rows']) for line in order]
    known = {(name, key): label for name, _, key, _, label in HEADLINES}
    seen = []
    for line in order:
        for r in published[line]['rows']:
            if (r['scenario'], r['key']) not in seen:
                seen.append((r['scenario'], r['key']))
                known.setdefault((r['scenario'], r['key']), r['label'])
    order_of = {(name, key): i for i, (name, _, key, _, _) in enumerate(HEADLINES)}
    seen.sort(key=lambda row: order_of.get(row, len(HEADLINES)))
    for name, key in seen:
        cells = [values.get((name, key), '-' if name in ran else 'not run')
                 for values, ran in columns]
        out.append(f'| {known[(name, key)]} | ' + ' | '.join(cells) + ' |')
    return '\n'.join(out)


def splice(readme, text):
    s = readme.read_text()
    head, _, rest = s.partition(BEGIN)
    _, found, tail = rest.partition(END)
    if not found:
        sys.exit(f'{readme}: no bench markers')
    readme.write_text(f'{head}{BEGIN}\n{text}\n{END}{tail}')


def main(argv):
    if argv[0] == '--publish':
        results, docs, readme, line = Path(argv[1]), Path(argv[2]), Path(argv[3]), argv[4]
        out = docs / line
        out.mkdir(parents=True, exist_ok=True)
        for png in README_PLOTS:
            if (results / png).exists():
                shutil.copy(results / png, out / png)
        (out / 'bench.md').write_text(f'# Results of make bench, Linux {line}\n\n' +
                                      document(results, Path('.')) + '\n')
        meta = json.loads((results / 'meta.json').read_text())
        (out / 'headlines.json').write_text(json.dumps({'meta': meta, 'rows': headlines(results)},
                                                       indent=1) + '\n')
        splice(readme, headline_block(docs, readme))
    else:
        print(document(Path(argv[0]), None))


if __name__ == '__main__':
    main(sys.argv[1:])
