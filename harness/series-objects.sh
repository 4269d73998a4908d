# Sourced by lint.sh and bisect-matrix.sh, with the line's tree checked out at
# the series' head: which objects and directories of the kernel the series
# compiles. Needs TREE (lib.sh) and g (git -C "$TREE").

# The kernel C files that the series changes or adds.
mapfile -t series_c_files < <(g diff --name-only --diff-filter=AM base HEAD -- '*.c' |
	grep -v -e '^tools/' -e '^scripts/' -e '^samples/' -e '^Documentation/')

# object_of FILE: the object that compiles FILE (a .c, or a .h of a source
# directory) in the checkout: the file's own, or, for a file that its
# directory's Makefile does not name (kernel/sched/debug.c, fair-numa-test.h),
# the one of the file that #includes it.
object_of() {
	local f=$1 dir name
	dir=$(dirname "$f") name=$(basename "$f")
	[ -f "$TREE/$f" ] || return 0
	if [ "${name%.c}" != "$name" ] && grep -qw "${name%.c}\.o" "$TREE/$dir/Makefile" 2>/dev/null; then
		echo "$dir/${name%.c}.o"
	else
		g grep -lE "#[[:space:]]*include \"${name//./\\.}\"" -- "$dir/*.c" | sed 's/\.c$/.o/'
	fi
}

# series_objects: the objects that compile the series' C files.
series_objects() {
	local f
	for f in "${series_c_files[@]}"; do object_of "$f"; done | sort -u
}

# commit_objects COMMIT: of the series' objects, those that compile the C
# files COMMIT changes; for a commit that changes only headers of source
# directories (a KUnit suite's -test.h), those that include them.
commit_objects() {
	local f files
	files=$(g diff --name-only "$1^" "$1" -- '*.c')
	[ -n "$files" ] || files=$(g diff --name-only "$1^" "$1" -- '*.h' | grep -v '^include/')
	for f in $files; do
		object_of "$f"
	done | sort -u | grep -Fx -f <(printf '%s\n' "${objects[@]}") || true
}

# matrix_targets: what each matrix config builds: the directories of the
# series' C files (kbuild builds there what the config enables), but single
# objects of kernel/ itself, which is large and always built.
matrix_targets() {
	series_objects | while read -r o; do
		case "$o" in kernel/*/*) dirname "$o" ;; kernel/*) echo "$o" ;; *) dirname "$o" ;; esac
	done | sed 's|$|/|; s|\.o/$|.o|' | sort -u
}

# kernel_inputs COMMIT: the files COMMIT changes that the kernel build reads.
kernel_inputs() {
	g diff --name-only "$1^" "$1" |
		grep -v -e '^tools/' -e '^Documentation/' -e '^MAINTAINERS$' || true
}
