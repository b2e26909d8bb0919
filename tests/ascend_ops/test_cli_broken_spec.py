"""The `ascend-ops` command with a broken op spec: one line and exit code 2, and `--help` still
lists the commands (a copy of the project with one spec made invalid, run in a subprocess)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def broken(tmp_path_factory) -> Path:
    project = tmp_path_factory.mktemp("broken")
    for folder in ("op_specs", "cpu_reference", "python", "ascend_kernels"):
        shutil.copytree(ROOT / folder, project / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "build_out"))
    shutil.copy(ROOT / "ascend_ops_cli.py", project / "ascend_ops_cli.py")
    spec = project / "op_specs" / "slice.yaml"
    spec.write_text(spec.read_text().replace("op_type: AscendSlice", "op_type: [AscendSlice]"))
    return project


def _command(project: Path, *argv: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": f"{project / 'python'}{os.pathsep}{project}",
           "TORCH_DEVICE_BACKEND_AUTOLOAD": "0"}
    return subprocess.run([sys.executable, "-m", "ascend_ops_cli", *argv], cwd=project, env=env,
                          capture_output=True, text=True, timeout=600, check=False)


def test_a_command_reports_the_spec_error_in_one_line(broken):
    result = _command(broken, "caps")
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "ascend-ops caps: error: op_specs/slice.yaml:5: op spec.op_type must be a string, got a "
        "list ['AscendSlice']"]


def test_help_still_lists_the_commands(broken):
    result = _command(broken, "--help")
    assert result.returncode == 0, result.stderr
    assert "op_specs/slice.yaml:5: op spec.op_type must be a string" in result.stdout
    for name in ("caps", "examples", "generate", "sim", "doctor"):
        assert f"\n  {name} " in result.stdout
    assert "print the op x product x dtype support matrix" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def test_with_good_specs_the_command_is_the_package_cli():
    env = {**os.environ, "TORCH_DEVICE_BACKEND_AUTOLOAD": "0"}
    result = subprocess.run([sys.executable, "-m", "ascend_ops_cli", "caps", "--op", "slice"],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
                            check=False)
    assert result.returncode == 0, result.stderr
    assert "slice" in result.stdout and "atlas-a2" in result.stdout
