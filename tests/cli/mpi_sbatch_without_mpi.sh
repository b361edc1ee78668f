#!/bin/bash
# tests/cli/mpi_sbatch_without_mpi.sh: jobs/slurm/mpi.sbatch refuses an xcount built without
# MPI before mpirun starts any rank, naming the build's reason (what --version says).
set -u
here=$(dirname "$0")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# An xcount as a build without MPI answers --version; anything else it is asked is a failure.
cat > "$dir/xcount" <<'STUB'
#!/bin/sh
[ "$1" = --version ] || { echo "called with $*" >> "$(dirname "$0")/calls"; exit 9; }
printf 'xcount 0.0.0\nfeatures: MPI off (no MPI found: install OpenMPI and configure again), OpenMP 4.5\n'
STUB
chmod +x "$dir/xcount"
out=$(PATH="$dir:$PATH" XCOUNT="$dir/xcount" bash "$here/../../jobs/slurm/mpi.sbatch" job.ini "$dir/out" 2>&1)
status=$?
[ $status = 2 ] || fail "exit $status, not 2: $out"
grep -q "built without MPI (MPI off (no MPI found" <<<"$out" || fail "no reason given: $out"
[ ! -e "$dir/calls" ] || fail "xcount was run: $(cat "$dir/calls")"
[ ! -e "$dir/out" ] || fail "the output folder was made"
echo "mpi.sbatch refused a build without MPI: $out"
