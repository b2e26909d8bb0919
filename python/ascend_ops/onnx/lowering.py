"""Each op as a chain of standard ONNX nodes, computed from the input's static shape.

`lower(op_name, shape, *args, **kwargs)` runs cpu_reference's canonicalisation on `shape` (bad
arguments raise the op's own OpArgumentError) and returns the `OnnxNode`s that, applied in order
to the input, produce the op's result: its view steps (Note [ONNX slices]) or the standard node
its spec names (Note [native nodes]). Pure functions, no ONNX library needed; the nodes become
graph nodes in the torch.export exporter (`dynamo.py`), the TorchScript one (`legacy.py`) and
one-op models without torch (`standalone.py`)."""
from __future__ import annotations

import builtins
from collections.abc import Sequence
from dataclasses import dataclass

import cpu_reference
from ascend_ops_gen.schema import python_signature
from ascend_ops_gen.spec import LayoutChange, OnnxNodeSpec, OpSpec, specs

from ..runtime.errors import SpecError
from ..runtime.reference_functions import canonical_view

INT64_MIN = -(2**63)  # ONNX's sentinel for "through element 0" with a negative step

AttributeValue = int | str | tuple[int, ...]


# Every node is in the default ONNX domain and valid unchanged from opset 13 (Squeeze and
# Unsqueeze take their axes as an input) through opset 23, the newest torch 2.13 exports; a
# Reshape to an empty shape (its allowzero, `_reshape`) needs opset 14.
@dataclass(frozen=True)
class OnnxNode:
    """`op_type(x, *int64 constants, **attributes)`, with x the previous node's output."""

    op_type: str
    constant_inputs: tuple[tuple[int, ...], ...] = ()
    attributes: tuple[tuple[str, AttributeValue], ...] = ()


IDENTITY = (OnnxNode("Identity"),)


def lower(op_name: str, shape, *args, **kwargs) -> tuple[OnnxNode, ...]:
    """The ONNX nodes of `ascend_ops.<op_name>(x, *args, **kwargs)` for an x of static `shape`."""
    spec = specs().op(op_name)
    if spec.is_filling:  # its view steps are of its output (Note [filling view ops])
        raise NotImplementedError(f"{op_name} fills its output (fill: {spec.fill} in {spec.file}): a filling "
                                  f"op does not export to ONNX yet")
    shape = tuple(int(d) for d in shape)
    view = canonical_view(op_name, shape, lambda: None, args, kwargs)
    nodes = None
    if spec.onnx_node is not None:
        nodes = _native_nodes(spec, spec.onnx_node, shape, view.output_shape, args, kwargs)
    if nodes is None:
        nodes = _view_nodes(shape, view.view_steps())
    return tuple(nodes) or IDENTITY


# --- view steps -------------------------------------------------------------------------------
# No op has code here. Every op is a view of its input (cpu_reference/view_steps.py), and its view
# steps become nodes one by one: an index becomes Slice, Squeeze and Unsqueeze
# (Note [ONNX slices]), a reshape Reshape, a permutation Transpose, a broadcast Expand.

def _view_nodes(shape: tuple[int, ...], steps: Sequence) -> list[OnnxNode]:
    nodes: list[OnnxNode] = []
    for step in steps:
        if isinstance(step, cpu_reference.Index):
            step_nodes, shape = _index_nodes(shape, step.items)
            nodes += step_nodes
        elif isinstance(step, cpu_reference.Reshape):
            if tuple(step.shape) != shape:
                nodes.append(_reshape(tuple(step.shape)))
            shape = tuple(step.shape)
        elif isinstance(step, cpu_reference.Broadcast):
            if tuple(step.shape) != shape:
                nodes.append(OnnxNode("Expand", (tuple(step.shape),)))
            shape = tuple(step.shape)
        else:
            axes = tuple(step.axes)
            if axes != tuple(range(len(axes))):
                nodes.append(OnnxNode("Transpose", attributes=(("perm", axes),)))
            shape = tuple(shape[axis] for axis in axes)
    return nodes


