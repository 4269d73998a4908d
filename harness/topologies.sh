# shellcheck shell=bash
# The VM topologies, sourced by vm.sh (QEMU side) and guest/init.sh (guest
# side). topo_qemu_args TOPO prints QEMU's machine options; TOPO_NODES and
# TOPO_TIERS are what the topology test must find.

# tiered: seed 000's machine scaled down. node0 and node1 have a CPU and DRAM
# (top tier); node2 has no CPU and no memory at boot, and gets a vNVDIMM that
# the guest turns into a lower tier (devdax -> kmem).
# 2node: two CPU+DRAM nodes, for the classic NUMA balancing scenarios.
topo_qemu_args() {
	local ram="-object memory-backend-ram,id=m0,size=1G -object memory-backend-ram,id=m1,size=1G"
	local nodes="-numa node,nodeid=0,memdev=m0,cpus=0 -numa node,nodeid=1,memdev=m1,cpus=1"
	case "$1" in
	tiered)
		echo "-machine pc,nvdimm=on -m 2G,slots=2,maxmem=8G -smp 2,sockets=2,cores=1,threads=1"
		echo "$ram $nodes -numa node,nodeid=2"
		echo "-numa dist,src=0,dst=1,val=20 -numa dist,src=0,dst=2,val=28 -numa dist,src=1,dst=2,val=28"
		echo "-object memory-backend-ram,id=nv0,size=1G -device nvdimm,id=nvdimm0,memdev=nv0,node=2"
		;;
	2node)
		echo "-machine pc -m 2G -smp 2,sockets=2,cores=1,threads=1"
		echo "$ram $nodes -numa dist,src=0,dst=1,val=20"
		;;
	*) return 1 ;;
	esac
}

topo_expect() {
	case "$1" in
	tiered) TOPO_NODES=3 TOPO_TIERS=2 ;;
	2node) TOPO_NODES=2 TOPO_TIERS=1 ;;
	*) return 1 ;;
	esac
}

TOPOLOGIES="tiered 2node"
