"""A simulated `npu` device, so the NPU dispatch path runs without an NPU or torch_npu."""
from __future__ import annotations

import atexit
import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import torch
from ..runtime import build_cache, torch_extension, torch_private
from ..runtime.products import product, product_from_env
from . import inductor

# `enable_simulated_npu()` renames PrivateUse1 (the key torch_npu's tensors carry) to "npu" and
# loads the device, a C++ PrivateUse1 backend whose memory is host memory (`sim_npu_device.cpp`,
# built once into the build cache like the CPU fast path, by `ascend-ops build` or on first use):
# `x.to("npu")`, `.npu()`, `.cpu()`, `torch.empty/zeros(..., device="npu")`, `torch.npu.*` and
# every aten op work on npu tensors. `torch.npu.get_device_name()` claims the simulated SoC of the
# product named by ASCEND_OPS_PRODUCT (atlas-a2's when unset), so npu tensors obey that product's
# rules as on a real NPU (`current_product("npu")`); CPU tensors obey only a product chosen on
# purpose, as without the device. `torch.compile` with inductor generates C++ for npu tensors
# (sim/inductor.py). `import ascend_ops` enables it when ASCEND_OPS_SIM_NPU=1, and loads none of
# its C++ otherwise.
#
# Process-global and irreversible: one rename of PrivateUse1 per process, so the simulated device
# and torch_npu never share a process. See Note [simulated npu].

__all__ = ["enable_simulated_npu", "enabled_by_environment", "is_enabled", "is_simulated",
           "host_tensor", "on_device", "build", "built_path", "SIM_NPU_ENV", "DEVICE_TYPE",
           "DEFAULT_PRODUCT"]

SIM_NPU_ENV = "ASCEND_OPS_SIM_NPU"
DEVICE_TYPE = "npu"
DEFAULT_PRODUCT = "atlas-a2"
SOURCE = Path(__file__).with_name("sim_npu_device.cpp")
MODULE_NAME = "ascend_ops_sim_npu"

# Note [simulated npu]
# ~~~~~~~~~~~~~~~~~~~~
# An npu tensor is a PrivateUse1 tensor whose storage is host memory from the device's
# allocator, so the CPU reads it directly and torch's own kernels that only write metadata (every
# view: `as_strided`, `view`, the composite views built on them) serve the device unchanged. The
# extension registers, for PrivateUse1: the allocator; a device guard (one device, npu:0; streams
# and events as host objects: every kernel finishes before its call returns, so a recorded event
# is complete and a stream idle); the hooks (the device's generator, a primary context, storage
# resizing); kernels for factories, copies, `resize_`, the `set_` family, `_local_scalar_dense`,
# `fill_`/`zero_`, the views torch registers per backend, and the convolution hooks an
# out-of-tree device implements; and torch's boxed CPU fallback for every other aten op, which
# copies npu arguments to CPU tensors, runs the CPU kernel and copies results back (a random op
# with no generator draws from the device's). `host_tensor` and `on_device` alias memory between
# the two devices without a copy. npu tensors are plain `torch.Tensor`s, as torch_npu's are.

_claimed_soc: str | None = None
_extension: ModuleType | None = None


class SimulatedNpuUnavailable(RuntimeError):
    """The simulated device's extension cannot be built or loaded here."""


def _build_arguments() -> dict:
    try:
        flags = torch_extension.torch_flags()
    except torch_extension.NoTorchHeaders as e:
        raise SimulatedNpuUnavailable(str(e)) from None
    return dict(flags=flags, defines={"TORCH_EXTENSION_NAME": MODULE_NAME,
                                      "TORCH_API_INCLUDE_EXTENSION_H": "1",
                                      "ASCEND_OPS_TORCH_VERSION": torch.__version__.replace("+", "_")})


def build() -> Path:
    """Compile the device's extension into the build cache, if it is not there yet."""
    return build_cache.build(MODULE_NAME, [SOURCE], **_build_arguments(),
                             announce=f"building the simulated npu device ({SOURCE.name} against "
                                      f"torch {torch.__version__}), once; about a minute")


def built_path() -> Path | None:
    """The cached extension, or None when it is not built for this torch and this source."""
    return build_cache.cached(MODULE_NAME, [SOURCE], **_build_arguments())


