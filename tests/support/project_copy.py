"""A copy of the checkout's op_specs/ and ascend_kernels/ (or of the small fixture set in
tests/ascend_ops_gen/fixtures/) in a temporary folder, with `ascend-ops-dev generate` run on it:
the `project` and `fixture_project` fixtures of the codegen tests and of the kernel and CANN
checks' tests (their conftest.py files import them)."""
from __future__ import annotations

import argparse
import io
import shutil
from pathlib import Path

import pytest

from ascend_ops_gen.codegen import cli

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "ascend_ops_gen" / "fixtures"


class Project:
    """A copy of op_specs/ and ascend_kernels/ in a temporary folder."""

    def __init__(self, root: Path):
        self.root = root
        self.specs = root / "op_specs"
        self.out = root / "ascend_kernels"

    def run(self, *args: str) -> tuple[int, str, str]:
        """`ascend-ops-dev generate --specs .. --out .. <args>`: (exit code, stdout, stderr)."""
        parser = argparse.ArgumentParser()
        cli.add_arguments(parser)
        out, err = io.StringIO(), io.StringIO()
        code = cli.run(parser.parse_args(["--specs", str(self.specs), "--out", str(self.out),
                                          *args]), stdout=out, stderr=err)
        return code, out.getvalue(), err.getvalue()

    def edit(self, rel: str, old: str, new: str) -> None:
        path = self.root / rel
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {rel}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    def read(self, rel: str) -> str:
        return (self.out / rel).read_text(encoding="utf-8")

    def snapshot(self) -> dict[str, bytes]:
        return {p.relative_to(self.out).as_posix(): p.read_bytes()
                for p in sorted(self.out.rglob("*")) if p.is_file()}


def _copy_project(src_root: Path, dst_root: Path) -> Project:
    shutil.copytree(src_root / "op_specs", dst_root / "op_specs")
    shutil.copytree(src_root / "ascend_kernels", dst_root / "ascend_kernels",
                    ignore=shutil.ignore_patterns("build_out", "build", "__pycache__"))
    return Project(dst_root)


@pytest.fixture
def project(tmp_path: Path) -> Project:
    """The checkout's op_specs/ and ascend_kernels/, copied and generated: edit freely.

    Generated once on the copy, so these tests do not depend on the checkout being up to date
    (test_generate.py::test_the_checkout_matches_op_specs checks that)."""
    copy = _copy_project(ROOT, tmp_path)
    code, _, err = copy.run("-q")
    assert code == 0, err
    return copy


@pytest.fixture
def fixture_project(tmp_path: Path) -> Project:
    """The small fixture spec set and engine headers of tests/ascend_ops_gen/fixtures/, copied."""
    return _copy_project(FIXTURES, tmp_path)
