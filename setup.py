"""Packs the project files the installed package reads at run time into the wheel.

The ops' specs (`op_specs/`) and the C++ sources the package compiles on first use (the
engine headers, the AscendC emulator and the generated kernels under `ascend_kernels/`) live
beside the Python code in the checkout, not inside `python/ascend_ops/`. A wheel carries a copy
of both folders as `ascend_ops_gen/bundled/`, with the checkout's layout, so an installed package
needs no checkout (`ascend_ops_gen.spec.loader.project_root`). An editable install reads the
checkout itself and gets no copy. Everything else is in pyproject.toml.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
BUNDLED_FOLDERS = ("op_specs", "ascend_kernels")
BUNDLE = Path("ascend_ops_gen") / "bundled"
SKIPPED_DIRS = {"build", "build_out", "__pycache__"}


def bundled_files() -> list[Path]:
    """The files of BUNDLED_FOLDERS, relative to the checkout (build output left out)."""
    out = []
    for folder in BUNDLED_FOLDERS:
        for dirpath, dirnames, filenames in os.walk(ROOT / folder):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIPPED_DIRS)
            out.extend(Path(dirpath, f).relative_to(ROOT) for f in sorted(filenames))
    return out


class BuildPyWithProjectFiles(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # the editable package reads the checkout
        for rel in bundled_files():
            target = Path(self.build_lib) / BUNDLE / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / rel, target)


setup(cmdclass={"build_py": BuildPyWithProjectFiles})
