#!/bin/bash
# Submits a job file as K shards plus a merge that runs when all of them have succeeded.
#
#   jobs/slurm/submit.sh JOB.ini K OUTDIR [extra sbatch options for the shards, e.g. --cpus-per-task=32]
#
# Prints the two job ids (the merge's is kept in OUTDIR/merge.jobid); the logs go to OUTDIR. If
# some shards failed, jobs/slurm/resubmit-missing.sh runs just those.
set -euo pipefail
job=$1 shards=$2 out=$3
shift 3
here=$(dirname "$0")
. "$here/find-xcount.sh"
mkdir -p "$out"
array=$(sbatch --parsable --array=0-$((shards - 1)) --output="$out/xcount-shard-%A_%a.log" "$@" "$here/shard.sbatch" "$job" "$shards" "$out")
merge=$(sbatch --parsable --dependency=afterok:"${array%%;*}" --output="$out/xcount-merge-%j.log" "$here/merge.sbatch" "$job" "$shards" "$out")
echo "$merge" > "$out/merge.jobid"
echo "shards: job array $array; merge: job $merge (result in $out/merged.txt)"
