"""Each op's code in its folder: `ascend_kernels/<op>/` holds the op's hand-written view builder
and dtype rule (`<op>_view.h`; a custom op: its Compute, `<op>_compute.h`) beside its generated
op_host/ and op_kernel/ (a custom op also op_sim/, its simulator unit); `common/` is the engine
and names no op."""
from __future__ import annotations

import re
from pathlib import Path

from ascend_ops_gen.codegen.file_manager import is_generated
from ascend_ops_gen.codegen.custom_op import compute_name
from ascend_ops_gen.codegen.op_views import builder_name
from ascend_ops_gen.spec import specs

ROOT = Path(__file__).resolve().parents[2]
KERNELS = ROOT / "ascend_kernels"


def _code(text: str) -> str:
    return re.sub(r"//[^\n]*|/\*.*?\*/", "", text, flags=re.S)


def _op_names(spec_set) -> set[str]:
    names = set()
    for op in spec_set.ops:
        names |= {op.name, op.op_type, "".join(w.capitalize() for w in op.name.split("_"))}
    return names


def ops_named_in(folder: Path, spec_set) -> dict[str, list[str]]:
    """Hand-written headers of `folder` whose code (comments left out) names an op."""
    names = _op_names(spec_set)
    found = {}
    for path in sorted(folder.glob("*.h")):
        text = path.read_text(encoding="utf-8")
        if is_generated(text):
            continue
        words = set(re.findall(r"[A-Za-z_]\w*", _code(text)))
        hits = sorted(n for n in names if n in words or any(w.startswith(n) or n in w for w in words
                                                            if len(n) > 5))
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
    assert ops_named_in(tmp_path, specs()) == {"copy_planner.h": ["DepthToSpace"]}
