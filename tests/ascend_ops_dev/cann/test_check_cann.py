"""`ascend-ops-dev check-cann` (ascend_ops_dev/cann/cann_check.py): the generated code against the
real CANN / AscendC headers of ../shared/cann-headers (or an installed toolkit). The negative
controls edit a throw-away copy of the checkout and must make the check fail."""
from __future__ import annotations

import re
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from ascend_ops_dev.cann import cann_check
from ascend_ops_dev.cli import main
from ascend_ops_gen.spec import load_specs, specs
from project_copy import FIXTURES

# An arch whose kernels use DataCopyPad, and one without it (op_specs/products.yaml).
PAD_ARCH, NO_PAD_ARCH = (next(p.npu_arch for p in specs().products if p.key == key)
                         for key in ("atlas-a2", "atlas-inference"))
assert [p.data_copy_pad for p in specs().products if p.npu_arch in (PAD_ARCH, NO_PAD_ARCH)
        and p.key in ("atlas-a2", "atlas-inference")] == [True, False]

ROOT = Path(__file__).resolve().parents[3]

try:
    HEADERS = cann_check.find_headers(None, ROOT)
except cann_check.HeadersNotFound as e:
    HEADERS = None
    NO_HEADERS = str(e)
needs_headers = pytest.mark.skipif(HEADERS is None, reason="no CANN headers: ../shared/cann-headers is "
                                   "absent and no toolkit is set ($ASCEND_HOME_PATH)")

# The op the compiling tests use: every product line supports it.
OP = "slice"


def _check(out_dir: Path, spec_set, *, side: str | None = None, arch: int | None = None) -> list:
    jobs = [j for j in cann_check.jobs_for(spec_set, out_dir, [OP])
            if (side is None or j.side == side) and (arch is None or j.arch == arch)]
    assert jobs, (side, arch)
    return cann_check.run_checks(jobs, HEADERS, out_dir, workers=2)


def _failures(result) -> list[tuple[str, str, str | None, str]]:
    return [(v.diagnostic.file.name, v.diagnostic.severity, v.diagnostic.flag, v.diagnostic.message)
            for v in result.failures]


# ---- what is compiled ----------------------------------------------------------------------------

@pytest.mark.parametrize("specs_dir", [ROOT / "op_specs", FIXTURES / "op_specs"], ids=["checkout", "fixture"])
def test_every_op_kernel_is_compiled_once_per_arch_of_the_specs_and_every_host_once(specs_dir: Path):
    spec_set = load_specs(specs_dir, specs_dir.parent)
    jobs = cann_check.jobs_for(spec_set, Path("out"))
    archs = {p.npu_arch for p in spec_set.products}
    assert sorted((j.op, j.side, j.arch) for j in jobs) == sorted(
        [(op.name, side, a) for op in spec_set.kernel_ops() for a in archs for side in ("kernel", "arch")] +
        [(op.name, "host", None) for op in spec_set.kernel_ops()])
    assert all(j.source == Path("out") / j.op / ("op_host" if j.side == "host" else "op_kernel") / f"{j.op}.cpp"
               for j in jobs)


def test_every_kernel_job_compiles_with_its_archs_products_yaml_defines():
    for job in cann_check.jobs_for(specs(), Path("out")):
        if job.side in ("kernel", "arch"):
            [line, *_] = [p for p in specs().products if p.npu_arch == job.arch]
            assert job.arch_defines == line.cpu_debug_defines and job.arch_defines, job


def test_without_headers_it_says_where_it_looked_and_what_to_pass(tmp_path: Path):
    with pytest.raises(cann_check.HeadersNotFound) as e:
        cann_check.find_headers(None, tmp_path / "checkout", environ={"ASCEND_TOOLKIT_HOME": str(tmp_path)})
    message = str(e.value)
    assert "--headers DIR: not given" in message
    assert "$ASCEND_HOME_PATH: not set" in message
    assert f"$ASCEND_TOOLKIT_HOME={tmp_path}: neither layout found" in message
    assert str((tmp_path / "checkout" / ".." / "shared" / "cann-headers").resolve()) in message
    assert "pass --headers DIR" in message


