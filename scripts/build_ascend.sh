#!/usr/bin/env bash
# Build the CANN custom-op package (custom_opp_<os>_<arch>.run) of ascend-ops from ascend_kernels/,
# install it where the package looks for it, and build the torch binding that calls its ops.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PROJECT="$ROOT/ascend_kernels"

usage() {
    cat <<EOF
usage: scripts/build_ascend.sh [--soc UNITS] [--cann DIR] [--vendor NAME] [--build-dir DIR]
                               [--package-only] [--check-env]

On an Atlas machine with CANN and the torch_npu release of the installed torch
(pip install "torch_npu==<torch version>.*", e.g. torch_npu==2.6.0.* for torch 2.6.0):
  1. builds the CANN custom-op package of ascend-ops (custom_opp_<os>_<arch>.run) from the
     generated CANN project in ascend_kernels/: cmake --preset=default, then the 'binary' and
     'package' targets (CANN's ASC CMake modules, or on CANN 8.1-8.3 msOpGen's project templates,
     compile the host libraries and the kernels);
  2. installs it with --install-path=<npu dir>/opp (<npu dir> is \$ASCEND_OPS_NPU_DIR, else
     ~/.cache/ascend-ops/npu); CANN finds it through ASCEND_CUSTOM_OPP_PATH, which must be set
     before Python starts (source <npu dir>/opp/vendors/ascend_ops/bin/set_env.bash);
  3. builds the torch binding (ascend_kernels/binding/ascend_ops_npu.cpp) against the installed
     torch and torch_npu into <npu dir>/lib and records what was built in <npu dir>/build.json.
After that, in a shell that sourced set_env.bash, 'import ascend_ops' (once 'import torch_npu'
works) loads the binding: npu tensors run the package's AscendC kernels. 'ascend-ops doctor'
says whether they do, and why not (with the export line when CANN cannot find the package).

This needs a Huawei CANN toolkit (with its ASC CMake modules, compiler/tikcpp/
ascendc_kernel_cmake, or msOpGen's templates, tools/op_project_templates) and cannot run in this repository's CI, which has no CANN: there the
script only says what is missing. Without CANN, 'ascend-ops-dev generate --check' and
'python -m ascend_ops_dev.kernel_checks.host_check' check the generated code, and the simulator runs
the kernels on the CPU.

options:
  --soc UNITS      comma-separated AddConfig names to build for (default: every product line of
                   op_specs/products.yaml: $(compute_units | tr ';' ','))
  --cann DIR       CANN toolkit (default: \$ASCEND_HOME_PATH, \$ASCEND_TOOLKIT_HOME,
                   /usr/local/Ascend/ascend-toolkit/latest, /usr/local/Ascend/latest,
                   /usr/local/Ascend/cann)
  --vendor NAME    vendor_name of the package (default: the preset's)
  --build-dir DIR  build folder (default: ascend_kernels/build_out)
  --package-only   build the .run package only: no install, no binding
  --check-env      only check the environment, build nothing
  -h, --help       this text
EOF
}

die() {
    echo "build_ascend.sh: error: $*" >&2
    exit 1
}

# ASCEND_COMPUTE_UNIT of the generated preset: the AddConfig name of every product line.
compute_units() {
    sed -n '/"ASCEND_COMPUTE_UNIT"/,/}/s/.*"value": *"\([^"]*\)".*/\1/p' "$PROJECT/CMakePresets.json"
}

SOCS=""
CANN=""
VENDOR=""
BUILD_DIR="$PROJECT/build_out"
CHECK_ONLY=0
PACKAGE_ONLY=0
while [ $# -gt 0 ]; do
    case "$1" in
        --soc) [ $# -ge 2 ] || die "--soc needs a value"; SOCS="$2"; shift 2 ;;
        --soc=*) SOCS="${1#--soc=}"; shift ;;
        --cann) [ $# -ge 2 ] || die "--cann needs a value"; CANN="$2"; shift 2 ;;
        --cann=*) CANN="${1#--cann=}"; shift ;;
        --vendor) [ $# -ge 2 ] || die "--vendor needs a value"; VENDOR="$2"; shift 2 ;;
        --vendor=*) VENDOR="${1#--vendor=}"; shift ;;
        --build-dir) [ $# -ge 2 ] || die "--build-dir needs a value"; BUILD_DIR="$2"; shift 2 ;;
        --build-dir=*) BUILD_DIR="${1#--build-dir=}"; shift ;;
        --check-env) CHECK_ONLY=1; shift ;;
        --package-only) PACKAGE_ONLY=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) die "unknown argument '$1' (see --help)" ;;
    esac
