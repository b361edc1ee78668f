#!/bin/sh
# tests/cli/sudoku_lines.sh R C: reads solution lines ("[WHERE: ]GRID", GRID the n*n symbols
# of an RxC-box sudoku in row order, symbols 1-9 then A-Z) on stdin and checks each, without
# xcount's help, to be a complete grid: every row, column and box holds each symbol once.
# Prints "valid N distinct D", or the first bad line.
awk -v R="$1" -v C="$2" '
BEGIN { n = R * C; symbols = substr("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", 1, n) }
{
    grid = $NF
    if (length(grid) != n * n) { print "BAD LENGTH: " $0; bad = 1; exit 1 }
    split("", seen)
    for (k = 0; k < n * n; k++) {
        s = index(symbols, substr(grid, k + 1, 1))
        if (s == 0) { print "BAD SYMBOL: " $0; bad = 1; exit 1 }
        r = int(k / n); c = k % n; b = int(r / R) * R + int(c / C)
        if (seen["r" r "," s]++ || seen["c" c "," s]++ || seen["b" b "," s]++) { print "NOT A GRID: " $0; bad = 1; exit 1 }
    }
    count++
    if (!(grid in distinct)) { distinct[grid] = 1; d++ }
}
END { if (!bad) print "valid " count " distinct " d }'
