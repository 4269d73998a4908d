#!/usr/bin/env python3
"""Fail if two flags of one family share a bit in a kernel tree.

The series adds flags to families that upstream also grows: mbind()'s
MPOL_MF_* (the uapi ones and mm/mempolicy.c's internal ones), the MM_CP_*
bits of change_protection() and task_numa_fault()'s TNF_* flags. A flag
that takes a bit upstream has since given to another still builds, and
then acts as both (6.12's MPOL_MF_WRLOCK is where the 6.1 line's
MPOL_MF_LAZY_MARK is). A static_assert guards only the flags it names;
this reads every definition of each family, named or not. A value is a
number, 1 << N, BIT(N) or another flag << N; the masks that OR flags
together, and the marker where internal flags start, are listed in
NOT_FLAGS. A definition it cannot read fails, rather than going unchecked.

   flag-bits.py TREE
"""
import re
import sys
from pathlib import Path

FILES = ['include/uapi/linux/mempolicy.h', 'mm/mempolicy.c',
         'include/linux/mm.h', 'include/linux/sched/numa_balancing.h']
FAMILIES = ('MPOL_MF', 'MM_CP', 'TNF')
NOT_FLAGS = {'MPOL_MF_VALID', 'MPOL_MF_INTERNAL', 'MM_CP_UFFD_WP_ALL'}
DEFINE = re.compile(r'^#define\s+((?:%s)_\w+)\s+(.*?)\s*(?:/\*.*)?$' % '|'.join(FAMILIES),
                    re.MULTILINE)
NUMBER = r'(?:0x[0-9a-fA-F]+|\d+)[uUlL]*'


def value_of(text, known):
    """The value of a definition's text, or None if it is not one this
    reads: NUMBER, (1 << N), BIT(N), (NAME << N)."""
    text = text.strip()
    while text.startswith('(') and text.endswith(')'):
        text = text[1:-1].strip()
    if re.fullmatch(NUMBER, text):
        return int(re.match(r'0x[0-9a-fA-F]+|\d+', text).group(0), 0)
    m = re.fullmatch(r'BIT\((\d+)\)', text)
    if m:
        return 1 << int(m.group(1))
    m = re.fullmatch(r'(%s|\w+)\s*<<\s*(\d+)' % NUMBER, text)
    if m:
        base = m.group(1)
        if re.fullmatch(NUMBER, base):
            return int(re.match(r'0x[0-9a-fA-F]+|\d+', base).group(0), 0) << int(m.group(2))
        if base in known:
            return known[base] << int(m.group(2))
    return None


def definitions(tree):
    """[(name, text)] of the families' definitions, in file order."""
    found = []
    for path in FILES:
        found += DEFINE.findall((tree / path).read_text())
    return found


def main():
    tree = Path(sys.argv[1])
    known, bad = {}, 0
    by_family = {family: {} for family in FAMILIES}
    for name, text in definitions(tree):
        value = value_of(text, known)
        if name in NOT_FLAGS:
            if value is not None:
                known[name] = value
            continue
        family = next(f for f in FAMILIES if name.startswith(f + '_'))
        if value is None or value == 0 or value & (value - 1):
            print(f"flag-bits: cannot read {name} as one bit: {text}", file=sys.stderr)
            bad = 1
            continue
        if name in known and known[name] != value:
            print(f"flag-bits: {name} is defined twice, as {known[name]:#x} and {value:#x}",
                  file=sys.stderr)
            bad = 1
        known[name] = value
        by_family[family].setdefault(value.bit_length() - 1, set()).add(name)
    for family, by_bit in by_family.items():
        if not by_bit:
            print(f"flag-bits: no {family} flag found: the patterns no longer match",
                  file=sys.stderr)
            bad = 1
        for bit in sorted(by_bit):
            names = sorted(by_bit[bit])
            print(f"{family} bit {bit}: {' '.join(names)}")
            if len(names) > 1:
                print(f"flag-bits: {family}: {' and '.join(names)} share bit {bit}",
                      file=sys.stderr)
                bad = 1
    return bad


if __name__ == '__main__':
    sys.exit(main())
