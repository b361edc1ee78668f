#!/bin/sh
# tests/cli/torn_files.sh XCOUNT: a journal or a shard file cut short at any byte (a torn
# write, a full disk, a kill) either still gives the exact total, or is refused with exit 2;
# never a wrong total (exit 1), never a crash.
set -u
xcount=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
count() { "$xcount" count queens --n 5 --threads 1 --split-depth 2 "$@"; }

# cut_every_byte FILE WHAT COMMAND...: COMMAND (which reads $dir/torn) on every prefix of FILE;
# each must give the exact total (exit 0) or be refused (exit 2).
cut_every_byte() {
    file=$1 what=$2
    shift 2
    size=$(wc -c < "$file")
    exact=0 refused=0 k=0
    while [ $k -le "$size" ]; do
        head -c $k "$file" > "$dir/torn"
        "$@" > "$dir/out" 2> "$dir/err"
        status=$?
        case $status in
            0) exact=$((exact + 1)) ;;
            2) refused=$((refused + 1)) ;;
            *) echo "$what cut at byte $k of $size: exit $status"; cat "$dir/out" "$dir/err"; exit 1 ;;
        esac
        k=$((k + 1))
    done
    echo "$what ($size bytes) cut at every byte: $exact gave the exact total, $refused were refused"
}

count --checkpoint "$dir/full.journal" > /dev/null || exit 1
cut_every_byte "$dir/full.journal" journal count --checkpoint "$dir/torn" --expect 10 --expect-distinct 2
[ $exact -gt 0 ] || { echo "no cut journal resumed at all"; exit 1; }

count --shard 0/2 --out "$dir/s0.txt" > /dev/null || exit 1
count --shard 1/2 --out "$dir/s1.txt" > /dev/null || exit 1
cut_every_byte "$dir/s1.txt" "shard file" "$xcount" merge "$dir/s0.txt" "$dir/torn" --expect 10
[ $exact -ge 1 ] || { echo "the whole shard file did not merge"; exit 1; }
