"""CANN's op_build, built from the fixture's source and run on the package's op_host library (built
by CANN's compile_ascendc_all_ops_so.py): the aclnn headers it writes are what the binding compiles
against and what the aclnn rules predict, and its ops-info per compute unit says what
op_specs/products.yaml says. Each comparison has a negative control."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ascend_ops_dev.cann import cann_check, cann_opbuild
from ascend_ops_gen.codegen.aclnn import header_name
from ascend_ops_gen.spec import project_root, specs

try:
    HEADERS = cann_check.find_headers(None, project_root())
except cann_check.HeadersNotFound:
    HEADERS = None

needs_fixture = pytest.mark.skipif(HEADERS is None, reason="no CANN sources fixture (../shared/cann-headers)")


@needs_fixture
def test_op_build_writes_every_ops_aclnn_api_proto_and_ops_info(opbuild_out: Path):
    names = {p.name for p in opbuild_out.iterdir()}
    for op in specs().kernel_ops():
        stem = header_name(op.op_type)[:-2]
        assert {f"{stem}.h", f"{stem}.cpp"} <= names, op.name
    assert {"op_proto.h", "op_proto.cc"} <= names
    assert {f"aic-{p.add_config}-ops-info.ini" for p in specs().products} <= names


@needs_fixture
def test_the_generated_headers_declare_what_the_aclnn_rules_predict(opbuild_out: Path, tmp_path: Path):
    assert cann_opbuild.header_problems(opbuild_out, specs()) == []
    # Negative control: a header with two attributes swapped is reported.
    copy = tmp_path / "out"
    shutil.copytree(opbuild_out, copy)
    header = copy / header_name("AscendStridedSlice")
    text = header.read_text(encoding="utf-8")
    swapped = text.replace("int64_t beginMask,", "@@").replace("int64_t endMask,", "int64_t beginMask,") \
        .replace("@@", "int64_t endMask,")
    assert swapped != text
    header.write_text(swapped, encoding="utf-8")
    [(op, problem)] = cann_opbuild.header_problems(copy, specs())
    assert op == "strided_slice" and "aclnnAscendStridedSliceGetWorkspaceSize is (" in problem


@needs_fixture
def test_the_binding_includes_op_builds_headers(cpu_binding, opbuild_out: Path):
    for op in specs().ops:
        name = header_name(op.op_type)
        assert (cpu_binding.headers / name).read_bytes() == (opbuild_out / name).read_bytes()
        assert (cpu_binding.vendor / "op_api" / "include" / name).read_bytes() == (opbuild_out / name).read_bytes()


@needs_fixture
def test_the_ops_info_of_every_compute_unit_follows_products_yaml(opbuild_out: Path, tmp_path: Path):
    assert cann_opbuild.ops_info_problems(opbuild_out, specs()) == []
    # Negative control: bfloat16 dropped from one op on one line, and the format of one entry changed.
    copy = tmp_path / "out"
    shutil.copytree(opbuild_out, copy)
    a2 = next(p for p in specs().products if "bfloat16" in specs().op("slice").supported_dtypes(p))
    ini = copy / f"aic-{a2.add_config}-ops-info.ini"
    sections = ini.read_text(encoding="utf-8").split("\n[")
    index = next(i for i, s in enumerate(sections) if s.startswith("AscendSlice]"))
    section = sections[index]
    dtype_line = next(ln for ln in section.splitlines() if ln.startswith("input0.dtype="))
    format_line = next(ln for ln in section.splitlines() if ln.startswith("output0.format="))
    section = section.replace(dtype_line, dtype_line.replace(",bfloat16", "").replace("bfloat16,", ""))
    sections[index] = section.replace(format_line, format_line.replace("ND", "NCHW", 1))
    ini.write_text("\n[".join(sections), encoding="utf-8")
    problems = cann_opbuild.ops_info_problems(copy, specs())
    assert {(op, unit) for op, unit, _ in problems} == {("slice", a2.add_config)}, problems
    texts = [text for _, _, text in problems]
    assert texts[0].startswith("input0.dtype is float16,") and "products.yaml gives bfloat16," in texts[0]
    # the input's formats no longer pair with its dtypes, and the output's are not all ND
    assert texts[1].startswith("input0.format is ND,") and texts[2].startswith("output0.format is NCHW,")
