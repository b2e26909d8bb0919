"""`ascend-ops`, the console script. The top-level help and `--version` answer here, without
importing ascend_ops (which imports torch and registers the ops: seconds); every other call runs
`ascend_ops.tools.cli`. Each subcommand lives in `ascend_ops.tools.commands.<name>` and provides
`HELP`, `add_arguments(parser)` and `run(args) -> int`; the help reads each module's `HELP` from
its source, so it is written once.
"""
from __future__ import annotations

import argparse
import ast
import importlib.util
import logging
import sys
from pathlib import Path

SUBCOMMANDS = ("caps", "examples", "generate", "sim", "bench", "docs", "check-npu", "doctor", "check-cann",
               "check-package", "cpudebug", "build")
DESCRIPTION = ("StridedSlice, Slice, DepthToSpace and SpaceToDepth for Huawei Ascend NPUs, declared once "
               "in op_specs/.")


def _package_dir() -> Path:
    """ascend_ops' folder, found without importing it."""
    spec = importlib.util.find_spec("ascend_ops")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("ascend_ops is not installed")
    return Path(next(iter(spec.submodule_search_locations)))


def _constant(path: Path, name: str) -> str:
    """The string a module's top-level `name = "..."` assigns, read from its source."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise LookupError(f"{path}: no top-level {name} = ...")


def command_help(name: str) -> str:
    """The HELP line of subcommand `name`."""
    return _constant(_package_dir() / "tools" / "commands" / f"{name.replace('-', '_')}.py", "HELP")


def version() -> str:
    return _constant(_package_dir() / "__init__.py", "__version__")


class _VersionAction(argparse.Action):
    """`--version`, computed only when asked (it reads the spec folder's location)."""

    def __init__(self, option_strings, dest, **kwargs):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None):
        from ascend_ops_gen.spec import spec_folder_description

        print(f"ascend-ops {version()}\nspecs: {spec_folder_description()}")
        parser.exit()


def spec_error_epilog(error: Exception | None) -> str | None:
    """The help's last paragraph when the op specs do not load."""
    if error is None:
        return None
    return (f"The op specs do not load, so no command that reads them can run until the spec is "
            f"fixed:\n  {error}")


def _spec_error() -> Exception | None:
    """Why the op specs do not load (loading them takes a tenth of a second, no torch), or None."""
    from ascend_ops_gen.errors import SpecError
    from ascend_ops_gen.spec import specs

    try:
        first = specs().first_error()  # an op spec left out (Note [a broken op spec])
    except SpecError as e:
        return e
    return None if first is None else SpecError(first)


def top_parser(epilog: str | None = None) -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The `ascend-ops` parser with --version and one subparser per command (help and
    description only; ascend_ops.tools.cli adds their arguments)."""
    parser = argparse.ArgumentParser(prog="ascend-ops", formatter_class=argparse.RawDescriptionHelpFormatter,
                                     description=DESCRIPTION, epilog=epilog)
    parser.add_argument("--version", action=_VersionAction,
                        help="print the version and which op_specs/ folder is in use, then exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    commands = {}
    for name in SUBCOMMANDS:
        text = command_help(name)
        commands[name] = sub.add_parser(name, help=text, description=text)
    return parser, commands


def generate(args: list[str]) -> int:
    """`ascend-ops generate`, run by the generator alone: it must work while an op is half added,
    when the op's reference may import a constant only this command writes (importing ascend_ops
    imports every reference)."""
    from ascend_ops_gen.codegen import cli as codegen

    parser = argparse.ArgumentParser(prog="ascend-ops generate", description=command_help("generate"))
    codegen.add_arguments(parser)
    return codegen.run(parser.parse_args(args))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if not args or args[0] in ("-h", "--help", "--version"):
        parser, _ = top_parser(None if args[:1] == ["--version"] else spec_error_epilog(_spec_error()))
        parser.parse_args(args)  # prints the help or the version and exits; no command: usage error
    if args[0] == "generate":
        return generate(args[1:])
    # A broken op spec: the command refuses with its error (ascend_ops.tools.cli), so the import's
    # notice that the other ops still work would only say it twice.
    logging.getLogger("ascend_ops.specs").setLevel(logging.ERROR)
    from ascend_ops.tools.cli import main as run

    return run(args)
