"""docs/architecture.md stays true: every module and file it names exists, and it names every
layer of the package."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"
_MODULE = re.compile(r"\b(ascend_ops(?:_gen|_dev)?(?:\.\w+)+)")
_SOURCE = re.compile(r"\b((?:cpu|ascend_kernels)/[\w/]*\w\.(?:cpp|h))\b")


def missing(text: str) -> list[str]:
    out = []
    for name in sorted(set(_MODULE.findall(text))):
        if name.startswith("ascend_ops.<"):
            continue
        path = ROOT / ("dev" if name.startswith("ascend_ops_dev") else "python") / Path(*name.split("."))
        if not (path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()):
            out.append(name)
    for rel in sorted(set(_SOURCE.findall(text))):
        base = ROOT / "python" / "ascend_ops" if rel.startswith("cpu/") else ROOT
        if not (base / rel).is_file():
            out.append(rel)
    return out


def test_every_module_the_architecture_names_exists():
    text = DOC.read_text(encoding="utf-8")
    assert len(set(_MODULE.findall(text))) > 20  # the names are really read
    assert missing(text) == []


def test_every_layer_of_the_package_is_described():
    text = DOC.read_text(encoding="utf-8")
    layers = sorted(p.name for p in (ROOT / "python" / "ascend_ops").iterdir()
                    if (p / "__init__.py").is_file())
    assert [layer for layer in layers if f"ascend_ops.{layer}" not in text] == []


def test_a_module_that_does_not_exist_is_found():
    """Negative control: a renamed module and a moved source are reported."""
    assert missing("`ascend_ops.cpu.fast_path` and `cpu/src/gone.cpp`") == [
        "ascend_ops.cpu.fast_path", "cpu/src/gone.cpp"]
