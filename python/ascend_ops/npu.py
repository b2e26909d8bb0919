"""The kernels of NPU tensors (dispatch key PrivateUse1, which torch_npu renames to "npu").

On a real NPU the data moves with torch_npu's own view and copy kernels (`torch_views`): the
same canonicalisation as everywhere, no host round trip. On the simulated npu device
(`sim_device`) the op runs the CPU kernel on the tensor's host elements, so the selected CPU
backend (`backends.py`) decides what executes, e.g. with ASCEND_OPS_BACKEND=sim the generated
AscendC kernels in the simulator, built for the product the device claims; the result goes
back to the device.
"""
from __future__ import annotations

from collections.abc import Callable

import torch

from . import backends, sim_device, torch_views


def device_kernel(op_name: str) -> Callable[..., torch.Tensor]:
    """The PrivateUse1 kernel of `op_name` (arguments and dtype are checked before it runs)."""
    on_npu = torch_views.OPS[op_name]
    on_host = backends.cpu_kernel(op_name)

    def kernel(x: torch.Tensor, *args, **kwargs) -> torch.Tensor:
        if sim_device.is_simulated(x):
            return sim_device.on_device(on_host(sim_device.host_tensor(x), *args, **kwargs))
        return on_npu(x, *args, **kwargs)
    kernel.__name__ = "npu"
    return kernel
