#!/usr/bin/env bash
# Runs the compatibility subset of the tests (pytest -m compat: import, every op on every CPU
# backend, the errors, autograd and torch.func, torch.compile, opcheck, the private-name scan) on
# each supported torch, one venv per torch version, and compiles the torch binding against that
# torch's headers and those of the torch_npu release made for it (`ascend-ops-dev check-npu`: the
# wheel is downloaded for its headers, never installed), and, where torch_npu's own table pairs a
# release with this torch and CANN 8.1, against that release with 8.1's acl headers
# (`check-npu --paired-with 8.1 --acl-headers`; CANN_81_INCLUDE names them). The table names the
# release and the OpCommand member each compile launches through.
#
#   bash scripts/compat.sh              the oldest and newest supported torch (what CI runs)
#   bash scripts/compat.sh --all        every minor of the range, the latest patch of each
#   bash scripts/compat.sh 2.8.0 2.9.1  the versions named
#   options: --prune  remove each venv after its run, except the oldest's and newest's
#            -- ARGS  passed on to pytest
#
# The venvs live outside the checkout, in $ASCEND_OPS_COMPAT_HOME (default
# ~/.cache/ascend-ops/compat), and are reused: a warm run only reinstalls the checkout when it
# changed. torch comes from pip's index (PyPI's Linux x86_64 wheels are CUDA builds, about 6.5 GB
# a venv with their nvidia wheels; they run on the CPU) or from TORCH_INDEX_URL if set (PyTorch's
# CPU index: https://download.pytorch.org/whl/cpu). torch_npu is never installed.
set -euo pipefail
cd "$(dirname "$0")/.."
CHECKOUT=$(pwd)
PYTHON=${PYTHON:-python3}

# One entry per minor of pyproject.toml's torch bound (tests/ascend_ops/runtime/test_torch_private.py
# holds the two together): the torch release the minor's torch_npu is made for (torch_npu 2.12.0
# requires torch 2.12.0, 2.14.0 torch 2.14.0; there is no torch_npu 2.12.1 or 2.14.1).
MATRIX=(2.6.0 2.7.1 2.8.0 2.9.1 2.10.0 2.11.0 2.12.0 2.13.0 2.14.0)
OLDEST=${MATRIX[0]}
NEWEST=${MATRIX[-1]}
HOME_DIR=${ASCEND_OPS_COMPAT_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/ascend-ops/compat}

versions=()
prune=0
pytest_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --all) versions=("${MATRIX[@]}") ;;
    --ends) versions=("$OLDEST" "$NEWEST") ;;
    --prune) prune=1 ;;
    --) shift; pytest_args=("$@"); break ;;
    -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    [0-9]*)
      if [[ ! " ${MATRIX[*]} " == *" $1 "* ]]; then
        echo "compat: torch $1 is not in the supported matrix: ${MATRIX[*]}" >&2; exit 2
      fi
      versions+=("$1") ;;
    *) echo "compat: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done
