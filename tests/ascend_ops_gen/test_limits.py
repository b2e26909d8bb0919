"""Each op's limits (`max_rank` and `limits:` in its spec) are declared once and generated into
the reference (cpu_reference/_op_limits.py) and the op's C++ (<op>/<op>_limits_generated.h),
which the hand-written code uses by name."""
from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

import cpu_reference
from ascend_ops_gen.codegen import limits
from ascend_ops_gen.errors import SpecError
from ascend_ops_gen.spec import load_specs, specs

ROOT = Path(__file__).resolve().parents[2]


# The upstream limits as their owners state them (ATB's MAX_DIM, TensorFlow's 31 spec entries and 8
# processing dims, gert::Shape's 25 dims, DepthToSpace's block size): the specs must keep them. A
# new op's own limits come on top.
UPSTREAM_LIMITS = {("slice", "max_rank"): 8, ("strided_slice", "max_spec_entries"): 31,
                   ("strided_slice", "max_processing_rank"): 8, ("strided_slice", "max_kernel_rank"): 25,
                   ("depth_to_space", "max_block_size"): 46340}


def test_the_spec_declares_the_upstream_limits():
    got = {(op.name, limit.name): limit.value for op in specs().ops for limit in op.all_limits()}
    assert {key: got.get(key) for key in UPSTREAM_LIMITS} == UPSTREAM_LIMITS
    known = {op for op, _ in UPSTREAM_LIMITS} | {"space_to_depth"}
    assert {key: v for key, v in got.items() if key[0] in known} == UPSTREAM_LIMITS  # none added


def test_the_reference_and_the_cpp_hold_the_spec_values():
    module = importlib.import_module("cpu_reference._op_limits")
    for op in specs().ops:
        header = ROOT / "ascend_kernels" / limits.limits_header_path(op)
        for limit in op.all_limits():
            assert getattr(module, limits.python_name(op, limit)) == limit.value
            assert f"constexpr int32_t {limits.cpp_name(op, limit)} = {limit.value};" in header.read_text()
    assert cpu_reference.depth_to_space.__module__  # the reference imports with its generated limits


def _unused(spec_set) -> list[str]:
    """Limits a spec declares that the hand-written code does not read by their generated names."""
    reference = "".join(p.read_text() for p in (ROOT / "cpu_reference").glob("*.py") if p.name != "_op_limits.py")
    missing = []
    for op in spec_set.ops:
        view = ROOT / "ascend_kernels" / op.name / f"{op.name}_view.h"
        cpp = view.read_text() if view.is_file() else ""
        for limit in op.all_limits():
            if limit.name == "max_rank":
                continue  # the runtime checks it for every path (arguments.py); slice's view too
            if limits.cpp_name(op, limit) not in cpp or limits.python_name(op, limit) not in reference:
                missing.append(f"{op.name}.{limit.name}")
    return missing


def test_every_limit_is_read_by_its_name_in_cpp_and_in_the_reference():
    assert _unused(specs()) == []
    assert "kSliceMaxRank" in (ROOT / "ascend_kernels/slice/slice_view.h").read_text()
    assert "SLICE_MAX_RANK" in (ROOT / "cpu_reference/slice.py").read_text()


def test_a_limit_nobody_reads_is_found():
    from dataclasses import replace
    from ascend_ops_gen.spec import Limit
    op = specs().op("depth_to_space")
    extra = replace(op, limits=op.limits + (Limit("max_height", 7, "made up", op.loc),))
    assert _unused(replace(specs(), ops=(extra,))) == ["depth_to_space.max_height"]


def test_no_limit_value_is_typed_again():
    # 46340 is written only in the spec and the generated files (comments may quote it).
    def code(path: Path) -> str:
        text = path.read_text()
        return re.sub(r"//[^\n]*|#[^\n]*", "", text)
    hand_written = [*ROOT.glob("ascend_kernels/*/*_view.h"), *ROOT.glob("ascend_kernels/common/*.h"),
                    *(p for p in ROOT.glob("cpu_reference/*.py") if p.name != "_op_limits.py")]
    assert [p.name for p in hand_written if "46340" in code(p)] == []


def _spec_dir(tmp_path: Path, limits_yaml: str) -> Path:
    specs_dir = tmp_path / "op_specs"
    specs_dir.mkdir()
    for p in (ROOT / "op_specs").glob("*.yaml"):
        (specs_dir / p.name).write_text(p.read_text())
    path = specs_dir / "slice.yaml"
    path.write_text(path.read_text().replace("max_rank: 8\n", "max_rank: 8\n" + limits_yaml))
    return specs_dir


@pytest.mark.parametrize("limits_yaml, message", [
    ("limits:\n  - {name: MaxRows, value: 3, doc: x}\n", "limit name 'MaxRows' must be snake_case"),
    ("limits:\n  - {name: max_rank, value: 3, doc: x}\n", "max_rank is its own key of the op spec"),
    ("limits:\n  - {name: max_rows, value: 3, doc: x}\n  - {name: max_rows, value: 4, doc: y}\n",
     "limit 'max_rows' is declared twice"),
    ("limits:\n  - {name: max_rows, value: 0, doc: x}\n", "limit.value = 0 is out of range: it must be in [1, 2147483647]"),
    ("limits:\n  - {name: max_rows, value: 3}\n", "limit is missing the required key 'doc'"),
    ("limits:\n  - {name: max_rows, value: 3, doc: x, unit: rows}\n", "unknown key 'unit' in limit"),
])
def test_a_bad_limit_is_rejected_with_its_line(tmp_path: Path, limits_yaml: str, message: str):
    specs_dir = _spec_dir(tmp_path, limits_yaml)
    lines = (specs_dir / "slice.yaml").read_text().split("\n")
    line = max(i for i, text in enumerate(lines) if text.startswith("  - {name:")) + 1  # the last entry
    with pytest.raises(SpecError) as e:
        load_specs(specs_dir, tmp_path)
    assert str(e.value).startswith(f"op_specs/slice.yaml:{line}: ") and message in str(e.value), str(e.value)


def test_a_changed_limit_changes_both_generated_sides(tmp_path: Path):
    specs_dir = _spec_dir(tmp_path, "limits:\n  - {name: max_rows, value: 123, doc: rows}\n")
    op = load_specs(specs_dir, tmp_path).op("slice")
    assert "constexpr int32_t kSliceMaxRows = 123;" in limits.emit_limits_header(op)
    assert "SLICE_MAX_ROWS = 123" in limits.emit_reference_limits(load_specs(specs_dir, tmp_path), "op_specs/*.yaml")
