"""The binding's launch path per torch_npu release (Note [launch path], ascend_kernels/npu/launch_path.h)
and the torch_npu / CANN pairing check-npu reads from a wheel's METADATA. The compiles here use the
running torch's torch_npu release; torch_npu 2.6.0rc1, the one without RunOpApiV2, needs torch 2.6's
headers: `scripts/compat.sh` compiles it (check-npu --paired-with 8.1), with RunOpApiV2 forced as the
negative control."""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ascend_ops.npu.binding import binding_source, torch_version
from ascend_ops_dev.binding.cpu_aclnn import predicted_headers
from ascend_ops_dev.binding.torch_npu_wheel import (cann_pairs, release_for_cann, torch_npu_wheel,
                                                    unpacked_headers, wheel_dir, wheel_metadata)
from ascend_ops_dev.commands.check_npu import compile_binding, forced_v2_control, launch_path
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
    assert run.stdout.splitlines() == ["with V2: RunOpApiV2 (LaunchPath RunOpApiV2)",
                                       "without V2: RunOpApi (LaunchPath RunOpApi)"]


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")
def test_a_forced_member_is_what_every_launch_takes(tmp_path: Path) -> None:
    # ASCEND_OPS_NPU_LAUNCH (check-npu's --launch and its negative control) overrides the choice:
    # RunOpApi works on both classes, RunOpApiV2 does not compile on the class without it.
    older = _probe(tmp_path, "-DASCEND_OPS_NPU_LAUNCH=RunOpApi")
    assert older.stdout.splitlines() == ["with V2: RunOpApi (LaunchPath RunOpApiV2)",
                                         "without V2: RunOpApi (LaunchPath RunOpApi)"]
    forced = _probe(tmp_path, "-DASCEND_OPS_NPU_LAUNCH=RunOpApiV2")
    assert forced.returncode != 0 and "'RunOpApiV2' is not a member of 'CommandWithoutV2'" in \
        forced.stderr.replace("‘", "'").replace("’", "'"), forced.stderr


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


def test_the_reading_skips_comments_and_other_members(tmp_path: Path) -> None:
    header = tmp_path / "torch_npu" / "include/torch_npu/csrc/framework/OpCommand.h"
    header.parent.mkdir(parents=True)
    header.write_text("// RunOpApiV2(name, f) once it exists\n/* static void RunOpApiV2(x); */\n"
                      "static void RunOpApi(const string& n, PROC_FUNC f);\nstatic void RunOpApiV3(x);\n",
                      encoding="utf-8")
    assert launch_path(tmp_path / "torch_npu") == "RunOpApi"
    header.write_text("static void RunOpApiV2 (const string& n, const PROC_FUNC& f);\n", encoding="utf-8")
    assert launch_path(tmp_path / "torch_npu") == "RunOpApiV2"


def test_the_real_tables_pair_cann_8_1_with_2_6_0rc1_only_in_2_6_s_releases() -> None:
    # 2.6.0rc1's own METADATA has the CANN 8.1 row; torch_npu 2.13.0's table no longer does, which
    # is why check-npu reads the table of the installed torch's own newest release.
    own = wheel_metadata(torch_npu_wheel("2.6.0", wheel_dir(), "2.6.0rc1"))
    assert release_for_cann("2.6.0", "8.1", own) == ("2.6.0rc1", "8.1.RC1.alpha002")
    later = wheel_metadata(torch_npu_wheel("2.13.0", wheel_dir()))
    assert release_for_cann("2.6.0", "8.1", later) is None
    assert release_for_cann("2.6.0", "8.3", later) == ("2.6.0.post3", "8.3.RC1")


def check_npu_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ascend_ops_dev", "check-npu", *args], capture_output=True,
                          text=True, env=dict(os.environ, TORCH_DEVICE_BACKEND_AUTOLOAD="0"), timeout=1800)


def _current_release() -> Path:
    return unpacked_headers(torch_npu_wheel(torch_version(), wheel_dir()))


def test_the_compile_proves_the_launch_path_it_names() -> None:
    # check-npu passes its reading of OpCommand.h to the compile, which asserts it against the
    # compile-time choice: a wrong reading fails the compile.
    root = _current_release()
    assert launch_path(root) == "RunOpApiV2"
    right = compile_binding(binding_source(), root, predicted_headers(), expect_launch="RunOpApiV2")
    assert right.ok, right.errors()
    wrong = compile_binding(binding_source(), root, predicted_headers(), expect_launch="RunOpApi")
    assert not wrong.ok and "the launch path check-npu read from OpCommand.h is not the one the binding " \
        "compiles" in wrong.output, wrong.errors()


def test_the_older_path_compiles_against_the_real_op_command_and_a_missing_member_does_not() -> None:
    # RunOpApi, the path of releases without V2, type-checks against the running torch's release too
    # (so the main suite compiles it, not only compat.sh's torch 2.6 run); a member no release has
    # fails on its name: the forced member is what the launch calls.
    older = check_npu_cli("--launch", "RunOpApi")
    assert older.returncode == 0, older.stdout + older.stderr
    assert "launching through OpCommand::RunOpApi (forced)" in older.stdout
    missing = check_npu_cli("--launch", "RunOpApiV9")
    assert missing.returncode == 1, missing.stdout + missing.stderr
    assert "'RunOpApiV9' is not a member of 'at_npu::native::OpCommand'" in \
        missing.stderr.replace("‘", "'").replace("’", "'"), missing.stderr


def test_the_forced_v2_control_fails_on_a_release_that_has_v2(capsys) -> None:
    # The control compat.sh runs on 2.6.0rc1 (RunOpApiV2 forced must not compile) can fail: on a
    # release with RunOpApiV2 the forced compile succeeds, and the control says so.
    args = argparse.Namespace(no_cache=False, acl_headers=None)
    assert forced_v2_control(binding_source(), _current_release(), predicted_headers(), args) == 1
    assert "did not fail on that name, so the launch path is not what makes it compile:\n(it compiled)" in \
        capsys.readouterr().err


def test_a_release_of_another_torch_is_refused_before_compiling() -> None:
    done = check_npu_cli("--torch-npu", "2.6.0rc1")
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"torch_npu 2.6.0rc1 is made for torch 2.6, this is torch {torch_version()}" in done.stderr


def test_the_newest_cached_release_of_a_torch_is_chosen_by_number(tmp_path: Path) -> None:
    # --torch-npu and --paired-with leave older releases in the wheel folder: post11 is newer than
    # post2 (and than the release without a post number), whatever the file names sort as.
    for release in ("2.7.1", "2.7.1.post2", "2.7.1.post11", "2.7.1rc1"):
        (tmp_path / f"torch_npu-{release}-cp311-cp311-manylinux_2_28_x86_64.whl").touch()
    assert torch_npu_wheel("2.7.1", tmp_path).name.startswith("torch_npu-2.7.1.post11-")
    assert torch_npu_wheel("2.7.1", tmp_path, "2.7.1rc1").name.startswith("torch_npu-2.7.1rc1-")
