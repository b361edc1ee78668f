#!/bin/sh
# tests/cli/kill_resume.sh XCOUNT: the checkpoint survives kill -9 at any moment.
# Counts 14 queens on one thread with a journal, kills it with SIGKILL at several moments,
# resumes each time, and requires the published total (OEIS A000170: 365596) and the same
# update count as an uninterrupted run. Then a SIGINT stops it cleanly with exit status 3.
set -u
xcount=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
journal=$dir/q14.journal
run() { "$xcount" count queens --n 14 --threads 1 --split-depth 3 --checkpoint "$journal" "$@"; }

field() { printf '%s' "$1" | grep -o "\"$2\": [0-9.]*" | head -n 1 | cut -d' ' -f2; }  # first match
reference=$("$xcount" count queens --n 14 --threads 1 --split-depth 3 --json) || exit 1
ref_updates=$(field "$reference" updates)
ref_seconds=$(field "$reference" seconds)
subproblems=$(field "$reference" subproblems)

# Kill moments as fractions of an uninterrupted run: together 75% of it, so that the final
# run has both resumed and fresh work.
for fraction in 0.15 0.1 0.2 0.05 0.25; do
    delay=$(awk "BEGIN { printf \"%.3f\", $ref_seconds * $fraction }")
    # Started directly (not through the shell function), so that $! is xcount itself.
    "$xcount" count queens --n 14 --threads 1 --split-depth 3 --checkpoint "$journal" > /dev/null 2>&1 &
    pid=$!
    sleep "$delay"
    kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    lines=$(($(wc -l < "$journal") - 1))
    echo "killed after ${delay}s with $lines subproblems journaled"
done

result=$(run --json --expect 365596) || { echo "resumed run failed: $result"; exit 1; }
echo "$result"
case $result in *'"solutions": 365596'*) ;; *) echo "wrong total"; exit 1 ;; esac
resumed=$(field "$result" resumed)
[ "$resumed" -gt 0 ] && [ "$resumed" -lt "$subproblems" ] || { echo "the kills did not land mid-run ($resumed of $subproblems resumed)"; exit 1; }
updates=$(field "$result" updates)
[ "$updates" = "$ref_updates" ] || { echo "updates $updates differ from the uninterrupted run's $ref_updates"; exit 1; }

rm -f "$journal"
"$xcount" count queens --n 14 --threads 1 --split-depth 3 --checkpoint "$journal" > "$dir/out" 2> "$dir/err" &
pid=$!
sleep "$(awk "BEGIN { printf \"%.3f\", $ref_seconds * 0.3 }")"
kill -INT "$pid"
wait "$pid"
status=$?
[ "$status" -eq 3 ] || { echo "SIGINT: expected exit status 3, got $status"; cat "$dir/err"; exit 1; }
grep -q "stopped by signal 2" "$dir/err" || { echo "SIGINT: no message"; cat "$dir/err"; exit 1; }
grep -q "stopped early: not the total" "$dir/out" || { echo "SIGINT: output not labelled partial"; exit 1; }
run --expect 365596 > /dev/null || { echo "resume after SIGINT failed"; exit 1; }
echo "kill -9 and SIGINT: resumed to the published total"
