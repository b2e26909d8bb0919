"""TensorFlow StridedSlice canonicalisation, on shapes alone (no data is touched).

Mirrors `ValidateStridedSliceOp` in tensorflow/core/util/strided_slice_op.cc, in its order:

1. `build_sparse_spec`: check the index vectors and masks, decode the m user entries into
   ellipsis / new axis / single index / range (precedence ellipsis > new axis > shrink),
   and append the implied ellipsis at position m when no ellipsis bit is set in [0, m).
2. `build_dense_spec`: expand the ellipsis so there is exactly one entry per input
   dimension; new axes only mark where the final shape gets a 1.
3. `canonicalise_dim`: per input dimension, resolve masks, wrap negative indexes once,
   clamp, and count the elements (ceil(interval / stride), or 0).

`strided_slice_view` runs all three and returns a `StridedSliceView`: where the result's
elements are in the input (begin and stride per input dimension), how many there are, and
the final shape. Error messages keep TensorFlow's wording where TensorFlow has one; every
`strides[i]` / `dimension i` in them is an *input* dimension, as in TensorFlow.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

import numpy as np

from .arguments import (INT32_MAX, INT32_MIN, MAX_RANK, check_rank, clamp, index_vector, integer,
                        shape_vector)
from ._op_limits import (STRIDED_SLICE_MAX_KERNEL_RANK, STRIDED_SLICE_MAX_PROCESSING_RANK,
                         STRIDED_SLICE_MAX_SPEC_ENTRIES)
from .view_steps import Index
from .errors import OpArgumentError

# TF's limits, declared in op_specs/strided_slice.yaml
MAX_SPEC_ENTRIES = STRIDED_SLICE_MAX_SPEC_ENTRIES
MAX_PROCESSING_RANK = STRIDED_SLICE_MAX_PROCESSING_RANK
# CANN's, declared there too: Note [kernel rank] in python/ascend_ops/runtime/kernel_rank.py
MAX_KERNEL_RANK = STRIDED_SLICE_MAX_KERNEL_RANK

# Entries of `final_shape_gather` that are not an input dimension (TF's kNewAxis / kShrinkAxis).
NEW_AXIS = -2
SHRINK_AXIS = -1


class EntryKind(enum.Enum):
    ELLIPSIS = "ellipsis"
    NEW_AXIS = "new_axis"
    INDEX = "index"  # a single index: shrink_axis_mask bit
    RANGE = "range"


@dataclass(frozen=True)
class SparseEntry:
    """One entry of the user's slice spec after mask decoding."""

    kind: EntryKind
    begin: int = 0
    end: int = 0
    stride: int = 1
    begin_masked: bool = False
    end_masked: bool = False


@dataclass(frozen=True)
class DenseDim:
    """The slice spec for one input dimension, before clamping."""

    begin: int
    end: int
    stride: int
    begin_masked: bool
    end_masked: bool
    shrink: bool


FULL_RANGE = DenseDim(begin=0, end=0, stride=1, begin_masked=True, end_masked=True, shrink=False)


@dataclass(frozen=True)
class DenseSpec:
    dims: tuple[DenseDim, ...]  # one per input dimension
    final_shape_gather: tuple[int, ...]  # input dimension, NEW_AXIS or SHRINK_AXIS, in output order


@dataclass(frozen=True)
class StridedSliceView:
    """A canonical StridedSlice: element k of input dimension i is `begin[i] + k * strides[i]`.

    `processing_shape[i]` is the element count along input dimension i (1 on a shrink axis);
    the result is the input view reshaped to `final_shape`, which drops shrink axes and
    inserts new axes as `final_shape_gather` says.
    """

    input_shape: tuple[int, ...]
    begin: tuple[int, ...]
    end: tuple[int, ...]  # canonical exclusive end; -1 is possible for negative strides
    strides: tuple[int, ...]
    processing_shape: tuple[int, ...]
    shrink: tuple[bool, ...]
    final_shape_gather: tuple[int, ...]
    final_shape: tuple[int, ...]

    @property
    def is_identity(self) -> bool:
        """Every input dimension is taken whole, in order (TF's `is_identity`)."""
        return all(
            stride == 1 and begin == 0 and end == dim
            for begin, end, stride, dim in zip(self.begin, self.end, self.strides, self.input_shape)
        )

    @property
    def is_empty(self) -> bool:
        return math.prod(self.processing_shape) == 0

    def numpy_index(self) -> tuple:
        """A numpy basic index that selects this view: ints, slices, None, and a trailing Ellipsis
        so that numpy returns a 0-d view rather than a scalar when every axis is indexed."""
        index: list = []
        input_dims = iter(range(len(self.input_shape)))
        for entry in self.final_shape_gather:
            if entry == NEW_AXIS:
                index.append(None)
                continue
            i = next(input_dims)
            index.append(self.begin[i] if self.shrink[i] else self._numpy_slice(i))
        return (*index, Ellipsis)

    @property
    def output_shape(self) -> tuple[int, ...]:
        return self.final_shape

    def view_steps(self) -> tuple[Index, ...]:
        return (Index(self.numpy_index()),)

    def apply(self, x: np.ndarray) -> np.ndarray:
        """The selected elements of `x` as a numpy view of `x` with shape `final_shape`."""
        if tuple(x.shape) != self.input_shape:
            raise OpArgumentError(
                f"x has shape {tuple(x.shape)} but this view was built for shape {self.input_shape}"
            )
        return x[self.numpy_index()]

    def _numpy_slice(self, i: int) -> slice:
        # TF's canonical range itself (end -1 of a negative stride: through element 0), so a
        # reader of the index sees the same begin, end and stride as TF's kernel.
        begin, end, stride, size = self.begin[i], self.end[i], self.strides[i], self.processing_shape[i]
        if size == 0:
            return slice(0, 0)
        return slice(begin, None if end < 0 else end, stride)


