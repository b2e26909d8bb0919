"""Where the compiled kernel once disagreed with the Python kernel, compared call by call: the
same calls run here (compiled kernel active) and in a subprocess with ASCEND_OPS_FAST=0 (the
Python registration), and give the same results, error classes and messages, and gradients.

- a string attribute holding a NUL ("NHWC\\x00", "CRD\\x00"): the compiled kernel read it up to
  the NUL and accepted it; the reference refuses it;
- the backward of strided_slice with empty lists on a 0-d input (TensorFlow's testGradientZero:
  `strided_slice(var * var, [], [], [])`) and on a 1-d input: the compiled backward could not
  rebuild its view.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from ascend_ops.cpu import compiled
from ascend_ops_support import NUL_STRINGS as JUNK_STRINGS


_PROBE = r'''
import json, sys, torch, ascend_ops
from ascend_ops.cpu import compiled

def outcome(fn):
    try:
        out = fn()
    except Exception as e:  # the class and message are what is compared
        return ["error", type(e).__name__, str(e)]
    return ["ok", list(out.shape), out.reshape(-1).tolist()]

junk = json.loads(sys.argv[1])
x = torch.arange(32.0).reshape(1, 2, 4, 4)
results = {}
for op in ("depth_to_space", "space_to_depth"):
    for attr in ("data_format", "mode"):
        for value in junk:
            kw = {attr: value}
            for route, fn in (("function", getattr(ascend_ops, op)),
                              ("packet", getattr(torch.ops.ascend_ops, op)),
                              ("overload", getattr(torch.ops.ascend_ops, op).default)):
                results[f"{op} {attr}={value!r} {route}"] = outcome(lambda: fn(x, 2, **kw))

def grad(make, args):
    v = make()
    y = ascend_ops.strided_slice(*args(v))
    y.sum().backward()
    return [list(v.grad.shape), v.grad.reshape(-1).tolist()]

def gradient(name, make, args):
    try:
        results[name] = ["ok", *grad(make, args)]
    except Exception as e:
        results[name] = ["error", type(e).__name__, str(e)]

gradient("0-d var*var", lambda: torch.tensor(3.0, requires_grad=True), lambda v: (v * v, [], [], []))
gradient("0-d no strides", lambda: torch.tensor(3.0, requires_grad=True), lambda v: (v * v, [], []))
gradient("1-d empty lists", lambda: torch.arange(4.0, requires_grad=True), lambda v: (v, [], [], []))
gradient("2-d empty lists", lambda: torch.arange(6.0).reshape(2, 3).requires_grad_(),
         lambda v: (v, [], [], []))
print(json.dumps({"fast": compiled.fast_path_active(), "results": results}))
'''


def _run(fast: bool) -> dict:
    env = {**os.environ, "TORCH_DEVICE_BACKEND_AUTOLOAD": "0"}
    env.pop("ASCEND_OPS_FAST", None)
    if not fast:
        env["ASCEND_OPS_FAST"] = "0"
    done = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(JUNK_STRINGS)], env=env,
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


@pytest.fixture(scope="module")
def both() -> tuple[dict, dict]:
    assert compiled.fast_path_active(), "run `ascend-ops build` (scripts/setup.sh does)"
    fast, python = _run(True), _run(False)
    assert fast["fast"] and not python["fast"]
    return fast["results"], python["results"]


def test_nul_terminated_strings_are_refused_alike(both):
    fast, python = both
    junk = {k: v for k, v in python.items() if "=" in k}
    assert len(junk) == 2 * 2 * len(JUNK_STRINGS) * 3
    # the Python kernel (the reference's rules) refuses every one of them, naming the value
    assert all(v[0] == "error" and v[1] == "OpArgumentError" for v in junk.values()), junk
    assert {k: fast[k] for k in junk} == junk


def test_empty_list_backwards_are_the_python_kernels(both):
    fast, python = both
    grads = {k: v for k, v in python.items() if "=" not in k}
    assert grads["0-d var*var"] == ["ok", [], [6.0]]  # d(v*v)/dv at 3, as TensorFlow's test
    assert grads["1-d empty lists"] == ["ok", [4], [1.0] * 4]
    assert {k: fast[k] for k in grads} == grads
