"""Every backend accepts and rejects the same calls: native (compiled fast path and Python
registration), reference, sim and the simulated npu device, for every rank 0..64 and every
tensor kind (backend_sweep.py), and CANN's 25-dim tensor shape binds them all alike (Note
[kernel rank] in python/ascend_ops/runtime/kernel_rank.py)."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import torch

import backend_sweep
import cpu_reference
from ascend_ops.cpu.backends import use_backend
from ascend_ops.runtime.errors import OpArgumentError
from ascend_ops.runtime.kernel_rank import kernel_max_rank
from ascend_ops.sim import runner
from ascend_ops_gen.spec import project_root

SWEEP = Path(backend_sweep.__file__)
# The kinds torch makes on the simulated npu device (the rest have no npu kernels there, and
# the sweep records why): what the npu column must cover.
NPU_KINDS = ("dense", "strided", "zero_size", "sparse_csr", "sparse_csc", "sparse_bsr",
             "sparse_bsc", "nested")


def _sweep(backends: list[str], fast_path: bool, **env: str) -> dict[str, dict[str, list]]:
    environ = {k: v for k, v in os.environ.items()
               if not k.startswith("ASCEND_OPS_") or k == "ASCEND_OPS_CACHE"}  # this run's builds
    environ.update(env, TORCH_DEVICE_BACKEND_AUTOLOAD="0")
    done = subprocess.run([sys.executable, str(SWEEP), *backends], env=environ,
                          cwd=SWEEP.parent, capture_output=True, text=True, timeout=900)
    lines = [line for line in done.stdout.splitlines()
             if line.startswith(backend_sweep.RESULTS_PREFIX)]
    assert done.returncode == 0 and len(lines) == 1, done.stderr[-4000:]
    swept = json.loads(lines[0].removeprefix(backend_sweep.RESULTS_PREFIX))
    assert swept["fast_path"] is fast_path, "run `ascend-ops build` (scripts/setup.sh does)"
    return swept["results"]


def disagreements(results: dict[str, dict[str, list]]) -> list[str]:
    """The calls whose answers differ between backends (a kind the npu device cannot hold
    aside)."""
    out = []
    for key, answers in results.items():
        given = {b: a for b, a in answers.items() if a[0] != backend_sweep.NO_NPU_TENSOR}
        first = next(iter(given.values()))
        if any(a != first for a in given.values()):
            out.append(f"{key}: " + "; ".join(f"{b}={a[:2]}" for b, a in given.items()))
    return out


@pytest.fixture(scope="module")
def sweeps() -> dict[str, dict[str, list]]:
    fast = _sweep(["native", "reference", "sim", "npu"], True, ASCEND_OPS_SIM_NPU="1")
    python = _sweep(["native"], False, ASCEND_OPS_FAST="0")
    return {key: {**answers, "native (ASCEND_OPS_FAST=0)": python[key]["native"]}
            for key, answers in fast.items()}


def test_every_rank_and_kind_gets_one_answer_from_every_backend(sweeps):
    assert len(sweeps) > 5000  # 65 ranks x 11 kinds (where torch has them) x 9 calls
    assert disagreements(sweeps) == []


def test_the_sweep_holds_accepted_and_refused_calls_of_every_kind(sweeps):
    """The sweep is not vacuous: every kind is refused somewhere, ranks past 25 are accepted
    (identity, empty) and refused (new axes past 25), and the npu device holds the kinds it
    can at every rank the CPU does."""
    kinds = {key.split("/")[1] for key in sweeps}
    assert kinds == set(backend_sweep.KINDS)

    def answer(key):
        return sweeps[key]["reference"]
    assert answer("40/dense/identity")[0] == "ok"
    assert answer("40/zero_size/reverse_last")[0] == "ok"
    assert answer("4/dense/new_axes_reverse")[0] == "OpArgumentError"
    assert "a CANN tensor shape holds 25 dims" in answer("4/dense/new_axes_reverse")[1]
    assert answer("4/dense/new_axes_identity")[0] == "ok"
    assert answer("30/sparse_csr/identity")[0] == "OpTypeError"
    for key, answers in sweeps.items():
        if key.split("/")[1] in NPU_KINDS:
            assert answers["npu"][0] != backend_sweep.NO_NPU_TENSOR, (key, answers["npu"])


def test_the_comparison_can_fail(sweeps):
    """Negative control: one backend answering otherwise is reported."""
    key = "26/dense/identity"
    changed = {key: {**sweeps[key], "sim": ["SimulatorError", "x has 26 dimensions"]}}
    assert disagreements(changed) and key in disagreements(changed)[0]


# --- CANN's tensor shape: 25 dims (Note [kernel rank]) ----------------------------------------

def _cann_max_dims() -> int | None:
    shape_h = project_root().parent / "shared/cann-headers/metadef/inc/external/exe_graph/runtime/shape.h"
    if not shape_h.exists():
        return None
    found = re.search(r"kMaxDimNum\s*=\s*(\d+)", shape_h.read_text(encoding="utf-8"))
    assert found, f"{shape_h} no longer declares gert::Shape::kMaxDimNum"
    return int(found.group(1))


def test_the_spec_limit_is_cann_s_and_the_simulator_s():
    """The spec's max_kernel_rank is gert::Shape's kMaxDimNum, in CANN's own header and in the
    simulator's build of the host code."""
    declared = kernel_max_rank("strided_slice")
    assert declared == 25 and cpu_reference._strided_slice_spec.MAX_KERNEL_RANK == declared
    cann = _cann_max_dims()
    if cann is not None:  # the CANN sources beside the checkout (CI has them)
        assert cann == declared
    assert runner.library(runner.sim_product().npu_arch).max_dims == declared


