"""Names an op may not take (spec/reserved_names.py): the loader refuses an op named by a C++ or
Python keyword or by an identifier of the engine's code, at the line of its `op` (or `op_type`), and
the same spec under another name loads (the negative control of each). The engine's identifiers are
generated from its headers; the C++ keywords are held to libclang's lexer."""
from __future__ import annotations

import glob
import re
from pathlib import Path

import pytest

from ascend_ops_gen.codegen.engine_names import engine_identifiers, identifiers_of
from ascend_ops_gen.spec.reserved_names import (CXX_KEYWORDS, ENGINE_IDENTIFIERS, engine_identifier_naming,
                                                reserved_name_problem)
from spec_copy import SpecCopy

ROOT = Path(__file__).resolve().parents[3]
TRANSPOSE = ROOT / "tests" / "walkthrough" / "transpose" / "transpose.yaml"


def _renamed(tmp_path: Path, name: str, op_type: str | None = None) -> SpecCopy:
    """op_specs/ with the walkthrough's view op `transpose` added as op `name` (in place of an op
    of that name), of op type `op_type` (default: Ascend<Name>)."""
    op_type = op_type or "Ascend" + "".join(word.capitalize() for word in name.split("_"))
    copy = SpecCopy(tmp_path)
    text = TRANSPOSE.read_text(encoding="utf-8")
    text = text.replace("op: transpose\n", f"op: {name}\n").replace("op_type: AscendTranspose\n", f"op_type: {op_type}\n")
    copy.path(f"{name}.yaml").write_text(text, encoding="utf-8")
    return copy


@pytest.mark.parametrize("name, rule", [
    ("tile", "op name 'tile' would be named by the engine's code, which names no op (ascend_kernels/common/ has "
             "'tile'); choose another"),
    ("gather", "op name 'gather' would be named by the engine's code, which names no op (ascend_kernels/common/ "
               "has 'Gather'); choose another"),
    ("gather_tile", "op name 'gather_tile' would be named by the engine's code, which names no op "
                    "(ascend_kernels/common/ has 'GatherTileBytes'); choose another"),
    ("delete", "op name 'delete' is a C++ keyword; choose another"),
    ("lambda", "op name 'lambda' is a Python keyword; choose another"),
])
def test_a_reserved_op_name_is_refused_at_its_line(tmp_path, name, rule):
    copy = _renamed(tmp_path, name)
    assert copy.error() == f"op_specs/{name}.yaml:{copy.line_of(f'{name}.yaml', f'op: {name}')}: {rule}"


def test_a_reserved_op_type_is_refused_at_its_line(tmp_path):
    copy = _renamed(tmp_path, "transpose", "CopyTiling")
    assert copy.error() == (f"op_specs/transpose.yaml:{copy.line_of('transpose.yaml', 'op_type:')}: op_type "
                            f"'CopyTiling' would be named by the engine's code, which names no op "
                            f"(ascend_kernels/common/ has 'CopyTiling'); choose another")


@pytest.mark.parametrize("name", ["transpose", "add", "scale", "onnx_gather", "tile_sum"])
def test_a_name_the_engine_only_contains_as_a_word_loads(tmp_path, name):
    """Negative control: `ColumnTranspose` is the engine's word, not the op transpose."""
    assert name in {o.name for o in _renamed(tmp_path, name).load().ops}


def test_the_engine_identifiers_are_those_of_the_hand_written_headers(tmp_path):
    kernels = ROOT / "ascend_kernels"
    assert ENGINE_IDENTIFIERS == engine_identifiers(kernels)  # (generate --check says so too)
    assert {"tile", "Gather", "CopyTiling", "PlanStridedCopy"} <= ENGINE_IDENTIFIERS
    # what a comment, a string or a generated header holds is no identifier of the engine
    (tmp_path / "common").mkdir()
    (tmp_path / "common" / "a.h").write_text('int kNamed = 1; // kComment\nconst char* s = "kString";\n'
                                             "/* kBlock */ char c = 'k';\n", encoding="utf-8")
    (tmp_path / "common" / "b_generated.h").write_text(
        "// @generated from x by ascend-ops-dev generate; do not edit\nint kGenerated = 1;\n", encoding="utf-8")
    assert engine_identifiers(tmp_path) == {"int", "kNamed", "const", "char", "s", "c"}


