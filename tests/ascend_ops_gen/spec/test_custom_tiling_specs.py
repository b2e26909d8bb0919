"""What a custom op's kernel may see (Note [tiling accessors] in ascend_ops_gen/codegen/custom_op.py):
op_specs/ with the walkthrough's `tf_tile` and `tf_pad` added loads float and int[][] attributes
and shape tiling fields into the model, the generated tiling data holds exactly the fields a spec
lists, and every malformed edit fails with its exact `op_specs/<file>.yaml:<line>` message."""
from __future__ import annotations

from pathlib import Path

import pytest

from ascend_ops_gen.codegen.custom_op import emit_custom_tiling_header, emit_fields_view, tiling_layout
from ascend_ops_gen.spec import AttrType, TilingSource
from spec_copy import SpecCopy

ROOT = Path(__file__).resolve().parents[3]
WALKTHROUGH = ROOT / "tests" / "walkthrough"


@pytest.fixture
def copy(tmp_path: Path) -> SpecCopy:
    return SpecCopy(tmp_path, tuple(WALKTHROUGH / op / f"{op}.yaml" for op in ("tf_tile", "tf_pad")))


def test_shapes_lists_rows_and_floats_load_into_the_model(copy: SpecCopy):
    s = copy.load()
    tile, pad = s.op("tf_tile"), s.op("tf_pad")
    paddings, constant = pad.attributes
    assert (paddings.type, paddings.inner, paddings.value_of) == (AttrType.INT_ROWS, 2, None)
    assert (constant.type, constant.required, constant.value_of) == (AttrType.FLOAT, True, "x")
    assert [(f.name, f.source, f.tensor, f.attribute) for f in pad.tiling] == [
        ("x", TilingSource.SHAPE, "x", None), ("y", TilingSource.SHAPE, "y", None),
        ("paddings", TilingSource.ATTRIBUTE, None, "paddings"),
        ("constantValue", TilingSource.ATTRIBUTE, None, "constant_value")]
    assert (tile.tiling_rank, pad.tiling_rank) == (8, 8)  # their max_rank
    assert pad.examples[0].kwargs["paddings"] == ((1, 0), (1, 1))


def test_the_tiling_data_holds_what_the_spec_lists_and_no_more(copy: SpecCopy):
    s = copy.load()
    standard = [("totalElems", 1), ("blockElems", 1), ("tileElems", 1), ("alignElems", 1)]
    assert list(tiling_layout(s.op("tf_pad"))) == standard + [
        ("xRank", 1), ("xDims", 8), ("xStrides", 8), ("yRank", 1), ("yDims", 8), ("yStrides", 8),
        ("paddingsSize", 1), ("paddingsValues", 16), ("constantValue", 1)]
    # without max_rank a shape holds the 25 dims of a CANN tensor shape; without fields, no more
    copy.edit("tf_tile.yaml", "max_rank: 8\n", "")
    tile = copy.load().op("tf_tile")
    assert [c for n, c in tiling_layout(tile) if n == "xDims"] == [25]
    copy.edit("tf_tile.yaml", "  - name: y\n    shape: y\n    doc: The output's shape, to read an output position "
                              "dim by dim.\n", "")
    tile = copy.load().op("tf_tile")
    assert [n for n, _ in tiling_layout(tile)][4:] == ["xRank", "xDims", "xStrides"]
    header = emit_custom_tiling_header(tile)
    assert "TILING_DATA_FIELD_DEF_ARR(int64_t, 25, xDims);" in header and "yDims" not in header
    assert any("TensorShapeView x;" in line for line in emit_fields_view(tile))


CASES = [
    # (id, file, old, new, line needle, message after "file:line: ")
    ("float on a view op", "slice.yaml", "  - name: offsets\n    type: int[]\n", "  - name: offsets\n    type: float\n",
     "type: float",
     "attribute offsets: float attributes are for custom ops (kind: custom) and filling view ops (`fill:`); a view "
     "op that reads takes int, int[], int[]? and str"),
    ("rows without inner", "tf_pad.yaml", "    inner: 2\n", "", "- name: paddings",
     "attribute is missing the required key 'inner'"),
    ("inner of no rows", "tf_tile.yaml", "    type: int[]\n", "    type: int[]\n    inner: 2\n", "inner: 2",
     "attribute multiples: `inner` is for int[][] attributes (the ints of each row)"),
    ("inner of zero", "tf_pad.yaml", "    inner: 2\n", "    inner: 0\n", "inner: 0",
     "attribute.inner = 0 is out of range: it must be in [1, 2147483647]"),
    ("a row default of another length", "tf_pad.yaml", "    inner: 2\n", "    inner: 2\n    default: [[1, 2, 3]]\n",
     "default: [[1", "attribute paddings: default [[1, 2, 3]] has a row of other than 2 ints (inner: 2)"),
    ("a float default that is text", "tf_pad.yaml", "    value_of: x\n", "    value_of: x\n    default: zero\n",
     "default: zero", "attribute constant_value: default 'zero' is not a valid float"),
    # the control: a default of 1.0 loads (test_a_float_default_other_than_zero_loads)
    ("a float default of zero", "tf_pad.yaml", "    value_of: x\n", "    value_of: x\n    default: -0.0\n",
     "default: -0.0", "attribute constant_value: a float default of -0.0 loses the sign of a zero given: torch's "
     "dispatcher leaves out an argument equal to its default, and -0.0 equals 0.0; give no default or one that "
     "is not zero"),
    ("value_of no input", "tf_pad.yaml", "    value_of: x\n", "    value_of: y\n", "- name: constant_value",
     "op tf_pad: attribute constant_value: value_of: unknown input 'y'; known: x"),
    ("value_of an int", "tf_tile.yaml", "    type: int[]\n", "    type: int[]\n    value_of: x\n", "value_of: x",
     "attribute multiples: `value_of` is for float attributes (a value of an input's dtype)"),
    ("a shape of no tensor", "tf_pad.yaml", "    shape: y\n", "    shape: z\n", "shape: z",
     "tiling field y: unknown tensor 'z'; known: x, y"),
    ("a str attribute in the tiling", "tf_pad.yaml", "    type: float\n", "    type: str\n    choices: [zero]\n",
     "attribute: constant_value", "tiling field constantValue: attribute constant_value is a str; a tiling field "
                                  "takes an int, float, int[], int[]? or int[][] attribute"),
    ("a field over another's C++ field", "tf_pad.yaml", "  - name: constantValue\n", "  - name: xRank\n",
     "name: xRank", "tiling field xRank becomes the C++ field xRank, which is already a field of x; rename one of "
                    "them"),
]


def test_a_float_default_other_than_zero_loads(copy: SpecCopy):
    copy.edit("tf_pad.yaml", "    value_of: x\n", "    value_of: x\n    default: 1.0\n")
    assert copy.load().op("tf_pad").attributes[1].default == 1.0


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_a_malformed_spec_names_its_line_and_rule(copy: SpecCopy, case):
    _, file, old, new, needle, message = case
    if file == "tf_pad.yaml" and "type: str" in new:  # a str attribute: no value_of, str values
        copy.edit(file, "    value_of: x\n", "")
        copy.edit(file, "constant_value: 7.0}", "constant_value: zero}")
        copy.edit(file, "constant_value: 1.5}", "constant_value: zero}")
        copy.edit(file, "constant_value: 1.0}", "constant_value: zero}")
    copy.edit(file, old, new)
    assert copy.error() == f"op_specs/{file}:{copy.line_of(file, needle)}: {message}"
