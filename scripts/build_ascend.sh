#!/usr/bin/env bash
# Build the CANN custom-op package (custom_opp_<os>_<arch>.run) of ascend-ops from ascend_kernels/,
# install it where the package looks for it, and build the torch binding that calls its ops.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PROJECT="$ROOT/ascend_kernels"

usage() {
    cat <<EOF
usage: scripts/build_ascend.sh [--soc UNITS|all] [--cann DIR] [--vendor NAME] [--build-dir DIR]
                               [--package-only] [--check-env] [--print-plan]

On an Atlas machine with CANN and the torch_npu release of the installed torch
(pip install "torch_npu==<torch version>.*", e.g. torch_npu==2.6.0.* for torch 2.6.0):
  1. builds the CANN custom-op package of ascend-ops (custom_opp_<os>_<arch>.run) for this
     machine's SoC from the generated CANN project in ascend_kernels/: cmake --preset=default, then
     the 'binary' and 'package' targets (CANN's ASC CMake modules, or on CANN 8.1-8.3 msOpGen's
     project templates, compile the host libraries and the kernels);
  2. installs it: into \$ASCEND_OPP_PATH/vendors (CANN's own install, found through its
     vendors/config.ini by every user of the machine) when that folder is writable; else into
     \$ASCEND_OPS_NPU_DIR/opp if set, else the user cache (~/.cache/ascend-ops/npu/opp), saying so:
     there CANN finds it through ASCEND_CUSTOM_OPP_PATH, which 'import ascend_ops' sets (or
     <vendor dir>/bin/set_env.bash, before Python starts);
  3. builds the torch binding (ascend_kernels/binding/ascend_ops_npu.cpp, C++17) against the
     installed torch and torch_npu, and records the releases it was built against in build.json;
  4. ends with 'ascend-ops doctor', whose real aclnn call through the binding says whether npu
     tensors run the package's AscendC kernels, and why not.

This needs a Huawei CANN toolkit (with its ASC CMake modules, compiler/tikcpp/ascendc_kernel_cmake,
or msOpGen's templates, tools/op_project_templates) and a g++ for the C++ standard torch's
headers ask for: g++ 9 or newer for C++17 (torch up to 2.13), g++ 10 or newer for C++20 (torch
2.14 on). It cannot run in this repository's CI, which has no CANN: there the script only says what is
missing, and --print-plan shows what it would do. Without CANN, 'ascend-ops-dev generate --check' and
'python -m ascend_ops_dev.kernel_checks.host_check' check the generated code, and the simulator
runs the kernels on the CPU.

options:
  --soc UNITS      comma-separated AddConfig names to build for, or 'all' for every product line of
                   op_specs/products.yaml ($(compute_units | tr ';' ',')); default: the SoC of this
                   machine, from 'npu-smi info -m', else from torch_npu when it imports
  --cann DIR       CANN toolkit (default: \$ASCEND_HOME_PATH, \$ASCEND_TOOLKIT_HOME,
                   /usr/local/Ascend/ascend-toolkit/latest, /usr/local/Ascend/latest,
                   /usr/local/Ascend/cann)
  --vendor NAME    vendor_name of the package (default: the preset's, $(preset_vendor))
  --build-dir DIR  build folder (default: ascend_kernels/build_out)
  --package-only   build the .run package only: no install, no binding, no doctor
  --check-env      only check the environment, build nothing
  --print-plan     print what a build would do here (SoC, toolkit, compiler, install folder, the
                   final doctor call) and what is missing; build nothing
  -h, --help       this text

environment: CXX (the binding's compiler, default g++), ASCEND_OPS_NPU_DIR (install there, not in
\$ASCEND_OPP_PATH/vendors), PYTHON (default: the checkout's .venv, else python3)
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

# vendor_name of the generated preset: the op package's folder under vendors/.
preset_vendor() {
    sed -n '/"vendor_name"/,/}/s/.*"value": *"\([^"]*\)".*/\1/p' "$PROJECT/CMakePresets.json"
}

# The binding's C++ standard is the one the installed torch's headers ask for
# (binding_cxx_standard, python/ascend_ops/npu/binding.py): C++17 up to torch 2.13, for which g++ 9
# is the first with all of the library (g++ 8's std::filesystem is experimental) and what Ubuntu
# 20.04's Atlas images ship; C++20 from torch 2.14, which needs g++ 10. Read once torch is known.
CXX_STD="-std=c++17"
GXX_MIN_MAJOR=9

# The SoC of this machine and where it was read, "<SoC> <source>", or nothing: npu-smi's chip
# table ("Ascend 910B3"), else what torch_npu names device 0.
detect_soc() {
    local name
    if command -v npu-smi >/dev/null 2>&1; then
        name="$(npu-smi info -m 2>/dev/null | awk '{ for (i = 1; i <= NF; i++) {
            if ($i == "Ascend" && i < NF) { print $i $(i + 1); exit }
            if ($i ~ /^Ascend[0-9]/) { print $i; exit } } }')"
        if [ -n "$name" ]; then echo "$name npu-smi"; return; fi
    fi
    if has_torch_npu && name="$(py -c 'import torch, torch_npu; print(torch.npu.get_device_name(0))' 2>/dev/null)" &&
       [ -n "$name" ]; then
        echo "$name torch_npu"
    fi
}

# torch_npu is installed (found without importing torch).
has_torch_npu() {
    py -c 'import importlib.util, sys; sys.exit(importlib.util.find_spec("torch_npu") is None)' 2>/dev/null
}

# The compute unit (AddConfig name) of a SoC, from op_specs/products.yaml, or nothing.
soc_unit() {
    py -c 'import sys
from ascend_ops_gen.spec import specs
units = [p.add_config for p in specs().products if sys.argv[1] in p.soc_versions]
print(units[0] if units else "")' "$1"
}

SOCS=""
CANN=""
VENDOR=""
BUILD_DIR="$PROJECT/build_out"
CHECK_ONLY=0
PACKAGE_ONLY=0
PRINT_PLAN=0
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
        --print-plan) PRINT_PLAN=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) die "unknown argument '$1' (see --help)" ;;
    esac
