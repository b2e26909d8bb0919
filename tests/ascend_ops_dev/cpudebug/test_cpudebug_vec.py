"""The vector instructions through Huawei's AscendC implementation (CPU-debug mode) on the package's
intrinsic model (dev/ascend_ops_dev/cpudebug/model_vec.inc), against the emulator.

The test kernels of tests/ascend_kernels/vec_cases/vec_kernels.cpp (a TPipe / TQue pipeline:
CopyIn, Compute with one instruction, CopyOut) are linked into each arch's CPU-debug launcher
and run there and on the emulator with the same inputs: every instruction x element type (Cast:
x pair x RoundMode) the arch has. The two outputs must be the same bits, and the oracle's
(tests/ascend_kernels/vec_oracle.py); Huawei's API checkers must report nothing. Negative
control: a model whose vadd subtracts is caught by the comparison. Each runs with the package's
stub_fun.h (the CANN headers fixture ../shared/cann-headers, or an installed toolkit) and with CANN
8.1's (../shared/cann-8.1/toolkit); the launchers are cached by content.
"""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from ascend_ops_dev.cann import cann_check
from ascend_ops_gen.spec import project_root

try:
    from ascend_ops_dev.cpudebug import build, run as cases
except ImportError:  # pragma: no cover - the tool is part of a checkout
    build = cases = None

sys.path.insert(0, str(project_root() / "tests" / "ascend_kernels"))
from vec_harness import (ARCH_PRODUCTS, ARCHS, CALL_FORMS, KERNELS, arch_cases, assert_bits_equal,  # noqa: E402
                         build_driver, run)


# The package's stub_fun.h with asc-tools' sources (the fixture or an installed toolkit), and CANN
# 8.1's own stub_fun.h, whose declarations the model's vector intrinsics are written against
# (Note [vector intrinsics on a toolkit's stub_fun.h] in ascend_ops_dev/cpudebug/toolkit_vec.py).
TOOLKITS = ("default", "cann-8.1")
CANN_81 = project_root() / ".." / "shared" / "cann-8.1" / "toolkit"


def _headers(toolkit: str = "default"):
    try:
        return cann_check.find_headers(CANN_81.resolve() if toolkit == "cann-8.1" else None, project_root())
    except cann_check.HeadersNotFound as e:
        pytest.skip(f"no CANN headers: {e}")


def _launcher(arch: int, *model_defines: str, toolkit: str = "default") -> Path:
    variant = build.Variant(model_defines=model_defines, extra_kernels=(str(KERNELS),))
    return build.build_arch(arch, _headers(toolkit), variant=variant).launcher


@pytest.fixture(scope="module")
def emulator(tmp_path_factory) -> Path:
    return build_driver(tmp_path_factory.mktemp("vec_emulator"))


def _cpudebug(launcher: Path, case, tmp_path: Path) -> np.ndarray:
    y_bytes = case.expected.nbytes
    launched = cases.launch_kernel(launcher, case.entry, 1, 0, case.tiling, case.x, y_bytes, tmp_path)
    problems, _, _ = launched.verdict(1)
    assert not problems, f"{case.label}: " + "\n".join(problems) + "\n" + launched.stdout[-3000:]
    return np.frombuffer(launched.y, dtype=case.expected.dtype)


@pytest.mark.parametrize("toolkit", TOOLKITS)
@pytest.mark.parametrize("arch", ARCHS)
def test_huawei_implementation_on_the_model_equals_the_emulator(emulator, tmp_path, arch, toolkit):
    if toolkit == "cann-8.1" and not CANN_81.is_dir():
        pytest.skip(f"{CANN_81} is absent")
    launcher = _launcher(arch, toolkit=toolkit)
    product = ARCH_PRODUCTS[arch]
    checked = 0
    for case in arch_cases(product):
        on_model = _cpudebug(launcher, case, tmp_path)
        emulated = run(emulator, product.simulated_soc, case.entry, case.x, case.expected.nbytes, case.tiling, tmp_path)
        assert emulated.error is None, f"{case.label}: {emulated.error}"
        assert_bits_equal(on_model, np.frombuffer(emulated.y, dtype=case.expected.dtype),
                          f"arch {arch} {case.label}: CPU-debug vs emulator")
        assert_bits_equal(on_model, case.expected, f"arch {arch} {case.label}: CPU-debug vs oracle")
        checked += 1
    assert checked >= 40, checked  # every arch has at least the float16 / float32 / int32 set


