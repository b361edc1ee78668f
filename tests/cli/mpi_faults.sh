#!/bin/bash
# tests/cli/mpi_faults.sh XCOUNT: faults under mpirun -np 3 end in the exact total or a clear
# refusal with exit 2, never a wrong total, a hang or a damaged journal: limits, ranks in
# different folders (a journal only rank 0 sees), a rank that cannot read the problem or reads
# another, a journal rank 0 cannot open, kill -9 of a rank, SIGTERM to every rank, and both
# again while the ranks share the layers of a count by layers.
# Exits 77 (skipped) without mpirun or an MPI build.
set -u
xcount=$(realpath "$1")
# The ranks' program: xcount hands a --mpi run over to xcount-mpi beside it, where the build has one.
rank_program=$xcount
[ -x "$(dirname "$xcount")/xcount-mpi" ] && rank_program=$(dirname "$xcount")/xcount-mpi
command -v mpirun > /dev/null || { echo "mpirun is not installed: skipped"; exit 77; }
"$xcount" count queens --n 4 --mpi 2>&1 | grep -q "built without MPI" && { echo "xcount built without MPI: skipped"; exit 77; }
dir=$(mktemp -d)
# A bystander: an xcount that is not this test's, waiting on its input. The signals sent to
# the ranks below must spare it, as they must spare a user's count on the same machine.
mkfifo "$dir/bystander-input"
"$xcount" count - < "$dir/bystander-input" > /dev/null 2>&1 &
bystander=$!
exec 3> "$dir/bystander-input"  # held open, never written: it waits
trap 'kill $bystander 2>/dev/null; exec 3>&-; rm -rf "$dir"' EXIT
mkdir "$dir/A" "$dir/B"
fail() { echo "FAIL: $*"; exit 1; }
. "$(dirname "$0")/processes.sh"
mpi_args=(--allow-run-as-root --oversubscribe --bind-to none)
mpi() { timeout 120 mpirun "${mpi_args[@]}" -np 3 "$xcount" "$@"; }
# Rank 0 in folder A, ranks 1 and 2 in folder B.
split_mpi() { timeout 120 mpirun "${mpi_args[@]}" -np 1 --wdir "$dir/A" "$xcount" "$@" : -np 2 --wdir "$dir/B" "$xcount" "$@"; }
run() { out=$("$@" 2>&1); status=$?; }
expect_status() { [ "$status" = "$1" ] || fail "$2: exit $status, not $1: $out"; }
expect_line() { grep -Eq -- "$1" <<<"$out" || fail "$2: no line /$1/ in: $out"; }
field() { grep -o "\"$2\": [0-9a-z]*" <<<"$1" | head -n 1 | cut -d' ' -f2; }

# 1. --node-limit over MPI: partial (exit 3), never a complete wrong total; and slices of a
#    few thousand nodes add up to the published total with the unsplit run's updates and nodes.
run mpi count queens --n 12 --mpi --node-limit 100 --split-depth 1 --symmetry none --json
expect_status 3 "--node-limit over MPI"
[ "$(field "$out" complete)" = false ] || fail "--node-limit over MPI said complete: $out"
single=$("$xcount" count queens --n 12 --split-depth 3 --json)
slices=0
while :; do
    slices=$((slices + 1))
    [ $slices -le 200 ] || fail "200 node-limit slices over MPI did not finish 12 queens"
    run mpi count queens --n 12 --mpi --threads 1 --split-depth 3 --node-limit 20000 --checkpoint "$dir/slices.j" --json
    [ "$status" = 3 ] && continue
    expect_status 0 "node-limit slices over MPI"
    break
done
for key in solutions updates nodes distinct; do
    [ "$(field "$out" $key)" = "$(field "$single" $key)" ] || fail "slices over MPI, $key: $(field "$out" $key), one run $(field "$single" $key)"
done
echo "--node-limit over MPI: partial, exit 3; $slices slices of 20000 nodes reach 14200 (OEIS A000170) with the one run's figures"

# 1b. --time-limit slices over MPI of 15 queens unsplit: the one subproblem stops part way,
#     rank 0 journals where, and the next run hands it out again from there.
rm -f "$dir/whole.j"
runs=0
while :; do
    runs=$((runs + 1))
    [ $runs -le 40 ] || fail "40 time-limit slices over MPI did not finish 15 queens unsplit"
    run mpi count queens --n 15 --split-depth 0 --mpi --threads 1 --time-limit 0.7 --checkpoint "$dir/whole.j" --json
    [ "$status" = 3 ] && continue
    expect_status 0 "time-limit slices over MPI"
    break