def test_a_wrong_headers_folder_is_a_clear_error(tmp_path: Path, capsys):
    assert main(["check-cann", "--headers", str(tmp_path)]) == 2
    assert f"--headers {tmp_path}: neither layout found" in capsys.readouterr().err


def test_an_unknown_op_is_named(capsys):
    assert main(["check-cann", "--op", "no_such_op"]) == 2
    assert "--op 'no_such_op' is no op of op_specs/" in capsys.readouterr().err


# ---- Note [header warnings] ----------------------------------------------------------------------

def _diagnostic(file: Path, flag: str | None, severity: str = "warning") -> cann_check.Diagnostic:
    return cann_check.Diagnostic(file, 1, severity, "message", flag, "")


def test_warnings_are_judged_by_location_and_flag(tmp_path: Path):
    headers = tmp_path / "headers"
    in_headers = headers / "asc-devkit/impl/basic_api/utils/kernel_check_copy.h"
    ours = tmp_path / "ascend_kernels/common/copy_kernel_base.h"
    judge = cann_check.judge
    assert judge(_diagnostic(in_headers, "-Wnarrowing"), headers).defect is cann_check.HEADER_DEFECTS[0]
    assert not judge(_diagnostic(in_headers, "-Wnarrowing"), headers).failure
    # the same warning in the project's code, another flag in the same header, no flag at all
    assert judge(_diagnostic(ours, "-Wnarrowing"), headers).failure
    assert judge(_diagnostic(in_headers, "-Wsign-compare"), headers).failure
    assert judge(_diagnostic(in_headers, None), headers).failure
    # an API the architecture lacks fails wherever the headers mark it; errors always fail
    assert judge(_diagnostic(in_headers, "-Wdeprecated-declarations"), headers).failure
    assert judge(_diagnostic(in_headers, None, "error"), headers).failure


def test_gcc_output_is_parsed_with_where_the_project_instantiated_it():
    output = (
        "In file included from a.h:3:\n"
        "/x/ours.h:12:5:   required from here\n"
        "/h/impl/check.h:160:9: warning: narrowing conversion of 'len' [-Wnarrowing]\n"
        "  160 |         len,\n"
        "/x/ours.h:40:7: error: no matching function for call to 'DataCopyPad'\n"
        "/x/ours.h:41:1: note: candidate: ...\n")
    found = cann_check.parse_diagnostics(output)
    assert [(d.file, d.line, d.severity, d.flag, d.instantiated_at) for d in found] == [
        (Path("/h/impl/check.h"), 160, "warning", "-Wnarrowing", "/x/ours.h:12:5"),
        (Path("/x/ours.h"), 40, "error", None, "")]


# ---- against the real headers ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def checkout_results() -> list:
    return [r for side in ("kernel", "host") for r in _check(ROOT / "ascend_kernels", specs(), side=side)]


@needs_headers
def test_the_checkout_compiles_on_every_arch_with_no_warning_outside_the_table(checkout_results):
    assert [(r.job.label, r.ok) for r in checkout_results] == [(r.job.label, True) for r in checkout_results]
    assert all(v.defect in cann_check.HEADER_DEFECTS for r in checkout_results for v in r.tolerated)
    table = cann_check.report(checkout_results, HEADERS, ROOT)
    assert table.splitlines()[0].split() == ["op"] + [w for r in checkout_results if r.job.side == "kernel"
                                                      for w in ("kernel", str(r.job.arch))] + ["host"]
    assert table.splitlines()[2].startswith(OP)
    assert "FAIL" not in table


@needs_headers
def test_without_the_table_the_header_defects_fail(checkout_results):
    # The tolerated warnings are real: judged without HEADER_DEFECTS they fail the compile.
    tolerated = [v.diagnostic for r in checkout_results for v in r.tolerated]
    assert tolerated
    assert all(cann_check.judge(d, HEADERS.root, defects=()).failure for d in tolerated)


