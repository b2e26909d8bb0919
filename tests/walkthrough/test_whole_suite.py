"""Adding ops breaks nothing: a copy of the checkout gets every op the walkthrough adds (a view op,
a repeating view op, a filling view op, custom ops with one and two inputs, kernels that read
shapes and lists, an attribute of every type), generated, documented and built as
docs/adding-an-op.md says, and then the whole test suite runs in it, unedited, and passes.

Every test that iterates ops takes them from the specs, so in the copy the added ops are among
their cases (the report counts them); a test that cannot apply to an op (a gradient of an op
without `backward:`, the ONNX export of a custom op) leaves it out by its spec. The walkthrough
tests themselves are left out of the copy's run (each makes copies of its own)."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from test_custom_ops import ROOT, _dev, _run

HERE = Path(__file__).resolve().parent
# Every op folder here: <op>.yaml, <op>.py and the kernel headers.
ADDED = tuple(sorted(p.name for p in HERE.iterdir() if (p / f"{p.name}.yaml").is_file()))
# What never goes into a copy: build output, caches, virtual environments.
_SKIPPED = {".git", ".venv", "__pycache__", ".pytest_cache", ".hypothesis", "build", "build_out"}


def checkout_files() -> list[str]:
    """The checkout's files, relative to it: git's list (tracked, and new files git does not
    ignore) in a git clone, else every file outside build output and caches."""
    if (ROOT / ".git").exists() and shutil.which("git"):
        listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                                cwd=ROOT, capture_output=True, check=True).stdout.decode()
        return sorted(f for f in listed.split("\0") if f and (ROOT / f).is_file())
    files = []
    for folder, dirs, names in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in _SKIPPED and not d.endswith(".egg-info")]
        files += [os.path.relpath(os.path.join(folder, n), ROOT) for n in names]
    return sorted(files)


def place(project: Path, op: str) -> None:
    """The op's pieces where docs/adding-an-op.md puts them: the spec in op_specs/, the reference
    in cpu_reference/, the kernel headers in ascend_kernels/<op>/."""
    folders = {".yaml": "op_specs", ".py": "cpu_reference", ".h": f"ascend_kernels/{op}"}
    for piece in (HERE / op).iterdir():
        if not piece.is_file() or piece.suffix not in folders:  # __pycache__, say
            continue
        folder = folders[piece.suffix]
        (project / folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(piece, project / folder / piece.name)


def _report(report: Path) -> tuple[list[str], list[str]]:
    """From pytest's JUnit report: every test's name (with its parameters), and the failed tests."""
    names, failed = [], []
    for case in ET.parse(report).getroot().iter("testcase"):
        names.append(case.get("name", ""))
        if case.find("failure") is not None or case.find("error") is not None:
            failed.append(f"{case.get('classname')}::{case.get('name')}")
    return names, failed


def _count(names: list[str], parameter: str) -> int:
    """The tests with `parameter` among their parameters (`test[a-b-c]`)."""
    return sum(bool(re.search(rf"[\[-]{re.escape(parameter)}[-\]]", name)) for name in names)


def test_the_whole_suite_passes_in_a_copy_with_every_walkthrough_op_added(tmp_path):
    project = tmp_path / "project"
    if (ROOT.parent / "shared").is_dir():  # the CANN fixtures beside the checkout, beside the copy too
        (tmp_path / "shared").symlink_to(ROOT.parent / "shared", target_is_directory=True)
    for rel in checkout_files():
        (project / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, project / rel)
    for op in ADDED:
        place(project, op)
    _dev(project, "generate", "-q")
    _dev(project, "docs")
    _run(project, "-m", "ascend_ops", "build")  # the fast path, with the added ops in its table
    report = tmp_path / "report.xml"
    result = _run(project, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2", "--ignore=tests/walkthrough",
                  f"--junitxml={report}", check=False)
    names, failed = _report(report)
    assert result.returncode == 0 and not failed, "\n".join(failed[:60]) + "\n" + result.stdout[-6000:]
    # the copy's tests ran on the copy's specs: each added op is among the cases of many of them
    named = {op: _count(names, op) for op in ADDED}
    assert min(named.values()) >= 20, named
    # attr_probe's junk of each attribute type went through every path (test_bad_input's ids are
    # op-attribute-junk), and its `errors:` through both the function and the packet
    for attribute in ("rows", "dims", "perm", "mode", "scale", "pairs"):
        assert sum(f"[attr_probe-{attribute}-" in name for name in names) >= 2 * 5, attribute
    assert sum("[attr_probe-spec-" in name for name in names) == 2 * 2


def test_the_report_names_a_failed_test_and_counts_parameters_by_name(tmp_path):
    """Negative control of the report reading: a suite with a failing test."""
    (tmp_path / "test_ops.py").write_text(
        "import pytest\n\n\n@pytest.mark.parametrize('op', ['repeat', 'tf_tile'])\n"
        "def test_op(op):\n    assert op != 'tf_tile'\n", encoding="utf-8")
    report = tmp_path / "report.xml"
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_ops.py",
                           f"--junitxml={report}"], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 1, done.stdout
    names, failed = _report(report)
    assert failed == ["test_ops::test_op[tf_tile]"]
    assert (_count(names, "repeat"), _count(names, "tf_tile"), _count(names, "tile")) == (1, 1, 0)
