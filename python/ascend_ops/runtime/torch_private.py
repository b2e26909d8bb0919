"""The supported torch range, and every private torch name the package uses, each behind a guard.

Public torch APIs cover most of what the package needs. What they do not is here, one entry per
name, so a torch release that moves or drops a name meets that entry's guard and nothing else:
no other module of the package names a private torch attribute (tests/ascend_ops/
test_torch_private.py scans for them). Each entry says what it is for and what happens without
it. `check_torch_version()` runs first at `import ascend_ops`.
"""
from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from typing import Any, NamedTuple

import torch

# The supported range: what pyproject.toml's bound says and what scripts/compat.sh tests
# (its oldest and newest in CI, every minor on demand). Lower bound inclusive, upper exclusive.
OLDEST_TORCH = (2, 6)
BEYOND_NEWEST_TORCH = (2, 15)
SUPPORTED_RANGE = (f"torch >= {OLDEST_TORCH[0]}.{OLDEST_TORCH[1]}, "
                   f"< {BEYOND_NEWEST_TORCH[0]}.{BEYOND_NEWEST_TORCH[1]}")


class UnsupportedTorchError(ImportError):
    """The installed torch is outside the range the package is tested on."""


def torch_version(version: str | None = None) -> tuple[int, int]:
    """(major, minor) of a torch version string (`torch.__version__` by default)."""
    text = str(torch.__version__ if version is None else version)
    match = re.match(r"(\d+)\.(\d+)", text)
    if match is None:
        raise UnsupportedTorchError(f"cannot read torch's version {text!r}; ascend-ops supports "
                                    f"{SUPPORTED_RANGE}")
    return int(match.group(1)), int(match.group(2))


def check_torch_version(version: str | None = None) -> None:
    """Raise UnsupportedTorchError, naming the range, for a torch outside it."""
    found = torch_version(version)
    if not OLDEST_TORCH <= found < BEYOND_NEWEST_TORCH:
        text = torch.__version__ if version is None else version
        raise UnsupportedTorchError(
            f"ascend-ops supports {SUPPORTED_RANGE} (every minor from "
            f"{OLDEST_TORCH[0]}.{OLDEST_TORCH[1]} to {BEYOND_NEWEST_TORCH[0]}."
            f"{BEYOND_NEWEST_TORCH[1] - 1} is tested); this is torch {text}. Install a torch in "
            f"that range (with torch_npu, the torch_npu release made for it)")


def _missing(name: str, purpose: str) -> str:
    return f"torch {torch.__version__} has no {name} ({purpose})"


def _required(owner: Any, attribute: str, purpose: str, owner_name: str | None = None) -> Any:
    """A private name the package cannot work without: its absence is an import error that names
    it, the torch version and what it is for."""
    try:
        return getattr(owner, attribute)
    except AttributeError:
        name = f"{owner_name or owner.__name__}.{attribute}"
        raise UnsupportedTorchError(_missing(name, purpose)
                                    + f"; ascend-ops supports {SUPPORTED_RANGE}") from None


check_torch_version()  # before any entry below is looked up: outside the range, this error first

# --- op packets and namespaces -------------------------------------------------------------------
# `torch.ops.<namespace>.<op>` objects. Their classes are private; the package's namespace
# (ascend_ops/registration.py) is a subclass of torch's, which hands out a packet of the package's
# own subclass (runtime/arguments.py: the spec's checks before torch's parser, the compiled fast
# call when there is one) for each op, built from torch's own.
OpOverloadPacket: type = _required(torch._ops, "OpOverloadPacket",
                                   "the class of torch.ops.<namespace>.<op>")
OpOverload: type = _required(torch._ops, "OpOverload",
                             "the class of torch.ops.<namespace>.<op>.<overload>")
OpNamespace: type = _required(torch._ops, "_OpNamespace", "the class of torch.ops.<namespace>")


def packet_arguments(packet: Any) -> tuple[str, str, Any, list[str]]:
    """What torch built `packet` (a `torch.ops.<namespace>.<op>`) from, as OpOverloadPacket's
    constructor takes it: (qualified name, op name, the C++ op, overload names). The package's
    namespace (ascend_ops/registration.py) builds its own packet of each op from these."""
    purpose = "the parts of an op packet, to build the package's packet from"
    return (_required(packet, "_qualified_op_name", purpose, "OpOverloadPacket"), packet.__name__,
            _required(packet, "_op", purpose, "OpOverloadPacket"),
            _required(packet, "_overload_names", purpose, "OpOverloadPacket"))


def packet_op(packet: Any) -> Callable[..., Any]:
    """The C++ op an OpOverloadPacket calls (its `_op`): the package's packet calls it after the
    spec's checks, as torch's own `__call__` does."""
    return _required(packet, "_op", "the C++ op of an op packet", "OpOverloadPacket")


def destroy_library(lib: Any) -> None:
    """Drop every registration of a torch.library.Library (its `_destroy`; torch has no public
    name for it): the first-use build removes the Python kernels the C++ ones replaced."""
    _required(lib, "_destroy", "removing a library's registrations", "torch.library.Library")()

# --- autograd ------------------------------------------------------------------------------------
# The op's autograd.Function forward calls the op again below the Autograd key (what
# torch.library.register_autograd does inside, without a public name of its own).
auto_dispatch_below_autograd: Callable[[], Any] = _required(
    torch._C, "_AutoDispatchBelowAutograd", "a guard that dispatches below the Autograd key")

