"""A simulated `npu` device, so the NPU dispatch path runs without an NPU or torch_npu.

`enable_simulated_npu()` renames PrivateUse1 (the key torch_npu's tensors carry) to "npu" and
gives it a Python backend: `x.to("npu")`, `.npu()`, `.cpu()`, `torch.empty/zeros(...,
device="npu")`, `torch.npu.*` and the aten ops work on npu tensors, whose elements live in a
CPU tensor. `torch.npu.get_device_name()` claims the simulated SoC of the product named by
ASCEND_OPS_PRODUCT (atlas-a2's when unset), so npu tensors obey that product's rules as on a real
NPU (`current_product("npu")`); CPU tensors obey only a product chosen on purpose, as without the
device. `import ascend_ops` enables it when ASCEND_OPS_SIM_NPU=1.

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
from ..runtime import torch_private
from ..runtime.products import product, product_from_env
from ..runtime.torch_private import OpOverload, tree_flatten, tree_map

__all__ = ["enable_simulated_npu", "enabled_by_environment", "is_enabled", "is_simulated",
           "host_tensor", "on_device", "SIM_NPU_ENV", "DEVICE_TYPE",
           "DEFAULT_PRODUCT"]

SIM_NPU_ENV = "ASCEND_OPS_SIM_NPU"
DEVICE_TYPE = "npu"
DEFAULT_PRODUCT = "atlas-a2"

# Note [simulated npu]
# ~~~~~~~~~~~~~~~~~~~~
# An npu tensor here is a PrivateUse1 tensor whose storage holds no memory: its elements are its
# host tensor, a CPU tensor kept on the storage's Python object (torch keeps that object alive
# as long as the storage, and the metadata copies torch makes itself, like `.data` or
# `x.view(dtype)`, share it). The npu tensor takes its host's sizes, strides and storage offset,
# so torch's own layout decisions (`is_contiguous`, `reshape` viewing or copying, autograd's
# `as_strided` replay of views written in place) match the host's. Kernels for PrivateUse1:
#   - factories and copies (`empty.memory_format`, `empty_strided`, `_copy_from`): enough for
#     `.to("npu")`, `.npu()`, `.cpu()`, `torch.empty/zeros(..., device="npu")`;
#   - a boxed fallback for every other aten op (`_run_on_host`): run the op on the host tensors
#     (an npu device reads as cpu, random ops draw from the device's generator), put tensor
#     results on the device; an in-place or out= result is the npu argument itself, given its
#     host's new layout if the op changed that (`out=` resizes, `t_`);
#   - the same host run, registered explicitly for every view op and `_unsafe_view` (a view in
#     all but its schema): their CompositeExplicitAutograd kernels would win over the fallback,
#     and some build their result outside these kernels, sharing the base's storage and so its
#     host whatever their own shape (`_unsafe_view`, which `matmul` uses). Not for the aliases
#     that keep their base's layout (`detach`, `alias`, `lift_fresh`): sharing the base's storage
#     they share its host, which fits them, and their composite kernels must stay C++ — see
#     Note [fake npu tensors].
# A view's host is a view of its base's host, so writes through npu views reach the base. The
# ascend_ops kernels unwrap the same way (npu.device_kernel). npu tensors are plain
# `torch.Tensor`s, as torch_npu's are: compiled code refuses tensor subclasses it does not know.
#
# Note [fake npu tensors]
# ~~~~~~~~~~~~~~~~~~~~~~~
# `torch.compile` traces npu tensors as FakeTensors: a meta tensor given the npu device's
# dispatch keys. So the PrivateUse1 kernels also see tensors on the meta device, with no host:
# those ops run their Meta kernels (shapes only). FakeTensor wraps each result with
# `_make_subclass`, which detaches it in C++ and then needs the detached tensor to have no
# Python object yet — so `detach` must never reach a Python kernel (a Python kernel that
# called itself again for such tensors was the RecursionError of `torch.compile` here).
_EXTRA_HOST_ROUTES = ("_unsafe_view",)
_SAME_LAYOUT_ALIASES = ("aten::detach", "aten::alias", "aten::lift_fresh")
_HOST_ATTRIBUTE = "ascend_ops_sim_host"  # on the storage object of an npu tensor
_SET_STORAGE = torch.ops.aten.set_.source_Storage_storage_offset
_META = torch_private.DispatchKeySet(torch_private.DispatchKey.Meta)

_claimed_soc: str | None = None
_generator = torch.Generator()  # the device's random state (get_rng_state, manual_seed, ...)
_libraries: list[torch.library.Library] = []  # kept alive: a dropped Library unregisters


def is_enabled() -> bool:
    return _claimed_soc is not None


def is_simulated(x: object) -> bool:
    """Whether `x` is a tensor on the simulated npu device (once enabled, every npu tensor)."""
    return _claimed_soc is not None and isinstance(x, torch.Tensor) \
        and x.device.type == DEVICE_TYPE


def host_tensor(x: torch.Tensor) -> torch.Tensor:
    """The CPU tensor holding an npu tensor's elements (shared with it, not a copy)."""
    try:
        return getattr(x.untyped_storage(), _HOST_ATTRIBUTE)
    except AttributeError:
        raise RuntimeError(f"this {x.device} tensor has no host elements: it was not made by "
                           f"the simulated npu device's kernels") from None


