"""Each op as a chain of standard ONNX nodes, computed from the input's static shape.

Pure functions, no ONNX library needed: `lower(op_name, shape, *args, **kwargs)` runs
cpu_reference's canonicalisation on `shape` (so bad arguments raise the op's own
OpArgumentError) and returns the `OnnxNode`s that, applied in order to the input, produce the
op's result. Emitters turn them into graph nodes for the torch.export-based exporter
(`dynamo.py`), the TorchScript one (`legacy.py`) and one-op models without torch
(`standalone.py`).

Every node is in the default ONNX domain and valid unchanged from opset 13 (Squeeze and
Unsqueeze take their axes as an input) through opset 23, the newest torch 2.13 exports.

Note [ONNX slices]
~~~~~~~~~~~~~~~~~~
ONNX Slice wraps a negative start once and then clamps it into [0, dim-1] for a negative step,
where TF (and numpy) clamp into [-1, dim-1]: with step -1, start -100 on a dimension of 10 is
empty in TF and one element in ONNX. So no raw TF index is ever exported. Each input dimension
gets the canonical range of cpu_reference's `StridedSliceView` (begin in range, exclusive end,
size), exported as:
  - size 0: start 0, end 0, step 1;
  - size 1: start begin, end begin + 1, step 1 (a shrink axis too; its stride is irrelevant);
  - otherwise: start begin, end the canonical end, step the stride, except that the canonical
    end -1 of a negative stride ("through element 0") becomes INT64_MIN, since -1 would wrap.
Every input dimension is listed, in order, even when taken whole. ATC's ONNX Slice parser
(CANN operator list, opsets 8-18) requires the step of the last axis to be 1 and rejects
rank-1 inputs; when either would happen, the input gets a trailing axis of size 1 first
(Unsqueeze), sliced with step 1 and squeezed away with the shrink axes.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cpu_reference

INT64_MIN = -(2**63)  # ONNX's sentinel for "through element 0" with a negative step

AttributeValue = int | str | tuple[int, ...]


@dataclass(frozen=True)
class OnnxNode:
    """`op_type(x, *int64 constants, **attributes)`, with x the previous node's output."""

    op_type: str
    constant_inputs: tuple[tuple[int, ...], ...] = ()
    attributes: tuple[tuple[str, AttributeValue], ...] = ()


IDENTITY = (OnnxNode("Identity"),)


def _slice_nodes(shape: tuple[int, ...], ranges: list[tuple[int, int, int]],
                 squeeze_axes: tuple[int, ...]) -> list[OnnxNode]:
    """Slice every dimension of `shape` by its (start, end, step), then squeeze `squeeze_axes`."""
    rank = len(shape)
    whole = all(r == (0, dim, 1) for r, dim in zip(ranges, shape))
    nodes: list[OnnxNode] = []
    if not whole:
        ranges = list(ranges)
        if rank == 1 or ranges[-1][2] != 1:  # what ATC's Slice accepts: Note [ONNX slices]
            nodes.append(OnnxNode("Unsqueeze", ((rank,),)))
            ranges.append((0, 1, 1))
            squeeze_axes = (*squeeze_axes, rank)
        starts, ends, steps = (tuple(r[k] for r in ranges) for k in range(3))
        nodes.append(OnnxNode("Slice", (starts, ends, tuple(range(len(ranges))), steps)))
    if squeeze_axes:
        nodes.append(OnnxNode("Squeeze", (squeeze_axes,)))
    return nodes


def strided_slice(shape, *args, **kwargs) -> tuple[OnnxNode, ...]:
    """`args`, `kwargs`: the op's begin, end, strides and masks."""
    view = cpu_reference.strided_slice_view(shape, *args, **kwargs)
    ranges = []
    for begin_i, end_i, stride, size in zip(view.begin, view.end, view.strides, view.processing_shape):
        if size == 0:
            ranges.append((0, 0, 1))
        elif size == 1:
            ranges.append((begin_i, begin_i + 1, 1))
        else:
            ranges.append((begin_i, INT64_MIN if end_i < 0 else end_i, stride))
    shrink_axes = tuple(i for i, shrink in enumerate(view.shrink) if shrink)
    nodes = _slice_nodes(view.input_shape, ranges, shrink_axes)
    # After the squeeze the kept input dimensions are in order; the new axes (None in the view's
    # numpy index, where single indexes are ints) go where the final shape has them.
    kept_and_new = [item for item in view.numpy_index() if item is not Ellipsis and not isinstance(item, int)]
    new_axes = tuple(k for k, item in enumerate(kept_and_new) if item is None)
    if new_axes:
        nodes.append(OnnxNode("Unsqueeze", (new_axes,)))
    return tuple(nodes) or IDENTITY


