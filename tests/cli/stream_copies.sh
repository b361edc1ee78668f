#!/bin/bash
# tests/cli/stream_copies.sh XCOUNT: where pieces repeat (copies of a piece, pieces of one
# initial), every streamed line names its tiling: distinct tilings give distinct lines, on
# every lattice, with --distinct and with threads, and as many lines as the count.
set -u
xcount=$1
pieces=$(cd "$(dirname "$0")/../../problems/pieces" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
printf 'piece T\nXXX\n' > "$dir/triamond.txt"
printf 'piece D\nX X\n' > "$dir/dihex.txt"
printf 'piece D\nXX\n' > "$dir/dicube.txt"
printf 'piece V\n+-+\n|\n+\n' > "$dir/bent-stick.txt"
printf 'piece Pa\nXX\nX\npiece Pb\nXX\n' > "$dir/one-initial.txt"

# The three domino tilings of 2x3, each its own line (all three were DDD/DDD).
lines=$("$xcount" solve polyomino --pieces domino --board 2x3 --copies any --all 2>/dev/null | sort | tr '\n' ' ')
[ "$lines" = "aac/bbc aba/aba abb/acc " ] || fail "2x3 dominoes streamed as: $lines"

distinct_lines() {  # ARGS...: the tilings counted, and the distinct lines streamed
    local count lines
    count=$("$xcount" count "$@" --symmetry none --json | grep -o '"solutions": [0-9]*' | cut -d' ' -f2)
    lines=$("$xcount" solve "$@" --all 2>/dev/null | sort -u | wc -l)
    [ -n "$count" ] && [ "$count" -gt 1 ] || fail "$*: counted '$count' (a test needs several tilings)"
    [ "$lines" = "$count" ] || fail "$*: $count tilings, $lines distinct lines"
    echo "$*: $count tilings, $count distinct lines"
}
distinct_lines polyomino --pieces trominoes --board 6x6 --copies any
distinct_lines polyomino --pieces "$pieces/monomino-domino.txt" --board 4x4 --copies any
distinct_lines polyomino --pieces domino --board 4x4 --copies 8
distinct_lines polyomino --pieces "$dir/one-initial.txt" --board 3x4 --copies any
distinct_lines polyiamond --pieces "$dir/triamond.txt" --board 3x4 --copies any
distinct_lines polyhex --pieces "$dir/dihex.txt" --board 4x4 --copies any
distinct_lines polycube --pieces "$dir/dicube.txt" --board 2x3x3 --copies any
distinct_lines polystick --pieces "$dir/bent-stick.txt" --board 2x2 --copies any

# One line per orbit under --distinct, and on two threads, as many as Burnside's count of the
# orbits (6x8 dominoes gave 42,873 equal lines).
orbits=$("$xcount" count polyomino --pieces domino --board 6x8 --copies any --json | grep -o '"distinct": [0-9]*' | cut -d' ' -f2)
out=$("$xcount" solve polyomino --pieces domino --board 6x8 --copies any --all --distinct --threads 2 2>&1 >"$dir/orbits")
[ -n "$orbits" ] && [ "$(sort -u "$dir/orbits" | wc -l)" = "$orbits" ] ||
    fail "6x8 dominoes --distinct: $(sort -u "$dir/orbits" | wc -l) distinct lines, $orbits orbits by Burnside ($out)"
echo "6x8 dominoes --distinct: $orbits distinct lines, one per orbit"
echo "stream copies: ok"
