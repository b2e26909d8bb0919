"""Note [kernel discovery] on the CPU aclnn runtime, whose vendor collection runs once per process at
the first aclnn call as nnopbase's does (Note [vendor collection]). Each case runs in a fresh
process: the collection is the process's."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ascend_ops.npu import binding as npu_binding
from ascend_ops_dev.binding import cpu_aclnn
from ascend_ops_gen.spec import project_root, specs

SOC = specs().products[0].simulated_soc
CALL = "torch.ops.ascend_ops_npu.slice(torch.arange(12.).reshape(3, 4), [1, 1], [2, 2]).tolist()"
RESULT = [[5.0, 6.0], [9.0, 10.0]]


def run_python(code: str, **env: str) -> dict:
    environment = {k: v for k, v in os.environ.items() if k != cpu_aclnn.CUSTOM_OPP_ENV} | env
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          env=environment, check=False, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def runtime() -> Path:
    return cpu_aclnn.runtime_library(cpu_aclnn.predicted_headers())


@pytest.fixture
def installed(tmp_path: Path, runtime: Path) -> Path:
    """$ASCEND_OPS_NPU_DIR with the CPU op package installed where `import ascend_ops` looks."""
    npu_dir = tmp_path / "npu"
    cpu_aclnn.vendor_layout(npu_dir / "opp", runtime, cpu_aclnn.predicted_headers())
    return npu_dir


def call_script(install: Path, *, before: str = "", after_open: str = "") -> str:
    """Import ascend_ops (after `before`), open the CPU binding on the op package in `install`
    without touching the variable, run `after_open`, then one slice call."""
    return f"""
        import json, os
        {before}
        import torch
        import ascend_ops
        at_import = os.environ.get("ASCEND_CUSTOM_OPP_PATH")
        from ascend_ops_dev.binding import cpu_aclnn
        b = cpu_aclnn.CpuBinding.open({str(install)!r}, put_first=False)
        b.select({SOC!r})
        {after_open}
        try:
            y, error = {CALL}, None
        except (RuntimeError, ValueError) as e:
            y, error = None, f"{{type(e).__name__}}: {{e}}"
        print(json.dumps({{"at_import": at_import, "y": y, "error": error, "calls": b.calls()}}))
    """


def test_the_vendor_folder_put_first_at_import_is_found(installed: Path) -> None:
    vendor = installed / "opp" / "vendors" / npu_binding.vendor_name()
    out = run_python(call_script(installed / "opp"), ASCEND_OPS_NPU_DIR=str(installed))
    assert (out["at_import"], out["y"], out["error"]) == (str(vendor), RESULT, None)
    # Negative control: without the entry the import made, the same call finds nothing.
    out = run_python(call_script(installed / "opp", after_open='os.environ.pop("ASCEND_CUSTOM_OPP_PATH")'),
                     ASCEND_OPS_NPU_DIR=str(installed))
    assert out["y"] is None and "aclnnAscendSliceGetWorkspaceSize not found" in out["error"]


def test_import_keeps_a_variable_that_names_the_folder_already(installed: Path) -> None:
    vendor = installed / "opp" / "vendors" / npu_binding.vendor_name()
    out = run_python(call_script(installed / "opp"), ASCEND_OPS_NPU_DIR=str(installed),
                     ASCEND_CUSTOM_OPP_PATH=f"/opt/other:{vendor}")
    assert (out["at_import"], out["y"]) == (f"/opt/other:{vendor}", RESULT)


def another_package_first(runtime: Path) -> str:
    """Another package's generated GetWorkspaceSize begins with NnopbaseCreateExecutorSpace."""
    return (f"import ctypes; space = ctypes.c_void_p(); "
            f"assert ctypes.CDLL({str(runtime)!r}).NnopbaseCreateExecutorSpace(ctypes.byref(space)) == 0")


def test_a_folder_set_through_os_environ_before_the_first_aclnn_call_is_found(tmp_path: Path, runtime: Path) -> None:
    install = tmp_path / "elsewhere"
    set_it = 'os.environ["ASCEND_CUSTOM_OPP_PATH"] = str(b.vendor)'
    out = run_python(call_script(install, after_open=set_it), ASCEND_OPS_NPU_DIR=str(tmp_path / "none"))
    assert (out["at_import"], out["y"], out["error"]) == (None, RESULT, None)
    # Negative control: the same line after another package's first aclnn call is too late.
    out = run_python(call_script(install, after_open=f"{another_package_first(runtime)}\n        {set_it}"),
                     ASCEND_OPS_NPU_DIR=str(tmp_path / "none"))
    assert out["y"] is None and out["error"].startswith("RuntimeError: slice: CANN has not loaded the op package")


@pytest.fixture(scope="module")
def without_detection(tmp_path_factory) -> Path:
    """ascend_kernels/npu with the binding's check of Note [kernel discovery] taken out."""
    npu = tmp_path_factory.mktemp("undetected") / "npu"
    shutil.copytree(project_root() / cpu_aclnn.NPU_HEADERS, npu)
    call = npu / "aclnn_call.h"
    text = call.read_text(encoding="utf-8")
    check = "        TORCH_CHECK(notCollected.empty(), notCollected);\n"
    assert text.count(check) == 1
    call.write_text(text.replace(check, ""), encoding="utf-8")
    return npu


def test_another_packages_first_call_gives_the_error_that_names_the_fix(
        installed: Path, runtime: Path, without_detection: Path) -> None:
    vendor = installed / "opp" / "vendors" / npu_binding.vendor_name()
    script = call_script(installed / "opp", before=another_package_first(runtime))
    out = run_python(script, ASCEND_OPS_NPU_DIR=str(installed))
    assert out["at_import"] == str(vendor) and out["y"] is None
    error = out["error"]
    assert error.startswith(f"RuntimeError: slice: CANN has not loaded the op package in {vendor}: its runtime "
                            f"read ASCEND_CUSTOM_OPP_PATH at this process's first aclnn call, before the package "
                            f"was on it (aclnnAscendSliceGetWorkspaceSize returned aclnnStatus 161001: The "
                            f"operator package to which the AscendSlice operator belongs is not installed"), error
    assert error.splitlines()[0].endswith(
        f"); import ascend_ops before any NPU operator runs, or export ASCEND_CUSTOM_OPP_PATH={vendor}"
        f":$ASCEND_CUSTOM_OPP_PATH before starting Python"), error
    assert [c["status"] for c in out["calls"]] == [161001]
    # Negative control: the binding without the check passes nnopbase's status on as an argument error.
    script = script.replace("put_first=False)", f"put_first=False, npu_headers={str(without_detection)!r})")
    out = run_python(script, ASCEND_OPS_NPU_DIR=str(installed))
    assert out["error"].startswith("ValueError: slice: aclnnAscendSliceGetWorkspaceSize rejected the call "
                                   "(aclnnStatus 161001): The operator package to which the AscendSlice"), out
