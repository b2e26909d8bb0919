#!/usr/bin/env bash
# Sets up .venv and runs the package's main job on a machine without an NPU: the capability
# matrix, then every spec's worked examples through torch.ops.ascend_ops on the CPU.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export TORCH_DEVICE_BACKEND_AUTOLOAD=0
.venv/bin/ascend-ops caps
echo
.venv/bin/ascend-ops examples