def _launches(monkeypatch) -> list[tuple]:
    calls: list[tuple] = []
    real = runner.launch

    def counting(plan_, x, out, **kwargs):
        calls.append(plan_.input_shape)
        return real(plan_, x, out, **kwargs)
    monkeypatch.setattr(runner, "launch", counting)
    return calls


def _bits(t: torch.Tensor) -> np.ndarray:
    return t.contiguous().view(torch.int32).numpy()


IDENTITY = (([0], [0], [1]), {"ellipsis_mask": 1})


def test_a_25_dim_identity_still_runs_the_kernel(monkeypatch):
    """Negative control of the fold: within CANN's limit the kernel runs."""
    launched = _launches(monkeypatch)
    x = torch.arange(6, dtype=torch.float32).reshape((1,) * 23 + (2, 3))
    with use_backend("sim"):
        y = torch.ops.ascend_ops.strided_slice(x, *IDENTITY[0], **IDENTITY[1])
    assert launched == [tuple(x.shape)]
    assert (_bits(y) == _bits(x)).all()


@pytest.mark.parametrize("shape", [(1,) * 24 + (2, 3), (1,) * 62 + (3, 2), (1,) * 30 + (0, 2)])
def test_a_26_dim_identity_or_empty_folds_without_a_kernel(monkeypatch, shape):
    launched = _launches(monkeypatch)
    x = torch.arange(max(1, int(np.prod(shape))), dtype=torch.float32)[:int(np.prod(shape))]
    x = x.reshape(shape)
    with use_backend("reference"):
        expected = torch.ops.ascend_ops.strided_slice(x, *IDENTITY[0], **IDENTITY[1])
    with use_backend("sim"):
        y = torch.ops.ascend_ops.strided_slice(x, *IDENTITY[0], **IDENTITY[1])
    assert launched == []
    assert y.shape == expected.shape and y.is_contiguous() and (_bits(y) == _bits(expected)).all()
    assert y.data_ptr() != x.data_ptr() or x.numel() == 0  # a fresh output, as every op's


def test_new_axes_identity_past_25_dims_folds(monkeypatch):
    launched = _launches(monkeypatch)
    x = torch.arange(6, dtype=torch.float32).reshape(2, 3)
    args = ([0] * 30, [0] * 30, None)
    kwargs = {"new_axis_mask": (1 << 29) - 1, "ellipsis_mask": 1 << 29}
    with use_backend("sim"):
        y = torch.ops.ascend_ops.strided_slice(x, *args, **kwargs)
    assert launched == [] and y.shape == (1,) * 29 + (2, 3)
    assert (_bits(y).reshape(-1) == _bits(x).reshape(-1)).all()


MESSAGE = ("the result has 30 dimensions: a strided slice that is neither an identity nor empty "
           "gives at most 25 (a CANN tensor shape holds 25 dims)")
NOT_FOLDABLE = (([0] * 30, [0] * 30, [1] * 29 + [-1]),
                {"new_axis_mask": (1 << 28) - 1, "ellipsis_mask": 1 << 28,
                 "begin_mask": 1 << 29, "end_mask": 1 << 29})


@pytest.mark.parametrize("backend", ["native", "reference", "sim"])
def test_a_result_that_cannot_fold_is_refused_alike(monkeypatch, backend):
    """A reversal with 28 new axes: 30 dims, not an identity, not empty. The npu device and the
    Python registration give the same (the sweep: `new_axes_reverse`)."""
    launched = _launches(monkeypatch)
    x = torch.arange(6, dtype=torch.float32).reshape(2, 3)
    with use_backend(backend), pytest.raises(OpArgumentError) as caught:
        torch.ops.ascend_ops.strided_slice(x, *NOT_FOLDABLE[0], **NOT_FOLDABLE[1])
    assert str(caught.value) == f"strided_slice: {MESSAGE}" and launched == []
    with pytest.raises(OpArgumentError) as by_reference:
        cpu_reference.strided_slice(x.numpy(), *NOT_FOLDABLE[0], **NOT_FOLDABLE[1])
    assert str(by_reference.value) == MESSAGE


def test_one_new_axis_fewer_runs_everywhere(monkeypatch):
    """Negative control: 25 result dims of the same reversal run the kernel on the sim and
    agree with the reference."""
    launched = _launches(monkeypatch)
    x = torch.arange(6, dtype=torch.float32).reshape(2, 3)
    args = ([0] * 25, [0] * 25, [1] * 24 + [-1])
    kwargs = {"new_axis_mask": (1 << 23) - 1, "ellipsis_mask": 1 << 23,
              "begin_mask": 1 << 24, "end_mask": 1 << 24}
    results = {}
    for backend in ("native", "reference", "sim"):
        with use_backend(backend):
            results[backend] = torch.ops.ascend_ops.strided_slice(x, *args, **kwargs)
    assert len(launched) == 1 and results["sim"].dim() == 25
    for y in results.values():
        assert (_bits(y) == _bits(results["reference"])).all()
