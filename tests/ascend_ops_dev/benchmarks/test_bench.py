"""`ascend-ops-dev bench --quick` (as scripts/bench.py runs it) writes a table, a chart and JSON that
parse. Speed itself is the benchmark's business, never a test's."""
from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys

import matplotlib.image
import pytest
import torch

from ascend_ops_dev.benchmarks import npu_model
from ascend_ops_dev.benchmarks.cases import as_numpy, shape_classes
from ascend_ops_dev.commands import bench
from ascend_ops_gen.spec import project_root, specs


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
    assert {"Throughput, GB/s", "Per-call overhead (tiny tensors)", "Shape classes",
            "Closing note"} <= set(sections)
    for name, rows_expected in (("Throughput, GB/s", len(shape_classes())),
                                ("Per-call overhead (tiny tensors)",
                                 sum(op.bench is not None for op in specs().ops))):
        lines = [line for line in sections[name].splitlines() if line.startswith("|")]
        header, rows = lines[0], lines[2:]
        assert len(rows) == rows_expected, name
        assert all(row.count("|") == header.count("|") for row in rows), name
    # The one table has the ceilings and torch's huge-page run as columns.
    header = sections["Throughput, GB/s"].strip().splitlines()[0]
    assert {"memcpy warm", "memcpy fresh", "torch (THP)", "load"} <= \
        {c.strip() for c in header.split("|")}
    assert header in result.stdout, "the table is also printed"

    data = json.loads((tmp_path / "bench.json").read_text(encoding="utf-8"))
    benched = {op.name for op in specs().ops if op.bench is not None}
    assert {m["op"] for m in data["measurements"]} == benched
    assert {t["op"] for t in data["tiny"]} == benched
    for m in data["measurements"]:
        expected = {"ascend_ops", "cpu_reference", "numpy", "torch", "memcpy", "memcpy_fresh",
                    "torch (THP)", "ascend_ops (THP run)"}
        assert expected <= set(m["gbps"])
        assert all(v > 0 for v in m["gbps"].values())

    image = matplotlib.image.imread(tmp_path / "bench.png")
    assert image.shape[0] > 400 and image.shape[1] > 400

    model = (tmp_path / "npu_model.md").read_text(encoding="utf-8")
    assert "a model, not a measurement" in model
    model_rows = [line for line in model.splitlines() if line.startswith("| `")]
    # --quick models the two small sizes, a table each; the gradient rows at the one of them
    # among GRADIENT_SIZES
    gradient_sizes = set(npu_model.QUICK_MODEL_SIZES) & set(npu_model.GRADIENT_SIZES)
    gradient_rows = len(npu_model.GRADIENT_CLASSES) * len(gradient_sizes)
    # and the filled writes: each class with each fill some product line takes for its op
    filled_rows = len(gradient_sizes) * sum(
        any(dtype in specs().op(op).supported_dtypes(p) for p in specs().products)
        for op, _ in npu_model.FILLED_CLASSES for _, dtype, _ in npu_model.FILLS)
    assert len(model_rows) == len(shape_classes()) * len(npu_model.QUICK_MODEL_SIZES) + gradient_rows + filled_rows
    assert sum("_grad` | gradient of" in row for row in model_rows) == gradient_rows > 0
    assert sum("_grad` | filled with" in row for row in model_rows) == filled_rows > 0


# --- where it writes, and what it refuses -------------------------------------------------------

def _bench_args(*argv: str):
    from ascend_ops_dev.cli import build_parser

    return build_parser().parse_args(["bench", *argv])


def test_results_go_to_a_new_temporary_folder_by_default():
    import tempfile
    from pathlib import Path

    from ascend_ops_dev.commands.bench import output_folder

    first, second = output_folder(_bench_args()), output_folder(_bench_args("--quick"))
    assert first != second and first.is_dir() and second.is_dir()
    assert Path(tempfile.gettempdir()) in first.parents
    assert project_root() not in first.parents
    first.rmdir()
    second.rmdir()


def test_only_update_results_writes_the_committed_results(tmp_path):
    from ascend_ops_dev.commands.bench import output_folder

    assert output_folder(_bench_args("--update-results")) == project_root() / "bench" / "results"
    assert output_folder(_bench_args("--out", str(tmp_path))) == tmp_path


def test_update_results_needs_a_checkout(monkeypatch):
    from ascend_ops_dev.commands import bench
    from ascend_ops.runtime.errors import OpArgumentError

    monkeypatch.setattr(bench, "running_from_checkout", lambda: False)
    try:
        bench.output_folder(_bench_args("--update-results"))
    except OpArgumentError as e:
        assert "installed package: use --out DIR" in str(e)
    else:
        raise AssertionError("--update-results was accepted outside a checkout")


