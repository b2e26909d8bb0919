"""`ascend-ops`: the command line (the console script, and `python -m ascend_ops`). Each
subcommand lives in `ascend_ops.tools.commands.<name>` and provides `HELP`,
`add_arguments(parser)` and `run(args) -> int`; this file only wires them.

With an op spec that does not load, the package still imports (its ops are then missing), so
`--help` still lists every command, with the spec's error below them, and a command that reads
the specs fails with that error in one line and exit code 2.
"""
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
        from .. import __version__
        from ascend_ops_gen.spec import spec_folder_description

        print(f"ascend-ops {__version__}\nspecs: {spec_folder_description()}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    from ..runtime.errors import SpecError
    from ..runtime.registration import load_error

    error = load_error()
    parser = argparse.ArgumentParser(
        prog="ascend-ops", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="StridedSlice, Slice, DepthToSpace and SpaceToDepth for Huawei Ascend NPUs, "
                    "declared once in op_specs/.",
        epilog=None if error is None else
        f"The op specs do not load, so no command that reads them can run until the spec is "
        f"fixed:\n  {error}")
    parser.add_argument("--version", action=_VersionAction,
                        help="print the version and which op_specs/ folder is in use, then exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in SUBCOMMANDS:
        module = importlib.import_module(f"ascend_ops.tools.commands.{name.replace('-', '_')}")
        p = sub.add_parser(name, help=module.HELP, description=module.HELP)
        try:
            module.add_arguments(p)  # some read the specs (an --op's choices)
        except SpecError as e:
            p.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
            p.set_defaults(run=_raiser(e))
        else:
            p.set_defaults(run=module.run)
    return parser


def _raiser(error: Exception):
    def run(args) -> int:
        raise error
    return run


def main(argv: list[str] | None = None) -> int:
    from ..runtime.errors import OpArgumentError, SpecError

    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except (OpArgumentError, SpecError) as e:
        print(f"ascend-ops {args.command}: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