done
[ $runs -ge 2 ] || fail "time-limit slices over MPI: done in one run"
single=$("$xcount" count queens --n 15 --split-depth 0 --json)
for key in solutions updates nodes distinct; do
    [ "$(field "$out" $key)" = "$(field "$single" $key)" ] || fail "time-limit slices over MPI, $key: $(field "$out" $key), one run $(field "$single" $key)"
done
echo "--time-limit 0.7 slices over MPI of 15 queens unsplit: $runs runs, 2279184 (OEIS A000170) with the one run's updates and nodes"

# 2. A journal only rank 0 can see, made at depth 4 by a run stopped at a node limit, resumed
#    with the workers in another folder: the exact total, and the journal stays right.
(cd "$dir/A" && "$xcount" count queens --n 13 --split-depth 4 --node-limit 300000 --checkpoint q.j > /dev/null 2>&1)
[ "$(wc -l < "$dir/A/q.j")" -gt 1 ] || fail "no journal lines from the limited run"
run split_mpi count queens --n 13 --mpi --checkpoint q.j --expect 73712 --expect-distinct 9233
expect_status 0 "resume with the workers in another folder"
expect_line "^expected: 73712 \(ok\)$" "resume with the workers in another folder"
expect_line "split depth: 4, subproblems: [0-9]+ \([0-9]+ resumed" "resume with the workers in another folder"
[ ! -e "$dir/B/q.j" ] || fail "a worker created its own journal"
run "$xcount" count queens --n 13 --checkpoint "$dir/A/q.j" --expect 73712
expect_status 0 "a plain run on the journal afterwards"
echo "a journal only rank 0 sees (depth 4): resumed by ranks in two folders to 73712 (OEIS A000170), 9233 up to symmetry (A002562)"

# 3. Failures before the run reach every rank: exit 2, rank 0's one line, no hang.
run mpi count queens --n 10 --mpi --checkpoint /nonexistent/q.j
expect_status 2 "a journal rank 0 cannot open"
expect_line "^xcount: /nonexistent/q.j: cannot open the journal for writing: No such file or directory$" "a journal rank 0 cannot open"
run mpi count queens --n 12 --mpi --checkpoint "$dir/A/q.j"
expect_status 2 "a journal of another run"
expect_line "^xcount: $dir/A/q.j: this journal belongs to another run" "a journal of another run"
"$xcount" export queens --n 8 --out "$dir/A/q.dlx"
run split_mpi count q.dlx --mpi
expect_status 2 "a problem file the workers cannot see"
expect_line "^xcount: rank 1: 'q.dlx' is neither a model .* nor an existing DLX file$" "a problem file the workers cannot see"
"$xcount" export queens --n 9 --out "$dir/B/q.dlx"
run split_mpi count q.dlx --mpi
expect_status 2 "workers reading another problem"
expect_line "^xcount: rank 1: this rank split another problem \(fingerprint [0-9a-f]+ with [0-9]+ subproblems\) than rank 0" "another problem"
echo "an unopenable journal, a foreign journal, a file the workers cannot read, another file: exit 2 with the failing rank's message"

# 4. kill -9 of one rank: the job ends without a complete total; the journal resumes to the
#    published total of 16 queens (14,772,512, OEIS A000170).
# signal_ranks JOB SIGNAL WHICH: SIGNAL to the last rank the mpirun JOB started (WHICH = one)
# or to every rank (all), then its exit status in $status.
signal_ranks() {
    local job=$1 signal=$2 which=$3 ranks
    ranks=$(descendants "$(basename "$rank_program")" "$job")
    [ "$which" = all ] || ranks=$(tail -n 1 <<<"$ranks")
    [ -n "$ranks" ] || fail "no rank to signal"
    kill "-$signal" $ranks
    wait "$job"
    status=$?
}
# interrupted JOURNAL OUTPUT SIGNAL WHICH: 16 queens over 3 ranks, SIGNAL after 2.5 s.
interrupted() {
    local journal=$1 output=$2 signal=$3 which=$4
    mpi count queens --n 16 --split-depth 3 --mpi --threads 1 --checkpoint "$journal" > "$output" 2>&1 &
    local job=$!
    sleep 2.5
    signal_ranks $job "$signal" "$which"
}
interrupted "$dir/k.j" "$dir/killed.out" 9 one
killed_status=$status
[ "$killed_status" != 0 ] || fail "mpirun exited 0 after a rank was killed"
! grep -Eq "^solutions: [0-9]+$" "$dir/killed.out" || fail "a complete total after a rank was killed: $(cat "$dir/killed.out")"
held=$(($(wc -l < "$dir/k.j") - 1))
run mpi count queens --n 16 --split-depth 3 --mpi --threads 1 --checkpoint "$dir/k.j" --expect 14772512
expect_status 0 "resume after kill -9 of a rank"
expect_line "^expected: 14772512 \(ok\)$" "resume after kill -9 of a rank"
echo "kill -9 of a rank: mpirun exit $killed_status, no total; $held subproblems journaled, resumed to 14772512"