done

[ -f "$PROJECT/CMakePresets.json" ] || die "$PROJECT/CMakePresets.json is missing; run 'ascend-ops-dev generate'"

# --soc: every unit must be a product line's AddConfig name.
KNOWN_UNITS="$(compute_units)"
UNITS="$KNOWN_UNITS"
if [ -n "$SOCS" ]; then
    UNITS=""
    IFS=',' read -r -a requested <<< "$SOCS"
    for unit in "${requested[@]}"; do
        unit="$(echo "$unit" | tr 'A-Z' 'a-z' | tr -d ' ')"
        [ -n "$unit" ] || continue
        case ";$KNOWN_UNITS;" in
            *";$unit;"*) UNITS="${UNITS:+$UNITS;}$unit" ;;
            *) die "--soc: unknown compute unit '$unit'; known: $(echo "$KNOWN_UNITS" | tr ';' ',') (op_specs/products.yaml add_config)" ;;
        esac
    done
    [ -n "$UNITS" ] || die "--soc: no compute unit given"
fi

# The CANN toolkit.
missing=()
if [ -z "$CANN" ]; then
    for candidate in "${ASCEND_HOME_PATH:-}" "${ASCEND_TOOLKIT_HOME:-}" /usr/local/Ascend/ascend-toolkit/latest \
                     /usr/local/Ascend/latest /usr/local/Ascend/cann; do
        if [ -n "$candidate" ] && [ -d "$candidate" ]; then
            CANN="$candidate"
            break
        fi
    done
