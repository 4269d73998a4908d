#!/usr/bin/env bash
# Build TARGETS of the line's tree, as checked out, in one config of the lint
# matrix: allnoconfig + config/matrix/base.config + config/matrix/NAME.config
# (NAME "base" is the base alone), out of tree in build/LINE/matrix/tree.
#
# All configs share that one object tree: moving from one config to the
# next, kbuild rebuilds only the objects that depend on a symbol that
# changed (fixdep), and the host tools (objtool, fixdep, modpost) are built
# once, not once per config.
#
#   matrix.sh NAME [TARGETS...]     default TARGETS: vmlinux
#
# TARGETS are kbuild targets: directories (mm/), objects (mm/memory.o) or
# vmlinux. A symbol that NAME.config sets must hold after olddefconfig,
# unless the tree does not define it yet (a prefix of the series that
# predates it), so that a config that silently lost its point fails.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

name=${1:?usage: matrix.sh NAME [TARGETS...]}
shift
[ $# -gt 0 ] || set -- vmlinux
dir=$NUMAB_TOP/config/matrix
fragments=("$dir/base.config")
[ "$name" = base ] || fragments+=("$dir/$name.config")
[ -f "${fragments[-1]}" ] || die "no config $name in config/matrix"

export OBJ=$LINE_BUILD/matrix/tree
# base.config sets what the other configs turn off: only NAME's must hold.
configure_obj ${#fragments[@]} "${fragments[@]}"
kmake "$@"