# --- dlpack --------------------------------------------------------------------------------------
# The native copy's outputs arrive as DLPack capsules; torch.from_dlpack takes a capsule too but
# first probes its argument for __dlpack__, which costs more than the rest of the call.
from_dlpack_capsule: Callable[[Any], torch.Tensor] = getattr(torch._C, "_from_dlpack",
                                                            torch.from_dlpack)

# --- the simulated npu device (sim/device.py) ----------------------------------------------------
# A C++ PrivateUse1 backend, renamed with the public `torch.utils.rename_privateuse1_backend`. Its
# `torch.npu` module goes in with `torch._register_device_module` (what PyTorch's out-of-tree
# device example uses; it has no public name), and the name of PrivateUse1 is read to refuse a
# second rename.
register_device_module: Callable[[str, Any], None] = _required(
    torch, "_register_device_module", "installing the simulated device's torch.npu module")
privateuse1_backend_name: Callable[[], str] = _required(
    torch._C, "_get_privateuse1_backend_name", "whether PrivateUse1 is still unnamed")
# Runs a backward on the engine directly, without the contextvars stash (Note [exit after
# backward] in sim/device.py).
run_backward_on_engine: Callable[..., Any] = _required(
    _required(torch.autograd.Variable, "_execution_engine", "the autograd engine",
              "torch.autograd.Variable"),
    "run_backward", "a backward without the contextvars stash", "the autograd engine")


# --- inductor on the simulated npu device (sim/inductor.py) --------------------------------------
# The device's memory is host memory, so it takes inductor's CPU code generation (Note [inductor
# on the simulated npu]). Looked up when inductor first lowers a graph, not at import (inductor is
# slow to import); without them torch.compile's inductor backend refuses npu tensors, naming the
# missing name, and its other backends still serve them.
class InductorCodegenUnavailable(RuntimeError):
    """This torch lacks an inductor name the simulated npu device's code generation needs."""


def _inductor_name(module: str, name: str | None = None) -> Any:
    """`module.name` (the module itself without a name), or InductorCodegenUnavailable."""
    purpose = "inductor's CPU code generation, which the simulated npu device takes"
    try:
        found = importlib.import_module(module)
        return found if name is None else getattr(found, name)
    except (ImportError, AttributeError):
        full_name = module if name is None else f"{module}.{name}"
        raise InductorCodegenUnavailable(_missing(full_name, purpose)) from None


_CODEGEN, _DEVICE_INTERFACE = "torch._inductor.codegen.common", "torch._dynamo.device_interface"


class InductorCpuCodegen(NamedTuple):
    """Inductor's C++ code generation for CPU tensors."""

    scheduling: type  # makes the C++ kernels
    wrapper: type  # the Python wrapper around them
    subgraph_wrapper: type  # the wrapper of a graph inside control flow (torch.cond)
    device_interface: type  # what inductor asks of the device (core count, synchronisation)
    config: Any  # inductor's config module: `config.patch(cuda_backend=...)` picks a backend


def inductor_cpu_codegen() -> InductorCpuCodegen:
    """The CPU's code generation, looked up (and inductor imported) now."""
    return InductorCpuCodegen(
        _inductor_name("torch._inductor.codegen.cpp", "CppScheduling"),
        _inductor_name("torch._inductor.codegen.wrapper", "PythonWrapperCodegen"),
        _inductor_name("torch._inductor.codegen.wrapper", "SubgraphPythonWrapperCodegen"),
        _inductor_name(_DEVICE_INTERFACE, "get_interface_for_device")("cpu"),
        _inductor_name("torch._inductor.config"))


def share_inductor_device_op_overrides(device: str, like: str) -> None:
    """Give `device` the device op overrides inductor has for `like` (what its wrapper writes to
    guard a device and get a stream). Reading `like`'s first also fills torch 2.6's table, which
    fills itself only while it is empty."""
    overrides = _inductor_name(_CODEGEN, "get_device_op_overrides")(like)
    _inductor_name(_CODEGEN, "register_device_op_overrides")(device, overrides)


def register_inductor_device_interface(device: str, interface: type) -> None:
    """Register `device`'s interface (what inductor asks of a device: its properties, how to
    synchronise it), a subclass of one `inductor_cpu_codegen` returns."""
    _inductor_name(_DEVICE_INTERFACE, "register_interface_for_device")(device, interface)


# --- torch_npu -----------------------------------------------------------------------------------
def torch_npu_cann_at_least(torch_npu: Any, version: str) -> bool:
    """Whether the CANN under torch_npu is at least `version` (torch_npu's own comparison, not
    public); True where this torch_npu cannot say, so nothing is refused for want of it."""
    try:
        return bool(torch_npu.npu.utils._is_gte_cann_version(version))
    except Exception:  # noqa: BLE001 - an API this torch_npu lacks: nothing to compare with
        return True


__all__ = [
    "OLDEST_TORCH", "BEYOND_NEWEST_TORCH", "SUPPORTED_RANGE", "UnsupportedTorchError",
    "torch_version", "check_torch_version",
    "OpOverloadPacket", "OpOverload", "OpNamespace", "packet_arguments", "packet_op",
    "destroy_library", "auto_dispatch_below_autograd",
    "from_dlpack_capsule", "register_device_module", "privateuse1_backend_name",
    "run_backward_on_engine", "InductorCodegenUnavailable", "InductorCpuCodegen",
    "inductor_cpu_codegen", "share_inductor_device_op_overrides",
    "register_inductor_device_interface", "torch_npu_cann_at_least",
]
