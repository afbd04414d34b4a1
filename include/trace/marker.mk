# SPDX-License-Identifier: GPL-2.0-only
#
# The one Kbuild line an out-of-tree module needs to use trace_mark():
#
#	include /path/to/ltt/include/trace/marker.mk
#
# It adds ltt's include directory (for <trace/marker.h>) and ltt's
# Module.symvers (so that modpost knows ltt_marker_serialize(), exported by
# ltt.ko, and modprobe loads ltt.ko first). Set LTT_SYMVERS to override
# where Module.symvers is looked for.

ltt_marker_root := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)

ccflags-y += -I$(ltt_marker_root)/include

LTT_SYMVERS ?= $(firstword $(wildcard \
	$(ltt_marker_root)/.build/$(KERNELRELEASE)/Module.symvers \
	$(ltt_marker_root)/Module.symvers))
KBUILD_EXTRA_SYMBOLS += $(LTT_SYMVERS)
ifeq ($(LTT_SYMVERS),)
$(warning ltt: no Module.symvers in $(ltt_marker_root)/.build/$(KERNELRELEASE): build ltt for this kernel first, or set LTT_SYMVERS)
endif
