"""The simulator corpus and the ONNX export hold no per-op code: no op's name, reference
function or native ONNX node appears in them as a string or a name; each op's pieces come from
its spec (`corpus:`, `onnx_node:`) and its cpu_reference view."""
from __future__ import annotations

import io
import tokenize
from pathlib import Path

import pytest

from ascend_ops_gen.spec import specs

ROOT = Path(__file__).resolve().parents[2]
TABLE_FREE = ("dev/ascend_ops_dev/sim/corpus.py", *sorted(
    p.relative_to(ROOT).as_posix() for p in (ROOT / "python/ascend_ops/onnx").glob("*.py")))


def per_op_tokens(source: str) -> list[str]:
    """The string literals and names in `source` that belong to one op: its name, its
    `<op>_view`, its OpType or the ONNX node its spec names (docstrings and comments are prose
    and may mention ops)."""
    owned = set()
    for op in specs().ops:
        owned |= {op.name, f"{op.name}_view", op.op_type}
        if op.onnx_node is not None:
            owned.add(op.onnx_node.op_type)
    found, previous = [], ["", ""]
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        builtin = previous == ["builtins", "."]  # Python's own `slice` is no op
        previous = [previous[1], token.string]
        if token.type == tokenize.NAME and token.string in owned and not builtin:
            found.append(f"{token.start[0]}: name {token.string}")
        elif token.type == tokenize.STRING:
            text = token.string.strip("\"'")
            if text in owned:
                found.append(f"{token.start[0]}: string {token.string}")
    return found


@pytest.mark.parametrize("path", TABLE_FREE)
def test_no_per_op_names_in_the_corpus_or_the_onnx_export(path):
    assert per_op_tokens((ROOT / path).read_text(encoding="utf-8")) == []


def test_control_a_per_op_table_is_found():
    source = ('_CASES = {"strided_slice": cases, "slice": more}\n'
              'def depth_to_space(shape):\n'
              '    return OnnxNode("DepthToSpace"), cpu_reference.slice_view, builtins.slice\n'
              '"""A docstring may say strided_slice."""\n')
    assert per_op_tokens(source) == ['1: string "strided_slice"', '1: string "slice"',
                                     "2: name depth_to_space", '3: string "DepthToSpace"',
                                     "3: name slice_view"]
