"""A simulated `npu` device, so the NPU dispatch path runs without an NPU or torch_npu.

`enable_simulated_npu()` renames PrivateUse1 (the key torch_npu's tensors carry) to "npu" and
gives it a Python backend: `x.to("npu")`, `.npu()`, `.cpu()`, `torch.empty/zeros(...,
device="npu")`, `torch.npu.*` and every aten op work on npu tensors, whose elements live in a
CPU tensor. `torch.npu.get_device_name()` claims the simulated SoC of the product named by
ASCEND_OPS_PRODUCT (atlas-a2's when unset), so `current_product()` obeys that product's rules as
it would on a real NPU. `import ascend_ops` enables it when ASCEND_OPS_SIM_NPU=1.

Process-global and irreversible: one rename of PrivateUse1 per process, so the simulated device
and torch_npu never share a process. See Note [simulated npu].
"""
from __future__ import annotations

import atexit
import functools
import os
import sys
from collections.abc import Iterator

import torch
from torch.utils._pytree import tree_flatten, tree_map
from torch.utils.backend_registration import _setup_privateuseone_for_python_backend

from .products import product, product_from_env

__all__ = ["enable_simulated_npu", "enabled_by_environment", "is_enabled", "is_simulated",
           "host_tensor", "on_device", "SimulatedNpuTensor", "SIM_NPU_ENV", "DEVICE_TYPE",
           "DEFAULT_PRODUCT"]

SIM_NPU_ENV = "ASCEND_OPS_SIM_NPU"
DEVICE_TYPE = "npu"
DEFAULT_PRODUCT = "atlas-a2"

# Note [simulated npu]
# ~~~~~~~~~~~~~~~~~~~~
# An npu tensor here is a storage-less PrivateUse1 tensor (`SimulatedNpuTensor`) whose elements
# are `host`, a CPU tensor of the same shape and dtype. The wrapper's own strides are always
# contiguous and its storage offset 0; only `host` knows the real layout. Kernels for PrivateUse1:
#   - factories and copies (`empty.memory_format`, `empty_strided`, `_copy_from`): enough for
#     `.to("npu")`, `.npu()`, `.cpu()`, `torch.empty/zeros(..., device="npu")`;
#   - a boxed fallback for every other aten op (`_run_on_host`): run the op on the host tensors
#     (an npu device reads as cpu, random ops draw from the device's generator), put tensor
#     results on the device; an in-place or out= result is the npu argument itself, resized
#     with its host when the op resized that (`arange` and other factories do);
#   - the same host run, registered explicitly for ops whose CompositeExplicitAutograd kernel
#     would otherwise win over the fallback and go wrong on a storage-less tensor: every view
#     op (composite `slice` derives `as_strided` from the wrapper's contiguous strides, so a
#     chained slice reads the wrong elements; composite `detach`/`alias` make a tensor without
#     `host`) and `_unsafe_view` (a view in all but its schema).
# A view's host is a view of its base's host, so writes through npu views reach the base. What
# needs real strides cannot work: autograd's CopySlices (an in-place op on a view while grad is
# recorded) replays the view with `as_strided` of the wrapper's strides, so such an op raises
# rather than record wrong gradients. The ascend_ops kernels unwrap the same way
# (npu.device_kernel).
_EXTRA_HOST_ROUTES = ("_unsafe_view",)
# Autograd makes a non-differentiable view (`x.view(dtype)`) as a metadata copy of the kernel's
# result: a new tensor, not this subclass, without `host`. Above autograd, for npu tensors, the
# host run gives the view itself (with no autograd history, which it would not have anyway).
_ABOVE_AUTOGRAD_HOST_ROUTES = ("view.dtype",)

_claimed_soc: str | None = None
_generator = torch.Generator()  # the device's random state (get_rng_state, manual_seed, ...)
_libraries: list[torch.library.Library] = []  # kept alive: a dropped Library unregisters


