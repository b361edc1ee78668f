#!/bin/sh
# tests/cli/expect.sh STATUS PATTERN COMMAND...: runs COMMAND and passes when it exits with
# STATUS and its stdout+stderr matches the extended regular expression PATTERN. A crash (a
# signal, status > 128) never passes, whatever STATUS says.
want_status=$1; pattern=$2; shift 2
output=$("$@" 2>&1); status=$?
if [ "$status" -ne "$want_status" ]; then
    printf 'expected exit status %s, got %s; output:\n%s\n' "$want_status" "$status" "$output" | head -c 4000
    exit 1
fi
if ! printf '%s\n' "$output" | grep -Eq -- "$pattern"; then
    printf 'output does not match /%s/:\n%s\n' "$pattern" "$output" | head -c 4000
    exit 1
fi
lines=$(printf '%s\n' "$output" | grep -c .)
if [ "$want_status" -eq 2 ] && [ "$lines" -ne 1 ]; then
    printf 'a bad input must give exactly one line, got %s:\n%s\n' "$lines" "$output" | head -c 4000
    exit 1
fi
exit 0