def strided_slice_view(
    shape,
    begin,
    end,
    strides=None,
    *,
    begin_mask=0,
    end_mask=0,
    ellipsis_mask=0,
    new_axis_mask=0,
    shrink_axis_mask=0,
) -> StridedSliceView:
    """Canonicalise a TensorFlow StridedSlice of an input with `shape`; raise OpArgumentError if invalid."""
    input_shape = shape_vector(shape)
    entries = build_sparse_spec(
        begin,
        end,
        strides,
        begin_mask=begin_mask,
        end_mask=end_mask,
        ellipsis_mask=ellipsis_mask,
        new_axis_mask=new_axis_mask,
        shrink_axis_mask=shrink_axis_mask,
    )
    dense = build_dense_spec(entries, len(input_shape))
    canonical = [canonicalise_dim(i, d, dim) for i, (d, dim) in enumerate(zip(dense.dims, input_shape))]
    processing_shape = tuple(size for _, _, size in canonical)
    view = StridedSliceView(
        input_shape=input_shape,
        begin=tuple(b for b, _, _ in canonical),
        end=tuple(e for _, e, _ in canonical),
        strides=tuple(d.stride for d in dense.dims),
        processing_shape=processing_shape,
        shrink=tuple(d.shrink for d in dense.dims),
        final_shape_gather=dense.final_shape_gather,
        final_shape=final_shape(processing_shape, dense.final_shape_gather),
    )
    check_processing_rank(view)
    check_rank("the result", len(view.final_shape), MAX_RANK, "numpy's limit")
    check_kernel_rank(view)
    return view


def build_sparse_spec(
    begin, end, strides, *, begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask
) -> tuple[SparseEntry, ...]:
    """Validate the index vectors and masks and decode them into entries (implied ellipsis included)."""
    begin = index_vector("begin", begin)
    end = index_vector("end", end)
    strides = (1,) * len(begin) if strides is None else index_vector("strides", strides)
    masks = {
        name: _int32_bits(name, value)
        for name, value in (
            ("begin_mask", begin_mask),
            ("end_mask", end_mask),
            ("ellipsis_mask", ellipsis_mask),
            ("new_axis_mask", new_axis_mask),
            ("shrink_axis_mask", shrink_axis_mask),
        )
    }
    m = len(strides)
    if not (len(begin) == m and len(end) == m and m <= MAX_SPEC_ENTRIES):
        raise OpArgumentError(
            f"begin, end and strides must be lists of one length, at most {MAX_SPEC_ENTRIES} "
            f"(one entry per slice spec item): got {len(begin)}, {len(end)} and {m} entries"
        )
    ellipses = masks["ellipsis_mask"]
    if ellipses & (ellipses - 1):
        raise OpArgumentError(
            f"Multiple ellipses in slice spec not allowed: ellipsis_mask = {ellipsis_mask} "
            "must have at most one bit set"
        )

    def bit(name: str, i: int) -> bool:
        return bool(masks[name] >> i & 1)

    entries = []
    for i in range(m):
        if bit("ellipsis_mask", i):
            entries.append(SparseEntry(EntryKind.ELLIPSIS))
        elif bit("new_axis_mask", i):
            entries.append(SparseEntry(EntryKind.NEW_AXIS))
        else:
            kind = EntryKind.INDEX if bit("shrink_axis_mask", i) else EntryKind.RANGE
            entries.append(
                SparseEntry(
                    kind,
                    begin=begin[i],
                    end=end[i],
                    stride=strides[i],
                    begin_masked=bit("begin_mask", i),
                    end_masked=bit("end_mask", i),
                )
            )
    if not any(entry.kind is EntryKind.ELLIPSIS for entry in entries):
        entries.append(SparseEntry(EntryKind.ELLIPSIS))
    return tuple(entries)