[ ${#versions[@]} -gt 0 ] || versions=("$OLDEST" "$NEWEST")

pip_in() { "$1/bin/python" -m pip install --disable-pip-version-check "${@:2}" 2>&1 \
             | grep -v "^WARNING: Location .* is ignored" || true; }

# The checkout's identity: a venv whose recorded stamp differs reinstalls it (editable, so the
# tests run this checkout's code).
stamp() { printf '%s\n' "$CHECKOUT"; sha256sum pyproject.toml setup.py dev/pyproject.toml | cut -d' ' -f1; }

prepare() {  # $1 = torch version; prints progress, leaves $venv ready
  local version=$1 venv=$HOME_DIR/torch-$1
  if ! "$venv/bin/python" -c "import torch, sys; sys.exit(torch.__version__.split('+')[0] != '$version')" \
      2>/dev/null; then
    echo "compat: torch $version: creating $venv (torch from ${TORCH_INDEX_URL:-the configured pip index})"
    rm -rf "$venv"
    mkdir -p "$HOME_DIR"
    "$PYTHON" -m venv "$venv"
    if [ -n "${TORCH_INDEX_URL:-}" ]; then
      pip_in "$venv" -q --index-url "$TORCH_INDEX_URL" "torch==$version"
    else
      pip_in "$venv" -q "torch==$version"
    fi
  fi
  if [ "$(cat "$venv/.ascend-ops-stamp" 2>/dev/null)" != "$(stamp)" ]; then
    echo "compat: torch $version: installing this checkout"
    pip_in "$venv" -q -e ".[test]" -e ./dev
    stamp > "$venv/.ascend-ops-stamp"
  fi
  "$venv/bin/python" -c "import torch, sys; sys.exit(torch.__version__.split('+')[0] != '$version')" || {
    echo "compat: torch $version: the venv has $("$venv/bin/python" -c 'import torch; print(torch.__version__)')" >&2
    return 1
  }
}

# The subset: the test files marked `pytestmark = pytest.mark.compat` (only these are collected,
# so the other files' extras need not be installed).
mapfile -t subset < <(grep -rl --include='test_*.py' '^pytestmark = pytest.mark.compat' tests | sort)

# "torch_npu-2.6.0rc1/RunOpApi": the release and the OpCommand member of the compile a check-npu
# log reports (tests/ascend_ops_dev/binding/test_check_npu.py holds this to check-npu's wording).
compiled() {
  sed -nE 's/.* compiles against torch [^,]*, (torch_npu-[0-9][^-]*)-.* launching through OpCommand::([A-Za-z0-9]+).*/\1\/\2/p' \
    "$1" | paste -sd, -
}

export TORCH_DEVICE_BACKEND_AUTOLOAD=0
# CANN 8.1's host headers (a toolkit fixture beside the checkout, or CANN_81_INCLUDE).
CANN_81_INCLUDE=${CANN_81_INCLUDE:-../shared/cann-8.1/toolkit/aarch64-linux/include}
results=()
failed=0
for version in "${versions[@]}"; do
  venv=$HOME_DIR/torch-$version
  start=$SECONDS
  log=$(mktemp)
  outcome=passed
  if ! prepare "$version"; then
    outcome="not installed"
  else
    echo "compat: torch $version: building the compiled CPU kernel and the simulated npu device for it (cached)"
    "$venv/bin/ascend-ops" build --sim-npu >"$log" 2>&1 || { cat "$log"; outcome="build failed"; }
    if [ "$outcome" = passed ]; then
      echo "compat: torch $version: pytest -m compat"
      if ! "$venv/bin/python" -m pytest -m compat -q -n 2 -p no:cacheprovider "${subset[@]}" \
          "${pytest_args[@]}" 2>&1 | tee "$log" | grep -E "^(FAILED|ERROR)|[0-9]+ (passed|failed)"; then
        :
      fi
      grep -qE "^(FAILED|ERROR)|[0-9]+ (failed|error)" "$log" && outcome=failed
      grep -qE "[0-9]+ passed" "$log" || outcome=failed
    fi
  fi
  binding=-
  if [ "$outcome" = passed ]; then
    echo "compat: torch $version: ascend-ops-dev check-npu (the binding against torch_npu $version's headers)"
    if "$venv/bin/ascend-ops-dev" check-npu >"$log.npu" 2>&1; then
      binding=$(compiled "$log.npu")
      binding=${binding:-compiled}
    else
      cat "$log.npu"; binding="FAILED"; outcome="binding failed"
    fi
    rm -f "$log.npu"
  fi
  # The release torch_npu's own table pairs with this torch and CANN 8.1 (if any), against 8.1's
  # acl headers (Note [acl overlay]): the older launch path (Note [launch path]), with RunOpApiV2
  # forced as its negative control, and 8.1's acl API.
  if [ "$outcome" = passed ] && [ -d "$CANN_81_INCLUDE" ]; then
    echo "compat: torch $version: ascend-ops-dev check-npu --paired-with 8.1 (8.1's acl headers)"
    paired_start=$SECONDS
    if "$venv/bin/ascend-ops-dev" check-npu --paired-with 8.1 --acl-headers "$CANN_81_INCLUDE" >"$log.npu" 2>&1; then
      paired=$(compiled "$log.npu")
      grep -q "forced it does not compile, as it must" "$log.npu" && paired="$paired (V2 forced: refused)"
      [ -n "$paired" ] && binding="$binding; $paired + CANN 8.1 acl"
    else
      cat "$log.npu"; binding="$binding; CANN 8.1 FAILED"; outcome="binding failed"
    fi
    echo "compat: torch $version: check-npu --paired-with 8.1 took $((SECONDS - paired_start)) s"
    rm -f "$log.npu"
  fi
  counts=$(grep -oE "[0-9]+ (passed|failed|skipped|errors?|xfailed)" "$log" | paste -sd, - || true)
  rm -f "$log"
  [ "$outcome" = passed ] || failed=1
  torch_seen=$("$venv/bin/python" -c "import torch; print(torch.__version__)" 2>/dev/null || echo -)
  results+=("$(printf '%-8s %-16s %-14s %-28s %-80s %5ss' "$version" "$torch_seen" "$outcome" \
               "${counts:--}" "$binding" "$((SECONDS - start))")")
  if [ "$prune" = 1 ] && [ "$version" != "$OLDEST" ] && [ "$version" != "$NEWEST" ]; then
    echo "compat: torch $version: pruning $venv"
    rm -rf "$venv"
  fi
done

echo
printf '%-8s %-16s %-14s %-28s %-80s %6s\n' torch installed result tests "binding compiled with" time
for row in "${results[@]}"; do echo "$row"; done
exit $failed
