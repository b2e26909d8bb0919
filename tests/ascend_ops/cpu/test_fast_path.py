"""The compiled fast path (ascend_ops.cpu.compiled): the C++ kernel is really taken, its results equal the
reference bit for bit, its gradients equal an index oracle's and the Python registration's, the
contexts and environment variables still decide, and switched off the Python path runs."""
from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch

import ascend_ops
from ascend_ops import UnsupportedDtypeError, target_product, use_backend
from ascend_ops.cpu import compiled
from ascend_ops_gen.spec import specs
from ascend_ops_support import (CASES, EXTRA_DTYPES, SPEC_DTYPES, assert_same_bits, case_id, differentiable,
                                random_tensor, torch_dtype)

HERE = Path(__file__).resolve().parents[1]  # tests/ascend_ops: the helpers
ALL_DTYPES = SPEC_DTYPES + EXTRA_DTYPES


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ASCEND_OPS_") or k == "ASCEND_OPS_CACHE"}
    env.update(TORCH_DEVICE_BACKEND_AUTOLOAD="0", **extra)
    return env


class Counted:
    """How many calls the C++ kernel copied itself / handed to the Python kernel in the block."""

    def __enter__(self):
        self.start = compiled.counts()
        return self

    def __exit__(self, *exc):
        end = compiled.counts()
        self.fast, self.python = end[0] - self.start[0], end[1] - self.start[1]


def _call(case, x):
    return getattr(ascend_ops, case.op)(x, *case.args, **case.kwargs)


def test_the_fast_path_is_built_and_active():
    # scripts/setup.sh builds it; a machine without it must say so here, not pass quietly.
    assert compiled.fast_path_active(), "run `ascend-ops build` (scripts/setup.sh does)"
    assert torch.ops.ascend_ops.slice.fast_call is not None


