#!/bin/bash
# Resubmits only the shards whose result file is missing, then the merge after them.
#
#   jobs/slurm/resubmit-missing.sh JOB.ini K OUTDIR [extra sbatch options]
#
# A resubmitted shard resumes from its journal (OUTDIR/part-I.journal).
set -euo pipefail
job=$1 shards=$2 out=$3
shift 3
here=$(dirname "$0")
. "$here/find-xcount.sh"
missing=()
for ((i = 0; i < shards; ++i)); do [[ -s "$out/part-$i.txt" ]] || missing+=("$i"); done
if ((${#missing[@]} == 0)); then
    echo "all $shards shards are there; merging"
    exec sbatch --parsable "$here/merge.sbatch" "$job" "$shards" "$out"
fi
list=$(IFS=,; echo "${missing[*]}")
array=$(sbatch --parsable --array="$list" "$@" "$here/shard.sbatch" "$job" "$shards" "$out")
merge=$(sbatch --parsable --dependency=afterok:"${array%%;*}" "$here/merge.sbatch" "$job" "$shards" "$out")
echo "resubmitted shards $list as job array $array; merge: job $merge"
