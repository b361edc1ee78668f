#!/bin/bash
# Submits a job file as K shards plus a merge that runs when all of them have succeeded.
#
#   jobs/slurm/submit.sh JOB.ini K OUTDIR [extra sbatch options for the shards, e.g. --cpus-per-task=32]
#
# Prints the two job ids. If some shards failed, jobs/slurm/resubmit-missing.sh runs just those.
set -euo pipefail
job=$1 shards=$2 out=$3
shift 3
here=$(dirname "$0")
. "$here/find-xcount.sh"
mkdir -p "$out"
array=$(sbatch --parsable --array=0-$((shards - 1)) "$@" "$here/shard.sbatch" "$job" "$shards" "$out")
merge=$(sbatch --parsable --dependency=afterok:"${array%%;*}" "$here/merge.sbatch" "$job" "$shards" "$out")
echo "shards: job array $array; merge: job $merge (result in $out/merged.txt)"
