"""The kernels of NPU tensors (dispatch key PrivateUse1, which torch_npu renames to "npu").

Each call takes one of two routes, after the argument checks and the dtype rule of the product
that binds npu tensors (Note [active product] in runtime/products.py):

- `custom`: the package's own AscendC kernel. On a real NPU through the torch binding
  (`torch.ops.ascend_ops_npu.<op>`, the op package's aclnn API; npu_binding.py), loaded at
  import once `import torch_npu` succeeded; on the simulated npu device (`sim_device`) through
  the simulator, which plans the call as the op's TilingFunc and runs the same kernel
  (`ascend_ops.sim`), for the device's product.
- `torch_npu`: the op composed of torch's view and copy ops (`torch_views`), which torch_npu's
  own kernels run on the device. Used when the custom kernels cannot run, after one log line
  saying why (not built, CANN too old, load error, ...). The data never leaves the device.

ASCEND_OPS_NPU_KERNELS=custom or =torch_npu forces a route; `custom` fails, saying why, where
the custom kernels cannot run.
"""
from __future__ import annotations

import contextlib
import importlib.util
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass

import torch

from ..sim import device as sim_device
from ..runtime import torch_views
from ..runtime.dtypes import numpy_dtype
from ..runtime.errors import OpArgumentError
from ..runtime.kernel_rank import result_without_kernel
from ..runtime.products import NPU_DEVICE, current_product, target_product

__all__ = ["KERNELS_ENV", "ROUTES", "Route", "device_kernel", "load_custom_kernels", "route",
           "custom_kernels_unavailable", "torch_npu_import_error"]

KERNELS_ENV = "ASCEND_OPS_NPU_KERNELS"
ROUTES = ("custom", "torch_npu")
log = logging.getLogger("ascend_ops")

# Why the binding cannot run on this process's real NPU (None: loaded); set by
# load_custom_kernels() at import.
_binding_unavailable: str | None = "the binding was not loaded (ascend_ops.npu.dispatch.load_custom_kernels)"
_torch_npu_import_error: str | None = None
_logged_fallbacks: set[str] = set()


@dataclass(frozen=True)
class Route:
    name: str    # "custom" or "torch_npu"
    reason: str  # why this route


def forced_route() -> str | None:
    value = os.environ.get(KERNELS_ENV, "").strip()
    if not value:
        return None
    if value not in ROUTES:
        raise OpArgumentError(f"{KERNELS_ENV}={value!r} is not a route for npu tensors; choose "
                              f"one of: {', '.join(ROUTES)} (or leave it unset)")
    return value


def custom_kernels_unavailable(simulated: bool) -> str | None:
    """Why the custom kernels cannot run on the real (or the simulated) npu device; None if
    they can."""
    if simulated:
        from ..runtime.build_cache import NativeBuildError, compiler

        try:
            compiler()
        except NativeBuildError as e:
            return f"the simulator cannot be built: {e}"
        return None
    return _binding_unavailable


def route(simulated: bool) -> Route:
    """The route of the next npu call (logging the fallback's reason once)."""
    forced = forced_route()
    if forced == "torch_npu":
        return Route("torch_npu", f"forced by {KERNELS_ENV}=torch_npu")
    unavailable = custom_kernels_unavailable(simulated)
    if forced == "custom":
        if unavailable:
            raise RuntimeError(f"{KERNELS_ENV}=custom, but the package's AscendC kernels cannot "
                               f"run: {unavailable}")
        return Route("custom", f"forced by {KERNELS_ENV}=custom")
    if unavailable:
        if unavailable not in _logged_fallbacks:
            _logged_fallbacks.add(unavailable)
            log.warning("ascend-ops: npu tensors run on torch_npu's view and copy kernels, not "
                        "this package's AscendC kernels: %s", unavailable)
        return Route("torch_npu", unavailable)
    return Route("custom", "the simulator runs the AscendC kernels" if simulated else
                 "the op package and its torch binding are loaded")


def _check_arguments(op_name: str, x: torch.Tensor, args, kwargs) -> None:
    """The CPU path's argument checks (cpu_reference's canonicalisation, OpArgumentError), on
    the shape only, before anything is launched; the canonical torch view holds every call they
    accept (Note [torch views] in runtime/torch_views.py)."""
    torch_views.torch_view(op_name, tuple(x.shape), lambda: numpy_dtype(x.dtype), args, kwargs)


def _as_the_device() -> contextlib.AbstractContextManager:
    """A block in which the simulator, running an npu call on its host (CPU) tensors, plans for
    the product that binds npu tensors (Note [active product])."""
    p = current_product(NPU_DEVICE)
    return target_product(p) if p is not None else contextlib.nullcontext()


def _on_simulator(op_name: str) -> Callable[..., torch.Tensor]:
    def run(x: torch.Tensor, *args, **kwargs) -> torch.Tensor:
        from ..sim import run_op  # the simulator builds with g++ on first use

        with _as_the_device():
            return sim_device.on_device(run_op(op_name, sim_device.host_tensor(x), *args, **kwargs))
    return run


