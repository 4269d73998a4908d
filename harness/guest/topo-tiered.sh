#!/bin/bash
# Guest side of the tiered topology: turn node 2's vNVDIMM into a lower
# memory tier. 6.1 builds tiers only from dax/kmem hot-plug; kmem is built
# in, so bind it through new_id instead of daxctl (which wants modprobe).
set -euo pipefail

ndctl create-namespace -f -e namespace0.0 -m devdax >/dev/null
dax=$(basename "$(ls -d /sys/bus/dax/devices/dax* | head -n1)")
echo "$dax" >/sys/bus/dax/drivers/device_dax/unbind
echo "$dax" >/sys/bus/dax/drivers/kmem/new_id
for m in /sys/devices/system/node/node2/memory*; do
	[ "$(cat "$m/state")" = offline ] && echo online_movable >"$m/state"
done
echo 1 >/sys/kernel/mm/numa/demotion_enabled
grep . /sys/devices/virtual/memory_tiering/*/nodelist
[ "$(ls -d /sys/devices/virtual/memory_tiering/memory_tier* | wc -l)" = 2 ]