def _reshape(shape: tuple[int, ...]) -> OnnxNode:
    """Reshape to `shape`. A 0 in an ONNX Reshape's shape copies the input's dim unless
    `allowzero` is 1 (opset 14 on), so the shape of an empty result takes allowzero; every other
    Reshape leaves the attribute out, as opset 13 and ATC's parser know it."""
    return OnnxNode("Reshape", (shape,), (("allowzero", 1),) if 0 in shape else ())


def _index_nodes(shape: tuple[int, ...], items: tuple) -> tuple[list[OnnxNode], tuple[int, ...]]:
    """numpy basic indexing (ints, slices, None, one Ellipsis) as Slice, Squeeze, Unsqueeze:
    the nodes and the result's shape."""
    taken = sum(1 for item in items if item is not None and item is not Ellipsis)
    expanded: list = []
    for item in items:
        expanded += [builtins.slice(None)] * (len(shape) - taken) if item is Ellipsis else [item]
    if Ellipsis not in items:
        expanded += [builtins.slice(None)] * (len(shape) - taken)
    ranges, squeeze_axes, kept_and_new, dims = [], [], [], iter(shape)
    for item in expanded:
        if item is None:
            kept_and_new.append(None)
            continue
        axis, dim = len(ranges), next(dims)
        if isinstance(item, builtins.slice):
            picked = range(*item.indices(dim))
            ranges.append(_onnx_range(picked))
            kept_and_new.append(len(picked))
        else:
            index = int(item) + dim if int(item) < 0 else int(item)
            ranges.append((index, index + 1, 1))
            squeeze_axes.append(axis)
    nodes = _slice_nodes(shape, ranges, tuple(squeeze_axes))
    new_axes = tuple(k for k, size in enumerate(kept_and_new) if size is None)
    if new_axes:
        nodes.append(OnnxNode("Unsqueeze", (new_axes,)))
    return nodes, tuple(1 if size is None else size for size in kept_and_new)


# Note [ONNX slices]
# ~~~~~~~~~~~~~~~~~~
# ONNX Slice wraps a negative start once and then clamps it into [0, dim-1] for a negative step,
# where TF (and numpy) clamp into [-1, dim-1]: with step -1, start -100 on a dimension of 10 is
# empty in TF and one element in ONNX. So no raw TF index is ever exported. Each input dimension
# gets the canonical range the op's view step indexes it with (begin in range, exclusive end,
# size; for a strided slice, that of cpu_reference's `StridedSliceView`), exported as:
#   - size 0: start 0, end 0, step 1;
#   - size 1: start begin, end begin + 1, step 1 (a shrink axis too; its stride is irrelevant);
#   - otherwise: start begin, end the canonical end, step the stride, except that the canonical
#     end -1 of a negative stride ("through element 0") becomes INT64_MIN, since -1 would wrap.
# Every input dimension is listed, in order, even when taken whole. ATC's ONNX Slice parser
# (CANN operator list, opsets 8-18) requires the step of the last axis to be 1 and rejects
# rank-1 inputs; when either would happen, the input gets a trailing axis of size 1 first
# (Unsqueeze), sliced with step 1 and squeezed away with the shrink axes.


def _onnx_range(picked: range) -> tuple[int, int, int]:
    """The (start, end, step) of Note [ONNX slices] for the elements `picked` of one dimension."""
    if len(picked) == 0:
        return 0, 0, 1
    if len(picked) == 1:
        return picked.start, picked.start + 1, 1
    return picked.start, INT64_MIN if picked.stop < 0 else picked.stop, picked.step


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


# --- a standard node the spec names: Note [native nodes] --------------------------------------

