#!/bin/bash
# tests/cli/memory.sh XCOUNT: memory is a promise. Under --max-memory M the whole process stays
# below M (its peak resident memory, the kernel's figure, which the JSON gives as peak_memory),
# Fix(g)'s counts included; under an address-space limit (ulimit -v) the memo engine's default
# table fits what the process may use and a count finishes exactly instead of dying; tables the
# process cannot have are refused at once, with the figure.
set -u
xcount=$1
fail() { echo "FAIL: $*"; exit 1; }
field() { printf '%s' "$1" | grep -o "\"$2\": \"\?[0-9a-z]*" | head -n 1 | sed 's/.*: "\?//'; }
dominoes16=2444888770250892795802079170816  # OEIS A004003 a(8)
count16() { "$xcount" count polyomino --pieces domino --board 16x16 --copies any --engine memo --json "$@"; }

# 1. --max-memory bounds the table and everything beside it: the memo table takes what the bound
#    leaves, evicts when full, and the count is exact.
for bound in 96:100663296 160:167772160; do
    mib=${bound%:*} bytes=${bound#*:}
    out=$(count16 --max-memory ${mib}M) || fail "16x16 under --max-memory ${mib}M: $out"
    [ "$(field "$out" solutions_exact)" = $dominoes16 ] || fail "16x16 under --max-memory ${mib}M counted $(field "$out" solutions_exact)"
    peak=$(field "$out" peak_memory)
    [ "$peak" -lt "$bytes" ] || fail "16x16 under --max-memory ${mib}M peaked at $peak bytes"
    echo "--max-memory ${mib}M: exact, peak $((peak / 1048576)) MiB"
done

# 2. Under ulimit -v the default table is a quarter of what the process may use (it was a quarter
#    of the machine's memory, and the count died with "out of memory"); so is a cgroup's limit.
out=$(ulimit -v 700000 && count16) || fail "16x16 under ulimit -v 700000: $out"
[ "$(field "$out" solutions_exact)" = $dominoes16 ] || fail "16x16 under ulimit -v counted $(field "$out" solutions_exact)"
echo "ulimit -v 700000: exact, the table $(( $(field "$out" table_bytes) / 1048576 )) MiB"

# 3. Refused before anything is built, with the figure and what it is measured against.
out=$(count16 --memo-memory 64T 2>&1)
[ $? = 2 ] && grep -q "^xcount: --memo-memory 64.0 TiB is more than this process may use: .* (the physical memory\|the cgroup" <<<"$out" ||
    fail "--memo-memory 64T: $out"
out=$(count16 --memo-memory 4G --max-memory 1G 2>&1)
[ $? = 2 ] && grep -q "^xcount: --memo-memory 4.0 GiB is more than --max-memory 1.0 GiB" <<<"$out" || fail "--memo-memory over --max-memory: $out"
out=$(count16 --memo-memory 90M --max-memory 100M 2>&1)
[ $? = 2 ] && grep -q "^xcount: --memo-memory 90.0 MiB and the rest of the count (about .*) pass --max-memory 100.0 MiB" <<<"$out" ||
    fail "--memo-memory with no room beside it: $out"
out=$(ulimit -v 400000 && count16 --memo-memory 1G 2>&1)
[ $? = 2 ] && grep -q "^xcount: --memo-memory 1.0 GiB is more than this process may use: .* (ulimit -v)" <<<"$out" ||
    fail "--memo-memory over ulimit -v: $out"
echo "tables the process cannot have are refused with the figure"

# 4. What the file alone decides is refused before the expansion is built, at any size and in
#    well under a second (a million-copy item was expanded for 46 s, to 835 MB, before the memo
#    engine refused it); an expansion's estimate bounds its real peak.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
ms() { date +%s%3N; }
for copies in 1000000 4000000; do
    printf '%s|A\nA\n' $copies > "$dir/wide.dlx"
    start=$(ms)
    out=$("$xcount" count "$dir/wide.dlx" --engine memo --max-memory 2G 2>&1)
    status=$? took=$(($(ms) - start))
    [ $status = 2 ] && grep -q "wide.dlx: its multiplicities, expanded for the memo engine, make at least $copies items" <<<"$out" ||
        fail "memo on $copies copies: exit $status: $out"
    [ $took -lt 1000 ] || fail "memo on $copies copies: refused after $took ms"
    start=$(ms)
    out=$("$xcount" count "$dir/wide.dlx" --engine cells --max-memory 500M 2>&1)
    status=$? took=$(($(ms) - start))
    [ $status = 2 ] && grep -q "the problem needs up to .* more than --max-memory 500.0 MiB" <<<"$out" || fail "cells on $copies copies: $out"
    [ $took -lt 1000 ] || fail "cells on $copies copies: refused after $took ms"
done
printf '200000|A\nA\n' > "$dir/wide.dlx"
for threads in 1 2; do
    needs=$("$xcount" count "$dir/wide.dlx" --engine cells --threads $threads --max-memory 1M 2>&1 | grep -o 'needs up to [0-9.]* MiB' | grep -o '[0-9.]*')
    [ -n "$needs" ] || fail "no estimate for the expansion on $threads threads"
    bound=$(awk -v m="$needs" 'BEGIN { printf "%d", (m + 0.1) * 1048576 }')  # the printed figure is rounded
    out=$("$xcount" count "$dir/wide.dlx" --engine cells --threads $threads --max-memory "$bound" --json) || fail "cells within its estimate: $out"
    peak=$(field "$out" peak_memory)
    [ "$peak" -lt "$bound" ] || fail "the expansion on $threads threads peaked at $peak bytes, over its estimate of $needs MiB"
    echo "expansion on $threads threads: estimate $needs MiB, peak $((peak / 1048576)) MiB"
done
echo "memory: ok"
