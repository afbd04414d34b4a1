# SPDX-License-Identifier: GPL-2.0-only
#
# ltt top-level Makefile: kernel modules (kbuild, out of tree), userspace
# tools, install, tests.
#
#   make                  modules + tools, against the running kernel
#   make KDIR=/path       ... against that kernel tree
#   make KVER=6.1.0-56-amd64   ... against /lib/modules/KVER/build
#   make W=1 | make sparse     extra warnings | sparse (C=2)
#   make install [DESTDIR=] [PREFIX=/usr/local] [KVER=]
#   make dkms-install     register with DKMS (rebuilt for new kernels)
#   make check            unit tests, then the VM tests (installs deps first)
#   make check-debug      the VM tests on a lockdep/KASAN/kmemleak kernel
#   make demo             boot a VM, record a trace, print it
#   make deps             install build/test dependencies (apt-get)

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))

# ---- kernel tree: KDIR, else KVER, else running kernel, else newest Debian
ifeq ($(KDIR),)
  ifneq ($(KVER),)
    KDIR := /lib/modules/$(KVER)/build
  else ifneq ($(wildcard /lib/modules/$(shell uname -r)/build),)
    KDIR := /lib/modules/$(shell uname -r)/build
  else
    KDIR := $(lastword $(shell ls -d /usr/src/linux-headers-*-amd64 \
				/usr/src/linux-headers-*-arm64 2>/dev/null | sort -V))
  endif
endif
ifeq ($(KVER),)
  KVER := $(shell cat $(KDIR)/include/config/kernel.release 2>/dev/null)
endif

PREFIX   ?= /usr/local
DESTDIR  ?=
BINDIR   := $(PREFIX)/bin
MANDIR   := $(PREFIX)/share/man
MODDIR   := $(DESTDIR)/lib/modules/$(KVER)/extra

# Modules are built in a per-kernel copy of the sources, so that trees for
# several kernels (the VM tests use 6.1 and 6.12) can coexist.
KBUILD_OUT ?= $(ROOT)/.build/$(KVER)
# What kbuild writes there: kept by the copy, so rebuilds stay incremental.
KBUILD_PRODUCTS := $(addprefix --exclude=,'*.o' '*.ko' '*.mod' '*.mod.c' \
	'.*.cmd' '.*.d' '*.symvers' modules.order 'ltt-events-ok.h' \
	'ltt-syscalls-table.h' '.tmp*')
# (the test and bench modules and samples only where they are: a DKMS
# source tree has none)
KSRC := $(patsubst $(ROOT)/%,%,$(wildcard $(addprefix $(ROOT)/,Kbuild src common \
	include probes tests/vm/modules bench/modules samples/flight_recorder)))
KMAKE_ARGS = -C $(KDIR) M=$(KBUILD_OUT) LTT_ROOT=$(KBUILD_OUT) \
	$(if $(W),W=$(W)) $(if $(C),C=$(C)) \
	$(if $(LTT_TEST_MODULES),LTT_TEST_MODULES=1) \
	$(if $(wildcard $(KDIR)/vmlinux),,CONFIG_DEBUG_INFO_BTF_MODULES=)
# (Distribution header packages ship no vmlinux, so BTF for modules cannot
# be generated; say so once here instead of once per module.)
#
# Jobserver: make hands its -j slots only to recipe lines that name
# $(MAKE) themselves (not through another variable), and to lines marked
# '+'. The scripts below run make (check.sh, vm-kernel.sh through the VM
# tests, demo, bench), so their lines carry '+' too; it also makes
# 'make -n' run them.

.PHONY: all modules tools install install-modules install-tools uninstall \
	dkms-source dkms-install dkms-uninstall \
	clean check check-debug check-wide unit-check vm-check deps demo sparse bench bench-gate bench-baseline stress stress-faults kdir-check \
	ensure-deps

all: modules tools

kdir-check:
	@test -n "$(KDIR)" -a -d "$(KDIR)" || { echo "ltt: no kernel build tree found; install linux-headers-$$(uname -r) (or run 'make deps'), or pass KDIR=" >&2; exit 1; }
	@test -n "$(KVER)" || { echo "ltt: cannot read the kernel release of $(KDIR) (include/config/kernel.release)" >&2; exit 1; }

modules: kdir-check
	@mkdir -p $(KBUILD_OUT)
	@cd $(ROOT) && rsync -aR --delete $(KBUILD_PRODUCTS) $(KSRC) $(KBUILD_OUT)/
	$(MAKE) $(KMAKE_ARGS) modules

sparse:
	$(MAKE) modules C=2

tools:
	$(MAKE) -C tools

install: install-modules install-tools

# INSTALL_MOD_STRIP as kbuild's: 1 strips the debug info (--strip-debug),
# another value is strip's options. The VM tests strip: ltt.ko is 8 MB
# with it, and every insmod in the guest reads the whole file.
MOD_STRIP_OPTS := $(if $(filter 1,$(INSTALL_MOD_STRIP)),--strip-debug,$(INSTALL_MOD_STRIP))
install-modules: modules
	install -d $(MODDIR)
	cd $(KBUILD_OUT) && for m in $$(sed 's/\.o$$/.ko/' modules.order); do \
		install -m 0644 $$m $(MODDIR)/ || exit 1; \
		$(if $(MOD_STRIP_OPTS),strip $(MOD_STRIP_OPTS) $(MODDIR)/$$(basename $$m) || exit 1;) \
	done
	@if [ -z "$(DESTDIR)" ]; then depmod -a $(KVER); fi

