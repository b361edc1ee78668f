#!/bin/bash
# tests/cli/mpi.sh XCOUNT: the MPI master/worker runner under mpirun -np 3.
#
# The distributed count equals the single-process one (solutions, updates, nodes, Fix(g)),
# and a run stopped with SIGTERM (what Slurm sends at the time limit) resumes from rank 0's
# journal to the published total. Exits 77 (skipped) without mpirun or an MPI build.
set -u
xcount=$1
command -v mpirun > /dev/null || { echo "mpirun is not installed: skipped"; exit 77; }
"$xcount" count queens --n 4 --mpi 2>&1 | grep -q "built without MPI" && { echo "xcount built without MPI: skipped"; exit 77; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
field() { printf '%s' "$1" | grep -o "\"$2\": [0-9]*" | head -n 1 | cut -d' ' -f2; }
mpi() { mpirun --allow-run-as-root --oversubscribe -np 3 "$xcount" "$@"; }

single=$("$xcount" count queens --n 13 --split-depth 3 --json) || fail "single run"
ranks=$(mpi count queens --n 13 --split-depth 3 --json --mpi --threads 1) || fail "mpirun: $ranks"
for key in solutions updates nodes distinct; do
    [ "$(field "$single" $key)" = "$(field "$ranks" $key)" ] || fail "$key: single $(field "$single" $key), 3 ranks $(field "$ranks" $key)"
done
echo "3 ranks: $(field "$ranks" solutions) solutions, $(field "$ranks" updates) updates, as one process"

journal=$dir/q15.journal
mpi count queens --n 15 --split-depth 3 --mpi --threads 1 --checkpoint "$journal" > "$dir/first.out" 2>&1 &
sleep 1.5
pkill -TERM -x mpirun
wait
done_lines=$(($(wc -l < "$journal") - 1))
echo "stopped with SIGTERM after $done_lines subproblems journaled"
result=$(mpi count queens --n 15 --split-depth 3 --mpi --threads 1 --checkpoint "$journal" --json --expect 2279184 --expect-distinct 285053) ||
    fail "resumed run: $result"
resumed=$(field "$result" resumed)
[ "$resumed" -gt 0 ] || fail "nothing was resumed: $(cat "$dir/first.out")"
echo "resumed $resumed subproblems from rank 0's journal; total 2279184, 285053 up to symmetry (OEIS A000170, A002562)"
