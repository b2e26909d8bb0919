"""A broken op spec: `import ascend_ops` still succeeds and says which op it left out, the other
ops work, using the broken one raises its spec's one-line error, the `ascend-ops` command refuses
with it in one line and exit code 2, and `--help` still lists the commands (a copy of the project
with one spec made invalid, run in a subprocess)."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def _project_copy(tmp_path_factory, name: str) -> Path:
    project = tmp_path_factory.mktemp(name)
    for folder in ("op_specs", "cpu_reference", "python", "ascend_kernels", "dev"):
        shutil.copytree(ROOT / folder, project / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "build_out"))
    return project


@pytest.fixture(scope="module")
def broken(tmp_path_factory) -> Path:
    project = _project_copy(tmp_path_factory, "broken")
    spec = project / "op_specs" / "slice.yaml"
    spec.write_text(spec.read_text().replace("op_type: AscendSlice\n", "op_type: [AscendSlice]\n"))
    return project


def _python(project: Path, *argv: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, (project / "python", project, project / "dev"))),
           "TORCH_DEVICE_BACKEND_AUTOLOAD": "0"}
    return subprocess.run([sys.executable, *argv], cwd=project, env=env,
                          capture_output=True, text=True, timeout=600, check=False)


def _command(project: Path, *argv: str, dev: bool = False) -> subprocess.CompletedProcess:
    """The console script's entry, `ascend-ops ARGV` (`ascend-ops-dev ARGV` with `dev`), in the
    copy."""
    entry = "dev_main" if dev else "main"
    return _python(project, "-c", f"import sys, ascend_ops_cli; sys.exit(ascend_ops_cli.{entry}(sys.argv[1:]))",
                   *argv)


SPEC_ERROR = ("op_specs/slice.yaml:5: op spec.op_type must be a string, got a list "
              "['AscendSlice']")

_USE_AN_OP = """
import ascend_ops, torch
print("imported", ascend_ops.__file__)
for call in (lambda: ascend_ops.slice(torch.zeros(4), [0], [1]),
             lambda: torch.ops.ascend_ops.slice(torch.zeros(4), [0], [1])):
    try:
        call()
    except ascend_ops.SpecError as e:
        print("SpecError:", e)
print("hasattr", hasattr(ascend_ops, "slice"))
"""


def test_the_import_succeeds_and_each_op_raises_the_spec_error(broken):
    result = _python(broken, "-c", _USE_AN_OP)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == f"imported {broken / 'python' / 'ascend_ops' / '__init__.py'}"
    assert lines[1:] == [f"SpecError: {SPEC_ERROR}", f"SpecError: {SPEC_ERROR}", "hasattr False"]


_USE_ANOTHER_OP = """
import ascend_ops, torch
x = torch.arange(12).reshape(3, 4)
print(ascend_ops.strided_slice(x, [1], [3]).tolist(), torch.ops.ascend_ops.depth_to_space(
      torch.arange(4).reshape(1, 1, 1, 4), 2).flatten().tolist())
"""


def test_the_other_ops_work_after_a_loud_notice(broken):
    result = _python(broken, "-c", _USE_ANOTHER_OP)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["[[4, 5, 6, 7], [8, 9, 10, 11]] [0, 1, 2, 3]"]
    assert result.stderr.splitlines() == [f"ascend-ops: {SPEC_ERROR}; the op slice is left out, the other ops work"]


def test_with_good_specs_the_probe_calls_the_op():
    """Negative control of the probe above: with the real specs nothing raises."""
    result = _python(ROOT, "-c", _USE_AN_OP)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[1:] == ["hasattr True"]


def test_a_command_reports_the_spec_error_in_one_line(broken):
    result = _command(broken, "caps")
    assert result.returncode == 2
    assert result.stderr.splitlines() == [f"ascend-ops caps: error: {SPEC_ERROR}"]


def test_help_still_lists_the_commands(broken):
    result = _command(broken, "--help")
    assert result.returncode == 0, result.stderr
    assert "op_specs/slice.yaml:5: op spec.op_type must be a string" in result.stdout
    for name in ("caps", "examples", "doctor", "build"):
        assert re.search(rf"^ +{name} ", result.stdout, re.MULTILINE), name
    assert "print the op x product x dtype support matrix" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def test_the_development_commands_refuse_with_it_too(broken):
    result = _command(broken, "--help", dev=True)
    assert result.returncode == 0 and "op_specs/slice.yaml:5: op spec.op_type" in result.stdout
    for name in ("generate", "sim", "check-cann", "cpudebug"):
        assert re.search(rf"^ +{name} ", result.stdout, re.MULTILINE), name
    result = _command(broken, "sim", "--quick", dev=True)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [f"ascend-ops-dev sim: error: {SPEC_ERROR}"]


def test_the_console_scripts_fast_help_names_the_spec_error_too(broken):
    result = _python(broken, "-c", "import sys; from ascend_ops_cli import main; sys.exit(main(['--help']))")
    assert result.returncode == 0, result.stderr
    assert "op_specs/slice.yaml:5: op spec.op_type must be a string" in result.stdout
    assert re.search(r"^ +caps ", result.stdout, re.MULTILINE) and "Traceback" not in result.stderr


def test_with_good_specs_the_command_is_the_package_cli():
    env = {**os.environ, "TORCH_DEVICE_BACKEND_AUTOLOAD": "0"}
    result = subprocess.run([sys.executable, "-m", "ascend_ops", "caps", "--op", "slice"],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
                            check=False)
    assert result.returncode == 0, result.stderr
    assert "slice" in result.stdout and "atlas-a2" in result.stdout


@pytest.fixture(scope="module")
def half_added(tmp_path_factory) -> Path:
    """A copy of the project whose slice reference needs a constant generate has not written yet."""
    project = _project_copy(tmp_path_factory, "half_added")
    reference = project / "cpu_reference" / "slice.py"
    reference.write_text(reference.read_text() + "\nfrom ._op_limits import SLICE_NOT_GENERATED_YET  # noqa\n")
    return project


def test_generate_works_while_an_op_is_half_added(half_added):
    result = _command(half_added, "generate", "--check", dev=True)
    assert result.returncode == 0, result.stderr
    assert "ascend_kernels/ is up to date" in result.stdout
    # negative control: the package, which imports every reference, does not import in that state
    result = _python(half_added, "-c", "import ascend_ops")
    assert result.returncode != 0 and "SLICE_NOT_GENERATED_YET" in result.stderr


def test_a_development_command_asked_of_the_user_command_says_where_it_is():
    result = _command(ROOT, "sim", "--quick")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        "ascend-ops: `sim` is a development command: run `ascend-ops-dev sim` in a checkout of "
        "ascend-ops (`pip install -e dev` installs it; scripts/setup.sh does)"]
