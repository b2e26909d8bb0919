"""The fast path's generated table: every op must have one input and one output (the C++ kernel
reads and writes one tensor); the table follows the specs."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from ascend_ops_gen.codegen import fast_path, project
from ascend_ops_gen.codegen.gen import fast_path_file, load_engine_api
from ascend_ops_gen.spec import load_specs

FIXTURES = Path(__file__).resolve().parent / "fixtures"
SPECS = load_specs(FIXTURES / "op_specs")
ENGINE = load_engine_api(FIXTURES / "ascend_kernels")
OP = SPECS.op("demo_window")


def test_an_op_with_two_outputs_is_refused_naming_its_spec():
    two_outputs = dataclasses.replace(OP, outputs=OP.outputs * 2)
    with pytest.raises(fast_path.FastPathError, match=r"demo_window\.yaml.*2 outputs; the CPU fast path "
                                                       r"handles one of each"):
        fast_path.emit_fast_path_header(SPECS, [(two_outputs, None)], project.specs_glob(SPECS))


def test_the_table_carries_each_product_lines_dtypes_and_the_schema():
    text = fast_path_file(SPECS, ENGINE).content
    for p in SPECS.products:
        assert f'"{" ".join(OP.supported_dtypes(p))}"' in text
    assert "demo_window(Tensor x, int[] begin" in text
    assert f"kFastProductCount = {len(SPECS.products)};" in text


def test_the_table_records_the_digest_of_the_specs_it_was_generated_from(tmp_path):
    import shutil

    from ascend_ops.cpu import compiled

    assert compiled.FAST_PATH_TABLE == fast_path.FAST_PATH_HEADER  # where the runtime reads it
    text = fast_path_file(SPECS, ENGINE).content
    assert len(SPECS.view_digest) == 64 and f'kFastSpecsDigest = "{SPECS.view_digest}";' in text
    assert compiled._SPECS_DIGEST.search(text)["digest"] == SPECS.view_digest
    # negative control: an edited spec has another digest, and so another table
    shutil.copytree(FIXTURES / "op_specs", tmp_path / "op_specs")
    spec = tmp_path / "op_specs" / "demo_window.yaml"
    spec.write_text(spec.read_text() + "\n# edited\n")
    edited = load_specs(tmp_path / "op_specs")
    assert edited.view_digest != SPECS.view_digest
    assert f'"{edited.view_digest}"' in fast_path_file(edited, ENGINE).content


def test_generate_after_adding_a_custom_op_leaves_the_fast_path_built(project):
    """The fast path compiles the view ops' table and the engine headers it includes: a custom op
    added and generated changes neither, so the extension built before is still the one to load (its
    cache key and the table's spec digest are unchanged). Negative control: an edited view spec."""
    import shutil

    from ascend_ops.cpu import compiled, native_copy
    from ascend_ops.runtime import build_cache

    def fast_path_key() -> str:
        return build_cache._target(compiled.MODULE_NAME, [compiled.SOURCE, native_copy.SOURCE],
                                   [project.out / "common", project.out / "binding"], (), None)[2]

    def table_is_current() -> bool:
        recorded = compiled._SPECS_DIGEST.search(project.read(compiled.FAST_PATH_TABLE))["digest"]
        return recorded == load_specs(project.specs, project.root).view_digest

    if (project.specs / "add.yaml").exists():  # a checkout that has the op: start without it
        (project.specs / "add.yaml").unlink()
        shutil.rmtree(project.out / "add")
        code, _, err = project.run("-q")
        assert code == 0, err
    before, npu_binding = fast_path_key(), project.read("binding/ascend_ops_npu.cpp")
    walkthrough = Path(__file__).resolve().parents[1] / "walkthrough" / "add"
    shutil.copy(walkthrough / "add.yaml", project.specs / "add.yaml")
    (project.out / "add").mkdir()
    shutil.copy(walkthrough / "add_compute.h", project.out / "add" / "add_compute.h")
    code, _, err = project.run("-q")
    assert code == 0, err
    assert project.read("binding/ascend_ops_npu.cpp") != npu_binding  # the binding did change
    assert fast_path_key() == before and table_is_current()
    project.edit("op_specs/slice.yaml", "summary: ", "summary: Edited. ")
    assert not table_is_current()
    code, _, err = project.run("-q")
    assert code == 0, err
    assert table_is_current() and fast_path_key() != before
