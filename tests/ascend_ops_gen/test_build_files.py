"""The CANN project files: CMake wiring (against a stand-in of CANN's ASC CMake modules) and
scripts/build_ascend.sh without CANN."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ascend_ops.npu import binding as npu_binding
from ascend_ops_dev.cann.cann_compile_line import package_host_options
from ascend_ops_gen.spec import specs

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "build_ascend.sh"

# Records every npu_op_* call instead of building: what CANN's modules would be asked to do.
FAKE_ASC_CONFIG = r"""
set(ASC_FOUND TRUE)
set(ASCEND_AUTOGEN_PATH ${CMAKE_BINARY_DIR}/autogen)
file(MAKE_DIRECTORY ${ASCEND_AUTOGEN_PATH})
file(WRITE ${ASCEND_AUTOGEN_PATH}/op_proto.cc "")
function(record)
    string(REPLACE ";" " " line "${ARGN}")
    file(APPEND ${CMAKE_BINARY_DIR}/npu_calls.txt "${line}\n")
endfunction()
function(npu_op_package)
    record(npu_op_package ${ARGN})
endfunction()
function(npu_op_code_gen)
    record(npu_op_code_gen ${ARGN})
endfunction()
function(npu_op_library name kind)
    record(npu_op_library ${name} ${kind} ${ARGN})
    add_library(${name} STATIC ${ASCEND_AUTOGEN_PATH}/op_proto.cc)
endfunction()
function(npu_op_package_add)
    record(npu_op_package_add ${ARGN})
endfunction()
function(npu_op_kernel_sources)
    record(npu_op_kernel_sources ${ARGN})
endfunction()
function(npu_op_kernel_options)
    record(npu_op_kernel_options ${ARGN})
endfunction()
function(npu_op_kernel_library)
    record(npu_op_kernel_library ${ARGN})
