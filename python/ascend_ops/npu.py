"""The kernels of NPU tensors (dispatch key PrivateUse1, which torch_npu renames to "npu").

On a real NPU the data moves with torch_npu's own view and copy kernels (`torch_views`): the
same canonicalisation as everywhere, no host round trip.
"""
from __future__ import annotations

from collections.abc import Callable

import torch

from . import torch_views


def device_kernel(op_name: str) -> Callable[..., torch.Tensor]:
    return torch_views.OPS[op_name]
