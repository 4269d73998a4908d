#!/usr/bin/env python3
"""The results of the last make bench as one Markdown document: the setup
from meta.json, then each scenario's table (measured, then the labelled
latency model) and its plots; and its headline ratios, one a scenario.

   report.py RESULTS_DIR                       print the document
   report.py --publish RESULTS_DIR DIR README  write the document and its
                                               plots into DIR (bench.md),
                                               and the dated headline ratios
                                               into README between its bench
                                               markers
"""
import json
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


def ratio(d, key, spec='.2f'):
    """A paired ratio of a scenario's JSON, median (min-max), or '-'."""
    return fmt(d.get(key), spec) if d else '-'


def headlines(results):
    """One measured ratio a scenario, from its JSON, as Markdown items."""
    def load(name):
        path = results / f'{name}.json'
        return json.loads(path.read_text()) if path.exists() else None

    items = []
    pm = load('preferred_many')
    if pm:
        items.append(f"MPOL_PREFERRED_MANY with `--balancing` against without, memcached's gets "
                     f"per second in the second half, run by run: {ratio(pm, 'throughput_ratio_second_half', '.3f')}")
    lm = load('lazy_migrate')
    if lm:
        items.append("`mbind(MPOL_MF_LAZY)` against an eager `mbind(MPOL_MF_MOVE)`, the call's "
                     f"time: {ratio(lm, 'lazy_over_eager_call_time')}")
    sb = load('scan_backoff')
    if sb:
        items.append("The failure-aware backoff against 6.1's rule, PTE updates while most pages "
                     f"cannot move (old / new): {ratio(sb.get('headline'), 'fail_pte_updates_old_over_new')}")
    sh = load('sampled_hints')
    if sh:
        items.append("Sampled hints against scanning, the CPU cost of finding the pages to move, per "
                     f"page moved (sample / scan, base pages): {ratio(sh, 'sample_over_scan_finding_us_per_page')}; "
                     "time to 90% local, readers that sleep beside another process against readers that "
                     f"do not: {ratio(sh, 'sample_sleep_over_sample_time_to_90pct')}")
    pn = load('perf_numa')
    if pn:
        items.append("`perf bench numa mem`, time to converge, the series against its backoff off, "
                     f"where both migrated: {ratio(pn.get('headline'), 'convergence_series_over_off_where_both_migrated')}")
    return items


def headline_block(results):
    meta = json.loads((results / 'meta.json').read_text())
    lines = [f"The last `make bench` ({meta['date']}, series commit {meta['series_commit'][:12]}, "
             f"{meta['topology']} VM under {meta['accelerator']}, {meta['reps']} runs of each "
             "variant; median (min-max) of paired ratios, measured; the tables, plots and the "
             "labelled latency model are in [docs/results/bench.md](docs/results/bench.md)):", '']
    lines += [f'- {item}.' for item in headlines(results)]
    return '\n'.join(lines)


def splice(readme, text):
    s = readme.read_text()
    head, _, rest = s.partition(BEGIN)
    _, found, tail = rest.partition(END)
    if not found:
        sys.exit(f'{readme}: no bench markers')
    readme.write_text(f'{head}{BEGIN}\n{text}\n{END}{tail}')


def main(argv):
    if argv[0] == '--publish':
        results, docs, readme = Path(argv[1]), Path(argv[2]), Path(argv[3])
        docs.mkdir(parents=True, exist_ok=True)
        for png in README_PLOTS:
            if (results / png).exists():
                shutil.copy(results / png, docs / png)
        (docs / 'bench.md').write_text('# Results of make bench\n\n' + document(results, Path('.')) + '\n')
        splice(readme, headline_block(results))
    else:
        print(document(Path(argv[0]), None))


if __name__ == '__main__':
    main(sys.argv[1:])
