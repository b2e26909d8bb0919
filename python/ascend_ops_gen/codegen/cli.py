"""`ascend-ops-dev generate [--check]` (also `python -m ascend_ops_gen.codegen`)."""
from __future__ import annotations

import argparse
import posixpath
import sys
from pathlib import Path
from typing import Sequence, TextIO

from .gen import LOCATED_ERRORS, generate

DESCRIPTION = ("Generate ascend_kernels/ (CANN op_host / op_kernel code, product table, CMake "
               "project) from op_specs/; --check only verifies it is up to date.")


class GenerateUsageError(ValueError):
    """`generate` was asked to write where it must not."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 naming every stale, missing or extra file")
    parser.add_argument("--diff", action="store_true",
                        help="with --check, also print a diff of each stale file")
    parser.add_argument("--specs", type=Path, default=None, metavar="DIR",
                        help="the op_specs folder (default: the checkout's op_specs/, or the "
                             "op_specs/ next to --out)")
    parser.add_argument("--out", type=Path, default=None, metavar="DIR",
                        help="the ascend_kernels folder to write (default: the checkout's, or "
                             "the ascend_kernels/ next to --specs); its common/ must hold the "
                             "engine headers the codegen reads")
    parser.add_argument("-q", "--quiet", action="store_true", help="print only the summary")


def _paths(args: argparse.Namespace) -> tuple[Path, Path]:
    specs, out = args.specs, args.out
    if specs is None and out is None:
        from ..spec import project_root, running_from_checkout
        if not running_from_checkout():
            raise GenerateUsageError(
                "this ascend-ops is an installed package, not a checkout: its specs are a "
                "copy bundled with it; generate in a checkout, or name the folders with "
                "--specs DIR --out DIR")
        root = project_root()
        return root / "op_specs", root / "ascend_kernels"
    if specs is None:
        specs = Path(out).parent / "op_specs"
    if out is None:
        out = Path(specs).parent / "ascend_kernels"
    return Path(specs), Path(out)


def run(args: argparse.Namespace, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    stdout, stderr = stdout or sys.stdout, stderr or sys.stderr
    try:
        specs_dir, out_dir = _paths(args)
        outcome = generate(specs_dir, out_dir, check=args.check)
    except (*LOCATED_ERRORS, GenerateUsageError) as e:
        print(f"ascend-ops-dev generate: error: {e}", file=stderr)
        return 2
    label = out_dir.name
    if args.check:
        if not outcome.problems:
            print(f"ascend-ops-dev generate --check: {label}/ is up to date "
                  f"({len(outcome.files)} generated files)", file=stdout)
            return 0
        print(f"ascend-ops-dev generate --check: {len(outcome.problems)} file(s) of {label}/ are not "
              f"what op_specs/ generates; run `ascend-ops-dev generate`:", file=stderr)
        for p in outcome.problems:
            print(f"  {p.kind + ':':8} {_shown(label, p.path)} ({p.why})", file=stderr)
            if args.diff and p.diff:
                print(p.diff, file=stderr, end="" if p.diff.endswith("\n") else "\n")
        return 1
    report = outcome.report
    assert report is not None
    if not args.quiet:
        for path in report.written:
            print(f"  wrote    {_shown(label, path)}", file=stdout)
        for path in report.removed:
            print(f"  removed  {_shown(label, path)} (no longer generated)", file=stdout)
    for path in report.left_alone:
        print(f"  warning: {_shown(label, path)} is not generated but sits in a generated folder; "
              f"left alone", file=stderr)
    print(f"ascend-ops-dev generate: {len(outcome.files)} files in {label}/: "
          f"{len(report.written)} written, {len(report.unchanged)} unchanged, "
          f"{len(report.removed)} removed", file=stdout)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="ascend-ops-dev generate", description=DESCRIPTION)
    add_arguments(parser)
    return run(parser.parse_args(argv))


def _shown(label: str, path: str) -> str:
    """A generated file's path from the project root: `label` is the output folder's name, and a
    file beside it (../python/...) loses the detour."""
    return posixpath.normpath(f"{label}/{path}")