@pytest.mark.parametrize("toolkit", TOOLKITS)
def test_a_model_whose_vadd_subtracts_is_caught(emulator, tmp_path, toolkit):
    if toolkit == "cann-8.1" and not CANN_81.is_dir():
        pytest.skip(f"{CANN_81} is absent")
    launcher = _launcher(2201, "ASCEND_OPS_CPUDEBUG_VEC_ADD_AS_SUB=1", toolkit=toolkit)
    product = ARCH_PRODUCTS[2201]
    case = next(c for c in arch_cases(product) if c.entry == "vec_add_float")
    on_model = _cpudebug(launcher, case, tmp_path)
    emulated = run(emulator, product.simulated_soc, case.entry, case.x, case.expected.nbytes, case.tiling, tmp_path)
    with pytest.raises(AssertionError, match="elements differ"):
        assert_bits_equal(on_model, np.frombuffer(emulated.y, dtype=case.expected.dtype), "vadd as vsub")


# ---- the test kernels against both toolkits' headers, as check-cann compiles kernels ----------

TOOLKITS = {"asc-devkit": project_root() / ".." / "shared" / "cann-headers",
            "cann-8.1": project_root() / ".." / "shared" / "cann-8.1" / "toolkit"}


def _check(toolkit: str, arch: int, source: Path):
    from ascend_ops_gen.codegen.project import cpu_debug_defines
    from ascend_ops_gen.spec import specs

    root = TOOLKITS[toolkit].resolve()
    if not root.is_dir():
        pytest.skip(f"{root} is absent")
    headers = cann_check.find_headers(root, project_root())
    job = cann_check.Job("vec_kernels", "kernel", arch, source, cpu_debug_defines(specs(), arch))
    [result] = cann_check.run_checks([job], headers, project_root() / "ascend_kernels")
    return result, headers


@pytest.mark.parametrize("source", [KERNELS, CALL_FORMS], ids=lambda p: p.stem)
@pytest.mark.parametrize("arch", ARCHS)
@pytest.mark.parametrize("toolkit", sorted(TOOLKITS))
def test_the_vector_kernels_compile_against_each_toolkit(toolkit, arch, source):
    # The Compute steps written against the emulator compile unchanged against Huawei's headers.
    result, headers = _check(toolkit, arch, source)
    assert result.ok, cann_check.report([result], headers, project_root())


@pytest.mark.parametrize("toolkit", sorted(TOOLKITS))
def test_a_dtype_the_arch_lacks_fails_against_the_toolkit_too(toolkit, tmp_path):
    # Negative control of the compile above, and a check of one products.yaml fact against
    # Huawei's headers: arch 1001's Duplicate has no bfloat16_t overload there either.
    source = tmp_path / "duplicate_bf16.cpp"
    source.write_text('#include "kernel_operator.h"\nusing namespace AscendC;\n'
                      'extern "C" __global__ __aicore__ void k(GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR)\n{\n'
                      '    TPipe pipe;\n    TBuf<TPosition::VECCALC> buf;\n    pipe.InitBuffer(buf, 256);\n'
                      '    Duplicate(buf.Get<bfloat16_t>(), bfloat16_t(1.0f), 64);\n}\n', encoding="utf-8")
    result, _ = _check(toolkit, 1001, source)
    assert not result.ok
