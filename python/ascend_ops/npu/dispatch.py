"""The kernels of NPU tensors (PrivateUse1, which torch_npu renames "npu"): after the argument
checks and the dtype rule of the device's product, each call takes one route (Note [npu routes]).
"""
from __future__ import annotations

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
from ..runtime.kernel_rank import kernel_max_rank, result_without_kernel
from ..runtime.products import NPU_DEVICE, current_product

__all__ = ["KERNELS_ENV", "ROUTES", "Route", "device_kernel", "load_custom_kernels", "route",
           "custom_kernels_unavailable", "torch_npu_import_error"]

# Note [npu routes]
# ~~~~~~~~~~~~~~~~~
# - `custom`: the package's own AscendC kernel, through the torch binding
#   (`torch.ops.ascend_ops_npu.<op>`, the op package's aclnn API). On a real NPU the binding built
#   against torch_npu (binding.py), loaded at import once `import torch_npu` succeeded; on the
#   simulated npu device the same binding built for host memory, over the CPU aclnn runtime that
#   runs the op's InferShape, TilingFunc and kernel in the simulator of the device's product
#   (`ascend_ops.sim.aclnn_route`), loaded at the first call.
# - `torch_npu`: the op composed of torch's view and copy ops (`torch_views`), which torch_npu's
#   own kernels run on the device. Used when the custom kernels cannot run, after one log line
#   saying why (not built, CANN too old, load error, ...). The data never leaves the device.
# ASCEND_OPS_NPU_KERNELS=custom or =torch_npu forces a route; `custom` fails, saying why, where
# the custom kernels cannot run.
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


def load_simulated_binding() -> None:
    """The simulated device's binding, loaded (built with g++ at the first call), running its
    calls for the product that binds npu tensors (Note [active product])."""
    from ..sim import aclnn_route

    soc = current_product(NPU_DEVICE).simulated_soc
    binding = aclnn_route.load(soc)
    if binding.soc != soc:
        binding.select(soc)


def on_binding(op_name: str, *, checked: bool = False) -> Callable[..., torch.Tensor]:
    """`op_name` through the loaded torch binding; its argument errors raise OpArgumentError. An
    identity or empty result of more dims than a CANN tensor shape holds takes no kernel
    (Note [kernel rank] in runtime/kernel_rank.py), as on the simulator. `checked`: the caller
    checked the arguments already, so an op without a kernel rank limit goes straight on."""
    folds = not checked or kernel_max_rank(op_name) is not None

    def run(x: torch.Tensor, *args, **kwargs) -> torch.Tensor:
        from .binding import NAMESPACE

        folded = result_without_kernel(op_name, x, args, kwargs) if folds else None
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
    binding = on_binding(op_name, checked=True)

    def kernel(x: torch.Tensor, *args, **kwargs) -> torch.Tensor:
        simulated = sim_device.is_simulated(x)
        if route(simulated).name == "torch_npu":
            return torch_views.OPS[op_name](x, *args, **kwargs)
        _check_arguments(op_name, x, args, kwargs)
        if simulated:
            load_simulated_binding()
        return binding(x, *args, **kwargs)
    kernel.__name__ = "npu"
    return kernel


def gradient_device_kernel(op_name: str, gradient_name: str) -> Callable[..., torch.Tensor]:
    """The PrivateUse1 kernel of the gradient op of view op `op_name`, called as
    `<gradient_name>(shape, *attributes, dy, **kwargs)`: the gradient op's own kernel, the engine's
    write direction, through the binding (`<gradient_name>(dy, shape, *attributes)` there), after
    the CPU path's checks on the shapes. The torch_npu route, and a gradient of more dims than the
    op's kernels take (an identity's or an empty slice's: Note [kernel rank]), write dy into the
    canonical torch view of zeros on the device instead."""
    limit = kernel_max_rank(op_name)

    def kernel(shape, *args, **kwargs) -> torch.Tensor:
        from .binding import NAMESPACE

        *attributes, dy = args
        simulated = sim_device.is_simulated(dy)
        over = limit is not None and max(len(shape), dy.dim()) > limit
        if route(simulated).name == "torch_npu" or over:
            return torch_views.write_into_zeros(op_name, shape, dy, tuple(attributes), kwargs)
        torch_views.gradient_view(op_name, shape, dy, tuple(attributes), kwargs)  # its errors first
        if simulated:
            load_simulated_binding()
        return getattr(getattr(torch.ops, NAMESPACE), gradient_name)(dy, list(shape), *attributes, **kwargs)
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
    runs): the op package through the binding, on a real or the simulated npu device. A custom op
    has no composition of torch_npu's ops to fall back on: where its kernel cannot run, the call
    fails, saying why."""
    binding = on_custom_binding(op_name)

    def kernel(*args, **kwargs):
        tensors = [a for a in args if isinstance(a, torch.Tensor)]
        simulated = bool(tensors) and all(sim_device.is_simulated(t) for t in tensors)
        if forced_route() == "torch_npu":
            raise RuntimeError(f"{op_name} is a custom op: it has no torch_npu composition to run as "
                               f"{KERNELS_ENV}=torch_npu asks")
        unavailable = custom_kernels_unavailable(simulated)
        if unavailable:
            raise RuntimeError(f"{op_name} is a custom op, which runs on an NPU through the op package only, "
                               f"and that cannot run: {unavailable}")
        if simulated:
            load_simulated_binding()
        return binding(*args, **kwargs)
    kernel.__name__ = "npu"
    return kernel
