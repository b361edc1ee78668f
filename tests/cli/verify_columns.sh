#!/bin/sh
# tests/cli/verify_columns.sh XCOUNT FOLDER: the verify table's columns line up whatever the
# length of a job's name: every row's expected count ends where the header's "expected" does.
out=$("$1" verify "$2" --threads 2) || { echo "verify failed: $out"; exit 1; }
printf '%s\n' "$out"
printf '%s\n' "$out" | awk '
    NR == 1 { end = index($0, "expected") + length("expected"); next }
    /^[0-9]+ failed/ { next }
    { field = $2; at = index($0, " " field " ") + length(field) + 1; if (at != end) { print "misaligned: " $0; bad = 1 } }
    END { exit bad }'
