"""`ascend-ops-dev`: the development commands (the console script, through
`ascend_ops_cli.dev_main`, and `python -m ascend_ops_dev`), wired like `ascend-ops`' own by
ascend_ops.tools.cli; `generate` runs the generator alone, without importing ascend_ops."""
from __future__ import annotations

import argparse
import sys

from ascend_ops_cli import DEV, dev_main


def build_parser() -> argparse.ArgumentParser:
    from ascend_ops.tools.cli import build_parser as build

    return build(DEV)


def main(argv: list[str] | None = None) -> int:
    return dev_main(argv)


if __name__ == "__main__":
    sys.exit(main())
