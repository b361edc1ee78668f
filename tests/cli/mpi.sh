#!/bin/bash
# tests/cli/mpi.sh XCOUNT: the MPI master/worker runner under mpirun -np 3.
#
# The distributed count equals the single-process one (solutions, updates, nodes, Fix(g)),
# and a run stopped with SIGTERM (what Slurm sends at the time limit) resumes from rank 0's
# journal to the published total. Exits 77 (skipped) without mpirun or an MPI build.
set -u
xcount=$1
command -v mpirun > /dev/null || { echo "mpirun is not installed: skipped"; exit 77; }
"$xcount" count queens --n 4 --mpi 2>&1 | grep -q "built without MPI" && { echo "xcount built without MPI: skipped"; exit 77; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
. "$(dirname "$0")/processes.sh"
field() { printf '%s' "$1" | grep -o "\"$2\": [0-9]*" | head -n 1 | cut -d' ' -f2; }
# OpenMPI binds ranks to cores; on a 2-core machine they must share.
mpi_np() { local np=$1; shift; mpirun --allow-run-as-root --oversubscribe --bind-to none -np "$np" "$xcount" "$@"; }
mpi() { mpi_np 3 "$@"; }

pieces=$(dirname "$0")/../../problems/pieces
# 4x15 runs on the scan engine (count's default for a narrow board); queens on it by request;
# a matrix with colours on the dancer; queens reduced by the whole group, Fix(g) found below
# the representatives.
models=("queens --n 13" "langford --n 11" "polyomino --pieces $pieces/pentominoes.txt --board 4x15" "queens --n 12 --engine scan"
        "$(dirname "$0")/../data/good/colours-dlx2.dlx" "queens --n 12 --symmetry reduce")
for model in "${models[@]}"; do
    single=$("$xcount" count $model --split-depth 3 --json) || fail "single run of $model"
    [[ $model != *reduce* || $(field "$single" distinct) = 1787 ]] || fail "$model: distinct $(field "$single" distinct), not 1787 (OEIS A002562)"
    for np in 2 3; do
        ranks=$(mpi_np $np count $model --split-depth 3 --json --mpi --threads 1) || fail "mpirun -np $np $model: $ranks"
        for key in solutions updates nodes distinct; do
            [ "$(field "$single" $key)" = "$(field "$ranks" $key)" ] || fail "$model, $np ranks, $key: single $(field "$single" $key), MPI $(field "$ranks" $key)"
        done
    done
    echo "$model: 2 and 3 ranks give $(field "$single" solutions) solutions, $(field "$single" updates) updates, as one process"
done

# A job file's `mpi = true` runs the job over the ranks as --mpi does (the MPI build takes it).
printf 'problem = queens\nn = 11\nexpect = 2680\nsource = OEIS A000170\nmpi = true\n' > "$dir/queens-mpi.ini"
job_out=$(mpi_np 2 run "$dir/queens-mpi.ini" --threads 1 --json) || fail "mpirun -np 2 run a job with mpi = true: $job_out"
[ "$(field "$job_out" solutions)" = 2680 ] || fail "the mpi = true job counted $(field "$job_out" solutions), not 2680"
printf '%s' "$job_out" | grep -q '"ranks": 2' || fail "the mpi = true job did not run over 2 ranks: $job_out"
echo "a job with mpi = true runs over the ranks"

# The memo engine: each rank keeps its table from chunk to chunk; nodes depend on what it held,
# the total and Fix(g) (counted by rank 0) do not. Domino tilings past 2^64 (14x14, OEIS
# A004003 a(7)) and past 2^128 (28x14, OEIS A340535 a(14)) travel between the ranks whole.
for case in 14x14=112202208776036178000000 28x14=99323759360556656337166635121447749135517599089; do
    board=${case%=*} total=${case#*=}
    single=$("$xcount" count polyomino --pieces $pieces/domino.txt --board $board --copies any --json) || fail "single memo run"
    [ "$(field "$single" solutions)" = $total ] || fail "memo $board: $(field "$single" solutions)"
    for np in 2 3; do
        ranks=$(mpi_np $np count polyomino --pieces $pieces/domino.txt --board $board --copies any --json --mpi --threads 1) ||
            fail "mpirun -np $np memo: $ranks"
        for key in solutions distinct; do
            [ "$(field "$single" $key)" = "$(field "$ranks" $key)" ] || fail "memo $board, $np ranks, $key: single $(field "$single" $key), MPI $(field "$ranks" $key)"
        done
    done
    echo "dominoes on $board by the memo engine: 2 and 3 ranks give $total, and the same count up to symmetry"
done

# The frontier engine: the ranks share every layer of the one subproblem (each owns the states
# its hash gives it); 1, 2 and 3 ranks, on 1 and 2 threads each, give the published count past
# 2^128 (18x18, OEIS A004003 a(9)) and move the same states, and the report gives the largest
# rank's share of them.
total=548943583215388338077567813208427340288
nodes=
for np in 1 2 3; do
    for threads in 1 2; do
        ranks=$(mpi_np $np count polyomino --pieces $pieces/domino.txt --board 18x18 --copies any --symmetry none --engine frontier \
            --json --mpi --threads $threads) || fail "mpirun -np $np frontier: $ranks"
        [ "$(field "$ranks" solutions)" = $total ] || fail "frontier, $np ranks: $(field "$ranks" solutions)"
        [ "$(field "$ranks" subproblems)" = 1 ] || fail "frontier, $np ranks: $(field "$ranks" subproblems) subproblems, not 1 shared"
        [ -n "$nodes" ] || nodes=$(field "$ranks" nodes)
        [ "$(field "$ranks" nodes)" = "$nodes" ] || fail "frontier, $np ranks, $threads threads: $(field "$ranks" nodes) states moved, not $nodes"
        share=$(field "$ranks" largest_rank_nodes)
        if [ $np -gt 1 ]; then
            [ -n "$share" ] && [ "$share" -lt "$nodes" ] && [ "$((share * np))" -ge "$nodes" ] || fail "frontier, $np ranks: largest share $share of $nodes"
        fi
    done
done
text=$(mpi_np 2 count polyomino --pieces $pieces/domino.txt --board 18x18 --copies any --symmetry none --engine frontier --mpi --threads 1)
grep -Eq "^layers shared by 2 ranks: the most states one moved, [0-9]+, is [0-9.]+% of the $nodes moved" <<<"$text" || fail "no share line: $text"
echo "dominoes on 18x18 by layers shared by 1, 2 and 3 ranks (1 and 2 threads each): $total, $nodes states moved"

# Standard input reaches rank 0 alone: refused on every rank with the reason, not read as an
# empty matrix by the others.
"$xcount" export queens --n 6 --out "$dir/q6.dlx" || fail "export 6 queens"
stdin_run=$(mpi_np 2 count - --mpi < "$dir/q6.dlx" 2>&1)
status=$?
[ $status = 2 ] || fail "stdin under --mpi: exit $status: $stdin_run"
grep -q "^xcount: standard input: under --mpi only rank 0 can read it" <<<"$stdin_run" || fail "stdin under --mpi: $stdin_run"
echo "stdin under --mpi: refused with exit 2 and the reason"

journal=$dir/q16.journal
mpi count queens --n 16 --split-depth 3 --mpi --threads 1 --checkpoint "$journal" > "$dir/first.out" 2>&1 &
job=$!
pids=
for _ in $(seq 400); do  # until mpirun runs and rank 0 has journaled two subproblems (its handlers are in)
    pids=$(descendants mpirun $job)
    [ -n "$pids" ] && [ -f "$journal" ] && [ "$(wc -l < "$journal")" -ge 3 ] && break
    sleep 0.025
done
[ -n "$pids" ] || fail "mpirun did not start within 10 s"
kill -TERM $pids
wait
done_lines=$(($(wc -l < "$journal") - 1))
echo "stopped with SIGTERM after $done_lines subproblems journaled"
result=$(mpi count queens --n 16 --split-depth 3 --mpi --threads 1 --checkpoint "$journal" --json --expect 14772512 --expect-distinct 1846955) ||
    fail "resumed run: $result"
resumed=$(field "$result" resumed)
subproblems=$(field "$result" subproblems)
[ "$resumed" -gt 0 ] || fail "nothing was resumed: $(cat "$dir/first.out")"
[ "$resumed" -lt "$subproblems" ] || fail "the SIGTERM did not land mid-run: all $subproblems subproblems were done before it"
echo "resumed $resumed of $subproblems subproblems from rank 0's journal; total 14772512, 1846955 up to symmetry (OEIS A000170, A002562)"
