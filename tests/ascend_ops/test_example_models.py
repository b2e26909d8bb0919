"""The runnable examples in examples/: each script runs in its own process (the simulated npu
device is process-global), checks every stage itself and exits non-zero if one fails; these
tests read what it printed. Each script runs once per session, shared by the xdist workers."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import filelock
import onnx
import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SCRIPTS = ("super_resolution.py", "focus_stem.py")
SUMMARY_PREFIX = "summary: "

def run_example(script: str, tmp_path_factory) -> tuple[dict, Path]:
    """The script's exit code, stdout and stderr, and the ONNX file it wrote."""
    shared = tmp_path_factory.getbasetemp().parent  # the same directory for every xdist worker
    onnx_path = shared / script.replace(".py", ".onnx")
    record = shared / script.replace(".py", ".run.json")
    with filelock.FileLock(str(record) + ".lock"):
        if not record.exists():
            env = {k: v for k, v in os.environ.items() if not k.startswith("ASCEND_OPS_")}
            env["TORCH_DEVICE_BACKEND_AUTOLOAD"] = "0"
            done = subprocess.run([sys.executable, str(EXAMPLES / script), str(onnx_path)], env=env,
                                  cwd=shared, capture_output=True, text=True, timeout=900)
            record.write_text(json.dumps({"returncode": done.returncode, "stdout": done.stdout,
                                          "stderr": done.stderr}))
    return json.loads(record.read_text()), onnx_path


def summary(script: str, tmp_path_factory) -> dict:
    done, _ = run_example(script, tmp_path_factory)
    assert done["returncode"] == 0, (f"{script} exited with {done['returncode']}\n"
                                     f"{done['stdout'][-3000:]}\n{done['stderr'][-3000:]}")
    (line,) = [line for line in done["stdout"].splitlines() if line.startswith(SUMMARY_PREFIX)]
    return json.loads(line.removeprefix(SUMMARY_PREFIX))


@pytest.mark.parametrize("script", SCRIPTS)
def test_example_runs_every_stage_and_prints_each(script, tmp_path_factory):
    summary(script, tmp_path_factory)
    stdout = run_example(script, tmp_path_factory)[0]["stdout"]
    for stage in ("eager:", "torch.compile:", "npu:", "bfloat16 refused: UnsupportedDtypeError",
                  "training:", "onnx:", "passes onnx.checker (full_check)"):
        assert stage in stdout, stage


@pytest.mark.parametrize("script", SCRIPTS)
def test_example_runs_its_ascend_ops_layer_on_the_simulated_inference_series_npu(script, tmp_path_factory):
    placement = summary(script, tmp_path_factory)["placement"]
    assert [where for layer, where in placement.items() if layer.endswith("AscendLayer")] == ["npu"]
    assert "simulated Ascend310P3, product atlas-inference" in run_example(script, tmp_path_factory)[0]["stdout"]


@pytest.mark.parametrize("script, native", [("super_resolution.py", "DepthToSpace"),
                                            ("focus_stem.py", "SpaceToDepth")])
def test_example_onnx_file_is_standard_onnx_with_the_native_node(script, native, tmp_path_factory):
    nodes = summary(script, tmp_path_factory)["onnx_nodes"]
    assert nodes.count(native) == 1 and "Conv" in nodes
    model = onnx.load(run_example(script, tmp_path_factory)[1])
    onnx.checker.check_model(model, full_check=True)
    assert {node.domain for node in model.graph.node} == {""}


@pytest.mark.parametrize("script", SCRIPTS)
def test_example_compiles_its_ascend_ops_layer_on_the_simulated_npu(script, tmp_path_factory):
    assert summary(script, tmp_path_factory)["compile_on_npu"] == {"inductor": "as eager",
                                                                   "aot_eager": "as eager"}


@pytest.mark.parametrize("script", SCRIPTS)
def test_example_runs_every_layer_on_the_simulated_npu(script, tmp_path_factory):
    assert set(summary(script, tmp_path_factory)["placement"].values()) == {"npu"}


def test_control_an_example_fails_when_a_product_accepts_bfloat16(tmp_path):
    # Atlas A2 has a bfloat16 data path: the example's "bfloat16 must be refused" check must fail.
    env = {k: v for k, v in os.environ.items() if not k.startswith("ASCEND_OPS_")}
    env.update(TORCH_DEVICE_BACKEND_AUTOLOAD="0", ASCEND_OPS_PRODUCT="atlas-a2")
    done = subprocess.run([sys.executable, str(EXAMPLES / "focus_stem.py"), str(tmp_path / "f.onnx")],
                          env=env, cwd=tmp_path, capture_output=True, text=True, timeout=900)
    assert done.returncode != 0
    assert "AssertionError: npu: space_to_depth accepted bfloat16 on atlas-a2" in done.stderr
