#!/usr/bin/env python3
"""The results of the last make bench as one Markdown document: the setup
from meta.json, then each scenario's table (measured, then the labelled
latency model) and its plots.

   report.py RESULTS_DIR                      print the document
   report.py --readme RESULTS_DIR README DIR  put it into README between the
                                              bench markers, plots into DIR
"""
import json
import shutil
import sys
from pathlib import Path

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
# The plots the README shows; the rest stay in build/results.
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


def splice(readme, text):
    s = readme.read_text()
    head, _, rest = s.partition(BEGIN)
    _, found, tail = rest.partition(END)
    if not found:
        sys.exit(f'{readme}: no bench markers')
    readme.write_text(f'{head}{BEGIN}\n{text}\n{END}{tail}')


def main(argv):
    if argv[0] == '--readme':
        results, readme, plots = Path(argv[1]), Path(argv[2]), Path(argv[3])
        plots.mkdir(parents=True, exist_ok=True)
        for png in README_PLOTS:
            if (results / png).exists():
                shutil.copy(results / png, plots / png)
        splice(readme, document(results, plots.relative_to(readme.parent)))
    else:
        print(document(Path(argv[0]), None))


if __name__ == '__main__':
    main(sys.argv[1:])
