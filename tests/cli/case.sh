#!/bin/bash
# tests/cli/case.sh XCOUNT SRC BUILD MPI FILE NAME: runs the case NAME of the case file FILE
# (tests/cli/cases/*.cases; tests/cli/cases/README.md describes the format) and passes when
# every expectation of the case holds. A case that is missing, written twice, or expects
# nothing fails, so that no case passes without being checked.
set -u
xcount=$1 src=$2 build=$3 mpi=$4 file=$5 name=$6

fail() {
    printf 'case %s (%s): %s\n' "$name" "$file" "$*"
    exit 1
}

[[ $name =~ ^[a-z0-9][a-z0-9-]*$ ]] || fail "a case name is lower-case letters, digits and '-'"
heads=$(grep -c -E "^case $name:( |$)" "$file")
[ "$heads" -eq 1 ] || fail "the file has $heads cases of this name, not 1"

# The case's lines: its head, then the indented lines below it.
block=$(awk -v name="$name" '
    $0 ~ "^case " name ":( |$)" { inside = 1; print; next }
    inside && /^[ \t]+[^ \t]/ { print; next }
    { inside = 0 }' "$file")
head=${block%%$'\n'*}
args=${head#"case $name:"}
args=${args# }

want_exit='' script='' lines=() outputs=() nots=()
while IFS= read -r line; do
    line=${line#"${line%%[! $'\t']*}"}
    key=${line%% *}
    value=${line#"$key"}
    value=${value# }
    [ -n "$value" ] || fail "'$key' has no value"
    case $key in
    exit) want_exit=$value ;;
    sh) script=$value ;;
    line) lines+=("$value") ;;
    output) outputs+=("$value") ;;
    not) nots+=("$value") ;;
    *) fail "unknown key '$key' (exit, sh, line, output or not)" ;;
    esac
done < <(printf '%s\n' "$block" | tail -n +2)

[ -z "$script" ] || [ -z "$args" ] || fail "a case runs either xcount's arguments or an 'sh' script, not both"
[ -n "$script" ] || [ -n "$want_exit" ] || fail "a case of xcount's arguments says its 'exit' status"
[ -z "$want_exit" ] || [[ $want_exit =~ ^[0-9]+$ ]] || fail "'exit $want_exit' is not a status"
[ $((${#lines[@]} + ${#outputs[@]})) -gt 0 ] || [ -n "$script" -a -n "$want_exit" ] ||
    fail "a case checks its output ('line' or 'output'), or an 'sh' script its 'exit' status"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/out"
export XCOUNT=$xcount SRC=$src BUILD=$build MPI=$mpi DATA=$src/tests/data OUT=$work/out
if [ -n "$script" ]; then
    sh -c "$script" >"$work/output" 2>&1
    status=$?
else
    set -f
    eval "set -- $args"
    set +f
    "$XCOUNT" "$@" >"$work/output" 2>&1 </dev/null
    status=$?
    [ "$status" -le 128 ] || fail "xcount was killed by signal $((status - 128)); output: $(head -c 4000 "$work/output")"
fi

shown() { printf '\n%s' "$(head -c 4000 "$work/output")"; }
if [ -n "$want_exit" ] && [ "$status" -ne "$want_exit" ]; then
    fail "expected exit status $want_exit, got $status; output:$(shown)"
fi
if [ "$want_exit" = 2 ] && [ -z "$script" ] && [ "$(grep -c . "$work/output")" -ne 1 ]; then
    fail "a bad input must give exactly one line; output:$(shown)"
fi
for pattern in "${lines[@]}"; do
    grep -Eq -- "$pattern" "$work/output" || fail "no line matches /$pattern/; output:$(shown)"
done
matches() { PATTERN=$1 perl -0777 -e 'my $in = <STDIN> // ""; exit($in =~ /$ENV{PATTERN}/s ? 0 : 1)' <"$work/output"; }
for pattern in "${outputs[@]}"; do
    matches "$pattern" || fail "the output does not match /$pattern/; output:$(shown)"
done
for pattern in "${nots[@]}"; do
    ! matches "$pattern" || fail "the output matches /$pattern/, which it must not; output:$(shown)"
done
exit 0
