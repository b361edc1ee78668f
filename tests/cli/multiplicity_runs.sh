#!/bin/bash
# tests/cli/multiplicity_runs.sh XCOUNT FILE: a file with multiplicities, counted by Algorithm M
# (--engine dlx), whose prefixes and positions hold null moves, reaches the figures Knuth's DLX3
# gives for the file (tests/data/good/multiplicities-dlx3.dlx: 69867 solutions, 267516 updates,
# 119114 nodes) in --node-limit slices resumed from a journal on 2 threads, in 3 shards merged,
# and under mpirun -np 3 where there is MPI.
set -u
xcount=$(realpath "$1")
file=$(realpath "$2")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# same_as_dlx3 NAME OUTPUT
same_as_dlx3() {
    figures=$(grep -E '^(solutions|updates|nodes):' <<<"$2" | tr '\n' ' ')
    [ "$figures" = "solutions: 69867 updates: 267516 nodes: 119114 " ] || fail "$1: $2"
    echo "$1: DLX3's figures"
}
runs=0
while :; do
    runs=$((runs + 1))
    [ $runs -le 200 ] || fail "not done after 200 runs"
    result=$("$xcount" count "$file" --engine dlx --threads 2 --split-depth 3 --checkpoint "$dir/j" --node-limit 5000 2>/dev/null)
    status=$?
    [ $status = 3 ] && continue
    [ $status = 0 ] || fail "exit $status: $result"
    break
done
[ $runs -ge 5 ] || fail "finished in $runs runs: the slices did not cut it"
same_as_dlx3 "$runs slices" "$result"

for k in 0 1 2; do
    "$xcount" count "$file" --engine dlx --threads 1 --split-depth 3 --shard $k/3 --out "$dir/s$k" > /dev/null 2>&1 || fail "shard $k"
done
same_as_dlx3 "3 shards merged" "$("$xcount" merge "$dir/s0" "$dir/s1" "$dir/s2" 2>&1)"

if command -v mpirun > /dev/null && ! "$xcount" count "$file" --mpi 2>&1 | grep -q "built without MPI"; then
    same_as_dlx3 "3 MPI ranks" "$(mpirun --allow-run-as-root --oversubscribe --bind-to none -np 3 "$xcount" count "$file" --engine dlx \
        --threads 1 --split-depth 3 --mpi 2>&1)"
else
    echo "3 MPI ranks: skipped (no mpirun or no MPI build)"
fi
echo "multiplicity runs: ok"
