#!/usr/bin/env python3
"""Fail if two flags of one family share a bit in a kernel tree.

The series adds flags to families that upstream also grows: mbind()'s
MPOL_MF_* (the uapi ones and mm/mempolicy.c's internal ones), the MM_CP_*
bits of change_protection() and task_numa_fault()'s TNF_* flags. A flag
that takes a bit upstream has since given to another still builds, and
then acts as both (6.12's MPOL_MF_WRLOCK is where the 6.1 line's
MPOL_MF_LAZY_MARK is). A static_assert guards only the flags it names;
this reads every single-bit definition of each family, named or not.
Composite definitions (MPOL_MF_VALID, MM_CP_UFFD_WP_ALL) and the
MPOL_MF_INTERNAL marker, where internal flags start, are left out.

   flag-bits.py TREE
"""
import re
import sys
from pathlib import Path

SHIFT = r'\(\s*(?:1|1UL)\s*<<\s*(\d+)\s*\)'
FAMILIES = {
    'MPOL_MF': [
        ('include/uapi/linux/mempolicy.h', r'#define\s+(MPOL_MF_\w+)\s+' + SHIFT, 0),
        ('mm/mempolicy.c', r'#define\s+(MPOL_MF_\w+)\s+\(\s*MPOL_MF_INTERNAL\s*<<\s*(\d+)\s*\)', 4),
    ],
    'MM_CP': [
        ('include/linux/mm.h', r'#define\s+(MM_CP_\w+)\s+' + SHIFT, 0),
        ('include/linux/mm.h', r'#define\s+(MM_CP_\w+)\s+BIT\((\d+)\)', 0),
    ],
    'TNF': [
        ('include/linux/sched/numa_balancing.h', r'#define\s+(TNF_\w+)\s+(0x[0-9a-fA-F]+)\b', None),
    ],
}


def bits_of(tree, sources):
    """{name: bit} of the family's single-bit definitions."""
    found = {}
    markers = {'MPOL_MF_INTERNAL'}
    for path, pattern, base in sources:
        text = (tree / path).read_text()
        for name, value in re.findall(pattern, text):
            if name in markers:
                continue
            if base is None:
                number = int(value, 16)
                if number & (number - 1):
                    continue        # not a single bit: a mask
                found[name] = number.bit_length() - 1
            else:
                found[name] = base + int(value)
    return found


def main():
    tree = Path(sys.argv[1])
    bad = 0
    for family, sources in FAMILIES.items():
        by_bit = {}
        for name, bit in bits_of(tree, sources).items():
            by_bit.setdefault(bit, []).append(name)
        for bit in sorted(by_bit):
            names = by_bit[bit]
            print(f"{family} bit {bit}: {' '.join(sorted(names))}")
            if len(names) > 1:
                print(f"flag-bits: {family}: {' and '.join(sorted(names))} share bit {bit}",
                      file=sys.stderr)
                bad = 1
        if not by_bit:
            print(f"flag-bits: no {family} flag found: the patterns no longer match", file=sys.stderr)
            bad = 1
    return bad


if __name__ == '__main__':
    sys.exit(main())
