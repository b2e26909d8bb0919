"""The verification files a wheel must not carry: `python scripts/wheel_contents.py WHEEL` lists
each one found and exits 1, or exits 0 when there are none. scripts/wheel_check.sh runs it on the
wheel it builds; tests/ascend_ops/test_project_files.py runs it on wheels made to fail.

Verification files: the development package (ascend_ops_dev, and anything under a `dev/` folder),
the code generator (ascend_ops_gen/codegen/: the product reads the files it wrote, never runs it),
and, wherever they would sit, the CPU-debug launcher and intrinsic model (a `cpudebug/` folder) and
the CANN stand-ins (opbuild_standin/, package_standin/). (The CPU aclnn runtime is the simulated
npu device's, a product feature: it ships.)
"""
from __future__ import annotations

import re
import sys
import zipfile

VERIFICATION = re.compile(
    r"(^|/)(ascend_ops_dev|dev)/"
    r"|(^|/)ascend_ops_gen/codegen/"
    r"|(^|/)cpudebug/"
    r"|(^|/)(opbuild|package)_standin/")


def verification_files(names: list[str]) -> list[str]:
    return [name for name in names if VERIFICATION.search(name)]


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python scripts/wheel_contents.py WHEEL", file=sys.stderr)
        return 2
    with zipfile.ZipFile(argv[0]) as wheel:
        found = verification_files(wheel.namelist())
    for name in found:
        print(f"wheel: verification file in the wheel: {name}", file=sys.stderr)
    if found:
        print(f"wheel: {len(found)} verification files in {argv[0]}; they belong to the "
              f"development side (dev/, ascend_ops_gen/codegen/), not the product", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
