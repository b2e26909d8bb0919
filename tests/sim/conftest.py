"""Every simulator test starts with no product and the default CPU backend, whatever the
environment of the run says; tests that need either set it themselves."""
from __future__ import annotations

import pytest

from ascend_ops.cpu.backends import BACKEND_ENV
from ascend_ops.runtime.products import PRODUCT_ENV


@pytest.fixture(autouse=True)
def _no_product_default_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PRODUCT_ENV, raising=False)
    monkeypatch.delenv(BACKEND_ENV, raising=False)
