"""`ascend-ops bench --quick` (as scripts/bench.py runs it) writes a table, a chart and JSON that
parse. Speed itself is the benchmark's business, never a test's."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import matplotlib.image

from ascend_ops.benchmarks.cases import SHAPE_CLASSES
from ascend_ops.spec import project_root, specs


def test_quick_run_writes_table_chart_and_json(tmp_path):
    script = project_root() / "scripts" / "bench.py"
    result = subprocess.run([sys.executable, str(script), "--quick", "--out", str(tmp_path)],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    assert f"wrote {tmp_path / 'bench.md'}" in result.stdout

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
