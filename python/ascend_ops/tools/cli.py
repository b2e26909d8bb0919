"""`ascend-ops`: the command line (the console script, through `ascend_ops_cli`, and `python -m
ascend_ops`). Each subcommand lives in `ascend_ops.tools.commands.<name>` and provides `HELP`,
`add_arguments(parser)` and `run(args) -> int`; this file only wires them (ascend_ops_cli builds
the top-level parser, which `--help` and `--version` use without importing this package).

With an op spec that does not load, the package still imports (its ops are then missing), so
`--help` still lists every command, with the spec's error below them, and a command that reads
the specs fails with that error in one line and exit code 2.
"""
from __future__ import annotations

import argparse
import importlib
import sys

from ascend_ops_cli import SUBCOMMANDS, spec_error_epilog, top_parser


def build_parser() -> argparse.ArgumentParser:
    from ..runtime.errors import SpecError
    from ..registration import load_error

    parser, commands = top_parser(epilog=spec_error_epilog(load_error()))
    for name in SUBCOMMANDS:
        module = importlib.import_module(f"ascend_ops.tools.commands.{name.replace('-', '_')}")
        p = commands[name]
        try:
            module.add_arguments(p)  # some read the specs (an --op's choices)
        except SpecError as e:
            p.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
            p.set_defaults(run=_raiser(e))
        else:
            p.set_defaults(run=module.run)
    return parser


def spec_load_error() -> Exception | None:
    """Why the specs do not all load: the first broken op spec's error, or None."""
    from ascend_ops_gen.spec import specs

    from ..runtime.errors import SpecError

    try:
        first = specs().first_error()
    except SpecError as e:
        return e
    return None if first is None else SpecError(first)


def _raiser(error: Exception):
    def run(args) -> int:
        raise error
    return run


def main(argv: list[str] | None = None) -> int:
    from ..runtime.errors import OpArgumentError, SpecError
    from ..runtime.extras import MissingExtraError

    args = build_parser().parse_args(argv)
    try:
        broken = spec_load_error()
        if broken is not None:  # a partial op set: every command refuses (Note [a broken op spec])
            raise broken
        return args.run(args)
    except (OpArgumentError, SpecError, MissingExtraError) as e:
        print(f"ascend-ops {args.command}: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
