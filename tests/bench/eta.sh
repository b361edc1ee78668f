#!/usr/bin/env bash
# tests/bench/eta.sh XCOUNT ARGS...: how honest the progress line's ETA is.
#
# Runs `XCOUNT ARGS... --progress --progress-interval 0.25` (to a pipe the progress comes as
# plain lines, here four a second), stamps every line with the time it arrived, and when the run is over compares each ETA with the time that really remained.
# Prints a table (one row per 5% of progress) and the largest error from 20% onward; exits 1
# when that is above 25%. The ETA is shown in whole seconds, so an ETA of 4 is taken as the
# interval 3.5-4.5 s and its error is the distance from the real time to that interval; the
# last tenth of the run is left out of the verdict (the table still shows it).
#
#   bash tests/bench/eta.sh build/xcount run jobs/tetrasticks-5x5-without-j.ini --threads 2
set -euo pipefail
xcount=$1; shift
log=$(mktemp)
start=$EPOCHREALTIME
"$xcount" "$@" --progress --progress-interval 0.25 2> >(while IFS= read -r line; do echo "$EPOCHREALTIME $line"; done > "$log") > /dev/null
end=$EPOCHREALTIME
sleep 0.2  # let the stamping finish
awk -v start="$start" -v end="$end" '
function seconds(text,   n, p) { n = split(text, p, ":"); return n == 3 ? p[1] * 3600 + p[2] * 60 + p[3] : p[1] * 60 + p[2] }
/ETA [0-9]/ {
    t = $1 - start
    match($0, /\[ *[0-9.]+%\]/); percent = substr($0, RSTART + 1, RLENGTH - 3) + 0
    match($0, /ETA [0-9:]+/); eta = seconds(substr($0, RSTART + 4, RLENGTH - 4))
    real = end - $1
    # The ETA is shown in whole seconds: "4" stands for 3.5 to 4.5 s; the error is the distance
    # from the real time to that interval.
    gap = real < eta - 0.5 ? eta - 0.5 - real : real > eta + 0.5 ? eta + 0.5 - real : 0
    error = real > 0 ? gap / real : 0
    if (percent >= next_row) { printf "%6.1f%%  elapsed %6.1f s  ETA %5d s  real %6.1f s  error %+6.1f%%\n", percent, t, eta, real, 100 * error; next_row = percent + (percent >= 80 ? 1 : 5) }
    if (percent >= 20 && real >= 0.1 * (end - start)) { judged++; if (error < 0 ? -error > worst : error > worst) { worst = error < 0 ? -error : error; at = sprintf("at %.1f%% (%.1f s elapsed, ETA %d s, real %.1f s)", percent, t, eta, real) } }
}
END {
    printf "run: %.1f s; from 20%% on, %d redraws judged, largest ETA error %.1f%% %s\n", end - start, judged, 100 * worst, at
    exit (judged > 0 && worst <= 0.25) ? 0 : 1
}' "$log"
