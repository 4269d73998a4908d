#!/usr/bin/env bash
# Whether make check has passed in full on the line's present series and
# base: lines/LINE/checked holds the series stamp (lib.sh's series_stamp)
# of the last such pass. make check tests the primary line in full and
# only gates the others; .ci/run tests another line in full too when this
# says its series or base changed since.
#
#   line-checked.sh             exit 0 when the record is the present stamp
#   line-checked.sh record      write the record (after a full pass)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

record=$NUMAB_TOP/lines/$LINE/checked
stamp=$(series_stamp)
case ${1:-} in
record)
	summary=$(tail -n 1 "$LINE_BUILD/results/check/summary" 2>/dev/null || echo "no summary")
	{
		echo "# make check LINE=$LINE passed in full on this series and base:"
		echo "# $(date -u +%Y-%m-%dT%H:%MZ), $summary. Commit this file with patches/$LINE."
		echo "$stamp"
	} >"$record"
	log "recorded the full pass of the $LINE line in lines/$LINE/checked: commit it"
	;;
'')
	[ "$(grep -v '^#' "$record" 2>/dev/null)" = "$stamp" ]
	;;
*) die "usage: line-checked.sh [record]" ;;
esac
