"""Smoke test of an installed ascend-ops, run by scripts/wheel_check.sh from outside the checkout
with the wheel's venv: every op through every CPU backend (the simulator on one op), compared
bit for bit with cpu_reference, and one op on the simulated npu device through the binding and
the CPU aclnn runtime the wheel carries, with the package read from site-packages and its build
cache outside it."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import torch

import ascend_ops
import cpu_reference
from ascend_ops.runtime import build_cache
from ascend_ops.tools.examples import example_input
from ascend_ops_gen.spec import project_root, running_from_checkout, specs


def bits(a: np.ndarray) -> np.ndarray:
    return a.view(f"u{a.dtype.itemsize}") if a.dtype != np.bool_ else a.view(np.uint8)


def check(op_name: str, backend: str, x: torch.Tensor, kwargs: dict) -> None:
    expected = getattr(cpu_reference, op_name)(x.numpy(), **kwargs)
    with ascend_ops.use_backend(backend):
        got = getattr(ascend_ops, op_name)(x, **kwargs).numpy()
    if got.shape != expected.shape or not np.array_equal(bits(got), bits(expected)):
        sys.exit(f"wheel smoke: {op_name} on {backend} differs from cpu_reference")
    print(f"ok   {op_name} on {backend}: shape {list(got.shape)}")


SIMULATED_CALL = """
import sys, numpy as np, torch, ascend_ops, cpu_reference
from ascend_ops.sim import aclnn_route
from ascend_ops.tools.examples import example_input
from ascend_ops_gen.spec import specs
example = specs().op(sys.argv[1]).examples[0]
x = example_input(example.input, example.dtype)
got = getattr(ascend_ops, sys.argv[1])(x.npu(), **example.kwargs).cpu().numpy()
expected = getattr(cpu_reference, sys.argv[1])(x.numpy(), **example.kwargs)
assert got.shape == expected.shape and got.tobytes() == expected.tobytes(), "differs from cpu_reference"
assert aclnn_route.counts() == (1, 1), f"the call made {aclnn_route.counts()} aclnn calls, not (1, 1)"
print("through", aclnn_route.loaded().binding_path)
"""


def check_simulated_npu(op_name: str, example) -> None:
    """`op_name`'s first example on the simulated npu device, in a process of its own."""
    env = dict(os.environ, ASCEND_OPS_SIM_NPU="1", TORCH_DEVICE_BACKEND_AUTOLOAD="0")
    done = subprocess.run([sys.executable, "-c", SIMULATED_CALL, op_name], env=env, capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"wheel smoke: {op_name} on the simulated npu device failed:\n{done.stdout}{done.stderr}")
    print(f"ok   {op_name} on the simulated npu device, {done.stdout.strip().splitlines()[-1]}")


def main() -> int:
    package = Path(ascend_ops.__file__).resolve().parent
    if running_from_checkout() or package.parent.name != "site-packages":
        sys.exit(f"wheel smoke: ascend_ops is imported from {package}, not an installed wheel")
    if not str(project_root()).startswith(str(package)):
        sys.exit(f"wheel smoke: the specs come from {project_root()}, not from the package")
    for op in specs().ops:
        example = op.examples[0]
        x = example_input(example.input, example.dtype)
        for backend in ("native", "reference"):
            check(op.name, backend, x, example.kwargs)
    first = specs().ops[0]
    check(first.name, "sim", example_input(first.examples[0].input, first.examples[0].dtype),
          first.examples[0].kwargs)
    check_simulated_npu(first.name, first.examples[0])
    cache = build_cache.cache_dir().resolve()
    if str(cache).startswith(str(package.parent)):
        sys.exit(f"wheel smoke: the build cache {cache} is inside site-packages")
    print(f"wheel smoke: {len(specs().ops)} ops on native and reference, {first.name} on sim and the "
          f"simulated npu: "
          f"all equal to cpu_reference (package {package}, build cache {cache})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
