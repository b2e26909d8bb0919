#!/usr/bin/env bash
# Creates .venv (if missing) and installs into it ascend-ops and the development package (dev/:
# ascend_ops_dev, the `ascend-ops-dev` command), both editable, with ascend-ops' test, bench and
# onnx extras, then builds the compiled fast path (`ascend-ops build`). torch is pinned to 2.13.0
# and installed first, with pip's progress shown: it is the one large download. torch_npu is never
# installed here (without CANN it breaks `import torch`).
#
#   --main      only what scripts/run.sh needs: no extras (they are installed when a later
#               setup asks for them)
#   --no-build  leave the fast path to the caller (scripts/run.sh builds it beside other work)
#
# Which torch build pip fetches depends on the index: PyPI's Linux x86_64 wheel is the CUDA
# build (several GB with its nvidia-* dependencies). For the CPU build (about 200 MB) set
#   TORCH_INDEX_URL=https://download.pytorch.org/whl/cpu
# and torch (only torch) comes from that index. Unset, pip uses its configured index.
set -euo pipefail
cd "$(dirname "$0")/.."
EXTRAS=test,bench,onnx
BUILD=1
for arg in "$@"; do
  case $arg in
    --main) EXTRAS= ;;
    --no-build) BUILD= ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "setup.sh: unknown argument '$arg' (known: --main, --no-build, --help)" >&2; exit 2 ;;
  esac
done
PYTHON=${PYTHON:-python3}
TORCH_VERSION=2.13.0
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv with $($PYTHON --version)"
  "$PYTHON" -m venv .venv
fi
pip_install() { .venv/bin/python -m pip install --disable-pip-version-check "$@"; }
# Quiet for the small packages; warnings about ignored locations are noise here.
pip_quiet() { pip_install -q "$@" 2>&1 | grep -v "^WARNING: Location .* is ignored" || true; }
torch_version() { .venv/bin/python -c "import torch; print(torch.__version__)" 2>/dev/null || true; }
HAVE_TORCH=$(torch_version)
if [ "${HAVE_TORCH%%+*}" != "$TORCH_VERSION" ]; then
  if [ -n "${TORCH_INDEX_URL:-}" ]; then
    echo "setup: installing torch $TORCH_VERSION from TORCH_INDEX_URL=$TORCH_INDEX_URL"
    pip_install --progress-bar on --index-url "$TORCH_INDEX_URL" "torch==$TORCH_VERSION"
  else
    echo "setup: installing torch $TORCH_VERSION from pip's configured index (on PyPI's Linux x86_64"
    echo "       wheel that is the multi-GB CUDA build; TORCH_INDEX_URL=https://download.pytorch.org/whl/cpu"
    echo "       fetches the CPU build instead)"
    pip_install --progress-bar on "torch==$TORCH_VERSION"
  fi
  HAVE_TORCH=$(torch_version)
fi
# An editable install reads the checkout, so only a change of what pip read (pyproject.toml,
# setup.py, dev/pyproject.toml), of the venv's Python or of the extras asked for asks for another
# one; the stamp records what the last install saw and the extras it installed.
STAMP=.venv/.ascend-ops-install
INSTALLED="$(cat pyproject.toml setup.py dev/pyproject.toml | sha256sum | cut -d' ' -f1) $(readlink -f .venv/bin/python)"
STAMP_FILES= STAMP_PYTHON= STAMP_EXTRAS=
[ ! -f "$STAMP" ] || read -r STAMP_FILES STAMP_PYTHON STAMP_EXTRAS < "$STAMP" || true
missing_extras() {  # the extras asked for that the stamp does not list
  local e
  for e in ${EXTRAS//,/ }; do
    [[ ",$STAMP_EXTRAS," == *",$e,"* ]] || printf '%s ' "$e"
  done
}
if [ "$STAMP_FILES $STAMP_PYTHON" = "$INSTALLED" ] && [ -z "$(missing_extras)" ] && .venv/bin/python -c "
import importlib.util, sys
sys.exit(not all(importlib.util.find_spec(m) for m in ('ascend_ops', 'ascend_ops_cli', 'cpu_reference', 'ascend_ops_gen', 'ascend_ops_dev')))" 2>/dev/null; then
  echo "setup: ascend-ops and ascend-ops-dev are installed (editable; their pyproject.toml and setup.py unchanged since)"
else
  [ "$STAMP_FILES $STAMP_PYTHON" = "$INSTALLED" ] && EXTRAS=$(echo "$STAMP_EXTRAS,$EXTRAS" | tr ',' '\n' | { grep -v '^-*$' || true; } | sort -u | paste -sd,)
  echo "setup: installing ascend-ops (editable) with ${EXTRAS:+its $EXTRAS extras}${EXTRAS:-no extras}, and ascend-ops-dev (dev/)"
  rm -f "$STAMP"
  # The build backend is the venv's own setuptools (torch brings one): no isolated build
  # environment to create for each of the two editable installs.
  .venv/bin/python -c "
import sys
from importlib.metadata import version
sys.exit(int(version('setuptools').split('.')[0]) < 77)" 2>/dev/null || pip_quiet "setuptools>=77"
  pip_quiet --no-build-isolation -e ".${EXTRAS:+[$EXTRAS]}" -e ./dev
  .venv/bin/python -c "import ascend_ops, cpu_reference, ascend_ops_dev" || { echo "setup: import failed" >&2; exit 1; }
  echo "$INSTALLED ${EXTRAS:--}" > "$STAMP"
fi
# CANN's CMake build of the op package (`ascend-ops-dev check-package`, step 3) needs CMake >= 3.19;
# without one on PATH, take PyPI's cmake wheel into .venv/bin.
if ! cmake --version >/dev/null 2>&1 && [ ! -x .venv/bin/cmake ]; then
  echo "setup: no cmake on PATH; installing PyPI's cmake into .venv"
  pip_quiet "cmake>=3.19"
fi
# The compiled fast path (cached; without a compiler the ops run on the Python registration).
if [ -n "$BUILD" ]; then
  TORCH_DEVICE_BACKEND_AUTOLOAD=0 .venv/bin/ascend-ops build || echo "setup: continuing without the fast path"
fi
echo "setup: ready (torch $HAVE_TORCH)"
