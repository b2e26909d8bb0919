#!/usr/bin/env bash
# Sets up .venv and runs the package's main job on a machine without an NPU: check that the
# generated kernels are current, print the capability matrix, run the generated AscendC kernels
# on the CPU simulator over the quick verification corpus (every op x product line x dtype, a
# representative set of cases each, bit for bit), then every spec's worked examples through
# torch.ops.ascend_ops on the CPU. The full corpus is `ascend-ops-dev sim`, which scripts/test.sh
# runs. Prints each stage's wall time at the end.
#
# The compiled fast path (`ascend-ops build`) is built in the background from the start: on a
# first run its compile and the simulator's share the cores, and the examples, which run on it,
# wait for it.
set -euo pipefail
cd "$(dirname "$0")/.."
STAGES_OF=run.sh
source scripts/stages.sh
stage setup bash scripts/setup.sh --main --no-build
export TORCH_DEVICE_BACKEND_AUTOLOAD=0
export ASCEND_OPS_FAST_BUILD=0  # no call starts a build of its own: the one below is the build
BUILD_LOG=$(mktemp -t ascend-ops-build.XXXXXX)
.venv/bin/ascend-ops build > "$BUILD_LOG" 2>&1 &
BUILD_PID=$!
fast_path() {
  local status=0
  wait "$BUILD_PID" || status=$?
  sed 's/^/  /' "$BUILD_LOG"
  rm -f "$BUILD_LOG"
  [ "$status" = 0 ] || echo "run.sh: \`ascend-ops build\` failed ($status); the ops run on the Python registration"
}
stage "generate --check" .venv/bin/ascend-ops-dev generate --check
echo
stage caps .venv/bin/ascend-ops caps
echo
stage "sim --quick" .venv/bin/ascend-ops-dev sim --quick
echo
stage "fast path (the rest of ascend-ops build, started before generate)" fast_path
echo
stage examples .venv/bin/ascend-ops examples
report