@needs_headers
def test_a_wrong_api_call_and_a_warning_in_kernel_code_fail(project):
    # DataCopyExtParams takes five fields; a narrowing in the project's own code is not a header defect.
    project.edit("ascend_kernels/common/copy_kernel_base.h",
                 "DataCopyExtParams params(1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0);\n"
                 "        PadStore(yGm[pos], src, params);",
                 "DataCopyExtParams params(1, static_cast<uint32_t>(count * sizeof(T)), 0, 0);\n"
                 "        PadStore(yGm[pos], src, params);")
    project.edit("ascend_kernels/common/copy_kernel_base.h",
                 "        offset = t.offset;\n", "        offset = t.offset;\n        int32_t narrowed{at * 2};\n")
    [result] = _check(project.out, load_specs(project.specs, project.root), side="kernel", arch=PAD_ARCH)
    assert not result.ok
    failures = _failures(result)
    assert any(f == "copy_kernel_base.h" and s == "error" and "DataCopyExtParams" in m
               for f, s, _, m in failures), failures
    assert ("copy_kernel_base.h", "warning", "-Wnarrowing") in [f[:3] for f in failures], failures
    report = cann_check.report([result], HEADERS, project.root)
    assert f"FAIL {OP} kernel {PAD_ARCH}" in report and "fails as a warning outside the headers" in report


@needs_headers
def test_an_api_the_arch_lacks_fails(project):
    # NO_PAD_ARCH has no DataCopyPad: claiming it does instantiates it, and the headers' deprecation
    # ("unsupported API on current device") fails the compile.
    project.edit("ascend_kernels/common/build_arch.h",
                 "    kBuildArch.dataCopyPad && sizeof(T) <= static_cast<uint32_t>(kBuildArch.dataCopyPadMaxElemBytes);",
                 "    sizeof(T) <= 8;")
    [result] = _check(project.out, load_specs(project.specs, project.root), side="kernel", arch=NO_PAD_ARCH)
    flags = {f[2] for f in _failures(result)}
    assert not result.ok and flags == {"-Wdeprecated-declarations"}, _failures(result)


@needs_headers
def test_a_misspelled_context_method_in_host_code_fails(project):
    project.edit("ascend_kernels/common/copy_op_host.h", "context->GetNodeName()", "context->GetNodeNam()")
    [result] = _check(project.out, load_specs(project.specs, project.root), side="host")
    assert not result.ok
    assert any(s == "error" and "GetNodeNam" in m for _, s, _, m in _failures(result)), _failures(result)


# ---- CANN's op_host compile line -----------------------------------------------------------------

def test_the_host_compile_is_canns_line_with_the_packages_options_from_its_cmake(project):
    [job] = [j for j in cann_check.jobs_for(specs(), project.out, [OP]) if j.side == "host"]
    headers = HEADERS or cann_check._fixture_layout(project.root, "test")
    command = cann_check.compile_command(job, headers, project.out, project.root / "unused.h")
    # compile_ascendc_all_ops_so.py: `-D_GLIBCXX_USE_CXX11_ABI=0 -std=c++11 <compile options>`.
    assert command[1:5] == ("-D_GLIBCXX_USE_CXX11_ABI=0", "-std=c++11", "-std=c++17",
                            f"-I{project.out / 'common'}")
    project.edit("ascend_kernels/cmake/ascend_ops.cmake", "set(ASCEND_OPS_HOST_COMPILE_OPTIONS -std=c++17 ",
                 "set(ASCEND_OPS_HOST_COMPILE_OPTIONS -O2 ")
    command = cann_check.compile_command(job, headers, project.out, project.root / "unused.h")
    assert command[1:5] == ("-D_GLIBCXX_USE_CXX11_ABI=0", "-std=c++11", "-O2", f"-I{project.out / 'common'}")


@pytest.mark.parametrize("line, error", [
    ("", "found 0"),
    ("set(ASCEND_OPS_HOST_COMPILE_OPTIONS -I${CMAKE_SOURCE_DIR})", "uses ${CMAKE_SOURCE_DIR}"),
])
def test_a_cmake_without_the_one_options_line_is_a_clear_error(tmp_path: Path, line: str, error: str):
    from ascend_ops_dev.cann.cann_compile_line import CompileLineError, host_compile_line

    (tmp_path / "cmake").mkdir()
    (tmp_path / "cmake" / "ascend_ops.cmake").write_text(f"# options\n{line}\n", encoding="utf-8")
    with pytest.raises(CompileLineError, match=re.escape(error)):
        host_compile_line(tmp_path)


