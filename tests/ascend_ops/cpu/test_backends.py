"""ascend_ops.cpu.backends: the CPU executor is chosen by ASCEND_OPS_BACKEND or `use_backend`; a bad
choice is a clear OpArgumentError. (The "sim" backend has its own tests.)"""
from __future__ import annotations

import pytest
import torch

import ascend_ops
from ascend_ops.cpu.backends import BACKENDS
from ascend_ops.runtime.errors import OpArgumentError

pytestmark = pytest.mark.compat  # in scripts/compat.sh's subset, on every supported torch

ENV = "ASCEND_OPS_BACKEND"
CHOICES = ", ".join(BACKENDS)


def test_the_backends():
    assert {"reference", "sim"} <= set(BACKENDS)


def test_the_default_needs_no_simulator():
    assert ascend_ops.current_backend() in BACKENDS
    assert ascend_ops.current_backend() != "sim"


@pytest.mark.parametrize("value", ["reference", " reference "])
def test_environment_selects_the_reference(monkeypatch, value):
    monkeypatch.setenv(ENV, value)
    assert ascend_ops.current_backend() == "reference"
    x = torch.arange(30, dtype=torch.int32).reshape(5, 6)
    assert torch.equal(ascend_ops.slice(x, [1, 2], [3, -1]), x[1:4, 2:])


@pytest.mark.parametrize("caller", ["public", "torch_ops"])
def test_bad_environment_value_is_a_clear_error(monkeypatch, caller):
    monkeypatch.setenv(ENV, "nope")
    expected = f"ASCEND_OPS_BACKEND='nope' is not a CPU backend; choose one of: {CHOICES}"
    with pytest.raises(OpArgumentError) as info:
        ascend_ops.current_backend()
    assert str(info.value) == expected
    op = ascend_ops.slice if caller == "public" else torch.ops.ascend_ops.slice
    with pytest.raises(OpArgumentError) as info:
        op(torch.zeros(3, 4), [0, 0], [1, 1])
    assert str(info.value) == f"slice: {expected}"  # the call it stopped, named
    assert isinstance(info.value, ValueError)


def test_use_backend_rejects_an_unknown_name():
    with pytest.raises(OpArgumentError) as info:
        with ascend_ops.use_backend("nope"):
            pytest.fail("the block must not run")
    assert str(info.value) == f"backend 'nope' is unknown; choose one of: {CHOICES}"
    assert ascend_ops.current_backend() != "nope"


def test_use_backend_overrides_the_environment_and_restores(monkeypatch):
    monkeypatch.setenv(ENV, "nope")
    with ascend_ops.use_backend("reference") as name:
        assert name == "reference"
        assert ascend_ops.current_backend() == "reference"
        x = torch.arange(24, dtype=torch.float32).reshape(2, 3, 4)
        assert torch.equal(ascend_ops.strided_slice(x, [1], [2], [1], shrink_axis_mask=1), x[1])
    with pytest.raises(OpArgumentError, match="ASCEND_OPS_BACKEND='nope'"):
        ascend_ops.current_backend()


def test_empty_environment_value_means_the_default(monkeypatch):
    default = ascend_ops.current_backend()
    monkeypatch.setenv(ENV, "  ")
    assert ascend_ops.current_backend() == default


def test_use_backend_restores_after_an_exception(monkeypatch):
    monkeypatch.setenv(ENV, "reference")
    with pytest.raises(RuntimeError, match="boom"):
        with ascend_ops.use_backend("sim"):
            assert ascend_ops.current_backend() == "sim"
            raise RuntimeError("boom")
    assert ascend_ops.current_backend() == "reference"
