#!/bin/sh
# tests/cli/huge_line.sh XCOUNT: 10 MB lines read in well under a minute and are judged like
# any other: a 10 MB item name is a name (its item has no option: no solution); a 10 MB line
# of a million items and an option over two of them counts 0; a 10 MB option line naming an
# unknown item is refused at its line and column.
set -u
xcount=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
awk 'BEGIN { s = "x"; while (length(s) < 10000000) s = s s; print s }' > "$dir/name.dlx"
out=$("$xcount" count "$dir/name.dlx" --threads 1) || { echo "long name: exit $?"; exit 1; }
echo "$out" | grep -q "^solutions: 0$" || { echo "long name: $out"; exit 1; }
awk 'BEGIN { for (k = 0; k < 1000000; k++) printf "i%d ", k; print ""; print "i0 i1" }' > "$dir/wide.dlx"
out=$("$xcount" count "$dir/wide.dlx" --threads 1) || { echo "wide: exit $?"; exit 1; }
echo "$out" | grep -q "^solutions: 0$" || { echo "wide: $out"; exit 1; }
awk 'BEGIN { print "a"; for (k = 0; k < 1000000; k++) printf "a "; print "zz" }' > "$dir/unknown.dlx"
"$xcount" count "$dir/unknown.dlx" 2> "$dir/err"; status=$?
[ $status -eq 2 ] || { echo "unknown item on a long line: exit $status"; exit 1; }
grep -q "unknown.dlx:2:[0-9]*: " "$dir/err" || { echo "no line and column: $(cat "$dir/err")"; exit 1; }
echo "10 MB lines: read and judged"
