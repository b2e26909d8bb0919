"""products.yaml's cpu_debug_defines against CANN's own CPU-debug build: asc-tools' cpudebug
CMakeLists.txt defines, per product type, __CCE_AICORE__, the arch's __DAV_* macro and
__NPU_ARCH__; the vector-only kernels of a split arch add the vector core's macro that
asc-devkit's op compiler config names (vec_core_type_macro)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from ascend_ops.sim.library import arch_defines
from ascend_ops_gen.errors import SpecError
from ascend_ops_gen.spec import load_specs, specs

ROOT = Path(__file__).resolve().parents[3]
HEADERS = ROOT.parent / "shared" / "cann-headers"
CPUDEBUG_CMAKE = HEADERS / "asc-tools" / "cpudebug" / "CMakeLists.txt"
OP_COMPILER_CONFIG = HEADERS / "asc-devkit" / "tools" / "build" / "asc_op_compile_base" / "asc_op_compiler" / "config"

needs_headers = pytest.mark.skipif(not CPUDEBUG_CMAKE.is_file(), reason="the CANN sources fixture is not beside the checkout")


def cann_defines_by_arch(cmake: str) -> dict[int, set[str]]:
    """`$<$<STREQUAL:${product_type},X>:A;B;__NPU_ARCH__=N>` lines: N -> {A, B}."""
    out: dict[int, set[str]] = {}
    for body in re.findall(r"\$<\$<STREQUAL:\$\{product_type\},\w+>:([^>]*)>", cmake):
        items = body.split(";")
        archs = [int(i.split("=")[1]) for i in items if i.startswith("__NPU_ARCH__=")]
        if archs:  # the product types' defines; other generator expressions select other things
            out[archs[0]] = {i for i in items if not i.startswith("__NPU_ARCH__=")}
    return out


def vector_core_macros() -> set[str]:
    return set(re.findall(r'vec_core_type_macro = "(\w+)"',
                          "".join(p.read_text() for p in OP_COMPILER_CONFIG.glob("*.py"))))


def mismatches(spec_set, cann: dict[int, set[str]], vector: set[str]) -> list[str]:
    found = []
    for p in spec_set.products:
        ours = set(p.cpu_debug_defines)
        if not cann.get(p.npu_arch, set()) <= ours:
            found.append(f"{p.key}: lacks {sorted(cann.get(p.npu_arch, {'(arch unknown to CANN)'}) - ours)}")
        extra = ours - cann.get(p.npu_arch, set())
        if extra - vector - {"__DAV_VEC__"}:
            found.append(f"{p.key}: defines {sorted(extra - vector - {'__DAV_VEC__'})}, which CANN does not")
    return found


@needs_headers
def test_the_defines_are_canns_cpu_debug_build():
    cann = cann_defines_by_arch(CPUDEBUG_CMAKE.read_text())
    assert {2201, 1001, 2002, 3002} <= set(cann)
    assert mismatches(specs(), cann, vector_core_macros()) == []


@needs_headers
def test_a_wrong_define_is_caught():
    from dataclasses import replace
    cann = cann_defines_by_arch(CPUDEBUG_CMAKE.read_text())
    a2 = next(p for p in specs().products if p.key == "atlas-a2")
    wrong = replace(a2, cpu_debug_defines=("__CCE_AICORE__=200", "__DAV_C220__"))
    assert mismatches(replace(specs(), products=(wrong,)), cann, vector_core_macros()) == [
        "atlas-a2: lacks ['__CCE_AICORE__=220']", "atlas-a2: defines ['__CCE_AICORE__=200'], which CANN does not"]


def test_the_simulator_builds_each_arch_with_its_defines():
    for p in specs().products:
        defines = arch_defines(p.npu_arch)
        assert defines["__NPU_ARCH__"] == str(p.npu_arch)
        assert [f"{k}={v}" if v != "1" else k for k, v in defines.items()][1:] == list(p.cpu_debug_defines)
    with pytest.raises(KeyError, match="NPU arch 9999 is the npu_arch of no product"):
        arch_defines(9999)


def _products(tmp_path: Path, old: str, new: str) -> Path:
    specs_dir = tmp_path / "op_specs"
    specs_dir.mkdir()
    for p in (ROOT / "op_specs").glob("*.yaml"):
        (specs_dir / p.name).write_text(p.read_text())
    path = specs_dir / "products.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return specs_dir


A3_DEFINES = "cpu_debug_defines: [__CCE_AICORE__=220, __DAV_C220__, __DAV_C220_VEC__, __DAV_VEC__]"
TRAINING_DEFINES = "cpu_debug_defines: [__CCE_AICORE__=100, __DAV_C100__]"


@pytest.mark.parametrize("old, new, message", [
    (A3_DEFINES, "cpu_debug_defines: [__CCE_AICORE__=220, __DAV_C220__, __DAV_C220_VEC__, __DAV_VEC__, '-O2']",
     "cpu_debug_defines entry '-O2' must be NAME or NAME=VALUE"),
    (A3_DEFINES, "cpu_debug_defines: [__NPU_ARCH__=2201]", "must not define __NPU_ARCH__: npu_arch does"),
    (A3_DEFINES, "cpu_debug_defines: [__DAV_C220__, __DAV_C220__]", "defines __DAV_C220__ twice"),
    # Note [build arch]: a kernel build without __NPU_ARCH__ finds its arch by __CCE_AICORE__.
    (TRAINING_DEFINES, "cpu_debug_defines: [__DAV_C100__]",
     "product atlas-training: cpu_debug_defines must define __CCE_AICORE__=N"),
    (TRAINING_DEFINES, "cpu_debug_defines: [__CCE_AICORE__=220, __DAV_C100__]",
     "product atlas-training: npu_arch 1001 shares __CCE_AICORE__=220 with npu_arch 2201 of product atlas-a3"),
])
def test_a_bad_define_is_rejected_with_its_line(tmp_path: Path, old: str, new: str, message: str):
    specs_dir = _products(tmp_path, old, new)
    line = (specs_dir / "products.yaml").read_text().split("\n").index(f"    {new}") + 1
    with pytest.raises(SpecError, match=re.escape(f"op_specs/products.yaml:{line}: ") + ".*" + re.escape(message)):
        load_specs(specs_dir, tmp_path)


def test_lines_of_one_arch_must_agree(tmp_path: Path):
    specs_dir = _products(tmp_path, A3_DEFINES, "cpu_debug_defines: [__CCE_AICORE__=220, __DAV_C220__]")
    with pytest.raises(SpecError, match=r"product atlas-a2: cpu_debug_defines differ from those of product "
                                        r"atlas-a3 \(op_specs/products.yaml:\d+\), which has the same npu_arch 2201"):
        load_specs(specs_dir, tmp_path)

