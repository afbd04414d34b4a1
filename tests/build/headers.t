#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The public headers stand alone (doc/design.md, "Headers: public vs
# internal"): nothing under include/ includes a file of src/, by path or
# by the name of one of ltt.ko's internal headers; every header says who
# may include it; probe modules and test modules are built without src/
# on their include path; the tools build nothing of src/.
. "$(dirname "$0")/../vm/lib.sh"	# TAP helpers
root=$LTT_ROOT
cd "$root" || exit 1

incs=$(grep -rhE '^[[:space:]]*#[[:space:]]*include' include/ | grep -vE '^[[:space:]]*#[[:space:]]*include[[:space:]]+[A-Z_]+[[:space:]]*$')
paths=$(grep -rnE '^[[:space:]]*#[[:space:]]*include.*(src/|\.\./)' include/)
ok "no header in include/ includes a src/ path" test -z "$paths"
[ -z "$paths" ] || diag "$paths"

internal=$(cd src && find . -name '*.h' | sed 's|^\./||')
bad=
for h in $internal; do
	# <compat/timer.h>, "registry.h", "rb-internal.h" ...
	if grep -qE "[<\"]($h|$(basename "$h"))[>\"]" <<<"$incs" &&
	   ! find include -name "$(basename "$h")" | grep -q .; then
		bad="$bad $h"
	fi
done
ok "no header in include/ includes one of src/'s headers" test -z "$bad"
[ -z "$bad" ] || diag "included:$bad"

# (src/ringbuffer/rb-internal.h names its users, the files of its directory)
silent=$(grep -L 'Who may include it' $(find include/ltt -name '*.h' -o -name '*.def') \
	src/*.h src/compat/*.h common/*.h)
ok "every header of include/ltt, src, src/compat and common says who may include it" \
	test -z "$silent"
[ -z "$silent" ] || diag "$silent"

# (issue 37) the tools build common/, never ltt.ko's tree: no include of
# a src/ path, no src/ directory in their Makefiles
paths=$(grep -rnE '^[[:space:]]*#[[:space:]]*include.*src/' tools/
	grep -nE '(\$\(ROOT_DIR\)|\.\.)/src\b' tools/Makefile tools/tools.mk tools/*/Makefile)
ok "tools/ neither includes nor builds anything of src/" test -z "$paths"
[ -z "$paths" ] || diag "$paths"

ok "probe and test modules do not see src/" sh -c \
	"! grep -n 'LTT_ROOT)/src' probes/Kbuild tests/vm/modules/Kbuild"
done_testing
