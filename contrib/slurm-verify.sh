#!/bin/sh
# slurm-verify.sh -- tsume verify of a large collection as a Slurm job array:
# each array task verifies one shard (tsume verify --shard I/N) and writes
# one report; one merge at the end joins them into the report of one run.
#
#   sbatch --array=0-15 contrib/slurm-verify.sh OUTDIR FILE...   # 16 shards
#   contrib/slurm-verify.sh --merge OUTDIR >report.json         # after the array
#
# or the merge as a job that waits for the array (--wrap: without this
# script's #SBATCH lines, so one task; the summary to merge.log):
#   jid=$(sbatch --parsable contrib/slurm-verify.sh OUTDIR FILE...)
#   sbatch --dependency=afterany:$jid --output=report.json --error=merge.log \
#          --wrap "contrib/slurm-verify.sh --merge OUTDIR"
#
# Task I of N (I = SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN, N =
# SLURM_ARRAY_TASK_COUNT; an array of consecutive ids, such as --array=0-15
# or 1-16) writes OUTDIR/shard-I-of-N.json with --jobs SLURM_CPUS_PER_TASK
# and one search thread a job.  FILE paths must name the same files on every
# node (a shared file system) and be given the same way to every task: the
# merge refuses reports whose file names differ.  Use a new OUTDIR for each
# run (the merge refuses shards of different runs).
#
# Environment: TSUME (the binary; default: tsume on PATH), TSUME_VERIFY_OPTIONS
# (more verify options, after the defaults, e.g. "--time 30 --futile answered";
# split at blanks).  A task exits 0 when its report is complete, whether or
# not its problems passed (verify's 1); otherwise with verify's status.  The
# merge exits as one verify run would (0 all passed, 1 some failed, 2 bad
# lines or refused shards).
#
#SBATCH --job-name=tsume-verify
#SBATCH --array=0-15
#SBATCH --cpus-per-task=2
#SBATCH --output=tsume-verify-%A_%a.log
set -eu
TSUME=${TSUME:-tsume}

if [ "${1:-}" = "--merge" ]; then
	[ $# -eq 2 ] || { echo "usage: slurm-verify.sh --merge OUTDIR" >&2; exit 2; }
	exec "$TSUME" merge "$2"/shard-*-of-*.json
fi
if [ $# -lt 2 ]; then
	echo "usage: sbatch --array=0-N-1 slurm-verify.sh OUTDIR FILE...;  slurm-verify.sh --merge OUTDIR" >&2
	exit 2
fi
: "${SLURM_ARRAY_TASK_ID:?is not set: run this script as a Slurm job array (sbatch --array=0-N-1)}"
: "${SLURM_ARRAY_TASK_COUNT:?is not set: run this script as a Slurm job array (sbatch --array=0-N-1)}"
dir=$1
shift
i=$((SLURM_ARRAY_TASK_ID - ${SLURM_ARRAY_TASK_MIN:-0}))
n=$SLURM_ARRAY_TASK_COUNT
mkdir -p "$dir"
out="$dir/shard-$i-of-$n.json"
status=0
# shellcheck disable=SC2086 # TSUME_VERIFY_OPTIONS is split on purpose
"$TSUME" verify --shard "$i/$n" --jobs "${SLURM_CPUS_PER_TASK:-1}" --threads 1 ${TSUME_VERIFY_OPTIONS:-} \
	--format json "$@" >"$out.tmp" || status=$?
mv "$out.tmp" "$out" # the merge checks that it is complete (its summary record)
[ "$status" -le 1 ] || exit "$status"
exit 0
