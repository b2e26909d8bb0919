"""The binding's launch as op-plugin's EXEC_NPU_CMD does it (Note [launch contract]) and its
handling of NPU formats (Note [private formats]), through the host seam's deferred task queue (Note
[CPU task queue]): the generated binding passes; defective copies, built in a subprocess (a process
holds one `ascend_ops_npu` library), fail each check."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import torch

from binding_copies import defective_copy
from ascend_ops_dev.binding import cpu_aclnn
from ascend_ops_gen.spec import specs

SOC = specs().products[0].simulated_soc
FRACTAL_NZ = 29  # ACL_FORMAT_FRACTAL_NZ (acl_base_rt.h)
RUNTIME_WORDS = "the runtime's words for the launch"


def run_python(code: str) -> dict:
    environment = {k: v for k, v in os.environ.items() if k != cpu_aclnn.CUSTOM_OPP_ENV}
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          env=environment, check=False, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def careless(tmp_path_factory) -> tuple[Path, Path]:
    """A binding whose lambda owns the workspace, returns the launch's status unchecked, and whose
    slice reads its input as ND whatever its format."""
    return defective_copy(tmp_path_factory.mktemp("careless"), [
        ("    Enqueue(api, [op, api, launch, workspaceAddress,", "    Enqueue(api, [op, api, launch, workspace,"),
        ("        const aclnnStatus launched = launch(workspaceAddress, workspaceSize, executor, stream);",
         "        const aclnnStatus launched = launch(workspace.defined() ? workspace.data_ptr() : nullptr, "
         "workspaceSize, executor, stream);"),
        ('        CheckAclnnStatus(launched, op, api, "failed");\n', ""),
    ], (('AclnnInput(x, "slice", "x")', "x.contiguous()"),))


@pytest.fixture(scope="module")
def early_release(tmp_path_factory) -> tuple[Path, Path]:
    """A binding whose calling scope destroys the descriptors, the lambda capturing their addresses."""
    return defective_copy(tmp_path_factory.mktemp("early_release"), [
        ("handed = descriptors.Release()", "handed = LaunchDescriptors{}"),
    ])


def run_binding(install: Path, body: str, built: tuple[Path, Path] | None = None) -> dict:
    """`body` run against the CPU binding (the generated one, or a defective copy) in a subprocess;
    it fills `out`, which comes back."""
    source, npu = built or (None, None)
    return run_python(f"""
        import json, torch
        from ascend_ops_dev.binding import cpu_aclnn
        b = cpu_aclnn.CpuBinding.open({str(install)!r}, source={str(source) if source else None!r},
                                      npu_headers={str(npu) if npu else None!r})
        b.select({SOC!r})
        x = torch.arange(12.).reshape(3, 4)
        def attempt(call):
            try:
                return {{"y": call().tolist()}}
            except Exception as e:
                return {{"error": type(e).__name__ + ": " + str(e).splitlines()[0]}}
        out = {{}}
