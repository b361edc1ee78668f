#!/bin/bash
# tests/cli/memo_paths.sh XCOUNT BOARD TOTAL: the domino tilings of BOARD, a published count
# past 2^64 or 2^128 (14x14: 112202208776036178000000, OEIS A004003 a(7); 28x14:
# 99323759360556656337166635121447749135517599089, OEIS A340535 a(14)), counted by the memo
# engine, keep every digit through every path: text and JSON, a journal written and resumed, a
# journal stopped part way and carried on, shard files and their merge, and the count up to
# symmetry (an integer, the same on every path that counts Fix(g): shards do not).
set -u
xcount=$(realpath "$1")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
total=$3
board=(polyomino --pieces domino --board "$2" --copies any --engine memo)

out=$("$xcount" count "${board[@]}" --threads 2) || fail "count: $out"
grep -q "^solutions: $total$" <<<"$out" || fail "text: $out"
distinct=$(grep -o "^distinct: [0-9]* (up to symmetry" <<<"$out" | cut -d' ' -f2)
[ -n "$distinct" ] || fail "no count up to symmetry: $out"
json=$("$xcount" count "${board[@]}" --threads 2 --json) || fail "json: $json"
grep -q "\"solutions\": $total," <<<"$json" || fail "JSON: $json"
grep -q "\"distinct\": $distinct" <<<"$json" || fail "JSON's count up to symmetry, not $distinct: $json"
echo "text and JSON: $total"

# A journal: written whole, then every subproblem resumed from it.
"$xcount" count "${board[@]}" --threads 2 --checkpoint "$dir/j" --expect $total > /dev/null || fail "journaled run"
out=$("$xcount" count "${board[@]}" --threads 2 --checkpoint "$dir/j" --expect $total) || fail "resumed run: $out"
grep -q "resumed from the checkpoint" <<<"$out" || fail "nothing resumed: $out"
# Stopped after a few nodes, then carried on: the partial subproblem's count goes through the journal.
"$xcount" count "${board[@]}" --threads 1 --split-depth 2 --checkpoint "$dir/k" --node-limit 30000 > /dev/null 2>&1
[ $? = 3 ] || fail "the node limit did not stop the run"
out=$("$xcount" count "${board[@]}" --threads 2 --split-depth 2 --checkpoint "$dir/k" --expect $total) || fail "carried on: $out"
grep -q "carried on" <<<"$out" || fail "nothing carried on: $out"
grep -q "^distinct: $distinct " <<<"$out" || fail "carried on, the count up to symmetry is not $distinct: $out"
echo "journal written, resumed and carried on: $total"

# Shards and their merge.
for k in 0 1 2; do
    "$xcount" count "${board[@]}" --threads 1 --shard $k/3 --out "$dir/s$k.json" > /dev/null || fail "shard $k"
done
out=$("$xcount" merge "$dir"/s*.json --expect $total) || fail "merge: $out"
grep -q "^solutions: $total$" <<<"$out" || fail "merged: $out"
echo "3 shards merged: $total"
