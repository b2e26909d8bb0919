"""The op package built with CANN 8.1's msOpGen project templates, used in place from
../shared/cann-8.1/toolkit (cann_package.build with a toolkit): configure runs the template's
opbuild() (its op_host line, then op_build, stood in by asc-devkit's built from source), then
`make`, `make binary` (the kernel compiles reach the `opc` stand-in), `make package` (the
template's makeself) and the .run's install.sh, both ways. Each check has a negative control."""
from __future__ import annotations

import dataclasses
import shutil

import pytest

from ascend_ops.npu import binding as npu_binding
from ascend_ops_dev.cann import cann_check, cann_package
from ascend_ops_dev.commands import check_package
from ascend_ops_gen.codegen.aclnn import header_name
from ascend_ops_gen.spec import project_root, specs

TOOLKIT_81 = project_root().parent / "shared" / "cann-8.1" / "toolkit"
try:
    HEADERS = cann_check.find_headers(None, project_root())
except cann_check.HeadersNotFound:
    HEADERS = None

pytestmark = pytest.mark.skipif(HEADERS is None or not TOOLKIT_81.is_dir(),
                                reason="needs ../shared/cann-8.1/toolkit and ../shared/cann-headers")
KERNELS = project_root() / "ascend_kernels"


@pytest.fixture(scope="module")
def msopgen_package_build() -> cann_package.PackageBuild:
    """The op package built through the 8.1 templates, as `check-package --toolkit` builds it
    (cached by content: scripts/test.sh's check-package stage has built it already)."""
    return cann_package.build(KERNELS, cann_check.find_headers(TOOLKIT_81, project_root()), toolkit=TOOLKIT_81,
                              opbuild_sources=HEADERS)


def test_configure_runs_the_templates_opbuild_in_place(msopgen_package_build):
    log = msopgen_package_build.configure_log
    template = TOOLKIT_81 / cann_package.MSOPGEN_TEMPLATE_CMAKE
    assert f"msOpGen's project templates of {msopgen_package_build.folder}/home/{cann_package.MSOPGEN_TEMPLATE_CMAKE}" \
        in log, log[-2000:]
    assert "Opbuild generating sources - done" in log and "Generating done" in log, log[-2000:]
    # The template modules the build read are the toolkit's files (links into it, nothing copied).
    func = msopgen_package_build.folder / "home" / cann_package.MSOPGEN_TEMPLATE_CMAKE / "func.cmake"
    assert func.resolve() == (template / "func.cmake").resolve()
    assert msopgen_package_build.run_file.read_bytes().startswith(b"#!")


def test_op_builds_output_passes_step_2_and_a_missing_header_fails_it(msopgen_package_build, tmp_path):
    spec_set = specs()
    rows = check_package.opbuild_rows(msopgen_package_build.autogen, spec_set)
    assert rows and all(r.ok for r in rows), [r for r in rows if not r.ok]
    assert (msopgen_package_build.autogen / "libascend_all_ops.so").is_file()  # the template line's library
    broken = tmp_path / "autogen"
    shutil.copytree(msopgen_package_build.autogen, broken)
    (broken / header_name("AscendSlice")).unlink()
    failed = [(r.step, r.op) for r in check_package.opbuild_rows(broken, spec_set) if not r.ok]
    assert failed == [("2 op_build aclnn header", "slice")]


def test_every_op_on_every_product_line_reaches_the_kernel_compiler_and_the_package(msopgen_package_build):
    spec_set = specs()
    build = msopgen_package_build
    assert cann_package.kernel_compile_problems(build.compiles, spec_set, KERNELS) == []
    # one per op x product line x dtype (a custom op's: dtype combination)
    assert len(build.compiles) == sum(len(op.combinations(p) if op.is_custom else op.supported_dtypes(p))
                                      for p in spec_set.products for op in spec_set.kernel_ops())
    rows = check_package.built_package_rows(build, project_root(), spec_set)
    assert rows and all(r.ok for r in rows), [r for r in rows if not r.ok]
    # Control: a compile missing is reported for its op and product line.
    dropped = [c for c in build.compiles if not (c.op_type == "AscendSlice" and c.soc_version.startswith("Ascend310P"))]
    assert [(op, unit) for op, unit, _ in cann_package.kernel_compile_problems(dropped, spec_set, KERNELS)] == \
        [("slice", "ascend310p")]


def test_the_default_install_is_found_through_vendors_config_ini(msopgen_package_build):
    build = msopgen_package_build
    assert npu_binding.config_vendors(build.opp) == [npu_binding.vendor_name()]
    assert cann_package.install_problems(build) == []
    # The --install-path install is the folder the binding looks for.
    assert npu_binding.vendor_problems(build.vendor, [op.op_type for op in specs().ops]) == []


def test_an_install_config_ini_or_file_missing_is_reported(msopgen_package_build, tmp_path):
    build = msopgen_package_build
    opp = tmp_path / "opp"
    shutil.copytree(build.opp, opp, symlinks=True)
    changed = dataclasses.replace(build, opp=opp)
    assert cann_package.install_problems(changed) == []
    (opp / npu_binding.VENDORS_CONFIG).write_text("load_priority=customize\n", encoding="utf-8")
    [problem] = cann_package.install_problems(changed)
    assert f"{opp / npu_binding.VENDORS_CONFIG} does not list {npu_binding.vendor_name()}" in problem
    (opp / npu_binding.VENDORS_CONFIG).write_text(f"load_priority={npu_binding.vendor_name()}\n", encoding="utf-8")
    vendor = opp / "vendors" / npu_binding.vendor_name()
    (vendor / "version.info").unlink()
    [problem] = cann_package.install_problems(changed)
    assert problem == f"{vendor} lacks 1 file(s) the other install has: version.info"
