"""`ascend-ops`: the command line (the console script, through `ascend_ops_cli`, and `python -m
ascend_ops`). Each subcommand lives in `ascend_ops.tools.commands.<name>` and provides `HELP`,
`add_arguments(parser)` and `run(args) -> int`; this file only wires them (ascend_ops_cli builds
the top-level parser, which `--help` and `--version` use without importing this package). The
development commands (`ascend-ops-dev`, ascend_ops_dev) are wired here the same way.

With an op spec that does not load, the package still imports (its ops are then missing), so
`--help` still lists every command, with the spec's error below them, and a command that reads
the specs fails with that error in one line and exit code 2.
"""
from __future__ import annotations

import argparse
import importlib
import sys

from ascend_ops_cli import USER, CommandSet, spec_error, spec_error_epilog, top_parser


def build_parser(commands: CommandSet = USER) -> argparse.ArgumentParser:
    from ..runtime.errors import SpecError
    from ..registration import load_error

    parser, subparsers = top_parser(spec_error_epilog(load_error()), commands)
    for name in commands.names:
        module = importlib.import_module(commands.module(name))
        p = subparsers[name]
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


def run_command_set(commands: CommandSet, argv: list[str] | None = None) -> int:
    """Parse `argv` with `commands`' parser and run the command; argument, spec and missing-extra
    errors are one line on stderr and exit code 2."""
    from ..runtime.errors import OpArgumentError, SpecError
    from ..runtime.optional_deps import MissingExtraError

    args = build_parser(commands).parse_args(argv)
    try:
        broken = spec_error()
        if broken is not None:  # a partial op set: every command refuses (Note [a broken op spec])
            raise broken
        return args.run(args)
    except (OpArgumentError, SpecError, MissingExtraError) as e:
        print(f"{commands.prog} {args.command}: error: {e}", file=sys.stderr)
        return 2


def main(argv: list[str] | None = None) -> int:
    return run_command_set(USER, argv)


if __name__ == "__main__":
    sys.exit(main())
