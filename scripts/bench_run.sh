#!/usr/bin/env bash
# Times the main job as a new user meets it: scripts/run.sh in a fresh clone of this checkout's
# HEAD (committed work only), first cold (a new .venv, whose packages come from pip's cache, and
# an empty build cache), then warm (the same clone again, venv and build cache in place). Prints
# both wall times with the load average before and after each run, the commit and the machine,
# and each run's stage times (run.sh's own table). Each run waits (up to 3 minutes) for the load
# average to fall below 1; a figure taken at a load average above 1 is flagged: rerun it on a
# quiet machine.
#
#   bash scripts/bench_run.sh                 clone, run cold and warm, remove the clone
#   bash scripts/bench_run.sh --baseline REV  also REV's run.sh, cold and warm, in the same run,
#                                             and each figure's ratio to REV's
#   bash scripts/bench_run.sh --keep          keep the clones and the logs (the folder is printed)
set -euo pipefail
KEEP= BASELINE=
while [ $# -gt 0 ]; do
  case $1 in
    --keep) KEEP=1 ;;
    --baseline) [ $# -ge 2 ] || { echo "bench_run.sh: --baseline needs a revision" >&2; exit 2; }
                BASELINE=$2; shift ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench_run.sh: unknown argument '$1' (known: --baseline REV, --keep, --help)" >&2; exit 2 ;;
  esac
  shift
done
SOURCE=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d -t ascend-ops-bench-run.XXXXXX)
[ -n "$KEEP" ] || trap 'rm -rf "$WORK"' EXIT
SOURCE_HEAD=$(git -C "$SOURCE" rev-parse HEAD)
if [ -n "$BASELINE" ]; then
  BASELINE_HEAD=$(git -C "$SOURCE" rev-parse --verify -q "$BASELINE^{commit}") ||
    { echo "bench_run.sh: --baseline $BASELINE is no commit of $SOURCE" >&2; exit 2; }
fi
CPU=$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)
echo "bench_run.sh: $(nproc) cores ($CPU), $(python3 --version 2>&1), $(g++ --version | head -1)"

load() { cut -d' ' -f1 /proc/loadavg; }
# settle: wait (up to 3 minutes) for the one-minute load average to fall below 1, so that a run is
# not timed in the tail of the previous run's own load.
settle() {
  local waited=0
  while awk -v l="$(load)" 'BEGIN { exit !(l >= 1) }' && [ $waited -lt 180 ]; do
    [ $waited -gt 0 ] || echo "bench_run.sh: waiting for the load average ($(load)) to fall below 1 (up to 180 s)"
    sleep 10; waited=$((waited + 10))
  done
}
RESULTS=()
declare -A SECONDS_OF
# timed_run LABEL CLONE: run.sh in CLONE, with CLONE.cache as its build cache (empty at first).
timed_run() {
  local label=$1 clone=$2 log="$WORK/run-$1.log" before after start seconds note=""
  settle
  before=$(load)
  echo "bench_run.sh: $label run (log: $log) ..."
  start=$EPOCHREALTIME
  ASCEND_OPS_CACHE="$clone.cache" bash "$clone/scripts/run.sh" > "$log" 2>&1 ||
    { tail -30 "$log"; echo "bench_run.sh: the $label run failed" >&2; exit 1; }
  seconds=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
  after=$(load)
  SECONDS_OF[$label]=$seconds
  sed -n '/^run.sh: stage times/,$p' "$log"
  if awk -v l="$before" 'BEGIN { exit !(l > 1) }'; then note="  (busy machine: load $before before; rerun quietly)"; fi
  RESULTS+=("$(printf '%-14s %6.1f s   load average %s before, %s after%s' "$label" "$seconds" "$before" "$after" "$note")")
}
# clone REV NAME: a fresh clone of the checkout at REV in $WORK/NAME.
clone() {
  git clone -q "$SOURCE" "$WORK/$2"
  git -C "$WORK/$2" checkout -q --detach "$1"
  echo "bench_run.sh: $2 is $(git -C "$WORK/$2" log -1 --format='%h %s' | cut -c1-80)"
}
clone "$SOURCE_HEAD" ascend-ops
timed_run cold "$WORK/ascend-ops"
timed_run warm "$WORK/ascend-ops"
if [ -n "$BASELINE" ]; then
  clone "$BASELINE_HEAD" baseline
  timed_run "baseline cold" "$WORK/baseline"
  timed_run "baseline warm" "$WORK/baseline"
fi
echo "bench_run.sh: scripts/run.sh at $(git -C "$SOURCE" rev-parse --short HEAD)${BASELINE:+ and at $BASELINE}"
printf '  %s\n' "${RESULTS[@]}"
if [ -n "$BASELINE" ]; then
  for kind in cold warm; do
    awk -v a="${SECONDS_OF[$kind]}" -v b="${SECONDS_OF[baseline $kind]}" -v k="$kind" \
      'BEGIN { printf "  %s: %.2fx the baseline'"'"'s time\n", k, a / b }'
  done
fi
[ -z "$KEEP" ] || echo "bench_run.sh: kept $WORK"
