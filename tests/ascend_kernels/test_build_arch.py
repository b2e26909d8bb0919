"""Note [build arch] (ascend_kernels/common/build_arch.h): a kernel build takes its arch from
__NPU_ARCH__, else from __CCE_AICORE__ as products.yaml's cpu_debug_defines give it per arch, else
stops with #error; only a host test build of every product line (ASCEND_OPS_ANY_ARCH_BUILD) compiles
for kAnyArch. Each case compiles a probe against the checkout's common headers."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from ascend_ops_gen.codegen.project import arch_products, cpu_debug_defines
from ascend_ops_gen.spec import specs

COMMON = Path(__file__).resolve().parents[2] / "ascend_kernels" / "common"

# The arch the build chose, as the kernels see it: kBuildArch and the `#if` twin.
PROBE = r"""
#include "build_arch.h"
static_assert(ascend_ops::kBuildArch.npuArch == EXPECTED, "kBuildArch is not arch EXPECTED");
#if EXPECTED != 0 && ASCEND_OPS_NPU_ARCH != EXPECTED
#error "ASCEND_OPS_NPU_ARCH is not EXPECTED"
#endif
"""


def _probe(tmp_path: Path, *defines: str) -> subprocess.CompletedProcess[str]:
    source = tmp_path / "probe.cpp"
    source.write_text(PROBE, encoding="utf-8")
    return subprocess.run(["g++", "-std=c++17", "-fsyntax-only", "-I", str(COMMON),
                           *(f"-D{d}" for d in defines), str(source)], capture_output=True, text=True)


ARCHS = tuple(arch_products(specs()))


@pytest.mark.parametrize("arch", ARCHS)
def test_without_npu_arch_the_arch_comes_from_cce_aicore(tmp_path: Path, arch: int):
    # products.yaml's defines of the arch, as CANN 8.1's compilers give them: no __NPU_ARCH__.
    defines = cpu_debug_defines(specs(), arch)
    assert any(d.startswith("__CCE_AICORE__=") for d in defines)
    built = _probe(tmp_path, *defines, f"EXPECTED={arch}")
    assert built.returncode == 0, built.stderr
    # negative control: the probe fails when it expects another arch
    other = next(a for a in ARCHS if a != arch)
    built = _probe(tmp_path, *defines, f"EXPECTED={other}")
    assert built.returncode != 0
    assert "kBuildArch is not arch EXPECTED" in built.stderr and "ASCEND_OPS_NPU_ARCH is not EXPECTED" in built.stderr


def test_npu_arch_wins_over_cce_aicore(tmp_path: Path):
    inference, a2 = (next(p for p in specs().products if p.key == key) for key in ("atlas-inference", "atlas-a2"))
    built = _probe(tmp_path, f"__NPU_ARCH__={inference.npu_arch}", f"__CCE_AICORE__={a2.cce_aicore}",
                   f"EXPECTED={inference.npu_arch}")
    assert built.returncode == 0, built.stderr


def test_a_build_with_neither_macro_stops_at_the_error(tmp_path: Path):
    built = _probe(tmp_path, "EXPECTED=0")
    assert built.returncode != 0
    assert "no NPU arch: the compiler defined neither __NPU_ARCH__ nor __CCE_AICORE__" in built.stderr


def test_only_a_build_that_asks_for_every_arch_compiles_for_any_arch(tmp_path: Path):
    built = _probe(tmp_path, "ASCEND_OPS_ANY_ARCH_BUILD=1", "EXPECTED=0")
    assert built.returncode == 0, built.stderr


def test_an_ai_core_of_no_product_line_is_named(tmp_path: Path):
    known = {p.cce_aicore for p in specs().products}
    unknown = next(v for v in range(310, 400) if v not in known)
    built = _probe(tmp_path, f"__CCE_AICORE__={unknown}", "EXPECTED=0")
    assert built.returncode != 0
    assert "__CCE_AICORE__ names the AI Core of no product line of op_specs/products.yaml" in built.stderr
