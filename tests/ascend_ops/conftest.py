"""Every ascend_ops test starts with no product and the default CPU backend, whatever the
environment of the run says; tests that need either set it themselves."""
from __future__ import annotations

import os

import pytest

# No test process starts the compiled CPU kernel's first-use build (Note [first-use build] in
# ascend_ops.cpu.compiled) in a cache of its own; test_first_use_build.py sets it itself.
os.environ.setdefault("ASCEND_OPS_FAST_BUILD", "0")

PRODUCT_ENV = "ASCEND_OPS_PRODUCT"
BACKEND_ENV = "ASCEND_OPS_BACKEND"


@pytest.fixture(autouse=True)
def _no_product_default_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PRODUCT_ENV, raising=False)
    monkeypatch.delenv(BACKEND_ENV, raising=False)


@pytest.fixture
def counting_compiler(tmp_path, monkeypatch):
    """$CXX: g++ behind a script that logs each compile (a line per call) to the returned file."""
    from ascend_ops.runtime import build_cache

    log = tmp_path / "compiles.log"
    wrapper = tmp_path / "counting-g++"
    wrapper.write_text(f'#!/bin/sh\ncase "$*" in *--version*) ;; *) echo x >> "{log}" ;; esac\n'
                       f'exec g++ "$@"\n', encoding="utf-8")
    wrapper.chmod(0o755)
    monkeypatch.setenv(build_cache.COMPILER_ENV, str(wrapper))
    build_cache.compiler.cache_clear()
    yield log
    build_cache.compiler.cache_clear()
