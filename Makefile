# numab: NUMA placement patch series for Linux 6.1 and 6.12 -- build, boot,
# prove. Every target is a thin wrapper around one script in harness/; "make
# help" lists them from the "##" line above each. LINE=6.1|6.12 picks the
# kernel line (lines/LINE/, patches/LINE/, build/LINE/); the default is the
# primary line, lines/primary.

SHELL := /bin/bash
H := harness
TOP := $(dir $(lastword $(MAKEFILE_LIST)))
PRIMARY_LINE := $(file < $(TOP)lines/primary)
LINE ?= $(PRIMARY_LINE)
TOPO ?= 2node
CMD ?= numactl -H
TIMEOUT ?= 600
# CMD reaches the guest through the environment, so the host shell never
# parses it: make vm CMD='numactl -H; exit 3' works as typed.
export CMD LINE

.PHONY: all help deps deps-build deps-deb base tree export kernel selftests \
	tools lint lint-check lint-bisect lint-full deb deb-objects vm check check-debug \
	check-bench-host check-deb-clean stress demo bench clean

all: kernel

## help: list the targets
help:
	@awk '/^## / { sub(/^## /, ""); split($$0, a, ": "); printf "  %-16s %s\n", a[1], substr($$0, length(a[1]) + 3) }' $(MAKEFILE_LIST)

## deps: install every Debian package the project uses (as root)
deps:
	@$(H)/deps.sh all

## deps-build: install only what importing and building a kernel needs
deps-build:
	@$(H)/deps.sh build

## deps-deb: install only what building the kernel packages needs
deps-deb:
	@$(H)/deps.sh deb

## base: download and verify the line's pinned Debian kernel source (lines/LINE/base.conf)
base: deps-build
	@$(H)/fetch-base.sh >/dev/null

## tree: build/LINE/linux, the base with patches/LINE/ applied as commits
tree: base
	@$(H)/tree.sh

## export: write build/LINE/linux's commits back to patches/LINE/
export:
	@$(H)/export.sh

## kernel: the test VM's kernel, in build/LINE/obj
kernel: tree
	@$(H)/kernel.sh

## selftests: the numa selftests of the series, in build/LINE/selftests
selftests: kernel
	@$(H)/selftests.sh >/dev/null

## tools: numab-run and the benchmark programs, in build/bin and build/bench
tools: deps
	@$(MAKE) -s -C tools OUT=$(CURDIR)/build/bin
	@$(MAKE) -s -C bench OUT=$(CURDIR)/build/bench

## lint: checkpatch, W=1 and sparse, the config matrix, every prefix's build
lint: tree deps
	@$(H)/lint.sh

## lint-check: what make check lints: the final series only
lint-check: tree deps
	@LINT_SCOPE=check $(H)/lint.sh

## lint-bisect: every prefix builds the series' directories in every config
lint-bisect: tree deps
	@$(H)/bisect-matrix.sh

## lint-full: every prefix builds vmlinux in every config (hours)
lint-full: tree deps
	@LINT_FULL=1 $(H)/lint.sh

## deb: the patched kernel as Debian packages (DEB_CONFIG=FILE)
deb: tree deps-deb
	@$(H)/deb.sh

## deb-objects: the series' objects in make deb's config from Debian's own (minutes, not hours)
deb-objects: tree deps-deb
	@$(H)/deb-objects.sh

## vm: boot the VM (TOPO=2node|tiered) and run CMD in it
vm: kernel deps
	@$(H)/vm.sh -t $(TOPO) -T $(TIMEOUT) "$$CMD"

## check: lint, build, boot the VMs, run every test; gate the other lines (the README's command)
check: lint-check kernel selftests tools
	@$(H)/check.sh
	@[ "$(LINE)" = "$(PRIMARY_LINE)" ] || $(H)/line-checked.sh record

## check-debug: the same tests on a debug kernel (KASAN, lockdep, ...)
check-debug: kernel selftests tools
	@$(H)/check-debug.sh

## check-deb-clean: make deb on a clean Debian 12 root (debootstrap): what it installs, BTF kept
check-deb-clean:
	@$(H)/check-deb-clean.sh

## check-bench-host: make bench HOST=1 in a VM booted without the test rig
check-bench-host: tree tools
	@$(H)/check-bench-host.sh

## stress: the long stress run (demotion, marks, samples, trinity)
stress: kernel selftests tools
	@$(H)/stress.sh

## demo: boot the tiered VM and show the kernel placing pages
demo: kernel selftests tools
	@$(H)/demo.sh

## bench: the benchmarks in the tiered VM, or on this machine with HOST=1
bench: $(if $(filter 1,$(HOST)),tools,kernel selftests tools)
	@$(H)/bench.sh

## clean: remove what the targets built, but the tree and the downloads
clean:
	rm -rf build/$(LINE)/{obj,selftests,lint,lint.clean.*,results,deb,matrix} build/vm
