"""op_host compiles on CANN 8.1's opbuild line: msOpGen's project template (cmake/func.cmake)
compiles every op_host file with `-std=c++11 -D_GLIBCXX_USE_CXX11_ABI=0 -I <toolkit>/include
-I <project>/op_kernel` and no hook for further flags. The line is read from the toolkit's
func.cmake (cann_package.msopgen_op_host_line); its second folder is the package's common/, as
ascend_kernels/cmake/msopgen_flow.cmake points it, and nothing of the toolkit beyond include/ is
searched."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from ascend_ops_dev.cann import cann_package
from ascend_ops_gen.spec import specs

REPO = Path(__file__).resolve().parents[3]
KERNELS = REPO / "ascend_kernels"
TOOLKIT = REPO.parent / "shared/cann-8.1/toolkit"
OPS = tuple(op.name for op in specs().ops)

pytestmark = pytest.mark.skipif(not TOOLKIT.is_dir() or shutil.which("g++") is None,
                                reason="needs ../shared/cann-8.1 and g++")


@pytest.fixture(scope="module")
def opbuild_line(tmp_path_factory) -> tuple[str, ...]:
    return cann_package.msopgen_op_host_line(TOOLKIT, KERNELS, tmp_path_factory.mktemp("cann81"))


def compile_on(line, source: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["g++", "-fsyntax-only", *line, str(source)], capture_output=True, text=True)


def test_the_line_is_cxx11_with_the_toolkits_include_and_the_packages_common(opbuild_line):
    includes = [opbuild_line[i + 1] for i, word in enumerate(opbuild_line) if word == "-I"]
    assert "-std=c++11" in opbuild_line and not any(w.startswith("-std=") and w != "-std=c++11" for w in opbuild_line)
    assert len(includes) == 2 and includes[0].endswith("/include") and includes[1] == str(KERNELS / "common")


@pytest.mark.parametrize("op", OPS)
def test_op_host_compiles_on_the_cann81_opbuild_line(opbuild_line, op):
    result = compile_on(opbuild_line, KERNELS / op / "op_host" / f"{op}.cpp")
    assert result.returncode == 0, result.stderr[-4000:]


def test_a_cxx14_construct_fails_the_cann81_opbuild_line(opbuild_line, tmp_path):
    # Negative control: the same op_host file with a generic lambda (C++14) added, in a folder
    # that links the op's other files where the original finds them.
    source = KERNELS / "slice/op_host/slice.cpp"
    op_dir = tmp_path / "slice"
    for entry in (KERNELS / "slice").iterdir():
        if entry.name != "op_host":
            (op_dir / entry.name).parent.mkdir(parents=True, exist_ok=True)
            (op_dir / entry.name).symlink_to(entry)
    for entry in source.parent.iterdir():
        if entry != source:
            (op_dir / "op_host").mkdir(exist_ok=True)
            (op_dir / "op_host" / entry.name).symlink_to(entry)
    broken = op_dir / "op_host" / "slice.cpp"
    broken.write_text(source.read_text().replace(
        '#include "copy_op_host.h"', '#include "copy_op_host.h"\nstatic auto kIdentity = [](auto x) { return x; };', 1))
    assert broken.read_text() != source.read_text()
    assert compile_on(opbuild_line, broken.with_name("slice_tiling.h")).returncode == 0  # the copy's own headers
    result = compile_on(opbuild_line, broken)
    assert result.returncode != 0
    assert result.stderr.count("error:") == 1, result.stderr[-2000:]
    assert "only available with" in result.stderr and "-std=c++14" in result.stderr, result.stderr[-2000:]


def test_without_the_packages_common_folder_the_line_fails(opbuild_line):
    # Control: the toolkit's include/ alone does not hold the engine's headers; the line passes
    # only through the folder msopgen_flow.cmake points the template's ../op_kernel at.
    common = opbuild_line.index(str(KERNELS / "common"))
    result = compile_on(opbuild_line[:common - 1] + opbuild_line[common + 1:], KERNELS / "slice/op_host/slice.cpp")
    assert result.returncode != 0, result.stderr[-2000:]
    assert "copy_tiling_data_generated.h: No such file" in result.stderr, result.stderr[-2000:]
