#!/usr/bin/env bash
# splats.sh CONSOLE_LOG: print the first kernel splat in a console log and
# succeed, or fail quietly when there is none.
set -euo pipefail
pattern='BUG:|WARNING:|Oops|KASAN:|KFENCE:|UBSAN:|general protection fault|Kernel panic|'
pattern+='possible (circular|recursive) locking|inconsistent lock state|suspicious RCU usage|'
pattern+='detected stalls?|self-detected stall|soft lockup|blocked for more than|'
pattern+='list_(add|del) corruption|unreferenced object'
grep -m1 -aE "$pattern" "$1"
