"""The `ascend-ops` command: runs `ascend_ops.cli`, and still answers when the op specs are broken.

Importing `ascend_ops` loads `op_specs/` (it registers one torch op per spec), so a broken spec
stops the import itself. This module lives outside the package so that the command can catch
that: a spec error becomes one line on stderr and exit code 2, and `--help` still lists the
commands, read from their modules' source without importing them.
"""
from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path

EXIT_USAGE = 2


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        from ascend_ops.cli import main as run
    except Exception as e:  # noqa: BLE001 - only a SpecError is ours to explain
        if type(e).__name__ != "SpecError" or type(e).__module__ != "ascend_ops.errors":
            raise
        if not args or args[0] in ("-h", "--help"):
            print(_help_without_specs(e))
            return 0 if args else EXIT_USAGE
        command = args[0] if not args[0].startswith("-") else "ascend-ops"
        print(f"ascend-ops {command}: error: {e}", file=sys.stderr)
        return EXIT_USAGE
    return run(args)


def _help_without_specs(error: Exception) -> str:
    lines = ["usage: ascend-ops [-h] [--version] COMMAND ...", "",
             "The op specs do not load, so no command can run until the spec is fixed:",
             f"  {error}", "", "commands:"]
    for name, help_text in _commands():
        lines.append(f"  {name:<12}{help_text}")
    return "\n".join(lines)


def _commands() -> list[tuple[str, str]]:
    """(name, HELP) of every subcommand, from the source of ascend_ops.cli and its modules."""
    spec = importlib.util.find_spec("ascend_ops")
    if spec is None or not spec.submodule_search_locations:
        return []
    package = Path(next(iter(spec.submodule_search_locations)))
    names = _constant(package / "cli.py", "SUBCOMMANDS") or ()
    out = []
    for name in names:
        module = package / "commands" / f"{name.replace('-', '_')}.py"
        help_text = _constant(module, "HELP") if module.is_file() else None
        out.append((name, " ".join(str(help_text or "").split())))
    return out


def _constant(path: Path, name: str):
    """The literal value of the module-level assignment `name = ...` in `path`, or None."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in node.targets):
            try:
                return ast.literal_eval(node.value)
            except ValueError:
                return None
    return None


if __name__ == "__main__":
    sys.exit(main())
