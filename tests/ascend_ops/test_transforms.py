"""Autograd once, for every transform and on every path (runtime/autograd.py).

One autograd implementation per op serves the compiled kernel, the Python kernel (in process with
the compiled kernel switched off, and the Python registration itself with ASCEND_OPS_FAST=0 in a
subprocess), the sim backend and the simulated npu device. On each, transform_checks compares
backward, double backward, torch.func.grad / jacrev / jacfwd / vmap over vjp / jvp,
forward_ad.make_dual and vmap over the op with the Jacobian read off the op applied to element
indexes, and runs gradcheck and gradgradcheck (float64) with forward-mode and batched checks.
Negative controls: a Function with a deliberately wrong tangent, the silently zero tangent the
ops once had, and a wrong gradient are each caught by those same checks.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch

import ascend_ops
from ascend_ops.cpu import compiled
from ascend_ops.runtime import autograd
from ascend_ops_gen.spec import specs
from ascend_ops_support import CASES, EMPTY_LISTS, Case, case_id, differentiable
from transform_checks import transform_failures

pytestmark = pytest.mark.compat  # in scripts/compat.sh's subset, on every supported torch

HERE = Path(__file__).resolve().parent

# Every case autograd can differentiate (a float dtype, an op with a `backward:`).
FLOAT_CASES = tuple(c for c in CASES if differentiable(c)) + EMPTY_LISTS
# Small inputs for the paths where each op call runs the simulator.
SIM_CASES = (
    Case("strided_slice", "steps", (3, 4, 5), ([1, 0, 3], [3, 4, 0], [1, 2, -2])),
    Case("slice", "block", (3, 4), ([1, 1], [2, 2])),
    Case("depth_to_space", "nchw_crd", (1, 8, 1, 2), (2,), {"data_format": "NCHW", "mode": "CRD"}),
    Case("space_to_depth", "nhwc_dcr", (1, 2, 4, 1), (2,)),
) + EMPTY_LISTS[:1]


def op_call(case: Case):
    fn = getattr(ascend_ops, case.op)
    return lambda t: fn(t, *case.args, **case.kwargs)


def _ids(cases):
    return [case_id(c) for c in cases]


@pytest.mark.parametrize("case", FLOAT_CASES, ids=_ids(FLOAT_CASES))
def test_every_transform_on_the_compiled_kernel(case):
    assert compiled.fast_path_active(), "run `ascend-ops build` (scripts/setup.sh does)"
    before = compiled.counts()[0]
    assert transform_failures(op_call(case), case.shape, torch.float64) == {}
    if case.op != "strided_slice" or len(case.args) < 3 or case.args[2] != []:
        # the C++ kernel really copied (an empty `strides` list it leaves to the reference rules)
        assert compiled.counts()[0] > before


@pytest.mark.parametrize("case", FLOAT_CASES, ids=_ids(FLOAT_CASES))
def test_every_transform_on_the_python_kernel(case):
    with compiled.switched(False):
        before = compiled.counts()
        assert transform_failures(op_call(case), case.shape, torch.float64) == {}
        assert compiled.counts()[0] == before[0]  # nothing copied in C++


@pytest.mark.parametrize("case", SIM_CASES, ids=_ids(SIM_CASES))
def test_every_transform_on_the_sim_backend(case):
    with ascend_ops.use_backend("sim"):
        assert transform_failures(op_call(case), case.shape, torch.float32) == {}


_SUBPROCESS = r'''
import json, sys
sys.path.insert(0, sys.argv[1])
import torch, ascend_ops
from ascend_ops.cpu import compiled
from ascend_ops_support import Case
from transform_checks import transform_failures
cases, dtype, device = json.loads(sys.argv[2]), getattr(torch, sys.argv[3]), sys.argv[4]
out = {"fast": compiled.fast_path_active(), "failures": {}}
for op, name, shape, args, kwargs in cases:
    fn = getattr(ascend_ops, op)
    call = lambda t, fn=fn, args=args, kwargs=kwargs: fn(t, *args, **kwargs)
    out["failures"][f"{op}-{name}"] = transform_failures(call, tuple(shape), dtype, device)
print(json.dumps(out))
'''


def _run(cases, dtype: str, device: str, **env) -> dict:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("ASCEND_OPS_")
                   or k == "ASCEND_OPS_CACHE"}
    environment.update(TORCH_DEVICE_BACKEND_AUTOLOAD="0", **env)
    payload = json.dumps([[c.op, c.id, list(c.shape), list(c.args), c.kwargs] for c in cases])
    done = subprocess.run([sys.executable, "-c", _SUBPROCESS, str(HERE), payload, dtype, device],
                          env=environment, capture_output=True, text=True, timeout=900,
                          check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1])


def test_every_transform_on_the_python_registration():
    result = _run(FLOAT_CASES, "float64", "cpu", ASCEND_OPS_FAST="0")
    assert not result["fast"]
    assert len(result["failures"]) == len(FLOAT_CASES)
    assert {k: v for k, v in result["failures"].items() if v} == {}


def test_every_transform_on_the_simulated_npu_device():
    result = _run(SIM_CASES, "float32", "npu", ASCEND_OPS_SIM_NPU="1")
    assert len(result["failures"]) == len(SIM_CASES)
    assert {k: v for k, v in result["failures"].items() if v} == {}


# --- negative controls: the checks catch a wrong tangent and a wrong gradient -------------------

_CONTROL = Case("strided_slice", "steps", (3, 4, 5), ([1, 0, 3], [3, 4, 0], [1, 2, -2]))


def _with(**methods):
    """The control case's op through its Function with some staticmethods replaced."""
    base = autograd.op_function(specs().op(_CONTROL.op))
    wrong = type("Wrong", (base,), {k: staticmethod(v) for k, v in methods.items()})
    call = autograd.OpCall(_CONTROL.args, _CONTROL.kwargs)
    return lambda t: wrong.apply(t, call)