endfunction()
"""


@pytest.fixture
def fake_cann(tmp_path: Path) -> Path:
    cann = tmp_path / "cann"
    asc = cann / "compiler/tikcpp/ascendc_kernel_cmake"
    asc.mkdir(parents=True)
    (asc / "ASCConfig.cmake").write_text(FAKE_ASC_CONFIG)
    (cann / "include").mkdir()
    return cann


def test_the_presets_are_valid_json_with_the_generated_mark():
    presets = json.loads((ROOT / "ascend_kernels/CMakePresets.json").read_text())
    assert presets["vendor"]["ascend-ops"].startswith("@generated from op_specs/products.yaml")
    variables = presets["configurePresets"][0]["cacheVariables"]
    assert {"ASCEND_COMPUTE_UNIT", "ASCEND_CANN_PACKAGE_PATH", "vendor_name"} <= set(variables)


@pytest.mark.skipif(shutil.which("cmake") is None, reason="needs cmake")
def test_cmake_hands_every_op_to_canns_modules(project, fake_cann, tmp_path):
    build = tmp_path / "build"
    done = subprocess.run(
        ["cmake", "-S", str(project.out), "-B", str(build), "--preset=default",
         f"-DASCEND_CANN_PACKAGE_PATH={fake_cann}", "-DASCEND_COMPUTE_UNIT=ascend910b;ascend310p"],
        capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    calls = (build / "npu_calls.txt").read_text().splitlines()
    common = project.out / "common"
    code_gen = next(c for c in calls if c.startswith("npu_op_code_gen"))
    ops = sorted(o.name for o in specs().kernel_ops())
    assert code_gen.split(" SRC ")[1].split(" PACKAGE ")[0].split() == [
        str(project.out / op / "op_host" / f"{op}.cpp") for op in ops]
    # What CMake hands CANN's code generation is what the compile checks read from the CMake file.
    options = " ".join(package_host_options(project.out))
    assert options == f"-std=c++17 -I{common}"
    assert f"COMPILE_OPTIONS {options} OUT_DIR" in code_gen and "PACKAGE ascend_ops" in code_gen
    kernels = [c for c in calls if c.startswith("npu_op_kernel_sources")]
    assert kernels == [f"npu_op_kernel_sources ascendc_kernels OP_TYPE {t} KERNEL_DIR {op}/op_kernel "
                       f"KERNEL_FILE {op}.cpp" for op, t in zip(ops, [specs().kernel_op(o).op_type for o in ops])]
    assert calls.index(code_gen) < calls.index(kernels[0])  # kernel sources need the autogen path
    assert f"npu_op_kernel_options ascendc_kernels ALL OPTIONS -I{common}" in calls
    assert f"npu_op_kernel_library ascendc_kernels SRC_BASE {project.out}/ TILING_LIBRARY cust_optiling" in calls
    assert "npu_op_package_add ascend_ops LIBRARY cust_optiling cust_opapi cust_op_proto" in calls
    assert "npu_op_package_add ascend_ops LIBRARY ascendc_kernels" in calls
    cache = (build / "CMakeCache.txt").read_text()
    assert re.search(r"^ASCEND_COMPUTE_UNIT:\w+=ascend910b;ascend310p$", cache, re.M)


def run_script(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k not in ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME")}
    base.setdefault("PYTHON", sys.executable)  # a checkout without .venv (a copy) runs the tests' python
    return subprocess.run(["bash", str(SCRIPT), *args], capture_output=True, text=True,
                          env={**base, **(env or {})}, check=False)


def test_help_says_it_needs_cann():
    done = run_script("--help")
    assert done.returncode == 0
    assert "cannot run in this repository's CI" in done.stdout
    assert "ascend910_93,ascend910b,ascend910,ascend310p,ascend310b" in done.stdout


@pytest.mark.skipif(any(Path(p).exists() for p in ("/usr/local/Ascend",)),
                    reason="a CANN toolkit is installed here")
def test_without_cann_the_script_explains_what_is_missing():
    done = run_script()
    assert done.returncode == 1
    assert "cannot build the CANN package here" in done.stderr
    assert "ASCEND_HOME_PATH is not set" in done.stderr


def test_an_unknown_soc_is_rejected_with_the_known_ones():
    done = run_script("--soc", "ascend910b,ascend999")
    assert done.returncode == 1
    assert re.search(r"unknown compute unit 'ascend999'; known: ascend910_93,ascend910b,", done.stderr)


def test_with_a_cann_toolkit_the_environment_check_passes(fake_cann):
    done = run_script("--check-env", "--package-only", "--soc", "Ascend910B, ascend310p",
                      env={"ASCEND_HOME_PATH": str(fake_cann)})
    assert done.returncode == 0, done.stderr
    assert "compute units ascend910b,ascend310p" in done.stdout


def test_the_binding_needs_an_importable_torch_npu(fake_cann, tmp_path):
    broken = tmp_path / "site"
    (broken / "torch_npu").mkdir(parents=True)
    (broken / "torch_npu" / "__init__.py").write_text(
        'raise ImportError("libhccl.so: cannot open shared object file")\n')
    done = run_script("--check-env", env={"ASCEND_HOME_PATH": str(fake_cann),
                                          "PYTHONPATH": str(broken)})
    assert done.returncode == 1
    assert "torch_npu does not import with" in done.stderr
    assert "ImportError: libhccl.so: cannot open shared object file" in done.stderr
    assert 'pip install "torch_npu==<torch version>.*"' in done.stderr


def test_a_toolkit_without_asc_modules_is_explained(fake_cann):
    shutil.rmtree(fake_cann / "compiler")
    done = run_script("--check-env", env={"ASCEND_HOME_PATH": str(fake_cann)})
    assert done.returncode == 1
    assert "offers no op-project flow" in done.stderr
    assert "tools/op_project_templates/ascendc/customize/cmake/func.cmake" in done.stderr


def test_a_toolkit_with_msopgen_templates_only_is_taken(fake_cann):
    # CANN 8.1-8.3: no ASC modules, msOpGen's project templates instead (the other flow).
    shutil.rmtree(fake_cann / "compiler")
    templates = fake_cann / "tools/op_project_templates/ascendc/customize/cmake"
    templates.mkdir(parents=True)
    (templates / "func.cmake").write_text("")
    done = run_script("--check-env", "--package-only", "--soc", "ascend910b", "--cann", str(fake_cann))
    assert done.returncode == 0, done.stderr


def test_the_toolkit_is_exported_as_ascend_home_path(fake_cann):
    # CANN's asc-config.cmake stops without $ASCEND_HOME_PATH: --cann alone must set it.
    done = run_script("--check-env", "--package-only", "--soc", "ascend910b", "--cann", str(fake_cann))
    assert done.returncode == 0, done.stderr
    assert f"CANN {fake_cann} (ASCEND_HOME_PATH={fake_cann})" in done.stdout


def test_a_contradicting_ascend_home_path_is_refused(fake_cann, tmp_path):
    other = tmp_path / "other-toolkit"
    other.mkdir()
    done = run_script("--check-env", "--package-only", "--cann", str(fake_cann),
                      env={"ASCEND_HOME_PATH": str(other)})
    assert done.returncode == 1
    assert f"ASCEND_HOME_PATH={other} is another toolkit than --cann {fake_cann}" in done.stderr



# ---- the defaults: this machine's SoC, a shared install, doctor at the end (--print-plan) --------

# `npu-smi info -m` of a machine with one chip (the chip table; an MCU row as on Atlas boards).
FAKE_NPU_SMI = """#!/bin/sh
[ "$1 $2" = "info -m" ] || exit 2
echo "        NPU ID    Chip ID    Chip Logic ID    Chip Name"
echo "        0         0          0                Ascend {chip}"
echo "        0         1          -                Mcu"
"""
FAKE_GXX = """#!/bin/sh
case "$1" in
  --version) echo "g++ (Ubuntu {version}) {version}" ;;
  *) echo "{version}" ;;
