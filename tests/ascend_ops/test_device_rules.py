"""Dtype rules bind the device they belong to (Note [active product]): on a machine with an NPU of
each product line (the simulated device), CPU calls -- README's and the docs' examples among them
-- run as without it, npu calls obey the NPU's product; with the compiled fast path and without.

The device is process-global, so each product line runs device_rules_checks.py in a subprocess
(each check there is one test here).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import ascend_ops
import device_rules_checks

SCRIPT = Path(device_rules_checks.__file__)
# Each product line with the fast path; without it (ASCEND_OPS_FAST=0, the Python kernel every
# product shares), the line README's first example failed on.
RUNS = [(p.key, "on") for p in ascend_ops.products()] + [("atlas-a2", "off")]
_results: dict[tuple[str, str], dict[str, str]] = {}


def _run(key: str, fast: str) -> dict[str, str]:
    if (key, fast) not in _results:
        env = {k: v for k, v in os.environ.items() if not k.startswith("ASCEND_OPS_")}
        env.update(ASCEND_OPS_SIM_NPU="1", ASCEND_OPS_PRODUCT=key, ASCEND_OPS_FAST_BUILD="0",
                   ASCEND_OPS_NPU_KERNELS="torch_npu",  # the dtype rule comes before the route
                   TORCH_DEVICE_BACKEND_AUTOLOAD="0")
        if fast == "off":
            env["ASCEND_OPS_FAST"] = "0"
        done = subprocess.run([sys.executable, str(SCRIPT), key], env=env, cwd=SCRIPT.parent,
                              capture_output=True, text=True, timeout=900)
        lines = [line for line in done.stdout.splitlines() if line.startswith(device_rules_checks.RESULTS_PREFIX)]
        assert done.returncode == 0 and len(lines) == 1, (
            f"{SCRIPT.name} {key} exited with {done.returncode}\nstdout:\n{done.stdout[-4000:]}\n"
            f"stderr:\n{done.stderr[-4000:]}")
        _results[key, fast] = json.loads(lines[0].removeprefix(device_rules_checks.RESULTS_PREFIX))
    return _results[key, fast]


@pytest.mark.parametrize("check", device_rules_checks.CHECKS)
@pytest.mark.parametrize("key, fast", RUNS, ids=[f"{k}-fast_{f}" for k, f in RUNS])
def test_on_an_npu_machine(key: str, fast: str, check: str) -> None:
    results = _run(key, fast)
    assert check in results, f"{check} did not run; ran: {sorted(results)}"
    assert results[check] == "ok", results[check]
