"""Each op as torch view operations followed by one copy, on any device.

The canonicalisation is cpu_reference's, run on shapes alone; only the final data movement is
torch's. That gives three things from one piece of code: the fake (meta) kernels that
`torch.compile` traces (shapes only), the device path for NPU tensors when no custom AscendC
kernel is loaded (torch_npu's own slice/flip/permute kernels move the data), and the
multi-threaded CPU executor. All of them are pure data movement, so bit-exact with the reference.
"""
from __future__ import annotations

from collections.abc import Callable

import builtins

import torch

import cpu_reference

from .dtypes import numpy_dtype


def _shape(x: torch.Tensor) -> tuple[int, ...]:
    """x's shape as ints: symbolic sizes are specialised, the canonicalisation needs values."""
    return tuple(int(d) for d in x.shape)


def strided_slice(x: torch.Tensor, begin, end, strides=None, *, begin_mask=0, end_mask=0,
                  ellipsis_mask=0, new_axis_mask=0, shrink_axis_mask=0) -> torch.Tensor:
    view = cpu_reference.strided_slice_view(
        _shape(x), begin, end, strides, begin_mask=begin_mask, end_mask=end_mask,
        ellipsis_mask=ellipsis_mask, new_axis_mask=new_axis_mask,
        shrink_axis_mask=shrink_axis_mask)
    # torch views cannot step backwards: select the same elements with a positive step and
    # flip those axes of the (smaller) result.
    index: list = []
    flip_dims: list[int] = []
    dims = iter(view.input_shape)
    for item in view.numpy_index():
        if item is Ellipsis:  # numpy's trailing one keeps 0-d views; torch indexing needs none
            continue
        if item is None:  # a new axis
            index.append(None)
            continue
        dim = next(dims)
        if not isinstance(item, builtins.slice):  # a single index: the axis goes away
            index.append(item)
            continue
        picked = range(*item.indices(dim))
        if picked and item.step < 0:  # an empty slice has no step; one element needs a positive one
            flip_dims.append(len(index) - sum(isinstance(i, int) for i in index))
            picked = picked[::-1]
        index.append(builtins.slice(picked.start, picked.stop, picked.step) if picked
                     else builtins.slice(0, 0))
    selected = x[tuple(index)]
    if flip_dims:
        return _flip_bits(selected, flip_dims).contiguous()  # flip copies, keeping x's strides
    return selected.clone(memory_format=torch.contiguous_format)


# torch's CPU flip lacks the unsigned and float8 dtypes; reversing elements only moves bits, so
# flip a same-size integer view instead.
_SAME_SIZE_INT = {1: torch.int8, 2: torch.int16, 4: torch.int32, 8: torch.int64}


def _flip_bits(x: torch.Tensor, dims: list[int]) -> torch.Tensor:
    as_int = _SAME_SIZE_INT.get(x.element_size())
    if as_int is None or x.dtype.is_complex:
        return x.flip(dims)
    return x.view(as_int).flip(dims).view(x.dtype)


def slice(x: torch.Tensor, offsets, size) -> torch.Tensor:  # noqa: A001 - the op's name
    view = cpu_reference.slice_view(_shape(x), offsets, size)
    index = tuple(builtins.slice(s, s + n) for s, n in zip(view.starts, view.sizes))
    return x[index].clone(memory_format=torch.contiguous_format)


def _rearrange(x: torch.Tensor, plan) -> torch.Tensor:
    for step in plan.steps:
        x = x.reshape(step.split_shape).permute(step.permutation).reshape(step.output_shape)
    return x.clone(memory_format=torch.contiguous_format)


def depth_to_space(x: torch.Tensor, block_size, *, data_format="NHWC", mode="DCR") -> torch.Tensor:
    plan = cpu_reference.depth_to_space_plan(
        _shape(x), block_size, data_format=data_format, mode=mode,
        dtype=numpy_dtype(x.dtype))
    return _rearrange(x, plan)


def space_to_depth(x: torch.Tensor, block_size, *, data_format="NHWC", mode="DCR") -> torch.Tensor:
    plan = cpu_reference.space_to_depth_plan(
        _shape(x), block_size, data_format=data_format, mode=mode,
        dtype=numpy_dtype(x.dtype))
    return _rearrange(x, plan)


OPS: dict[str, Callable[..., torch.Tensor]] = {
    "strided_slice": strided_slice,
    "slice": slice,
    "depth_to_space": depth_to_space,
    "space_to_depth": space_to_depth,
}
