"""Parsing the engine's struct CopyTiling (ascend_ops_gen/codegen/copy_tiling.py)."""
from pathlib import Path

import pytest

from ascend_ops_gen.codegen.copy_tiling import (TilingHeaderError, load_copy_tiling,
                                            parse_copy_tiling)

ROOT = Path(__file__).resolve().parents[2]

LABEL = "ascend_kernels/common/copy_tiling.h"


def header(body: str, prelude: str = "") -> str:
    return f"#include <cstdint>\n{prelude}namespace ascend_ops {{\n\nstruct CopyTiling {{\n{body}}};\n\n}}\n"


def parse(body: str, prelude: str = "", siblings: dict[str, str] | None = None):
    return parse_copy_tiling(header(body, prelude), LABEL, (siblings or {}).get)


def test_the_engine_header_parses_and_matches_its_own_static_asserts():
    layout = load_copy_tiling(ROOT / "ascend_kernels/common/copy_tiling.h", LABEL)
    assert layout.size % 8 == 0
    assert layout.fields[0].offset == 0
    for f in layout.fields:
        assert f.offset % f.elem_size == 0
    last = layout.fields[-1]
    assert last.offset + last.size == layout.size


def test_offsets_sizes_arrays_and_comments():
    layout = parse("    int64_t shape[kMaxDims];  // trailing comment\n"
                   "    /* block\n       comment */\n"
                   "    int32_t rank;\n    uint16_t a[2];\n    uint8_t b;\n    uint8_t pad[7];\n",
                   prelude="constexpr int32_t kMaxDims = 3;\n")
    assert [(f.name, f.ctype, f.count, f.offset) for f in layout.fields] == [
        ("shape", "int64_t", 3, 0), ("rank", "int32_t", None, 24), ("a", "uint16_t", 2, 28),
        ("b", "uint8_t", None, 32), ("pad", "uint8_t", 7, 33)]
    assert layout.size == 40
    assert layout.fields[1].line == 9  # the header line, comment lines counted


def test_array_size_from_a_constexpr_of_an_included_sibling_header():
    layout = parse("    int64_t shape[kMaxDims];\n", prelude='#include "strided_view.h"\n',
                   siblings={"strided_view.h": "static constexpr int32_t kMaxDims{5};\n"})
    assert layout.fields[0].count == 5 and layout.size == 40


@pytest.mark.parametrize("body, prelude, message", [
    ("    float scale;\n    int32_t pad;\n", "",
     LABEL + r":5: field 'scale' has type 'float'; tiling fields must be one of int64_t, "),
    ("    int32_t rank;\n    int64_t total;\n    int32_t pad;\n", "",
     LABEL + r":6: field 'total' \(int64_t\) starts at byte 4, not a multiple of 8; order the "
             r"fields by decreasing element size"),
    ("    int64_t total;\n    int32_t rank;\n", "",
     LABEL + r":7: struct CopyTiling is 12 bytes, not a multiple of 8; add an explicit padding"),
    ("    int64_t shape[kMissing];\n", "",
     LABEL + r":5: array size 'kMissing' of field 'shape' is neither a literal nor a constexpr"),
    ("    int64_t total;\n    int64_t total;\n", "", LABEL + r":6: field 'total' is declared twice"),
    ("    int64_t total = 0;\n", "",
     LABEL + r":5: cannot read 'int64_t total = 0;' in struct CopyTiling; each member must be "
             r"one line"),
    ("    int64_t a, b;\n", "", LABEL + r":5: cannot read 'int64_t a, b;'"),
    ("    uint32_t Size() const { return 0; }\n", "", LABEL + r":5: cannot read"),
    ("    int64_t shape[0];\n", "", LABEL + r":5: field 'shape' has 0 elements"),
    ("", "", LABEL + r":5: struct CopyTiling has no fields"),
])
def test_malformed_header_errors_name_the_line_and_the_rule(body, prelude, message):
    with pytest.raises(TilingHeaderError, match="^" + message):
        parse(body, prelude)


def test_missing_struct_and_unclosed_struct():
    with pytest.raises(TilingHeaderError, match=LABEL + r":1: no line `struct CopyTiling \{`"):
        parse_copy_tiling("struct Other {\n    int64_t a;\n};\n", LABEL)
    with pytest.raises(TilingHeaderError, match=LABEL + r":2: struct CopyTiling is never closed"):
        parse_copy_tiling("\nstruct CopyTiling {\n    int64_t a;\n", LABEL)


def test_missing_header_file(tmp_path: Path):
    with pytest.raises(TilingHeaderError, match=r"^x/copy_tiling\.h:1: missing"):
        load_copy_tiling(tmp_path / "copy_tiling.h", "x/copy_tiling.h")
