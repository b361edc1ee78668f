#!/bin/bash
# tests/cli/faults.sh XCOUNT: faults around a count (a full disk, a forged file name, files
# that are not ours, a file beside a job) end in the exact total or a clear refusal, never in
# a wrong total, and never lose the work a journal holds. The full-disk cases need a small
# tmpfs (root); without one they are skipped and said so.
set -u
xcount=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
data=$here/../data
dir=$(mktemp -d)
small=$dir/small
mkdir "$small"
cleanup() {
    mountpoint -q "$small" && umount "$small"
    rm -rf "$dir"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
# run NAME COMMAND...: its output in $out, its exit status in $status
run() { out=$("$@" 2>&1); status=$?; }
expect_status() { [ "$status" = "$1" ] || fail "$2: exit $status, not $1: $out"; }
expect_line() { grep -Eq -- "$1" <<<"$out" || fail "$2: no line /$1/ in: $out"; }
whole_lines() { [ ! -s "$1" ] || [ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" = '\n' ] || fail "$1 ends in a torn line"; }

# 1. A full disk under the journal (ENOSPC), then room again: the run stops at once with its
#    figures labelled partial and exit 2, the journal keeps whole lines only, and the next
#    run resumes it to the published total (12 queens: 14,200, OEIS A000170).
if mount -t tmpfs -o size=256k tmpfs "$small" 2>/dev/null; then
    dd if=/dev/zero of="$small/filler" bs=4k count=60 status=none 2>/dev/null  # leaves about 16 KiB
    run "$xcount" count queens --n 12 --split-depth 4 --threads 2 --checkpoint "$small/q.j"
    expect_status 2 "journal on a full disk"
    expect_line "^xcount: $small/q.j: cannot write the journal: No space left on device; the journal holds [0-9]+ of the 2892 subproblems and is valid: make room and run again with the same --checkpoint to resume$" "full disk"
    expect_line "^solutions: [0-9]+ \(stopped early: not the total\)$" "full disk"
    whole_lines "$small/q.j"
    held=$(($(wc -l < "$small/q.j") - 1))
    run "$xcount" count queens --n 12 --split-depth 4 --threads 2 --checkpoint "$small/q.j"  # still full: nothing lost
    expect_status 2 "journal on a disk still full"
    whole_lines "$small/q.j"
    [ $(($(wc -l < "$small/q.j") - 1)) -ge "$held" ] || fail "a second full-disk run lost journal lines"
    rm "$small/filler"
    run "$xcount" count queens --n 12 --split-depth 4 --threads 2 --checkpoint "$small/q.j" --expect 14200
    expect_status 0 "resumed once there was room"
    expect_line "^expected: 14200 \(ok\)$" "resumed once there was room"
    expect_line "subproblems: 2892 \([0-9]+ resumed from the checkpoint\)$" "resumed once there was room"
    echo "full disk: stopped with exit 2 and $held of 2892 subproblems journaled in whole lines; resumed to 14200"

    # A full disk under --out and --subproblem-stats: the count is printed all the same, the
    # write is reported with exit 2, and no part file is left behind.
    rm -f "$small"/*
    dd if=/dev/zero of="$small/filler" bs=4k count=64 status=none 2>/dev/null  # nothing left
    run "$xcount" count queens --n 8 --out "$small/r.txt"
    expect_status 2 "--out on a full disk"
    expect_line "^solutions: 92$" "--out on a full disk"
    expect_line "^xcount: $small/r.txt: cannot (write|open for writing): No space left on device$" "--out on a full disk"
    [ ! -e "$small/r.txt" ] && [ ! -e "$small/r.txt.part" ] || fail "--out on a full disk left a file behind"
    run "$xcount" count queens --n 8 --subproblem-stats "$small/s.jsonl"
    expect_status 2 "--subproblem-stats on a full disk"
    expect_line "^solutions: 92$" "--subproblem-stats on a full disk"
    [ ! -e "$small/s.jsonl.part" ] || fail "--subproblem-stats on a full disk left its part file"
    echo "full disk under --out and --subproblem-stats: the total printed, the failed write reported, exit 2"

    # Every other command that writes a file: on a full disk it says why (the system's reason)
    # with exit 2, and leaves neither the file nor its part file (a cut matrix would count).
    for writer in "export queens --n 8 --out $small/w" "show queens --n 8 --svg $small/w" \
                  "verify $data/jobs-mixed --html $small/w --max-seconds 20"; do
        run "$xcount" $writer
        expect_status 2 "$writer on a full disk"
        expect_line "^xcount: $small/w: cannot (write|open for writing): No space left on device$" "$writer on a full disk"
        [ ! -e "$small/w" ] && [ ! -e "$small/w.part" ] || fail "$writer on a full disk left a file behind"
    done
    # ... and with room, writes the whole file.
    rm -f "$small/filler"
    run "$xcount" export queens --n 8 --out "$small/q8.dlx"
    expect_status 0 "export with room"
    run "$xcount" count "$small/q8.dlx"
    expect_line "^solutions: 92$" "the exported matrix"
    echo "full disk under export --out, show --svg and verify --html: the reason said, exit 2, no file left"
    umount "$small"
else
    echo "no tmpfs could be mounted (not root?): the full-disk cases are skipped"
fi

# 2. A file name that carries shard-file lines cannot forge a total: the merge counts Knuth's
#    example's one solution, and the name comes back whole.
name=$'k\nsolutions 1000000\nupdates 30\nnodes 6\nseconds 0\novercount 1\nfixed -\nids 2 0 1\nz.dlx'
cp "$data/good/knuth.dlx" "$dir/$name"
run "$xcount" count "$dir/$name" --out "$dir/inj.txt"
expect_status 0 "count of a file with newlines in its name"
run "$xcount" merge "$dir/inj.txt" --expect 1
expect_status 0 "merge of the forged name's shard"
expect_line "^solutions: 1$" "merge of the forged name's shard"
expect_line "^expected: 1 \(ok\)$" "merge of the forged name's shard"
echo "a file name with shard lines in it: merged to 1 solution, as it must"

# 3. Files that are not ours are never overwritten: a JSON result without a newline as a
#    journal, a text file as --out (refused before any work).
printf '{"solutions": 92}' > "$dir/result.json"
cp "$dir/result.json" "$dir/result.keep"
run "$xcount" count queens --n 8 --checkpoint "$dir/result.json"
expect_status 2 "--checkpoint on a JSON file"
expect_line "^xcount: $dir/result.json:1: not an xcount checkpoint journal \(not overwriting it\)$" "--checkpoint on a JSON file"
cmp -s "$dir/result.json" "$dir/result.keep" || fail "--checkpoint changed a file that is not a journal"
printf 'notes\n' > "$dir/notes.txt"
run "$xcount" count queens --n 8 --out "$dir/notes.txt"
expect_status 2 "--out on a text file"
expect_line "^xcount: $dir/notes.txt: exists and is not an xcount shard result file; not overwriting it" "--out on a text file"
[ "$(cat "$dir/notes.txt")" = notes ] || fail "--out overwrote a file that is not a shard result"
run "$xcount" count queens --n 8 --out "$dir/nowhere/r.txt"
expect_status 2 "--out in a missing folder"
expect_line "^xcount: $dir/nowhere/r.txt: cannot write the shard result file there: No such file or directory$" "--out in a missing folder"
echo "a JSON file as journal, a text file as --out and a missing folder: refused before any work, files unchanged"

# 4. A file beside a job named like a size does not replace the size: dominoes on 4x4 stay 36
#    (OEIS A099390), with a file "4x4" holding a 2x2 board next to the job.
mkdir "$dir/job"
sed "s|^pieces = .*|pieces = $here/../../problems/pieces/domino.txt|" "$here/../../jobs/dominoes-4x4.ini" > "$dir/job/dominoes.ini"
printf 'XX\nXX\n' > "$dir/job/4x4"
run "$xcount" run "$dir/job/dominoes.ini"
expect_status 0 "a job beside a file named 4x4"
expect_line "^expected: 36 \(ok\)$" "a job beside a file named 4x4"
echo "a file named 4x4 beside a job: the board is still 4x4 (36 tilings)"

# 5. Shards counted without --symmetry check carry no Fix(g): --expect-distinct is refused.
"$xcount" count queens --n 10 --symmetry none --shard 0/2 --out "$dir/r0.txt" > /dev/null &&
    "$xcount" count queens --n 10 --symmetry none --shard 1/2 --out "$dir/r1.txt" > /dev/null || fail "shards of 10 queens"
run "$xcount" merge "$dir/r0.txt" "$dir/r1.txt" --expect 724 --expect-distinct 92
expect_status 2 "merge --expect-distinct of shards without Fix(g)"
expect_line "^xcount: --expect-distinct: these shards were counted without --symmetry check \(or a reduction by the whole group\), so they carry no Fix\(g\) and there is no distinct count$" "merge --expect-distinct"
run "$xcount" count sudoku --box 2x2 --givens ""
expect_status 2 "empty --givens"
expect_line "^xcount: --givens is empty \(leave it out to count every grid\)$" "empty --givens"
# 6. A total that cannot reach its reader is a failure, not a success: stdout on a full device.
out=$("$xcount" count queens --n 8 2>&1 > /dev/full); status=$?
expect_status 2 "stdout on /dev/full"
expect_line "^xcount: cannot write the standard output: No space left on device$" "stdout on /dev/full"
echo "stdout on a full device: exit 2, said so"
echo "faults: ok"
