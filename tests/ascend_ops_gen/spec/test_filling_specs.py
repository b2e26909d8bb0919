"""A filling view op's spec (Note [filling view ops] in ascend_ops_gen/spec/model.py): op_specs/ with
the walkthrough's `constant_pad` added loads its `fill`, its int[][] and float attributes, and
every malformed edit fails with its exact `op_specs/<file>.yaml:<line>` message."""
from __future__ import annotations

from pathlib import Path

import pytest

from ascend_ops_gen.spec import AttrType
from spec_copy import SpecCopy

ROOT = Path(__file__).resolve().parents[3]
PAD = ROOT / "tests" / "walkthrough" / "constant_pad" / "constant_pad.yaml"


@pytest.fixture
def copy(tmp_path: Path) -> SpecCopy:
    return SpecCopy(tmp_path, (PAD,))


def test_a_filling_op_loads_its_fill(copy: SpecCopy):
    s = copy.load()
    pad = s.op("constant_pad")
    assert (pad.fill, pad.is_filling, pad.reads_a_view) == ("constant_value", True, False)
    assert [(a.type, a.inner, a.value_of) for a in pad.attributes] == [
        (AttrType.INT_ROWS, 2, None), (AttrType.FLOAT, None, "x")]
    assert not s.op("slice").is_filling and s.op("slice").reads_a_view


CASES = [
    # (id, old, new, line needle, message after "file:line: ")
    ("fill of no attribute", "fill: constant_value ", "fill: value ", "fill: value",
     "op constant_pad: fill must name a float attribute with value_of (the value the output is filled "
     "with); 'value' is no attribute"),
    ("fill of the rows", "fill: constant_value ", "fill: paddings ", "fill: paddings",
     "op constant_pad: fill must name a float attribute with value_of (the value the output is filled "
     "with); 'paddings' is int[][] paddings"),
    ("fill of a float of no input", "    value_of: x\n", "", "fill: constant_value",
     "op constant_pad: fill must name a float attribute with value_of (the value the output is filled "
     "with); 'constant_value' is float constant_value"),
    ("a fill with a default", "    value_of: x\n", "    value_of: x\n    default: 1.0\n", "- name: constant_value",
     "op constant_pad: fill attribute constant_value takes no default: torch's dispatcher leaves out an argument "
     "equal to its default before a Python kernel sees it, and -0.0 equals 0.0, so a fill of -0.0 would become +0.0"),
    ("rows without fill", "fill: constant_value ", "# no fill ", "type: int[][]",
     "attribute paddings: int[][] attributes are for custom ops (kind: custom) and filling view ops (`fill:`); "
     "a view op that reads takes int, int[], int[]? and str"),
    ("a backward", "max_rank: 8\n", "max_rank: 8\nbackward: scatter\n", "backward: scatter",
     "op constant_pad fills its output (fill: constant_value): no `backward`; the gradient of a filling op is a "
     "view of dy, which no `backward` form declares yet"),
    ("a custom op's fill", "fill: constant_value ", "kind: custom\nfill: constant_value ", "fill: constant_value",
     "op constant_pad is a custom op (kind: custom): `fill` is a key of view ops; a custom op's Compute writes "
     "every output element"),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_a_malformed_filling_spec_names_its_line_and_rule(copy: SpecCopy, case):
    _, old, new, needle, message = case
    copy.edit("constant_pad.yaml", old, new)
    assert copy.error() == f"op_specs/constant_pad.yaml:{copy.line_of('constant_pad.yaml', needle)}: {message}"
