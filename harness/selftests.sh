#!/usr/bin/env bash
# Build tools/testing/selftests/numa of the line's tree into build/LINE/selftests/numa,
# against the uapi headers of the kernel in build/LINE/obj. Arguments are extra
# compiler flags (lint passes -Werror).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

OUT=$LINE_BUILD/selftests/numa
mkdir -p "$OUT"
make -s -C "$TREE" O="$OBJ" headers >/dev/null
make -s -C "$TREE/tools/testing/selftests/numa" OUTPUT="$OUT" \
	KHDR_INCLUDES="-isystem $OBJ/usr/include" EXTRA_CFLAGS="$*"
echo "$OUT"