def on_device(host: torch.Tensor) -> torch.Tensor:
    """An npu tensor whose elements are `host` (shared, not copied), with its layout. Only a
    strided host fits (an npu tensor is strided, as torch_npu's are): an op whose result is a
    sparse, mkldnn, nested or quantized tensor is an error on the device, not a strided npu
    tensor hiding one. Sparse compressed and nested tensors made of npu tensors are torch's
    own, with npu parts."""
    if host.layout != torch.strided or host.is_nested or host.is_quantized:
        kind = "nested" if host.is_nested else "quantized" if host.is_quantized else host.layout
        raise NotImplementedError(f"the simulated npu device holds strided tensors only; this "
                                  f"op's result is a {kind} tensor")
    wrapper = torch_private.create_empty_privateuse1_tensor(host.shape, host.dtype)
    storage = wrapper.untyped_storage()
    # Meta's set_ only writes metadata: the host's sizes, strides and offset, and a storage size
    # to match (the storage still holds no memory).
    _SET_STORAGE.redispatch(_META, wrapper, storage, host.storage_offset(), host.shape,
                            host.stride())
    setattr(storage, _HOST_ATTRIBUTE, host)
    return wrapper


def _same_layout(x: torch.Tensor, host: torch.Tensor) -> bool:
    return (x.shape == host.shape and x.stride() == host.stride()
            and x.storage_offset() == host.storage_offset())


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
    _to_host(dst).copy_(_to_host(src))
    return dst


def _to_host(value):
    if is_simulated(value):
        return host_tensor(value)
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


def _follow_host_layout(x: torch.Tensor) -> None:
    """Give `x` its host's layout after an op changed the host's (`out=` resizes, `t_`)."""
    host = host_tensor(x)
    if not _same_layout(x, host):
        x.data = on_device(host)  # the same object and elements, with the host's layout


def _run_on_host(op: OpOverload, *args, **kwargs):
    """Run `op` on the host tensors of its npu arguments; results go to the device."""
    if any(isinstance(t, torch.Tensor) and t.device.type == "meta"
           for t in tree_flatten((args, kwargs))[0]):
        return op.redispatch(_META, *args, **kwargs)  # Note [fake npu tensors]
    schema = op._schema
    written = dict(_written_arguments(schema, args, kwargs))
    host_args, host_kwargs = tree_map(_to_host, (args, kwargs))
    if any(a.name == "generator" and a.kwarg_only for a in schema.arguments) \
            and host_kwargs.get("generator") is None:
        host_kwargs["generator"] = _generator
    result = op(*host_args, **host_kwargs)

    for t in tree_flatten(list(written.values()))[0]:
        if is_simulated(t):
            _follow_host_layout(t)
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


