"""Which executor moves the data of CPU tensors.

- `native` (default): cpu_reference's canonicalisation, then one multi-threaded C++ strided
  copy (`native_copy.py`), bit-exact with the reference;
- `reference`: cpu_reference, the numpy oracle, through zero-copy numpy views;
- `sim`: the generated AscendC kernels, compiled for the CPU simulator and run for the active
  product (atlas-a2 when none is active);

a custom op (kind: custom) has no native executor of its own: `native` runs its reference
(`custom_cpu_kernel`); the gradient ops (`<op>_grad`) have the three too
(`gradient_cpu_kernel`: the native write into a view, cpu_reference's `<op>_grad`, and
`sim.sim_gradient_kernel`);

chosen by the ASCEND_OPS_BACKEND environment variable or, in a block, `with use_backend(...)`.
"""
from __future__ import annotations

import contextlib
import contextvars
import functools
import os
import warnings
from collections.abc import Callable, Iterator

import numpy as np
import torch

import cpu_reference
from ascend_ops_gen.spec import specs

from . import native_copy
from ..runtime import custom_calls, reference_functions
from ..runtime.dtypes import from_numpy, to_numpy
from ..runtime.errors import OpArgumentError
from ..runtime.build_cache import NativeBuildError
from ..runtime.call_context import BACKEND_ENV, BACKENDS, DEFAULT_BACKEND, backend_choice


def current_backend() -> str:
    chosen = backend_choice.get()
    if chosen is not None:
        return chosen
    env = os.environ.get(BACKEND_ENV, "").strip()
    if not env:
        return DEFAULT_BACKEND if _native_builds() else "reference"
    if env not in BACKENDS:
        raise OpArgumentError(f"{BACKEND_ENV}={env!r} is not a CPU backend; "
                              f"choose one of: {', '.join(BACKENDS)}")
    return env


@functools.lru_cache(maxsize=1)
def _native_builds() -> bool:
    """Whether the default backend can be used. A machine without a C++ compiler still runs
    every call, on the reference, after one warning; asking for `native` by name there fails
    with the build error instead."""
    try:
        native_copy.library()
        return True
    except NativeBuildError as e:
        warnings.warn(f"ascend-ops: CPU calls run on the numpy reference: {e}", RuntimeWarning,
                      stacklevel=3)
        return False


@contextlib.contextmanager
def use_backend(name: str) -> Iterator[str]:
    """Within the block, CPU calls run on backend `name` (one of BACKENDS).

    Like `target_product`, this holds for the current thread (and asyncio task) only: a new
    thread starts from ASCEND_OPS_BACKEND. Carry it into a worker with
    `contextvars.copy_context().run(fn)`, or set the environment variable process-wide."""
    if name not in BACKENDS:
        raise OpArgumentError(f"backend {name!r} is unknown; choose one of: {', '.join(BACKENDS)}")
    token = backend_choice.set(name)
    try:
        yield name
    finally:
        backend_choice.reset(token)


def _reference(op_name: str) -> Callable[..., torch.Tensor]:
    def run(x: torch.Tensor, *args, **kwargs) -> torch.Tensor:
        return from_numpy(reference_functions.reference(op_name)(to_numpy(x), *args, **kwargs))
    return run


def _sim(op_name: str) -> Callable[..., torch.Tensor]:
    def run(x: torch.Tensor, *args, **kwargs) -> torch.Tensor:
        from ..sim import run_op  # the simulator builds with g++ on first use

        return run_op(op_name, x, *args, **kwargs)
    return run


def cpu_kernel(op_name: str) -> Callable[..., torch.Tensor]:
    """The CPU kernel of `op_name`: the current backend's executor, chosen per call."""
    reference = _reference(op_name)
    native = (native_copy.fill_executor if specs().op(op_name).is_filling else native_copy.executor)
    executors = {"native": native(op_name, reference), "reference": reference, "sim": _sim(op_name)}

    def kernel(x: torch.Tensor, *args, **kwargs) -> torch.Tensor:
        return executors[current_backend()](x, *args, **kwargs)
    kernel.__name__ = "cpu"
    return kernel


def reference_gradient(op_name: str, shape, *args, **kwargs) -> torch.Tensor:
    """cpu_reference's `<op_name>_grad(shape, *args, dy, **kwargs)` (`args` ending with dy) on
    CPU tensors."""
    *attributes, dy = args
    gradient = getattr(cpu_reference, f"{op_name}_grad")
    return from_numpy(np.asarray(gradient(list(shape), *attributes, to_numpy(dy), **kwargs), order="C"))


def _sim_gradient(op_name: str) -> Callable[..., torch.Tensor]:
    def run(shape, *args, **kwargs) -> torch.Tensor:
        from ..sim import sim_gradient_kernel

        return sim_gradient_kernel(op_name, shape, *args, **kwargs)
    return run


def gradient_cpu_kernel(op_name: str) -> Callable[..., torch.Tensor]:
    """The CPU kernel of view op `op_name`'s gradient op (`(shape, *args, dy, **kwargs)`): the
    current backend's executor, chosen per call (`native`: the native write into a view,
    `reference`: cpu_reference's `<op>_grad`, `sim`: `sim.sim_gradient_kernel`)."""
    reference = functools.partial(reference_gradient, op_name)
    executors = {"native": native_copy.write_executor(op_name, reference), "reference": reference,
                 "sim": _sim_gradient(op_name)}

    def kernel(shape, *args, **kwargs) -> torch.Tensor:
        return executors[current_backend()](shape, *args, **kwargs)
    kernel.__name__ = "cpu"
    return kernel


def custom_cpu_kernel(op_name: str) -> Callable[..., torch.Tensor]:
    """The CPU kernel of custom op `op_name` (its tensors as the spec orders them): its reference
    (for `native` and `reference`) or the simulator, chosen per call."""
    def reference(*args, **kwargs):
        op = specs().op(op_name)
        tensors, _, attrs = custom_calls.bound_tensors(op, args, kwargs)
        arrays = [to_numpy(a) if isinstance(a, torch.Tensor) else a for a in tensors]
        out = reference_functions.reference(op_name)(*arrays, **custom_calls.reference_attributes(op, attrs))
        if isinstance(out, tuple):
            return tuple(from_numpy(np.asarray(o, order="C")) for o in out)
        return from_numpy(np.asarray(out, order="C"))

    def sim(*args, **kwargs):
        from ..sim.custom_runner import run_custom  # the simulator builds with g++ on first use

        return run_custom(op_name, *args, **kwargs)
    executors = {"native": reference, "reference": reference, "sim": sim}

    def kernel(*args, **kwargs):
        return executors[current_backend()](*args, **kwargs)
    kernel.__name__ = "cpu"
    return kernel
