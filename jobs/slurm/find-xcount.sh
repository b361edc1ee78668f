# Sourced by submit.sh and resubmit-missing.sh (with $here set to their folder). The batch
# scripts run from Slurm's spool, not from here, and find xcount as $XCOUNT or on the PATH
# (sbatch passes the environment on); failing both, this points them at this tree's build.
if [[ -z "${XCOUNT:-}" ]] && ! command -v xcount >/dev/null; then
    export XCOUNT=$(cd "$here/../.." && pwd)/build/xcount
fi
