"""Layers: the package imports only cpu_reference's public modules (the canonicalisation it shares
with the runtime is public: cpu_reference.arguments, cpu_reference.view_steps), and the runtime
imports no backend package (cpu, npu, sim): ascend_ops.registration wires them."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRIVATE_IMPORT = re.compile(r"^\s*(from\s+cpu_reference\._\w*|from\s+cpu_reference\s+import\s+_\w+"
                            r"|import\s+cpu_reference\._\w*)", re.MULTILINE)


def _private_imports(text: str) -> list[str]:
    return [m.group(0).strip() for m in PRIVATE_IMPORT.finditer(text)]


def test_the_package_imports_no_private_module_of_the_reference():
    found = {str(p.relative_to(ROOT)): _private_imports(p.read_text(encoding="utf-8"))
             for p in (ROOT / "python").rglob("*.py")}
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
    runtime = ROOT / "python" / "ascend_ops" / "runtime"
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