done

[ -f "$PROJECT/CMakePresets.json" ] || die "$PROJECT/CMakePresets.json is missing; run 'ascend-ops-dev generate'"

PYTHON="${PYTHON:-}"
if [ -z "$PYTHON" ]; then
    if [ -x "$ROOT/.venv/bin/python" ]; then PYTHON="$ROOT/.venv/bin/python"; else PYTHON=python3; fi
fi
py() { PYTHONPATH="$ROOT/python:$ROOT${PYTHONPATH:+:$PYTHONPATH}" "$PYTHON" "$@"; }

# --soc: 'all', or units that are product lines' AddConfig names; by default the detected SoC's.
KNOWN_UNITS="$(compute_units)"
UNITS=""
missing=()
if [ "$(echo "$SOCS" | tr 'A-Z' 'a-z' | tr -d ' ')" = "all" ]; then
    UNITS="$KNOWN_UNITS"
    SOC_NOTE="every product line (--soc all)"
elif [ -n "$SOCS" ]; then
    IFS=',' read -r -a requested <<< "$SOCS"
    for unit in "${requested[@]}"; do
        unit="$(echo "$unit" | tr 'A-Z' 'a-z' | tr -d ' ')"
        [ -n "$unit" ] || continue
        case ";$KNOWN_UNITS;" in
            *";$unit;"*) UNITS="${UNITS:+$UNITS;}$unit" ;;
            *) die "--soc: unknown compute unit '$unit'; known: $(echo "$KNOWN_UNITS" | tr ';' ','), or all (op_specs/products.yaml add_config)" ;;
        esac
    done
    [ -n "$UNITS" ] || die "--soc: no compute unit given"
    SOC_NOTE="--soc $SOCS"