install-tools: tools
	$(MAKE) -C tools install DESTDIR=$(DESTDIR) PREFIX=$(PREFIX)

uninstall:
	rm -f $(addprefix $(MODDIR)/,$(notdir $(shell ls $(KBUILD_OUT)/*.ko $(KBUILD_OUT)/*/*.ko $(KBUILD_OUT)/*/*/*/*.ko 2>/dev/null)))
	@if [ -z "$(DESTDIR)" ]; then depmod -a $(KVER) || true; fi
	$(MAKE) -C tools uninstall DESTDIR=$(DESTDIR) PREFIX=$(PREFIX)

# ---- DKMS -------------------------------------------------------------------
# The module sources as DKMS wants them, in $(DESTDIR)/usr/src/ltt-VERSION
# (the ltt-dkms package ships the same tree); dkms-install registers, builds
# and installs them for KVER (default: the running kernel), and DKMS then
# rebuilds them for every kernel installed later. doc/install.md.
LTT_VERSION := $(shell sed -n 's/^\#define LTT_VERSION[[:space:]]*"\(.*\)"/\1/p' $(ROOT)/include/ltt/version.h)
DKMS_SRC := $(DESTDIR)/usr/src/ltt-$(LTT_VERSION)
DKMS_FILES := Makefile Kbuild dkms.conf LICENSE src common include probes

dkms-source:
	rm -rf $(DKMS_SRC)
	install -d $(DKMS_SRC)
	cd $(ROOT) && rsync -aR $(KBUILD_PRODUCTS) $(DKMS_FILES) $(DKMS_SRC)/

dkms-install: dkms-source
	dkms add -m ltt -v $(LTT_VERSION)
	dkms build -m ltt -v $(LTT_VERSION) -k $(KVER)
	dkms install -m ltt -v $(LTT_VERSION) -k $(KVER)

dkms-uninstall:
	dkms remove -m ltt -v $(LTT_VERSION) --all
	rm -rf $(DKMS_SRC)

clean:
	rm -rf $(ROOT)/.build
	$(MAKE) -C tools clean
	$(MAKE) -C tests/unit clean

# ---- tests ------------------------------------------------------------------
ensure-deps:
	@$(ROOT)/scripts/deps.sh

unit-check: ensure-deps
	$(MAKE) -C tests/unit check-all

vm-check: ensure-deps
	+cd $(ROOT) && prove -e '' $(PROVE_FLAGS) tests/vm/t/*.t

# Not in check (hours under TCG): the VM tests on the debug kernel of
# scripts/debug-kernel.sh (lockdep, KASAN, kmemleak, debug objects), built
# on first use; each scenario boots it once (vm_kernels in tests/vm/lib.sh).
# DEBUG_TESTS="tests/vm/t/smoke.t ..." runs a subset.
DEBUG_TESTS ?= $(sort $(wildcard $(ROOT)/tests/vm/t/*.t))
check-debug: ensure-deps
	$(ROOT)/scripts/debug-kernel.sh >/dev/null
	cd $(ROOT) && LTT_VM_KERNEL=debug prove -e '' $(PROVE_FLAGS) $(DEBUG_TESTS)

# Not in check: the scenarios tests/vm/kernels also gives a kernel as
# ~NAME, on every kernel they name (doc/testing.md, "Every kernel").
WIDE_TESTS = $(patsubst %,$(ROOT)/tests/vm/t/%.t,$(sort $(shell awk '!/^\#/ { for (i = 2; i <= NF; i++) if ($$i ~ /^~/) print substr($$i, 2) }' $(ROOT)/tests/vm/kernels)))
check-wide: ensure-deps
	cd $(ROOT) && LTT_VM_WIDE=1 prove -e '' $(PROVE_FLAGS) $(WIDE_TESTS) \
		$(ROOT)/tests/build/packages.t $(ROOT)/tests/build/events.t

# Not in check: many rounds of the consumer's ending paths, for rare races.
stress: ensure-deps
	+$(ROOT)/tests/stress/lttd-restarts $(STRESS_ARGS)

# The fault sequence 10 boots in a row on 6.1 and 6.1-rt (check: one).
stress-faults: ensure-deps
	+$(ROOT)/tests/stress/fault-seq --boots 10 --wide $(STRESS_ARGS)

check: ensure-deps
	+@$(ROOT)/scripts/check.sh

deps:
	$(ROOT)/scripts/deps.sh

demo: ensure-deps
	+$(ROOT)/scripts/demo.sh

bench: ensure-deps
	+$(ROOT)/bench/run

# Issue 40: the --icount figures of bench/guest/gate.sh against
# bench/baseline; fails when one rose more than 3 %. Not in make check.
# bench-baseline rewrites the baseline: REASON='why the cost changed'.
bench-gate: ensure-deps
	+$(ROOT)/bench/gate

bench-baseline: ensure-deps
	+$(ROOT)/bench/gate --write --reason "$(REASON)"
