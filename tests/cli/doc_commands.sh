#!/usr/bin/env bash
# tests/cli/doc_commands.sh XCOUNT SOURCE_DIR: every xcount command shown in README.md and
# docs/*.md runs as written. The code blocks' lines that run xcount (plain, after a "$ " prompt,
# in a for loop or a pipe, or under mpirun when this build has MPI) run in order, one folder per
# file, where problems/, jobs/ and tests/data/ are the source tree's and xcount is on the PATH.
# Each must exit 0, or 3 where it was still counting after LIMIT seconds (default 10; then
# SIGINT stops it, as a user would, and it must say it stopped). A time in a command's comment
# ("# about 4 s on 2 cores", "# half a minute") is a promise: the command must finish within 3x
# of it and take at least a third of it, unless it says it is for more cores than this machine
# has. An mpirun line runs as written, as root too (so it must carry what OpenMPI wants there).
# Left out: a command naming a placeholder (COMMAND, PROBLEM, PREFIX, file.dlx; a comment after
# it may), and sbatch, cmake and apt-get lines (the Slurm and install tests run those). Then
# every shipped name the documents give (--pieces NAME, --board NAME, and the names in the
# sentence that lists problems/pieces/) must be a shipped file. Prints each command with its
# exit status; fails on the first that breaks.
set -u
xcount=$(realpath "$1") src=$(realpath "$2")
limit=${LIMIT:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin"
ln -s "$xcount" "$work/bin/xcount"
mpi=""
[ -x "$(dirname "$xcount")/xcount-mpi" ] && command -v mpirun > /dev/null && mpi=yes
[ -x "$(dirname "$xcount")/xcount-mpi" ] && ln -s "$(dirname "$xcount")/xcount-mpi" "$work/bin/xcount-mpi"
fail() { echo "FAIL: $*"; exit 1; }

# The lines of FILE's code blocks that run xcount, as a user would type them, with their comments.
commands_of() {
    awk '/^```/ { inside = !inside; next } inside' "$1" |
        sed -E 's/^\$ //; s#(\./)?build/xcount#xcount#g' |
        grep -E '^(xcount |for .*; do xcount |mpirun )' |
        awk -v mpi="$mpi" '{ command = $0; sub(/[ \t]+#.*/, "", command) }
             command ~ /^mpirun / && mpi == "" { next }
             command !~ /(^|[^A-Za-z])(COMMAND|PROBLEM|PREFIX|OPTIONS|FILE)([^A-Za-z]|$)|file\.dlx|sbatch|apt-get|cmake/'
}

# The seconds a comment promises ("4 s", "about 2 minutes", "half a minute"), or nothing: also
# nothing where it is for more cores than this machine has.
promised_seconds() {
    local comment=$1
    if [[ $comment =~ on\ ([0-9]+)\ cores ]] && [ "${BASH_REMATCH[1]}" -gt "$(nproc)" ]; then return; fi
    if [[ $comment =~ half\ a\ minute ]]; then echo 30; return; fi
    if [[ $comment =~ (^|[^0-9.])([0-9]+(\.[0-9]+)?)\ ?(ms|s|seconds?|minutes?|hours?)([^A-Za-z]|$) ]]; then
        local value=${BASH_REMATCH[2]} unit=${BASH_REMATCH[4]}
        case $unit in
            ms) awk -v v="$value" 'BEGIN { print v / 1000 }' ;;
            s | second*) echo "$value" ;;
            minute*) awk -v v="$value" 'BEGIN { print v * 60 }' ;;
            hour*) awk -v v="$value" 'BEGIN { print v * 3600 }' ;;
        esac
    fi
}

ran=0 timed=0
for doc in "$src/README.md" "$src"/docs/*.md; do
    folder="$work/$(basename "$doc" .md)"
    mkdir "$folder"
    ln -s "$src/problems" "$src/jobs" "$folder/"
    mkdir "$folder/tests" && ln -s "$src/tests/data" "$folder/tests/data"
    while IFS= read -r whole; do
        line=$whole
        comment=""
        if [[ $whole =~ [[:space:]]#(.*)$ ]]; then
            comment=${BASH_REMATCH[1]}
            line=${whole%%"#$comment"}
        fi
        promised=$(promised_seconds "$comment")
        allowed=$limit
        [ -n "$promised" ] && allowed=$(awk -v p="$promised" -v l="$limit" 'BEGIN { a = 3 * p + 1; print (a > l ? int(a + 0.5) : l) }')
        begin=$(date +%s.%N)
        out=$(cd "$folder" && PATH="$work/bin:$PATH" timeout --preserve-status -s INT "$allowed" bash -c "$line" 2>&1 < /dev/null)
        status=$?
        took=$(awk -v b="$begin" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - b }')
        if [ -n "$promised" ]; then
            [ $status = 0 ] || fail "$(basename "$doc"): exit $status after $took s, where its comment promises $promised s: $line$(echo; echo "$out" | tail -5)"
            awk -v t="$took" -v p="$promised" 'BEGIN { exit !(t <= 3 * p && (p < 1 || t >= p / 3)) }' ||
                fail "$(basename "$doc"): took $took s, where its comment promises $promised s (3x either way is allowed): $line"
            echo "ok in $took s (promised $promised s): $line"
            timed=$((timed + 1))
        elif [ $status = 3 ] && grep -q "stopped" <<<"$out"; then
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
[ $ran -ge 20 ] || fail "only $ran commands found in the docs"
[ $timed -ge 1 ] || fail "no command with a promised time found in the docs"

# Every shipped name the documents give is a shipped file.
shipped() { [ -f "$src/problems/$1/$2" ] || [ -f "$src/problems/$1/$2.txt" ]; }
names=0
while IFS=$'\t' read -r doc kind name; do
    case $name in *[0-9]x[0-9]* | *..* | */* | *:* | RxC | AxBxC | B | FILE | NAME | NAMES) continue ;; esac
    shipped "$kind" "$name" || fail "$doc names --$kind $name, which problems/$kind/ does not ship"
    names=$((names + 1))
done < <(cd "$src" && grep -oE -- '--(pieces|board)[ =]+[A-Za-z0-9._:/-]+' README.md docs/*.md |
    sed -E 's/^([^:]+):--(pieces|board)[ =]+/\1\t\2\t/; s/\tboard\t/\tboards\t/; s/[.]$//')
listed=$(cd "$src" && tr '\n' ' ' < README.md | grep -oE '`problems/pieces/` ships [^.]*(\.[a-z][^.]*)*\.' | grep -oE '`[a-z0-9-]+`')
[ -n "$listed" ] || fail "README.md has no sentence listing what problems/pieces/ ships"
for quoted in $listed; do
    name=${quoted//\`/}
    shipped pieces "$name" || fail "README.md says problems/pieces/ ships \`$name\`, which it does not"
    names=$((names + 1))
done
echo "shipped names: $names named in the documents, all shipped"
echo "doc commands: $ran ran as written ($timed within 3x of the time their comment gives)"
