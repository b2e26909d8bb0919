"""The tests' shared fixture, at the checkout's root (a conftest.py in tests/ would put tests/ on
sys.path, where tests/ascend_ops would shadow the package). Every test starts with no product and
the default CPU backend, whatever the environment of the run says; tests that need either set them
themselves. No test process starts the compiled CPU kernel's first-use build (Note [first-use
build] in ascend_ops.cpu.compiled) in a cache of its own; tests/ascend_ops/cpu/test_first_use_build.py
sets it itself.

The tests mirror the packages: tests/ascend_ops/ (the runtime: runtime/, cpu/, npu/, sim/, tools/
and onnx/, beside the tests of the whole call), tests/ascend_ops_gen/, tests/ascend_ops_dev/ (the
development package's stages), tests/cpu_reference/, tests/ascend_kernels/ (the C++ engine and
emulator) and tests/walkthrough/ (adding an op)."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("ASCEND_OPS_FAST_BUILD", "0")

PRODUCT_ENV = "ASCEND_OPS_PRODUCT"
BACKEND_ENV = "ASCEND_OPS_BACKEND"


@pytest.fixture(autouse=True)
def _no_product_default_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PRODUCT_ENV, raising=False)
    monkeypatch.delenv(BACKEND_ENV, raising=False)
