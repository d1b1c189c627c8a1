#!/bin/bash
# slurm-shards.sh SHARDS N: shards 1..N of a bench run (each SHARDS/K with
# its manifest, scripts/shard-inputs.sh) as one Slurm job array: task K
# runs scripts/shard-run.sh SHARDS/K on whichever node Slurm gives it,
# so SHARDS, the build directory's cas/ and this checkout must be on a
# directory every node mounts at the same path (docs/cluster.md). Waits
# until the array has left the queue, polling squeue, at most SLURM_WAIT
# seconds (default: 2 hours); then cancels what is left and fails. Each
# task's own Slurm time limit is vm.sh's TIMEOUT plus 10 minutes. A task
# that never ran leaves no rc file: bench-shards.sh and bench/merge.py
# name its shard as failed.
# Environment: SLURM_CONF (Slurm's own: which cluster), sbatch's input
# variables (SBATCH_PARTITION, SBATCH_ACCOUNT, ...), SHARD_CPUS (CPUs
# per task, default 1: one guest, as JOBS=nproc runs here), SLURM_WAIT,
# TIMEOUT (vm.sh's, seconds per boot; default 2400).
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -u
S=${1:?usage: slurm-shards.sh SHARDS N}
N=${2:?usage: slurm-shards.sh SHARDS N}
HERE=$(cd "$(dirname "$0")/.." && pwd)
S=$(cd "$S" && pwd) || exit 2
WAIT=${SLURM_WAIT:-7200}
CPUS=${SHARD_CPUS:-1}
die() { echo "slurm-shards: $*" >&2; exit 2; }
for c in sbatch squeue scancel; do
	command -v $c >/dev/null ||
		die "Slurm's client command $c is missing: install Debian's slurm-client and munge (make deps installs slurm-wlm and munge; docs/cluster.md)"
done
for v in "$N" "$WAIT" "$CPUS" "${TIMEOUT:-2400}"; do
	case $v in ''|*[!0-9]*|0) die "not a positive number: '$v' (N, SLURM_WAIT, SHARD_CPUS, TIMEOUT)" ;; esac
done
limit=$(((${TIMEOUT:-2400} + 600 + 59) / 60))

out=$(timeout 120 sbatch --parsable --array=1-"$N" --job-name=expander-bench \
	--cpus-per-task="$CPUS" --time="$limit" --chdir="$S" \
	--output="$S/%a/slurm.out" \
	--wrap="exec '$HERE/scripts/shard-run.sh' '$S'/\$SLURM_ARRAY_TASK_ID" 2>&1) ||
	die "sbatch refused the job array: $out"
job=${out%%;*}
case $job in ''|*[!0-9]*) die "sbatch said '$out', not a job id" ;; esac
echo "slurm-shards: job array $job, $N task(s), ${limit} min each at most"
cancel() { timeout 60 scancel "$job" 2>/dev/null; }
trap 'cancel; exit 130' INT TERM

T0=$SECONDS
warned=
while :; do
	q=$(timeout 60 squeue -h -j "$job" \
		-t PENDING,RUNNING,SUSPENDED,COMPLETING,CONFIGURING -o %i 2>&1)
	rc=$?
	if [ $rc = 0 ] && [ -z "$q" ]; then
		break
	fi
	# A job purged from the controller's memory is done too.
	if [ $rc != 0 ] && [[ $q == *"Invalid job id"* ]]; then
		break
	fi
	if [ $rc != 0 ] && [ -z "$warned" ]; then
		echo "slurm-shards: squeue failed ($q); still waiting" >&2
		warned=1
	fi
	if ((SECONDS - T0 > WAIT)); then
		cancel
		die "job array $job still queued or running after ${WAIT}s (SLURM_WAIT): cancelled"
	fi
	sleep 3
done
echo "slurm-shards: job array $job done in $((SECONDS - T0)) s"
