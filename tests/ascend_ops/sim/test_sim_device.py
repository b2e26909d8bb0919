"""The simulated npu device (ascend_ops.sim.device) and the NPU kernels on it (ascend_ops.npu.dispatch).

Enabling the device is process-global and irreversible, so its checks run in subprocesses, one
per scenario of sim_npu_checks.py (each check there is one test here); what needs no device runs
in this process.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import filelock
import pytest
import torch

import sim_npu_checks
from ascend_ops.npu import dispatch
from ascend_ops.sim import device as sim_device
from ascend_ops.runtime import torch_views

pytestmark = pytest.mark.compat  # in scripts/compat.sh's subset: the device on every torch

CHECKS_SCRIPT = Path(sim_npu_checks.__file__)


def _run_scenario(scenario: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ASCEND_OPS_")}
    env.update(sim_npu_checks.SCENARIO_ENV[scenario], TORCH_DEVICE_BACKEND_AUTOLOAD="0")
    done = subprocess.run([sys.executable, str(CHECKS_SCRIPT), scenario], env=env,
                          cwd=CHECKS_SCRIPT.parent, capture_output=True, text=True, timeout=900)
    lines = [line for line in done.stdout.splitlines()
             if line.startswith(sim_npu_checks.RESULTS_PREFIX)]
    # A nonzero exit fails every check, even after results were printed: the process must also
    # end cleanly (see Note [exit after backward] in sim_device.py).
    assert done.returncode == 0 and len(lines) == 1, (
        f"{CHECKS_SCRIPT.name} {scenario} exited with {done.returncode}\n"
        f"stdout:\n{done.stdout[-4000:]}\nstderr:\n{done.stderr[-4000:]}")
    return json.loads(lines[0].removeprefix(sim_npu_checks.RESULTS_PREFIX))


@pytest.fixture(scope="session")
def scenario_results(tmp_path_factory) -> Callable[[str], dict[str, str]]:
    """Each scenario's results, its subprocess run once per test run: pytest-xdist workers
    share the parent of their temporary directories, a lone process has its own."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent

    def results(scenario: str) -> dict[str, str]:
        path = shared / f"sim_npu_checks-{scenario}.json"
        with filelock.FileLock(f"{path}.lock"):
            if not path.exists():
                path.write_text(json.dumps(_run_scenario(scenario)))
        return json.loads(path.read_text())
    return results


@pytest.mark.parametrize("scenario, check", [
    (scenario, check) for scenario, checks in sim_npu_checks.CHECKS.items() for check in checks])
def test_simulated_npu(scenario_results, scenario: str, check: str) -> None:
    results = scenario_results(scenario)
    assert check in results, f"{check} did not run; ran: {sorted(results)}"
    assert results[check] == "ok", results[check]


def test_device_kernel_keeps_torch_views_for_other_tensors(monkeypatch) -> None:
    """A tensor not on the simulated device (a real torch_npu one) moves with torch's views."""
    calls = []
    real = torch_views.OPS["slice"]

    def spy(x, *args, **kwargs):
        calls.append(type(x))
        return real(x, *args, **kwargs)

    monkeypatch.setitem(torch_views.OPS, "slice", spy)
    x = torch.arange(24.0).reshape(2, 3, 4)
    out = dispatch.device_kernel("slice")(x, [1, 0, 1], [1, -1, 2])
    assert calls == [torch.Tensor]
    assert torch.equal(out, x[1:2, :, 1:3])


@pytest.mark.parametrize("value, enabled", [(None, False), ("", False), ("0", False),
                                            ("1", True), (" 1 ", True)])
def test_enabled_by_environment(monkeypatch, value, enabled) -> None:
    if value is None:
        monkeypatch.delenv(sim_device.SIM_NPU_ENV, raising=False)
    else:
        monkeypatch.setenv(sim_device.SIM_NPU_ENV, value)
    assert sim_device.enabled_by_environment() is enabled


def test_enabled_by_environment_rejects_other_values(monkeypatch) -> None:
    monkeypatch.setenv(sim_device.SIM_NPU_ENV, "yes")
    with pytest.raises(ValueError, match=r"ASCEND_OPS_SIM_NPU='yes' must be 1"):
        sim_device.enabled_by_environment()
