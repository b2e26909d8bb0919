"""The package's layers (docs/architecture.md): its modules import one another without a cycle,
no module reaches into another's private names, and `import ascend_ops` loads none of the
developer tools; the package imports only cpu_reference's public modules (the canonicalisation it
shares with the runtime: cpu_reference.arguments, cpu_reference.view_steps), and the runtime imports
no backend package (cpu, npu, sim: ascend_ops.registration wires them). Read from the sources;
every check has a negative control."""
from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "python" / "ascend_ops"


def module_name(path: Path, package: Path = PACKAGE) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_modules(package: Path = PACKAGE) -> dict[str, Path]:
    return {module_name(p, package): p for p in sorted(package.rglob("*.py"))}


def _base(module: str, path: Path, level: int, target: str | None) -> str:
    here = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    if level:
        here = here[:len(here) - (level - 1)]
        return ".".join(here + ([target] if target else []))
    return target or ""


def imports(modules: dict[str, Path]) -> dict[str, set[tuple[str, tuple[str, ...]]]]:
    """module -> {(imported module, names imported from it)}, counting imports inside functions too
    (a lazy import is still an edge), only of modules in `modules`."""
    out: dict[str, set[tuple[str, tuple[str, ...]]]] = {m: set() for m in modules}
    for module, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name in modules:
                        out[module].add((alias.name, ()))
            elif isinstance(node, ast.ImportFrom):
                base = _base(module, path, node.level, node.module)
                names = []
                for alias in node.names:
                    if f"{base}.{alias.name}" in modules:  # a submodule
                        out[module].add((f"{base}.{alias.name}", ()))
                    else:
                        names.append(alias.name)
                if names and base in modules:
                    out[module].add((base, tuple(names)))
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every cycle a depth-first search meets (as the path that closes it)."""
    found, state = [], {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = "open"
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                found.append(path[path.index(nxt):] + [nxt] if nxt in path else [node, nxt])
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    return found


def _module_graph() -> dict[str, set[str]]:
    return {m: {target for target, _ in edges} for m, edges in imports(package_modules()).items()}


def test_the_package_imports_without_a_cycle():
    graph = _module_graph()
    assert sum(map(len, graph.values())) > 50  # the graph is really read
    assert cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle():
    """Negative control: the edge the compiled kernel once closed (backends -> native copy ->
    compiled kernel -> backends) is found."""
    graph = _module_graph()
    graph["ascend_ops.cpu.native_copy"] = graph["ascend_ops.cpu.native_copy"] | {
        "ascend_ops.cpu.compiled"}
    assert any("ascend_ops.cpu.compiled" in c and "ascend_ops.cpu.native_copy" in c
               for c in cycles(graph))


def private_uses(modules: dict[str, Path]) -> list[str]:
    """`from <module> import _name` and `<module>._name` across modules of the package."""
    out = []
    edges = imports(modules)
    for module, path in modules.items():
        for target, names in edges[module]:
            out += [f"{module}: from {target} import {n}" for n in names
                    if n.startswith("_") and not n.startswith("__")]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        bound = set()  # local names of imported package modules
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = _base(module, path, node.level, node.module)
                bound |= {a.asname or a.name for a in node.names if f"{base}.{a.name}" in modules}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in bound and node.attr.startswith("_")
                    and not node.attr.startswith("__")):
                out.append(f"{module}:{node.lineno}: {node.value.id}.{node.attr}")
    return out


def test_no_module_uses_another_modules_private_names():
    assert private_uses(package_modules()) == []


def test_the_private_name_check_finds_one(tmp_path):
    """Negative control: both spellings are found in a two-module package."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("_hidden = 1\n")
    (package / "b.py").write_text("from .a import _hidden\nfrom . import a\nx = a._hidden\n")
    found = private_uses(package_modules(package))
    assert found == ["pkg.b: from pkg.a import _hidden", "pkg.b:3: a._hidden"] or \
        sorted(found) == sorted(["pkg.b: from pkg.a import _hidden", "pkg.b:3: a._hidden"])


_LOADED = """
import json, sys
{statement}
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("ascend_ops.tools", "ascend_ops_dev")))))
"""


