#!/bin/bash
# xcount_bench --against: the comparison runs each program on the same DLX file, and flags one
# whose output lacks the solution count. Usage: against.sh XCOUNT XCOUNT_BENCH WORKDIR
set -u
xcount=$1 bench=$2 work=$3
mkdir -p "$work" && cd "$work" || exit 1
"$xcount" export queens --n 9 > q9.dlx || exit 1
fail() { echo "FAIL: $*"; echo "$out"; exit 1; }

out=$("$bench" --against "again=$xcount count /dev/stdin --threads 1" --repeat 3 q9.dlx) || fail "xcount against itself"
grep -Eq '^q9\.dlx +352 +[0-9.]+s +[0-9.]+s +again [0-9.]+x$' <<<"$out" || fail "no row of 352 solutions with both times and a ratio"

out=$("$bench" --against cat=cat --repeat 1 q9.dlx) || fail "against cat"
grep -q "(cat's output lacks 352)" <<<"$out" || fail "cat's output was not flagged"

out=$("$bench" --against nameless 2>&1); status=$?
[ "$status" = 2 ] || fail "a spec without '=' gave exit status $status, not 2"
grep -q "needs NAME=COMMAND" <<<"$out" || fail "no message for a spec without '='"

out=$("$bench" --against false=false --repeat 1 q9.dlx 2>&1); status=$?
[ "$status" = 2 ] || fail "a failing program gave exit status $status, not 2"
grep -q "exit status" <<<"$out" || fail "no message for a failing program"
echo "against: ok"
