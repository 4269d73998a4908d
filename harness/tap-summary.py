#!/usr/bin/env python3
"""Aggregate one `make check` run into a single TAP stream.

RESULTS holds one directory per booted topology, each with the console log
(KUnit's KTAP is read from it), vm.rc (the VM runner's status), and per
selftest TEST.tap and TEST.rc; and "host", with the TEST.tap and TEST.rc
of the tests that run on the host, without a VM. Prints TAP and ends with the line
"N passed, N failed, N skipped"; exits 1 on any failure or when nothing ran.
"""
import re
import subprocess
import sys
from pathlib import Path

RESULT = re.compile(r'^(?P<indent>\s*)(?P<not>not )?ok \d+(?: -)?\s*(?P<name>[^#]*?)\s*'
                    r'(?:#\s*(?P<directive>SKIP|TODO)\b\s*(?P<reason>.*))?$')
RUN = re.compile(r'^#\s+RUN\s+(\S+)')
PRINTK_TIME = re.compile(r'^\[\s*\d+\.\d+\]\s?')


class Tally:
    def __init__(self):
        self.n = self.passed = self.failed = self.skipped = 0

    def add(self, ok, name, skip_reason=None):
        self.n += 1
        if skip_reason is not None:
            self.skipped += 1
            print(f'ok {self.n} - {name} # SKIP {skip_reason}')
        elif ok:
            self.passed += 1
            print(f'ok {self.n} - {name}')
        else:
            self.failed += 1
            print(f'not ok {self.n} - {name}')


def read(path):
    return path.read_text(errors='replace') if path.exists() else ''


def selftest(tally, where, tap, rc):
    """Count a kselftest-harness run; a crash without a result line fails."""
    seen = failed = 0
    current = None
    for line in tap.splitlines():
        m = RUN.match(line)
        if m:
            current = m.group(1)
            continue
        m = RESULT.match(line)
        if not m or m.group('indent'):
            continue
        name = f"{where}: {m.group('name') or current or '?'}"
        skip = m.group('reason') if m.group('directive') == 'SKIP' else None
        tally.add(not m.group('not'), name, skip)
        seen += 1
        failed += bool(m.group('not'))
    if rc not in ('0', '4') and not failed:
        tally.add(False, f'{where}: exit status {rc or "missing"}')
    elif not seen:
        tally.add(False, f'{where}: no results')


def kunit(tally, where, console):
    """Count KUnit cases (KTAP depth 1) from the console log."""
    suite = None
    for raw in console.splitlines():
        line = PRINTK_TIME.sub('', raw)
        m = re.match(r'^\s+# Subtest: (\S+)', line)
        if m:
            suite = m.group(1)
            continue
        m = RESULT.match(line)
        if not m or suite is None:
            continue
        depth = len(m.group('indent').expandtabs(4)) // 4
        if depth == 1:
            skip = m.group('reason') if m.group('directive') == 'SKIP' else None
            tally.add(not m.group('not'), f"{where}: kunit {suite}.{m.group('name')}", skip)


def first_splat(console):
    """The first kernel splat in CONSOLE, as harness/splats.sh finds it, or None."""
    if not console.exists():
        return None
    found = subprocess.run([str(Path(__file__).parent / 'splats.sh'), str(console)],
                           capture_output=True, text=True, check=False)
    return 'splat: ' + found.stdout.strip() if found.returncode == 0 else None


def main(results):
    tally = Tally()
    print('TAP version 13')
    for topo in sorted(p for p in results.iterdir() if p.is_dir()):
        vm_rc = read(topo / 'vm.rc').strip()
        for tap in sorted(topo.glob('*.tap')):
            selftest(tally, f'{topo.name}: {tap.stem}', read(tap),
                     read(tap.with_suffix('.rc')).strip())
        if topo.name == 'host':
            continue
        # No VM booted (check.sh writes vm.rc after every boot): only the
        # skipped selftests of a line being ported are here.
        if not vm_rc and not (topo / 'console.log').exists():
            continue
        kunit(tally, topo.name, read(topo / 'console.log'))
        tally.add(vm_rc == '0', f'{topo.name}: VM exit status {vm_rc or "missing"}, '
                  f'{first_splat(topo / "console.log") or "no splat"}')
    print(f'1..{tally.n}')
    print(f'{tally.passed} passed, {tally.failed} failed, {tally.skipped} skipped')
    return 1 if tally.failed or tally.passed == 0 else 0


if __name__ == '__main__':
    sys.exit(main(Path(sys.argv[1])))
