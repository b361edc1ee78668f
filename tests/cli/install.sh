#!/usr/bin/env bash
# cmake --install into a scratch prefix, then build tests/install/example against it from a
# fresh build directory, and run it: find_package(xcount) and xcount::xcount must work.
set -euo pipefail
build=${1:?usage: install.sh BUILD_DIR SOURCE_DIR}
source=${2:?usage: install.sh BUILD_DIR SOURCE_DIR}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cmake --install "$build" --prefix "$scratch/prefix" > /dev/null
test -x "$scratch/prefix/bin/xcount"
test -f "$scratch/prefix/include/xcount/dancer.hpp"
test -f "$scratch/prefix/include/xcount/version.hpp"
cmake -S "$source/tests/install/example" -B "$scratch/example" -DCMAKE_PREFIX_PATH="$scratch/prefix" \
  -DCMAKE_CXX_COMPILER="${CXX:-c++}" > /dev/null
cmake --build "$scratch/example" > /dev/null
"$scratch/example/example"
"$scratch/prefix/bin/xcount" --version
