"""The optional extras: without one, what needs it fails at once, in one line naming the extra.
A package on PYTHONPATH whose import fails stands for an install without it."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ascend_ops.runtime.optional_deps import EXTRAS, MissingExtraError, install_hint, require

ROOT = Path(__file__).resolve().parents[3]


def _without(tmp_path: Path, *modules: str) -> dict[str, str]:
    shadow = tmp_path / "shadow"
    for name in modules:
        (shadow / name).mkdir(parents=True)
        (shadow / name / "__init__.py").write_text(f"raise ImportError('{name} is not installed', name='{name}')\n")
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(shadow), os.environ.get("PYTHONPATH", "")])}


@pytest.mark.parametrize("missing, named", [("onnx", "onnx, onnxscript"),  # onnxscript needs onnx
                                             ("onnxscript", "onnxscript")])
def test_import_ascend_ops_onnx_names_the_extra_in_one_line(tmp_path, missing, named):
    code = "import ascend_ops.onnx"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=_without(tmp_path, missing), timeout=300, check=False)
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    expected = (f"ascend_ops.runtime.optional_deps.MissingExtraError: ascend_ops.onnx needs the "
                f"onnx extra ({named} missing): {install_hint('onnx')}")
    assert last == expected, done.stderr[-2000:]


def test_with_the_extra_the_documented_standalone_module_is_there():
    import ascend_ops.onnx

    model = ascend_ops.onnx.standalone.op_model("slice", (4, 6), "float32", offsets=[1, 2], size=[2, 3])
    assert "Slice" in [n.op_type for n in model.graph.node]


def test_every_example_names_the_extra_before_any_work(tmp_path):
    env = _without(tmp_path, "onnxruntime")
    for example in sorted((ROOT / "examples").glob("*.py")):
        done = subprocess.run([sys.executable, str(example)], capture_output=True, text=True, env=env,
                              cwd=example.parent, timeout=300, check=False)
        assert done.returncode == 1 and done.stdout == "", (example.name, done.stdout[-500:])
        assert done.stderr == (f"the examples need the onnx extra (onnxruntime missing): "
                               f"{install_hint('onnx')}\n"), (example.name, done.stderr[-2000:])


def test_require_names_each_missing_module_and_passes_when_all_import():
    require("onnx", "the test")  # the test environment has the extra
    with pytest.raises(MissingExtraError, match=r"^x needs the onnx extra \(no_such_module_a, "
                                                 r"no_such_module_b missing\): pip install"):
        require("onnx", "x", ("no_such_module_a", "json", "no_such_module_b"))
    assert set(EXTRAS) == {"onnx", "bench"}


def test_the_extras_are_pyprojects_and_torch_npu_is_no_extra():
    import re
    import tomllib

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    for extra, modules in EXTRAS.items():
        names = {re.match(r"[A-Za-z0-9_.-]+", req)[0].lower() for req in declared[extra]}
        assert set(modules) <= names, (extra, names)
    # an unpinned torch_npu would bring the newest release and its torch: it is installed by its
    # torch's version instead (README, NPU tensors)
    assert not any("torch_npu" in req or "torch-npu" in req for reqs in declared.values() for req in reqs)


def test_rich_is_no_dependency_of_the_package_and_sim_progress_falls_back_to_lines(monkeypatch):
    import builtins
    import tomllib

    from ascend_ops_dev.commands import sim

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert not any(req.startswith("rich") for req in project["dependencies"])
    assert not any(req.startswith("rich") for reqs in project["optional-dependencies"].values()
                   for req in reqs)
    dev = tomllib.loads((ROOT / "dev" / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert any(req.startswith("rich") for req in dev["dependencies"])
    real_import = builtins.__import__

    def without_rich(name, *args, **kwargs):
        if name == "rich" or name.startswith("rich."):
            raise ImportError(f"No module named {name!r}", name=name)
        return real_import(name, *args, **kwargs)

    assert sim._rich_progress() is not None  # negative control: the development package brings rich
    monkeypatch.setattr(builtins, "__import__", without_rich)
    assert sim._rich_progress() is None
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert list(sim._checked([])) == []  # a terminal without rich: plain lines, no ImportError