class SimulatedNpuTensor(torch.Tensor):
    """An npu tensor of the simulated device; its elements are the CPU tensor `host`."""

    host: torch.Tensor
    # torch functions return what the kernels return: without this, subclass propagation would
    # re-wrap the CPU result of `.cpu()` as a SimulatedNpuTensor with no elements.
    __torch_function__ = torch._C._disabled_torch_function_impl

    @property
    def data(self) -> SimulatedNpuTensor:
        # torch's own `.data` is a metadata copy: a plain tensor, without `host`.
        return on_device(self.host)

    @data.setter
    def data(self, new_data: SimulatedNpuTensor) -> None:
        torch._C.TensorBase.data.__set__(self, new_data)  # sizes, strides, dtype of new_data
        self.host = new_data.host

    def __repr__(self, *, tensor_contents=None) -> str:
        # torch's own repr formats 0-d elements with `format`, which for a subclass comes back
        # here: print the host elements and say where they live.
        suffix = f", device='{self.device}'"
        if self.grad_fn is not None:
            suffix += f", grad_fn=<{type(self.grad_fn).__name__}>"
        elif self.requires_grad:
            suffix += ", requires_grad=True"
        return f"{repr(self.host.detach())[:-1]}{suffix})"


def is_enabled() -> bool:
    return _claimed_soc is not None


def is_simulated(x: object) -> bool:
    """Whether `x` is a tensor on the simulated npu device."""
    return isinstance(x, SimulatedNpuTensor)


def host_tensor(x: SimulatedNpuTensor) -> torch.Tensor:
    """The CPU tensor holding an npu tensor's elements (a view of them, not a copy)."""
    return x.host


def on_device(host: torch.Tensor) -> SimulatedNpuTensor:
    """An npu tensor whose elements are `host` (shared, not copied)."""
    wrapper = torch._C._acc.create_empty_tensor(host.shape, host.dtype)
    wrapper.__class__ = SimulatedNpuTensor
    wrapper.host = host
    return wrapper


class _SimulatedNpuModule:
    """`torch.npu` of the simulated device: one device, index 0, always available."""

    def is_available(self) -> bool:
        return True

    def is_initialized(self) -> bool:
        return True

    def _is_in_bad_fork(self) -> bool:
        return False

    def device_count(self) -> int:
        return 1

    def current_device(self) -> int:
        return 0

    def set_device(self, device) -> None:
        _check_device(device)

    def synchronize(self, device=None) -> None:
        _check_device(device)

    def get_device_name(self, device=None) -> str:
        """The SoC name, as torch_npu's `aclrtGetSocName()` reports it."""
        _check_device(device)
        return _claimed_soc

    def manual_seed(self, seed: int) -> None:
        _generator.manual_seed(seed)

    def manual_seed_all(self, seed: int) -> None:
        _generator.manual_seed(seed)

    def get_rng_state(self, device="npu") -> torch.Tensor:
        _check_device(device)
        return _generator.get_state()

    def set_rng_state(self, new_state: torch.Tensor, device="npu") -> None:
        _check_device(device)
        _generator.set_state(new_state)


def _check_device(device) -> None:
    if device is None:
        return
    d = torch.device(DEVICE_TYPE, device) if isinstance(device, int) else torch.device(device)
    if d.type != DEVICE_TYPE or d.index not in (None, 0):
        raise ValueError(f"device {device!r} is not on the simulated npu device; "
                         f"it has one device, {DEVICE_TYPE}:0")


# --- kernels ------------------------------------------------------------------------------------

def _empty(size, *, dtype=None, layout=None, device=None, pin_memory=None, memory_format=None):
    return on_device(torch.empty(size, dtype=dtype, memory_format=memory_format))


def _empty_strided(size, stride, *, dtype=None, layout=None, device=None, pin_memory=None):
    return on_device(torch.empty_strided(size, stride, dtype=dtype))


