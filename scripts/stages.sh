# Sourced by scripts/run.sh and scripts/test.sh: `stage NAME COMMAND...` runs a command and records
# its wall time, printed as it ends and again, as a table, by `report` at the end.
TIMES=()
stage() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  TIMES+=("$(printf '%6d s  %s' "$((SECONDS - start))" "$name")")
  echo "$STAGES_OF: $name took $((SECONDS - start)) s"
}
report() {
  echo "$STAGES_OF: stage times"
  printf '  %s\n' "${TIMES[@]}"
  echo "$STAGES_OF: total $SECONDS s"
}
