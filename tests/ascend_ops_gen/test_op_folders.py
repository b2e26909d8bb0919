"""Each op's code in its folder: `ascend_kernels/<op>/` holds the op's hand-written view builder
and dtype rule (`<op>_view.h`; a custom op: its Compute, `<op>_compute.h`) beside its generated
op_host/ and op_kernel/ (a custom op also op_sim/, its simulator unit); `common/` is the engine
and names no op, by the rule the spec loader keeps op names from the engine's identifiers
(spec/reserved_names.py)."""
from __future__ import annotations

from pathlib import Path

from ascend_ops_gen.codegen.custom_op import compute_name
from ascend_ops_gen.codegen.engine_names import identifiers_of
from ascend_ops_gen.codegen.file_manager import is_generated
from ascend_ops_gen.codegen.op_views import builder_name
from ascend_ops_gen.spec import specs
from ascend_ops_gen.spec.reserved_names import engine_identifier_naming
from spec_copy import SpecCopy

ROOT = Path(__file__).resolve().parents[2]
KERNELS = ROOT / "ascend_kernels"


def ops_named_in(folder: Path, spec_set) -> dict[str, list[str]]:
    """Hand-written headers of `folder` whose code (comments and strings left out) names an op: an
    identifier equal to its name, CamelCase name or OpType, or holding the words of one in a row."""
    found = {}
    for path in sorted(folder.glob("*.h")):
        text = path.read_text(encoding="utf-8")
        if is_generated(text):
            continue
        identifiers = identifiers_of(text)
        hits = sorted(op.name for op in spec_set.ops
                      if any(engine_identifier_naming(n, identifiers) for n in (op.name, op.op_type)))
        if hits:
            found[path.name] = hits
    return found


def test_every_op_folder_holds_its_hand_written_view_builder():
    for op in specs().ops:
        custom = op.is_custom
        view = KERNELS / op.name / (f"{op.name}_compute.h" if custom else f"{op.name}_view.h")
        text = view.read_text(encoding="utf-8")
        assert not is_generated(text), view
        assert (f" {compute_name(op)}(" if custom else f"inline Status {builder_name(op)}(") in text, view
        generated = {"op_host", "op_kernel", "op_sim"} if custom else {"op_host", "op_kernel"}
        assert {p.name for p in (KERNELS / op.name).iterdir() if p.is_dir()} == generated


def test_common_names_no_op():
    assert ops_named_in(KERNELS / "common", specs()) == {}


def test_an_op_named_in_common_is_found(tmp_path: Path):
    for path in (KERNELS / "common").glob("*.h"):
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    planner = tmp_path / "copy_planner.h"
    planner.write_text(planner.read_text() + "\nconstexpr int kDepthToSpaceSpecial = 1;\n")
    assert ops_named_in(tmp_path, specs()) == {"copy_planner.h": ["depth_to_space"]}


def test_an_op_named_like_a_word_inside_the_engine_is_not_named_by_it(tmp_path: Path):
    """The walkthrough's `transpose` (the engine has ColumnTranspose, TransposeGroups): the engine
    names no op; an op it would name does not load (tests/ascend_ops_gen/spec/test_reserved_names.py)."""
    transpose = ROOT / "tests" / "walkthrough" / "transpose" / "transpose.yaml"
    with_transpose = SpecCopy(tmp_path, (transpose,)).load()
    assert "transpose" in {op.name for op in with_transpose.ops}
    assert ops_named_in(KERNELS / "common", with_transpose) == {}
