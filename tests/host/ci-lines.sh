#!/usr/bin/env bash
# Host test of how .ci/run chooses what to test in full (TAP): the primary
# line always (make check, which gates the others), another line only when
# its series, base or test kernel config changed since lines/LINE/checked
# recorded its last full pass (harness/line-checked.sh), which only a
# passing run of make check as it is may record. Runs on a copy of the project whose
# make is a stand-in on PATH that records its arguments and prints a test
# summary; no kernel is built.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$top/harness/tap.sh"

copy=$tmp/project
mkdir -p "$copy" "$tmp/bin"
cp -r "$top/.ci" "$top/harness" "$top/lines" "$top/patches" "$top/config" "$copy/"
cat >"$tmp/bin/make" <<STUB
#!/bin/sh
echo "\$*" >>"$tmp/make.calls"
echo "1 passed, 0 failed, 0 skipped"
STUB
chmod +x "$tmp/bin/make"
primary=$(cat "$copy/lines/primary")
other=$(cd "$copy/lines" && ls -d -- */base.conf | cut -d/ -f1 | grep -vx "$primary" | head -1)

ci() { : >"$tmp/make.calls"; env -u CI_FULL_LINES PATH="$tmp/bin:$PATH" bash "$copy/.ci/run" >"$tmp/ci.out" 2>&1; }
calls() { cat "$tmp/make.calls"; }
# record [SUMMARY [VAR=VALUE]]: a run of make check LINE=other, in the
# environment of make check as it is but for VAR, ended with SUMMARY
record() {
	mkdir -p "$copy/build/$other/results/check"
	echo "${1:-5 passed, 0 failed, 1 skipped}" >"$copy/build/$other/results/check/summary"
	env -u KERNEL -u CHECK_ENV -u CHECK_RESULTS -u CHECK_TIMEOUT ${2:+"$2"} \
		LINE="$other" "$copy/harness/line-checked.sh" record 2>/dev/null
}
only_primary() { [ "$(calls)" = "check LINE=$primary" ]; }
primary_then_other() { [ "$(calls)" = "$(printf 'check LINE=%s\ncheck LINE=%s CHECK_GATE=' "$primary" "$other")" ]; }
sums_both() { tail -n 1 "$tmp/ci.out" | grep -qx '2 passed, 0 failed, 0 skipped'; }

echo "TAP version 13"
rm -f "$copy/lines/$other/checked"
ci
check "no record of $other: ci tests $primary, then $other in full without a gate" primary_then_other
check "ci adds the two summaries" sums_both
record
ci
check "$other recorded as it is: ci runs make check alone" only_primary
echo "# a change" >>"$copy/patches/$other/$(grep -v '^#' "$copy/patches/$other/series" | head -1)"
ci
check "a patch of $other changed since the record: $other in full again" primary_then_other
record
sed -i 's/^BASE_VERSION=.*/BASE_VERSION=0.0/' "$copy/lines/$other/base.conf"
ci
check "the base of $other changed since the record: $other in full again" primary_then_other
record
echo "# a change" >>"$copy/config/vm.config"
ci
check "the test kernel's config changed since the record: $other in full again" primary_then_other
rm -f "$copy/lines/$other/checked"
record "5 passed, 1 failed, 1 skipped"
ci
check "a run that failed records nothing" primary_then_other
record "5 passed, 0 failed, 1 skipped" KERNEL=/elsewhere
ci
check "a run on another kernel records nothing" primary_then_other
record
: >"$tmp/make.calls"
LINE=$other CI_FULL_LINES=$other PATH="$tmp/bin:$PATH" bash "$copy/.ci/run" >"$tmp/ci.out" 2>&1
check "CI_FULL_LINES=$other tests it in full though recorded (and LINE set outside changes nothing)" primary_then_other
tap_done
