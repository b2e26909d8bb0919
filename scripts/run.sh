#!/usr/bin/env bash
# Sets up .venv and runs the package's main job on a machine without an NPU: check that the
# generated kernels are current, print the capability matrix, run every spec's worked examples
# through torch.ops.ascend_ops on the CPU, then run the generated AscendC kernels on the CPU
# simulator over the quick verification corpus (every op x product line x dtype, a
# representative set of cases each, bit for bit). The full corpus is `ascend-ops-dev sim`, which
# scripts/test.sh runs.
set -euo pipefail
cd "$(dirname "$0")/.."
START=$SECONDS
bash scripts/setup.sh
export TORCH_DEVICE_BACKEND_AUTOLOAD=0
.venv/bin/ascend-ops-dev generate --check
echo
.venv/bin/ascend-ops caps
echo
.venv/bin/ascend-ops examples
echo
.venv/bin/ascend-ops-dev sim --quick
echo "run.sh: done in $((SECONDS - START)) s"
