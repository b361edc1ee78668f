#!/bin/bash
# tests/cli/shards.sh XCOUNT: three shards (run with 1, 2 and 3 threads) merge into exactly
# the single run's figures, and merge refuses a missing, duplicated, foreign, edited or
# truncated shard file, naming it.
set -u
xcount=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
field() { printf '%s' "$1" | grep -o "\"$2\": [0-9]*" | head -n 1 | cut -d' ' -f2; }

whole=$("$xcount" count queens --n 11 --split-depth 3 --json) || fail "single run"
for k in 1 2 7; do  # K = 3 below, with the refusals
    rm -f "$dir"/k-*.txt
    for ((i = 0; i < k; ++i)); do
        "$xcount" count queens --n 11 --split-depth 3 --shard $i/$k --out "$dir/k-$i.txt" > /dev/null || fail "shard $i/$k"
    done
    merged=$("$xcount" merge "$dir"/k-*.txt --json) || fail "merge of $k shards: $merged"
    for key in solutions updates nodes distinct; do
        [ "$(field "$whole" $key)" = "$(field "$merged" $key)" ] || fail "K=$k $key: single $(field "$whole" $key), merged $(field "$merged" $key)"
    done
done
echo "K = 1, 2, 7: the merged figures equal the single run's"
for i in 0 1 2; do
    "$xcount" count queens --n 11 --split-depth 3 --shard $i/3 --out "$dir/part$i.txt" --threads $((i + 1)) > /dev/null || fail "shard $i"
done
merged=$("$xcount" merge "$dir"/part*.txt --json --expect 2680 --expect-distinct 341) || fail "merge: $merged"
for key in solutions updates nodes distinct; do
    [ "$(field "$whole" $key)" = "$(field "$merged" $key)" ] || fail "$key: single $(field "$whole" $key), merged $(field "$merged" $key)"
done
echo "merged: $(field "$merged" solutions) solutions, $(field "$merged" updates) updates, as the single run"

# Reduced by the whole group through an orbit of rows and columns (queens): shards, and a
# journal resumed in --node-limit slices, give the single reduced run's figures.
whole=$("$xcount" count queens --n 11 --symmetry reduce --split-depth 3 --json) || fail "single reduced run"
grep -q 'whole group of 8' <<<"$whole" || fail "11 queens not reduced through an orbit: $whole"
for i in 0 1 2; do
    "$xcount" count queens --n 11 --symmetry reduce --split-depth 3 --shard $i/3 --out "$dir/reduced$i.txt" --threads $((i + 1)) > /dev/null ||
        fail "reduced shard $i"
done
merged=$("$xcount" merge "$dir"/reduced*.txt --json --expect 2680 --expect-distinct 341) || fail "reduced merge: $merged"
runs=0
while :; do
    runs=$((runs + 1))
    [ $runs -le 200 ] || fail "reduced slices: not done after 200 runs"
    sliced=$("$xcount" count queens --n 11 --symmetry reduce --split-depth 3 --checkpoint "$dir/reduced.journal" --node-limit 2000 --json 2>/dev/null)
    status=$?
    [ $status = 3 ] && continue
    [ $status = 0 ] || fail "reduced slices: exit $status: $sliced"
    break
done
[ $runs -ge 3 ] || fail "reduced slices: done in $runs runs"
for key in solutions updates nodes distinct; do
    [ "$(field "$whole" $key)" = "$(field "$merged" $key)" ] || fail "reduced $key: single $(field "$whole" $key), merged $(field "$merged" $key)"
    [ "$(field "$whole" $key)" = "$(field "$sliced" $key)" ] || fail "reduced $key: single $(field "$whole" $key), sliced $(field "$sliced" $key)"
done
[ "$(field "$whole" distinct)" = 341 ] || fail "11 queens reduced: distinct $(field "$whole" distinct), not 341 (OEIS A002562)"
echo "11 queens reduced: 3 shards and $runs slices give the single run's $(field "$whole" solutions) solutions, $(field "$whole" nodes) nodes and 341 distinct"

# The scan engine's tree (count's default on a narrow board) shards alike.
tiling="polyomino --pieces $(dirname "$0")/../../problems/pieces/pentominoes.txt --board 4x15"
whole=$("$xcount" count $tiling --split-depth 3 --json) || fail "single run of 4x15"
grep -q '"engine": "scan"' <<<"$whole" || fail "4x15 did not run on the scan engine: $whole"
for i in 0 1 2; do
    "$xcount" count $tiling --split-depth 3 --shard $i/3 --out "$dir/tiling$i.txt" --threads $((i + 1)) > /dev/null || fail "4x15 shard $i"
done
# 1,472 tilings, 368 up to symmetry: Polyform Puzzler (D. Goodger), puzzles/pentominoes.py (Pentominoes4x15)
merged=$("$xcount" merge "$dir"/tiling*.txt --json --expect 1472 --expect-distinct 368) || fail "4x15 merge: $merged"
for key in solutions updates nodes distinct; do
    [ "$(field "$whole" $key)" = "$(field "$merged" $key)" ] || fail "4x15 $key: single $(field "$whole" $key), merged $(field "$merged" $key)"
done
echo "4x15 on the scan engine: 3 shards merge to the single run's figures"

# Shards with the automatic depth agree whatever their thread counts.
"$xcount" count queens --n 11 --shard 0/2 --out "$dir/auto0.txt" --threads 1 > /dev/null || fail "auto shard 0"
"$xcount" count queens --n 11 --shard 1/2 --out "$dir/auto1.txt" --threads 3 > /dev/null || fail "auto shard 1"
"$xcount" merge "$dir/auto0.txt" "$dir/auto1.txt" --expect 2680 > /dev/null || fail "automatic-depth shards do not merge"

refused() {  # refused PATTERN FILES...: merge must exit 2 with a line matching PATTERN
    pattern=$1; shift
    out=$("$xcount" merge "$@" 2>&1); status=$?
    [ $status -eq 2 ] || fail "merge $*: exit $status, not 2: $out"
    printf '%s' "$out" | grep -Eq -- "$pattern" || fail "merge $*: '$out' does not match /$pattern/"
}
refused "shard 2/3 is missing" "$dir/part0.txt" "$dir/part1.txt"
refused "part1.txt: shard 1 given twice" "$dir/part0.txt" "$dir/part1.txt" "$dir/part1.txt" "$dir/part2.txt"
"$xcount" count queens --n 10 --split-depth 3 --shard 1/3 --out "$dir/foreign.txt" > /dev/null
refused "foreign.txt: a shard of another run" "$dir/part0.txt" "$dir/foreign.txt" "$dir/part2.txt"
"$xcount" count queens --n 11 --split-depth 3 --shard 1/4 --out "$dir/four.txt" > /dev/null
refused "four.txt: a shard of 4, not of 3" "$dir/part0.txt" "$dir/four.txt" "$dir/part2.txt"
sed 's/^solutions \([0-9]\)/solutions 9\1/' "$dir/part1.txt" > "$dir/edited.txt"
refused "edited.txt: damaged or edited shard file" "$dir/part0.txt" "$dir/edited.txt" "$dir/part2.txt"
head -c 100 "$dir/part1.txt" > "$dir/truncated.txt"
refused "truncated.txt: damaged or edited shard file" "$dir/part0.txt" "$dir/truncated.txt" "$dir/part2.txt"
refused "nope.txt: cannot open the shard file" "$dir/part0.txt" "$dir/nope.txt"
refused "merge: no shard files given"
echo "merge refuses missing, duplicate, foreign, edited and truncated shards"
