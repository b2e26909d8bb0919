"""What the package may import of cpu_reference: its public modules only (the canonicalisation
it shares with the runtime is public: cpu_reference.arguments, cpu_reference.view_steps)."""
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