def test_names_are_matched_whole_or_word_by_word():
    ids = {"ColumnTranspose", "kDepthToSpaceSpecial", "tile", "ASCEND_OPS_ARCH_GATHER"}
    assert engine_identifier_naming("transpose", ids) is None
    assert engine_identifier_naming("depth_to_space", ids) == "kDepthToSpaceSpecial"
    assert engine_identifier_naming("DepthToSpace", ids) == "kDepthToSpaceSpecial"
    assert engine_identifier_naming("tile", ids) == "tile"
    assert engine_identifier_naming("arch_gather", ids) == "ASCEND_OPS_ARCH_GATHER"
    assert engine_identifier_naming("gather", ids) is None
    assert reserved_name_problem("transpose", "op name") is None


def _lexed(words) -> dict[str, str]:
    cindex = pytest.importorskip("clang.cindex", reason="libclang is in the test extra (scripts/setup.sh)")
    tu = cindex.Index.create().parse("words.cpp", args=["-x", "c++", "-std=c++20"],
                                     unsaved_files=[("words.cpp", " ".join(sorted(words)))])
    return {t.spelling: t.kind.name for t in tu.get_tokens(extent=tu.cursor.extent)}


def test_the_cxx_keywords_are_libclangs():
    lexed = _lexed(CXX_KEYWORDS | {"tile", "transpose"})
    assert {w for w in CXX_KEYWORDS if lexed[w] != "KEYWORD"} == set()
    assert (lexed["tile"], lexed["transpose"]) == ("IDENTIFIER", "IDENTIFIER")  # negative control
    # every keyword libclang finds in the C++ library's headers is listed (those of the
    # implementation, `__int128`, are no name an op could take)
    headers = sorted(glob.glob("/usr/include/c++/*/bits/*.h"))
    if not headers:
        pytest.skip("no C++ library headers in /usr/include/c++")
    words = set().union(*(identifiers_of(Path(h).read_text(encoding="utf-8", errors="replace")) for h in headers))
    found = {w for w, kind in _lexed(words).items() if kind == "KEYWORD" and not w.startswith("_")}
    assert len(found) > 60 and found <= CXX_KEYWORDS, found - CXX_KEYWORDS
    assert re.fullmatch(r"[a-z_0-9]+", "".join(CXX_KEYWORDS))


def test_new_op_refuses_a_reserved_name_before_writing(tmp_path):
    from ascend_ops_dev.new_op.write import NewOpError, write_new_op

    with pytest.raises(NewOpError, match=r"^op name 'tile' would be named by the engine's code, which names no "
                                         r"op \(ascend_kernels/common/ has 'tile'\); choose another$"):
        write_new_op("tile", "custom", root=tmp_path)
    assert not any(tmp_path.iterdir())
    assert len(write_new_op("repeat", "custom", root=tmp_path).files) == 3  # negative control


def test_a_reserved_gradient_op_type_is_refused_at_its_line(tmp_path):
    """A gradient op gets a generated folder and OpDef too (kernel: engine): its OpType is held to
    the same list; the shipped AscendSliceGrad loads (the control)."""
    copy = SpecCopy(tmp_path)
    assert copy.load().op("slice").backward.gradient.op_type == "AscendSliceGrad"
    copy.edit("slice.yaml", "    op_type: AscendSliceGrad\n", "    op_type: WriteCursor\n")
    assert copy.error() == (f"op_specs/slice.yaml:{copy.line_of('slice.yaml', 'op_type: WriteCursor')}: "
                            f"backward.scatter.op_type 'WriteCursor' would be named by the engine's code, "
                            f"which names no op (ascend_kernels/common/ has 'WriteCursor'); choose another")
