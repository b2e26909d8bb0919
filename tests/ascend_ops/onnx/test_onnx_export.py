"""ascend_ops.onnx: every op exported by torch.onnx.export (both exporters), checked by
onnx.checker and run by onnxruntime and onnx.reference, bit for bit against the op.

torch.onnx.export is slow, so one model holds every case (one input and one output each) and is
exported once per exporter; each case is then its own test.
"""
from __future__ import annotations

import io
import itertools
import warnings

import ml_dtypes
import numpy as np
import onnx
import onnxruntime
import pytest
import torch
from onnx.reference import ReferenceEvaluator

import ascend_ops
import ascend_ops.onnx
import cpu_reference
from ascend_ops.onnx.lowering import INT64_MIN
from ascend_ops.onnx.standalone import op_model
from ascend_ops_gen.spec import specs
from ascend_ops_support import CASES, Case, assert_same_bits, random_tensor, strided_slice_case

# Beyond the cases every op is checked on: what the ONNX lowering treats specially.
ONNX_CASES = (
    strided_slice_case("reverse_to_start", (9, 4), (slice(None, None, -1), slice(-1, None, -2))),
    strided_slice_case("start_below_minus_dim_reverse", (9,), (slice(-100, None, -1),)),
    strided_slice_case("last_axis_step", (5, 6), (slice(1, 4), slice(None, None, 2))),
    strided_slice_case("rank1_step", (10,), (slice(8, 1, -3),)),
    strided_slice_case("shrink_stride_2", (6, 5), (slice(0, 6, 2), 3)),
    strided_slice_case("scalar_new_axes", (), (None, Ellipsis, None)),
    strided_slice_case("identity", (3, 4), (Ellipsis,)),
    Case("strided_slice", "int64_extremes", (7, 5), ([2**63 - 1, 0], [-(2**63), 2**63 - 1], [-1, 2**62])),
    Case("strided_slice", "api_def_example", (5,) * 6, ([1, 2, 0, 0, 0, 0], [2, 4, 0, 0, -3, 0], [1, 1, 1, 1, -1, 1]),
         dict(begin_mask=48, end_mask=32, ellipsis_mask=8, new_axis_mask=4, shrink_axis_mask=1)),
    Case("slice", "rank1", (9,), ([-4], [-1])),
)
EXPORT_CASES = (*CASES, *ONNX_CASES)

# onnxruntime's CPU DepthToSpace / SpaceToDepth take float, float16, int8 and uint8 only (any
# other dtype: "Could not find an implementation"), and on float16 they quiet signalling NaNs
# (test_onnxruntime_float16_depth_space_quiets_signalling_nans); its slices take every dtype.
# float16 and bfloat16 rearrangements are checked with onnx.reference on one-op models below.
SLICE_DTYPES = (torch.float32, torch.float16, torch.bool, torch.int64, torch.uint8, torch.int32)
BLOCK_DTYPES = (torch.float32, torch.uint8, torch.int8)


def _dtypes() -> dict[Case, torch.dtype]:
    slices, blocks = itertools.cycle(SLICE_DTYPES), itertools.cycle(BLOCK_DTYPES)
    return {case: torch.int8 if case.int8_only else next(blocks if case.op in ("depth_to_space", "space_to_depth") else slices)
            for case in EXPORT_CASES}


DTYPES = _dtypes()
INPUTS = tuple(random_tensor(case.shape, DTYPES[case], seed=i) for i, case in enumerate(EXPORT_CASES))


def call(case: Case, x: torch.Tensor) -> torch.Tensor:
    return getattr(ascend_ops, case.op)(x, *case.args, **case.kwargs)


class EveryCase(torch.nn.Module):
    def forward(self, *xs: torch.Tensor) -> tuple[torch.Tensor, ...]:
        return tuple(call(case, x) for case, x in zip(EXPORT_CASES, xs))


def _export(exporter: str) -> onnx.ModelProto:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if exporter == "dynamo":
            program = torch.onnx.export(EveryCase(), INPUTS, dynamo=True, verbose=False,
                                        opset_version=ascend_ops.onnx.ATC_OPSET,
                                        custom_translation_table=ascend_ops.onnx.translation_table())
            return program.model_proto
        ascend_ops.onnx.register_legacy_symbolics()
        buffer = io.BytesIO()
        torch.onnx.export(EveryCase(), INPUTS, buffer, dynamo=False, opset_version=17)
        return onnx.load_from_string(buffer.getvalue())