fi
if [ -z "$CANN" ]; then
    missing+=("no CANN toolkit: ASCEND_HOME_PATH is not set and none of /usr/local/Ascend/ascend-toolkit/latest, /usr/local/Ascend/latest, /usr/local/Ascend/cann exists.
    Install the CANN toolkit for your Ascend product (hiascend.com, 'CANN'), then
    'source <install dir>/ascend-toolkit/set_env.sh' (sets ASCEND_HOME_PATH) or pass --cann DIR.")
elif [ ! -d "$CANN" ]; then
    missing+=("--cann $CANN is not a folder")
else
    # Either op-project flow (ascend_kernels/cmake/ascend_ops.cmake picks it): the ASC CMake
    # modules (CANN 8.5+) or msOpGen's project templates (CANN 8.1-8.3).
    ASC_DIR="$CANN/compiler/tikcpp/ascendc_kernel_cmake"
    TEMPLATE_DIR="$CANN/tools/op_project_templates/ascendc/customize/cmake"
    if ! ls "$ASC_DIR"/*onfig.cmake >/dev/null 2>&1 && [ ! -f "$TEMPLATE_DIR/func.cmake" ]; then
        missing+=("$CANN offers no op-project flow: neither the ASC CMake modules ($ASC_DIR/asc-config.cmake,
    CANN 8.5+) nor msOpGen's project templates ($TEMPLATE_DIR/func.cmake, CANN 8.1-8.3).")
    fi
    if [ ! -d "$CANN/include" ]; then
        missing+=("$CANN/include is missing (CANN host headers: register/op_def_registry.h, ...)")
    fi
    # CANN's ASC CMake modules (asc-config.cmake) take the toolkit from $ASCEND_HOME_PATH and stop
    # without it: the build exports the toolkit it uses, and refuses one the variable contradicts.
    if [ -n "${ASCEND_HOME_PATH:-}" ] && [ -d "$ASCEND_HOME_PATH" ] &&
       [ "$(cd "$ASCEND_HOME_PATH" && pwd -P)" != "$(cd "$CANN" && pwd -P)" ]; then
        missing+=("ASCEND_HOME_PATH=$ASCEND_HOME_PATH is another toolkit than --cann $CANN, and CANN's CMake
    modules build with \$ASCEND_HOME_PATH: source $CANN's set_env.sh, or drop --cann.")
    fi
    export ASCEND_HOME_PATH="$CANN"
fi
command -v cmake >/dev/null 2>&1 || missing+=("cmake is not installed (3.19 or newer is needed for presets)")
if command -v cmake >/dev/null 2>&1; then
    version="$(cmake --version | sed -n 's/^cmake version \([0-9]*\.[0-9]*\).*/\1/p')"
    major="${version%%.*}"
    minor="${version#*.}"
    if [ -n "$version" ] && { [ "$major" -lt 3 ] || { [ "$major" -eq 3 ] && [ "$minor" -lt 19 ]; }; }; then
        missing+=("cmake $version is too old: CMakePresets.json needs 3.19 or newer")
    fi
fi
command -v python3 >/dev/null 2>&1 || missing+=("python3 is not installed (CANN's build scripts need it)")

PYTHON="${PYTHON:-}"
if [ -z "$PYTHON" ]; then
    if [ -x "$ROOT/.venv/bin/python" ]; then PYTHON="$ROOT/.venv/bin/python"; else PYTHON=python3; fi
fi
py() { PYTHONPATH="$ROOT/python:$ROOT${PYTHONPATH:+:$PYTHONPATH}" "$PYTHON" "$@"; }
if [ "$PACKAGE_ONLY" = 0 ]; then
    # The binding links against torch_npu, which imports only with CANN's environment set.
    if ! err="$(py -c 'import torch, torch_npu' 2>&1)"; then
        missing+=("torch_npu does not import with $PYTHON (needed for the torch binding):
    $(echo "$err" | tail -n 1)
    Install the release made for the installed torch: pip install \"torch_npu==<torch version>.*\",
    and source CANN's set_env.sh; or pass --package-only to build the .run package alone.")
    fi
    command -v g++ >/dev/null 2>&1 || missing+=("g++ is not installed (it builds the torch binding)")
fi

if [ ${#missing[@]} -gt 0 ]; then
    echo "build_ascend.sh: cannot build the CANN package here:" >&2
    for m in "${missing[@]}"; do
        echo "  - $m" >&2
    done
    exit 1
fi

# The generated project must match op_specs/.
if ! py -m ascend_ops_gen.codegen --check; then
    die "ascend_kernels/ does not match op_specs/; run 'ascend-ops-dev generate' first"
fi

echo "build_ascend.sh: CANN $CANN (ASCEND_HOME_PATH=$ASCEND_HOME_PATH), compute units $(echo "$UNITS" | tr ';' ','), build folder $BUILD_DIR"
if [ "$CHECK_ONLY" = 1 ]; then
    exit 0
fi

configure=(cmake -S "$PROJECT" -B "$BUILD_DIR" --preset=default
           "-DASCEND_CANN_PACKAGE_PATH:PATH=$CANN" "-DASCEND_COMPUTE_UNIT:STRING=$UNITS")
[ -z "$VENDOR" ] || configure+=("-Dvendor_name:STRING=$VENDOR")
"${configure[@]}"
cmake --build "$BUILD_DIR" --target binary package -j"$(nproc)"

package="$(find "$BUILD_DIR" -maxdepth 1 -name 'custom_opp_*.run' | head -n 1)"
[ -n "$package" ] || die "the build finished but left no custom_opp_*.run in $BUILD_DIR"
echo "build_ascend.sh: built $package"
if [ "$PACKAGE_ONLY" = 1 ]; then
    echo "  install it on the Ascend machine: $package [--install-path=DIR]"
    exit 0
fi

NPU_DIR="$(py -m ascend_ops.npu.binding install-dir)"
echo "build_ascend.sh: installing the op package into $NPU_DIR/opp"
mkdir -p "$NPU_DIR/opp"
"$package" "--install-path=$NPU_DIR/opp"
vendor_dir="$(py -m ascend_ops.npu.binding vendor-dir)"
[ -d "$vendor_dir" ] || die "the package installed, but $vendor_dir is missing (is --vendor the preset's vendor_name?)"
echo "build_ascend.sh: building the torch binding"
py -m ascend_ops.npu.binding build --cann "$CANN"
echo "build_ascend.sh: done. CANN finds the op package through ASCEND_CUSTOM_OPP_PATH, set before"
echo "  Python starts: source $vendor_dir/bin/set_env.bash (e.g. in ~/.bashrc); then check with:"
echo "  ascend-ops doctor"