def build_dense_spec(entries: tuple[SparseEntry, ...], rank: int) -> DenseSpec:
    """Expand the ellipsis to full ranges so that there is one DenseDim per input dimension."""
    ellipsis_at = next(i for i, entry in enumerate(entries) if entry.kind is EntryKind.ELLIPSIS)
    new_axes_after_ellipsis = sum(entry.kind is EntryKind.NEW_AXIS for entry in entries[ellipsis_at + 1 :])
    dims: list[DenseDim] = []
    gather: list[int] = []
    for i, entry in enumerate(entries):
        if entry.kind is EntryKind.ELLIPSIS:
            # Leave room for the entries after the ellipsis that consume an input dimension.
            fill_to = min(rank - (len(entries) - i) + 1 + new_axes_after_ellipsis, rank)
            while len(dims) < fill_to:
                gather.append(len(dims))
                dims.append(FULL_RANGE)
        elif entry.kind is EntryKind.NEW_AXIS:
            gather.append(NEW_AXIS)
        else:
            if len(dims) == rank:
                if rank == 0:
                    raise OpArgumentError(
                        "Attempting to slice scalar input. A rank-0 input accepts only "
                        "ellipsis and new-axis entries."
                    )
                raise OpArgumentError(
                    f"Index out of range using input dim {rank}; input has only {rank} dims"
                )
            shrink = entry.kind is EntryKind.INDEX
            gather.append(SHRINK_AXIS if shrink else len(dims))
            dims.append(
                DenseDim(entry.begin, entry.end, entry.stride, entry.begin_masked, entry.end_masked, shrink)
            )
    return DenseSpec(tuple(dims), tuple(gather))


def canonicalise_dim(i: int, spec: DenseDim, dim: int) -> tuple[int, int, int]:
    """(begin, end, size) along input dimension `i` of size `dim`; element k is begin + k*stride."""
    stride = spec.stride
    if stride == 0:
        raise OpArgumentError(f"strides[{i}] must be non-zero")
    if spec.shrink:
        if stride < 0:
            raise OpArgumentError(
                f"strides[{i}] = {stride} is invalid on shrink axis {i}: "
                "a single index needs a positive stride"
            )
        # begin_mask and end are ignored on a shrink axis; the raw begin is wrapped once.
        index = spec.begin + dim if spec.begin < 0 else spec.begin
        if not 0 <= index < dim:
            raise OpArgumentError(
                f"slice index {index} of dimension {i} out of bounds. "
                f"A single index into a dimension of size {dim} must be in [{-dim}, {dim}); got {spec.begin}."
            )
        return index, index + 1, 1
    low, high = (0, dim) if stride > 0 else (-1, dim - 1)

    def canonical(x: int, masked: bool, masked_value: int) -> int:
        if masked:
            return masked_value
        x_fwd = x + dim if x < 0 else x
        return clamp(x_fwd, low, high)

    begin = canonical(spec.begin, spec.begin_masked, low if stride > 0 else high)
    end = canonical(spec.end, spec.end_masked, high if stride > 0 else low)
    interval = end - begin
    # bool(): a symbolic interval's sign is decided here, as a branch (Note [symbolic sizes]).
    if interval == 0 or bool(interval < 0) != (stride < 0):
        return begin, end, 0
    return begin, end, -(-interval // stride)


def final_shape(processing_shape: tuple[int, ...], gather: tuple[int, ...]) -> tuple[int, ...]:
    """Drop shrink axes and insert new axes (TF's final_shape_gather_indices)."""
    return tuple(
        1 if entry == NEW_AXIS else processing_shape[entry] for entry in gather if entry != SHRINK_AXIS
    )


def check_processing_rank(view: StridedSliceView) -> None:
    """TF's general kernel handles 1..8 input dimensions; identity and empty slices never reach it."""
    rank = len(view.input_shape)
    if rank > MAX_PROCESSING_RANK and not (view.is_identity or view.is_empty):
        raise OpArgumentError(
            f"Unhandled input dimensions {rank}: a strided slice that is neither an identity "
            f"nor empty supports at most {MAX_PROCESSING_RANK} input dimensions"
        )


def check_kernel_rank(view: StridedSliceView) -> None:
    """A result the copy kernel writes is a CANN tensor, whose shape holds 25 dims; identity and
    empty results need no kernel. Every backend refuses the rest alike (new axes are the only
    way past 25, as the input of such a slice has at most 8 dims)."""
    rank = len(view.final_shape)
    if rank > MAX_KERNEL_RANK and not (view.is_identity or view.is_empty):
        raise OpArgumentError(
            f"the result has {rank} dimensions: a strided slice that is neither an identity nor "
            f"empty gives at most {MAX_KERNEL_RANK} (a CANN tensor shape holds {MAX_KERNEL_RANK} dims)"
        )


def _int32_bits(name: str, value) -> int:
    """A mask as its 32-bit pattern (an int32 attr in TF: -1 sets all 32 bits)."""
    mask = integer(name, value)
    if not INT32_MIN <= mask <= INT32_MAX:
        raise OpArgumentError(
            f"{name} = {mask} is out of range for an int32 mask: it must be in [{INT32_MIN}, {INT32_MAX}]"
        )
    return mask & 0xFFFFFFFF