def on_binding(op_name: str) -> Callable[..., torch.Tensor]:
    """`op_name` through the loaded torch binding; its argument errors raise OpArgumentError. An
    identity or empty result of more dims than a CANN tensor shape holds takes no kernel
    (Note [kernel rank] in runtime/kernel_rank.py), as on the simulator."""
    def run(x: torch.Tensor, *args, **kwargs) -> torch.Tensor:
        from .binding import NAMESPACE

        folded = result_without_kernel(op_name, x, args, kwargs)
        if folded is not None:
            return folded
        try:
            return getattr(getattr(torch.ops, NAMESPACE), op_name)(x, *args, **kwargs)
        except OpArgumentError:
            raise
        except ValueError as e:  # the binding's argument errors: its view builder's, or the op's
            raise OpArgumentError(str(e)) from None  # host code's (aclnn GetWorkspaceSize)
    return run


def device_kernel(op_name: str) -> Callable[..., torch.Tensor]:
    """The PrivateUse1 kernel of `op_name` (its dtype rule is checked before it runs)."""
    simulator, binding = _on_simulator(op_name), on_binding(op_name)

    def kernel(x: torch.Tensor, *args, **kwargs) -> torch.Tensor:
        simulated = sim_device.is_simulated(x)
        if route(simulated).name == "torch_npu":
            return torch_views.OPS[op_name](x, *args, **kwargs)
        _check_arguments(op_name, x, args, kwargs)
        return (simulator if simulated else binding)(x, *args, **kwargs)
    kernel.__name__ = "npu"
    return kernel


# --- import ---------------------------------------------------------------------------------------

def torch_npu_import_error() -> str | None:
    """How `import torch_npu` failed at import (None: it did, or torch_npu is not installed)."""
    return _torch_npu_import_error


def torch_npu_install_hint() -> str:
    """The pip line for the torch_npu release made for this torch: it pins the release, so pip
    keeps the torch installed (an unpinned torch_npu would bring the newest, and its torch)."""
    import torch

    base = torch.__version__.split("+")[0]
    return f'pip install "torch_npu=={base}.*" (the release for torch {base}; it keeps this torch)'


def load_custom_kernels() -> str | None:
    """At `import ascend_ops`, outside the simulation: import torch_npu if it is installed, then
    load the binding if CANN can find the op package (binding.load). Returns why the custom
    kernels cannot run (None: they can); nothing here raises."""
    global _binding_unavailable, _torch_npu_import_error
    if importlib.util.find_spec("torch_npu") is None:
        _binding_unavailable = f"torch_npu is not installed ({torch_npu_install_hint()})"
        return _binding_unavailable
    try:
        import torch_npu
    except (ImportError, OSError, RuntimeError) as e:
        _torch_npu_import_error = f"{type(e).__name__}: {e}"
        _binding_unavailable = f"import torch_npu failed: {_torch_npu_import_error}"
        return _binding_unavailable
    from .binding import BindingUnavailable, load

    try:
        load(torch_npu)
        _binding_unavailable = None
    except BindingUnavailable as e:
        _binding_unavailable = str(e)
    except Exception as e:  # noqa: BLE001 - whatever loading does, the torch_npu route remains
        _binding_unavailable = f"load error: {type(e).__name__}: {e}"
    return _binding_unavailable


def on_custom_binding(op_name: str) -> Callable[..., torch.Tensor]:
    """Custom op `op_name` through the loaded torch binding (its inputs as the spec orders them);
    its argument errors raise OpArgumentError."""
    def run(*args, **kwargs):
        from .binding import NAMESPACE

        try:
            return getattr(getattr(torch.ops, NAMESPACE), op_name)(*args, **kwargs)
        except OpArgumentError:
            raise
        except ValueError as e:  # the op's host code's refusal (aclnn GetWorkspaceSize)
            raise OpArgumentError(str(e)) from None
    return run


def custom_device_kernel(op_name: str) -> Callable[..., torch.Tensor]:
    """The PrivateUse1 kernel of custom op `op_name` (its dtypes and shapes are checked before it
    runs): the simulator on the simulated npu device, else the op package through the binding. A
    custom op has no composition of torch_npu's ops to fall back on: where its kernel cannot run,
    the call fails, saying why."""
    binding = on_custom_binding(op_name)

    def kernel(*args, **kwargs):
        tensors = [a for a in args if isinstance(a, torch.Tensor)]
        simulated = bool(tensors) and all(sim_device.is_simulated(t) for t in tensors)
        if simulated:
            from ..sim.custom_runner import run_custom  # the simulator builds with g++ on first use

            host = [sim_device.host_tensor(a) if isinstance(a, torch.Tensor) else a for a in args]
            with _as_the_device():
                out = run_custom(op_name, *host, **kwargs)
            if isinstance(out, tuple):
                return tuple(sim_device.on_device(o) for o in out)
            return sim_device.on_device(out)
        if forced_route() == "torch_npu":
            raise RuntimeError(f"{op_name} is a custom op: it has no torch_npu composition to run as "
                               f"{KERNELS_ENV}=torch_npu asks")
        unavailable = custom_kernels_unavailable(False)
        if unavailable:
            raise RuntimeError(f"{op_name} is a custom op, which runs on an NPU through the op package only, "
                               f"and that cannot run: {unavailable}")
        return binding(*args, **kwargs)
    kernel.__name__ = "npu"
    return kernel