def _copy_from(src: torch.Tensor, dst: torch.Tensor, non_blocking: bool = False) -> torch.Tensor:
    """Host to device, device to host and device to device: one host copy."""
    _refuse_view_rebase(torch.ops.aten._copy_from.default, [dst], [src, dst])
    (dst.host if is_simulated(dst) else dst).copy_(_to_host(src))
    return dst


def _to_host(value):
    if is_simulated(value):
        return value.host
    if isinstance(value, torch.Tensor) and value.device.type == DEVICE_TYPE:
        raise RuntimeError(f"an npu tensor of type {type(value).__name__} has no host elements: "
                           f"it was not made by the simulated npu device's kernels")
    if isinstance(value, torch.device) and value.type == DEVICE_TYPE:
        return torch.device("cpu")
    return value


def _to_device(value):
    return on_device(value) if isinstance(value, torch.Tensor) else value


def _written_arguments(schema, args, kwargs) -> Iterator[tuple[object, object]]:
    """(alias set, value) of each argument the op writes (in-place self, out=)."""
    for i, arg in enumerate(schema.arguments):
        if arg.alias_info is not None and arg.alias_info.is_write:
            value = args[i] if i < len(args) else kwargs.get(arg.name)
            yield frozenset(arg.alias_info.before_set), value


def _refuse_view_rebase(op, written: list, inputs: list) -> None:
    """Raise if autograd would record an in-place op on an npu view (Note [simulated npu])."""
    if not torch.is_grad_enabled() or not any(is_simulated(t) and t._is_view() for t in written):
        return
    if any(isinstance(t, torch.Tensor) and t.requires_grad for t in inputs):
        raise RuntimeError(
            f"{op}: the simulated npu device cannot record an in-place op on a view for "
            f"autograd (its views have no real strides, so the gradient would be wrong); "
            f"apply the op out of place, e.g. on a clone of the view")


def _follow_host_shape(x: SimulatedNpuTensor) -> None:
    """Give `x` its host's shape after an op resized the host tensor (e.g. `out=`)."""
    if x.shape != x.host.shape:
        x.data = on_device(x.host)  # the same object and host, with the host's sizes


def _run_on_host(op: torch._ops.OpOverload, *args, **kwargs):
    """Run `op` on the host tensors of its npu arguments; results go to the device."""
    schema = op._schema
    written = dict(_written_arguments(schema, args, kwargs))
    written_tensors = tree_flatten(list(written.values()))[0]
    _refuse_view_rebase(op, written_tensors, tree_flatten((args, kwargs))[0])
    host_args, host_kwargs = tree_map(_to_host, (args, kwargs))
    if any(a.name == "generator" and a.kwarg_only for a in schema.arguments) \
            and host_kwargs.get("generator") is None:
        host_kwargs["generator"] = _generator
    result = op(*host_args, **host_kwargs)

    for t in written_tensors:
        if is_simulated(t):
            _follow_host_shape(t)
    if not schema.returns:
        return None
    results = result if len(schema.returns) > 1 else (result,)
    outputs = []
    for ret, value in zip(schema.returns, results):
        alias = ret.alias_info
        if alias is not None and alias.is_write:
            outputs.append(written[frozenset(alias.before_set)])  # the npu tensor it wrote
        else:
            outputs.append(tree_map(_to_device, value))
    return tuple(outputs) if len(schema.returns) > 1 else outputs[0]


def _overload(qualified_name: str) -> torch._ops.OpOverload:
    name, _, overload = qualified_name.removeprefix("aten::").partition(".")
    return getattr(getattr(torch.ops.aten, name), overload or "default")


def _composite_views() -> Iterator[torch._ops.OpOverload]:
    """aten view ops whose kernel for PrivateUse1 would be CompositeExplicitAutograd."""
    has_kernel = torch._C._dispatch_has_kernel_for_dispatch_key
    for name in torch._C._dispatch_get_all_op_names():
        if not name.startswith("aten::") or has_kernel(name, "PrivateUse1") \
                or not has_kernel(name, "CompositeExplicitAutograd"):
            continue
        op = _overload(name)
        if any(r.alias_info is not None and not r.alias_info.is_write
               for r in op._schema.returns):
            yield op


