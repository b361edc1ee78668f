#!/bin/bash
# tests/cli/status_shard.sh XCOUNT: `xcount status` on a shard's journal describes the shard:
# its share of the subproblems, complete when that share is, the time left for it alone; a
# shard's journal is refused by another shard and by a whole count; the four shards' journals
# add up to the published total of 13 queens (73,712, OEIS A000170), as their merge does.
set -u
xcount=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
has_line() { grep -qxF -- "$2" <<<"$1" || fail "no line '$2' in:"$'\n'"$1"; }
field() { grep -o "\"$2\": [^,}]*" <<<"$1" | head -n 1 | cut -d' ' -f2-; }
count() { "$xcount" count queens --n 13 --split-depth 3 "$@"; }

# The split and each shard's share (ids I, I+4, I+8, ...), from an unsharded journal.
run=$(count --threads 2 --checkpoint "$dir/whole.j" --json) || fail "the whole count"
whole=$("$xcount" status "$dir/whole.j" --json)
[ "$(field "$whole" updates)" = "$(field "$run" updates)" ] && [ "$(field "$whole" nodes)" = "$(field "$run" nodes)" ] ||
  fail "status and the run differ in updates or nodes: $whole against $run"
split=$(field "$whole" subproblems)
[ "$(field "$whole" shard)" = null ] || fail "an unsharded journal names a shard: $whole"
! "$xcount" status "$dir/whole.j" | grep -q '^shard ' || fail "an unsharded journal's status names a shard"
share() { echo $(( (split - $1 + 3) / 4 )); }

# Shard 0/4, counted to the end.
count --shard 0/4 --out "$dir/p0" --checkpoint "$dir/j0" > /dev/null || fail "shard 0/4"
text=$("$xcount" status "$dir/j0")
has_line "$text" "split depth: 3, subproblems: $split"
has_line "$text" "shard 0/4: its share is $(share 0) of them (every 4th from #0); what follows is the shard's"
has_line "$text" "finished: $(share 0) (100.0%)"
has_line "$text" "complete: the shard's share is counted (its --out file holds it; xcount merge sums the shards' files)"
json=$("$xcount" status "$dir/j0" --json)
[ "$(field "$json" subproblems)" = "$(share 0)" ] && [ "$(field "$json" shard)" = '"0/4"' ] &&
  [ "$(field "$json" split_subproblems)" = "$split" ] && [ "$(field "$json" complete)" = true ] || fail "shard 0/4 as JSON: $json"
echo "a finished shard: complete, its share $(share 0) of $split"

# Shard 1/4, stopped part way: its own share and time left, and the stop says whose share.
stop=$(count --shard 1/4 --out "$dir/p1" --checkpoint "$dir/j1" --threads 1 --node-limit 100000 2>&1 > /dev/null)
[ $? = 3 ] || fail "a shard stopped by --node-limit: not exit 3: $stop"
finished=$(grep -v -e '^xcount-journal' -e ' at=' "$dir/j1" | grep -c .)
has_line "$stop" "xcount: stopped at --node-limit: $finished of shard 1/4's $(share 1) subproblems done; run again with the same --checkpoint to resume"
text=$("$xcount" status "$dir/j1")
percent=$(awk -v f="$finished" -v s="$(share 1)" 'BEGIN { printf "%.1f", 100 * f / s }')
grep -qE "^finished: $finished \($percent%\)(, 1 more in progress)?$" <<<"$text" || fail "shard 1/4 part way: $text"
grep -q '^thread time left: about ' <<<"$text" || fail "no time left for shard 1/4: $text"
! grep -q '^complete' <<<"$text" || fail "a stopped shard said complete: $text"
echo "a stopped shard: $finished of its $(share 1) finished ($percent%)"

# Another shard's journal, or a whole count's, is refused with the reason.
out=$(count --shard 2/4 --out "$dir/p2" --checkpoint "$dir/j1" 2>&1)
[ $? = 2 ] || fail "shard 2/4 on shard 1/4's journal: not exit 2: $out"
has_line "$out" "xcount: $dir/j1: this journal is shard 1/4's, this run is shard 2/4 (one journal a shard: --checkpoint part-I.journal)"
out=$(count --checkpoint "$dir/j1" 2>&1)
[ $? = 2 ] || fail "a whole count on shard 1/4's journal: not exit 2: $out"
has_line "$out" "xcount: $dir/j1: this journal is shard 1/4's, this run is a whole count (one journal a shard: --checkpoint part-I.journal)"
echo "another shard's journal and a whole count's refused"

# Shard 1 resumed, 2 and 3 counted: the journals' solutions add up to the total, and so does merge.
count --shard 1/4 --out "$dir/p1" --checkpoint "$dir/j1" > /dev/null || fail "shard 1/4 resumed"
count --shard 2/4 --out "$dir/p2" --checkpoint "$dir/j2" > /dev/null || fail "shard 2/4"
count --shard 3/4 --out "$dir/p3" --checkpoint "$dir/j3" > /dev/null || fail "shard 3/4"
sum=0 updates=0 nodes=0
for i in 0 1 2 3; do
  json=$("$xcount" status "$dir/j$i" --json)
  [ "$(field "$json" complete)" = true ] && [ "$(field "$json" subproblems)" = "$(share $i)" ] || fail "shard $i/4: $json"
  sum=$((sum + $(field "$json" solutions_found)))
  updates=$((updates + $(field "$json" updates))) nodes=$((nodes + $(field "$json" nodes)))
done
[ $sum = 73712 ] || fail "the shards' journals hold $sum solutions, not 73712"
merged=$("$xcount" merge "$dir"/p[0-3] --json)
[ "$(field "$merged" solutions)" = 73712 ] || fail "the merge is not 73712: $merged"
[ "$updates" = "$(field "$run" updates)" ] && [ "$nodes" = "$(field "$run" nodes)" ] ||
  fail "the shards' journals hold $updates updates and $nodes nodes, the whole run $run"
echo "four shards' journals: 73712 solutions (OEIS A000170), as merged, and the whole run's updates and nodes"

# The merged seconds are the thread time on the shards' subproblems: a shard run again from its
# complete journal writes its file again, and the merge says the same.
count --shard 0/4 --out "$dir/p0" --checkpoint "$dir/j0" > /dev/null || fail "shard 0/4 again"
again=$("$xcount" merge "$dir"/p[0-3] --json)
[ "$(field "$again" seconds)" = "$(field "$merged" seconds)" ] || fail "merged seconds changed: $merged, then $again"
"$xcount" merge "$dir"/p[0-3] | grep -q "^seconds: [0-9.]* (thread time on the shards' subproblems, summed: the same for every merge of them)$" ||
  fail "the merge does not say what its seconds are"
echo "the merged seconds stay the same when a shard is run again"
