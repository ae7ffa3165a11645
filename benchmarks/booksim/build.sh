#!/usr/bin/env bash
# Build BookSim2 from its public source tree.
#
#   benchmarks/booksim/build.sh SOURCE_DIR [BUILD_DIR]
#
# SOURCE_DIR is a checkout of booksim/booksim2 (a working tree, or a bare/mirror git directory,
# from which HEAD is exported).  The build needs a C++ compiler, flex and bison
# (Debian: apt-get install g++ flex bison).  Prints the path of the binary.
set -euo pipefail
src=${1:?usage: build.sh SOURCE_DIR [BUILD_DIR]}
out=${2:-${TMPDIR:-/tmp}/booksim2-build}
for tool in flex bison make c++; do
    command -v "$tool" >/dev/null || { echo "build.sh: '$tool' not found (apt-get install g++ flex bison make)" >&2; exit 2; }
done
mkdir -p "$out"
if [ -d "$src/src" ]; then
    cp -r "$src/src" "$out/"
else
    git --git-dir="$src" archive HEAD src | tar -x -C "$out"
fi
make -C "$out/src" -j"$(nproc)" >"$out/build.log" 2>&1 || { tail -20 "$out/build.log" >&2; exit 1; }
echo "$out/src/booksim"
