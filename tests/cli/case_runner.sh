#!/bin/bash
# tests/cli/case_runner.sh XCOUNT SRC BUILD: the case runner (tests/cli/case.sh) passes the good
# case of tests/data/failing.cases and fails each of the others, a case the file does not hold
# and a name that is not a case name: a case that checks nothing cannot pass.
set -u
xcount=$1 src=$2 build=$3
cases=$src/tests/data/failing.cases
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/fake-xcount" <<'FAKE'
#!/bin/sh
case $1 in
two-lines) printf 'a\nb\n'; exit 2 ;;
crash) echo crashing; kill -SEGV $$ ;;
esac
FAKE
chmod +x "$work/fake-xcount"

run_case() {
    local program=$xcount
    case $1 in fake-*) program=$work/fake-xcount ;; esac
    bash "$src/tests/cli/case.sh" "$program" "$src" "$build" off "$cases" "$1" >"$work/said" 2>&1
}

run_case passes || { echo "the good case failed:"; cat "$work/said"; exit 1; }
failed=0
for name in $(sed -n 's/^case \([a-z0-9-]*\):.*/\1/p' "$cases" | sort -u | grep -v -x passes) not-in-the-file Not-A-Name; do
    if run_case "$name"; then
        echo "case $name passed, but the runner must fail it"
        failed=1
    fi
done
[ "$failed" -eq 0 ] || exit 1
echo "case runner: ok"
