#!/bin/bash
# tests/cli/multiplicity_slices.sh XCOUNT FILE: a file with multiplicities, counted by Algorithm
# M (--engine dlx) on 2 threads in --node-limit slices resumed from a journal (its prefixes and
# positions hold null moves), reaches the figures Knuth's DLX3 gives for the file
# (tests/data/good/multiplicities-dlx3.dlx: 69867 solutions, 267516 updates, 119114 nodes).
set -u
xcount=$(realpath "$1")
file=$(realpath "$2")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
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
figures=$(grep -E '^(solutions|updates|nodes):' <<<"$result" | tr '\n' ' ')
[ "$figures" = "solutions: 69867 updates: 267516 nodes: 119114 " ] || fail "figures: $result"
echo "multiplicity slices: ok ($runs runs)"
