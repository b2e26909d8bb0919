"""A copy of op_specs/ in a temporary folder, edited one text replacement at a time: the spec
loader's tests change one thing in a real spec and check what the loader says of it."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ascend_ops_gen.errors import SpecError
from ascend_ops_gen.spec import load_specs

SPEC_DIR = Path(__file__).resolve().parents[2] / "op_specs"


class SpecCopy:
    """op_specs/ under `root`, with the specs of `extra` (paths of further <op>.yaml files) added."""

    def __init__(self, root: Path, extra: tuple[Path, ...] = ()):
        self.root = root
        shutil.copytree(SPEC_DIR, root / "op_specs")
        for spec in extra:
            shutil.copy(spec, root / "op_specs" / spec.name)

    def path(self, file: str) -> Path:
        return self.root / "op_specs" / file

    def edit(self, file: str, old: str, new: str) -> None:
        text = self.path(file).read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {file}"
        self.path(file).write_text(text.replace(old, new), encoding="utf-8")

    def line_of(self, file: str, needle: str, nth: int = 1) -> int:
        """1-based number of the nth line of the (edited) file that contains `needle`."""
        lines = self.path(file).read_text(encoding="utf-8").splitlines()
        hits = [i + 1 for i, line in enumerate(lines) if needle in line]
        assert len(hits) >= nth, f"{needle!r} found {len(hits)} times in {file}"
        return hits[nth - 1]

    def load(self, **kwargs):
        return load_specs(self.root / "op_specs", self.root, **kwargs)

    def error(self) -> str:
        with pytest.raises(SpecError) as info:
            self.load()
        return str(info.value)
