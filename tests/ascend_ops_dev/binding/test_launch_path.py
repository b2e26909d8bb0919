"""The binding's launch path per torch_npu release (Note [launch path], ascend_kernels/npu/launch_path.h)
and the torch_npu / CANN pairing check-npu reads from a wheel's METADATA."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ascend_ops_dev.binding.torch_npu_wheel import (cann_pairs, release_for_cann, torch_npu_wheel,
                                                    unpacked_headers, wheel_dir)
from ascend_ops_dev.commands.check_npu import launch_path
from ascend_ops_gen.spec import project_root

HERE = Path(__file__).parent
KERNELS = project_root() / "ascend_kernels"


def _probe(tmp_path: Path, *defines: str) -> subprocess.CompletedProcess:
    exe = tmp_path / "probe"
    built = subprocess.run(["g++", "-std=c++17", *defines, f"-I{KERNELS}", str(HERE / "launch_path_probe.cpp"),
                            "-o", str(exe)], capture_output=True, text=True)
    if built.returncode != 0:
        return built
    return subprocess.run([str(exe)], capture_output=True, text=True, check=True)


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")
def test_the_launch_takes_v2_where_the_command_has_it_and_run_op_api_otherwise(tmp_path: Path) -> None:
    run = _probe(tmp_path)
    assert run.stdout.splitlines() == ["with V2: RunOpApiV2", "without V2: RunOpApi"]


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")
def test_a_command_with_neither_entry_point_does_not_compile(tmp_path: Path) -> None:
    # Negative control: the selection is a compile-time one, not a silent no-op.
    built = _probe(tmp_path, "-DPROBE_NEITHER")
    assert built.returncode != 0 and "RunOpApi" in built.stderr


@pytest.mark.parametrize("release, entry", [("2.6.0rc1", "RunOpApi"), ("2.13.0", "RunOpApiV2")])
def test_each_release_names_the_entry_point_its_headers_declare(release: str, entry: str) -> None:
    # torch_npu 2.6.0rc1 (made for CANN 8.1) declares only RunOpApi; 2.13.0 declares both.
    root = unpacked_headers(torch_npu_wheel(release.split("rc")[0], wheel_dir(), release))
    header = (root / "include/torch_npu/csrc/framework/OpCommand.h").read_text(encoding="utf-8")
    assert ("RunOpApiV2(" in header) == (entry == "RunOpApiV2")
    assert launch_path(root) == entry


METADATA = """Some text.

| CANN Version          | Supported PyTorch Version | Supported Extension Version | Github Branch     |
|-----------------------|---------------------------|-----------------------------|-------------------|
| CANN 8.3.RC1          | 2.7.1                     | 2.7.1.post1                 | v2.7.1-7.2.0      |
|                       | 2.6.0                     | 2.6.0.post3                 | v2.6.0-7.2.0      |
| CANN 8.1.RC1.alpha002 | 2.6.0                     | 2.6.0rc1                    | v2.6.0            |
| CANN 8.1.RC1          | 2.5.1                     | 2.5.1                       | v2.5.1-7.0.0      |

| Other | table |
|---|---|
| 2.6.0 | x |
"""


def test_the_pairing_table_is_read_row_by_row_with_continued_cann_cells() -> None:
    assert cann_pairs(METADATA) == [("8.3.RC1", "2.7.1", "2.7.1.post1"), ("8.3.RC1", "2.6.0", "2.6.0.post3"),
                                    ("8.1.RC1.alpha002", "2.6.0", "2.6.0rc1"), ("8.1.RC1", "2.5.1", "2.5.1")]
    assert release_for_cann("2.6.0", "8.1", METADATA) == ("2.6.0rc1", "8.1.RC1.alpha002")
    assert release_for_cann("2.6.0", "8.3", METADATA) == ("2.6.0.post3", "8.3.RC1")
    # A prefix matches whole version parts only, and a torch the table lacks has no release.
    assert release_for_cann("2.6.0", "8.", METADATA) is None
    assert release_for_cann("2.14.0", "8.1", METADATA) is None


def test_acl_headers_without_acl_h_are_refused(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "ascend_ops_dev", "check-npu", "--acl-headers", str(tmp_path)],
                          capture_output=True, text=True, env=dict(os.environ, TORCH_DEVICE_BACKEND_AUTOLOAD="0"))
    assert done.returncode == 2
    assert f"--acl-headers {tmp_path} holds no acl/acl.h" in done.stderr
