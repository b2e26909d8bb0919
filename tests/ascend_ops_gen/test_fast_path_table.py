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
    assert len(SPECS.digest) == 64 and f'kFastSpecsDigest = "{SPECS.digest}";' in text
    assert compiled._SPECS_DIGEST.search(text)["digest"] == SPECS.digest
    # negative control: an edited spec has another digest, and so another table
    shutil.copytree(FIXTURES / "op_specs", tmp_path / "op_specs")
    spec = tmp_path / "op_specs" / "demo_window.yaml"
    spec.write_text(spec.read_text() + "\n# edited\n")
    edited = load_specs(tmp_path / "op_specs")
    assert edited.digest != SPECS.digest
    assert f'"{edited.digest}"' in fast_path_file(edited, ENGINE).content
