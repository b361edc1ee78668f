#!/usr/bin/env bash
# tests/cli/doc_commands.sh XCOUNT SOURCE_DIR: every xcount command shown in README.md and
# docs/*.md runs as written. The code blocks' lines that run xcount (plain, after a "$ " prompt,
# in a for loop or a pipe) run in order, one folder per file, where problems/, jobs/ and
# tests/data/ are the source tree's and xcount is on the PATH. Each must exit 0, or 3 where it
# was still counting after LIMIT seconds (default 10; then SIGINT stops it, as a user would, and
# it must say it stopped). Left out: a command naming a placeholder (COMMAND, PROBLEM, PREFIX,
# file.dlx; a comment after it may), and mpirun, sbatch, cmake and apt-get lines (the MPI, Slurm and install tests run
# those). Prints each command with its exit status; fails on the first that breaks.
set -u
xcount=$(realpath "$1") src=$(realpath "$2")
limit=${LIMIT:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin"
ln -s "$xcount" "$work/bin/xcount"
[ -x "$(dirname "$xcount")/xcount-mpi" ] && ln -s "$(dirname "$xcount")/xcount-mpi" "$work/bin/xcount-mpi"

# The lines of FILE's code blocks that run xcount, as a user would type them.
commands_of() {
    awk '/^```/ { inside = !inside; next } inside' "$1" |
        sed -E 's/^\$ //; s#(\./)?build/xcount#xcount#g' |
        grep -E '^(xcount |for .*; do xcount )' |
        awk '{ command = $0; sub(/[ \t]+#.*/, "", command) }
             command !~ /(^|[^A-Za-z])(COMMAND|PROBLEM|PREFIX|OPTIONS|FILE)([^A-Za-z]|$)|file\.dlx|mpirun|sbatch|apt-get|cmake/'
}

ran=0
for doc in "$src/README.md" "$src"/docs/*.md; do
    folder="$work/$(basename "$doc" .md)"
    mkdir "$folder"
    ln -s "$src/problems" "$src/jobs" "$folder/"
    mkdir "$folder/tests" && ln -s "$src/tests/data" "$folder/tests/data"
    while IFS= read -r line; do
        out=$(cd "$folder" && PATH="$work/bin:$PATH" timeout --preserve-status -s INT "$limit" bash -c "$line" 2>&1 < /dev/null)
        status=$?
        if [ $status = 3 ] && grep -q "stopped" <<<"$out"; then
            echo "stopped after ${limit} s (exit 3): $line"
        elif [ $status = 0 ]; then
            echo "ok: $line"
        else
            echo "FAIL: $(basename "$doc"): exit $status: $line"
            echo "$out" | tail -5
            exit 1
        fi
        ran=$((ran + 1))
    done < <(commands_of "$doc")
done
[ $ran -ge 20 ] || { echo "FAIL: only $ran commands found in the docs"; exit 1; }
echo "doc commands: $ran ran as written"