def _overload(qualified_name: str) -> OpOverload:
    name, _, overload = qualified_name.removeprefix("aten::").partition(".")
    return getattr(getattr(torch.ops.aten, name), overload or "default")


def _composite_views() -> Iterator[OpOverload]:
    """aten view ops whose kernel for PrivateUse1 would be CompositeExplicitAutograd."""
    has_kernel = torch_private.dispatch_has_kernel_for_dispatch_key
    for name in torch_private.dispatch_get_all_op_names():
        if not name.startswith("aten::") or has_kernel(name, "PrivateUse1") \
                or not has_kernel(name, "CompositeExplicitAutograd"):
            continue
        if name in _SAME_LAYOUT_ALIASES:
            continue
        op = _overload(name)
        if any(r.alias_info is not None and not r.alias_info.is_write
               for r in op._schema.returns):
            yield op


# Convolutions reach a PrivateUse1 backend as `convolution_overrideable` and
# `convolution_backward_overrideable` (the hooks an out-of-tree device implements); the device
# runs them as the host's own `convolution` / `convolution_backward`.
def _convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups):
    return _run_on_host(torch.ops.aten.convolution.default, input, weight, bias, stride, padding,
                        dilation, transposed, output_padding, groups)


def _convolution_backward(grad_output, input, weight, stride, padding, dilation, transposed,
                          output_padding, groups, output_mask):
    out_channels = weight.shape[1] * groups if transposed else weight.shape[0]
    return _run_on_host(torch.ops.aten.convolution_backward.default, grad_output, input, weight,
                        [out_channels], stride, padding, dilation, transposed, output_padding,
                        groups, output_mask)


def _register_kernels() -> None:
    aten = torch.library.Library("aten", "IMPL")
    aten.impl("convolution_overrideable", _convolution, "PrivateUse1")
    aten.impl("convolution_backward_overrideable", _convolution_backward, "PrivateUse1")
    aten.impl("empty.memory_format", _empty, "PrivateUse1")
    aten.impl("empty_strided", _empty_strided, "PrivateUse1")
    aten.impl("_copy_from", _copy_from, "PrivateUse1")
    for op in [*_composite_views(), *(_overload(n) for n in _EXTRA_HOST_ROUTES)]:
        aten.impl(op, functools.partial(_run_on_host, op), "PrivateUse1")
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
        torch_private.run_backward_on_engine(
            (leaf,), (seed,), False, False, (), True, True)


# --- enabling -----------------------------------------------------------------------------------

def enable_simulated_npu() -> str:
    """Set up the simulated npu device (once per process); return the SoC name it claims.

    Refuses, with RuntimeError, when torch_npu is loaded or PrivateUse1 already has another
    name (both would need the one rename a process gets), and on a torch without a Python
    backend for PrivateUse1 (before 2.10).
    """
    global _claimed_soc
    if _claimed_soc is not None:
        return _claimed_soc
    if torch_private.SIM_NPU_UNAVAILABLE is not None:
        raise RuntimeError(f"cannot enable the simulated npu device: "
                           f"{torch_private.SIM_NPU_UNAVAILABLE}; every other path works "
                           f"(unset {SIM_NPU_ENV}, or use torch >= 2.10 for the simulation)")
    if "torch_npu" in sys.modules:
        raise RuntimeError("cannot enable the simulated npu device: torch_npu is loaded and owns "
                           "the npu device; run the simulation in a process without torch_npu "
                           f"(unset {SIM_NPU_ENV} where torch_npu is used)")
    backend = torch_private.privateuse1_backend_name()
    if backend != "privateuseone":
        raise RuntimeError(f"cannot enable the simulated npu device: PrivateUse1 is already the "
                           f"{backend!r} backend, and a process can rename it only once; "
                           f"enable the simulation in a fresh process")
    soc = (product_from_env() or product(DEFAULT_PRODUCT)).simulated_soc
    torch_private.setup_privateuse1_python_backend(rename=DEVICE_TYPE,
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
