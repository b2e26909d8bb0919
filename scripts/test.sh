#!/usr/bin/env bash
# Sets up .venv and runs every check: the generated kernels are current, the generated docs are
# current, then the whole test suite. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export TORCH_DEVICE_BACKEND_AUTOLOAD=0
.venv/bin/python -m pytest -n 2 -q "$@"