@needs_headers
def test_host_code_needing_cpp14_fails_canns_line_without_the_packages_option(project):
    # Negative control: without -std=c++17 in the package's options, CANN's -std=c++11 applies (the
    # line of CANN 8.1's project template), and a C++14 construct in the host code does not compile.
    project.edit("ascend_kernels/cmake/ascend_ops.cmake", "set(ASCEND_OPS_HOST_COMPILE_OPTIONS -std=c++17 ",
                 "set(ASCEND_OPS_HOST_COMPILE_OPTIONS ")
    project.edit("ascend_kernels/common/copy_op_host.h", "namespace ascend_ops {\n",
                 "namespace ascend_ops {\nstatic auto kIdentity = [](auto x) { return x; };\n")
    [result] = _check(project.out, load_specs(project.specs, project.root), side="host")
    assert not result.ok
    assert "-std=c++11" in result.command and "-std=c++17" not in result.command
    assert any(s == "error" for _, s, _, _ in _failures(result)), _failures(result)


# ---- CANN 8.1 (../shared/cann-8.1/toolkit: an <arch>-linux tree, AscendC without __host_aicore__) --

TOOLKIT_81 = (ROOT / ".." / "shared" / "cann-8.1" / "toolkit").resolve()
needs_toolkit_81 = pytest.mark.skipif(not TOOLKIT_81.is_dir(), reason="../shared/cann-8.1 is absent")


@needs_toolkit_81
def test_a_cann_8_1_toolkit_tree_is_found_with_its_ascendc_and_tikicpulib_folders():
    headers = cann_check.find_headers(TOOLKIT_81, ROOT)
    assert (headers.root, headers.origin) == (TOOLKIT_81, "--headers")
    assert all(p.is_dir() for p in (*headers.kernel_includes, *headers.host_includes))
    assert any((p / "kernel_operator.h").is_file() for p in headers.kernel_includes)
    assert any((p / "stub_fun.h").is_file() for p in headers.kernel_includes)  # tikicpulib's own


def _kernel_81(out_dir: Path, spec_set) -> cann_check.JobResult:
    [job] = [j for j in cann_check.jobs_for(spec_set, out_dir, [OP])
             if j.side == "kernel" and j.arch == PAD_ARCH]
    [result] = cann_check.run_checks([job], cann_check.find_headers(TOOLKIT_81, ROOT), out_dir)
    return result


@needs_toolkit_81
def test_the_kernels_compile_against_cann_8_1_with_no_extra_define():
    result = _kernel_81(ROOT / "ascend_kernels", specs())
    assert result.ok, cann_check.report([result], cann_check.find_headers(TOOLKIT_81, ROOT), ROOT)
    assert "__host_aicore__" not in " ".join(result.command)


@needs_toolkit_81
def test_without_the_aicore_fallback_cann_8_1_stops_at_build_arch(project):
    # Negative control: the planning functions' macro taken only from __host_aicore__, as before.
    project.edit("ascend_kernels/common/strided_view.h",
                 "#elif defined(__aicore__)\n#define ASCEND_OPS_HOST_AICORE __aicore__\n", "")
    result = _kernel_81(project.out, load_specs(project.specs, project.root))
    assert not result.ok
    assert ("build_arch.h", "error") in [f[:2] for f in _failures(result)], _failures(result)


# ---- Note [build arch]: the kernels without -D__NPU_ARCH__ (side "arch") --------------------------

def _arch_rule(out_dir: Path, spec_set, headers, arch: int) -> cann_check.JobResult:
    [job] = [j for j in cann_check.jobs_for(spec_set, out_dir, [OP]) if j.side == "arch" and j.arch == arch]
    [result] = cann_check.run_checks([job], headers, out_dir)
    return result


