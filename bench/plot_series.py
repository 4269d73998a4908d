#!/usr/bin/env python3
"""Plot one field of every run's time series in a summary JSON (as the
bench summaries write it) against time, one line per run, into a PNG with
gnuplot. A field is a key of the per-interval samples, with ".N" to take
element N of a list: pages_migrated, pct_local.1, passes.1.

   plot_series.py SUMMARY_JSON FIELD OUT_PNG TITLE YLABEL
"""
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from stats import field_value


def quoted(text):
    """A gnuplot single-quoted string: a quote inside is written twice."""
    return "'" + text.replace("'", "''") + "'"


def main(summary, field, out, title, ylabel):
    runs = json.loads(Path(summary).read_text())['runs']
    with tempfile.TemporaryDirectory() as tmp:
        plots = []
        for name, run in sorted(runs.items()):
            data = Path(tmp) / f'{name}.dat'
            data.write_text(''.join(f"{s['t']} {field_value(s, field)}\n" for s in run['samples']))
            plots.append(f"{quoted(str(data))} using 1:2 with lines lw 2 title {quoted(name)}")
        script = '\n'.join([
            "set terminal pngcairo size 900,500",
            f"set output {quoted(out)}",
            f"set title {quoted(title)}",
            "set xlabel 'time (s)'",
            f"set ylabel {quoted(ylabel)}",
            "set key bottom right",
            "set grid",
            'plot ' + ', '.join(plots),
        ])
        subprocess.run(['gnuplot'], input=script, text=True, check=True)


if __name__ == '__main__':
    main(*sys.argv[1:])
