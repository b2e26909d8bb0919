"""scripts/stages.sh, which scripts/run.sh and scripts/test.sh time their stages with: each stage
is printed as it ends and again in the closing table; a failing stage stops the script."""
from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(body: str) -> subprocess.CompletedProcess:
    script = f"set -euo pipefail\nSTAGES_OF=demo.sh\nsource {ROOT / 'scripts' / 'stages.sh'}\n{body}\n"
    return subprocess.run(["bash", "-c", script], capture_output=True, text=True)


def test_each_stage_is_timed_and_reported_in_order():
    result = _run('stage "first one" sleep 1\nstage second true\nreport')
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "demo.sh: first one took 1 s"
    assert lines[1] == "demo.sh: second took 0 s"
    assert lines[2] == "demo.sh: stage times"
    assert [line.split() for line in lines[3:5]] == [["1", "s", "first", "one"], ["0", "s", "second"]]
    assert lines[5].startswith("demo.sh: total ")


def test_a_failing_stage_stops_the_script_before_the_report():
    result = _run('stage fails false\nstage never true\nreport')
    assert result.returncode == 1
    assert "never" not in result.stdout and "stage times" not in result.stdout


def test_run_and_test_scripts_report_their_stages():
    for name in ("run.sh", "test.sh"):
        text = (ROOT / "scripts" / name).read_text()
        assert "source scripts/stages.sh" in text and text.rstrip().endswith("report"), name
