#!/bin/bash
# tests/cli/slurm.sh XCOUNT SOURCE_DIR: the jobs/slurm scripts on a real one-node Slurm.
#
# Starts munge and a one-node Slurm cluster of its own (configuration and state in a temporary
# folder), installs xcount into a prefix there (cmake --install of XCOUNT's build folder) and,
# as a cluster user would, from that prefix alone (no source tree, no XCOUNT): submits an
# installed job file as 3 shards plus the dependent merge, checks the merged totals against the
# job's published counts, then deletes one shard's result and checks that resubmit-missing.sh
# redoes just that one, and that no job is left in the queue. Stops every daemon it started.
# Exits 77 (skipped) when Slurm or munge is not installed or when not root.
set -u
xcount=$1 src=$2
command -v slurmctld > /dev/null && command -v slurmd > /dev/null && command -v munged > /dev/null ||
    { echo "Slurm or munge is not installed: skipped"; exit 77; }
[ "$(id -u)" = 0 ] || { echo "a private Slurm cluster needs root: skipped"; exit 77; }

work=$(mktemp -d)
started=()
cleanup() {
    for pid in "${started[@]}"; do kill "$pid" 2> /dev/null; done
    sleep 1
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; for log in "$work"/*.log "$work"/out/*.log; do [ -f "$log" ] && { echo "== $log"; tail -n 20 "$log"; }; done; exit 1; }
wait_for() {  # wait_for SECONDS COMMAND...: until the command succeeds
    local limit=$1; shift
    for ((t = 0; t < limit * 4; ++t)); do "$@" > /dev/null 2>&1 && return 0; sleep 0.25; done
    return 1
}

# munge: one key, its own user, its own socket folder.
[ -f /etc/munge/munge.key ] || mungekey -c > /dev/null 2>&1 || fail "cannot create a munge key"
mkdir -p /run/munge && chown munge: /run/munge
if ! munge -n 2> /dev/null | unmunge > /dev/null 2>&1; then
    su -s /bin/sh munge -c munged || fail "munged does not start"
    wait_for 10 test -f /run/munge/munged.pid || fail "munged wrote no pid file"
    started+=("$(cat /run/munge/munged.pid)")
    wait_for 10 sh -c 'munge -n | unmunge' || fail "munge does not work"
fi

host=$(hostname -s)
memory=$(($(free -m | awk '/^Mem:/ {print $2}') / 2))
mkdir -p "$work/state" "$work/spool" "$work/out"
cat > "$work/slurm.conf" << CONF
ClusterName=xcounttest
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
NodeName=$host CPUs=$(nproc) RealMemory=$memory State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$work/slurm.conf
slurmctld -f "$SLURM_CONF" || fail "slurmctld does not start"
wait_for 10 test -f "$work/slurmctld.pid" || fail "slurmctld wrote no pid file"
started+=("$(cat "$work/slurmctld.pid")")
slurmd -f "$SLURM_CONF" || fail "slurmd does not start"
wait_for 10 test -f "$work/slurmd.pid" || fail "slurmd wrote no pid file"
started+=("$(cat "$work/slurmd.pid")")
wait_for 30 sh -c 'sinfo -h -o %t | grep -q idle' || fail "the node never became idle: $(sinfo 2>&1)"

cmake --install "$(dirname "$xcount")" --prefix "$work/prefix" > /dev/null || fail "cmake --install"
cd "$work"
# As a cluster user would: the installed xcount on the PATH, no XCOUNT, no source tree (under
# sbatch $0 is a spool copy).
unset XCOUNT
export PATH=$work/prefix/bin:$PATH
jobs=$work/prefix/share/xcount/jobs
job=$jobs/queens-10.ini  # 724 solutions, 92 up to symmetry (OEIS A000170, A002562)
"$jobs/slurm/submit.sh" "$job" 3 "$work/out" --cpus-per-task=1 || fail "submit.sh"
wait_for 120 test -s "$work/out/merged.txt" || fail "no merged result after 120 s: $(squeue 2>&1)"
wait_for 10 sh -c '! squeue -h | grep -q .' || true
grep -q "^expected: 724 (ok)$" "$work/out/merged.txt" || fail "merged total: $(cat "$work/out/merged.txt")"
grep -q "^expected distinct: 92 (ok)$" "$work/out/merged.txt" || fail "merged distinct: $(cat "$work/out/merged.txt")"
echo "job array of 3 shards and the dependent merge: 724 solutions, 92 up to symmetry"
ls "$work"/out/xcount-shard-*_0.log "$work"/out/xcount-merge-*.log > /dev/null 2>&1 || fail "no Slurm logs in the output folder: $(ls "$work/out")"
! ls "$work"/xcount-*.log > /dev/null 2>&1 || fail "Slurm logs in the submit folder: $(ls "$work")"
echo "the Slurm logs are in the output folder"

# A merge left waiting (as one whose shard failed waits, DependencyNeverSatisfied) is cancelled
# by resubmit-missing.sh, which says so, before it queues the new one.
held=$(sbatch --parsable --hold --output="$work/out/held-%j.log" "$jobs/slurm/merge.sbatch" "$job" 3 "$work/out") || fail "sbatch --hold"
echo "$held" > "$work/out/merge.jobid"

rm -f "$work/out/part-1.txt" "$work/out/merged.txt"
resubmitted=$("$jobs/slurm/resubmit-missing.sh" "$job" 3 "$work/out" --cpus-per-task=1) || fail "resubmit-missing.sh: $resubmitted"
grep -q "resubmitted shards 1 " <<<"$resubmitted" || fail "resubmit-missing.sh: $resubmitted"
grep -q "^cancelled the old merge job $held " <<<"$resubmitted" || fail "the waiting merge was not cancelled: $resubmitted"
wait_for 10 sh -c "! squeue -h -j $held -t PENDING 2>/dev/null | grep -q ." || fail "merge job $held still pending"
[ "$(cat "$work/out/merge.jobid")" != "$held" ] || fail "merge.jobid still names the cancelled job"
wait_for 120 test -s "$work/out/merged.txt" || fail "no merged result after the resubmission"
grep -q "^expected: 724 (ok)$" "$work/out/merged.txt" || fail "merged total after resubmission: $(cat "$work/out/merged.txt")"
echo "resubmit-missing.sh redid shard 1 alone, and the merge agrees"
wait_for 30 sh -c '! squeue -h | grep -q .' || fail "jobs left in the queue: $(squeue 2>&1)"
echo "from the installed prefix alone; no job left in the queue"
