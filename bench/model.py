#!/usr/bin/env python3
"""The latency model, labelled as such. Under emulation remote and
lower-tier memory are exactly as fast as local memory, so no measured time
here can show what locality is worth. This turns a measured locality
series into a modelled one: at each sample, the share p of the memory the
workload touches that is local (or on the top tier) gives a mean access
latency p * L_near + (1 - p) * L_far, from the published figures below.
Averaged over the run, the ratio between two variants is the speedup a
fully latency-bound workload would see: an upper bound, not a prediction.

   model.py SUMMARY_JSON FIELD FAR BASELINE

FIELD is the locality field of the runs' samples, in percent
(pct_on_nodes_0_1, pct_local.1); FAR is "remote" or "tier2"; BASELINE is
the variant the others are compared with, or, for variants named
"WORKLOAD-RULE" (fail-new), the rule: fail-new against fail-old. Prints a
Markdown table.
"""
import json
import statistics
import sys
from pathlib import Path

from stats import by_variant, field_value, fmt, paired_ratios, spread

# Idle load-to-use latencies, ns.
LATENCY_NS = {'local': 89, 'remote': 139, 'tier2': 305}
SOURCES = [
    'local and remote DRAM: 89 and 139 ns on a 2-socket Xeon SP (Skylake), '
    'J. Chang, "The Case for Single Processor", '
    'https://www.qdpma.com/ServerSystems/SingleProcessor.html',
    'tier 2: 305 ns for random loads from Intel Optane DC PMM, about 3x local DRAM; '
    'J. Izraelevitz et al., "Basic Performance Measurements of the Intel Optane DC '
    'Persistent Memory Module", arXiv:1903.05714 (2019)',
]


def mean_latency(samples, field, far):
    """Mean modelled access latency over a run's samples, ns."""
    near, slow = LATENCY_NS['local'], LATENCY_NS[far]
    # Before triad's thread moves, its memory is local by construction.
    values = [field_value(s, field) for s in samples if s.get('moved', True)]
    values = [v for v in values if v is not None]
    if not values:
        return None
    return statistics.mean(p / 100 * near + (1 - p / 100) * slow for p in values)


def baseline_of(variant, baseline):
    workload, dash, _ = variant.rpartition('-')
    return f'{workload}-{baseline}' if dash else baseline


def main(summary, field, far, baseline):
    runs = json.loads(Path(summary).read_text())['runs']
    latency = {name: mean_latency(r['samples'], field, far) for name, r in runs.items()}
    variants = by_variant({name: {'name': name, 'ns': ns} for name, ns in latency.items()})
    print(f'| variant | modelled mean latency, ns (model) | modelled speedup over {baseline} (model) |')
    print('|---|---|---|')
    for v, rs in variants.items():
        base = variants.get(baseline_of(v, baseline), [])
        # Pair the n-th run of each variant, as the measured ratios do.
        ratios = paired_ratios(base, rs, 'ns')
        print(f"| {v} | {fmt(spread([r['ns'] for r in rs]), '.0f')} | {fmt(spread(ratios), '.2f')} |")
    print(f'\nModel, not measurement: locality ({field}) measured under TCG, latencies '
          f"local {LATENCY_NS['local']} ns, {far} {LATENCY_NS[far]} ns, taken from:")
    for s in SOURCES:
        print(f'- {s}')


if __name__ == '__main__':
    main(*sys.argv[1:5])