""" + textwrap.indent(textwrap.dedent(body), " " * 8) + """
        print(json.dumps(out))
    """)


SLICE = "lambda: torch.ops.ascend_ops_npu.slice(x, [0, 1], [2, 2])"


# ---- the workspace: held by the calling scope --------------------------------------------------

WORKSPACE_CALL = f"""
b.add_workspace(4096)
out["with_workspace"] = attempt({SLICE})
b.add_workspace(0)
out["after"] = attempt({SLICE})
"""


def test_a_workspace_held_by_the_calling_scope_reaches_the_deferred_launch(tmp_path):
    out = run_binding(tmp_path, WORKSPACE_CALL)
    assert out == {"with_workspace": {"y": [[1.0, 2.0], [5.0, 6.0]]}, "after": {"y": [[1.0, 2.0], [5.0, 6.0]]}}


def test_a_lambda_that_owns_the_workspace_fails(tmp_path, careless):
    out = run_binding(tmp_path, WORKSPACE_CALL, careless)
    assert out["with_workspace"] == {"error": "RuntimeError: ascend_ops_npu: the workspace was freed on the task "
                                              "queue's thread, when the launch's lambda was destroyed: the lambda "
                                              "owned it; the calling scope must hold the workspace and the lambda "
                                              "capture its address only (Note [launch contract])"}
    assert out["after"] == {"y": [[1.0, 2.0], [5.0, 6.0]]}  # without a workspace nothing is owned


# ---- the descriptors: destroyed inside the lambda, after the launch ------------------------------

def test_descriptors_destroyed_by_the_calling_scope_are_gone_at_the_deferred_launch(tmp_path, early_release):
    out = run_binding(tmp_path, f'out["slice"] = attempt({SLICE})\nout["calls"] = b.calls()', early_release)
    assert out["slice"] == {"error": "ValueError: slice: aclnnAscendSlice failed (aclnnStatus 161002): "
                                     "aclnnAscendSlice: the descriptor of tensor x was destroyed before the launch "
                                     "(aclDestroyTensor must follow aclnn<Op>)"}
    assert [(c["api"], c["status"]) for c in out["calls"]] == [
        ("aclnnAscendSliceGetWorkspaceSize", 0), ("aclnnAscendSlice", 161002)]


# ---- the launch's status: checked inside the lambda, with aclGetRecentErrMsg() -------------------

FAILING_LAUNCH = f"""
b.fail_next_launch(561003, {RUNTIME_WORDS!r})
out["failing"] = attempt({SLICE})
out["next"] = attempt({SLICE})
"""


def test_a_failing_launch_raises_runtime_error_with_the_runtime_s_message_at_the_call(cpu_binding):
    cpu_binding.select(SOC)
    cpu_binding.fail_next_launch(561003, RUNTIME_WORDS)
    x = torch.arange(12.).reshape(3, 4)
    with pytest.raises(RuntimeError) as caught:
        torch.ops.ascend_ops_npu.slice(x, [0, 1], [2, 2])
    assert type(caught.value) is RuntimeError
    assert str(caught.value).splitlines()[0] == (
        f"slice: aclnnAscendSlice failed (aclnnStatus 561003): {RUNTIME_WORDS}")
    assert torch.equal(torch.ops.ascend_ops_npu.slice(x, [0, 1], [2, 2]), x[0:2, 1:3])  # that call's only


def test_a_status_not_checked_inside_the_lambda_loses_the_runtime_s_message(tmp_path, careless):
    out = run_binding(tmp_path, FAILING_LAUNCH, careless)
    assert out["failing"] == {"error": "RuntimeError: the task queue's launch of aclnnAscendSlice returned 561003"}
    assert out["next"] == {"y": [[1.0, 2.0], [5.0, 6.0]]}


# ---- private formats: cast to ND, or refused; never read as ND ------------------------------------

def nz_input() -> tuple[torch.Tensor, torch.Tensor]:
    """(x, x laid out in FRACTAL_NZ): 5 x 40 float16 pads to 16 x 48 (C0 = 16)."""
    x = torch.arange(200, dtype=torch.float16).reshape(5, 40)
    return x, torch.ops.ascend_ops_host_device.to_private_format(x, FRACTAL_NZ)


def test_the_seam_lays_a_private_format_out_as_the_npu_does(cpu_binding):
    x, nz = nz_input()
    assert torch.ops.ascend_ops_host_device.npu_format(nz) == FRACTAL_NZ
    assert torch.ops.ascend_ops_host_device.npu_format(x) == 2  # ND
    assert nz.shape == x.shape and nz.untyped_storage().nbytes() == 16 * 48 * 2
    # Read as ND, the storage is not x: the first row of the first 16 x 16 fractal holds x[0, :16],
    # its second row x[1, :16]; the rows of x past 16 columns sit in the next fractal column.
    assert not torch.equal(nz.contiguous(), x)
    flat = torch.empty(0, dtype=torch.float16).set_(nz.untyped_storage())
    assert torch.equal(flat[:16], x[0, :16]) and torch.equal(flat[16:32], x[1, :16])


def test_a_private_format_is_cast_to_nd_with_a_log_line(cpu_binding, monkeypatch, capfd):
    monkeypatch.delenv("ASCEND_OPS_PRIVATE_FORMAT", raising=False)
    cpu_binding.select(SOC)
    x, nz = nz_input()
    cpu_binding.reset()
    capfd.readouterr()
    y = torch.ops.ascend_ops_npu.slice(nz, [1, 3], [3, 30])
    assert "slice: x is in the NPU format FRACTAL_NZ; it is cast to ND on the device" in capfd.readouterr().err
    assert torch.equal(y, x[1:4, 3:33])
    workspace, _ = cpu_binding.calls()
    assert workspace["args"][0]["shape"] == [5, 40] and workspace["args"][0]["format"] == 2


def test_a_private_format_is_refused_when_casts_are_forbidden(cpu_binding, monkeypatch):
    monkeypatch.setenv("ASCEND_OPS_PRIVATE_FORMAT", "refuse")
    cpu_binding.select(SOC)
    _, nz = nz_input()
    cpu_binding.reset()
    with pytest.raises(ValueError) as caught:
        torch.ops.ascend_ops_npu.slice(nz, [1, 3], [3, 30])
    assert str(caught.value).splitlines()[0] == (
        "slice: x is in the NPU format FRACTAL_NZ, which the kernel cannot read; ASCEND_OPS_PRIVATE_FORMAT=refuse "
        "forbids the cast to ND (cast it yourself: torch_npu.npu_format_cast(x, 2))")
    assert cpu_binding.calls() == []  # nothing was called


def test_a_binding_that_reads_a_private_format_as_nd_returns_garbage(tmp_path, careless):
    # Negative control of both: without AclnnInput, neither a cast nor a refusal, and a wrong result.
    body = f"""
        x16 = torch.arange(200, dtype=torch.float16).reshape(5, 40)
        nz = torch.ops.ascend_ops_host_device.to_private_format(x16, {FRACTAL_NZ})
        out["cast"] = attempt(lambda: torch.ops.ascend_ops_npu.slice(nz, [1, 3], [3, 30]))
        out["expected"] = x16[1:4, 3:33].tolist()
        import os
        os.environ["ASCEND_OPS_PRIVATE_FORMAT"] = "refuse"
        out["refused"] = attempt(lambda: torch.ops.ascend_ops_npu.slice(nz, [1, 3], [3, 30]))
    """
    out = run_binding(tmp_path, body, careless)
    assert "y" in out["cast"] and "y" in out["refused"]
    assert out["cast"]["y"] != out["expected"] and out["refused"]["y"] != out["expected"]