esac
"""


def plan(tmp_path: Path, *args: str, chip: str | None = None, env: dict[str, str] | None = None,
         opp_vendors: bool = True) -> dict[str, str]:
    """`--print-plan`, its lines by label; a fake npu-smi on PATH when `chip` is given, and
    $ASCEND_OPP_PATH a scratch toolkit opp folder (with vendors/ when `opp_vendors`)."""
    tools = tmp_path / "bin"
    tools.mkdir(exist_ok=True)
    npu_smi = tools / "npu-smi"
    if chip is not None:
        npu_smi.write_text(FAKE_NPU_SMI.format(chip=chip))
        npu_smi.chmod(0o755)
    elif npu_smi.exists():
        npu_smi.unlink()
    opp = tmp_path / "opp"
    (opp / "vendors" if opp_vendors else opp).mkdir(parents=True, exist_ok=True)
    path = os.pathsep.join([str(tools), *(p for p in os.environ["PATH"].split(os.pathsep)
                                           if not (Path(p) / "npu-smi").exists())])
    done = run_script("--print-plan", *args, env={"PATH": path, "ASCEND_OPP_PATH": str(opp), **(env or {})})
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("build_ascend.sh --print-plan: what a build would do"), done.stdout
    lines = {}
    for line in done.stdout.splitlines()[1:]:
        label, _, rest = line.strip().partition(":")
        lines.setdefault(label, rest.strip())
    lines["all"] = done.stdout
    return lines


def test_help_documents_the_defaults():
    done = run_script("--help")
    text = " ".join(done.stdout.split())
    assert "default: the SoC of this machine, from 'npu-smi info -m', else from torch_npu when it imports" in text
    assert "or 'all' for every product line of op_specs/products.yaml" in text
    assert "into $ASCEND_OPP_PATH/vendors (CANN's own install, found through its vendors/config.ini" in text
    assert "else the user cache (~/.cache/ascend-ops/npu/opp), saying so" in text
    assert "g++ 9 or newer for C++17 (torch up to 2.13), g++ 10 or newer for C++20 (torch 2.14 on)" in text
    assert "ends with 'ascend-ops doctor', whose real aclnn call" in text
    assert "--print-plan" in text


@pytest.mark.parametrize("chip, unit", [("910B3", "ascend910b"), ("310P3", "ascend310p")])
def test_the_plan_builds_only_the_soc_npu_smi_names(tmp_path: Path, chip: str, unit: str):
    lines = plan(tmp_path, chip=chip)
    assert lines["SoC"] == f"Ascend{chip}, detected by npu-smi (--soc all builds every product line)"
    assert lines["units"] == unit
    assert f"-DASCEND_COMPUTE_UNIT={unit} " in lines["build"]
    vendor = tmp_path / "opp" / "vendors" / "ascend_ops"
    assert lines["install"].startswith(f"{vendor} ($ASCEND_OPP_PATH/vendors, CANN's own install")
    assert lines["last"] == "ascend-ops doctor (its real aclnn call through the binding)"
    assert "no NPU detected" not in lines["all"]


def test_without_an_npu_the_plan_says_so_and_asks_for_soc(tmp_path: Path):
    lines = plan(tmp_path)
    assert lines["SoC"].startswith("none detected")
    assert lines["units"] == "(none: pass --soc)"
    assert "- no NPU detected: npu-smi is not on PATH or lists no Ascend chip" in lines["all"]
    assert "or --soc all." in lines["all"]


def test_every_product_line_only_on_request(tmp_path: Path):
    lines = plan(tmp_path, "--soc", "all", chip="910B3")
    assert lines["units"] == ",".join(p.add_config for p in specs().products)
    assert lines["SoC"] == "every product line (--soc all)"


def test_without_a_writable_opp_vendors_folder_it_installs_in_the_user_cache_and_says_so(tmp_path: Path):
    lines = plan(tmp_path, chip="910B3", opp_vendors=False, env={"ASCEND_OPS_NPU_DIR": ""})
    assert f"not $ASCEND_OPP_PATH/vendors: {tmp_path / 'opp' / 'vendors'} is no folder" in lines["install"]
    assert "only " in lines["install"] and lines["install"].endswith("finds it there")
    vendor = lines["install"].split(",")[0] + "/vendors/ascend_ops"
    assert lines["last"].startswith(f"ASCEND_CUSTOM_OPP_PATH={vendor}${{ASCEND_CUSTOM_OPP_PATH:+")
    assert lines["last"].endswith("ascend-ops doctor (its real aclnn call through the binding)")


# A python that answers `-m ascend_ops.npu.binding cxx-standard` as a torch whose headers ask for
# C++20 would, and runs everything else with the real one.
FAKE_CXX20_PYTHON = """#!/bin/sh
case "$*" in
  *cxx-standard*) echo "-std=c++20 10" ;;
  *) exec {python} "$@" ;;
