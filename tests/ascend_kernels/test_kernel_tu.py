"""Note [kernel translation unit] (ascend_kernels/common/build_arch.h): a kernel's translation
unit holds device code only. The engine headers it reaches include no host library header and
name no floating-point type (a custom op's kernel computes, in floats too); the host-only headers
refuse a kernel build."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ascend_ops_gen.codegen.copy_tiling import strip_cpp_comments
from ascend_ops_gen.spec import specs

ROOT = Path(__file__).resolve().parents[2]
KERNELS = ROOT / "ascend_kernels"
COMMON = KERNELS / "common"
SIM = KERNELS / "sim"

# What device code may include of the C++ library: fixed-width integers, offsetof.
DEVICE_LIBRARY_HEADERS = {"cstdint", "cstddef"}
HOST_ONLY = ("copy_planner.h", "plan_view.h", "copy_cost.h", "gather_units.h", "transpose_choice.h", "cost_model.h", "copy_op_host.h", "status.h", "soc_info.h", "products.h",
             "products_generated.h", "view_builder.h", "block_rearrangement.h")
_INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
_FLOATING = re.compile(r"\b(double|float|long double)\b")


def closure(entry: Path, search: tuple[Path, ...]) -> dict[Path, str]:
    """The project headers `entry` reaches through `#include "..."` (kernel_operator.h and what
    the toolkit provides excluded), with their comment-free text."""
    seen: dict[Path, str] = {}
    todo = [entry]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        text = strip_cpp_comments(path.read_text(encoding="utf-8"))
        seen[path] = text
        for kind, name in _INCLUDE.findall(text):
            if kind != '"' or name == "kernel_operator.h":
                continue
            found = next((d / name for d in (path.parent, *search) if (d / name).is_file()), None)
            if found is not None:
                todo.append(found)
    return seen


def problems(headers: dict[Path, str], floating: bool = False) -> list[str]:
    """What in `headers` is no device code: a host-only header, a host library include, and, unless
    `floating` (a custom op computes), a floating-point type."""
    out = []
    for path, text in headers.items():
        if path.name in HOST_ONLY:
            out.append(f"{path.name}: host-only header")
        for kind, name in _INCLUDE.findall(text):
            if kind == "<" and name not in DEVICE_LIBRARY_HEADERS:
                out.append(f"{path.name}: #include <{name}>")
        out += [] if floating else [f"{path.name}: {m[0]}" for m in _FLOATING.finditer(text)]
    return out


@pytest.mark.parametrize("op", [o.name for o in specs().ops])
def test_a_kernel_reaches_device_code_only(op):
    entry = KERNELS / op / "op_kernel" / f"{op}.cpp"
    headers = closure(entry, (COMMON,))
    custom = specs().op(op).is_custom
    engine = {"custom_op_kernel.h", "arch_traits_generated.h"} if custom else \
        {"strided_copy_kernel.h", "copy_grid.h", "arch_traits_generated.h"}
    assert engine <= {p.name for p in headers}
    assert not problems(headers, floating=custom), problems(headers, floating=custom)


def test_negative_control_host_code_in_reach_is_found(tmp_path):
    (tmp_path / "k.cpp").write_text('#include "a.h"\n#include "kernel_operator.h"\n')
    (tmp_path / "a.h").write_text('#include <cmath>\n#include "b.h"\n#include "status.h"\n')
    (tmp_path / "b.h").write_text("// double in a comment is fine\ninline float Half(int x) { return x / 2.0; }\n")
    (tmp_path / "status.h").write_text("#include <cstdint>\n")
    found = problems(closure(tmp_path / "k.cpp", ()))
    assert sorted(found) == ["a.h: #include <cmath>", "b.h: float", "status.h: host-only header"], found
    found = problems(closure(tmp_path / "k.cpp", ()), floating=True)  # a custom op's kernel
    assert sorted(found) == ["a.h: #include <cmath>", "status.h: host-only header"], found


def _syntax_check(source: Path, arch: int) -> subprocess.CompletedProcess:
    gxx = shutil.which("g++")
    if gxx is None:
        pytest.skip("no g++")
    return subprocess.run([gxx, "-std=c++17", "-fsyntax-only", "-DASCEND_SIM_TILING_TYPE=ascend_ops::CopyTiling",
                           f"-D__NPU_ARCH__={arch}", f"-I{SIM}", f"-I{COMMON}", str(source)],
                          capture_output=True, text=True, check=False)


# products_generated.h is left out: the emulator, standing in for AscendC's implementation, reads
# the product table itself, so only builds against AscendC's own headers refuse it.
@pytest.mark.parametrize("header", ["status.h", "copy_planner.h", "plan_view.h", "copy_cost.h", "gather_units.h",
                                    "transpose_choice.h", "cost_model.h", "soc_info.h", "copy_op_host.h"])
def test_negative_control_a_kernel_including_host_code_does_not_compile(tmp_path, header):
    source = KERNELS / "slice" / "op_kernel" / "slice.cpp"
    assert _syntax_check(source, 2201).returncode == 0  # as generated
    text = source.read_text(encoding="utf-8")
    marker = '#include "strided_copy_kernel.h"\n'
    assert marker in text
    variant = tmp_path / "slice.cpp"
    variant.write_text(text.replace(marker, marker + f'#include "{header}"\n'), encoding="utf-8")
    done = _syntax_check(variant, 2201)
    assert done.returncode != 0
    assert f"{header} is host code" in done.stderr, done.stderr[-2000:]
