"""Fixtures of the runtime tests."""
from __future__ import annotations

import pytest

from ascend_ops.runtime import build_cache


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty build cache of the test's own, with the verified and warned sets cleared."""
    folder = tmp_path / "cache"
    monkeypatch.setenv(build_cache.CACHE_ENV, str(folder))
    build_cache._verified.clear()
    build_cache._warned_damage.clear()
    return folder
