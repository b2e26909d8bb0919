"""Build progress is logging (Note [progress output] in runtime/build_cache.py): shown on stderr
by default, silenced by the package logger's level, and handed to the application's handlers once
it has set up logging."""
from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

SETUPS = {
    "default": "",
    "silenced": "logging.getLogger('ascend_ops').setLevel(logging.WARNING)",
    "configured": "logging.basicConfig(format='app %(name)s %(levelname)s %(message)s', level=logging.INFO)",
}


def _stderr(setup: str) -> str:
    code = ("import logging\n"
            f"{setup}\n"
            "from ascend_ops.runtime import build_cache\n"
            "build_cache.progress('building a thing (about a minute, once)')\n")
    env = {**os.environ, "TORCH_DEVICE_BACKEND_AUTOLOAD": "0"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          timeout=300, check=True)
    return done.stderr


@pytest.mark.parametrize("setup, expected", [
    ("default", ["ascend-ops: building a thing (about a minute, once)"]),
    ("silenced", []),
    ("configured", ["app ascend_ops.build INFO building a thing (about a minute, once)"]),
])
def test_progress_is_a_log_record_shown_by_default(setup, expected):
    lines = [line for line in _stderr(SETUPS[setup]).splitlines() if "building a thing" in line]
    assert lines == expected


def test_an_announced_build_says_when_it_is_done(tmp_path):
    source = tmp_path / "one.cpp"
    source.write_text('extern "C" int one() { return 1; }\n', encoding="utf-8")
    code = ("from pathlib import Path\n"
            "from ascend_ops.runtime import build_cache\n"
            f"build_cache.build('one', [Path({str(source)!r})], announce='building one (once)')\n"
            f"build_cache.build('one', [Path({str(source)!r})], announce='building one (once)')\n")
    env = {**os.environ, "TORCH_DEVICE_BACKEND_AUTOLOAD": "0", "ASCEND_OPS_CACHE": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          timeout=300, check=True)
    lines = done.stderr.splitlines()
    assert lines[0] == "ascend-ops: building one (once)"
    assert len(lines) == 2 and re.fullmatch(r"ascend-ops: built one \(\d+ s\)", lines[1]), lines  # the second call: cached