def test_update_results_needs_the_fast_path(monkeypatch, tmp_path):
    """The committed results are what users get; the control: --out still measures without it."""
    from ascend_ops.cpu import compiled
    from ascend_ops_dev.commands import bench
    from ascend_ops.runtime.errors import OpArgumentError

    monkeypatch.setattr(compiled, "fast_path_active", lambda: False)
    with pytest.raises(OpArgumentError, match="--update-results records what users get, with the "
                                              "compiled fast path, which is "):
        bench.output_folder(_bench_args("--update-results"))
    assert bench.output_folder(_bench_args("--out", str(tmp_path))) == tmp_path


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


# --- what is measured comes from the specs' `bench:` keys ---------------------------------------

def test_every_op_with_a_bench_key_declares_shape_classes_and_a_tiny_call():
    """`bench:` is optional (docs/adding-an-op.md): the shipped ops have it, and an op with it
    has shape classes, all of which the benchmark times."""
    benched = [op for op in specs().ops if op.bench is not None]
    assert {"strided_slice", "slice", "depth_to_space", "space_to_depth"} <= {op.name for op in benched}
    for op in benched:
        assert op.bench.classes and op.bench.tiny is not None, op.name
    assert {c.op for c in shape_classes()} == {op.name for op in benched}


def test_a_workload_is_the_size_asked_for_and_its_baselines_compute_the_op():
    """n is chosen so the output is nearest the requested size; every baseline expression of
    every class gives the op's result, bit for bit (the benchmark refuses to time otherwise)."""
    from ascend_ops_dev import benchmarks

    for c in shape_classes():
        target = (1 << 20) // 4
        w = c.build(target)
        elements = w.output_bytes // 4
        assert abs(elements - target) <= abs(c.output_elements(c.n_for(target) + 1) - target)
        assert 0.5 * target <= elements <= 2 * target, (c.op, c.key, w.describe())
        fns = benchmarks._functions(c, c.build(5000))
        benchmarks._check_same_results(f"{c.op}/{c.key}", fns)


def test_a_wrong_baseline_is_caught_before_timing():
    """Negative control of the check above: a baseline that computes something else."""
    from ascend_ops_dev import benchmarks

    c = next(c for c in shape_classes() if c.kind == "permutation")
    fns = benchmarks._functions(c, c.build(5000))
    fns["wrong"] = lambda: fns["numpy"]()[..., ::-1].copy()
    with pytest.raises(RuntimeError, match="wrong computes a different result"):
        benchmarks._check_same_results(f"{c.op}/{c.key}", fns)


def test_a_failing_bench_expression_names_its_spec_line():
    import dataclasses

    from ascend_ops_dev.benchmarks.cases import BenchSpecError, ShapeClass

    c = shape_classes()[0]
    broken = ShapeClass(c.op, dataclasses.replace(c.spec, input=("n + missing",)))
    with pytest.raises(BenchSpecError, match=rf"{c.spec.loc.file}:{c.spec.loc.line}: .*missing"):
        broken.build(1000)


def test_torch_baselines_are_the_ones_using_the_tensor():
    from ascend_ops_dev.benchmarks import torch_baselines

    names = {name for c in shape_classes() for name in torch_baselines(c)}
    assert "torch" in names and "numpy" not in names


def test_the_memcpy_goal_applies_to_large_outputs_and_the_baseline_goal_everywhere():
    from ascend_ops_dev.benchmarks import MEMCPY, MEMCPY_FRESH, OURS, Measurement
    from ascend_ops_dev.benchmarks.cases import GOALS, MEMCPY_GOAL_BYTES
    from ascend_ops_dev.benchmarks.report import goal_met

    def measured(size: int, ours: float, baseline: float) -> Measurement:
        # seconds per round: memcpy takes 1, a fresh memcpy 1.5
        return Measurement("slice", "slab", "t", "contiguous", size, size, "[]", 1,
                           {OURS: [ours], MEMCPY: [1.0], MEMCPY_FRESH: [1.5], "torch": [baseline]})

    slow = 1 / (GOALS["contiguous"] - 0.1)  # short of the memcpy goal, twice the baseline's speed
    assert goal_met(measured(16 << 20, slow, 2 * slow))  # below MEMCPY_GOAL_BYTES: baseline only
    assert not goal_met(measured(MEMCPY_GOAL_BYTES, slow, 2 * slow))
    assert goal_met(measured(MEMCPY_GOAL_BYTES, 1.0, 2.0))
    assert not goal_met(measured(16 << 20, 1.0, 0.9))  # slower than the baseline at any size


