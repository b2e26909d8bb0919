"""The console script's top-level help and --version answer without importing ascend_ops (torch
and the op registration); every command still runs through ascend_ops.tools.cli."""
from __future__ import annotations

import importlib
import subprocess
import sys

import ascend_ops
import ascend_ops_cli

_PROBE = """
import sys
from ascend_ops_cli import main
try:
    code = main({argv!r})
except SystemExit as e:
    code = e.code
print("exit", code)
print("loaded", " ".join(sorted(m for m in ("torch", "ascend_ops") if m in sys.modules)))
"""


def _run(*argv: str) -> tuple[str, str]:
    done = subprocess.run([sys.executable, "-c", _PROBE.format(argv=list(argv))], capture_output=True,
                          text=True, check=False, timeout=300)
    return done.stdout, done.stderr


def test_help_lists_every_command_with_its_modules_help_and_imports_neither_torch_nor_the_package():
    out, _ = _run("--help")
    assert "exit 0" in out and out.rstrip().endswith("loaded"), out
    flat = " ".join(out.split())
    for name in ascend_ops_cli.SUBCOMMANDS:
        module = importlib.import_module(f"ascend_ops.tools.commands.{name.replace('-', '_')}")
        assert f"{name} {' '.join(module.HELP.split())}" in flat, name


def test_version_is_the_packages_and_imports_neither():
    out, _ = _run("--version")
    assert f"ascend-ops {ascend_ops.__version__}" in out and "specs: " in out
    assert out.rstrip().endswith("loaded"), out


def test_no_command_is_a_usage_error_without_the_import():
    out, err = _run()
    assert "exit 2" in out and "required: COMMAND" in err and out.rstrip().endswith("loaded")


def test_negative_control_a_command_runs_the_package():
    out, _ = _run("caps")
    assert "exit 0" in out and out.rstrip().endswith("loaded ascend_ops torch"), out
