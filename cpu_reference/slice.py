"""Slice: ATB `SliceOperation` (atb/infer_op_params.h), following its documented checks.

For each dimension i of size dim:
    actual_offset = offsets[i] + dim if offsets[i] < 0 else offsets[i];  0 <= actual_offset < dim
    actual_size   = dim - actual_offset if size[i] == -1 else size[i];   size[i] > 0 or size[i] == -1
    actual_offset + actual_size <= dim
and the result is x[actual_offset : actual_offset + actual_size] in every dimension.
(The ATB code lets size 0 through; its documentation forbids it, and so does this reference.)
"""

from __future__ import annotations

__all__ = ["SliceView", "slice", "slice_view"]

import builtins
from dataclasses import dataclass

import numpy as np

from .arguments import as_data_array, check_rank, fresh_copy, index_vector, shape_vector
from ._op_limits import SLICE_MAX_RANK
from .view_steps import Index, apply_steps
from .errors import OpArgumentError

MAX_RANK = SLICE_MAX_RANK  # ATB's MAX_DIM: op_specs/slice.yaml max_rank


@dataclass(frozen=True)
class SliceView:
    """A canonical Slice: along dimension i the result takes `sizes[i]` elements from `starts[i]`."""

    starts: tuple[int, ...]
    sizes: tuple[int, ...]

    @property
    def output_shape(self) -> tuple[int, ...]:
        return self.sizes

    def view_steps(self) -> tuple[Index, ...]:
        ranges = (builtins.slice(start, start + size) for start, size in zip(self.starts, self.sizes))
        return (Index((*ranges, Ellipsis)),)

    def apply(self, x: np.ndarray) -> np.ndarray:
        """The selected block of `x`, as a numpy view of `x` (0-d stays a 0-d array)."""
        return apply_steps(self.view_steps(), x)


def slice_view(shape, offsets, size) -> SliceView:
    """Check ATB Slice arguments against an input `shape`; return the resolved starts and sizes."""
    shape = shape_vector(shape)
    check_rank("x", len(shape), MAX_RANK, "ATB Slice's MAX_DIM")
    offsets = index_vector("offsets", offsets)
    size = index_vector("size", size)
    if len(offsets) != len(size):
        raise OpArgumentError(
            f"offsets length must be equal to size length: got {len(offsets)} offsets and {len(size)} sizes"
        )
    if len(size) != len(shape):
        raise OpArgumentError(
            f"size length must be equal to the input tensor rank: got {len(size)} sizes "
            f"for an input of rank {len(shape)} with shape {shape}"
        )
    starts, sizes = [], []
    for i, (offset, length, dim) in enumerate(zip(offsets, size, shape)):
        start = offset + dim if offset < 0 else offset
        if not 0 <= start < dim:
            actual = f" {offset} + {dim} = {start}" if offset < 0 else ""
            raise OpArgumentError(
                f"offsets[{i}] = {offset} is out of range for dimension {i} of size {dim}: "
                f"the actual offset{actual} must be in [0, {dim})"
            )
        if length <= 0 and length != -1:
            raise OpArgumentError(f"size[{i}] = {length} is invalid: size must be > 0 or -1")
        length = dim - start if length == -1 else length
        if start + length > dim:
            first = f"({offset} + {dim})" if offset < 0 else f"{offset}"
            raise OpArgumentError(
                f"offsets[{i}] + size[{i}] = {first} + {length} = {start + length} "
                f"exceeds dimension {i} of size {dim}"
            )
        starts.append(start)
        sizes.append(length)
    return SliceView(tuple(starts), tuple(sizes))


def slice(x, offsets, size) -> np.ndarray:  # noqa: A001 - the op's public name
    """The block of `x` that starts at `offsets` with extent `size` (-1: to the end of the dimension)."""
    x = as_data_array(x)
    return fresh_copy(slice_view(x.shape, offsets, size).apply(x))
