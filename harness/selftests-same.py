#!/usr/bin/env python3
"""selftests-same.py TOP: one selftest source for every line.

Each line's series carries tools/testing/selftests/numa, and the files must
be the same on every line: tests branch on features they probe, never on
kernel versions. This rebuilds each line's copy from its patches alone
(the series creates the directory, so no kernel tree is needed), and fails
where two lines' copies of a file differ, or where a complete line lacks a
file another line has.

A line being ported (lines/LINE/porting) carries fewer files, and may carry
an earlier version of some: those are named on a line of its porting file
that starts with "# selftests-differ:". Every other file it has must match.
"""
import os
import re
import subprocess
import sys
import tempfile

SELFTESTS = "tools/testing/selftests/numa/"


def series(top, line):
    path = os.path.join(top, "patches", line, "series")
    with open(path) as f:
        names = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    return [os.path.join(top, "patches", line, n) for n in names]


def selftest_files(top, line, workdir):
    """The line's selftest files, as its patches leave them: {name: bytes}."""
    root = os.path.join(workdir, line)
    os.makedirs(root)
    subprocess.run(["git", "init", "-q", root], check=True)
    for patch in series(top, line):
        subprocess.run(["git", "-C", root, "apply", "--include=" + SELFTESTS + "*",
                        os.path.abspath(patch)], check=True)
    files = {}
    base = os.path.join(root, SELFTESTS)
    for dirpath, _, names in os.walk(base):
        for name in names:
            full = os.path.join(dirpath, name)
            with open(full, "rb") as f:
                files[os.path.relpath(full, base)] = f.read()
    return files


def allowed_differences(top, line):
    """None for a complete line, else the files it may carry in another version."""
    path = os.path.join(top, "lines", line, "porting")
    if not os.path.exists(path):
        return None
    allowed = set()
    with open(path) as f:
        for l in f:
            m = re.match(r"#\s*selftests-differ:\s*(.*)", l)
            if m:
                allowed.update(m.group(1).split())
    return allowed


def main():
    top = sys.argv[1] if len(sys.argv) > 1 else "."
    lines = sorted(l for l in os.listdir(os.path.join(top, "lines"))
                   if os.path.exists(os.path.join(top, "lines", l, "base.conf")))
    problems = []
    with tempfile.TemporaryDirectory() as work:
        copies = {l: selftest_files(top, l, work) for l in lines}
    for i, a in enumerate(lines):
        for b in lines[i + 1:]:
            for name in sorted(set(copies[a]) | set(copies[b])):
                in_a, in_b = name in copies[a], name in copies[b]
                if in_a and in_b:
                    if copies[a][name] == copies[b][name]:
                        continue
                    excused = [l for l in (a, b)
                               if name in (allowed_differences(top, l) or ())]
                    if not excused:
                        problems.append(f"{name}: {a} and {b} differ")
                    continue
                lacking = b if in_a else a
                if allowed_differences(top, lacking) is None:
                    problems.append(f"{name}: {lacking} lacks it")
    for p in problems:
        print(f"selftests-same: {p}")
    print(f"selftests-same: {len(lines)} lines, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
