"""op_host compiles on CANN 8.1's opbuild line: msOpGen's project template (cmake/func.cmake)
compiles every op_host file with `g++ -std=c++11 -D_GLIBCXX_USE_CXX11_ABI=0 -I <toolkit>/include
-I op_kernel` and no hook for further flags. The package's own folders are added, nothing of the
toolkit beyond include/."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
KERNELS = REPO / "ascend_kernels"
TOOLKIT_TREE = REPO.parent / "shared/cann-8.1/toolkit/aarch64-linux"
OPS = ("slice", "strided_slice", "depth_to_space", "space_to_depth")

pytestmark = pytest.mark.skipif(not TOOLKIT_TREE.is_dir() or shutil.which("g++") is None,
                                reason="needs ../shared/cann-8.1 and g++")


@pytest.fixture(scope="module")
def toolkit_include(tmp_path_factory) -> Path:
    # The fixture stores the installation's symlinks (include/tiling -> the AscendC high-level
    # API) as text files holding their target; an installed toolkit has the links.
    include = tmp_path_factory.mktemp("cann81") / "include"
    include.mkdir()
    for entry in (TOOLKIT_TREE / "include").iterdir():
        target = entry
        if entry.is_file() and entry.suffix == "" and entry.stat().st_size < 200:
            linked = (entry.parent / entry.read_text().strip()).resolve()
            if linked.exists():
                target = linked
        (include / entry.name).symlink_to(target)
    return include


def opbuild_line(include: Path, op: str, source: Path) -> list[str]:
    return ["g++", "-fsyntax-only", "-std=c++11", "-D_GLIBCXX_USE_CXX11_ABI=0", f"-I{include}",
            f"-I{KERNELS / op / 'op_host'}", f"-I{KERNELS / op / 'op_kernel'}", f"-I{KERNELS / op}", f"-I{KERNELS / 'common'}", str(source)]


@pytest.mark.parametrize("op", OPS)
def test_op_host_compiles_on_the_cann81_opbuild_line(toolkit_include, op):
    result = subprocess.run(opbuild_line(toolkit_include, op, KERNELS / op / "op_host" / f"{op}.cpp"),
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-4000:]


def test_a_cxx14_construct_fails_the_cann81_opbuild_line(toolkit_include, tmp_path):
    # Negative control: the same op_host file with a generic lambda (C++14) added.
    source = KERNELS / "slice/op_host/slice.cpp"
    broken = tmp_path / "slice.cpp"
    broken.write_text(source.read_text().replace(
        '#include "copy_op_host.h"', '#include "copy_op_host.h"\nstatic auto kIdentity = [](auto x) { return x; };', 1))
    assert broken.read_text() != source.read_text()
    result = subprocess.run(opbuild_line(toolkit_include, "slice", broken), capture_output=True, text=True)
    assert result.returncode != 0
    assert "auto" in result.stderr
