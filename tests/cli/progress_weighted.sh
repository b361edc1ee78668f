#!/bin/bash
# tests/cli/progress_weighted.sh XCOUNT: under --symmetry reduce the solutions shown while a
# count runs are weighted as the report's are (each representative by its orbit): `xcount
# status` on a journal stopped part way (unweighted, its count would be an eighth of its share
# of the total), and the progress lines of the run resumed from it, which start from what the
# journal holds and end at 16 queens' 14,772,512 (OEIS A000170).
set -u
xcount=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
total=14772512
args=(count queens --n 16 --symmetry reduce --threads 1 --split-depth 3 --checkpoint "$dir/j")
"$xcount" "${args[@]}" --node-limit 6000000 > /dev/null 2>&1
[ $? = 3 ] || fail "the node limit did not stop the first run"
status=$("$xcount" status "$dir/j") || fail "status: $status"
found=$(sed -n 's/^solutions found: \([0-9]*\) .*/\1/p' <<<"$status")
[ -n "$found" ] && [ "$found" -gt $((total / 8)) ] && [ "$found" -lt $total ] || fail "status, a good share of $total found: $status"
grep -q " w=" "$dir/j" || fail "the journal keeps no weights"
lines=$("$xcount" "${args[@]}" --expect $total --progress --progress-interval 0.25 2>&1 >/dev/null) || fail "the resumed run: $lines"
shown=$(grep -o "| [0-9]* solutions |" <<<"$lines" | tr -dc '0-9\n')
[ -n "$shown" ] || fail "no progress line: $lines"
for n in $shown; do
    [ "$n" -ge "$found" ] && [ "$n" -le $total ] || fail "a progress line shows $n solutions, outside [$found, $total]: $lines"
done
echo "stopped part way: status says $found of $total; the resumed run's progress: $(echo $shown)"
