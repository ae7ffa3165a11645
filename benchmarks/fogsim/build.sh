#!/usr/bin/env bash
# Build FOGSim (github.com/fuentesp/fogsim) from its public source.
#
#   benchmarks/fogsim/build.sh SOURCE [BUILD_DIR] [COMMIT]
#
# SOURCE is either a checkout (a directory holding FOGSim's Makefile) or a bare/mirror git
# directory (as the `fetch` tool leaves under /work/.mirror/fuentesp+fogsim/repo), from which
# COMMIT (default HEAD) is exported into BUILD_DIR (default $TMPDIR/fogsim-<commit>).
# The build needs g++ and make; if either is missing and we are root, they are installed with
# apt-get (after apt-get update).  FOGSim's Makefile compiles every file in one g++ call
# (-O2 -std=c++11), so this is one single-threaded compile (about 1-2 minutes), run under nice.
# The 2014 commit's Makefile compiles object files with CFLAGS = -c -g -Wall (no optimisation):
# CFLAGS is overridden with -O2 for it (the 2021 Makefile's fogsim target does not read CFLAGS),
# so both versions run optimised (the speed comparison of speed.py depends on it).
# Prints the path of the binary on its last line; the commit goes to BUILD_DIR/COMMIT.
set -euo pipefail
src=${1:?usage: build.sh SOURCE [BUILD_DIR] [COMMIT]}
commit=${3:-HEAD}
missing=()
for tool in g++ make; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ]; then
        apt-get update >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y g++ make >&2
    else
        echo "build.sh: ${missing[*]} not found (apt-get install g++ make)" >&2; exit 2
    fi
fi
if [ -f "$src/Makefile" ]; then
    rev=$(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo "${FOGSIM_REV:-unknown}")
    out=${2:-${TMPDIR:-/tmp}/fogsim-$rev}
    mkdir -p "$out"
    [ "$(cd "$src" && pwd)" = "$(cd "$out" && pwd)" ] || cp -r "$src"/. "$out"/
else
    rev=$(git --git-dir="$src" rev-parse --short "$commit")
    out=${2:-${TMPDIR:-/tmp}/fogsim-$rev}
    mkdir -p "$out"
    git --git-dir="$src" archive "$commit" | tar -x -C "$out"
fi
echo "$rev" >"$out/COMMIT"
# the Makefile's `fogsim` target has no prerequisites: remove a stale binary so it rebuilds
rm -f "$out/fogsim"
nice -n 10 make -C "$out" fogsim CFLAGS="-c -O2 -g -w" >"$out/build.log" 2>&1 || { tail -30 "$out/build.log" >&2; exit 1; }
echo "$out/fogsim"
