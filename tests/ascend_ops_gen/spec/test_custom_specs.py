"""The spec of a custom op (kind: custom): op_specs/ with the walkthrough's `add` and `onnx_gather`
added loads into the model (tensors with their own or shared dtypes, dtype combinations under every
product's rule, the shape rule, tiling fields, examples and corpus of several inputs); every
malformed edit fails with its exact `op_specs/<file>.yaml:<line>` message; a custom op whose spec
does not load leaves the other ops loading."""
from __future__ import annotations

from pathlib import Path

import pytest

from ascend_ops_gen.spec import (OpKind, ReadMode, ShapeRuleKind, TilingSource, specs)
from spec_copy import SpecCopy

ROOT = Path(__file__).resolve().parents[3]
WALKTHROUGH = ROOT / "tests" / "walkthrough"


@pytest.fixture
def copy(tmp_path: Path) -> SpecCopy:
    return SpecCopy(tmp_path, tuple(WALKTHROUGH / op / f"{op}.yaml" for op in ("add", "onnx_gather")))


# --- the model ------------------------------------------------------------------------------------

def test_the_worked_examples_load_into_the_model(copy: SpecCopy):
    s = copy.load()
    add, gather = s.op("add"), s.op("onnx_gather")
    assert (add.kind, gather.kind, s.op("slice").kind) == (OpKind.CUSTOM, OpKind.CUSTOM, OpKind.VIEW)
    assert [t.name for t in add.tensors] == ["x", "y", "z"]
    assert all(add.dtype_owner(t.name) is add.inputs[0] for t in add.tensors)  # the first input's, by default
    assert add.combinations() == ((("x", "float16"), ("y", "float16"), ("z", "float16")),
                                  (("x", "float32"), ("y", "float32"), ("z", "float32")))
    assert [g.name for g in gather.dtype_groups()] == ["data", "indices"]
    assert gather.tensor_dtypes("indices") == ("int32", "int64")
    assert gather.tensor_dtypes("output") == gather.dtypes  # same as data, the first input
    assert [t.read for t in gather.inputs] == [ReadMode.LOAD, ReadMode.GM]
    assert (add.shape_rule.kind, add.shape_rule.inputs) == (ShapeRuleKind.SAME_AS, ("x",))
    assert gather.shape_rule.kind is ShapeRuleKind.INFER_SHAPE
    assert [(f.name, f.source, f.tensor, f.axis) for f in gather.tiling] == [
        ("rows", TilingSource.DIM, "data", 0), ("rowElems", TilingSource.ELEMENTS_AFTER, "data", 0)]
    assert dict(gather.examples[0].inputs)["indices"] == ((0, 1), (1, 2))
    assert gather.examples[0].dtypes == (("indices", "int64"),)
    assert [c.name for c in gather.corpus.tensor_cases][:2] == ["rows of 37, many cores", "1-d data: one element a row"]


def test_a_product_rule_applies_to_every_tensor(copy: SpecCopy):
    s = copy.load()
    gather = s.op("onnx_gather")
    by_key = {p.key: p for p in s.products}
    # 200I/500 A2 keeps float16, int32, int64 (the op's rule): for the data and for the indices
    assert {c[0][1] for c in gather.combinations(by_key["atlas-200i-500-a2"])} == {"float16", "int32", "int64"}
    assert len(gather.combinations(by_key["atlas-200i-500-a2"])) == 3 * 2
    # the inference series' default rule (no bfloat16) drops data bfloat16, whatever the indices
    assert len(gather.combinations(by_key["atlas-inference"])) == 5 * 2
    assert gather.supported_dtypes(by_key["atlas-inference"]) == ("float16", "float32", "int8", "int32", "int64")
    assert gather.dtype_columns(by_key["atlas-inference"])["indices"] == ("int32", "int64") * 5