def test_the_control_function_passes_as_is():
    assert transform_failures(_with(), _CONTROL.shape, torch.float64) == {}


def test_a_wrong_tangent_is_caught():
    base = autograd.op_function(specs().op(_CONTROL.op))
    failures = transform_failures(_with(jvp=lambda ctx, t, c: 2 * base.jvp(ctx, t, c)),
                                  _CONTROL.shape, torch.float64)
    assert {"jvp", "make_dual", "jacfwd", "gradcheck"} <= failures.keys(), failures
    assert "tangent" in failures["jvp"] and "tangent" in failures["make_dual"]


def test_a_silently_zero_tangent_is_caught():
    failures = transform_failures(_with(jvp=lambda ctx, t, c: torch.zeros(
        torch.Size([2, 2, 1]), dtype=t.dtype)), _CONTROL.shape, torch.float64)
    assert {"jvp", "make_dual", "jacfwd", "gradcheck"} <= failures.keys(), failures


def test_a_wrong_gradient_is_caught():
    base = autograd.op_function(specs().op(_CONTROL.op))

    def backward(ctx, grad):
        (g, none) = base.backward(ctx, grad)
        return g * 2, none
    failures = transform_failures(_with(backward=backward), _CONTROL.shape, torch.float64)
    assert {"backward", "func_grad", "jacrev", "vmap_vjp", "gradcheck"} <= failures.keys(), failures


def test_a_non_differentiable_op_refuses_gradients_and_tangents():
    """A spec without `backward:`: a gradient or a tangent asked for is an error naming the op,
    never a zero (the rule for such a spec, applied to a copy of strided_slice's)."""
    import dataclasses

    op = dataclasses.replace(specs().op(_CONTROL.op), backward=None)
    function = autograd.op_function(op)
    call = autograd.OpCall(_CONTROL.args, _CONTROL.kwargs)
    x = torch.randn(_CONTROL.shape, dtype=torch.float64)
    with pytest.raises(RuntimeError, match="strided_slice is not differentiable"):
        function.apply(x.requires_grad_(), call).sum().backward()
    with pytest.raises(RuntimeError, match="strided_slice is not differentiable"):
        torch.func.jvp(lambda t: function.apply(t, call), (x.detach(),), (x.detach(),))
