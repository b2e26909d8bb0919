"""`ascend-ops-dev generate`: write ascend_kernels/ from op_specs/ (see ascend_ops_gen.codegen)."""
from __future__ import annotations

import argparse

HELP = "generate the AscendC kernels and host tiling code in ascend_kernels/ from op_specs/"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from ascend_ops_gen.codegen import cli

    cli.add_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from ascend_ops_gen.codegen import cli

    return cli.run(args)