else
    read -r DETECTED_SOC DETECTED_BY <<< "$(detect_soc)" || true
    if [ -z "${DETECTED_SOC:-}" ]; then
        missing+=("no NPU detected: npu-smi is not on PATH or lists no Ascend chip, and torch_npu does not import;
    on the Atlas machine the build detects its SoC; elsewhere pass --soc UNIT ($(echo "$KNOWN_UNITS" | tr ';' ',')) or --soc all.")
        SOC_NOTE="none detected (no npu-smi, no torch_npu)"
    else
        UNITS="$(soc_unit "$DETECTED_SOC")"
        [ -n "$UNITS" ] || die "the SoC $DETECTED_SOC (from $DETECTED_BY) is a SoC of no product line of op_specs/products.yaml; pass --soc UNIT or --soc all"
        SOC_NOTE="$DETECTED_SOC, detected by $DETECTED_BY (--soc all builds every product line)"
    fi
fi

# The CANN toolkit.
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

if [ "$PACKAGE_ONLY" = 0 ]; then
    # The binding links against torch_npu, which imports only with CANN's environment set.
    if ! err="$(has_torch_npu || echo "No module named 'torch_npu'")" || [ -n "$err" ] ||
       ! err="$(py -c 'import torch, torch_npu' 2>&1)"; then
        missing+=("torch_npu does not import with $PYTHON (needed for the torch binding):
    $(echo "$err" | tail -n 1)
    Install the release made for the installed torch: pip install \"torch_npu==<torch version>.*\",
    and source CANN's set_env.sh; or pass --package-only to build the .run package alone.")
    fi
fi

# The binding's C++ compiler (build_cache.compiler: $CXX, else g++): g++ $GXX_MIN_MAJOR or newer,
# as the standard torch's headers ask for needs.
if [ "$PACKAGE_ONLY" = 0 ] && standard="$(py -W ignore -m ascend_ops.npu.binding cxx-standard 2>/dev/null)"; then
    read -r CXX_STD GXX_MIN_MAJOR <<<"$standard"
fi
CXX_BIN="${CXX:-g++}"
CXX_NOTE=""
if ! command -v "$CXX_BIN" >/dev/null 2>&1; then
    missing+=("$CXX_BIN is not installed (it builds the torch binding): install g++ $GXX_MIN_MAJOR or newer, or set CXX")
else
    CXX_VERSION="$("$CXX_BIN" -dumpfullversion -dumpversion 2>/dev/null | head -n 1)"
    CXX_NOTE="$(command -v "$CXX_BIN") $CXX_VERSION"
    if "$CXX_BIN" --version 2>/dev/null | head -n 1 | grep -qi clang; then
        CXX_NOTE="$CXX_NOTE (clang: its version is not checked; the binding is built and tested with g++)"
    elif ! [ "${CXX_VERSION%%.*}" -ge "$GXX_MIN_MAJOR" ] 2>/dev/null; then
        missing+=("$CXX_BIN $CXX_VERSION is too old: the binding is $CXX_STD, as torch's headers ask, and needs g++ $GXX_MIN_MAJOR or newer;
    install a newer g++ (Ubuntu 20.04: apt-get install g++-10) and set CXX=g++-10.")
    fi
fi

# Where the op package and the binding go: $ASCEND_OPP_PATH/vendors (CANN's own install, shared by
# every user) when writable; else $ASCEND_OPS_NPU_DIR, else the user cache, saying why.
VENDOR_NAME="${VENDOR:-$(preset_vendor)}"
if [ -n "${ASCEND_OPP_PATH:-}" ] && [ -d "$ASCEND_OPP_PATH/vendors" ] && [ -w "$ASCEND_OPP_PATH/vendors" ] &&
   [ -z "${ASCEND_OPS_NPU_DIR:-}" ]; then
    INSTALL_MODE=shared
    VENDOR_DIR="$ASCEND_OPP_PATH/vendors/$VENDOR_NAME"
    INSTALL_NOTE="$VENDOR_DIR (\$ASCEND_OPP_PATH/vendors, CANN's own install: every user of this machine finds it)"
else
    INSTALL_MODE=private
    if [ -n "${ASCEND_OPS_NPU_DIR:-}" ]; then why="ASCEND_OPS_NPU_DIR is set"
    elif [ -z "${ASCEND_OPP_PATH:-}" ]; then why="ASCEND_OPP_PATH is not set (CANN's set_env.sh sets it)"
    elif [ ! -d "$ASCEND_OPP_PATH/vendors" ]; then why="$ASCEND_OPP_PATH/vendors is no folder"
    else why="$ASCEND_OPP_PATH/vendors is not writable by $(id -un)"; fi
    PRIVATE_DIR="${ASCEND_OPS_NPU_DIR:-$(ASCEND_OPP_PATH= py -m ascend_ops.npu.binding install-dir)}"
    VENDOR_DIR="$PRIVATE_DIR/opp/vendors/$VENDOR_NAME"
    INSTALL_NOTE="$PRIVATE_DIR/opp, not \$ASCEND_OPP_PATH/vendors: $why; only $(id -un) finds it there"
fi
DOCTOR_CALL="ascend-ops doctor"
[ "$INSTALL_MODE" = shared ] ||
    DOCTOR_CALL="ASCEND_CUSTOM_OPP_PATH=$VENDOR_DIR\${ASCEND_CUSTOM_OPP_PATH:+:\$ASCEND_CUSTOM_OPP_PATH} $DOCTOR_CALL"

if [ "$PRINT_PLAN" = 1 ]; then
    echo "build_ascend.sh --print-plan: what a build would do on this machine (nothing is built)"
    echo "  SoC:       $SOC_NOTE"
    echo "  units:     $(echo "${UNITS:-(none: pass --soc)}" | tr ';' ',')"
    echo "  toolkit:   ${CANN:-(none found)}"
    echo "  compiler:  ${CXX_NOTE:-(none)}; the binding is $CXX_STD, g++ $GXX_MIN_MAJOR or newer"
    echo "  build:     cmake --preset=default -DASCEND_COMPUTE_UNIT=$(echo "${UNITS:-<unit>}" | tr ';' ',') -B $BUILD_DIR, then the 'binary' and 'package' targets"
    if [ "$PACKAGE_ONLY" = 1 ]; then
        echo "  then:      stop at the .run package (--package-only)"
    else
        echo "  install:   $INSTALL_NOTE"
        echo "  binding:   python -m ascend_ops.npu.binding build --cann ${CANN:-<toolkit>} (records torch and torch_npu)"
        echo "  last:      $DOCTOR_CALL (its real aclnn call through the binding)"
    fi
    if [ ${#missing[@]} -gt 0 ]; then
        echo "  missing here, so a build would stop:"
        for m in "${missing[@]}"; do
            echo "    - $m"
        done
    fi
    exit 0
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

echo "build_ascend.sh: CANN $CANN (ASCEND_HOME_PATH=$ASCEND_HOME_PATH), SoC $SOC_NOTE, compute units $(echo "$UNITS" | tr ';' ','), compiler $CXX_NOTE, build folder $BUILD_DIR"
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

echo "build_ascend.sh: installing the op package into $INSTALL_NOTE"
if [ "$INSTALL_MODE" = shared ]; then
    "$package"
else
    export ASCEND_OPS_NPU_DIR="$PRIVATE_DIR"
    mkdir -p "$PRIVATE_DIR/opp"
    "$package" "--install-path=$PRIVATE_DIR/opp"
fi
vendor_dir="$(py -m ascend_ops.npu.binding vendor-dir)"
[ "$vendor_dir" = "$VENDOR_DIR" ] || die "the op package went into $VENDOR_DIR, but ascend_ops looks in $vendor_dir"
[ -d "$vendor_dir" ] || die "the package installed, but $vendor_dir is missing (is --vendor the preset's vendor_name?)"
echo "build_ascend.sh: building the torch binding"
py -m ascend_ops.npu.binding build --cann "$CANN"
if [ "$INSTALL_MODE" != shared ]; then
    echo "build_ascend.sh: CANN finds the op package through ASCEND_CUSTOM_OPP_PATH, which"
    echo "  'import ascend_ops' sets before the first aclnn call; where $PRIVATE_DIR is not the"
    echo "  cache, set ASCEND_OPS_NPU_DIR=$PRIVATE_DIR (or source $vendor_dir/bin/set_env.bash)"
fi
echo "build_ascend.sh: $DOCTOR_CALL"
if [ "$INSTALL_MODE" = shared ]; then
    py -m ascend_ops.tools.cli doctor
else
    ASCEND_CUSTOM_OPP_PATH="$vendor_dir${ASCEND_CUSTOM_OPP_PATH:+:$ASCEND_CUSTOM_OPP_PATH}" py -m ascend_ops.tools.cli doctor
fi