def slice(shape, *args, **kwargs) -> tuple[OnnxNode, ...]:  # noqa: A001 - the op's name
    """`args`, `kwargs`: the op's offsets and size."""
    view = cpu_reference.slice_view(shape, *args, **kwargs)
    ranges = [(start, start + length, 1) for start, length in zip(view.starts, view.sizes)]
    return tuple(_slice_nodes(tuple(shape), ranges, ())) or IDENTITY


# --- DepthToSpace / SpaceToDepth -----------------------------------------------------------------
# ONNX has DepthToSpace with both modes (opset 11+) but SpaceToDepth only in DCR order before
# opset 28, and both only on NCHW. So: NHWC is transposed to NCHW and back around the native
# node, NCHW_VECT_C unpacked to NCHW and packed again by cpu_reference's own first and last plan
# steps, and a rearrangement without a native node (SpaceToDepth CRD) is exported as the
# reference plan's reshape-transpose steps themselves.

NHWC_TO_NCHW = (0, 3, 1, 2)
NCHW_TO_NHWC = (0, 2, 3, 1)


def _reshape_transpose_nodes(step: cpu_reference.ReshapeTranspose) -> list[OnnxNode]:
    nodes = []
    if step.split_shape != step.input_shape:
        nodes.append(OnnxNode("Reshape", (step.split_shape,)))
    if step.permutation != tuple(range(len(step.permutation))):
        nodes.append(OnnxNode("Transpose", attributes=(("perm", step.permutation),)))
    if step.output_shape != tuple(step.split_shape[axis] for axis in step.permutation):
        nodes.append(OnnxNode("Reshape", (step.output_shape,)))
    return nodes


def _block_rearrangement(plan: cpu_reference.BlockRearrangement, native: OnnxNode | None,
                         data_format: str) -> tuple[OnnxNode, ...]:
    if native is None:
        return tuple(node for step in plan.steps for node in _reshape_transpose_nodes(step))
    if data_format == "NCHW":
        return (native,)
    if data_format == "NHWC":
        return (OnnxNode("Transpose", attributes=(("perm", NHWC_TO_NCHW),)), native,
                OnnxNode("Transpose", attributes=(("perm", NCHW_TO_NHWC),)))
    unpack, *_, pack = plan.steps  # NCHW_VECT_C: unpack to NCHW, rearrange, pack
    return (*_reshape_transpose_nodes(unpack), native, *_reshape_transpose_nodes(pack))


def depth_to_space(shape, block_size, *, data_format="NHWC", mode="DCR") -> tuple[OnnxNode, ...]:
    plan = cpu_reference.depth_to_space_view(shape, block_size, data_format=data_format, mode=mode)
    native = OnnxNode("DepthToSpace", attributes=(("blocksize", int(block_size)), ("mode", mode)))
    return _block_rearrangement(plan, native, data_format)


def space_to_depth(shape, block_size, *, data_format="NHWC", mode="DCR") -> tuple[OnnxNode, ...]:
    plan = cpu_reference.space_to_depth_view(shape, block_size, data_format=data_format, mode=mode)
    native = OnnxNode("SpaceToDepth", attributes=(("blocksize", int(block_size)),)) if mode == "DCR" else None
    return _block_rearrangement(plan, native, data_format)


LOWERINGS: dict[str, Callable[..., tuple[OnnxNode, ...]]] = {
    "strided_slice": strided_slice,
    "slice": slice,
    "depth_to_space": depth_to_space,
    "space_to_depth": space_to_depth,
}


def lower(op_name: str, shape, *args, **kwargs) -> tuple[OnnxNode, ...]:
    """The ONNX nodes of `ascend_ops.<op_name>(x, *args, **kwargs)` for an x of static `shape`."""
    return LOWERINGS[op_name](shape, *args, **kwargs)
