"""The copy planner reads as its steps: every function of its headers fits on a screen, and each
header compiles on its own under CANN's op_host standard (C++11), so each says what it needs."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

COMMON = Path(__file__).resolve().parents[2] / "ascend_kernels" / "common"
PLANNER_HEADERS = ("copy_planner.h", "plan_view.h", "copy_cost.h", "gather_units.h", "transpose_choice.h")
MAX_FUNCTION_LINES = 60


def function_lengths(text: str) -> dict[str, int]:
    """Lines of each namespace-level inline function, signature to closing brace, by name: a
    definition starts with `inline` at the line's start and ends at the first `}` there."""
    lines = text.splitlines()
    lengths: dict[str, int] = {}
    i = 0
    while i < len(lines):
        opens = lines[i].startswith("inline ") and "(" in lines[i] and not lines[i].rstrip().endswith((";", "}"))
        if opens:
            name = re.search(r"(\w+)\(", lines[i]).group(1)
            end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("}"))
            lengths[name] = end - i + 1
            i = end
        i += 1
    return lengths


@pytest.mark.parametrize("header", PLANNER_HEADERS)
def test_every_planner_function_fits_on_a_screen(header: str) -> None:
    lengths = function_lengths((COMMON / header).read_text(encoding="utf-8"))
    assert lengths, f"{header}: no function found: the scan no longer reads the header"
    too_long = {name: n for name, n in lengths.items() if n > MAX_FUNCTION_LINES}
    assert not too_long, f"{header}: functions over {MAX_FUNCTION_LINES} lines: {too_long}"


def test_negative_control_a_long_function_is_found() -> None:
    body = "\n".join(f"    x += {i};" for i in range(MAX_FUNCTION_LINES))
    text = f"inline int Short(int x)\n{{\n    return x;\n}}\n\ninline int Long(int x)\n{{\n{body}\n    return x;\n}}\n"
    assert function_lengths(text) == {"Short": 4, "Long": MAX_FUNCTION_LINES + 4}


def test_plan_strided_copy_is_its_steps() -> None:
    text = (COMMON / "copy_planner.h").read_text(encoding="utf-8")
    body = text[text.index("inline Status PlanStridedCopy("):]
    for step in ("CheckPlanArguments", "CheckShape", "MergeForCopy", "ChooseMode", "StoreUnitPlan", "StoreCopyPlan"):
        assert f"{step}(" in body, step


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")
@pytest.mark.parametrize("header", PLANNER_HEADERS)
def test_each_planner_header_compiles_on_its_own(tmp_path: Path, header: str) -> None:
    source = tmp_path / "one_header.cpp"
    source.write_text(f'#include "{header}"\n', encoding="utf-8")
    done = subprocess.run(["g++", "-std=c++11", "-fsyntax-only", "-Wall", "-Wextra", "-Werror", f"-I{COMMON}",
                           str(source)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-3000:]


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")
def test_negative_control_a_header_missing_an_include_does_not_compile(tmp_path: Path) -> None:
    text = (COMMON / "gather_units.h").read_text(encoding="utf-8").replace('#include "copy_cost.h"\n', "")
    (tmp_path / "gather_units.h").write_text(text, encoding="utf-8")
    source = tmp_path / "one_header.cpp"
    source.write_text('#include "gather_units.h"\n', encoding="utf-8")
    done = subprocess.run(["g++", "-std=c++11", "-fsyntax-only", f"-I{tmp_path}", f"-I{COMMON}", str(source)],
                          capture_output=True, text=True, check=False)
    assert done.returncode != 0
