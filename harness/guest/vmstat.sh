# shellcheck shell=bash
# Snapshot /proc/vmstat's NUMA counters and print before/after tables.
VMSTAT_KEYS=${VMSTAT_KEYS:-"numa_pte_updates numa_hint_faults numa_hint_faults_local
numa_pages_migrated pgmigrate_success pgmigrate_fail pgpromote_candidate
pgpromote_success pgdemote_kswapd pgdemote_direct"}

vmstat_snapshot() {
	local k
	for k in $VMSTAT_KEYS; do
		awk -v k="$k" '$1 == k { print k, $2; f = 1 } END { if (!f) print k, "-" }' /proc/vmstat
	done >"$1"
}

# vmstat_table BEFORE AFTER: counter | before | after | delta
vmstat_table() {
	printf '| %-24s | %12s | %12s | %12s |\n' counter before after delta
	printf '|%s|%s|%s|%s|\n' -------------------------- -------------- -------------- --------------
	join "$1" "$2" | while read -r k b a; do
		if [ "$b" = - ]; then d=-; else d=$((a - b)); fi
		printf '| %-24s | %12s | %12s | %12s |\n' "$k" "$b" "$a" "$d"
	done
}

# node_pages PID: "N0=… N1=… N2=…" summed over the task's numa_maps.
node_pages() {
	tr ' ' '\n' <"/proc/$1/numa_maps" | awk -F= '/^N[0-9]+=/ { n[$1] += $2 }
		END { for (k in n) printf "%s=%d ", k, n[k]; print "" }' | tr ' ' '\n' | sort | paste -sd' '
}