_exports: dict[str, onnx.ModelProto] = {}
_runs: dict[tuple[str, str], list[np.ndarray]] = {}


def exported(exporter: str) -> onnx.ModelProto:
    if exporter not in _exports:
        _exports[exporter] = _export(exporter)
    return _exports[exporter]


def run(exporter: str, runtime: str) -> list[np.ndarray]:
    if (exporter, runtime) not in _runs:
        model = exported(exporter)
        feeds = {i.name: x.numpy() for i, x in zip(model.graph.input, INPUTS)}
        if runtime == "onnxruntime":
            session = onnxruntime.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
            _runs[exporter, runtime] = session.run(None, feeds)
        else:
            _runs[exporter, runtime] = ReferenceEvaluator(model).run(None, feeds)
    return _runs[exporter, runtime]


EXPORTERS = ("dynamo", "legacy")
STANDARD_NODES = {"Slice", "Squeeze", "Unsqueeze", "DepthToSpace", "SpaceToDepth", "Transpose",
                  "Reshape", "Expand", "Identity", "Constant"}


@pytest.mark.parametrize("exporter", EXPORTERS)
def test_exported_graph_passes_the_full_onnx_check(exporter):
    onnx.checker.check_model(exported(exporter), full_check=True)


@pytest.mark.parametrize("exporter", EXPORTERS)
def test_exported_graph_holds_only_standard_onnx_nodes(exporter):
    model = exported(exporter)
    assert {node.domain for node in model.graph.node} <= {"", "ai.onnx"}
    assert {node.op_type for node in model.graph.node} <= STANDARD_NODES
    assert not model.functions  # no ascend_ops node left to a custom function
    assert [(o.domain, o.version) for o in model.opset_import if o.domain in ("", "ai.onnx")] == [
        ("", ascend_ops.onnx.ATC_OPSET if exporter == "dynamo" else 17)]


@pytest.mark.parametrize("runtime", ["onnxruntime", "onnx.reference"])
@pytest.mark.parametrize("exporter", EXPORTERS)
@pytest.mark.parametrize("index", range(len(EXPORT_CASES)), ids=[f"{c.op}-{c.id}" for c in EXPORT_CASES])
def test_runtime_output_is_the_op_bit_for_bit(exporter, runtime, index):
    case = EXPORT_CASES[index]
    assert_same_bits(call(case, INPUTS[index]), np.asarray(run(exporter, runtime)[index]))


# --- 16-bit floats: one-op models (no torch export) run by onnx.reference ----------------------

@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16], ids=str)
@pytest.mark.parametrize("case", [c for c in EXPORT_CASES if not c.int8_only], ids=lambda c: f"{c.op}-{c.id}")
def test_16_bit_float_one_op_model_is_the_op_bit_for_bit(case, dtype):
    x = random_tensor(case.shape, dtype, seed=7)
    numpy_dtype = ml_dtypes.bfloat16 if dtype == torch.bfloat16 else np.float16
    model = op_model(case.op, case.shape, numpy_dtype, **_named_arguments(case))
    onnx.checker.check_model(model, full_check=True)
    (y,) = ReferenceEvaluator(model).run(None, {"x": x.view(torch.int16).numpy().view(numpy_dtype)})
    assert_same_bits(call(case, x), np.asarray(y))


@pytest.mark.parametrize("op", ["depth_to_space", "space_to_depth"])
def test_onnxruntime_float16_depth_space_quiets_signalling_nans(op):
    signalling_nan = 0x7C3F  # float16: exponent all ones, quiet bit 0x0200 clear, payload 0x3F
    model = op_model(op, (1, 4, 2, 2), np.float16, block_size=2, data_format="NCHW")
    x = np.full((1, 4, 2, 2), signalling_nan, np.uint16).view(np.float16)
    session = onnxruntime.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    assert set(session.run(None, {"x": x})[0].view(np.uint16).ravel()) == {signalling_nan | 0x0200}


def _named_arguments(case: Case) -> dict:
    spec = specs().op(case.op)
    positional = [a.name for a in spec.attributes if not a.keyword_only]
    return {**dict(zip(positional, case.args)), **case.kwargs}


