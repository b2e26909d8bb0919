"""The one place the codegen touches the file system (after torchgen's `FileManager`).

Generated files are recognised by their header, never by their name: a file whose first lines
say `@generated from ... by ascend-ops-dev generate` belongs to the generator, so a file it no longer
produces (an op removed from `op_specs/`) is removed, and a hand-written file is never touched.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

GENERATED_MARK = "@generated from "
TOOL_MARK = "by ascend-ops-dev generate"
_HEADER_LINES = 3
_SKIPPED_DIRS = {"build", "build_out", "__pycache__"}


def header_line(source: str, comment: str = "//") -> str:
    """The first line of every generated file; `source` is the spec it comes from."""
    return f"{comment} {GENERATED_MARK}{source} {TOOL_MARK}; do not edit"


def is_generated(text: str, tool_mark: str = TOOL_MARK) -> bool:
    head = text.split("\n", _HEADER_LINES)[:_HEADER_LINES]
    return any(GENERATED_MARK in line and tool_mark in line for line in head)


@dataclass(frozen=True)
class GeneratedFile:
    path: str      # relative to the output folder, "/"-separated
    content: str
    source: str    # the spec it comes from, for messages


@dataclass
class Report:
    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    left_alone: list[str] = field(default_factory=list)  # hand-written files in generated folders


@dataclass(frozen=True)
class Problem:
    kind: str      # "stale", "missing" or "extra"
    path: str
    why: str
    diff: str = ""


class FileManager:
    def __init__(self, out_dir: Path, owned_dirs: Iterable[str], tool_mark: str = TOOL_MARK):
        """`owned_dirs`: folders (relative to `out_dir`) whose every file must be generated;
        `tool_mark`: the generator's signature in its headers (`ascend-ops-dev docs` has its own)."""
        self.out_dir = Path(out_dir)
        self.owned_dirs = tuple(sorted(set(owned_dirs)))
        self.tool_mark = tool_mark

    def label(self, rel: str) -> str:
        return f"{self.out_dir.name}/{rel}"

    def write(self, files: Iterable[GeneratedFile]) -> Report:
        files = self._unique(files)
        report = Report()
        for f in files:
            path = self.out_dir / f.path
            data = f.content.encode("utf-8")
            if path.is_file() and path.read_bytes() == data:
                report.unchanged.append(f.path)
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            report.written.append(f.path)
        expected = {f.path for f in files}
        for rel, generated in self._existing():
            if rel in expected:
                continue
            if generated:
                (self.out_dir / rel).unlink()
                report.removed.append(rel)
                self._prune_empty_dirs((self.out_dir / rel).parent)
            else:
                report.left_alone.append(rel)
        return report

    def check(self, files: Iterable[GeneratedFile]) -> list[Problem]:
        files = self._unique(files)
        problems = []
        for f in files:
            path = self.out_dir / f.path
            if not path.is_file():
                problems.append(Problem("missing", f.path, f"{f.source} generates it"))
                continue
            current = path.read_text(encoding="utf-8", errors="replace")
            if current != f.content:
                diff = "".join(difflib.unified_diff(
                    f.content.splitlines(keepends=True), current.splitlines(keepends=True),
                    fromfile=f"{self.label(f.path)} (generated)",
                    tofile=f"{self.label(f.path)} (on disk)"))
                problems.append(Problem("stale", f.path, f"differs from what {f.source} generates",
                                        diff))
        expected = {f.path for f in files}
        for rel, generated in self._existing():
            if rel not in expected:
                why = ("generated, but op_specs/ no longer produces it" if generated else
                       "not generated, in a folder the generator owns")
                problems.append(Problem("extra", rel, why))
        return sorted(problems, key=lambda p: (p.path, p.kind))

    # --- helpers ----------------------------------------------------------------------------------

    @staticmethod
    def _unique(files: Iterable[GeneratedFile]) -> list[GeneratedFile]:
        out: dict[str, GeneratedFile] = {}
        for f in files:
            if f.path in out:
                raise ValueError(f"two emitters write {f.path} ({out[f.path].source} and "
                                 f"{f.source})")
            out[f.path] = f
        return [out[p] for p in sorted(out)]

    def _existing(self) -> list[tuple[str, bool]]:
        """(path, is generated) of every file that is the generator's or in a folder it owns."""
        found = []
        if not self.out_dir.is_dir():
            return found
        for path in sorted(self.out_dir.rglob("*")):
            rel_parts = path.relative_to(self.out_dir).parts
            if not path.is_file() or any(p in _SKIPPED_DIRS or p.startswith(".")
                                         for p in rel_parts):
                continue
            rel = "/".join(rel_parts)
            generated = is_generated(_head(path), self.tool_mark)
            owned = any(rel.startswith(d + "/") for d in self.owned_dirs)
            if generated or owned:
                found.append((rel, generated))
        return found

    def _prune_empty_dirs(self, folder: Path) -> None:
        while folder != self.out_dir and folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
            folder = folder.parent


def _head(path: Path) -> str:
    with path.open("rb") as fh:
        return fh.read(1024).decode("utf-8", errors="replace")
