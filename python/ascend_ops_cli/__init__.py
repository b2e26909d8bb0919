"""The console scripts' front: `ascend-ops` (the user's commands) and, in a checkout with the
development package installed, `ascend-ops-dev` (ascend_ops_dev.cli). The top-level help and
`--version` answer here, without importing ascend_ops (which imports torch and registers the ops:
seconds); every other call runs the command set's `cli` module. Each subcommand lives in a
`commands/<name>.py` module providing `HELP`, `add_arguments(parser)` and `run(args) -> int`; the
help reads each module's `HELP` from its source, so it is written once.
"""
from __future__ import annotations

import argparse
import ast
import importlib.util
import logging
import sys
from dataclasses import dataclass
from pathlib import Path

DESCRIPTION = ("StridedSlice, Slice, DepthToSpace and SpaceToDepth for Huawei Ascend NPUs, declared once "
               "in op_specs/.")


@dataclass(frozen=True)
class CommandSet:
    """A console script: its name, the package holding its `commands/` and `cli` modules, and its
    subcommands in help order."""

    prog: str
    package: str
    names: tuple[str, ...]
    description: str

    def package_dir(self) -> Path:
        """The package's folder, found without importing it (nor its parent package: finding a
        submodule's spec would import that)."""
        top, *rest = self.package.split(".")
        spec = importlib.util.find_spec(top)
        if spec is None or not spec.submodule_search_locations:
            raise ImportError(f"{top} is not installed")
        return Path(next(iter(spec.submodule_search_locations)), *rest)

    def module(self, name: str) -> str:
        return f"{self.package}.commands.{name.replace('-', '_')}"

    def command_help(self, name: str) -> str:
        """The HELP line of subcommand `name`."""
        return _constant(self.package_dir() / "commands" / f"{name.replace('-', '_')}.py", "HELP")


USER = CommandSet("ascend-ops", "ascend_ops.tools", ("caps", "examples", "doctor", "build"),
                  DESCRIPTION)
DEV = CommandSet("ascend-ops-dev", "ascend_ops_dev",
                 ("generate", "new-op", "docs", "sim", "bench", "check-npu", "check-cann", "check-package",
                  "cpudebug"),
                 "The development commands of an ascend-ops checkout: generate the kernels from "
                 "op_specs/, and verify them (simulator corpus, CANN builds, CPU-debug, benchmarks).")
SUBCOMMANDS = USER.names


def _constant(path: Path, name: str) -> str:
    """The string a module's top-level `name = "..."` assigns, read from its source."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise LookupError(f"{path}: no top-level {name} = ...")


def version() -> str:
    return _constant(USER.package_dir().parent / "__init__.py", "__version__")


class _VersionAction(argparse.Action):
    """`--version`, computed only when asked (it reads the spec folder's location)."""

    def __init__(self, option_strings, dest, **kwargs):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None):
        from ascend_ops_gen.spec import spec_folder_description

        print(f"{parser.prog} {version()}\nspecs: {spec_folder_description()}")
        parser.exit()


def spec_error_epilog(error: Exception | None) -> str | None:
    """The help's last paragraph when the op specs do not load."""
    if error is None:
        return None
    return (f"The op specs do not load, so no command that reads them can run until the spec is "
            f"fixed:\n  {error}")


def spec_error() -> Exception | None:
    """Why the op specs do not all load (the first broken op spec's error; loading them takes a
    tenth of a second, no torch), or None."""
    from ascend_ops_gen.errors import SpecError
    from ascend_ops_gen.spec import specs

    try:
        first = specs().first_error()  # an op spec left out (Note [a broken op spec])
    except SpecError as e:
        return e
    return None if first is None else SpecError(first)


def top_parser(epilog: str | None = None, commands: CommandSet = USER,
               ) -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The console script's parser with --version and one subparser per command (help and
    description only; the set's `cli` module adds their arguments)."""
    parser = argparse.ArgumentParser(prog=commands.prog, formatter_class=argparse.RawDescriptionHelpFormatter,
                                     description=commands.description, epilog=epilog)
    parser.add_argument("--version", action=_VersionAction,
                        help="print the version and which op_specs/ folder is in use, then exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    subparsers = {}
    for name in commands.names:
        text = commands.command_help(name)
        subparsers[name] = sub.add_parser(name, help=text, description=text)
    return parser, subparsers


# The development commands that run without importing ascend_ops: they must work while an op is
# half added, when the op's reference may import a constant only `generate` writes (importing
# ascend_ops imports every reference), or before the op has any piece (`new-op`).
STANDALONE = ("generate", "new-op")


def standalone(name: str, args: list[str]) -> int:
    """A STANDALONE command of `ascend-ops-dev`: its module alone, never ascend_ops."""
    import importlib

    module = importlib.import_module(DEV.module(name))
    parser = argparse.ArgumentParser(prog=f"{DEV.prog} {name}", description=DEV.command_help(name))
    module.add_arguments(parser)
    return module.run(parser.parse_args(args))


def _run(commands: CommandSet, argv: list[str] | None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if not args or args[0] in ("-h", "--help", "--version"):
        parser, _ = top_parser(None if args[:1] == ["--version"] else spec_error_epilog(spec_error()),
                               commands)
        parser.parse_args(args)  # prints the help or the version and exits; no command: usage error
    if commands is USER and args[0] in DEV.names:
        print(f"{USER.prog}: `{args[0]}` is a development command: run `{DEV.prog} {args[0]}` in a "
              f"checkout of ascend-ops (`pip install -e dev` installs it; scripts/setup.sh does)",
              file=sys.stderr)
        return 2
    if commands is DEV and args[0] in STANDALONE:
        return standalone(args[0], args[1:])
    # A broken op spec: the command refuses with its error (the set's cli module), so the import's
    # notice that the other ops still work would only say it twice.
    logging.getLogger("ascend_ops.specs").setLevel(logging.ERROR)
    from ascend_ops.tools.cli import run_command_set

    return run_command_set(commands, args)


def main(argv: list[str] | None = None) -> int:
    """`ascend-ops`."""
    return _run(USER, argv)


def dev_main(argv: list[str] | None = None) -> int:
    """`ascend-ops-dev` (its console script belongs to the development package)."""
    if importlib.util.find_spec(DEV.package.split(".")[0]) is None:
        print(f"{DEV.prog}: the development package is not installed: `pip install -e dev` in a "
              f"checkout of ascend-ops", file=sys.stderr)
        return 2
    return _run(DEV, argv)
