#!/bin/bash
# Resubmits only the shards whose result file is missing, then the merge after them.
#
#   jobs/slurm/resubmit-missing.sh JOB.ini K OUTDIR [extra sbatch options]
#
# A resubmitted shard resumes from its journal (OUTDIR/part-I.journal). The merge that
# submit.sh (or an earlier resubmission) queued waits for ever on a shard that failed
# (DependencyNeverSatisfied): it is cancelled, and said so, before the new one is queued.
set -euo pipefail
job=$1 shards=$2 out=$3
shift 3
here=$(dirname "$0")
. "$here/find-xcount.sh"
cancel_old_merge() {
    [[ -s "$out/merge.jobid" ]] || return 0
    local old
    old=$(cat "$out/merge.jobid")
    if squeue -h -j "$old" -t PENDING 2> /dev/null | grep -q .; then
        scancel "$old"
        echo "cancelled the old merge job $old (it waited on the shards that failed)"
    fi
}
queue_merge() {  # OPTIONS...: queues the merge, keeps its id, prints it
    local merge
    merge=$(sbatch --parsable "$@" --output="$out/xcount-merge-%j.log" "$here/merge.sbatch" "$job" "$shards" "$out")
    echo "$merge" > "$out/merge.jobid"
    echo "$merge"
}
cancel_old_merge
missing=()
for ((i = 0; i < shards; ++i)); do [[ -s "$out/part-$i.txt" ]] || missing+=("$i"); done
if ((${#missing[@]} == 0)); then
    echo "all $shards shards are there; merge: job $(queue_merge)"
    exit 0
fi
list=$(IFS=,; echo "${missing[*]}")
array=$(sbatch --parsable --array="$list" --output="$out/xcount-shard-%A_%a.log" "$@" "$here/shard.sbatch" "$job" "$shards" "$out")
echo "resubmitted shards $list as job array $array; merge: job $(queue_merge --dependency=afterok:"${array%%;*}")"
