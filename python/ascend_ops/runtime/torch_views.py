"""Each op as torch view operations followed by one copy, on any device.

The canonicalisation is cpu_reference's, run on shapes alone (`<op>_view`, its view steps);
only the final data movement is torch's. That gives three things from one piece of code: the
fake (meta) kernels that `torch.compile` traces (shapes only), the device path for NPU tensors
when no custom AscendC kernel is loaded (torch_npu's own slice/flip/permute kernels move the
data), and the positions the slices' backward scatters to. All of them are pure data
movement, so bit-exact with the reference. Nothing here is written per op.
"""
from __future__ import annotations

import builtins
import math
from collections.abc import Callable

import torch

import cpu_reference
from ascend_ops_gen.spec import specs

from .dtypes import numpy_dtype
from .op_pieces import canonical_view


def _shape(x: torch.Tensor) -> tuple[int, ...]:
    """x's shape as ints: symbolic sizes are specialised, the canonicalisation needs values."""
    return tuple(int(d) for d in x.shape)


def _index(x: torch.Tensor, items: tuple) -> tuple[torch.Tensor, list[int]]:
    """numpy basic indexing of `x` as a torch view plus the result dims to flip: torch views
    cannot step backwards, so a negative step selects the same elements with a positive one."""
    fixed = sum(1 for i in items if i is not None and i is not Ellipsis)
    index: list = []
    flip_dims: list[int] = []
    dims = iter(x.shape)
    for item in items:
        if item is Ellipsis:
            index.extend(builtins.slice(None) for _ in range(x.dim() - fixed))
            for _ in range(x.dim() - fixed):
                next(dims)
            continue
        if item is None:  # a new axis
            index.append(None)
            continue
        dim = int(next(dims))
        if not isinstance(item, builtins.slice):  # a single index: the axis goes away
            index.append(item)
            continue
        picked = range(*item.indices(dim))
        if picked and item.step is not None and item.step < 0:  # one element needs no flip
            flip_dims.append(len(index) - sum(isinstance(i, int) for i in index))
            picked = picked[::-1]
        index.append(builtins.slice(picked.start, picked.stop, picked.step) if picked
                     else builtins.slice(0, 0))
    return x[tuple(index)], flip_dims


# torch's CPU flip lacks the unsigned and float8 dtypes; reversing elements only moves bits, so
# flip a same-size integer view instead.
_SAME_SIZE_INT = {1: torch.int8, 2: torch.int16, 4: torch.int32, 8: torch.int64}


def _flip_bits(x: torch.Tensor, dims: list[int]) -> torch.Tensor:
    as_int = _SAME_SIZE_INT.get(x.element_size())
    if as_int is None or x.dtype.is_complex:
        return x.flip(dims)
    return x.view(as_int).flip(dims).view(x.dtype)


def apply_steps(x: torch.Tensor, steps) -> torch.Tensor:
    """cpu_reference view steps on a torch tensor, then one copy: a fresh contiguous result."""
    fresh = False  # whether x is already a new tensor of its own
    for step in steps:
        if isinstance(step, cpu_reference.Index):
            x, flip_dims = _index(x, step.items)
            if flip_dims:
                x, fresh = _flip_bits(x, flip_dims), True  # flip copies, keeping x's strides
        elif isinstance(step, cpu_reference.Reshape):
            x = x.reshape(step.shape)
        else:
            x = x.permute(step.axes)
    if fresh:
        return x.contiguous()
    return x.clone(memory_format=torch.contiguous_format)


def takes_input_in_order(shape: tuple[int, ...], steps) -> bool:
    """Whether the view steps select every element of an input of `shape`, in order (the result
    is the input reshaped): traced on a meta tensor, where a reshape that would copy fails."""
    x = torch.empty(shape, dtype=torch.uint8, device="meta")
    for step in steps:
        if isinstance(step, cpu_reference.Index):
            x, flip_dims = _index(x, step.items)
            if flip_dims:
                return False
        elif isinstance(step, cpu_reference.Reshape):
            try:
                x = x.view(step.shape)
            except RuntimeError:  # not a view of its input's order
                return False
        else:
            x = x.permute(step.axes)
    return x.numel() == math.prod(shape) and x.storage_offset() == 0 and x.is_contiguous()


def view_op(op_name: str) -> Callable[..., torch.Tensor]:
    """`op_name` on a torch tensor of any device (meta included), through its view steps."""
    def run(x: torch.Tensor, *args, **kwargs) -> torch.Tensor:
        view = canonical_view(op_name, _shape(x), lambda: numpy_dtype(x.dtype), args, kwargs)
        return apply_steps(x, view.view_steps())
    run.__name__ = run.__qualname__ = op_name
    return run


# One view op per op spec, filled when the package registers its ops (no spec is read at import).
OPS: dict[str, Callable[..., torch.Tensor]] = {}


def add_view_ops() -> None:
    OPS.update((op.name, view_op(op.name)) for op in specs().ops if not op.is_custom)