def _register_kernels() -> None:
    aten = torch.library.Library("aten", "IMPL")
    aten.impl("empty.memory_format", _empty, "PrivateUse1")
    aten.impl("empty_strided", _empty_strided, "PrivateUse1")
    aten.impl("_copy_from", _copy_from, "PrivateUse1")
    for op in [*_composite_views(), *(_overload(n) for n in _EXTRA_HOST_ROUTES)]:
        aten.impl(op, functools.partial(_run_on_host, op), "PrivateUse1")
    for op in map(_overload, _ABOVE_AUTOGRAD_HOST_ROUTES):
        aten.impl(op, functools.partial(_run_on_host, op), "AutogradPrivateUse1")
    fallback = torch.library.Library("_", "IMPL")
    fallback.fallback(_run_on_host, "PrivateUse1")
    _libraries.extend((aten, fallback))


# --- exit ---------------------------------------------------------------------------------------
# Note [exit after backward]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~
# The autograd engine runs the backward nodes of npu tensors on its npu device thread, which may
# drop the last reference to a finished backward's GraphTask just after `backward()` returned.
# That task holds Python objects (torch stashes a contextvars copy for device threads), and
# freeing them once the interpreter is finalising takes the GIL too late: the process aborts
# ("terminate called without an active exception"), now and then, at exit. So at exit one more
# backward runs through that thread, which takes tasks in order: by the time it finishes, every
# earlier task is released. This last one is started on the engine directly, without the stash,
# and its tensors stay referenced here, so releasing it touches no Python object.
_exit_drain: list[torch.Tensor] = []


def _drain_autograd_device_thread() -> None:
    leaf = on_device(torch.zeros(())).requires_grad_()
    seed = on_device(torch.ones(()))
    _exit_drain.extend((leaf, seed))
    with torch.enable_grad():
        torch.autograd.Variable._execution_engine.run_backward(
            (leaf,), (seed,), False, False, (), True, True)


# --- enabling -----------------------------------------------------------------------------------

def enable_simulated_npu() -> str:
    """Set up the simulated npu device (once per process); return the SoC name it claims.

    Refuses, with RuntimeError, when torch_npu is loaded or PrivateUse1 already has another
    name: both would need the one rename a process gets.
    """
    global _claimed_soc
    if _claimed_soc is not None:
        return _claimed_soc
    if "torch_npu" in sys.modules:
        raise RuntimeError("cannot enable the simulated npu device: torch_npu is loaded and owns "
                           "the npu device; run the simulation in a process without torch_npu "
                           f"(unset {SIM_NPU_ENV} where torch_npu is used)")
    backend = torch._C._get_privateuse1_backend_name()
    if backend != "privateuseone":
        raise RuntimeError(f"cannot enable the simulated npu device: PrivateUse1 is already the "
                           f"{backend!r} backend, and a process can rename it only once; "
                           f"enable the simulation in a fresh process")
    soc = (product_from_env() or product(DEFAULT_PRODUCT)).simulated_soc
    _setup_privateuseone_for_python_backend(rename=DEVICE_TYPE,
                                            backend_module=_SimulatedNpuModule())
    _register_kernels()
    atexit.register(_drain_autograd_device_thread)
    _claimed_soc = soc
    return soc


def enabled_by_environment() -> bool:
    """Whether ASCEND_OPS_SIM_NPU asks for the simulated device ("1"; "0" or unset: no)."""
    value = os.environ.get(SIM_NPU_ENV, "").strip()
    if value in ("", "0"):
        return False
    if value == "1":
        return True
    raise ValueError(f"{SIM_NPU_ENV}={value!r} must be 1 (simulate an npu device) or 0 / unset")
