"""The host path enforces the reference's dtype rules (Note [dtype rules] in codegen/op_views.py):
DepthToSpace's and SpaceToDepth's NCHW_VECT_C needs int8. The engine's Check<Op>Dtype is compiled
and run over every dtype of the specs and compared, verdict and message, with cpu_reference."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

import cpu_reference
from ascend_ops_gen.codegen.gen import generated_files, load_engine_api
from ascend_ops_gen.codegen.op_views import dtype_check_name
from ascend_ops.runtime.errors import OpArgumentError
from ascend_ops_gen.spec import specs

ROOT = Path(__file__).resolve().parents[2]
SPECS = specs()
BLOCK_OPS = ("depth_to_space", "space_to_depth")
# Shapes every attribute case below accepts with block size 2, so only the dtype rule can reject.
SHAPES = {"NHWC": (1, 2, 2, 16), "NCHW": (1, 16, 2, 2), "NCHW_VECT_C": (1, 4, 2, 2, 4), "NWHC": (1, 2, 2, 16)}
CASES = [(fmt, mode, bs) for fmt in SHAPES for mode in ("DCR", "CRD") for bs in (2, 1)]


def _reference(op: str, dtype: str, fmt: str, mode: str, bs: int) -> str:
    view = getattr(cpu_reference, f"{op}_view")
    if mode == "CRD" and fmt == "NCHW_VECT_C":
        mode = "DCR"  # CRD is rejected with NCHW_VECT_C by the shape checks, after the dtype rule
    try:
        view(SHAPES[fmt], bs, data_format=fmt, mode=mode, dtype=dtype)
    except OpArgumentError as e:
        return str(e)
    return "ok"


def test_the_block_ops_and_only_they_have_a_dtype_rule():
    assert {op.name for op in SPECS.ops if op.view_builder and op.view_builder.dtype_check} == set(BLOCK_OPS)
    files = {f.path: f.content for f in generated_files(SPECS, load_engine_api(ROOT / "ascend_kernels"))}
    for op in SPECS.ops:
        if op.is_custom:  # its dtypes are its combinations (test_custom_ops.py)
            continue
        host = files[f"{op.name}/op_host/{op.name}.cpp"]
        if op.name in BLOCK_OPS:
            assert f"return ascend_ops::{dtype_check_name(op)}(dtype," in host
            assert f'BuildView, CheckDtype, kDtypeNames, {len(op.dtypes)}, nullptr, nullptr}};' in host
            for d in op.dtypes:
                assert f'"{d}"}}' in host
        else:
            # no dtype rule; the last slot is the fill reader (a filling view op's)
            assert 'BuildView, nullptr, nullptr, 0, nullptr, ' in host


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")
@pytest.mark.parametrize("op", BLOCK_OPS)
def test_the_engine_rule_agrees_with_the_reference_on_every_dtype(op: str, tmp_path: Path):
    spec = SPECS.op(op)
    cases = [(d, fmt, mode, bs) for d in spec.dtypes for fmt, mode, bs in CASES]
    calls = "\n".join(
        f'    Print(ascend_ops::{dtype_check_name(spec)}("{d}", {bs}, "{fmt}", '
        f'"{"DCR" if fmt == "NCHW_VECT_C" else mode}"));' for d, fmt, mode, bs in cases)
    source = tmp_path / "rule.cpp"
    source.write_text(f"""#include <cstdio>
#include "{op}/{op}_view.h"
static void Print(const ascend_ops::Status& s) {{ std::printf("%s\\n", s.ok ? "ok" : s.message); }}
int main() {{
{calls}
}}
""")
    exe = tmp_path / "rule"
    subprocess.run(["g++", "-std=c++17", "-I", str(ROOT / "ascend_kernels/common"), "-I", str(ROOT / "ascend_kernels"), str(source), "-o", str(exe)],
                   check=True, capture_output=True)
    got = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout.splitlines()
    want = [_reference(op, d, fmt, mode, bs) for d, fmt, mode, bs in cases]
    assert len(got) == len(cases)
    assert [(c, g, w) for c, g, w in zip(cases, got, want) if g != w] == []
    assert got.count("ok") == len(spec.dtypes) * 4 + 2  # NHWC, NCHW x DCR, CRD; int8 NCHW_VECT_C
