# SPDX-License-Identifier: GPL-2.0-only
# Flags shared by the tools' Makefiles.
TOOLS_DIR := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
ROOT_DIR := $(abspath $(TOOLS_DIR)/..)
ABI_H := $(ROOT_DIR)/include/uapi/ltt/abi.h

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR := $(DESTDIR)$(PREFIX)/bin
MANDIR := $(DESTDIR)$(PREFIX)/share/man

CC ?= cc
CFLAGS ?= -O2 -g
CFLAGS += -Wall -Wextra -std=gnu11 -D_GNU_SOURCE
CPPFLAGS += -I$(ROOT_DIR)/include/uapi -I$(TOOLS_DIR)/lib
# Code built by ltt.ko too, as it is (common/ at the top, doc/design.md),
# in neither tree; tools/lib builds it.
COMMON_DIR := $(ROOT_DIR)/common
CPPFLAGS += -I$(COMMON_DIR)
LIBCTL := $(TOOLS_DIR)/lib/libltt-ctl.a
# The version, one place: include/ltt/version.h (the module's too).
LTT_VERSION := $(shell sed -n 's/^\#define LTT_VERSION[[:space:]]*"\(.*\)"/\1/p' $(ROOT_DIR)/include/ltt/version.h)
CPPFLAGS += -DLTT_TOOLS_VERSION='"$(LTT_VERSION)"'
