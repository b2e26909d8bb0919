"""CANN's own CMake build of the op package (asc-devkit's cmake/asc modules, the asc_opc and
makeself stand-ins): configure succeeds, every op x product line reaches the kernel compiler with
the right source, entry, SoC and dtypes, and the installed vendor folder is what the binding looks
for. Each check has a negative control."""
from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
import types

import pytest

from ascend_ops.npu import binding as npu_binding
from ascend_ops_dev.cann import cann_check, cann_package
from ascend_ops_dev.commands import check_package
from ascend_ops_gen.spec import project_root, specs

try:
    HEADERS = cann_check.find_headers(None, project_root())
except cann_check.HeadersNotFound:
    HEADERS = None

pytestmark = pytest.mark.skipif(HEADERS is None, reason="no CANN sources fixture (../shared/cann-headers)")
KERNELS = project_root() / "ascend_kernels"


def test_configure_with_the_asc_modules_succeeds_and_packages_a_run(package_build):
    log = package_build.configure_log
    assert "Opbuild generating sources - done" in log and "Generating done" in log, log[-2000:]
    assert package_build.run_file.is_file() and package_build.run_file.name.startswith("custom_opp_")
    assert package_build.run_file.read_bytes().startswith(b"#!")


def test_every_op_on_every_product_line_reaches_the_kernel_compiler(package_build):
    spec_set = specs()
    assert cann_package.kernel_compile_problems(package_build.compiles, spec_set, KERNELS) == []
    # One compile per op x product line x supported dtype (a custom op's: dtype combination), nothing else.
    assert len(package_build.compiles) == sum(len(op.combinations(p) if op.is_custom else op.supported_dtypes(p))
                                              for p in spec_set.products for op in spec_set.kernel_ops())


def _replace_first(compiles, op_type: str, soc: str, **change):
    out, done = [], False
    for c in compiles:
        if not done and c.op_type == op_type and c.soc_version == soc:
            out.append(dataclasses.replace(c, **change))
            done = True
        else:
            out.append(c)
    assert done
    return out


def test_a_wrong_source_entry_soc_or_dtype_is_reported(package_build):
    spec_set = specs()
    compiles = package_build.compiles
    a2 = next(p for p in spec_set.products if p.add_config == "ascend910b")
    soc = next(c.soc_version for c in compiles if c.soc_version in a2.soc_versions)

    def problems(changed):
        return cann_package.kernel_compile_problems(changed, spec_set, KERNELS)

    wrong_src = _replace_first(compiles, "AscendSlice", soc, kernel_src=KERNELS / "strided_slice/op_kernel/strided_slice.cpp")
    assert any(op == "slice" and unit == "ascend910b" and "strided_slice.cpp" in p
               for op, unit, p in problems(wrong_src))
    wrong_entry = _replace_first(compiles, "AscendSlice", soc, main_func="ascend_strided_slice")
    assert any(op == "slice" and "kernel entry" in p for op, _, p in problems(wrong_entry))
    other_soc = next(p.soc_versions[0] for p in spec_set.products if p.add_config == "ascend310b")
    moved = _replace_first(compiles, "AscendSlice", soc, soc_version=other_soc)
    assert {(op, unit) for op, unit, _ in problems(moved)} >= {("slice", "ascend910b"), ("slice", "ascend310b")}
    dropped = [c for c in compiles if not (c.op_type == "AscendDepthToSpace" and c.soc_version == soc)]
    assert ("depth_to_space", "ascend910b",
            "no kernel compile of AscendDepthToSpace reached asc_opc for ascend910b") in problems(dropped)
    unknown = _replace_first(compiles, "AscendSlice", soc, soc_version="Ascend999")
    assert any(op == "*" and "a SoC of no product line" in p for op, _, p in problems(unknown))


def test_the_installed_vendor_folder_is_what_the_binding_looks_for(package_build):
    spec_set = specs()
    vendor = package_build.vendor
    assert vendor.name == npu_binding.vendor_name()
    assert npu_binding.vendor_problems(vendor, [op.op_type for op in spec_set.ops]) == []
    assert cann_package.vendor_kernel_problems(vendor, package_build.compiles, spec_set) == []
    set_env = (vendor / npu_binding.VENDOR_SET_ENV).read_text(encoding="utf-8")
    assert f"export ASCEND_CUSTOM_OPP_PATH={vendor}:" in set_env
    # The default install (into $ASCEND_OPP_PATH) is found through vendors/config.ini and holds
    # the same files (its controls: test_cann_package_msopgen.py).
    assert npu_binding.config_vendors(package_build.opp) == [npu_binding.vendor_name()]
    assert cann_package.install_problems(package_build) == []
    rows = check_package.built_package_rows(package_build, project_root(), spec_set)
    assert rows and all(r.ok for r in rows), [r for r in rows if not r.ok]
    assert {(r.op, r.soc) for r in rows if r.step == "3 vendor package"} == \
        {(op.name, p.add_config) for op in spec_set.kernel_ops() for p in spec_set.products}