# 5. SIGTERM to every rank (what Slurm sends at the time limit): exit 3, the partial figures
#    labelled, and the journal resumes to the total.
interrupted "$dir/t.j" "$dir/term.out" TERM all
out=$(cat "$dir/term.out")
expect_status 3 "SIGTERM to every rank"
expect_line "^xcount: stopped by signal 15: [0-9]+ of 2091 subproblems done; run again with the same --checkpoint to resume$" "SIGTERM"
expect_line "^solutions: [0-9]+ \(stopped early: not the total\)$" "SIGTERM"
run mpi count queens --n 16 --split-depth 3 --mpi --threads 1 --checkpoint "$dir/t.j" --expect 14772512
expect_status 0 "resume after SIGTERM"
echo "SIGTERM to every rank: exit 3, partial labelled; resumed to 14772512"

# 6. --profile over MPI: the same levels as one process.
one=$("$xcount" count queens --n 11 --split-depth 2 --profile --json)
run mpi count queens --n 11 --split-depth 2 --profile --json --mpi
expect_status 0 "--profile over MPI"
[ "$(grep -o '"profile": \[.*\]' <<<"$one")" = "$(grep -o '"profile": \[.*\]' <<<"$out")" ] || fail "--profile over MPI differs: $out"
echo "--profile over MPI: the same per-level figures as one process"
# 7. A count by layers that the 3 ranks share (each owns a third of every layer and saves it
#    beside the journal): SIGTERM to every rank stops it with exit 3, every rank having saved
#    the same layer, and the next run carries on from there (fewer states moved than a whole
#    run); kill -9 of one rank ends the job, and the next run still reaches the published total
#    (dominoes on 22x22, OEIS A004003 a(11) = 2^11 * A065072(11)^2).
d22=30273700492231603015150204108772562780931587428193514539008
layers() { mpi count polyomino --pieces domino --board 22x22 --copies any --symmetry none --engine frontier --mpi --threads 1 "$@"; }
whole_nodes=$(field "$(layers --json)" nodes)
# shared_interrupted JOURNAL SIGNAL WHICH: SIGNAL 0.3 s after the three ranks' layers files
# are there; the output in $out.
shared_interrupted() {
    local journal=$1 signal=$2 which=$3
    layers --checkpoint "$journal" > "$dir/layers.out" 2>&1 &
    local job=$!
    while { [ ! -f "$journal.layers.0" ] || [ ! -f "$journal.layers.0.rank1" ] || [ ! -f "$journal.layers.0.rank2" ]; } &&
        kill -0 $job 2>/dev/null; do sleep 0.01; done
    sleep 0.3
    signal_ranks $job "$signal" "$which"
    out=$(cat "$dir/layers.out")
}
shared_interrupted "$dir/lt.j" TERM all
expect_status 3 "SIGTERM to the ranks sharing layers"
expect_line "^solutions: [0-9]+ \(stopped early: not the total\)$" "SIGTERM, layers"
run "$xcount" status "$dir/lt.j"
expect_line "^subproblem #0 by layers: position [0-9]+ of 484" "status of layers shared by 3 ranks"
run layers --checkpoint "$dir/lt.j" --json --expect $d22
expect_status 0 "resume of layers shared by 3 ranks"
resumed_nodes=$(field "$out" nodes)
[ "$resumed_nodes" -lt "$whole_nodes" ] || fail "the ranks moved $resumed_nodes states after SIGTERM, a whole run $whole_nodes: no carrying on"
[ -z "$(ls "$dir"/lt.j.layers.* 2>/dev/null)" ] || fail "layers files outlived the count: $(ls "$dir"/lt.j.layers.*)"
shared_interrupted "$dir/lk.j" 9 one
[ "$status" != 0 ] || fail "mpirun exited 0 after a rank sharing layers was killed"
! grep -Eq "^solutions: [0-9]+$" <<<"$out" || fail "a complete total after a rank sharing layers was killed: $out"
run layers --checkpoint "$dir/lk.j" --expect $d22
expect_status 0 "resume after kill -9 of a rank sharing layers"
echo "layers shared by 3 ranks: SIGTERM, exit 3, resumed ($resumed_nodes of $whole_nodes states moved); kill -9 of a rank, resumed; $d22"
kill -0 $bystander 2>/dev/null || fail "an xcount that was not one of the test's ranks was signalled"
echo "a bystander xcount outlived every signal sent to the ranks"
echo "mpi faults: ok"
