"""`ascend-ops`: the command line. Each subcommand lives in `ascend_ops.commands.<name>` and
provides `HELP`, `add_arguments(parser)` and `run(args) -> int`; this file only wires them."""
from __future__ import annotations

import argparse
import importlib
import sys

SUBCOMMANDS = ("caps", "examples", "generate", "sim", "bench", "docs", "check-npu", "doctor", "check-cann", "cpudebug",
               "build")


class _VersionAction(argparse.Action):
    """`--version`, computed only when asked (it reads the spec folder's location)."""

    def __init__(self, option_strings, dest, **kwargs):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None):
        from . import __version__
        from .spec import spec_folder_description

        print(f"ascend-ops {__version__}\nspecs: {spec_folder_description()}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ascend-ops",
        description="StridedSlice, Slice, DepthToSpace and SpaceToDepth for Huawei Ascend NPUs, "
                    "declared once in op_specs/.")
    parser.add_argument("--version", action=_VersionAction,
                        help="print the version and which op_specs/ folder is in use, then exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in SUBCOMMANDS:
        module = importlib.import_module(f"ascend_ops.commands.{name.replace('-', '_')}")
        p = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(p)
        p.set_defaults(run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    from .errors import OpArgumentError, SpecError

    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except (OpArgumentError, SpecError) as e:
        print(f"ascend-ops {args.command}: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
