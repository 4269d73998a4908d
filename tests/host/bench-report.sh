#!/usr/bin/env bash
# Host test of how make bench publishes a line's results (TAP): each line
# writes docs/results/LINE/ (bench.md, headlines.json), and the README's
# bench table gets a column a line, each with its own run's date and
# series commit, in version order (6.2 before 6.12); publishing one line
# leaves the other's column as it was; a ratio that a run could not form
# shows as "-", and a scenario a line did not run as "not run"; a row is
# known by its ratio, not by the label a line's run stored. Runs
# bench/report.py on made-up scenario results in a scratch directory: no
# VM, no kernel.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$top/harness/tap.sh"

printf '# x\n\n<!-- bench:begin (make bench writes this part: bench/report.py) -->\nold\n<!-- bench:end -->\n\ntail\n' \
	>"$tmp/README.md"

# results LINE DATE COMMIT FINDING: a results directory of one run, whose
# sampled_hints finding ratio has median FINDING (none: not formed)
results() {
	local d=$tmp/results-$1
	mkdir -p "$d"
	cat >"$d/meta.json" <<JSON
{"date": "$2", "kernel": "$1-numab", "series_commit": "$3", "base": "b", "topology": "tiered",
 "accelerator": "tcg", "reps": 3}
JSON
	if [ "$4" = none ]; then
		echo '{"sample_over_scan_finding_us_per_page": null}' >"$d/sampled_hints.json"
	else
		echo "{\"sample_over_scan_finding_us_per_page\": {\"median\": $4, \"min\": $4, \"max\": $4}}" \
			>"$d/sampled_hints.json"
	fi
	echo '| table |' >"$d/sampled_hints.md"
	echo "$d"
}
publish() { "$top/bench/report.py" --publish "$1" "$tmp/docs" "$tmp/README.md" "$2"; }
# row LABEL_PART: the README table's row whose label has LABEL_PART
row() { grep -F -- "$1" "$tmp/README.md"; }

publish "$(results 6.12 2026-01-02T00:00Z aaaaaaaaaaaaaaaa 0.15)" 6.12
check "a line's document and headlines go to docs/results/LINE/" \
	test -s "$tmp/docs/6.12/bench.md" -a -s "$tmp/docs/6.12/headlines.json"
check "one line published: one column" \
	bash -c "grep -qx '| | 6.12 |' '$tmp/README.md'"
publish "$(results 6.2 2026-01-01T00:00Z bbbbbbbbbbbbbbbb 0.31)" 6.2
check "two lines: a column each, in version order" \
	bash -c "grep -qx '| | 6.2 | 6.12 |' '$tmp/README.md'"
check "the README links each line's document" \
	bash -c "grep -qF '[6.2](docs/6.2/bench.md), [6.12](docs/6.12/bench.md)' '$tmp/README.md'"
check "each column has its own run's series commit" \
	bash -c "grep -qx '| series commit | bbbbbbbbbbbb | aaaaaaaaaaaa |' '$tmp/README.md'"
check "each column has its own ratio" \
	bash -c "grep -F 'finding the pages' '$tmp/README.md' | grep -qF '| 0.31 (0.31-0.31) | 0.15 (0.15-0.15) |'"
publish "$(results 6.12 2026-01-03T00:00Z cccccccccccccccc none)" 6.12
check "publishing 6.12 again leaves the other line's column" \
	bash -c "grep -qx '| series commit | bbbbbbbbbbbb | cccccccccccc |' '$tmp/README.md'"
check "a ratio a run could not form shows as -" \
	bash -c "grep -F 'finding the pages' '$tmp/README.md' | grep -qF '| 0.31 (0.31-0.31) | - |'"
echo '| table |' >"$(results 6.2 2026-01-04T00:00Z dddddddddddddddd 0.31)/lazy_migrate.md"
echo '{"lazy_over_eager_call_time": {"median": 0.1, "min": 0.1, "max": 0.1}}' \
	>"$tmp/results-6.2/lazy_migrate.json"
publish "$tmp/results-6.2" 6.2
check "a scenario one line did not run: not run in its column" \
	bash -c "grep -F 'mbind(MPOL_MF_LAZY)' '$tmp/README.md' | grep -qF '| 0.10 (0.10-0.10) | not run |'"
sed -i 's/"label": "Sampled hints[^"]*"/"label": "an old label"/' "$tmp/docs/6.2/headlines.json"
publish "$tmp/results-6.12" 6.12
check "a row is known by its ratio, not by a line's stored label" \
	bash -c "! grep -qF 'an old label' '$tmp/README.md' &&
		[ \$(grep -cF 'finding the pages' '$tmp/README.md') = 1 ]"
check "the README outside the markers is kept" \
	bash -c "head -n 1 '$tmp/README.md' | grep -qx '# x' && tail -n 1 '$tmp/README.md' | grep -qx tail"
check "the old block is gone" bash -c "! grep -qx old '$tmp/README.md'"
tap_done
