#!/usr/bin/env bash
# Creates .venv (if missing) and installs ascend-ops into it with its test and bench extras.
# torch is pinned to the 2.13.0 CPU build first: an unpinned torch would pull a multi-GB CUDA
# build. torch_npu is never installed here (without CANN it breaks `import torch`).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv with $($PYTHON --version)"
  "$PYTHON" -m venv .venv
fi
pip_quiet() { .venv/bin/python -m pip install --disable-pip-version-check -q "$@" 2>&1 \
  | grep -v "^WARNING: Location .* is ignored" || true; }
if ! .venv/bin/python -c "import torch, sys; sys.exit(torch.__version__.split('+')[0] != '2.13.0')" 2>/dev/null; then
  echo "setup: installing torch 2.13.0 (CPU build)"
  pip_quiet "torch==2.13.0"
fi
echo "setup: installing ascend-ops (editable) with test and bench extras"
pip_quiet -e ".[test,bench,onnx]"
.venv/bin/python -c "import ascend_ops, cpu_reference" || { echo "setup: import failed" >&2; exit 1; }
echo "setup: ready ($(.venv/bin/python -c 'import torch; print("torch", torch.__version__)'))"
