#!/bin/sh
# tests/cli/kill_resume.sh XCOUNT: the checkpoint survives kill -9 at any moment.
# Counts 15 queens on one thread with a journal, kills it with SIGKILL at several moments,
# resumes each time, and requires the published total (OEIS A000170: 2279184) and the same
# update count as an uninterrupted run. Then a SIGINT stops it cleanly with exit status 3.
set -u
xcount=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
journal=$dir/q15.journal
run() { "$xcount" count queens --n 15 --threads 1 --split-depth 3 --checkpoint "$journal" "$@"; }

field() { printf '%s' "$1" | grep -o "\"$2\": [0-9.]*" | head -n 1 | cut -d' ' -f2; }  # first match
reference=$("$xcount" count queens --n 15 --threads 1 --split-depth 3 --json) || exit 1
ref_updates=$(field "$reference" updates)
ref_seconds=$(field "$reference" seconds)
subproblems=$(field "$reference" subproblems)

# Kill moments: once the journal has grown by a few more lines (waiting on the journal, not
# on the clock, so that a loaded machine cannot make a kill land before any work or after the
# end), plus a random fraction of a subproblem's time; the final run then has both resumed
# and fresh work.
journaled() { [ -f "$journal" ] && echo $(($(wc -l < "$journal") - 1)) || echo 0; }
for grow in 3 7 2 11 5; do
    before=$(journaled)
    # Started directly (not through the shell function), so that $! is xcount itself.
    "$xcount" count queens --n 15 --threads 1 --split-depth 3 --checkpoint "$journal" > /dev/null 2>&1 &
    pid=$!
    while [ "$(journaled)" -lt $((before + grow)) ] && kill -0 "$pid" 2>/dev/null; do sleep 0.01; done
    sleep "$(awk "BEGIN { srand(); printf \"%.3f\", rand() * $ref_seconds / $subproblems }")"
    kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    echo "killed with $(journaled) subproblems journaled"
done

result=$(run --json --expect 2279184) || { echo "resumed run failed: $result"; exit 1; }
echo "$result"
case $result in *'"solutions": 2279184'*) ;; *) echo "wrong total"; exit 1 ;; esac
resumed=$(field "$result" resumed)
[ "$resumed" -gt 0 ] && [ "$resumed" -lt "$subproblems" ] || { echo "the kills did not land mid-run ($resumed of $subproblems resumed)"; exit 1; }
updates=$(field "$result" updates)
[ "$updates" = "$ref_updates" ] || { echo "updates $updates differ from the uninterrupted run's $ref_updates"; exit 1; }

rm -f "$journal"
"$xcount" count queens --n 15 --threads 1 --split-depth 3 --checkpoint "$journal" > "$dir/out" 2> "$dir/err" &
pid=$!
while [ "$(journaled)" -lt 2 ] && kill -0 "$pid" 2>/dev/null; do sleep 0.01; done  # running, its handlers installed
kill -INT "$pid"
wait "$pid"
status=$?
[ "$status" -eq 3 ] || { echo "SIGINT: expected exit status 3, got $status"; cat "$dir/err"; exit 1; }
grep -q "stopped by signal 2" "$dir/err" || { echo "SIGINT: no message"; cat "$dir/err"; exit 1; }
grep -q "stopped early: not the total" "$dir/out" || { echo "SIGINT: output not labelled partial"; exit 1; }
run --expect 2279184 > /dev/null || { echo "resume after SIGINT failed"; exit 1; }

# One stop delivered twice in a moment (timeout(1), Slurm and Ctrl-C signal the process group as
# well as the process): still a clean stop, not a kill.
rm -f "$journal"
"$xcount" count queens --n 15 --threads 1 --split-depth 3 --checkpoint "$journal" > "$dir/out" 2> "$dir/err" &
pid=$!
while [ "$(journaled)" -lt 2 ] && kill -0 "$pid" 2>/dev/null; do sleep 0.01; done
kill -TERM "$pid"
sleep 0.02
kill -TERM "$pid" 2>/dev/null
wait "$pid"
status=$?
[ "$status" -eq 3 ] || { echo "SIGTERM twice: expected exit status 3, got $status"; cat "$dir/err"; exit 1; }
grep -q "stopped by signal 15" "$dir/err" || { echo "SIGTERM twice: no message"; cat "$dir/err"; exit 1; }
run --expect 2279184 > /dev/null || { echo "resume after SIGTERM twice failed"; exit 1; }
echo "kill -9, SIGINT and a doubled SIGTERM: resumed to the published total"
