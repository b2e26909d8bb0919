"""Inductor's CPU code generation for the simulated npu device, whose memory is host memory.

`torch.npu` (sim/device.py) hands inductor what `codegen()` returns, through the attributes
inductor reads from a renamed PrivateUse1 backend's module. See Note [inductor on the simulated
npu].
"""
from __future__ import annotations

from typing import Any, NamedTuple

import torch
from ..runtime import torch_private

# Note [inductor on the simulated npu]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# An npu tensor's data pointer is host memory, so the C++ that inductor generates for CPU tensors
# reads and writes npu tensors as they are. The device takes the CPU's code generation: its
# scheduling (C++ kernels), its device interface (what inductor asks of a device: the core count
# that splits a reduction, synchronisation) and device op overrides (no device guard, no stream),
# and its Python wrapper, which allocates buffers with `empty_strided(..., device='npu')` and
# passes the tensors to the kernels, whose Python binding reads their data pointers. Three
# changes. The wrapper calls a C++ kernel as a plain function, as on CPU (torch 2.6's wrapper
# writes it so on any device; newer ones refuse a kernel that is not Triton on a device other than
# cpu and mps), and synchronises the device first: the kernel reads host memory directly, off the
# device's queue, where an op's launch may still be writing. And the kernels are generated with
# "cpp" as the device's backend: inductor names the backend of a device other than cpu, mps, xpu
# and tpu by `config.cuda_backend` ("triton"), and would generate C++ as if for Triton (a masked
# load's type, float16 math upcast). The rest of inductor takes the npu for an accelerator, as it
# would the real one: its lowering (division by a constant as multiplication by the reciprocal)
# and fusion choices are the GPU's, so a floating result may differ from eager's in the last bit.
# Except the loop transformations its scheduler makes while fusing for any device but cpu
# (`GPU_ONLY_LOOP_TRANSFORMS`): they take a kernel's loops for Triton's and fail on C++ kernels
# (`t / t.sum()` fails to compile), so the first compilation for the device turns them off, for
# the rest of the process (a process with the simulated device has no other accelerator).
#
# Inductor looks for a renamed PrivateUse1 backend's code generation in the attributes
# `Scheduling`, `PythonWrapperCodegen`, `CppWrapperCodegen` and (newer torch, all four or none)
# `WrapperFxCodegen` of `torch.<backend>` the first time it lowers a graph, after registering the
# CPU's (torch/_inductor/codegen/common.py, init_backend_registration); reading them registers
# the rest, so nothing of inductor loads before a compilation needs it. Not served: the C++ and
# FX wrappers (`cpp_wrapper=True`, AOTInductor, `fx_wrapper=True`), which refuse npu tensors.


class Codegen(NamedTuple):
    """What inductor reads from `torch.npu`, by attribute name."""

    Scheduling: Any
    PythonWrapperCodegen: Any
    CppWrapperCodegen: Any
    WrapperFxCodegen: Any


# Inductor config flags (those a torch has) of loop transformations made only for devices other
# than cpu; torch 2.6 has the first.
GPU_ONLY_LOOP_TRANSFORMS = ("loop_ordering_after_fusion", "loop_reindexing_after_fusion",
                            "loop_index_inversion_in_fusion")


class _Refusing(type):
    """Classes standing in for code generation the device lacks: making one, or asking one for
    anything, raises their `message`. Classes, as inductor checks that a scheduling is one."""

    def __call__(cls, *args, **kwargs):
        raise RuntimeError(cls.message)

    def __getattr__(cls, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        raise RuntimeError(cls.message)


def _refusing(message: str) -> type:
    return _Refusing("Refused", (), {"message": message})


def _host_memory_codegen(device_type: str, cpu: torch_private.InductorCpuCodegen
                         ) -> tuple[type, type, type]:
    """The CPU's scheduling, wrapper and device interface, for a device whose memory is host
    memory."""
    synchronize = torch.get_device_module(device_type).synchronize

    class HostMemoryScheduling(cpu.scheduling):
        """The CPU's C++ kernels, generated as for the CPU's backend."""

        def codegen_node(self, node) -> None:
            with cpu.config.patch(cuda_backend="cpp"):
                super().codegen_node(node)

    class HostKernelCalls:
        """Calls C++ kernels on npu tensors as on CPU tensors, once the device is idle."""

        def generate_kernel_call(self, kernel_name: str, call_args, *args, **kwargs):
            if kwargs.get("triton", True):
                return super().generate_kernel_call(kernel_name, call_args, *args, **kwargs)
            self.writeline(f"torch.{device_type}.synchronize()")
            self.writeline(self.wrap_kernel_call(kernel_name, call_args))
            return None

    class HostMemorySubgraphWrapper(HostKernelCalls, cpu.subgraph_wrapper):
        """The CPU's wrapper of a graph inside control flow, for npu tensors."""

    class HostMemoryWrapper(HostKernelCalls, cpu.wrapper):
        """The CPU's Python wrapper, for npu tensors."""

        @staticmethod
        def create(is_subgraph: bool, *args, **kwargs):
            # The arguments of the subgraph wrapper's constructor follow is_subgraph.
            return HostMemorySubgraphWrapper(*args, **kwargs) if is_subgraph \
                else HostMemoryWrapper()

    class HostMemoryInterface(cpu.device_interface):
        """The CPU's device interface, synchronising the device."""

        @staticmethod
        def synchronize(device=None) -> None:
            synchronize(device)

    return HostMemoryScheduling, HostMemoryWrapper, HostMemoryInterface


_codegen: dict[str, Codegen] = {}


def codegen(device_type: str) -> Codegen:
    """Inductor's code generation for `device_type`, the simulated npu device: the CPU's,
    registering the device's interface and op overrides with inductor the first time; or, on a
    torch whose inductor lacks a name this needs, stand-ins that refuse to compile the device's
    tensors, naming it."""
    if device_type in _codegen:
        return _codegen[device_type]
    other_wrappers = _refusing(
        f"inductor's C++ and FX wrappers (cpp_wrapper=True, AOTInductor, fx_wrapper=True) do not "
        f"serve the simulated {device_type} device; compile with the default Python wrapper")
    try:
        # The overrides first: inductor asks for them before it makes the wrapper, which, with
        # the rest missing, refuses with the message below.
        torch_private.share_inductor_device_op_overrides(device_type, like="cpu")
        cpu = torch_private.inductor_cpu_codegen()
        scheduling, wrapper, interface = _host_memory_codegen(device_type, cpu)
        torch_private.register_inductor_device_interface(device_type, interface)
    except torch_private.InductorCodegenUnavailable as e:
        refused = _refusing(
            f"torch.compile's inductor backend cannot generate code for the simulated "
            f"{device_type} device on torch {torch.__version__}: {e}; backend='aot_eager' "
            f"compiles {device_type} tensors on this torch")
        return Codegen(refused, refused, other_wrappers, other_wrappers)
    for flag in GPU_ONLY_LOOP_TRANSFORMS:
        if hasattr(cpu.config, flag):
            setattr(cpu.config, flag, False)
    _codegen[device_type] = Codegen(scheduling, wrapper, other_wrappers, other_wrappers)
    return _codegen[device_type]
