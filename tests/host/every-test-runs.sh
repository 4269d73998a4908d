#!/bin/bash
# Every test the series builds runs in make check (TAP): each program of
# the numa selftests' Makefile (TEST_GEN_PROGS) is in tests/selftests.txt
# with at least one topology; each KUnit suite that the series adds is
# built by the test kernel (config/test.config sets the option its file
# is under; make check runs every suite built in); every selftest
# scheduled there is built by the line's series, unless the line is being
# ported; and docs/testing.md, the list of tests, names every selftest
# program. Needs make tree.
. "$(dirname "$0")/../../harness/lib.sh"
. "$NUMAB_TOP/harness/tap.sh"
list=${SELFTESTS_TXT:-$NUMAB_TOP/tests/selftests.txt}

programs() { series_selftests; }
scheduled() { awk '!/^#/ && NF >= 2 { print $1 }' "$list"; }

# missing_from WHAT LIST...: the programs not in LIST, said in a comment
missing_from() {
	local what=$1 p bad=0
	shift
	for p in $(programs); do
		printf '%s\n' "$@" | grep -qx "$p" && continue
		echo "# $p: not in $what"
		bad=1
	done
	return $bad
}

# unbuilt_scheduled: the selftests of tests/selftests.txt that the series
# does not build, said in a comment
unbuilt_scheduled() {
	local t bad=0
	for t in $(scheduled); do
		[[ $t == *.sh ]] && continue
		programs | grep -qx "$t" && continue
		echo "# $t: scheduled, but not built by the $LINE series"
		bad=1
	done
	return $bad
}

# kunit_unbuilt: the series' KUnit files whose option test.config leaves off
kunit_unbuilt() {
	local f sym bad=0
	for f in $(git -C "$TREE" diff --name-only base..HEAD |
		   (cd "$TREE" && xargs grep -l 'kunit_test_suite')); do
		sym=$(grep -o 'CONFIG_[A-Z0-9_]*KUNIT[A-Z0-9_]*' "$TREE/$f" | head -n 1)
		grep -qx "$sym=y" "$NUMAB_TOP/config/test.config" && continue
		echo "# $f: its option ${sym:-(none found)} is not set in config/test.config"
		bad=1
	done
	return $bad
}

echo "TAP version 13"
check "the selftests' Makefile lists programs" test -n "$(programs)"
mapfile -t runs < <(scheduled)
check "every selftest program runs on a topology (tests/selftests.txt)" \
	missing_from "${list#"$NUMAB_TOP"/}" "${runs[@]}"
# A line being ported (lines/LINE/porting says what is left) builds only
# the selftests of the patches it has so far; make check runs those.
if line_being_ported; then
	skip "every scheduled selftest is built by the series" "$LINE is being ported"
else
	check "every scheduled selftest is built by the series" unbuilt_scheduled
fi
check "every KUnit suite of the series is built into the test kernel" kunit_unbuilt
mapfile -t listed < <(grep -o '`[a-z_]*`' "$NUMAB_TOP/docs/testing.md" 2>/dev/null | tr -d '`')
check "docs/testing.md names every selftest program" missing_from docs/testing.md "${listed[@]}"
tap_done