def test_large_outputs_come_from_the_huge_page_allocator():
    """From strided_copy.cpp's threshold on, the C++ kernel's output is that allocator's 2 MiB
    aligned, huge-page advised buffer, as the native executor's is (native_copy.new_output);
    the control, the same call below the threshold, gets torch's own allocation."""
    from ascend_ops.cpu import native_copy

    threshold = native_copy.huge_page_output_bytes()
    x = random_tensor((threshold // 4 + 1000,), torch.float32)
    with Counted() as counted:
        out = ascend_ops.slice(x, [0], [-1])
    assert counted.fast == 1
    assert out.data_ptr() % (2 << 20) == 0
    assert_same_bits(out, x)
    del out  # freed by the allocator's own deleter
    with Counted() as counted:
        small = ascend_ops.slice(x[:1000].clone(), [0], [-1])
    assert counted.fast == 1 and small.data_ptr() % (2 << 20) != 0


def test_the_fast_path_and_the_executor_share_one_output_cache():
    """The executor's copy is the extension's (native_copy.library() opens its file), so an
    output the fast path freed is the next executor output of its size; the control is the
    extension file itself."""
    from ascend_ops.cpu import native_copy

    assert native_copy.library()._name == compiled.loaded_module().__file__
    x = random_tensor((native_copy.huge_page_output_bytes() // 4 + 1000,), torch.float32)
    with Counted() as counted:
        out = ascend_ops.slice(x, [0], [-1])
    assert counted.fast == 1
    address = out.data_ptr()
    del out
    assert native_copy.new_output(x, tuple(x.shape)).data_ptr() == address


# NCHW_VECT_C takes int8 only (its rejection of other dtypes is test_bad_input's).
_CASE_DTYPES = [pytest.param(c, d, id=f"{case_id(c)}-{d}") for c in CASES for d in ALL_DTYPES
                if not c.int8_only or d == "int8"]


@pytest.mark.parametrize(("case", "dtype"), _CASE_DTYPES)
def test_fast_path_equals_the_reference_bit_for_bit(case, dtype):
    x = random_tensor(case.shape, torch_dtype(dtype), seed=len(case.id))
    with use_backend("reference"):
        expected = _call(case, x)
    with Counted() as counted:
        actual = _call(case, x)
    assert (counted.fast, counted.python) == (1, 0)  # copied in C++, no Python kernel
    assert actual.is_contiguous() and actual.dtype == x.dtype
    assert_same_bits(actual, expected)


def test_strided_inputs_and_other_backends_go_to_the_python_kernel():
    x = random_tensor((6, 10), torch.float32)
    strided = x[:, ::2]
    with use_backend("reference"):
        expected = ascend_ops.slice(strided, [1, 1], [3, 2])
    with Counted() as counted:
        actual = ascend_ops.slice(strided, [1, 1], [3, 2])
    assert (counted.fast, counted.python) == (0, 1)
    assert_same_bits(actual, expected)
    with Counted() as counted, use_backend("reference"):
        ascend_ops.slice(x, [1, 1], [3, 2])
    assert (counted.fast, counted.python) == (0, 1)


def test_the_product_rule_is_applied_in_cpp_and_refusals_come_from_python(monkeypatch):
    x = random_tensor((4, 6), torch.bfloat16)
    with target_product("atlas-a2"), Counted() as counted:
        ascend_ops.slice(x, [0, 0], [2, 2])  # bfloat16 is supported there
    assert (counted.fast, counted.python) == (1, 0)
    with target_product("atlas-inference"), Counted() as counted:
        with pytest.raises(UnsupportedDtypeError, match="slice does not support bfloat16 on atlas-inference"):
            ascend_ops.slice(x, [0, 0], [2, 2])
    assert (counted.fast, counted.python) == (0, 1)
    # The environment variable is the process default; a change is seen on the next call.
    monkeypatch.setenv("ASCEND_OPS_PRODUCT", "atlas-inference")
    with pytest.raises(UnsupportedDtypeError, match="on atlas-inference"):
        ascend_ops.slice(x, [0, 0], [2, 2])
    monkeypatch.setenv("ASCEND_OPS_PRODUCT", "atlas-a2")
    with Counted() as counted:
        ascend_ops.slice(x, [0, 0], [2, 2])
    assert (counted.fast, counted.python) == (1, 0)
    monkeypatch.setenv("ASCEND_OPS_BACKEND", "reference")
    with Counted() as counted:
        ascend_ops.slice(x, [0, 0], [2, 2])
    assert (counted.fast, counted.python) == (0, 1)


def test_overloads_and_torch_ops_packets_take_the_cpp_kernel():
    x = random_tensor((4, 6), torch.int32)
    with Counted() as counted:
        a = torch.ops.ascend_ops.strided_slice(x, [0], [4], [2])
        b = torch.ops.ascend_ops.strided_slice.default(x, [0], [4], [2])
    assert (counted.fast, counted.python) == (2, 0)
    assert_same_bits(a, x[::2].clone())
    assert_same_bits(b, x[::2].clone())


def test_junk_arguments_are_left_to_the_python_checks():
    x = random_tensor((4, 6), torch.float32)
    # Every one of these is something the Python checks must see (test_bad_input says what they
    # raise); the extension's entry returns None for them instead of calling the op.
    index = compiled.op_index(compiled._module, specs().op("slice"))
    for args, kwargs in [((x, [True, 0], [1, 1]), {}), ((x, [0, 0], [1, 2**63]), {}),
                         ((x.numpy(), [0, 0], [1, 1]), {}), ((x, [0, 0]), {}),
                         ((x, [0, 0], [1, 1]), {"bogus": 1}), ((x, (0, 0.0), [1, 1]), {})]:
        assert compiled._module.call(index, args, kwargs) is None, (args, kwargs)
    assert compiled._module.call(index, (x, [0, 0], [1, 1]), {}) is not None  # the control


# --- gradients --------------------------------------------------------------------------------

def _index_oracle_grad(case, shape, weight: torch.Tensor) -> torch.Tensor:
    """d sum(op(x) * weight) / dx, from where each output element comes from: the op applied to
    the input's element indexes (int64) says it, independently of any autograd formula."""
    positions = torch.arange(math.prod(shape), dtype=torch.int64).reshape(shape)
    with use_backend("reference"):
        sources = _call(case, positions)
    grad = torch.zeros(math.prod(shape), dtype=weight.dtype)
    grad.index_add_(0, sources.reshape(-1), weight.reshape(-1))
    return grad.reshape(shape)


def _fast_gradient(case, dtype=torch.float64):
    x = random_tensor(case.shape, torch.float64, seed=3).nan_to_num(0.0, 0.0, 0.0).to(dtype)
    x.requires_grad_(True)
    out = _call(case, x)
    weight = torch.arange(1, out.numel() + 1, dtype=dtype).reshape(out.shape)
    (grad,) = torch.autograd.grad((out * weight).sum(), x)
    return out, weight, grad


@pytest.mark.parametrize("case", [c for c in CASES if differentiable(c)], ids=case_id)
def test_autograd_on_the_compiled_kernel_matches_the_index_oracle(case):
    with Counted() as counted:
        out, weight, grad = _fast_gradient(case)
    assert out.grad_fn is not None and "AscendOps" in out.grad_fn.name()
    assert counted.python == 0
    assert_same_bits(grad, _index_oracle_grad(case, case.shape, weight))


_PYTHON_PATH_GRADIENTS = """
import json, sys, torch
sys.path[:0] = sys.argv[1:3]  # this file's folder, and the helpers' it imports
import test_fast_path as t
from ascend_ops.cpu import compiled
assert not compiled.fast_path_active()
out = {}
for case in t.CASES:
    if t.differentiable(case):
        _, _, grad = t._fast_gradient(case)
        out[case.op + "-" + case.id] = grad.view(torch.int64).reshape(-1).tolist()
print(json.dumps(out))
"""


def test_autograd_on_the_compiled_kernel_matches_the_python_registration():
    result = subprocess.run([sys.executable, "-c", _PYTHON_PATH_GRADIENTS, str(Path(__file__).resolve().parent),
                             str(HERE)],
                            env=_env(ASCEND_OPS_FAST="0"), capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    python_grads = json.loads(result.stdout)
    for case in CASES:
        if not differentiable(case):
            continue
        _, _, grad = _fast_gradient(case)
        assert grad.view(torch.int64).reshape(-1).tolist() == python_grads[f"{case.op}-{case.id}"], case.id


def test_double_backward_through_the_autograd_gate():
    x = torch.randn(4, 6, dtype=torch.float64, requires_grad=True)
    y = ascend_ops.slice(x, [1, 0], [2, 6])
    (g,) = torch.autograd.grad((y * y).sum(), x, create_graph=True)
    (gg,) = torch.autograd.grad(g.sum(), x)
    expected = torch.zeros(4, 6, dtype=torch.float64)
    expected[1:3] = 2.0
    assert torch.equal(gg, expected)


def test_the_gate_relays_to_python_only_what_needs_autograd():
    """Note [autograd gate]: no gradient and no tangent asked for stays in C++; a tracked input,
    and a forward-mode dual (the control: a plain call on the same values), go to the Python
    autograd kernel, once per call."""
    import torch.autograd.forward_ad as fwAD

    x = torch.randn(4, 6, dtype=torch.float64)
    leaf = x.clone().requires_grad_()

    def relays(fn) -> int:
        before = compiled.autograd_relays()
        fn()
        return compiled.autograd_relays() - before

    def dual():
        with fwAD.dual_level():
            ascend_ops.slice(fwAD.make_dual(x, torch.ones_like(x)), [1, 0], [2, 6])

    def no_grad():
        with torch.no_grad():
            ascend_ops.slice(leaf, [1, 0], [2, 6])

    assert relays(lambda: ascend_ops.slice(x, [1, 0], [2, 6])) == 0
    assert relays(no_grad) == 0
    assert relays(lambda: ascend_ops.slice(leaf, [1, 0], [2, 6])) == 1
    assert relays(dual) == 1


# --- switched off -------------------------------------------------------------------------------

_SWITCHED_OFF = """
import logging, sys
logging.basicConfig(level=logging.INFO, stream=sys.stdout, format="%(message)s")
import torch, ascend_ops
from ascend_ops.cpu import compiled
x = torch.arange(24.0).reshape(4, 6)
y = ascend_ops.slice(x, [1, 0], [2, 6])
assert torch.equal(y, x[1:3])
print("active", compiled.fast_path_active(), compiled.counts(), "fast call", torch.ops.ascend_ops.slice.fast_call)
"""


def test_switched_off_the_python_registration_runs_and_says_why():
    result = subprocess.run([sys.executable, "-c", _SWITCHED_OFF], env=_env(ASCEND_OPS_FAST="0"),
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    assert "switched off (ASCEND_OPS_FAST=0)" in result.stdout
    assert "active False (0, 0) fast call None" in result.stdout


def test_not_built_the_python_registration_runs_and_says_why(tmp_path):
    result = subprocess.run([sys.executable, "-c", _SWITCHED_OFF], env=_env(ASCEND_OPS_CACHE=str(tmp_path), ASCEND_OPS_BACKEND="reference"),
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    assert "not built for torch" in result.stdout and "ascend-ops build" in result.stdout
    assert "active False (0, 0) fast call None" in result.stdout


def test_bad_input_suite_passes_on_the_python_registration_too():
    # The same table-driven bad-input tests, with the fast path switched off (in-process they run
    # with it on).
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x",
                             str(HERE / "test_bad_input.py")],
                            env=_env(ASCEND_OPS_FAST="0"), capture_output=True, text=True, timeout=1800,
                            cwd=HERE.parent.parent)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]


@pytest.mark.parametrize("dynamic", [False, True], ids=["static", "dynamic"])
def test_torch_compile_traces_through_the_autograd_gate(dynamic):
    torch._dynamo.reset()
    case = next(c for c in CASES if c.op == "strided_slice" and c.id == "steps")

    def fn(t):
        return (_call(case, t) * 3).sum()

    compiled = torch.compile(fn, backend="aot_eager", fullgraph=True, dynamic=dynamic)
    x = torch.randn(case.shape, dtype=torch.float64, requires_grad=True)
    (expected,) = torch.autograd.grad(fn(x), x)
    (actual,) = torch.autograd.grad(compiled(x), x)
    assert_same_bits(actual, expected)


def test_a_table_that_no_longer_matches_the_specs_is_not_loaded(tmp_path, monkeypatch):
    import shutil

    from ascend_ops_gen.spec import load_specs

    specs_dir = compiled._kernels_root().parent / "op_specs"
    copy = tmp_path / "ascend_kernels"
    shutil.copytree(compiled._kernels_root() / "binding", copy / "binding")
    monkeypatch.setattr(compiled, "_kernels_root", lambda: copy)
    assert compiled.stale_table() is None  # the control: an exact copy is current
    # The table as generated from specs with an edit the package's specs do not have.
    edited = tmp_path / "op_specs"
    shutil.copytree(specs_dir, edited)
    (edited / "slice.yaml").write_text((edited / "slice.yaml").read_text() + "\n# edited\n")
    table = copy / "binding" / "ascend_ops_cpu_generated.h"
    current = load_specs(specs_dir).view_digest
    assert current in table.read_text()
    table.write_text(table.read_text().replace(current, load_specs(edited).view_digest))
    assert "does not match op_specs/; run `ascend-ops-dev generate`" in compiled.stale_table()
    with pytest.raises(compiled.FastPathUnavailable, match="does not match op_specs/"):
        compiled.build()


def test_an_empty_optional_list_is_left_to_the_reference_rules():
    # The view builders read an int[]? of size 0 as None; the reference does not: strides=[] is
    # a list of the wrong length. The C++ kernel hands it to Python.
    x = random_tensor((4, 6), torch.float32)
    with use_backend("reference"):
        with pytest.raises(ascend_ops.OpArgumentError) as expected:
            ascend_ops.strided_slice(x, [0], [2], [])
    with Counted() as counted, pytest.raises(ascend_ops.OpArgumentError) as actual:
        ascend_ops.strided_slice(x, [0], [2], [])
    assert str(actual.value) == str(expected.value)
    assert (counted.fast, counted.python) == (0, 1)
