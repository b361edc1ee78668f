#!/bin/bash
# tests/cli/stream_all.sh XCOUNT: solve --all on the count's machinery. The 6x10 pentomino
# tilings (9,356; 2,339 up to symmetry: Polyform Puzzler, OEIS A000105's companion counts in the
# job file) streamed serially, on 2 threads, at other depths, in 3 shards, killed (-9 and SIGINT)
# and resumed from a journal: every way writes the same set of lines, each exactly once;
# --distinct writes 2,339, one per orbit of the rectangle's group of 4.
set -u
xcount=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
board=(polyomino --pieces pentominoes --board 6x10)
solve() { "$xcount" solve "${board[@]}" --all "$@"; }
# same_set FILE: FILE holds the serial stream's lines, each once.
same_set() {
    [ "$(wc -l < "$1")" = 9356 ] || fail "$2: $(wc -l < "$1") lines, not 9356"
    sort "$1" | cmp -s - "$dir/serial.sorted" || fail "$2: not the serial stream's lines, each once"
}

solve > "$dir/serial" 2> "$dir/serial.err" || fail "the serial stream"
sort "$dir/serial" > "$dir/serial.sorted"
[ "$(sort -u "$dir/serial" | wc -l)" = 9356 ] || fail "the serial stream repeats a line"
solve --threads 2 > "$dir/two" 2> "$dir/two.err" || fail "2 threads"
same_set "$dir/two" "2 threads"
grep -qx "xcount: 9356 solutions (all of them)" "$dir/two.err" || fail "2 threads' tally: $(cat "$dir/two.err")"
for depth in 0 2 5; do
    solve --threads 2 --split-depth $depth --out "$dir/depth$depth" 2> /dev/null || fail "depth $depth"
    same_set "$dir/depth$depth" "depth $depth"
done
echo "serial, 2 threads, depths 0, 2 and 5: the same 9356 lines"

for i in 0 1 2; do solve --threads 2 --shard $i/3 --out "$dir/shard$i" 2> /dev/null || fail "shard $i/3"; done
cat "$dir"/shard[0-2] > "$dir/shards"
same_set "$dir/shards" "3 shards"
echo "3 shards: the same lines between them, each once"

# Killed part way with -9, then with SIGINT, and resumed each time: each line exactly once.
# (xcount itself in the background, not a function's subshell, so that the signal reaches it.)
"$xcount" solve "${board[@]}" --all --threads 1 --split-depth 4 --checkpoint "$dir/j" --out "$dir/resumed" 2> /dev/null &
job=$!
for ((k = 0; k < 400; ++k)); do grep -q ' out=' "$dir/j" 2> /dev/null && break; sleep 0.025; done  # a subproblem written
kill -9 $job
wait $job 2> /dev/null
journaled=$(grep -c ' out=' "$dir/j")
[ "$journaled" -gt 0 ] && [ "$(wc -l < "$dir/resumed")" -lt 9356 ] || fail "kill -9 came too late or too soon: $journaled journaled"
"$xcount" solve "${board[@]}" --all --threads 2 --split-depth 4 --checkpoint "$dir/j" --out "$dir/resumed" 2> /dev/null &
job=$!
sleep 0.2
kill -INT $job
wait $job
status=$?
[ $status = 3 ] || [ $status = 0 ] || fail "stopped by SIGINT: exit $status"
solve --threads 2 --checkpoint "$dir/j" --out "$dir/resumed" 2> "$dir/resumed.err" || fail "resumed: $(cat "$dir/resumed.err")"
same_set "$dir/resumed" "killed, stopped and resumed"
grep -qx "xcount: 9356 solutions, in $dir/resumed (all of them)" "$dir/resumed.err" || fail "resumed tally: $(cat "$dir/resumed.err")"
solve --threads 2 --checkpoint "$dir/j" --out "$dir/resumed" 2> /dev/null || fail "run again once done"
same_set "$dir/resumed" "run again once done"
echo "killed with -9, stopped by SIGINT, resumed twice: 9356 lines, each once"

# A file cut shorter than its journal says, and --checkpoint without --out, are refused.
head -c 100 "$dir/resumed" > "$dir/short" && cp "$dir/j" "$dir/j2"
out=$(solve --checkpoint "$dir/j2" --out "$dir/short" 2>&1)
[ $? = 2 ] && grep -q "$dir/short: holds 100 bytes, but the journal says [0-9]* were written" <<<"$out" || fail "a short file: $out"
out=$(solve --checkpoint "$dir/j3" 2>&1)
[ $? = 2 ] && grep -qx "xcount: --all --checkpoint needs --out FILE: a resumed run cuts the file back to the solutions its journal holds" \
  <<<"$out" || fail "--checkpoint without --out: $out"
echo "a file shorter than its journal, and --checkpoint without --out: refused"

solve --threads 2 --distinct --out "$dir/distinct" 2> "$dir/distinct.err" || fail "--distinct"
[ "$(sort -u "$dir/distinct" | wc -l)" = 2339 ] && [ "$(wc -l < "$dir/distinct")" = 2339 ] || fail "--distinct: $(wc -l < "$dir/distinct") lines"
[ -z "$(sort "$dir/distinct" | comm -23 - "$dir/serial.sorted")" ] || fail "--distinct wrote a line the full stream lacks"
grep -qx "xcount: 2339 solutions, one per orbit of the group of 4, in $dir/distinct (all of them)" "$dir/distinct.err" ||
  fail "--distinct's tally: $(cat "$dir/distinct.err")"
solve --threads 1 --split-depth 3 --distinct > "$dir/distinct1" 2> /dev/null || fail "--distinct on one thread"
sort "$dir/distinct" | cmp -s - <(sort "$dir/distinct1") || fail "--distinct differs between 1 and 2 threads"
echo "--distinct: 2339 lines, one per orbit, the same on 1 and 2 threads"
