#!/usr/bin/env bash
# Times the main job as a new user meets it: scripts/run.sh in a fresh clone of this checkout's
# HEAD (committed work only), first cold (a new .venv, whose packages come from pip's cache, and
# an empty build cache), then warm (the same clone again, venv and build cache in place). Prints
# both wall times with the load average before and after each run, the commit and the machine,
# and each run's stage times (run.sh's own table). A figure taken at a load average above 1 is
# flagged: rerun it on a quiet machine.
#
#   bash scripts/bench_run.sh          clone, run cold and warm, remove the clone
#   bash scripts/bench_run.sh --keep   keep the clone and both logs (the folder is printed)
set -euo pipefail
KEEP=
for arg in "$@"; do
  case $arg in
    --keep) KEEP=1 ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench_run.sh: unknown argument '$arg' (known: --keep, --help)" >&2; exit 2 ;;
  esac
done
SOURCE=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d -t ascend-ops-bench-run.XXXXXX)
[ -n "$KEEP" ] || trap 'rm -rf "$WORK"' EXIT
git clone -q "$SOURCE" "$WORK/ascend-ops"
COMMIT=$(git -C "$WORK/ascend-ops" rev-parse --short HEAD)
export ASCEND_OPS_CACHE="$WORK/build-cache"  # empty: the cold run builds everything
CPU=$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)
echo "bench_run.sh: commit $COMMIT, $(nproc) cores ($CPU), $(python3 --version 2>&1), $(g++ --version | head -1)"

load() { cut -d' ' -f1 /proc/loadavg; }
RESULTS=()
timed_run() {
  local label=$1 log="$WORK/run-$1.log" before after start seconds
  before=$(load)
  echo "bench_run.sh: $label run (log: $log) ..."
  start=$EPOCHREALTIME
  bash "$WORK/ascend-ops/scripts/run.sh" > "$log" 2>&1 || { tail -30 "$log"; echo "bench_run.sh: the $label run failed" >&2; exit 1; }
  seconds=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { print b - a }')
  after=$(load)
  sed -n '/^run.sh: stage times/,$p' "$log"
  local note=""
  if awk -v l="$before" 'BEGIN { exit !(l > 1) }'; then note="  (busy machine: load $before before; rerun quietly)"; fi
  RESULTS+=("$(printf '%-5s %6.1f s   load average %s before, %s after%s' "$label" "$seconds" "$before" "$after" "$note")")
}
timed_run cold
timed_run warm
echo "bench_run.sh: scripts/run.sh at $COMMIT"
printf '  %s\n' "${RESULTS[@]}"
[ -z "$KEEP" ] || echo "bench_run.sh: kept $WORK"
