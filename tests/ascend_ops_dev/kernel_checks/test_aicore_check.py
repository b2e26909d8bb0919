"""The `__aicore__` discipline check (kernel_checks/aicore_check.py): libclang's call graph from
each kernel entry through the engine's code. The negative control unqualifies functions in a
copy."""
from __future__ import annotations

from pathlib import Path

import pytest

from ascend_ops_dev.kernel_checks.aicore_check import check, check_kernel, main
from ascend_ops_gen.spec import specs

A2_ARCH = next(p.npu_arch for p in specs().products if p.key == "atlas-a2")

pytest.importorskip("clang.cindex", reason="libclang is in the test extra (scripts/setup.sh installs it)")

ROOT = Path(__file__).resolve().parents[3]
KERNEL_H = "ascend_kernels/common/copy_kernel_base.h"
BURST_H = "ascend_kernels/common/copy_kernel_burst.h"


def test_every_kernel_build_of_the_checkout_reaches_only_aicore_code():
    found = check(ROOT / "ascend_kernels")
    assert len(found) == len(specs().kernel_ops()) * len({p.npu_arch for p in specs().products})  # op x arch
    assert {k: [str(v) for v in vs] for k, vs in found.items() if vs} == {}


def test_unqualified_functions_reached_from_a_kernel_are_named(project, capsys):
    # A new helper without __aicore__, called from a template (TileFits); a plain function, a
    # template reached through a dependent call and a member function, each stripped of
    # __aicore__; a C library call from kernel code.
    project.edit(KERNEL_H, "// Note [index cursors]",
                 "inline int64_t Twice(int64_t v) { return 2 * v; }\n\n// Note [index cursors]")
    project.edit(KERNEL_H, "    return elems >= 1 && elems <= static_cast<int64_t>(bufBytes / sizeof(T));",
                 "    std::memset(nullptr, 0, 0);\n"
                 "    return Twice(elems) >= 2 && elems <= static_cast<int64_t>(bufBytes / sizeof(T));")
    project.edit(KERNEL_H, "    __aicore__ inline void Advance(const CopyTiling& t, int64_t n)",
                 "    inline void Advance(const CopyTiling& t, int64_t n)")
    project.edit(KERNEL_H, "template <typename T>\n__aicore__ inline bool CommonTilingUsable(",
                 "template <typename T>\ninline bool CommonTilingUsable(")
    project.edit(BURST_H, "    __aicore__ inline void CopyOut(const LocalTensor<T>& buf, int64_t pos, int64_t rows,",
                 "    inline void CopyOut(const LocalTensor<T>& buf, int64_t pos, int64_t rows,")
    violations = check_kernel(project.out / "slice/op_kernel/slice.cpp", project.out, A2_ARCH)
    named = {(v.function, v.rule.split(":")[0]) for v in violations}
    assert named == {
        ("ascend_ops::Twice", "no __aicore__"),
        ("ascend_ops::IndexCursor::Advance", "no __aicore__"),
        ("ascend_ops::CommonTilingUsable", "no __aicore__"),
        ("ascend_ops::BurstCopyKernel::CopyOut", "no __aicore__"),
        ("memset", "a C/C++ library function"),
    }, violations
    twice = next(v for v in violations if v.function == "ascend_ops::Twice")
    assert twice.location.startswith(KERNEL_H + ":") and twice.reached_from == "ascend_ops::TileFits"
    assert main(["--out", str(project.out), "--op", "slice"]) == 1
    assert "ascend_ops::Twice (no __aicore__: a host function on bisheng), reached from ascend_ops::TileFits" \
        in capsys.readouterr().out


def test_a_kernel_libclang_cannot_parse_is_an_error(project):
    from ascend_ops_dev.kernel_checks.aicore_check import AicoreCheckError

    project.edit("ascend_kernels/slice/op_kernel/slice.cpp", "(void)workspace;", "(void)workspace")
    with pytest.raises(AicoreCheckError, match=f"libclang cannot parse it for NPU arch {A2_ARCH}"):
        check_kernel(project.out / "slice/op_kernel/slice.cpp", project.out, A2_ARCH)


def test_the_compute_new_op_starts_with_reaches_only_aicore_code(project):
    """`ascend-ops-dev new-op --kind custom` writes a Compute that calls NotWrittenYet; it passes the
    check as it is. Negative control: without the simulator's `Fail(const char*, const char*)` the
    stub builds a std::string on the device, and the check names it."""
    from ascend_ops_dev.new_op.write import write_new_op

    write_new_op("scale", "custom", root=project.root)
    code, _, err = project.run("-q")
    assert code == 0, err
    assert {k: [str(v) for v in vs] for k, vs in check(project.out, ["scale"]).items()} == {
        ("scale", arch): [] for arch in {p.npu_arch for p in specs().products}}
    project.edit("ascend_kernels/sim/sim_run_state.h", "[[noreturn]] inline void Fail(const char* call, const char* what)",
                 "[[noreturn]] inline void FailWith(const char* call, const char* what)")
    violations = check_kernel(project.out / "scale/op_kernel/scale.cpp", project.out, A2_ARCH)
    assert [(v.function.split("::")[-1], v.reached_from) for v in violations] == [
        ("basic_string", "ascend_ops::NotWrittenYet")], violations
