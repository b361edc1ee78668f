#!/bin/sh
# tests/cli/limits.sh XCOUNT: --node-limit and --time-limit stop a count with a result that is
# labelled partial everywhere (text, JSON "complete": false, exit status 3), and with a
# checkpoint the next run goes on from there: rounds of limited runs reach the published total.
set -u
xcount=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

out=$("$xcount" count queens --n 12 --node-limit 30000 2>"$dir/err"); status=$?
[ $status -eq 3 ] || { echo "--node-limit: exit $status, expected 3"; exit 1; }
echo "$out" | grep -q "(stopped early: not the total)" || { echo "--node-limit: text not labelled partial"; exit 1; }
grep -q "stopped at --node-limit" "$dir/err" || { echo "--node-limit: no message"; exit 1; }
# Without a journal the work inside unfinished subproblems is dropped: the message says so, and how to keep it.
grep -q "not in the figures (with --checkpoint FILE it is kept" "$dir/err" || { echo "--node-limit: no word of --checkpoint"; cat "$dir/err"; exit 1; }
json=$("$xcount" count queens --n 12 --node-limit 30000 --json 2>/dev/null)
echo "$json" | grep -q '"complete": false' || { echo "--node-limit --json: not complete: false"; exit 1; }
echo "$json" | grep -q '"distinct"' && { echo "--node-limit --json: a partial run reports no distinct count"; exit 1; }

out=$("$xcount" count queens --n 15 --time-limit 0.2 2>"$dir/err"); status=$?
[ $status -eq 3 ] || { echo "--time-limit: exit $status, expected 3"; exit 1; }
grep -q "stopped at --time-limit" "$dir/err" || { echo "--time-limit: no message"; exit 1; }

rounds=0
while :; do
    rounds=$((rounds + 1))
    "$xcount" count queens --n 12 --node-limit 40000 --checkpoint "$dir/q12.journal" --expect 14200 > "$dir/out" 2>/dev/null
    status=$?
    [ $status -eq 3 ] || break
    [ $rounds -lt 100 ] || { echo "no progress after 100 rounds"; exit 1; }
done
[ $status -eq 0 ] || { echo "final round: exit $status"; cat "$dir/out"; exit 1; }
[ $rounds -gt 2 ] || { echo "only $rounds rounds: the limit did not stop anything"; exit 1; }
echo "14200 reached in $rounds rounds of --node-limit 40000 with a checkpoint"