def test_without_its_rule_a_line_whose_default_leaves_a_tensor_no_dtype_is_an_error(copy: SpecCopy):
    copy.edit("onnx_gather.yaml", '''products:
  atlas-200i-500-a2: {only: [float16, int32, int64], why: "float16 data, int32 and int64 data and indices"}
''', "")
    line = copy.line_of("onnx_gather.yaml", "dtypes: [float16, float32, bfloat16")
    assert copy.error() == (
        f"op_specs/onnx_gather.yaml:{line}: op onnx_gather: atlas-200i-500-a2's default dtype rule "
        f"(op_specs/products.yaml) leaves indices no dtype (its dtypes: int32, int64); give the op a rule for "
        f"atlas-200i-500-a2 under products:")


# --- one message per rule -------------------------------------------------------------------------

CASES = [
    # (id, file, old, new, line needle, message after "file:line: ")
    ("unknown kind", "add.yaml", "kind: custom", "kind: kernel", "kind:",
     "unknown op kind 'kernel'; known: view, custom"),
    ("view op with a tensor's dtypes", "slice.yaml", "    doc: The tensor to slice, `[dim_0, dim_1, ..., dim_n]`.",
     "    doc: The tensor to slice.\n    dtypes: [int8]", "dtypes: [int8]",
     "input x: `dtypes` is a key of custom ops' tensors (kind: custom); a view op's input and output have the "
     "op's `dtypes`"),
    ("view op with a shape rule", "slice.yaml", "backward:\n  scatter:\n", "shape: {same_as: x}\nbackward:\n  scatter:\n",
     "shape:", "op slice: `shape` is a key of custom ops (kind: custom); a view op's output and kernel come "
               "from its view builder"),
    ("custom op with backward", "add.yaml", "shape: {same_as: x}", "shape: {same_as: x}\nbackward: scatter",
     "backward:", "op add is a custom op (kind: custom): `backward` is a key of view ops; custom ops are not "
                  "differentiable yet"),
    ("first input with dtypes", "add.yaml", "    doc: The first addend.", "    doc: The first addend.\n    dtypes: [int8]",
     "dtypes: [int8]", "input x: the first input's dtypes are the op's `dtypes`; declare them there"),
    ("same_as of no tensor", "add.yaml", "    doc: The second addend, of `x`'s shape and dtype.",
     "    doc: The second addend.\n    dtypes: {same_as: w}", "- name: y",
     "op add: y.dtypes: same_as: unknown tensor 'w'; known: x, y, z"),
    ("output of two own dtypes", "add.yaml", "    doc: A fresh contiguous tensor of `x`'s shape and dtype.",
     "    doc: A sum.\n    dtypes: [float16, float32]", "- name: z",
     "op add: output z lists 2 dtypes of its own (float16, float32): InferDataType could not tell which; give "
     "it one dtype or `dtypes: {same_as: <input>}`"),
    ("optional output", "add.yaml", "    doc: A fresh contiguous tensor of `x`'s shape and dtype.",
     "    doc: A sum.\n    optional: true", "optional: true", "output z: only inputs may be optional"),
    ("optional input read tile by tile", "add.yaml", "    doc: The second addend, of `x`'s shape and dtype.",
     "    doc: The second addend.\n    optional: true", "optional: true",
     "input y: an optional input must be `read: gm` (the generated pipeline stages present tensors only; the "
     "op's Load hook reads it, or finds it absent)"),
    ("unknown read mode", "onnx_gather.yaml", "    read: load", "    read: lazy", "read: lazy",
     "input data: unknown read mode 'lazy'; known: tile, load, gm"),
    ("read on an output", "add.yaml", "    doc: A fresh contiguous tensor of `x`'s shape and dtype.",
     "    doc: A sum.\n    read: gm", "read: gm", "output z: `read` is for inputs; outputs are written tile by tile"),
    ("unknown format", "add.yaml", "    doc: The first addend.", "    doc: The first addend.\n    format: NC1HWC0",
     "format:", "input x: unknown format 'NC1HWC0'; did you mean 'NHWC'?"),
    ("shape of another form", "add.yaml", "shape: {same_as: x}", "shape: same_as_x", "shape:",
     "shape must be {same_as: <input>}, {broadcast: [<input>, ...]} or infer_shape, got 'same_as_x'"),
    ("shape of no input", "add.yaml", "shape: {same_as: x}", "shape: {same_as: z}", "shape:",
     "shape: same_as: unknown input 'z'; known: x, y"),
    ("broadcast of one input", "add.yaml", "shape: {same_as: x}", "shape: {broadcast: [x]}", "shape:",
     "shape: broadcast must list two or more inputs, got ['x']"),
    ("tiling field of a standard name", "onnx_gather.yaml", "  - name: rows\n", "  - name: tileElems\n",
     "name: tileElems", "tiling field 'tileElems' is one of the standard fields every custom op has (totalElems, "
                        "blockElems, tileElems, alignElems)"),
    ("tiling field of no source", "onnx_gather.yaml", "    dim: [data, 0]\n", "", "- name: rows",
     "tiling field rows needs exactly one source: attribute, shape, dim, elements, elements_after"),
    ("tiling field of no tensor", "onnx_gather.yaml", "    dim: [data, 0]", "    dim: [dat, 0]", "dim: [dat, 0]",
     "tiling field rows: unknown tensor 'dat'; did you mean 'data'?"),
    ("tiling field of a bad pair", "onnx_gather.yaml", "    dim: [data, 0]", "    dim: [data]", "dim: [data]",
     "tiling field rows: dim must be [<tensor>, <axis>], got ['data']"),
    ("example without a required input", "add.yaml", "      y: {arange: [2, 3]}\n", "", "    inputs:",
     "example rows does not give the required input 'y'"),
    ("example of an unknown input", "add.yaml", "      y: {arange: [2, 3]}", "      w: {arange: [2, 3]}",
     "w: {arange", "example rows: inputs: unknown input 'w'; known: x, y"),
    ("example value that is text", "add.yaml", "x: [[1.5, 16777216.0, 3.25], [0.0, -2.0, -0.5]]",
     "x: [[1.5, 1e30, 3.25], [0.0, -2.0, -0.5]]", "    inputs:",
     "example rows: inputs.x holds a string '1e30'; the values are numbers (YAML reads 1e30 as text: write 1.0e+30)"),
    ("example without the indices' dtype", "onnx_gather.yaml", "    dtypes: {indices: int64}\n    output:",
     "    output:", "- name: onnx_documentation_example",
     "example onnx_documentation_example must give the dtype of indices (one of int32, int64) under dtypes:"),
    ("example of an indices dtype not listed", "onnx_gather.yaml", "    dtypes: {indices: int64}\n    output:",
     "    dtypes: {indices: int16}\n    output:", "indices: int16",
     "example onnx_documentation_example: dtypes.indices: unknown dtype 'int16'; did you mean 'int64'? "
     "(the dtypes of indices)"),
    ("corpus case without an input", "add.yaml",
     '{name: "many cores, ragged shares", inputs: {x: {shape: [7, 1237]}, y: {shape: [7, 1237]}}, quick: true}',
     '{name: "many cores, ragged shares", inputs: {x: {shape: [7, 1237]}}, quick: true}', '"many cores, ragged shares", inputs',
     "corpus case 'many cores, ragged shares' does not give the required input 'y'"),
    ("corpus range of no width", "onnx_gather.yaml", "between: [-101, 101]", "between: [3, 3]", "between: [3, 3]",
     "corpus case 'rows of 37, many cores': inputs.indices.between must be [low, high] with low < high, got [3, 3]"),
    ("product rule of no dtype of the op", "add.yaml", "  atlas-200i-500-a2: all",
     "  atlas-200i-500-a2: {only: [int8]}", "atlas-200i-500-a2",
     "op add: the rule for atlas-200i-500-a2 names int8, which the op does not have (its dtypes: float16, float32)"),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_a_malformed_custom_spec_names_its_line_and_rule(copy: SpecCopy, case):
    _, file, old, new, needle, message = case
    copy.edit(file, old, new)
    assert copy.error() == f"op_specs/{file}:{copy.line_of(file, needle)}: {message}"


def test_a_view_op_of_two_inputs(copy: SpecCopy):
    copy.edit("add.yaml", "kind: custom\n", "")
    copy.edit("add.yaml", "shape: {same_as: x}\n", "")
    line = copy.line_of("add.yaml", "inputs:")
    assert copy.error() == (
        f"op_specs/add.yaml:{line}: op add: the data-movement engine (kind: view) takes exactly one input and one "
        f"output tensor; an op of other tensors is `kind: custom` (docs/adding-an-op.md)")


def test_dtypes_that_follow_a_chain_load(copy: SpecCopy):
    """indices -> output -> data (the first input): a chain, not a circle."""
    copy.edit("onnx_gather.yaml", "    dtypes: [int32, int64]\n", "    dtypes: {same_as: output}\n")
    text = copy.path("onnx_gather.yaml").read_text(encoding="utf-8")  # the examples' indices dtypes
    for dtype in ("int32", "int64"):
        text = text.replace(f"    dtypes: {{indices: {dtype}}}\n", "")
    copy.path("onnx_gather.yaml").write_text(text, encoding="utf-8")
    gather = copy.load().op("onnx_gather")
    assert gather.dtype_owner("indices") is gather.inputs[0]
    assert [g.name for g in gather.dtype_groups()] == ["data"]


def test_dtypes_that_go_round_in_a_circle(copy: SpecCopy):
    copy.edit("add.yaml", "    doc: The second addend, of `x`'s shape and dtype.",
              "    doc: The second addend.\n    dtypes: {same_as: z}")
    copy.edit("add.yaml", "    doc: A fresh contiguous tensor of `x`'s shape and dtype.",
              "    doc: A sum.\n    dtypes: {same_as: y}")
    line = copy.line_of("add.yaml", "- name: y")
    assert copy.error() == (f"op_specs/add.yaml:{line}: op add: the dtypes of y -> z -> y go round in a "
                            f"circle; one of them must list its dtypes")


def test_a_required_input_after_an_optional_one(copy: SpecCopy):
    copy.edit("onnx_gather.yaml", "    read: gm\n", "    read: gm\n    optional: true\n")
    copy.edit("onnx_gather.yaml", "\ninputs:\n", "\ninputs:\n  - name: first\n    doc: A first input.\n")
    copy.edit("onnx_gather.yaml", "  - name: data\n    doc: The tensor to take rows of, of rank 1 or more.\n    read: load\n",
              "")
    copy.edit("onnx_gather.yaml", "\noutputs:\n", "\n  - name: data\n    doc: Rows.\n    dtypes: {same_as: first}\n"
                                                  "    read: load\noutputs:\n")
    line = copy.line_of("onnx_gather.yaml", "  - name: data")
    assert copy.error() == (f"op_specs/onnx_gather.yaml:{line}: op onnx_gather: required input data follows the "
                            f"optional input indices; optional inputs come last (CANN numbers the inputs present)")


# --- a broken custom spec -------------------------------------------------------------------------

def test_a_custom_spec_that_does_not_load_leaves_the_other_ops_loading(copy: SpecCopy):
    """Note [a broken op spec]: the runtime's load leaves the op out and names it; the generator's
    refuses with the same message (negative control: the same edit, loaded strictly)."""
    copy.edit("onnx_gather.yaml", "    read: load", "    read: lazy")
    partial = copy.load(skip_broken_ops=True)
    assert "onnx_gather" not in {o.name for o in partial.ops}
    assert {"add", "slice", "strided_slice", "depth_to_space", "space_to_depth"} <= {o.name for o in partial.ops}
    (name, message), = partial.broken
    assert name == "onnx_gather" and message == copy.error()
    assert message.startswith(f"op_specs/onnx_gather.yaml:{copy.line_of('onnx_gather.yaml', 'read: lazy')}: ")


# The ops of the package's public API (the four of its design), whatever ops a checkout adds.
API_OPS = ("strided_slice", "slice", "depth_to_space", "space_to_depth")


def test_the_shipped_ops_are_view_ops():
    assert {specs().op(name).kind for name in API_OPS} == {OpKind.VIEW}


def test_the_checkout_may_hold_custom_ops_beside_them(copy: SpecCopy):
    """The test above holds whatever ops a checkout adds: here the walkthrough's custom ops."""
    s = copy.load()
    assert {o.kind for o in s.ops} == {OpKind.VIEW, OpKind.CUSTOM}
    assert {s.op(name).kind for name in API_OPS} == {OpKind.VIEW}
