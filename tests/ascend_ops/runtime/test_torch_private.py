"""The supported torch range and the one module of private torch names (runtime/torch_private.py).

- No other module of the package names a private torch (or torch_npu) attribute or module: an AST
  scan of every file, with a negative control that plants each form of private use in a scratch
  module. scripts/compat.sh runs this file on the oldest and newest torch, so an unguarded private
  name fails there as well as here.
- A torch outside the range fails `import ascend_ops` with one error naming the range (a
  stand-in `torch` package reporting the version, in a subprocess).
- The range is pyproject.toml's bound and scripts/compat.sh's matrix: one minor per step.
- Without a C++ compiler the simulated npu device (a C++ extension) is refused by name, and
  nothing is renamed.
"""
from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest
import torch

from ascend_ops.runtime import torch_private
from ascend_ops.runtime.torch_private import UnsupportedTorchError
from ascend_ops.sim import device as sim_device
from ascend_ops_gen.spec import project_root

pytestmark = pytest.mark.compat  # in scripts/compat.sh's subset, on every supported torch

ROOT = project_root()
PACKAGE = ROOT / "python" / "ascend_ops"
HOME_OF_PRIVATE_NAMES = PACKAGE / "runtime" / "torch_private.py"
TORCH_ROOTS = ("torch", "torch_npu")


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _chain(node: ast.AST) -> list[str] | None:
    """`torch._C._foo` -> ["torch", "_C", "_foo"]; None for anything not rooted in a name."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return [node.id, *reversed(parts)]


def private_torch_names(source: str, filename: str = "<scratch>") -> list[str]:
    """Each use of a private torch/torch_npu name in `source`, as `file:line: name`."""
    tree = ast.parse(source, filename)
    roots = set(TORCH_ROOTS)
    for node in ast.walk(tree):  # `import torch as t`: t is a root too
        if isinstance(node, ast.Import):
            roots.update(a.asname for a in node.names
                         if a.asname and a.name.split(".")[0] in TORCH_ROOTS)
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names if a.name.split(".")[0] in TORCH_ROOTS
                     and any(_private(p) for p in a.name.split("."))]
        elif isinstance(node, ast.ImportFrom) and node.module \
                and node.module.split(".")[0] in TORCH_ROOTS:
            if any(_private(p) for p in node.module.split(".")):
                names = [node.module]
            names += [f"{node.module}.{a.name}" for a in node.names if _private(a.name)]
        elif isinstance(node, ast.Attribute) and not isinstance(getattr(node, "_parent", None),
                                                                 ast.Attribute):
            chain = _chain(node)
            if chain and chain[0] in roots and any(_private(p) for p in chain[1:]):
                names = [".".join(chain)]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("getattr", "hasattr") and len(node.args) >= 2:
            chain = _chain(node.args[0])
            key = node.args[1]
            if chain and chain[0] in roots and isinstance(key, ast.Constant) \
                    and isinstance(key.value, str) and _private(key.value):
                names = [".".join(chain) + "." + key.value]
        found += [f"{filename}:{node.lineno}: {n}" for n in names]
        for child in ast.iter_child_nodes(node):
            child._parent = node  # the outermost attribute of a chain reports it, once
    return found


def _package_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if p != HOME_OF_PRIVATE_NAMES)


def test_no_module_but_one_names_a_private_torch_name():
    found = [hit for path in _package_files()
             for hit in private_torch_names(path.read_text(encoding="utf-8"),
                                            str(path.relative_to(ROOT)))]
    assert found == []


def test_the_scan_finds_every_form_of_private_use():
    # Negative control: each form the scan knows, planted in a scratch module.
    scratch = (
        "import torch\n"
        "import torch as t\n"
        "import torch._dynamo\n"
        "from torch._ops import OpOverload\n"
        "from torch.utils.backend_registration import _setup_privateuseone_for_python_backend\n"
        "x = torch._C._dispatch_get_all_op_names()\n"
        "y = t._C\n"
        "z = getattr(torch._C, '_from_dlpack', None)\n"
        "w = torch_npu.npu.utils._is_gte_cann_version('8.1')\n"
        "ok = torch.__version__, torch.compiled_with_cxx11_abi(), torch.ops.aten.add\n")
    assert sorted(private_torch_names(scratch)) == [
        "<scratch>:3: torch._dynamo", "<scratch>:4: torch._ops",
        "<scratch>:5: torch.utils.backend_registration._setup_privateuseone_for_python_backend",
        "<scratch>:6: torch._C._dispatch_get_all_op_names", "<scratch>:7: t._C",
        "<scratch>:8: torch._C", "<scratch>:8: torch._C._from_dlpack",
        "<scratch>:9: torch_npu.npu.utils._is_gte_cann_version"]


def test_a_module_with_a_private_name_fails_the_scan(tmp_path):
    planted = PACKAGE / "runtime" / "dtypes.py"
    source = planted.read_text(encoding="utf-8") + "\n_probe = torch._C._get_tracing_state\n"
    assert private_torch_names(source, "dtypes.py") == ["dtypes.py:" + str(
        source.count("\n")) + ": torch._C._get_tracing_state"]


# --- the range ---------------------------------------------------------------------------------

def _import_with_torch_version(tmp_path: Path, version: str) -> subprocess.CompletedProcess:
    stand_in = tmp_path / "torch"
    stand_in.mkdir()
    (stand_in / "__init__.py").write_text(f"__version__ = {version!r}\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT / "python"),
                                                         str(ROOT)])}
    return subprocess.run([sys.executable, "-c", "import ascend_ops"], env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("version", ["2.5.1", "2.15.0", "2.15.0a0+git1234", "3.0.0", "1.13.1"])
def test_a_torch_outside_the_range_fails_the_import_naming_the_range(tmp_path, version):
    done = _import_with_torch_version(tmp_path, version)
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    assert last == (f"ascend_ops.runtime.torch_private.UnsupportedTorchError: ascend-ops supports "
                    f"torch >= 2.6, < 2.15 (every minor from 2.6 to 2.14 is tested); this is torch "
                    f"{version}. Install a torch in that range (with torch_npu, the torch_npu "
                    f"release made for it)")


@pytest.mark.parametrize("version", ["2.6.0", "2.6.0+cu124", "2.14.1", "2.10.0+cpu"])
def test_the_range_admits_its_ends(version):
    torch_private.check_torch_version(version)


def test_this_torch_is_in_the_range():
    assert torch_private.OLDEST_TORCH <= torch_private.torch_version() \
        < torch_private.BEYOND_NEWEST_TORCH


def test_the_range_is_pyproject_s_bound_and_compat_sh_s_matrix():
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (bound,) = [d for d in project["project"]["dependencies"] if re.match(r"torch\b", d)]
    old, new = torch_private.OLDEST_TORCH, torch_private.BEYOND_NEWEST_TORCH
    assert bound == f"torch>={old[0]}.{old[1]},<{new[0]}.{new[1]}"
    matrix = re.search(r"^MATRIX=\(([^)]*)\)", (ROOT / "scripts" / "compat.sh").read_text(),
                       re.MULTILINE).group(1).split()
    assert [tuple(map(int, v.split(".")[:2])) for v in matrix] == [
        (old[0], minor) for minor in range(old[1], new[1])]


# --- the simulated npu device is a C++ extension: without a compiler it is refused by name ------

def test_without_a_compiler_the_simulated_npu_is_refused_by_name(monkeypatch):
    if sim_device.is_enabled():
        pytest.fail("this test process must not have enabled the simulated npu device")
    from ascend_ops.runtime import build_cache

    monkeypatch.setenv("CXX", "/nonexistent/g++")
    build_cache.compiler.cache_clear()
    try:
        with pytest.raises(RuntimeError) as refused:
            sim_device.enable_simulated_npu()
    finally:
        build_cache.compiler.cache_clear()
    assert str(refused.value).startswith(
        "cannot enable the simulated npu device: its C++ extension cannot be built: no C++ "
        "compiler found (looked for /nonexistent/g++)"), refused.value
    assert not sim_device.is_enabled()
    assert torch_private.privateuse1_backend_name() == "privateuseone"
    assert not hasattr(torch, "npu")


def test_a_missing_required_name_is_an_import_error_naming_it_and_the_range():
    with pytest.raises(UnsupportedTorchError) as missing:
        torch_private._required(types.SimpleNamespace(), "_gone", "what it was for", "torch._C")
    assert str(missing.value) == (f"torch {torch.__version__} has no torch._C._gone (what it was "
                                  f"for); ascend-ops supports torch >= 2.6, < 2.15")
    assert isinstance(missing.value, ImportError)


def test_a_missing_inductor_name_is_an_error_naming_it():
    with pytest.raises(torch_private.InductorCodegenUnavailable) as missing:
        torch_private._inductor_name("torch._inductor.codegen.cpp", "_Gone")
    assert str(missing.value) == (
        f"torch {torch.__version__} has no torch._inductor.codegen.cpp._Gone (inductor's CPU code "
        f"generation, which the simulated npu device takes)")
    with pytest.raises(torch_private.InductorCodegenUnavailable, match="no torch._inductor.gone "):
        torch_private._inductor_name("torch._inductor.gone")


def test_inductor_s_cpu_code_generation_is_found_on_this_torch():
    cpu = torch_private.inductor_cpu_codegen()
    assert [c.__name__ for c in cpu[:2]] == ["CppScheduling", "PythonWrapperCodegen"]
    assert cpu.device_interface.is_available() and hasattr(cpu.config, "cuda_backend")


# --- no torch object changes class ---------------------------------------------------------------

def class_assignments(source: str, filename: str = "<scratch>") -> list[str]:
    """Each `x.__class__ = ...` (plain, augmented or annotated) and `setattr(x, "__class__", ...)`."""
    out = []
    for node in ast.walk(ast.parse(source, filename)):
        targets = (node.targets if isinstance(node, ast.Assign)
                   else [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else [])
        if any(isinstance(t, ast.Attribute) and t.attr == "__class__" for t in targets):
            out.append(f"{filename}:{node.lineno}")
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr"
                and len(node.args) > 1 and isinstance(node.args[1], ast.Constant)
                and node.args[1].value == "__class__"):
            out.append(f"{filename}:{node.lineno}")
    return out


def test_the_package_assigns_no_class():
    """The op packets are the package's own objects (runtime/arguments.py: OpPacket), made by its
    namespace; no object of torch's has its class swapped."""
    found = [hit for path in sorted(PACKAGE.rglob("*.py"))
             for hit in class_assignments(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))]
    assert found == []


def test_the_class_assignment_check_finds_each_form():
    # negative control
    source = ("packet.__class__ = Checked\n"
              "setattr(packet, '__class__', Checked)\n"
              "x: type = y.__class__\n")
    assert class_assignments(source) == ["<scratch>:1", "<scratch>:2"]
