"""Negative controls of the CPU run of the torch binding: each defect the checks exist for makes them
fail, with its message. Bindings other than the generated one run in a subprocess (a process holds
one `ascend_ops_npu` library)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import torch

from ascend_ops.npu.binding import binding_source
from ascend_ops.runtime import build_cache
from ascend_ops_dev.binding import cpu_aclnn
from ascend_ops_dev.binding.cpu_aclnn import argument_problems, expected_arguments
from ascend_ops_gen.spec import project_root, specs

HERE = Path(__file__).resolve().parent
SOC = specs().products[0].simulated_soc


def run_python(code: str, env: dict[str, str] | None = None) -> dict:
    environment = {k: v for k, v in os.environ.items() if k != cpu_aclnn.CUSTOM_OPP_ENV}
    environment |= env or {}
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          env=environment, check=False, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def defective(tmp_path_factory) -> tuple[Path, Path]:
    """A copy of the binding without the device guard, and with begin_mask and end_mask of
    strided_slice passed in each other's place."""
    root = tmp_path_factory.mktemp("defective")
    npu = root / "npu"
    shutil.copytree(project_root() / cpu_aclnn.NPU_HEADERS, npu, ignore=shutil.ignore_patterns("include"))
    call = npu / "aclnn_call.h"
    text = call.read_text(encoding="utf-8")
    assert text.count("    DeviceScope scope(x);\n") == 1
    call.write_text(text.replace("    DeviceScope scope(x);\n", ""), encoding="utf-8")
    source = root / "ascend_ops_npu.cpp"
    text = binding_source().read_text(encoding="utf-8")
    order = "beginMask, endMask, ellipsisMask"
    assert text.count(order) == 2  # strided_slice's aclnn call, then its gradient op's
    source.write_text(text.replace(order, "endMask, beginMask, ellipsisMask", 1), encoding="utf-8")
    return source, npu


def test_without_the_device_guard_the_call_fails_and_a_wrong_attribute_order_shows_in_the_record(
        defective, tmp_path):
    source, npu = defective
    out = run_python(f"""
        import json, torch
        from ascend_ops_dev.binding import cpu_aclnn
        b = cpu_aclnn.CpuBinding.open({str(tmp_path)!r}, source={str(source)!r}, npu_headers={str(npu)!r})
        b.select({SOC!r})
        try:
            # Masks that change nothing here, so the swapped ones pass the runtime's shape check.
            torch.ops.ascend_ops_npu.strided_slice(torch.zeros(5, 6), [0, 0], [5, 6], begin_mask=1, end_mask=2)
            error = None
        except RuntimeError as e:
            error = str(e)
        print(json.dumps({{"error": error, "calls": b.calls()}}))
    """)
    assert "asked for the current stream without a device guard" in out["error"], out
    [workspace] = out["calls"]  # recorded before the launch asked for the stream
    expected = expected_arguments("strided_slice", torch.zeros(5, 6), torch.zeros(5, 6), ([0, 0], [5, 6]),
                                  {"begin_mask": 1, "end_mask": 2})
    assert [p.split(":")[0] for p in argument_problems(workspace, expected, attributes_only=True)] == [
        "argument 3 (begin_mask)", "argument 4 (end_mask)"]


def test_a_call_that_disagrees_with_the_generated_header_does_not_compile(tmp_path):
    headers = tmp_path / "headers"
    shutil.copytree(cpu_aclnn.predicted_headers(), headers)
    header = headers / "aclnn_ascend_slice.h"
    text = header.read_text(encoding="utf-8")
    wrong = text.replace("const aclIntArray *size, const aclTensor *out",
                         "const aclIntArray *size, int64_t axis, const aclTensor *out")
    assert wrong != text
    header.write_text(wrong, encoding="utf-8")
    with pytest.raises(build_cache.NativeBuildError, match="do not match the generated header"):
        cpu_aclnn.binding_library(headers, cpu_aclnn.runtime_library(cpu_aclnn.predicted_headers()))


def test_the_binding_does_not_depend_on_a_snapshot_taken_before_the_package_was_on_the_path(tmp_path):
    snapshot = build_cache.build("snapshot_lookup", [HERE / "snapshot_lookup.cpp"], flags=["-ldl"])
    out = run_python(f"""
        import ctypes, json, torch
        from ascend_ops_dev.binding import cpu_aclnn
        snapshot = ctypes.CDLL({str(snapshot)!r})  # loaded while the variable lacks the package
        b = cpu_aclnn.CpuBinding.open({str(tmp_path)!r})  # puts the package on the variable, loads
        b.select({SOC!r})
        message = ctypes.create_string_buffer(256)
        missed = snapshot.snapshot_find(b"aclnnAscendSliceGetWorkspaceSize", message, 256)
        y = torch.ops.ascend_ops_npu.slice(torch.arange(12.).reshape(3, 4), [1, 1], [2, 2])
        print(json.dumps({{"missed": missed, "message": message.value.decode(), "y": y.tolist()}}))
    """)
    assert out["missed"] == 1 and out["message"] == "aclnnAscendSliceGetWorkspaceSize not found in libopapi.so"
    assert out["y"] == [[5.0, 6.0], [9.0, 10.0]]


def test_the_default_install_under_the_opp_path_is_found_too(tmp_path):
    # CANN's install.sh without --install-path: $ASCEND_OPP_PATH/vendors/<vendor>, named in
    # vendors/config.ini. The lookup takes it after the ASCEND_CUSTOM_OPP_PATH entries; the
    # runtime's vendor collection reads config.ini (Note [vendor collection]).
    out = run_python(f"""
        import json, os, torch
        from ascend_ops_dev.binding import cpu_aclnn
        b = cpu_aclnn.CpuBinding.open({str(tmp_path)!r})
        b.select({SOC!r})
        opp = {str(tmp_path / "opp")!r}
        os.makedirs(opp + "/vendors")
        os.symlink(b.vendor, opp + "/vendors/ascend_ops")
        with open(opp + "/vendors/config.ini", "w") as f:
            f.write("load_priority=ascend_ops\\n")
        os.environ["ASCEND_OPP_PATH"] = opp
        os.environ[cpu_aclnn.CUSTOM_OPP_ENV] = {str(tmp_path / "elsewhere")!r}
        y = torch.ops.ascend_ops_npu.slice(torch.arange(12.).reshape(3, 4), [1, 1], [2, 2])
        print(json.dumps({{"y": y.tolist()}}))
    """)
    assert out["y"] == [[5.0, 6.0], [9.0, 10.0]]


def test_without_the_package_on_the_path_the_call_names_set_env_bash(tmp_path):
    out = run_python(f"""
        import json, os, torch
        from ascend_ops_dev.binding import cpu_aclnn
        b = cpu_aclnn.CpuBinding.open({str(tmp_path)!r})
        b.select({SOC!r})
        os.environ[cpu_aclnn.CUSTOM_OPP_ENV] = {str(tmp_path / "elsewhere")!r}
        try:
            torch.ops.ascend_ops_npu.slice(torch.zeros(3, 4), [0, 0], [1, 1])
            error = None
        except RuntimeError as e:
            error = str(e)
        print(json.dumps({{"error": error}}))
    """)
    error = out["error"]
    assert error.startswith("aclnnAscendSliceGetWorkspaceSize not found: no ASCEND_CUSTOM_OPP_PATH entry"), error
    assert f"{tmp_path / 'elsewhere'}/op_api/lib/libcust_opapi.so (absent)" in error
    assert "vendors/ascend_ops/bin/set_env.bash" in error
