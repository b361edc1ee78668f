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
# The installed program finds its shipped pieces and boards by name, from any folder.
test -f "$scratch/prefix/share/xcount/pieces/pentominoes.txt"
(cd "$scratch" && "$scratch/prefix/bin/xcount" count polyomino --pieces pentominoes --board 6x10 --symmetry reduce --expect 9356 --threads 2 |
  grep -q '^expected: 9356 (ok)$')
(cd "$scratch" && "$scratch/prefix/bin/xcount" count polyomino --pieces pentominoes --board scott-8x8 --symmetry reduce --expect 520 --threads 2 |
  grep -q '^expected: 520 (ok)$')
echo "installed: the pieces and boards found by name"
# The shipped jobs: installed, run from any folder, copied anywhere, and found by verify.
test -f "$scratch/prefix/share/xcount/jobs/pentomino-6x10.ini"
test -x "$scratch/prefix/share/xcount/jobs/slurm/submit.sh"
(cd "$scratch" && "$scratch/prefix/bin/xcount" run "$scratch/prefix/share/xcount/jobs/pentomino-scott-8x8.ini" --threads 2 |
  grep -q '^expected: 520 (ok)$')
mkdir "$scratch/mine"
cp "$scratch/prefix/share/xcount/jobs/pentomino-6x10.ini" "$scratch/prefix/share/xcount/jobs/queens-13.ini" "$scratch/mine/"
(cd "$scratch/mine" && "$scratch/prefix/bin/xcount" verify . --threads 2) > "$scratch/mine.txt"
grep -q '^0 failed$' "$scratch/mine.txt" && [ "$(grep -c ' ok$' "$scratch/mine.txt")" = 2 ] || { cat "$scratch/mine.txt"; exit 1; }
(cd "$scratch" && "$scratch/prefix/bin/xcount" verify --threads 2 --max-seconds 0.001 > "$scratch/verify.txt" 2>&1) || true
grep -q "pentomino-6x10" "$scratch/verify.txt" || { cat "$scratch/verify.txt"; exit 1; }
echo "installed: the jobs, run where they lie, copied, and found by verify"
test -s "$scratch/prefix/share/man/man1/xcount.1"
test -s "$scratch/prefix/share/bash-completion/completions/xcount"
test -s "$scratch/prefix/share/doc/xcount/LICENSE"
bash -n "$scratch/prefix/share/bash-completion/completions/xcount"
echo "installed: the manual page, the bash completion and the licence"
# An MPI build installs two programs: xcount, which never loads the MPI libraries, and
# xcount-mpi beside it, which a --mpi run of xcount hands over to.
if "$scratch/prefix/bin/xcount" --version | grep -q '^features: MPI on'; then
  test -x "$scratch/prefix/bin/xcount-mpi"
  if ldd "$scratch/prefix/bin/xcount" | grep -q libmpi; then echo "xcount loads the MPI libraries"; exit 1; fi
  if command -v mpirun > /dev/null; then
    (cd "$scratch" && mpirun --allow-run-as-root --oversubscribe --bind-to none -np 2 "$scratch/prefix/bin/xcount" count queens --n 8 \
      --mpi --threads 1 --expect 92 | grep -q '^expected: 92 (ok)$')
  fi
  mkdir "$scratch/alone"
  cp "$scratch/prefix/bin/xcount" "$scratch/alone/"
  status=0
  "$scratch/alone/xcount" count queens --n 8 --mpi > "$scratch/alone.txt" 2>&1 || status=$?
  [ $status = 2 ] && grep -q "^xcount: --mpi runs xcount-mpi, the MPI build, from xcount's folder: $scratch/alone/xcount-mpi: No such file or directory$" \
    "$scratch/alone.txt" || { echo "exit $status: $(cat "$scratch/alone.txt")"; exit 1; }
  echo "installed: xcount without the MPI libraries, xcount-mpi for --mpi"
fi
