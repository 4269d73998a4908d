#!/usr/bin/env bash
# Whether make check has passed in full on the line as it is now: its
# series and base (lib.sh's series_stamp) and the config fragments its
# test kernel is built from. lines/LINE/checked holds that stamp from the
# last such pass. make check tests the primary line in full and only gates
# the others; .ci/run tests another line in full too when this says it
# changed since. The harness's own scripts are not in the stamp: the
# primary line's run exercises them (CI_FULL_LINES forces a full run).
#
#   line-checked.sh             exit 0 when the record is the present stamp
#   line-checked.sh record      write the record, after a full pass of the
#                               check's own kernel and tests
set -euo pipefail
. "$(dirname "$0")/lib.sh"

record=$NUMAB_TOP/lines/$LINE/checked
results=${CHECK_RESULTS:-$LINE_BUILD/results/check}
stamp=$({
	series_stamp
	cat "$NUMAB_TOP"/config/{vm,series,test}.config
} | sha256sum | cut -d' ' -f1)

recorded() { [ "$(grep -v '^#' "$record" 2>/dev/null)" = "$stamp" ]; }

case ${1:-} in
record)
	# Only a run of make check as it is: its own kernel, tests and results.
	for v in KERNEL CHECK_ENV CHECK_RESULTS CHECK_TIMEOUT; do
		[ -z "${!v+set}" ] || die "not recording a full pass of a run with $v set"
	done
	summary=$(tail -n 1 "$results/summary" 2>/dev/null) || true
	[[ $summary =~ ^[1-9][0-9]*\ passed,\ 0\ failed ]] ||
		die "not recording: the run's summary is '${summary:-missing}'"
	if recorded; then
		log "lines/$LINE/checked already records this series and base"
		exit 0
	fi
	{
		echo "# make check LINE=$LINE passed in full on this series, base and config:"
		echo "# $(date -u +%Y-%m-%dT%H:%MZ), $summary. Commit this file with patches/$LINE."
		echo "$stamp"
	} >"$record"
	log "recorded the full pass of the $LINE line in lines/$LINE/checked: commit it"
	;;
'') recorded ;;
*) die "usage: line-checked.sh [record]" ;;
esac
