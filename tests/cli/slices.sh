#!/bin/bash
# tests/cli/slices.sh XCOUNT: a count stopped inside a subproblem keeps what it did there.
# 15 queens unsplit (one subproblem: the whole tree) run in --time-limit slices and in
# --node-limit slices (every engine), 6 queens in slices of one node, and 16 queens unsplit killed with kill -9 every 3 seconds, each time
# resumed from its journal, reach the published totals (OEIS A000170, A002562 up to symmetry)
# with exactly the updates and nodes of an uninterrupted run.
set -u
xcount=$(realpath "$1")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
field() { grep -o "\"$2\": [0-9a-z]*" <<<"$1" | head -n 1 | cut -d' ' -f2; }
count() { "$xcount" count queens --n 15 --split-depth 0 --threads 1 --json "$@" 2>/dev/null; }
reference=$(count) || fail "the uninterrupted run"
[ "$(field "$reference" solutions)" = 2279184 ] || fail "uninterrupted: $reference"

# same_as_reference NAME RESULT RUNS
same_as_reference() {
    for key in solutions updates nodes distinct; do
        [ "$(field "$2" $key)" = "$(field "$reference" $key)" ] || fail "$1, $key: $(field "$2" $key), not $(field "$reference" $key)"
    done
    echo "$1: $3 runs, 2279184 solutions, $(field "$2" updates) updates and $(field "$2" nodes) nodes, as uninterrupted"
}

# slices NAME FLAGS...: runs until the count is complete (at most 400 runs)
slices() {
    local name=$1 runs=0
    shift
    rm -f "$dir/j"
    while :; do
        runs=$((runs + 1))
        [ $runs -le 400 ] || fail "$name: not done after 400 runs"
        result=$(count --checkpoint "$dir/j" "$@")
        status=$?
        [ $status = 3 ] && continue
        [ $status = 0 ] || fail "$name: exit $status: $result"
        break
    done
    [ $runs -ge 2 ] || fail "$name: finished in one run, so nothing was resumed"
    same_as_reference "$name" "$result" $runs
}
slices "--time-limit 0.5 slices" --time-limit 0.5
slices "--node-limit 2000000 slices" --node-limit 2000000
# Every engine carries on inside the subproblem (dlx, cells and bits walk the same tree, so
# each must give the reference's figures; scan walks its own rule's tree, against its own run).
for engine in dlx cells bits; do
    slices "--engine $engine, --time-limit 0.3 slices" --engine $engine --time-limit 0.3
done
reference=$(count --engine scan) || fail "the uninterrupted scan run"
slices "--engine scan, --time-limit 0.3 slices" --engine scan --time-limit 0.3

# Slices of one node: each run must still make progress, on every engine, to the total
# (6 queens: 4 solutions, OEIS A000170).
"$xcount" export queens --n 6 --out "$dir/q6.dlx" || fail "export 6 queens"
for engine in dlx cells bits scan; do
    rm -f "$dir/j1"
    runs=0
    while :; do
        runs=$((runs + 1))
        [ $runs -le 3000 ] || fail "--engine $engine, --node-limit 1 slices: not done after 3000 runs"
        result=$("$xcount" count "$dir/q6.dlx" --engine $engine --split-depth 0 --threads 1 --node-limit 1 --checkpoint "$dir/j1" --json 2>/dev/null)
        status=$?
        [ $status = 3 ] && continue
        [ $status = 0 ] || fail "--engine $engine, --node-limit 1 slices: exit $status: $result"
        break
    done
    [ "$(field "$result" solutions)" = 4 ] || fail "--engine $engine, --node-limit 1 slices: $result"
    echo "--engine $engine, --node-limit 1 slices: 4 solutions of 6 queens in $runs runs"
done

# kill -9 every 3 seconds, on 16 queens (18 s on one thread here; 14,772,512 solutions and
# 1,846,955 up to symmetry, OEIS A000170 and A002562): its updates and nodes must be those of
# an uninterrupted run (at depth 3 on 2 threads: a split never changes them).
reference=$("$xcount" count queens --n 16 --split-depth 3 --threads 2 --json) || fail "16 queens uninterrupted"
[ "$(field "$reference" solutions)" = 14772512 ] && [ "$(field "$reference" distinct)" = 1846955 ] || fail "16 queens: $reference"
rm -f "$dir/j"
kills=0
while :; do
    "$xcount" count queens --n 16 --split-depth 0 --threads 1 --checkpoint "$dir/j" > /dev/null 2>&1 &
    pid=$!
    sleep 3
    kill -9 $pid 2>/dev/null && kills=$((kills + 1))
    wait $pid 2>/dev/null
    # Reads the journal and does one node more: complete once the kills have let it finish.
    result=$("$xcount" count queens --n 16 --split-depth 0 --threads 1 --checkpoint "$dir/j" --node-limit 1 --json 2>/dev/null)
    [ "$(field "$result" complete)" = true ] && break
    [ $kills -le 60 ] || fail "kill -9 every 3 s: not done after 60 kills"
done
[ $kills -ge 2 ] || fail "kill -9 every 3 s: killed only $kills times (the machine is too fast for this test)"
for key in solutions updates nodes distinct; do
    [ "$(field "$result" $key)" = "$(field "$reference" $key)" ] || fail "kill -9 every 3 s, $key: $(field "$result" $key), not $(field "$reference" $key)"
done
echo "kill -9 every 3 s ($kills kills): 14772512 solutions, $(field "$result" updates) updates and $(field "$result" nodes) nodes, as uninterrupted"
echo "slices: ok"