@pytest.mark.parametrize(("op", "key", "lines_read"), [
    ("strided_slice", "step3", 3.0),   # float32 x[:, ::3]: every 64-byte input line, 3x the output
    ("strided_slice", "step2", 2.0),
    ("depth_to_space", "nchw_dcr", 1.0),  # a permutation reads each input byte once
])
def test_the_traffic_model_counts_the_input_lines_a_copy_touches(op, key, lines_read):
    from ascend_ops_dev.benchmarks import traffic
    from ascend_ops_dev.benchmarks.cases import shape_classes

    shape_class = next(c for c in shape_classes() if (c.op, c.key) == (op, key))
    t = traffic(shape_class, shape_class.build((64 << 20) // 4))
    assert t.lines_read == pytest.approx(lines_read, rel=1e-3)
    assert t.bound == pytest.approx(2 / (lines_read + (1 if t.streamed else 2)))


def test_a_missed_memcpy_goal_is_explained_by_its_traffic_bound():
    """Below the goal, a class that reaches its traffic bound is said to; the control, one far
    below its bound, is said to reach only part of it."""
    from ascend_ops_dev.benchmarks import (MEMCPY, MEMCPY_FRESH, OURS, Measurement, Results, Traffic)
    from ascend_ops_dev.benchmarks.cases import MEMCPY_GOAL_BYTES
    from ascend_ops_dev.benchmarks.report import closing_note

    def measured(ours: float, t: Traffic) -> Measurement:
        return Measurement("strided_slice", "step3", "t", "strided", MEMCPY_GOAL_BYTES,
                           MEMCPY_GOAL_BYTES, "[]", 1, {OURS: [ours], MEMCPY: [1.0],
                                                        MEMCPY_FRESH: [1.5], "torch": [9.0]},
                           traffic=t)

    at_bound = closing_note(Results({}, [measured(1 / 0.42, Traffic(3.0, False))]))
    assert ("it touches 3.00 bytes of input cache lines per output byte and writes with ordinary "
            "stores, so the traffic model bounds it at 0.40x warm memcpy (below the goal), and "
            "it reaches all of it") in at_bound[0]
    below = closing_note(Results({}, [measured(1 / 0.5, Traffic(1.0, True))]))
    assert "bounds it at 1.00x warm memcpy, and it reaches 0.50 of it" in below[0]


def test_bench_without_matplotlib_refuses_in_one_line_and_leaves_nothing(tmp_path):
    # A matplotlib on PYTHONPATH that cannot be imported stands for an install without the extra.
    shadow = tmp_path / "shadow" / "matplotlib"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text("raise ImportError('matplotlib is not installed')\n")
    temp = tmp_path / "temp"
    temp.mkdir()
    env = {**os.environ, "PYTHONPATH": str(shadow.parent), "TMPDIR": str(temp)}
    result = subprocess.run([sys.executable, "-m", "ascend_ops_dev", "bench", "--quick"],
                            capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 2
    assert result.stderr == f"ascend-ops-dev bench: error: {bench.MISSING_MATPLOTLIB}\n"
    assert result.stdout == ""
    assert list(temp.iterdir()) == []


def test_npu_model_only_writes_the_model_alone_without_matplotlib_or_a_cpu_run(tmp_path, monkeypatch, capsys):
    import builtins

    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):  # the model needs no chart
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    args = _bench_args("--npu-model-only", "--quick", "--op", "slice", "--out", str(tmp_path))
    assert bench.run(args) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["npu_model.md"]
    text = (tmp_path / "npu_model.md").read_text(encoding="utf-8")
    assert [line for line in text.splitlines() if line.startswith("### Output")] == \
        ["### Output 4 KiB", "### Output 64 KiB"]
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    # slice's class at both sizes, its gradient's at 64 KiB (npu_model.GRADIENT_SIZES), then the
    # same write filled with float32 1.0 (npu_model.FILLS; slice has no int64)
    assert [row.split("|")[1].strip() for row in rows] == ["`slice`", "`slice`", "`slice_grad`", "`slice_grad`"]
    assert "filled with float32 1.0" in rows[3]
    assert "% scalar" in rows[0] and text in capsys.readouterr().out


def test_baselines_and_the_tiny_clone_are_timed_as_direct_calls(monkeypatch):
    """A baseline is the expression's code bound to its tensors once: a call parses and evaluates
    nothing. With eval and compile gone, every baseline and every tiny clone still runs."""
    import builtins

    from ascend_ops_dev.benchmarks import cases

    workloads = [c.build(5000) for c in shape_classes()]
    tiny = cases.tiny_calls()

    def gone(*args, **kwargs):
        raise AssertionError("eval or compile called while timing")

    sizes, clones, refused = {}, [], None
    with monkeypatch.context() as patch:
        patch.setattr(builtins, "eval", gone)
        patch.setattr(builtins, "compile", gone)
        for w in workloads:
            for name, fn in w.baselines.items():
                sizes[(w.describe(), name)] = (as_numpy(fn()).size, math.prod(w.output_shape))
        clones = [t.clone() for t in tiny]
        # negative control: evaluating the expression per call, as the timing once did, needs eval
        t = tiny[0]
        try:
            cases._evaluate(t.spec.clone, {"x": t.x}, t.spec.loc)
        except Exception as e:  # noqa: BLE001 - checked below, outside the patch
            refused = e
    assert sizes and all(got == want for got, want in sizes.values()), sizes
    assert len(clones) == len(tiny) and all(isinstance(c, torch.Tensor) for c in clones)
    assert refused is not None and "eval or compile called" in str(refused)