def test_a_vendor_folder_without_op_api_lib_fails_step_3_and_the_binding_refuses_it(package_build, tmp_path,
                                                                                      monkeypatch):
    install = tmp_path / "install"
    vendor = install / "opp" / "vendors" / npu_binding.vendor_name()
    shutil.copytree(package_build.vendor, vendor, symlinks=True)
    shutil.rmtree(vendor / "op_api" / "lib")
    broken = dataclasses.replace(package_build, vendor=vendor)
    rows = [r for r in check_package.built_package_rows(broken, project_root(), specs()) if r.step == "3 vendor package"]
    message = f"{vendor / npu_binding.op_api_library()} (the op API library the binding opens) is missing"
    assert rows and all(not r.ok and r.error.startswith(str(vendor)) for r in rows), rows
    assert npu_binding.vendor_problems(vendor) == [message]
    # The binding's load refuses the same folder with that message.
    monkeypatch.setenv(npu_binding.NPU_DIR_ENV, str(install))
    npu_binding.library_path().parent.mkdir(parents=True)
    npu_binding.library_path().write_bytes(b"not loaded")
    record = {"torch": npu_binding.torch_version(), "torch_npu": "2.13.0", "cann": "unknown",
              "binding_sha256": npu_binding.source_digest()}
    npu_binding.BuildRecord.path().write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(npu_binding.BindingUnavailable, match="incomplete: " + message.replace("(", r"\(")
                       .replace(")", r"\)").replace(".", r"\.")):
        npu_binding.load(types.SimpleNamespace(__version__="2.13.0"))  # the release it records


def test_a_kernel_missing_from_the_package_is_reported(package_build, tmp_path):
    vendor = tmp_path / "vendor"
    shutil.copytree(package_build.vendor, vendor, symlinks=True)
    kernel = next((vendor / "op_impl/ai_core/tbe/kernel/ascend310p").glob("ascend_slice/*.o"))
    kernel.unlink()
    problems = cann_package.vendor_kernel_problems(vendor, package_build.compiles, specs())
    assert [(op, unit) for op, unit, _ in problems] == [("slice", "ascend310p")], problems


def test_a_gradient_ops_kernel_and_aclnn_header_are_in_the_package_and_their_absence_reported(package_build,
                                                                                              tmp_path):
    # The gradient ops (kernel_ops(), not the binding's ops) have binaries and aclnn headers of
    # their own in the vendor folder; each missing fails that op's rows alone.
    from ascend_ops_gen.codegen.aclnn import header_name

    vendor = tmp_path / "vendor"
    shutil.copytree(package_build.vendor, vendor, symlinks=True)
    header = vendor / npu_binding.VENDOR_HEADERS / header_name("AscendSliceGrad")
    assert header.is_file() and "aclnnAscendSliceGradGetWorkspaceSize" in header.read_text(encoding="utf-8")
    header.unlink()
    next((vendor / "op_impl/ai_core/tbe/kernel/ascend910b").glob("ascend_strided_slice_grad/*.o")).unlink()
    broken = dataclasses.replace(package_build, vendor=vendor)
    failed = {(r.op, r.soc) for r in check_package.built_package_rows(broken, project_root(), specs())
              if r.step == "3 vendor package" and not r.ok}
    assert failed == {("slice_grad", p.add_config) for p in specs().products} | {("strided_slice_grad", "ascend910b")}


def test_the_asc_opc_stand_in_refuses_a_soc_without_a_core_type(tmp_path):
    param = tmp_path / "AscendSlice_0_param.json"
    param.write_text(json.dumps({"op_type": "AscendSlice", "op_list": [{"inputs": []}]}), encoding="utf-8")
    source = KERNELS / "slice/op_kernel/slice.cpp"
    command = [str(cann_package.STANDIN_DIR / "asc_opc"), "impl.py", "--main_func=ascend_slice",
               f"--input_param={param}", "--soc_version=Ascend910B1", f"--output={tmp_path / 'out'}"]
    env = dict(os.environ, BUILD_KERNEL_SRC=str(source),
               ASCEND_OPS_OPC_CORE_TYPES=json.dumps(cann_package.core_types(specs())))
    subprocess.run(command, env=env, check=True)
    assert json.loads((tmp_path / "out/AscendSlice_0.json").read_text())["coreType"] == "VectorCore"
    env["ASCEND_OPS_OPC_CORE_TYPES"] = "{}"
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "no coreType for --soc_version=Ascend910B1" in done.stderr
