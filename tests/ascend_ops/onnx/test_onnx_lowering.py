"""ascend_ops.onnx.lowering on random strided slices: what the Slice nodes may hold (Note [ONNX
slices]), and onnxruntime running the lowered one-op model bit for bit like cpu_reference."""
from __future__ import annotations

import numpy as np
import onnxruntime
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import cpu_reference
from ascend_ops import OpArgumentError
from ascend_ops.onnx import OnnxNode, lower
from ascend_ops.onnx.lowering import INT64_MIN
from ascend_ops.onnx.standalone import op_model


def slice_violations(shape, nodes) -> list[str]:
    """Where `nodes` break the rules of Note [ONNX slices] for an input of `shape`."""
    rank, problems = len(shape), []
    for node in nodes:
        if node.op_type == "Unsqueeze":
            rank += len(node.constant_inputs[0])
        elif node.op_type == "Squeeze":
            rank -= len(node.constant_inputs[0])
        elif node.op_type == "Slice":
            starts, ends, axes, steps = node.constant_inputs
            if rank < 2:
                problems.append(f"Slice of a rank-{rank} input")
            if steps[-1] != 1:
                problems.append(f"last step {steps[-1]}")
            if list(axes) != list(range(rank)):
                problems.append(f"axes {axes} are not every axis in order")
            problems += [f"start {s}" for s in starts if s < 0]
            problems += [f"end {e}" for e in ends if e < 0 and e != INT64_MIN]
    return problems


ENDPOINTS = st.one_of(st.integers(-9, 9), st.sampled_from([2**63 - 1, -(2**63), 100, -100]))