def _load_extension() -> ModuleType:
    """Build (if needed) and load the extension: loading registers the backend's C++ parts."""
    try:
        path = build()
    except build_cache.NativeBuildError as e:
        raise SimulatedNpuUnavailable(f"its C++ extension cannot be built: {e}") from None
    loader = importlib.machinery.ExtensionFileLoader(MODULE_NAME, str(path))
    spec = importlib.util.spec_from_file_location(MODULE_NAME, str(path), loader=loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def is_enabled() -> bool:
    return _claimed_soc is not None


def is_simulated(x: object) -> bool:
    """Whether `x` is a tensor on the simulated npu device (once enabled, every npu tensor)."""
    return _claimed_soc is not None and isinstance(x, torch.Tensor) \
        and x.device.type == DEVICE_TYPE


def host_tensor(x: torch.Tensor) -> torch.Tensor:
    """The CPU tensor holding an npu tensor's elements (the same memory, not a copy; valid until
    the npu tensor's storage is resized)."""
    if not is_simulated(x):
        raise RuntimeError(f"this {getattr(x, 'device', type(x).__name__)} tensor has no host "
                           f"elements: it is not on the simulated npu device")
    if x.device.index not in (None, 0) or x.is_meta:
        raise RuntimeError(f"this {x.device} tensor has no host elements")
    return _extension.host_view(x)


def on_device(host: torch.Tensor) -> torch.Tensor:
    """An npu tensor whose elements are `host` (the same memory, not a copy), with its layout.
    Only a strided CPU tensor fits (an npu tensor is strided, as torch_npu's are)."""
    if host.layout != torch.strided or host.is_nested or host.is_quantized:
        kind = "nested" if host.is_nested else "quantized" if host.is_quantized else host.layout
        raise NotImplementedError(f"the simulated npu device holds strided tensors only; this "
                                  f"op's result is a {kind} tensor")
    if host.device.type != "cpu":
        raise ValueError(f"on_device takes a CPU tensor; got one on {host.device}")
    return _extension.device_view(host)


def allocated() -> tuple[int, int]:
    """(bytes, blocks) of host memory the device's allocator holds now."""
    return tuple(_extension.allocated()) if _extension is not None else (0, 0)


def _check_device(device) -> None:
    if device is None:
        return
    d = torch.device(DEVICE_TYPE, device) if isinstance(device, int) else torch.device(device)
    if d.type != DEVICE_TYPE or d.index not in (None, 0):
        raise ValueError(f"device {device!r} is not on the simulated npu device; "
                         f"it has one device, {DEVICE_TYPE}:0")


def _npu_device(device) -> torch.device:
    _check_device(device)
    return torch.device(DEVICE_TYPE, 0)


class _OnTheDevice(type):
    """Instances are torch's own objects (torch's C++ compares their exact type) on the npu."""

    def __instancecheck__(cls, obj) -> bool:
        return isinstance(obj, cls.base) and obj.device.type == DEVICE_TYPE


class Stream(metaclass=_OnTheDevice):
    """A `torch.Stream` of the simulated npu device (work on it is done when its call returns)."""

    base = torch.Stream

    def __new__(cls, device=None, priority: int = 0, **kwargs):
        if "stream_id" in kwargs:
            return torch.Stream(**kwargs)
        return torch.Stream(device=_npu_device(device), priority=priority)


class Event(metaclass=_OnTheDevice):
    """A `torch.Event` of the simulated npu device (complete once recorded)."""

    base = torch.Event

    def __new__(cls, enable_timing: bool = False, blocking: bool = False,
                interprocess: bool = False):
        return torch.Event(device=torch.device(DEVICE_TYPE, 0), enable_timing=enable_timing,
                           blocking=blocking, interprocess=interprocess)


class _SimulatedNpuModule(ModuleType):
    """`torch.npu` of the simulated device: one device, index 0, always available."""

    Stream = Stream
    Event = Event

    def __init__(self) -> None:
        super().__init__("torch.npu", __doc__)

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
        _check_device(device)  # every kernel has finished when its call returned

    def get_device_name(self, device=None) -> str:
        """The SoC name, as torch_npu's `aclrtGetSocName()` reports it."""
        _check_device(device)
        return _claimed_soc

    def current_stream(self, device=None) -> torch.Stream:
        _check_device(device)
        stream_id, index, device_type = _extension.current_stream()
        return Stream(stream_id=stream_id, device_index=index, device_type=device_type)

    def default_stream(self, device=None) -> torch.Stream:
        _check_device(device)
        return Stream(stream_id=0, device_index=0,
                      device_type=self.current_stream().device_type)

    def set_stream(self, stream: torch.Stream) -> None:
        _check_device(stream.device)
        _extension.set_stream(stream.stream_id)

    def manual_seed(self, seed: int) -> None:
        _extension.manual_seed(int(seed) & 0xFFFF_FFFF_FFFF_FFFF)

    def manual_seed_all(self, seed: int) -> None:
        self.manual_seed(seed)

    def seed(self) -> None:
        _extension.seed()

    def seed_all(self) -> None:
        _extension.seed()

    def initial_seed(self) -> int:
        return _extension.initial_seed()

    def get_rng_state(self, device="npu") -> torch.Tensor:
        _check_device(device)
        return _extension.get_rng_state()

    def set_rng_state(self, new_state: torch.Tensor, device="npu") -> None:
        _check_device(device)
        _extension.set_rng_state(new_state)

    # Inductor's code generation for npu tensors: the CPU's (Note [inductor on the simulated npu]).
    @property
    def Scheduling(self):  # noqa: N802 - the names inductor reads
        return inductor.codegen(DEVICE_TYPE).Scheduling

    @property
    def PythonWrapperCodegen(self):  # noqa: N802
        return inductor.codegen(DEVICE_TYPE).PythonWrapperCodegen

    @property
    def CppWrapperCodegen(self):  # noqa: N802
        return inductor.codegen(DEVICE_TYPE).CppWrapperCodegen

    @property
    def WrapperFxCodegen(self):  # noqa: N802
        return inductor.codegen(DEVICE_TYPE).WrapperFxCodegen


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

    Builds its extension first if the build cache lacks it (about a minute, once). Refuses, with
    RuntimeError, when torch_npu is loaded or PrivateUse1 already has another name (both would
    need the one rename a process gets), and when the extension cannot be built (no compiler, no
    torch headers).
    """
    global _claimed_soc, _extension
    if _claimed_soc is not None:
        return _claimed_soc
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
    try:
        _extension = _load_extension()
    except SimulatedNpuUnavailable as e:
        raise RuntimeError(f"cannot enable the simulated npu device: {e}") from None
    torch.utils.rename_privateuse1_backend(DEVICE_TYPE)
    torch_private.register_device_module(DEVICE_TYPE, _SimulatedNpuModule())
    torch.utils.generate_methods_for_privateuse1_backend(for_storage=True)
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
