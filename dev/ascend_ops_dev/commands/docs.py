"""`ascend-ops-dev docs`: write docs/ops/<op>.md from op_specs/ (see ascend_ops_dev.docs), or check
that they are current (`--check`, run by scripts/test.sh)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

HELP = "generate the op reference pages docs/ops/<op>.md from op_specs/ (--check: verify them)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 naming every stale, missing or extra page")
    parser.add_argument("--diff", action="store_true", help="with --check, print the differences")
    parser.add_argument("--specs", type=Path, default=None, metavar="DIR",
                        help="the op_specs folder (default: the checkout's)")
    parser.add_argument("--out", type=Path, default=None, metavar="DIR",
                        help="the docs folder (default: docs/ next to the op_specs folder)")


def run(args: argparse.Namespace) -> int:
    from ascend_ops_gen.codegen.file_manager import FileManager
    from ascend_ops_dev.docs import DOCS_DIR, OPS_DIR, TOOL_MARK, pages
    from ascend_ops_gen.spec import load_specs, project_root, running_from_checkout, specs

    from ascend_ops.runtime.errors import OpArgumentError

    if args.specs is None and args.out is None and not running_from_checkout():
        raise OpArgumentError("this ascend-ops is an installed package, not a checkout, and has no "
                              "docs/ folder: name one with --out DIR (the pages of its bundled "
                              "op_specs/ go there)")
    if args.specs is None:
        spec_set, root = specs(), project_root()
    else:
        root = args.specs.resolve().parent
        spec_set = load_specs(args.specs, root)
    out = args.out or root / DOCS_DIR
    files = pages(spec_set)
    manager = FileManager(out, [OPS_DIR], tool_mark=TOOL_MARK)
    if args.check:
        problems = manager.check(files)
        if not problems:
            print(f"ascend-ops-dev docs --check: {out.name}/{OPS_DIR}/ is current "
                  f"({len(files)} pages)")
            return 0
        print(f"ascend-ops-dev docs --check: {len(problems)} page(s) are not what op_specs/ "
              f"generates; run `ascend-ops-dev docs`:", file=sys.stderr)
        for p in problems:
            print(f"  {p.kind + ':':8} {manager.label(p.path)} ({p.why})", file=sys.stderr)
            if args.diff and p.diff:
                print(p.diff, file=sys.stderr, end="" if p.diff.endswith("\n") else "\n")
        return 1
    report = manager.write(files)
    for path in report.written:
        print(f"  wrote    {manager.label(path)}")
    for path in report.removed:
        print(f"  removed  {manager.label(path)} (no longer generated)")
    for path in report.left_alone:
        print(f"  warning: {manager.label(path)} is not generated but sits in {OPS_DIR}/; "
              f"left alone", file=sys.stderr)
    print(f"ascend-ops-dev docs: {len(files)} pages: {len(report.written)} written, "
          f"{len(report.unchanged)} unchanged, {len(report.removed)} removed")
    return 0
