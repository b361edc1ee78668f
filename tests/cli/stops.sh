#!/bin/bash
# tests/cli/stops.sh XCOUNT: a stop is heard in every phase of a run, within a second, and ends
# it with exit 3 and a line that says where it stopped (never a hang, a crash or a total):
# reading the problem (standard input that never ends), building it (a 200x200 board), planning
# the split (the probes behind the automatic depth), ordering the subproblems (the probes
# behind the schedule), counting, and estimating; each by SIGTERM, and the ones a --time-limit
# reaches by that too.
set -u
xcount=$(realpath "$1")
dir=$(mktemp -d)
writer=""
trap '[ -n "$writer" ] && kill $writer 2>/dev/null; rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
now() { date +%s%N; }

# stopped NAME PATTERN SECONDS COMMAND...: runs COMMAND, sends SIGTERM after SECONDS (0: none:
# a --time-limit in COMMAND stops it), and expects exit 3 within a second of the stop, with
# PATTERN on stderr (""; nothing asked). Standard input is $dir/in when it exists.
stopped() {
    local name=$1 pattern=$2 after=$3
    shift 3
    local input=/dev/null
    [ -e "$dir/in" ] && input="$dir/in"
    "$@" < "$input" > "$dir/out" 2> "$dir/err" &
    local pid=$! start
    start=$(now)
    if [ "$after" != 0 ]; then
        sleep "$after"
        kill -0 $pid 2>/dev/null || fail "$name: ended before the signal: $(cat "$dir/err")"
        start=$(now)
        kill -TERM $pid
    fi
    local waited=0
    while kill -0 $pid 2>/dev/null; do
        sleep 0.05
        waited=$((waited + 1))
        [ $waited -le 600 ] || { kill -9 $pid; fail "$name: still running 30 s after the stop"; }
    done
    wait $pid
    local status=$? took=$((($(now) - start) / 1000000))
    [ $status = 3 ] || fail "$name: exit $status, not 3: $(cat "$dir/err")"
    [ -z "$pattern" ] || grep -Eq "$pattern" "$dir/err" || fail "$name: stderr does not say /$pattern/: $(cat "$dir/err")"
    if [ "$after" != 0 ]; then
        [ $took -le 1000 ] || fail "$name: took $took ms after the signal"
        echo "$name: exit 3, $took ms after SIGTERM"
    else
        echo "$name: exit 3 at the time limit, $took ms after the start"
    fi
}

# Reading: standard input that stays open (a writer that never finishes).
mkfifo "$dir/in"
(printf 'A B\nA\n' && sleep 60) > "$dir/in" &
writer=$!
stopped "reading standard input" "^xcount: stopped by signal 15 while reading and building the problem: nothing was counted$" 0.5 \
    "$xcount" count -
kill $writer 2>/dev/null
writer=""
rm -f "$dir/in"

build=(polyomino --pieces tetrominoes --copies any --board 200x200 --split-depth 0 --node-limit 1)
stopped "building a 200x200 board" "^xcount: stopped by signal 15 while reading and building the problem: nothing was counted$" 0.5 \
    "$xcount" count "${build[@]}"
stopped "building, --time-limit 0.3" "^xcount: stopped at --time-limit while reading and building the problem: nothing was counted$" 0 \
    "$xcount" count "${build[@]}" --time-limit 0.3

plan="^xcount: stopped by signal 15 while planning the split \([0-9.]+ s\): nothing was counted$"
# (A tree that cannot be counted is not probed for a balanced split: a deep fixed split is what
# keeps planning 16x16 sudoku busy.)
stopped "planning 16x16 sudoku at depth 7" "$plan" 1 "$xcount" count sudoku --box 4x4 --split-depth 7
stopped "planning 20x20 Latin squares at depth 6" "$plan" 1 "$xcount" count latin --n 20 --split-depth 6
stopped "planning 1000 queens under --node-limit" "$plan" 1 "$xcount" count queens --n 1000 --node-limit 100000
stopped "planning domino tilings of 30x30 at depth 20" "$plan" 1 "$xcount" count polyomino --pieces domino --board 30x30 --copies any --engine dlx --split-depth 20
# Counting by layers (auto's engine there): a stop between two states of a layer.
stopped "counting 30x30 dominoes by layers" "^xcount: stopped by signal 15: 0 of 1 subproblems done" 1 \
    "$xcount" count polyomino --pieces domino --board 30x30 --copies any
stopped "planning, --time-limit 1" "^xcount: stopped at --time-limit while planning the split \([0-9.]+ s\): nothing was counted, and a run with the same limit stops here again" 0 \
    "$xcount" count sudoku --box 4x4 --split-depth 7 --time-limit 1
grep -q "^solutions: 0 (stopped early: not the total)$" "$dir/out" || fail "planning, --time-limit 1: $(cat "$dir/out")"

# The signal comes at 2 s: planning 400 queens takes up to a second on a loaded machine, then
# the outlook's probes (a tree that cannot be counted is not ordered).
stopped "the outlook of 400 queens" "^xcount: stopped by signal 15: 0 of 400 subproblems done" 2 \
    "$xcount" count queens --n 400 --split-depth 1 --time-limit 100
# (On a loaded machine the planning itself may reach the limit.)
stopped "the outlook, --time-limit 1.5" "^xcount: stopped at --time-limit(: 0 of 400 subproblems done| while planning the split)" 0 \
    "$xcount" count queens --n 400 --split-depth 1 --time-limit 1.5
stopped "counting 16 queens" "^xcount: stopped by signal 15: 0 of 1 subproblems done; run again with the same --checkpoint to resume$" 1 \
    "$xcount" count queens --n 16 --split-depth 0 --threads 1 --checkpoint "$dir/q16.j"

stopped "estimating 1000 queens" "" 1 "$xcount" estimate queens --n 1000 --probes 100000
grep -Eq "^probes: [0-9]+ of 100000 \(stopped by a signal after [0-9.]+ s: the estimate is of these\)$" "$dir/out" ||
    fail "estimating: $(cat "$dir/out")"
echo "stops: ok"
