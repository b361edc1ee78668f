#!/bin/sh
# tests/cli/torn_files.sh XCOUNT: a journal or a shard file cut short at any byte (a torn
# write, a full disk, a kill) either still gives the exact total, or is refused with exit 2;
# never a wrong total (exit 1), never a crash.
set -u
xcount=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
count() { "$xcount" count queens --n 5 --threads 1 --split-depth 2 "$@"; }

count --checkpoint "$dir/full.journal" > /dev/null || exit 1
size=$(wc -c < "$dir/full.journal")
exact=0 refused=0 k=0
while [ $k -le "$size" ]; do
    head -c $k "$dir/full.journal" > "$dir/torn.journal"
    count --checkpoint "$dir/torn.journal" --expect 10 --expect-distinct 2 > "$dir/out" 2> "$dir/err"
    case $? in
        0) exact=$((exact + 1)) ;;
        2) refused=$((refused + 1)) ;;
        *) echo "journal cut at byte $k of $size: exit $?"; cat "$dir/out" "$dir/err"; exit 1 ;;
    esac
    k=$((k + 1))
done
echo "journal ($size bytes) cut at every byte: $exact resumed to the exact total, $refused refused"
[ $exact -gt 0 ] || { echo "no cut journal resumed at all"; exit 1; }

count --shard 0/2 --out "$dir/s0.txt" > /dev/null || exit 1
count --shard 1/2 --out "$dir/s1.txt" > /dev/null || exit 1
size=$(wc -c < "$dir/s1.txt")
exact=0 refused=0 k=0
while [ $k -le "$size" ]; do
    head -c $k "$dir/s1.txt" > "$dir/torn.txt"
    "$xcount" merge "$dir/s0.txt" "$dir/torn.txt" --expect 10 > "$dir/out" 2> "$dir/err"
    status=$?
    case $status in
        0) exact=$((exact + 1)) ;;
        2) refused=$((refused + 1)) ;;
        *) echo "shard cut at byte $k of $size: exit $status"; cat "$dir/out" "$dir/err"; exit 1 ;;
    esac
    k=$((k + 1))
done
echo "shard file ($size bytes) cut at every byte: $exact merged to the exact total, $refused refused"
[ $exact -ge 1 ] || { echo "the whole shard file did not merge"; exit 1; }
