"""Golden output of every emitter for the fixture op `demo_window` (one attribute of each type,
three product lines with all three dtype rules, an op-level product rule).

The inputs are fixtures (tests/ascend_ops_gen/fixtures/), so these snapshots change only when an emitter
or a template does. After an intended change, regenerate them and review the diff:

    ASCEND_OPS_UPDATE_SNAPSHOTS=1 pytest tests/ascend_ops_gen/test_snapshots.py
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from ascend_ops_gen.codegen import binding, cpu_aclnn_ops, fast_path, host, kernel, limits, project, view_dispatch
from ascend_ops_gen.codegen.gen import generated_files, load_engine_api
from ascend_ops_gen.codegen.op_views import bind_dtype_check
from ascend_ops_gen.spec import load_specs

FIXTURES = Path(__file__).resolve().parent / "fixtures"

SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"
UPDATE = os.environ.get("ASCEND_OPS_UPDATE_SNAPSHOTS") == "1"

SPECS = load_specs(FIXTURES / "op_specs")
ENGINE = load_engine_api(FIXTURES / "ascend_kernels")
OP = SPECS.op("demo_window")
BUILDER, BOUND = ENGINE.bind(OP)

# generated path -> the emitter that writes it
EMITTERS = {
    "CMakeLists.txt": lambda: project.emit_top_cmake(SPECS),
    "CMakePresets.json": lambda: project.emit_cmake_presets(SPECS),
    "common/products_generated.h": lambda: project.emit_products_header(SPECS),
    "common/arch_traits_generated.h": lambda: project.emit_arch_traits_header(SPECS),
    "common/copy_tiling_data_generated.h": lambda: host.emit_tiling_data(ENGINE.tiling),
    "common/copy_tiling_twin_generated.h": lambda: kernel.emit_tiling_loader(ENGINE.tiling),
    "demo_window/op_host/demo_window_tiling.h": lambda: host.emit_tiling_header(OP),
    "demo_window/op_host/demo_window.cpp": lambda: host.emit_host_source(OP, SPECS, BUILDER, BOUND),
    "demo_window/op_host/CMakeLists.txt": lambda: host.emit_host_cmake(OP),
    "demo_window/demo_window_limits_generated.h": lambda: limits.emit_limits_header(OP),
    limits.REFERENCE_LIMITS_PATH: lambda: limits.emit_reference_limits(SPECS, project.specs_glob(SPECS)),
    "demo_window/op_kernel/demo_window.cpp": lambda: kernel.emit_kernel_source(OP, SPECS),
    "demo_window/op_kernel/CMakeLists.txt": lambda: kernel.emit_kernel_cmake(OP),
    binding.BINDING_PATH: lambda: binding.emit_binding(SPECS, [(OP, BUILDER, BOUND)],
                                                       project.specs_glob(SPECS), project.VENDOR_NAME),
    view_dispatch.DISPATCH_PATH: lambda: view_dispatch.emit_view_dispatch(
        SPECS, [(OP, BUILDER, BOUND)], project.specs_glob(SPECS)),
    fast_path.FAST_PATH_HEADER: lambda: fast_path.emit_fast_path_header(
        SPECS, [(OP, bind_dtype_check(OP, BOUND))], project.specs_glob(SPECS)),
    cpu_aclnn_ops.CPU_ACLNN_OPS_PATH: lambda: cpu_aclnn_ops.emit_cpu_aclnn_ops(SPECS, project.specs_glob(SPECS)),
    **{path: (lambda text=text: text)
       for path, text in cpu_aclnn_ops.predicted_headers(SPECS, project.specs_glob(SPECS)).items()},
}


@pytest.mark.parametrize("path", sorted(EMITTERS))
def test_emitter_output_matches_its_snapshot(path: str):
    text = EMITTERS[path]()
    golden = SNAPSHOTS / path.removeprefix("../")  # the reference limits sit beside ascend_kernels/
    if UPDATE:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text, encoding="utf-8")
    assert golden.is_file(), f"no snapshot {golden}; run with ASCEND_OPS_UPDATE_SNAPSHOTS=1"
    assert text == golden.read_text(encoding="utf-8"), (
        f"{path} differs from {golden.relative_to(SNAPSHOTS.parent)}; if the change is intended, "
        f"regenerate with ASCEND_OPS_UPDATE_SNAPSHOTS=1 and review the diff")


def test_every_generated_file_has_a_snapshotted_emitter():
    assert sorted(f.path for f in generated_files(SPECS, ENGINE)) == sorted(EMITTERS)


def test_the_driver_writes_what_the_emitters_return():
    for f in generated_files(SPECS, ENGINE):
        assert f.content == EMITTERS[f.path](), f.path
