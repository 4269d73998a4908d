"""Statistics and formatting shared by the bench summaries: each A/B is
repeated, and reported as median (min-max) over its runs."""
import json
import statistics


def spread(values):
    values = [v for v in values if v is not None]
    if not values:
        return None
    return {'median': statistics.median(values), 'min': min(values), 'max': max(values)}


def fmt(x, spec='.1f'):
    if x is None:
        return '-'
    if isinstance(x, dict):
        return f"{x['median']:{spec}} ({x['min']:{spec}}-{x['max']:{spec}})"
    return format(x, spec)


def by_variant(runs):
    """Group {"<variant>-<rep>": run} into {variant: [runs, in rep order]}."""
    variants = {}
    for name, r in runs.items():
        variants.setdefault(name.rsplit('-', 1)[0], []).append(r)
    return variants


def summarise_variants(variants, keys):
    """Per variant: median (min-max) of each key over its runs, the number
    of runs, and whether every run kept its data."""
    summary = {v: {k: spread([r[k] for r in rs]) for k in keys} for v, rs in variants.items()}
    for v, rs in variants.items():
        summary[v]['runs'] = len(rs)
        summary[v]['data_ok'] = all(r['data_ok'] for r in rs)
    return summary


def read_jsonl(path):
    """A program's JSON lines: (the samples, the final summary line)."""
    lines = [json.loads(l) for l in path.read_text().splitlines() if l.strip()]
    return lines[:-1], lines[-1]


def field_value(sample, field):
    """A field of a per-interval sample: a key, or "key.N" for element N of
    a list (pct_local.1)."""
    key, _, index = field.partition('.')
    v = sample[key]
    return v[int(index)] if index else v


def read_counters(path):
    """A vmstat snapshot as harness/guest/vmstat.sh writes it: {name: value},
    counters the kernel lacks ("-") left out."""
    return {k: int(v) for k, v in (l.split() for l in path.read_text().splitlines()) if v != '-'}


def paired_ratios(a, b, key):
    """key of the n-th run of a over that of the n-th run of b, for each n
    where both are known and b's is not zero."""
    return [x[key] / y[key] for x, y in zip(a, b) if x[key] is not None and y[key]]


def print_headline(headline):
    print('\nmedian (min-max) over runs; ratios paired run by run:\n')
    for k, v in headline.items():
        print(f"- {k.replace('_', ' ')}: {fmt(v, '.2f')}")
