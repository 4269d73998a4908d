# numab: NUMA placement patch series for Linux 6.1 -- build, boot, prove.
# Every target is a thin wrapper around one script in harness/.

SHELL := /bin/bash
H := harness
TOPO ?= 2node
CMD ?= numactl -H
TIMEOUT ?= 600
# CMD reaches the guest through the environment, so the host shell never
# parses it: make vm CMD='numactl -H; exit 3' works as typed.
export CMD

.PHONY: all deps base tree export kernel selftests tools lint lint-check lint-bisect lint-full deb vm check check-debug stress demo bench clean help

all: kernel

help:
	@sed -n 's/^## //p' README.md 2>/dev/null | head -n 40

deps:
	@$(H)/deps.sh

base: deps
	@$(H)/fetch-base.sh >/dev/null

tree: base
	@$(H)/tree.sh

export:
	@$(H)/export.sh

kernel: tree
	@$(H)/kernel.sh

selftests: kernel
	@$(H)/selftests.sh >/dev/null

# numab-run and the workload programs of the demo and benchmarks.
tools: deps
	@$(MAKE) -s -C tools OUT=$(CURDIR)/build/bin
	@$(MAKE) -s -C bench OUT=$(CURDIR)/build/bench

lint: tree
	@$(H)/lint.sh

# What make check lints: the final series only (harness/lint.sh says what
# each scope proves).
lint-check: tree
	@LINT_SCOPE=check $(H)/lint.sh

# Every prefix builds the series' directories in every config of
# config/matrix (harness/bisect-matrix.sh).
lint-bisect: tree
	@$(H)/bisect-matrix.sh

# Every prefix builds vmlinux in every config: hours, not for CI.
lint-full: tree
	@LINT_FULL=1 $(H)/lint.sh

# The patched kernel as Debian packages: DEB_CONFIG=FILE, or the running
# kernel's /boot/config-$(uname -r).
deb: tree
	@$(H)/deb.sh

vm: kernel
	@$(H)/vm.sh -t $(TOPO) -T $(TIMEOUT) "$$CMD"

check: lint-check kernel selftests tools
	@$(H)/check.sh

# The same tests on a debug kernel (KASAN, lockdep, DEBUG_VM, ...).
check-debug: kernel selftests tools
	@$(H)/check-debug.sh

stress: kernel selftests tools
	@$(H)/stress.sh

demo: kernel selftests tools
	@$(H)/demo.sh

bench: kernel selftests tools
	@$(H)/bench.sh

clean:
	rm -rf build/obj build/selftests build/vm build/lint build/lint.clean.* build/results build/deb build/matrix
