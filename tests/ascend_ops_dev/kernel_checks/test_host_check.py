"""The generated C++ compiles without CANN (kernel_checks/host_check.py): op_host against the CANN
header stand-in, op_kernel against the AscendC simulator headers."""
from __future__ import annotations

from pathlib import Path

import pytest

from ascend_ops_dev.kernel_checks.host_check import check_host_code, main
from ascend_ops_gen.codegen.project import arch_products
from ascend_ops_gen.spec import specs

ROOT = Path(__file__).resolve().parents[3]


def test_every_generated_source_of_the_checkout_compiles():
    results = check_host_code(ROOT / "ascend_kernels")
    archs = tuple(arch_products(specs()))
    ops = sorted(o.name for o in specs().kernel_ops())
    assert sorted((r.source.relative_to(ROOT / "ascend_kernels").parts[:2], r.npu_arch) for r in results) == \
        sorted([((op, "op_host"), None) for op in ops] + [((op, "op_kernel"), a) for op in ops for a in archs])
    failed = [f"{r.source}:\n{r.output}" for r in results if not r.ok]
    assert not failed, "\n".join(failed)


def test_a_broken_host_source_is_named(project, capsys):
    project.edit("ascend_kernels/slice/op_host/slice.cpp", 'attrs.ListInt(0, "offsets")',
                 'attrs.ListInt("offsets")')
    assert main(["--out", str(project.out), "--no-kernels"]) == 1
    out, err = capsys.readouterr()
    assert "FAIL  " + str(project.out / "slice/op_host/slice.cpp") in out
    assert "ok    " + str(project.out / "strided_slice/op_host/strided_slice.cpp") in out
    ops = len(specs().kernel_ops())
    assert (f"{ops - 1} of {ops} generated sources compile; failing: "
            + str(project.out / "slice/op_host/slice.cpp")) in out
    assert "ListInt" in err  # the compiler's message


def test_the_stub_keeps_canns_strictness(project):
    # CANN's array setters take a non-const pointer: passing a const array must fail here too.
    project.edit("ascend_kernels/common/copy_tiling_data_generated.h",
                 "SetCopyTilingData(ascend_ops::CopyTiling& plan",
                 "SetCopyTilingData(const ascend_ops::CopyTiling& plan")
    results = {r.source.name: r for r in check_host_code(project.out, kernels=False, ops=["slice"])}
    assert not results["slice.cpp"].ok
    assert "set_shape" in results["slice.cpp"].output and "const" in results["slice.cpp"].output


def test_a_broken_kernel_is_named(project):
    project.edit("ascend_kernels/slice/op_kernel/slice.cpp", "RunStridedCopy<uint16_t>(x, y, t)",
                 "RunStridedCopy<uint16_t>(x, t)")
    results = check_host_code(project.out, ops=["slice"])
    archs = tuple(arch_products(specs()))
    assert [(r.source, r.npu_arch, r.ok) for r in results] == \
        [(project.out / "slice/op_host/slice.cpp", None, True)] + \
        [(project.out / "slice/op_kernel/slice.cpp", a, False) for a in archs]


def test_a_missing_compiler_is_a_clear_error(project):
    with pytest.raises(FileNotFoundError, match="C\\+\\+ compiler 'no-such-g\\+\\+' not found"):
        check_host_code(project.out, cxx="no-such-g++")


def test_host_code_is_compiled_with_canns_line_and_cpp14_fails_it_without_the_packages_std(project):
    # The CPU host check uses CANN's op_host line too; dropping the package's -std=c++17 leaves
    # -std=c++11, on which a C++14 construct in the host code fails (negative control).
    [ok] = check_host_code(project.out, kernels=False, ops=["slice"])
    assert ok.ok and ok.command[1:3] == ("-D_GLIBCXX_USE_CXX11_ABI=0", "-std=c++11"), ok.output
    project.edit("ascend_kernels/cmake/ascend_ops.cmake", "set(ASCEND_OPS_HOST_COMPILE_OPTIONS -std=c++17 ",
                 "set(ASCEND_OPS_HOST_COMPILE_OPTIONS ")
    project.edit("ascend_kernels/common/copy_op_host.h", "namespace ascend_ops {\n",
                 "namespace ascend_ops {\nstatic auto kIdentity = [](auto x) { return x; };\n")
    [failed] = check_host_code(project.out, kernels=False, ops=["slice"])
    assert not failed.ok and "error:" in failed.output
