#!/bin/sh
# tests/cli/kill_resume_layers.sh XCOUNT: a count by layers survives kill -9 at any moment.
# Counts dominoes on 22x22 by layers on one thread with a journal, kills it with SIGKILL at
# several moments once its layers file exists, checks that status reports the position, and
# resumes on two threads (which carry runs of steps shard by shard): the published total (OEIS
# A004003 a(11) = 2^11 * A065072(11)^2), with fewer states moved than a whole run (it carried
# on from the layer saved, not from the start).
set -u
xcount=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
journal=$dir/d22.journal
layers=$journal.layers.0
total=30273700492231603015150204108772562780931587428193514539008
count() { "$xcount" count polyomino --pieces domino --board 22x22 --copies any --symmetry none --engine frontier "$@"; }
field() { printf '%s' "$1" | grep -o "\"$2\": [0-9.]*" | head -n 1 | cut -d' ' -f2; }

whole=$(count --threads 2 --json) || exit 1
whole_nodes=$(field "$whole" nodes)

# Started directly (not through the shell function), so that $! is xcount itself; killed with
# SIGKILL `wait` seconds after its layers file is (re)written (waiting on the file, not the
# clock). Its exit status: 137 when the kill landed, 0 when the count ended first.
run_and_kill() {
    "$xcount" count polyomino --pieces domino --board 22x22 --copies any --symmetry none --engine frontier --threads 1 \
        --checkpoint "$journal" > /dev/null 2>&1 &
    pid=$!
    stamp=$( [ -f "$layers" ] && stat -c %Y.%N "$layers")
    while [ "$( [ -f "$layers" ] && stat -c %Y.%N "$layers")" = "$stamp" ] && kill -0 "$pid" 2>/dev/null; do sleep 0.01; done
    sleep "$1"
    kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
}

for wait in 0.0 0.3 0.1; do
    run_and_kill "$wait"
    if [ $? -eq 0 ]; then  # resumed near the end, it finished before the kill: start it afresh
        rm -f "$journal" "$layers"
        run_and_kill "$wait"
    fi
    [ -f "$layers" ] || { echo "no layers file after the kill"; exit 1; }
    "$xcount" status "$journal" | grep -E "subproblem #0 by layers: position [0-9]+ of 484" || { echo "status shows no position"; exit 1; }
done

# Another count's layers beside a journal are refused, not counted on.
cp "$layers" "$dir/other.journal.layers.0"
"$xcount" count polyomino --pieces domino --board 20x20 --copies any --symmetry none --engine frontier --checkpoint "$dir/other.journal" \
    > "$dir/out" 2>&1
status=$?
[ "$status" -eq 2 ] && grep -q "holds the layers of another count" "$dir/out" || { echo "a foreign layers file: exit $status"; cat "$dir/out"; exit 1; }

result=$(count --threads 2 --checkpoint "$journal" --json --expect "$total") || { echo "resumed run failed: $result"; exit 1; }
nodes=$(field "$result" nodes)
[ "$nodes" -lt "$whole_nodes" ] || { echo "the resumed run moved $nodes states, a whole run $whole_nodes: it did not carry on"; exit 1; }
[ ! -f "$layers" ] || { echo "the layers file outlived the count"; exit 1; }
echo "killed three times, resumed from the layers saved ($nodes of $whole_nodes states moved) to the published total"