@st.composite
def strided_slices(draw):
    shape = tuple(draw(st.lists(st.integers(0, 5), min_size=0, max_size=4)))
    m = draw(st.integers(0, len(shape) + 2))
    begin = draw(st.lists(ENDPOINTS, min_size=m, max_size=m))
    end = draw(st.lists(ENDPOINTS, min_size=m, max_size=m))
    strides = draw(st.lists(st.sampled_from([-3, -2, -1, 1, 2, 3]), min_size=m, max_size=m))
    masks = {name: draw(st.integers(0, 2**m - 1)) for name in
             ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask")}
    return shape, begin, end, strides, masks


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(strided_slices())
def test_lowered_strided_slice_keeps_the_slice_rules_and_runs_bit_for_bit(spec):
    shape, begin, end, strides, masks = spec
    try:
        nodes = lower("strided_slice", shape, begin, end, strides, **masks)
    except OpArgumentError:
        assume(False)
    assert slice_violations(shape, nodes) == []
    x = np.random.default_rng(0).integers(-(2**31), 2**31, size=shape, dtype=np.int32).view(np.float32)
    expected = cpu_reference.strided_slice(x, begin, end, strides, **masks)
    model = op_model("strided_slice", shape, np.float32, begin=begin, end=end, strides=strides, **masks)
    session = onnxruntime.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    (y,) = session.run(None, {"x": x})
    assert y.shape == expected.shape
    np.testing.assert_array_equal(y.view(np.int32), expected.view(np.int32))


def test_an_identity_is_one_identity_node_and_a_scalar_gets_only_new_axes():
    assert lower("strided_slice", (3, 4), [0], [0], [1], ellipsis_mask=1) == (OnnxNode("Identity"),)
    assert lower("slice", (3, 4), [0, 0], [-1, 4]) == (OnnxNode("Identity"),)
    assert lower("strided_slice", (), [0, 0], [0, 0], [1, 1], new_axis_mask=3) == (
        OnnxNode("Unsqueeze", ((0, 1),)),)


def test_a_negative_step_through_element_0_ends_at_int64_min():
    assert lower("strided_slice", (9, 4), [0, 0], [0, 0], [-1, 1], begin_mask=3, end_mask=3) == (
        OnnxNode("Slice", ((8, 0), (INT64_MIN, 4), (0, 1), (-1, 1))),)


def test_a_step_on_the_last_axis_slices_a_trailing_unit_axis_instead():
    assert lower("strided_slice", (5, 6), [1, 0], [4, 0], [1, 2], end_mask=2) == (
        OnnxNode("Unsqueeze", ((2,),)),
        OnnxNode("Slice", ((1, 0, 0), (4, 6, 1), (0, 1, 2), (1, 2, 1))),
        OnnxNode("Squeeze", ((2,),)),
    )


@pytest.mark.parametrize("data_format, mode, expected", [
    ("NCHW", "CRD", ["DepthToSpace"]),
    ("NHWC", "DCR", ["Transpose", "DepthToSpace", "Transpose"]),
    ("NCHW_VECT_C", "DCR", ["Transpose", "Reshape", "DepthToSpace", "Reshape", "Transpose"]),
])
def test_depth_to_space_is_the_native_node_wrapped_for_its_layout(data_format, mode, expected):
    shape = {"NCHW": (2, 8, 3, 5), "NHWC": (2, 3, 5, 8), "NCHW_VECT_C": (2, 4, 3, 5, 4)}[data_format]
    nodes = lower("depth_to_space", shape, 2, data_format=data_format, mode=mode)
    assert [n.op_type for n in nodes] == expected
    (native,) = [n for n in nodes if n.op_type == "DepthToSpace"]
    assert dict(native.attributes) == {"blocksize": 2, "mode": mode}


def test_space_to_depth_crd_has_no_native_node_before_opset_28_so_it_is_reshape_transpose():
    nodes = lower("space_to_depth", (2, 3, 4, 6), 2, data_format="NCHW", mode="CRD")
    assert [n.op_type for n in nodes] == ["Reshape", "Transpose", "Reshape"]
    assert [n.op_type for n in lower("space_to_depth", (2, 3, 4, 6), 2, data_format="NCHW")] == ["SpaceToDepth"]


def test_bad_arguments_raise_the_ops_own_error():
    with pytest.raises(OpArgumentError, match=r"strides\[0\] must be non-zero"):
        lower("strided_slice", (4,), [0], [1], [0])
    with pytest.raises(OpArgumentError, match="should be divisible by: 4"):
        lower("depth_to_space", (1, 2, 2, 6), 2)


def test_control_the_rule_check_flags_a_naive_slice():
    # x[-2:, ::2] exported as written: a negative start and a step on the last axis.
    naive = (OnnxNode("Slice", ((-2, 0), (5, 6), (0, 1), (1, 2))),)
    assert slice_violations((5, 6), naive) == ["last step 2", "start -2"]
    assert slice_violations((6,), (OnnxNode("Slice", ((0,), (6,), (0,), (1,))),)) == ["Slice of a rank-1 input"]


# --- no per-op code: view steps, and the spec's native node --------------------------------------

def _specs_with(monkeypatch, op_name: str, **changes):
    """lowering.py reading a spec set in which op `op_name` has `changes`."""
    import dataclasses

    from ascend_ops.onnx import lowering
    from ascend_ops_gen.spec import specs

    real = specs()
    ops = tuple(dataclasses.replace(o, **changes) if o.name == op_name else o for o in real.ops)
    changed = dataclasses.replace(real, ops=ops)
    monkeypatch.setattr(lowering, "specs", lambda: changed)
    return changed


def _run_model(op_name, shape, dtype, **arguments) -> np.ndarray:
    x = np.random.default_rng(1).integers(0, 256, size=int(np.prod(shape)) * np.dtype(dtype).itemsize,
                                          dtype=np.uint8).view(dtype).reshape(shape)
    model = op_model(op_name, shape, dtype, **arguments)
    session = onnxruntime.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    (y,) = session.run(None, {"x": x})
    expected = getattr(cpu_reference, op_name)(x, **arguments)
    assert y.shape == expected.shape
    np.testing.assert_array_equal(y.view(np.uint8), expected.view(np.uint8))
    return y


@pytest.mark.parametrize("data_format, mode, shape", [
    ("NHWC", "DCR", (2, 3, 5, 8)), ("NHWC", "CRD", (1, 2, 3, 18)), ("NCHW", "CRD", (2, 8, 3, 5)),
    ("NCHW_VECT_C", "DCR", (1, 4, 3, 5, 4)),
])
def test_without_its_onnx_node_an_op_exports_its_view_steps(monkeypatch, data_format, mode, shape):
    _specs_with(monkeypatch, "depth_to_space", onnx_node=None)
    block = 3 if shape[-1] == 18 else 2
    nodes = lower("depth_to_space", shape, block, data_format=data_format, mode=mode)
    assert {n.op_type for n in nodes} <= {"Reshape", "Transpose"}
    _run_model("depth_to_space", shape, np.int8, block_size=block, data_format=data_format, mode=mode)


def test_a_layout_value_the_spec_does_not_list_exports_the_view_steps(monkeypatch):
    spec = _specs_with(monkeypatch, "depth_to_space").op("depth_to_space")
    import dataclasses
    layout = dataclasses.replace(spec.onnx_node.layout, changes=spec.onnx_node.layout.changes[1:])
    _specs_with(monkeypatch, "depth_to_space",
                onnx_node=dataclasses.replace(spec.onnx_node, layout=layout))
    nhwc = lower("depth_to_space", (2, 3, 5, 8), 2)
    assert "DepthToSpace" not in [n.op_type for n in nhwc]
    assert [n.op_type for n in lower("depth_to_space", (2, 8, 3, 5), 2, data_format="NCHW")] == ["DepthToSpace"]


def test_control_a_layout_change_that_does_not_fit_the_op_is_a_spec_error(monkeypatch):
    import dataclasses

    from ascend_ops.runtime.errors import SpecError

    spec = _specs_with(monkeypatch, "depth_to_space").op("depth_to_space")
    (value, change), *rest = spec.onnx_node.layout.changes
    assert value == "NHWC"
    wrong = dataclasses.replace(change, permute=(0, 2, 1, 3))  # N W H C read as NCHW
    layout = dataclasses.replace(spec.onnx_node.layout, changes=((value, wrong), *rest))
    _specs_with(monkeypatch, "depth_to_space",
                onnx_node=dataclasses.replace(spec.onnx_node, layout=layout))
    with pytest.raises(SpecError) as info:
        lower("depth_to_space", (1, 2, 4, 4), 2)
    assert str(info.value) == (
        f"{change.loc}: onnx_node: the layout change NHWC -> NCHW does not fit op depth_to_space: "
        f"x[1, 2, 4, 4] becomes x[1, 4, 2, 4], whose DepthToSpace result [1, 1, 4, 8] is not the "
        f"changed result [1, 8, 4, 1] of x[1, 4, 8, 1]")


def test_a_view_op_without_any_spec_key_lowers_from_its_steps():
    """The view-step lowering alone, as a new op gets it: a permutation, a reshape and an index
    with every kind of item."""
    from ascend_ops.onnx.lowering import _view_nodes

    steps = (cpu_reference.Permute((1, 0, 2)), cpu_reference.Reshape((3, 2, 2, 2)),
             cpu_reference.Index((1, None, Ellipsis, slice(None, None, -1))))
    assert _view_nodes((2, 3, 4), steps) == [
        OnnxNode("Transpose", attributes=(("perm", (1, 0, 2)),)),
        OnnxNode("Reshape", ((3, 2, 2, 2),)),
        OnnxNode("Unsqueeze", ((4,),)),
        OnnxNode("Slice", ((1, 0, 0, 1, 0), (2, 2, 2, INT64_MIN, 1), (0, 1, 2, 3, 4), (1, 1, 1, -1, 1))),
        OnnxNode("Squeeze", ((0, 4),)),
        OnnxNode("Unsqueeze", ((0,),)),
    ]
    from ascend_ops.onnx.standalone import nodes_model
    x = np.arange(24, dtype=np.int32).reshape(2, 3, 4)
    model = nodes_model(_view_nodes((2, 3, 4), steps), x.shape, x.dtype, "steps")
    session = onnxruntime.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    (y,) = session.run(None, {"x": x})
    np.testing.assert_array_equal(y, cpu_reference.View((2, 3, 4), (1, 2, 2, 2), steps).apply(x))


def test_a_broadcast_step_lowers_to_expand():
    """A view that repeats (Note [repeating views] in cpu_reference/view_steps.py) as Reshape,
    Expand, Reshape; a broadcast to the shape it has is no node."""
    from ascend_ops.onnx.lowering import _view_nodes
    from ascend_ops.onnx.standalone import nodes_model

    steps = (cpu_reference.Reshape((1, 2, 1, 3)), cpu_reference.Broadcast((4, 2, 5, 3)),
             cpu_reference.Reshape((8, 15)))
    nodes = _view_nodes((2, 3), steps)
    assert nodes == [OnnxNode("Reshape", ((1, 2, 1, 3),)), OnnxNode("Expand", ((4, 2, 5, 3),)),
                     OnnxNode("Reshape", ((8, 15),))]
    assert _view_nodes((2, 3), (cpu_reference.Broadcast((2, 3)),)) == []
    x = np.arange(6, dtype=np.int32).reshape(2, 3)
    model = nodes_model(nodes, x.shape, x.dtype, "steps")
    session = onnxruntime.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    (y,) = session.run(None, {"x": x})
    np.testing.assert_array_equal(y, np.tile(x, (4, 5)))
