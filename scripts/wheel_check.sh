#!/usr/bin/env bash
# Builds the sdist and wheel from the checkout (the wheel from the sdist), installs the wheel
# into a fresh venv outside the checkout and, from a folder outside it too, runs `ascend-ops
# --version`, `caps`, `examples`, scripts/wheel_smoke.py and `ascend-ops build` (then one call on
# the compiled fast path) with the install folder read-only:
# a read-only bind mount for root (who ignores mode bits), chmod -R a-w otherwise.
# torch comes from pip's configured index or cache (TORCH_INDEX_URL as in setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/ascend-ops-wheel.XXXXXX")"
trap 'chmod -R u+w "$WORK" 2>/dev/null; rm -rf "$WORK"' EXIT
TORCH_VERSION=2.13.0
step() { printf 'wheel: %-58s (%ds)\n' "$1" "$SECONDS"; }

step "building the sdist and the wheel"
.venv/bin/python -m build --outdir "$WORK/dist" "$ROOT" > "$WORK/build.log" 2>&1 \
  || { cat "$WORK/build.log"; exit 1; }
WHEEL="$(ls "$WORK"/dist/ascend_ops-*.whl)"
# No verification file (the development package, the CPU-debug tool, the
# CANN stand-ins) may reach the wheel: users get the product only.
python3 scripts/wheel_contents.py "$WHEEL"
step "the wheel holds no verification file ($(python3 -m zipfile -l "$WHEEL" | tail -n +2 | wc -l) files)"

step "creating a fresh venv, installing torch $TORCH_VERSION and the wheel"
python3 -m venv "$WORK/venv"
pip_install() { "$WORK/venv/bin/python" -m pip install --disable-pip-version-check -q "$@" 2>&1 \
  | grep -v "^WARNING: Location .* is ignored" || true; }
pip_install ${TORCH_INDEX_URL:+--index-url "$TORCH_INDEX_URL"} "torch==$TORCH_VERSION"
pip_install "$WHEEL"
"$WORK/venv/bin/python" -c "import ascend_ops" || { echo "wheel: import failed" >&2; exit 1; }

SITE="$("$WORK/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
mkdir -p "$WORK/elsewhere"
cp "$ROOT/scripts/wheel_smoke.py" "$WORK/wheel_smoke.py"
run_read_only() {
  if [ "$(id -u)" = 0 ]; then
    unshare --mount sh -c 'mount --bind -o ro "$0" "$0" && cd "$1" && shift && exec "$@"' \
      "$SITE" "$WORK/elsewhere" "$@"
  else
    chmod -R a-w "$SITE"
    (cd "$WORK/elsewhere" && "$@")
  fi
}
export TORCH_DEVICE_BACKEND_AUTOLOAD=0 ASCEND_OPS_CACHE="$WORK/cache"
step "running the installed package from $WORK/elsewhere (read-only install)"
run_read_only sh -c '
  set -e
  "$0/ascend-ops" --version
  "$0/ascend-ops" caps --op slice > caps.txt && head -n 3 caps.txt
  "$0/ascend-ops" examples > examples.txt || { cat examples.txt; exit 1; }
  tail -n 1 examples.txt
  "$0/python" "$1"
  "$0/ascend-ops" build | tail -n 1
  "$0/python" -c "from ascend_ops import slice; from ascend_ops.cpu import compiled; import torch
assert compiled.fast_path_active(), \"the compiled fast path did not load from the wheel\"
assert slice(torch.arange(6).reshape(2, 3), [0, 1], [2, 2]).tolist() == [[1, 2], [4, 5]]
assert compiled.counts() == (1, 0), compiled.counts()
print(\"wheel: the compiled fast path builds and runs from the installed package\")"
' "$WORK/venv/bin" "$WORK/wheel_smoke.py"
step "done"
