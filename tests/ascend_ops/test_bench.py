"""`ascend-ops bench --quick` (as scripts/bench.py runs it) writes a table, a chart and JSON that
parse. Speed itself is the benchmark's business, never a test's."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import matplotlib.image
import pytest

from ascend_ops.benchmarks.cases import SHAPE_CLASSES
from ascend_ops.spec import project_root, specs


def _committed_results() -> dict[str, bytes]:
    folder = project_root() / "bench" / "results"
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def test_quick_run_writes_table_chart_and_json(tmp_path):
    script = project_root() / "scripts" / "bench.py"
    committed = _committed_results()
    result = subprocess.run([sys.executable, str(script), "--quick", "--out", str(tmp_path)],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    assert f"wrote {tmp_path / 'bench.md'}" in result.stdout
    assert _committed_results() == committed, "a --out run touched bench/results/"

    table = (tmp_path / "bench.md").read_text(encoding="utf-8")
    assert re.search(r"^Machine: \*\*\d+ cores\*\*", table, re.M)
    sections = dict(re.findall(r"^## (.+?)\n(.*?)(?=^## |\Z)", table, re.M | re.S))
    assert {"Summary (largest size; every size below)", "Throughput, GB/s",
            "Per-call overhead (tiny tensors)", "Shape classes", "Closing note"} <= set(sections)
    for name, rows_expected in (("Throughput, GB/s", len(SHAPE_CLASSES)),
                                ("Summary (largest size; every size below)",
                                 len(SHAPE_CLASSES) + len(specs().ops))):
        lines = [line for line in sections[name].splitlines() if line.startswith("|")]
        header, rows = lines[0], lines[2:]
        assert len(rows) == rows_expected, name
        assert all(row.count("|") == header.count("|") for row in rows), name

    data = json.loads((tmp_path / "bench.json").read_text(encoding="utf-8"))
    assert {m["op"] for m in data["measurements"]} == {op.name for op in specs().ops}
    assert {t["op"] for t in data["tiny"]} == {op.name for op in specs().ops}
    for m in data["measurements"]:
        expected = {"ascend_ops", "cpu_reference", "numpy", "torch", "memcpy", "memcpy_fresh"}
        assert expected <= set(m["gbps"])
        assert all(v > 0 for v in m["gbps"].values())

    image = matplotlib.image.imread(tmp_path / "bench.png")
    assert image.shape[0] > 400 and image.shape[1] > 400

    model = (tmp_path / "npu_model.md").read_text(encoding="utf-8")
    assert "a model, not a measurement" in model
    model_rows = [line for line in model.splitlines() if line.startswith("| `")]
    assert len(model_rows) == len(SHAPE_CLASSES)


# --- where it writes, and what it refuses -------------------------------------------------------

def _bench_args(*argv: str):
    from ascend_ops.cli import build_parser

    return build_parser().parse_args(["bench", *argv])


def test_results_go_to_a_new_temporary_folder_by_default():
    import tempfile
    from pathlib import Path

    from ascend_ops.commands.bench import output_folder

    first, second = output_folder(_bench_args()), output_folder(_bench_args("--quick"))
    assert first != second and first.is_dir() and second.is_dir()
    assert Path(tempfile.gettempdir()) in first.parents
    assert project_root() not in first.parents
    first.rmdir()
    second.rmdir()


def test_only_update_results_writes_the_committed_results(tmp_path):
    from ascend_ops.commands.bench import output_folder

    assert output_folder(_bench_args("--update-results")) == project_root() / "bench" / "results"
    assert output_folder(_bench_args("--out", str(tmp_path))) == tmp_path


def test_update_results_needs_a_checkout(monkeypatch):
    from ascend_ops.commands import bench
    from ascend_ops.errors import OpArgumentError

    monkeypatch.setattr(bench, "running_from_checkout", lambda: False)
    try:
        bench.output_folder(_bench_args("--update-results"))
    except OpArgumentError as e:
        assert "installed package: use --out DIR" in str(e)
    else:
        raise AssertionError("--update-results was accepted outside a checkout")


@pytest.mark.parametrize("argv, message", [
    (["--sizes-mib", "0"], "0 MiB is not a benchmark size"),
    (["--sizes-mib", "-1"], "-1 MiB is not a benchmark size"),
    (["--sizes-mib", "1", "nan"], "nan MiB is not a benchmark size"),
    (["--sizes-mib", "inf"], "inf MiB is not a benchmark size"),
    (["--sizes-mib", "0.0001"], "0.0001 MiB is not a benchmark size"),
    (["--sizes-mib", "big"], "'big' is not a number of MiB"),
    (["--out", "x", "--update-results"], "not allowed with argument --out"),
])
def test_bad_arguments_are_refused_before_anything_runs(argv, message, capsys):
    with pytest.raises(SystemExit) as info:
        _bench_args(*argv)
    assert info.value.code == 2
    assert message in capsys.readouterr().err


def test_a_good_size_is_accepted():
    """Negative control of the refusals above."""
    assert _bench_args("--sizes-mib", "0.5", "16").sizes_mib == [0.5, 16.0]
