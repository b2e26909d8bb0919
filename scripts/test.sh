#!/usr/bin/env bash
# Sets up .venv and runs every check: the generated kernels are current and compile without
# CANN, the generated docs are current, the wheel works installed outside the checkout
# (scripts/wheel_check.sh), the compatibility subset on the oldest and newest supported torch
# (scripts/compat.sh), the full simulator corpus passes (this also builds the
# simulator libraries the tests reuse), with the CANN headers the kernels compile against them
# and run the quick corpus through Huawei's AscendC implementation (check-cann, cpudebug; both
# against asc-devkit and against CANN 8.1), and
# CANN's op_build, CANN's CMake build of the op package (the ASC modules, and CANN 8.1's msOpGen
# templates) and the CPU run of the torch binding (check-package), then
# the whole test suite. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each stage's wall time, printed as it ends and again as a table at the end (what each stage
# costs CI, e.g. the compatibility matrix).
STAGES_OF=test.sh
source scripts/stages.sh
stage setup bash scripts/setup.sh
export TORCH_DEVICE_BACKEND_AUTOLOAD=0
stage "generate --check" .venv/bin/ascend-ops-dev generate --check
stage "host check" .venv/bin/python -m ascend_ops_dev.kernel_checks.host_check
stage "check-npu" .venv/bin/ascend-ops-dev check-npu
stage "docs --check" .venv/bin/ascend-ops-dev docs --check
stage "wheel check" bash scripts/wheel_check.sh
# The compatibility subset on the oldest and newest supported torch, each in its own venv cached
# outside the checkout (`bash scripts/compat.sh --all` runs every minor of the range).
stage "compat matrix (oldest and newest torch)" bash scripts/compat.sh
stage "sim (full corpus)" .venv/bin/ascend-ops-dev sim
if [ -d ../shared/cann-headers ] || [ -n "${ASCEND_HOME_PATH:-}${ASCEND_TOOLKIT_HOME:-}" ]; then
  stage "check-cann (cann-headers)" .venv/bin/ascend-ops-dev check-cann
fi
if [ -d ../shared/cann-8.1/toolkit ]; then
  # The kernels against CANN 8.1's AscendC (no __host_aicore__ there), every arch, and the op_host
  # files against its host headers.
  stage "check-cann (CANN 8.1)" .venv/bin/ascend-ops-dev check-cann --headers ../shared/cann-8.1/toolkit
fi
if [ -d ../shared/cann-headers ] || [ -n "${ASCEND_HOME_PATH:-}${ASCEND_TOOLKIT_HOME:-}" ]; then
  # CANN's op_host compile line, CANN's op_build built from source and run on the op_host library,
  # and the torch binding built against its aclnn headers, run on the CPU aclnn runtime.
  if [ -d ../shared/cann-headers ]; then
    stage "check-package (cann-headers)" .venv/bin/ascend-ops-dev check-package --toolkit ../shared/cann-headers
  else
    stage "check-package" .venv/bin/ascend-ops-dev check-package
  fi
  if [ -d ../shared/cann-8.1/toolkit ] && [ -d ../shared/cann-headers ]; then
    # The same chain on CANN 8.1 with msOpGen's project templates, in place: the template's own
    # op_host line and opbuild(), make, make binary, make package, install.sh (op_build built from
    # cann-headers' asc-devkit sources: the toolkit holds none that runs here).
    stage "check-package (CANN 8.1)" .venv/bin/ascend-ops-dev check-package --toolkit ../shared/cann-8.1/toolkit
  fi
  # The kernels through Huawei's AscendC implementation (CPU-debug mode, the package's intrinsic
  # model), bit for bit against the emulator and cpu_reference; objects cached by content.
  stage "cpudebug --quick" .venv/bin/ascend-ops-dev cpudebug --quick
fi
if [ -d ../shared/cann-8.1/toolkit ]; then
  # The same corpus through CANN 8.1's AscendC implementation, compiled against 8.1's own
  # stub_fun.h, with the package's stand-in for 8.1's closed CPU-debug framework library.
  stage "cpudebug --quick (CANN 8.1)" .venv/bin/ascend-ops-dev cpudebug --quick --headers ../shared/cann-8.1/toolkit
fi
stage "pytest" .venv/bin/python -m pytest -n 2 -q "$@"
report
