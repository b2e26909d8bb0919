"""`ascend-ops build`: the fast path always; the simulated npu device only when asked."""
from __future__ import annotations

import pytest

from ascend_ops.cpu import compiled
from ascend_ops.sim import aclnn_route
from ascend_ops.sim import device as sim_device
from ascend_ops.tools.cli import main


@pytest.mark.parametrize("argv, env, built", [
    ([], None, ["fast path"]),
    (["--sim-npu"], None, ["fast path", "device", "binding"]),
    ([], "1", ["fast path", "device", "binding"]),
    ([], "0", ["fast path"]),
])
def test_the_device_is_built_only_when_asked(monkeypatch, capsys, argv, env, built) -> None:
    calls = []
    monkeypatch.setattr(compiled, "build", lambda: calls.append("fast path") or "fast.so")
    monkeypatch.setattr(sim_device, "build", lambda: calls.append("device") or "device.so")
    monkeypatch.delenv("ASCEND_OPS_PRODUCT", raising=False)
    monkeypatch.setattr(aclnn_route, "build", lambda soc: calls.append("binding") or f"binding-{soc}.so")
    if env is None:
        monkeypatch.delenv(sim_device.SIM_NPU_ENV, raising=False)
    else:
        monkeypatch.setenv(sim_device.SIM_NPU_ENV, env)
    assert main(["build", *argv]) == 0
    assert calls == built
    out = capsys.readouterr().out
    assert ("simulated npu device ready: device.so" in out) == ("device" in built)
    assert ("simulated npu device's binding ready: binding-Ascend910B2.so" in out) == ("binding" in built)