# --- dynamic shapes ------------------------------------------------------------------------------

def test_a_dynamic_dimension_is_refused_at_export_naming_it():
    class Upsample(torch.nn.Module):
        def forward(self, x):
            return ascend_ops.depth_to_space(x, 2, data_format="NCHW", mode="CRD")

    with warnings.catch_warnings(), pytest.raises(Exception) as raised:
        warnings.simplefilter("ignore")
        torch.onnx.export(Upsample(), (torch.zeros(3, 8, 2, 5),), dynamo=True, verbose=False,
                          opset_version=ascend_ops.onnx.ATC_OPSET,
                          custom_translation_table=ascend_ops.onnx.translation_table(),
                          dynamic_shapes={"x": {0: torch.export.Dim.AUTO}})
    assert "depth_to_space: x.shape[0] is dynamic" in _messages(raised.value)


def test_a_dynamic_axis_is_refused_by_the_legacy_export_naming_the_op():
    class Cut(torch.nn.Module):
        def forward(self, x):
            return ascend_ops.slice(x, [0, 1], [-1, 2])

    ascend_ops.onnx.register_legacy_symbolics()
    with warnings.catch_warnings(), pytest.raises(Exception) as raised:
        warnings.simplefilter("ignore")
        torch.onnx.export(Cut(), (torch.zeros(3, 4),), io.BytesIO(), dynamo=False, opset_version=17,
                          input_names=["x"], dynamic_axes={"x": {0: "batch"}})
    assert "slice: x has sizes [None, 4] in the traced graph" in _messages(raised.value)


def _messages(error: BaseException) -> str:
    texts = []
    while error is not None:
        texts.append(str(error))
        error = error.__cause__ or error.__context__
    return "\n".join(texts)


# --- negative controls: the comparisons above can fail -------------------------------------------

def test_control_an_unclamped_tf_start_gives_onnx_runtimes_another_result():
    # x[-100::-1] on 10 elements: empty in TF; ONNX clamps start -100 (+10, once) to 0 for a
    # negative step and returns one element. The lowering exports the canonical empty range.
    x = np.arange(10, dtype=np.float32)
    raw = onnx.helper.make_model(onnx.helper.make_graph(
        [onnx.helper.make_node("Slice", ["x", "s", "e", "a", "t"], ["y"])], "raw_tf_start",
        [onnx.helper.make_tensor_value_info("x", onnx.TensorProto.FLOAT, [10])],
        [onnx.helper.make_tensor_value_info("y", onnx.TensorProto.FLOAT, None)],
        initializer=[onnx.helper.make_tensor(n, onnx.TensorProto.INT64, [1], [v])
                     for n, v in (("s", -100), ("e", INT64_MIN), ("a", 0), ("t", -1))]),
        opset_imports=[onnx.helper.make_opsetid("", ascend_ops.onnx.ATC_OPSET)])
    session = onnxruntime.InferenceSession(raw.SerializeToString(), providers=["CPUExecutionProvider"])
    (raw_result,) = session.run(None, {"x": x})
    op_result = cpu_reference.strided_slice(x, [-100], [0], [-1], end_mask=1)
    assert raw_result.shape == (1,) and op_result.shape == (0,)
    lowered = op_model("strided_slice", (10,), np.float32, begin=[-100], end=[0], strides=[-1], end_mask=1)
    session = onnxruntime.InferenceSession(lowered.SerializeToString(), providers=["CPUExecutionProvider"])
    assert session.run(None, {"x": x})[0].shape == (0,)


def test_control_a_wrong_mode_is_caught_bit_for_bit():
    model = op_model("depth_to_space", (1, 8, 2, 3), np.float32, block_size=2, data_format="NCHW", mode="CRD")
    (node,) = [n for n in model.graph.node if n.op_type == "DepthToSpace"]
    (mode,) = [a for a in node.attribute if a.name == "mode"]
    mode.s = b"DCR"
    x = random_tensor((1, 8, 2, 3), torch.float32, seed=3)
    (y,) = onnxruntime.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(
        None, {"x": x.numpy()})
    with pytest.raises(AssertionError):
        assert_same_bits(ascend_ops.depth_to_space(x, 2, data_format="NCHW", mode="CRD"), y)