esac
"""


@pytest.mark.parametrize("standard, version, refused", [
    ("c++17", "8.4.0", True), ("c++17", "9.4.0", False), ("c++20", "9.4.0", True), ("c++20", "10.2.0", False)])
def test_the_compiler_version_is_checked(tmp_path: Path, standard: str, version: str, refused: bool):
    gxx = tmp_path / "old-g++"
    gxx.write_text(FAKE_GXX.format(version=version))
    gxx.chmod(0o755)
    env = {"CXX": str(gxx)}
    if standard == "c++20":
        python = tmp_path / "python"
        python.write_text(FAKE_CXX20_PYTHON.format(python=sys.executable))
        python.chmod(0o755)
        env["PYTHON"] = str(python)
    else:
        assert npu_binding.binding_cxx_standard() == ("-std=c++17", 9), "this test's torch asks for C++17"
    lines = plan(tmp_path, chip="910B3", env=env)
    minimum = 9 if standard == "c++17" else 10
    assert lines["compiler"] == f"{gxx} {version}; the binding is -std={standard}, g++ {minimum} or newer"
    message = (f"{gxx} {version} is too old: the binding is -std={standard}, as torch's headers ask, "
               f"and needs g++ {minimum} or newer")
    assert (message in lines["all"]) == refused, lines["all"]
