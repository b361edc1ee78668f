#!/usr/bin/env bash
# Fuzzes each target for a while: tests/fuzz/run.sh BUILD_DIR SECONDS [TARGET ...]
#
# BUILD_DIR is a build configured with CXX=clang++ -DXCOUNT_FUZZ=ON. Each target starts from
# its committed corpus (tests/fuzz/corpus/TARGET); what it finds goes to a scratch folder, not
# into the repository (to keep new inputs: libFuzzer's -merge=1 into the corpus folder). A crash,
# a leak, a sanitizer report, an uncaught exception or a timeout stops the run with exit 1 and
# leaves the input as crash-*/timeout-*/leak-* in the scratch folder, printed at the end:
# minimise it, commit it under tests/fuzz/crashes/TARGET, and fix the bug.
set -uo pipefail
build=${1:?usage: run.sh BUILD_DIR SECONDS [TARGET ...]}
seconds=${2:?usage: run.sh BUILD_DIR SECONDS [TARGET ...]}
shift 2
here=$(cd "$(dirname "$0")" && pwd)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(dlx pieces board job journal shard)
scratch=$(mktemp -d)
status=0
for target in "${targets[@]}"; do
  work=$scratch/$target
  mkdir -p "$work/corpus"
  cp -r "$here/corpus/$target/." "$work/corpus/"
  (cd "$work" && "$build/tests/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -max_len=65536 -print_final_stats=1 "$work/corpus" > "$work/log" 2>&1)
  rc=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/log" | grep -o '[0-9]*$')
  echo "fuzz_$target: ${seconds}s, ${runs:-?} runs, exit $rc"
  if [ $rc -ne 0 ]; then
    status=1
    tail -40 "$work/log"
    ls "$work"/crash-* "$work"/timeout-* "$work"/leak-* "$work"/oom-* 2>/dev/null
  fi
done
echo "scratch: $scratch"
exit $status
