#!/usr/bin/env bash
# tests/bench/queens_against.sh XCOUNT "OTHER" [N...]: n queens counted by xcount (--symmetry
# reduce) and by another counter, side by side, one thread and two, interleaved, REPEAT times
# (default 3); prints the medians of whole-process wall time and the speed-up.
# OTHER is a command line that reads N and the thread count, one a line, on standard input and
# prints the count somewhere in its output, e.g. NQueensFAF's CPU example built outside the
# repository: "java -cp classes:/usr/share/java/kryo.jar de.nqueensfaf.examples.CpuSolverExample".
# Both counts are checked against OEIS A000170.
set -euo pipefail
xcount=$1 other=$2
shift 2
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(14 15 16 17 18)
repeat=${REPEAT:-3}
declare -A published=([12]=14200 [13]=73712 [14]=365596 [15]=2279184 [16]=14772512 [17]=95815104 [18]=666090624 [19]=4968057848)
now() { date +%s.%N; }
median() { tr ' ' '\n' | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
printf '%-4s %-8s %12s %12s %9s\n' n threads xcount other speed-up
for n in "${sizes[@]}"; do
    for threads in 1 2; do
        ours=() theirs=()
        for ((r = 0; r < repeat; ++r)); do
            start=$(now)
            out=$("$xcount" count queens --n "$n" --symmetry reduce --threads "$threads")
            ours+=("$(echo "$(now) - $start" | bc)")
            grep -qx "solutions: ${published[$n]}" <<<"$out" || { echo "xcount: not ${published[$n]} for n=$n: $out"; exit 1; }
            start=$(now)
            out=$(printf '%s\n%s\n' "$n" "$threads" | $other)
            theirs+=("$(echo "$(now) - $start" | bc)")
            grep -q "${published[$n]}" <<<"$out" || { echo "other: not ${published[$n]} for n=$n: $out"; exit 1; }
        done
        a=$(echo "${ours[*]}" | median) b=$(echo "${theirs[*]}" | median)
        printf '%-4s %-8s %11.3fs %11.3fs %8.2fx\n' "$n" "$threads" "$a" "$b" "$(echo "$b / $a" | bc -l)"
    done
done
echo "(whole processes, wall time, median of $repeat interleaved runs)"