def _tools_loaded_after(statement: str) -> list[str]:
    env = {**os.environ, "TORCH_DEVICE_BACKEND_AUTOLOAD": "0"}
    done = subprocess.run([sys.executable, "-c", _LOADED.format(statement=statement)], env=env,
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_import_ascend_ops_loads_none_of_the_tools():
    assert _tools_loaded_after("import ascend_ops, torch; torch.ops.ascend_ops.slice") == []


def test_the_probe_sees_the_tools_when_the_command_line_is_imported():
    """Negative control: the CLI is a tool, and the probe reports it."""
    assert "ascend_ops.tools.cli" in _tools_loaded_after("import ascend_ops.tools.cli")
    assert "ascend_ops_dev.sim.corpus" in _tools_loaded_after("import ascend_ops_dev.sim.corpus")


# --- the product never needs the development package -----------------------------------------

DEV_IMPORT = re.compile(r"^\s*(from\s+ascend_ops_dev\b|import\s+ascend_ops_dev\b)[^\n]*", re.MULTILINE)


def _dev_imports(text: str) -> list[str]:
    return [m.group(0).strip() for m in DEV_IMPORT.finditer(text)]


def test_the_product_imports_nothing_of_the_development_package():
    """python/ (ascend_ops, ascend_ops_gen, ascend_ops_cli) and cpu_reference/ are the wheel; dev/
    is not in it, so none of them may import ascend_ops_dev (the CLI names its package by string)."""
    root = PACKAGE.parents[1]
    found = {str(p.relative_to(root)): _dev_imports(p.read_text(encoding="utf-8"))
             for folder in ("python", "cpu_reference") for p in (root / folder).rglob("*.py")}
    assert {path: lines for path, lines in found.items() if lines} == {}


def test_the_check_finds_an_import_of_the_development_package():
    # negative control
    text = "import ascend_ops_dev.cli\n    from ascend_ops_dev.sim import corpus\nimport ascend_ops_devx\n"
    assert _dev_imports(text) == ["import ascend_ops_dev.cli", "from ascend_ops_dev.sim import corpus"]


# --- cpu_reference's private modules, and the runtime's backends ------------------------------

PRIVATE_IMPORT = re.compile(r"^\s*(from\s+cpu_reference\._\w*|from\s+cpu_reference\s+import\s+_\w+"
                            r"|import\s+cpu_reference\._\w*)", re.MULTILINE)


def _private_imports(text: str) -> list[str]:
    return [m.group(0).strip() for m in PRIVATE_IMPORT.finditer(text)]


def test_the_package_imports_no_private_module_of_the_reference():
    found = {str(p.relative_to(PACKAGE.parents[1])): _private_imports(p.read_text(encoding="utf-8"))
             for p in (PACKAGE.parent).rglob("*.py")}
    assert {path: lines for path, lines in found.items() if lines} == {}


def test_the_check_finds_each_form_of_a_private_import():
    # negative control
    text = ("from cpu_reference._view_steps import apply_steps\n"
            "from cpu_reference import _arguments as rules\n"
            "import cpu_reference._op_limits\n"
            "from cpu_reference.view_steps import apply_steps\n")
    assert _private_imports(text) == ["from cpu_reference._view_steps", "from cpu_reference import _arguments",
                                      "import cpu_reference._op_limits"]


BACKEND_IMPORT = re.compile(r"^\s*(from\s+(\.\.|ascend_ops\.)(cpu|npu|sim)\b[^\n]*|import\s+ascend_ops\.(cpu|npu|sim)\b[^\n]*"
                            r"|from\s+(\.\.|ascend_ops)\s+import\s+[^\n]*\b(cpu|npu|sim)\b[^\n]*)", re.MULTILINE)


def _backend_imports(text: str) -> list[str]:
    return [m.group(0).strip() for m in BACKEND_IMPORT.finditer(text)]


def test_the_runtime_imports_no_backend():
    runtime = PACKAGE / "runtime"
    found = {p.name: _backend_imports(p.read_text(encoding="utf-8")) for p in runtime.glob("*.py")}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_the_backend_check_finds_each_form():
    # negative control: the imports registration.py has, written inside the runtime
    text = ("from ..cpu import backends, compiled\n"
            "    from ..sim import device as sim_device\n"
            "from ascend_ops.npu.dispatch import device_kernel\n"
            "import ascend_ops.sim.runner\n"
            "from .. import cpu\n"
            "from .errors import SpecError\n")
    assert _backend_imports(text) == ["from ..cpu import backends, compiled", "from ..sim import device as sim_device",
                                      "from ascend_ops.npu.dispatch import device_kernel",
                                      "import ascend_ops.sim.runner", "from .. import cpu"]


# --- the product runs what the generator wrote, never the generator ---------------------------

def codegen_imports(path: Path) -> list[str]:
    """`file:line: statement` of each import of ascend_ops_gen.codegen in a source file, in any
    form (`import ascend_ops_gen.codegen.x`, `from ascend_ops_gen.codegen[.x] import y`, `from
    ascend_ops_gen import codegen`), inside functions too."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        else:
            continue
        if any(n == "ascend_ops_gen.codegen" or n.startswith("ascend_ops_gen.codegen.") for n in names):
            found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return found


def product_sources(root: Path) -> list[Path]:
    """The Python sources of what the wheel ships: python/ (but the generator) and cpu_reference/."""
    codegen = root / "python" / "ascend_ops_gen" / "codegen"
    return [p for folder in ("python", "cpu_reference") for p in sorted((root / folder).rglob("*.py"))
            if codegen not in p.parents]


def test_the_product_imports_nothing_of_the_generator():
    """What the runtime needs of the specs and the C headers is generated into committed files
    (`ascend-ops-dev generate`); ascend_ops_gen.codegen is the workshop and is not in the wheel."""
    sources = product_sources(PACKAGE.parents[1])
    assert len(sources) > 50 and PACKAGE / "sim" / "library.py" in sources
    assert {str(p): lines for p in sources if (lines := codegen_imports(p))} == {}


def test_the_generator_check_finds_a_planted_runtime_import(tmp_path):
    # negative control: each form of the import, planted in a module of a copy of the product
    package = tmp_path / "python" / "ascend_ops" / "sim"
    package.mkdir(parents=True)
    (tmp_path / "python" / "ascend_ops_gen" / "codegen").mkdir(parents=True)
    (tmp_path / "python" / "ascend_ops_gen" / "codegen" / "gen.py").write_text("import os\n")
    (package / "library.py").write_text(
        "import ctypes\n"
        "from ascend_ops_gen.codegen.cpp import kernel_name\n"
        "from ascend_ops_gen import codegen, spec\n"
        "def f():\n"
        "    import ascend_ops_gen.codegen.gen as gen\n"
        "from ascend_ops_gen.spec import specs\n")
    sources = product_sources(tmp_path)
    assert sources == [package / "library.py"]  # the generator's own folder is not the product
    assert codegen_imports(sources[0]) == [
        "library.py:2: from ascend_ops_gen.codegen.cpp import kernel_name",
        "library.py:3: from ascend_ops_gen import codegen, spec",
        "library.py:5: import ascend_ops_gen.codegen.gen as gen"]


# Replaces every emitter of ascend_ops_gen.codegen (each `emit_*` function, and the driver's
# `generated_files` and `fast_path_file`), under every name a codegen module binds it to, with one
# that records the call and raises; then runs the statement and prints what was called.
_EMITTERS_PATCHED = """
import importlib, json, pkgutil, sys, types
import ascend_ops_gen.codegen as codegen

called = []
modules = [importlib.import_module(f"ascend_ops_gen.codegen.{m.name}") for m in pkgutil.iter_modules(codegen.__path__)
           if m.name != "__main__"]
emitters = {id(v): f"{v.__module__}.{v.__name__}" for m in modules for k, v in vars(m).items()
            if isinstance(v, types.FunctionType) and v.__module__.startswith("ascend_ops_gen.codegen")
            and (v.__name__.startswith("emit_") or v.__name__ in ("generated_files", "fast_path_file"))}


def refusing(name):
    def emitter(*args, **kwargs):
        called.append(name)
        raise RuntimeError(f"the product ran the emitter {name}")
    return emitter


for m in modules:
    for k, v in list(vars(m).items()):
        if id(v) in emitters:
            setattr(m, k, refusing(emitters[id(v)]))
{statement}
print(json.dumps({"emitters": len(emitters), "called": called, "result": result}))
"""


def _emitters_called(statement: str) -> dict:
    env = {**os.environ, "TORCH_DEVICE_BACKEND_AUTOLOAD": "0"}
    done = subprocess.run([sys.executable, "-c", _EMITTERS_PATCHED.replace("{statement}", statement)], env=env,
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_import_ascend_ops_with_the_built_extension_runs_no_emitter():
    from ascend_ops.cpu import compiled

    if compiled.switched_off() or compiled.built_path() is None:
        pytest.skip("needs the compiled fast path built for this torch (`ascend-ops build`)")
    got = _emitters_called("""
import torch, ascend_ops
from ascend_ops.cpu import compiled
from ascend_ops.sim import custom_runner, library, runner
from ascend_ops.npu import binding
x = torch.arange(12).reshape(3, 4)
result = [compiled.fast_path_active(), ascend_ops.slice(x, [1, 1], [2, 2]).tolist(),
          library.kernel_entry("AscendSlice"), library.arch_defines(2201)["__NPU_ARCH__"], library.ge_dtype("float16"),
          binding.vendor_problems(binding.Path("/nonexistent"))]
""")
    assert got["emitters"] > 20  # the patch reached the emitters
    assert got == {"emitters": got["emitters"], "called": [],
                   "result": [True, [[5, 6], [9, 10]], "ascend_slice", "2201", "DT_FLOAT16",
                              ["/nonexistent is no folder"]]}


def test_the_probe_sees_an_emitter_the_product_runs():
    # negative control: what compiled.stale_table ran before the table carried the specs digest
    got = _emitters_called("""
from ascend_ops_gen.spec import project_root, specs
try:
    from ascend_ops_gen.codegen.gen import fast_path_file, load_engine_api
    fast_path_file(specs(), load_engine_api(project_root() / "ascend_kernels"))
    result = "ran"
except RuntimeError as e:
    result = str(e)
""")
    assert got["called"] == ["ascend_ops_gen.codegen.gen.fast_path_file"]
    assert got["result"] == "the product ran the emitter ascend_ops_gen.codegen.gen.fast_path_file"