@needs_toolkit_81
@pytest.mark.parametrize("arch", sorted({p.npu_arch for p in specs().products}))
def test_without_npu_arch_cann_8_1_preprocesses_every_arch_to_the_same_code(arch: int):
    headers = cann_check.find_headers(TOOLKIT_81, ROOT)
    result = _arch_rule(ROOT / "ascend_kernels", specs(), headers, arch)
    assert result.ok, cann_check.report([result], headers, ROOT)
    assert not any(flag.startswith("-D__NPU_ARCH__") for flag in result.command)


@needs_headers
def test_without_npu_arch_asc_devkit_headers_keep_it_and_the_kernel_code_is_the_same():
    # asc-devkit's own headers need __NPU_ARCH__ (its compiler always defines it); the kernel's code does not.
    assert HEADERS.headers_need_npu_arch
    result = _arch_rule(ROOT / "ascend_kernels", specs(), HEADERS, PAD_ARCH)
    assert result.ok, cann_check.report([result], HEADERS, ROOT)
    assert result.command[-1].endswith(f"{OP}_{PAD_ARCH}_without_npu_arch.cpp")


@needs_toolkit_81
def test_kernel_code_reading_npu_arch_itself_differs_without_it(project):
    # Negative control: the vector-only declaration keyed on __NPU_ARCH__ again, as before.
    project.edit("ascend_kernels/common/copy_kernel_base.h",
                 "#if defined(ASCEND_OPS_NPU_ARCH) && ASCEND_OPS_ARCH_KERNEL_TYPE_REQUIRED",
                 "#if defined(__NPU_ARCH__) && ASCEND_OPS_ARCH_KERNEL_TYPE_REQUIRED")
    headers = cann_check.find_headers(TOOLKIT_81, ROOT)
    result = _arch_rule(project.out, load_specs(project.specs, project.root), headers, PAD_ARCH)
    assert not result.ok
    [(file, severity, _, message)] = _failures(result)
    assert (file, severity) == (f"{OP}.cpp", "error") and "without -D__NPU_ARCH__ this reads" in message, message
    report = cann_check.report([result], headers, project.root)
    assert f"FAIL {OP} arch {PAD_ARCH}" in report


@needs_toolkit_81
def test_a_kernel_with_neither_arch_macro_stops_at_the_error():
    # Negative control of the rule itself: no __NPU_ARCH__ and no __CCE_AICORE__ compiles for no arch.
    headers = cann_check.find_headers(TOOLKIT_81, ROOT)
    [job] = [j for j in cann_check.jobs_for(specs(), ROOT / "ascend_kernels", [OP])
             if j.side == "kernel" and j.arch == PAD_ARCH]
    job = replace(job, arch_defines=tuple(d for d in job.arch_defines if not d.startswith("__CCE_AICORE__=")))
    command = [f for f in cann_check.compile_command(job, headers, ROOT / "ascend_kernels", ROOT / "unused.h")
               if not f.startswith("-D__NPU_ARCH__=") and f != "-include" and f != str(ROOT / "unused.h")]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    errors = [(d.file.name, d.message) for d in cann_check.parse_diagnostics(done.stderr) if d.severity == "error"]
    assert done.returncode != 0
    assert any(file == "build_arch.h" and "neither __NPU_ARCH__ nor __CCE_AICORE__" in message
               for file, message in errors), errors


def test_the_first_code_difference_names_its_line():
    with_it = '# 1 "k.cpp"\nint a = 2201;\n\n# 7 "b.h"\nint b;\n'
    assert cann_check.first_code_difference(with_it, with_it) is None
    without = '# 1 "k.cpp"\nint a = 2201;\n\n# 7 "b.h"\nint c;\n'
    found = cann_check.first_code_difference(with_it, without)
    assert (found.file, found.line, found.severity) == (Path("b.h"), 7, "error")
    assert "this reads `int c;`; with it, `int b;` (b.h:7)" in found.message
    shorter = cann_check.first_code_difference(with_it, '# 1 "k.cpp"\nint a = 2201;\n')
    assert (shorter.file, shorter.line) == (Path("b.h"), 7) and "with -D__NPU_ARCH__ goes on" in shorter.message