# Note [native nodes]
# ~~~~~~~~~~~~~~~~~~~
# A spec's `onnx_node` (op_specs/<op>.yaml, e.g. DepthToSpace) names a standard node that computes
# the op, the op arguments its attributes take, the argument values it needs (`when`; SpaceToDepth
# has no CRD order before opset 28) and the one layout it works in (DepthToSpace and SpaceToDepth:
# NCHW only); that node is exported instead of the view steps. An input in another layout the spec
# lists is brought to the node's by that layout change (a Transpose, then a Reshape joining axes:
# NHWC is one transpose, NCHW_VECT_C's [N, C/4, H, W, 4] a transpose and a join), and the node's
# result goes back by the inverse change, computed at the op's output shape. Before using the
# node the lowering checks, on shapes, that the op in the node's layout, applied to the changed
# input, has the changed output's shape: a layout change that does not fit the op's shapes is a
# SpecError at the spec's line. That the values are right is what onnxruntime checks in
# tests/ascend_ops/onnx/test_onnx_*.py. Any other call exports the view steps.


def _native_nodes(spec: OpSpec, node: OnnxNodeSpec, shape: tuple[int, ...],
                  output_shape: tuple[int, ...], args: tuple, kwargs: dict) -> list[OnnxNode] | None:
    bound = python_signature(spec).bind(None, *args, **kwargs)
    bound.apply_defaults()
    arguments = dict(bound.arguments)
    arguments.pop(spec.inputs[0].name)
    if any(arguments[name] != value for name, value in node.when):
        return None
    change = None
    if node.layout is not None:
        layout = arguments[node.layout.argument]
        if layout != node.layout.native:
            change = dict(node.layout.changes).get(layout)
            if change is None:
                return None
            arguments[node.layout.argument] = node.layout.native
    native = OnnxNode(node.op_type, attributes=tuple(
        (onnx_name, _attribute(arguments[argument])) for onnx_name, argument in node.attributes))
    if change is None:
        return [native]
    changed_input = _changed_shape(change, shape)
    want = _changed_shape(change, output_shape)
    got = canonical_view(spec.name, changed_input, lambda: None, (), arguments).output_shape
    if tuple(got) != want:
        raise SpecError(f"{change.loc}: onnx_node: the layout change {layout} -> "
                        f"{node.layout.native} does not fit op {spec.name}: x{list(shape)} becomes "
                        f"x{list(changed_input)}, whose {node.op_type} result {list(got)} is not the "
                        f"changed result {list(want)} of x{list(output_shape)}")
    return [*_change_nodes(change, shape), native, *_inverse_change_nodes(change, output_shape)]


def _attribute(value) -> AttributeValue:
    return tuple(int(v) for v in value) if isinstance(value, (list, tuple)) else value


def _permuted(change: LayoutChange, shape: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(shape[axis] for axis in change.permute)


def _changed_shape(change: LayoutChange, shape: tuple[int, ...]) -> tuple[int, ...]:
    permuted = _permuted(change, shape)
    if change.merge is None:
        return permuted
    first, last = change.merge
    joined = 1
    for dim in permuted[first:last + 1]:
        joined *= dim
    return (*permuted[:first], joined, *permuted[last + 1:])


def _change_nodes(change: LayoutChange, shape: tuple[int, ...]) -> list[OnnxNode]:
    nodes = []
    if change.permute != tuple(range(len(change.permute))):
        nodes.append(OnnxNode("Transpose", attributes=(("perm", change.permute),)))
    if change.merge is not None:
        nodes.append(OnnxNode("Reshape", (_changed_shape(change, shape),)))
    return nodes


def _inverse_change_nodes(change: LayoutChange, shape: tuple[int, ...]) -> list[OnnxNode]:
    """The nodes that take a result in the node's layout back to `shape`, the op's layout."""
    nodes = []
    if change.merge is not None:
        nodes.append(OnnxNode("Reshape", (_permuted(change, shape),)))
    inverse = tuple(change.permute.index(axis) for axis in range(len(change.permute)))
    if inverse != tuple(range(len(inverse))):
        nodes.append(OnnxNode("Transpose", attributes=(("perm", inverse),)))
    return nodes
