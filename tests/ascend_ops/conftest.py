"""Fixtures of the ascend_ops tests. The helpers (ascend_ops_support, backend_sweep,
sim_npu_checks, transform_checks) sit in this folder, and the tests of its subfolders import them
by name: the folder goes on sys.path."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))


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
