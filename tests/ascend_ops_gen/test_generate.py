"""`ascend-ops-dev generate [--check]` end to end, on a copy of the checkout (conftest.Project)."""
from __future__ import annotations

import re
from pathlib import Path

from ascend_ops_gen.codegen import generate
from ascend_ops_gen.codegen.file_manager import is_generated
from ascend_ops_gen.spec import specs

ROOT = Path(__file__).resolve().parents[2]


def generated_paths(project) -> list[str]:
    return sorted(rel for rel, data in project.snapshot().items()
                  if is_generated(data[:1024].decode("utf-8", "replace")))


def remove_generated(project) -> None:
    for rel in generated_paths(project):
        (project.out / rel).unlink()


def test_the_checkout_matches_op_specs():
    outcome = generate(ROOT / "op_specs", ROOT / "ascend_kernels", check=True)
    assert outcome.problems == [], "run `ascend-ops-dev generate`: " + ", ".join(
        f"{p.kind} {p.path}" for p in outcome.problems)


def test_every_generated_file_names_its_spec_in_its_header(project):
    outcome = generate(project.specs, project.out, check=True)
    for f in outcome.files:
        head = f.content.split("\n", 3)[:3]
        line = next(ln for ln in head if "@generated" in ln)
        assert f"@generated from {f.source} by ascend-ops-dev generate; do not edit" in line, f.path
    sources = {f.path: f.source for f in outcome.files}
    assert sources["slice/op_host/slice.cpp"] == "op_specs/slice.yaml"
    assert sources["common/products_generated.h"] == "op_specs/products.yaml"
    assert sources["CMakePresets.json"] == "op_specs/products.yaml"


def test_an_up_to_date_tree_is_left_untouched(project):
    before = {p: (project.out / p).stat().st_mtime_ns for p in generated_paths(project)}
    code, out, _ = project.run()
    assert code == 0
    assert re.search(r"\b0 written, \d+ unchanged, 0 removed", out)
    assert "wrote" not in out
    assert before == {p: (project.out / p).stat().st_mtime_ns for p in generated_paths(project)}


def test_generation_is_deterministic(project):
    before = project.snapshot()
    remove_generated(project)
    code, out, _ = project.run()
    assert code == 0 and "wrote    ascend_kernels/slice/op_host/slice.cpp" in out
    first = project.snapshot()
    remove_generated(project)
    project.run("-q")
    assert project.snapshot() == first  # same bytes, run after run,
    assert first == before               # and in another folder: no paths, times or order


def test_only_changed_files_are_written(project):
    target = project.out / "slice/op_kernel/slice.cpp"
    target.write_text("// @generated from op_specs/slice.yaml by ascend-ops-dev generate; do not edit\n")
    others = {p: (project.out / p).stat().st_mtime_ns for p in generated_paths(project)
              if p != "slice/op_kernel/slice.cpp"}
    code, out, _ = project.run()
    assert code == 0
    assert re.findall(r"wrote +(\S+)", out) == ["ascend_kernels/slice/op_kernel/slice.cpp"]
    assert others == {p: (project.out / p).stat().st_mtime_ns for p in others}


def test_check_catches_a_hand_edit_and_generate_reverts_it(project):
    path = "slice/op_host/slice.cpp"
    original = project.read(path)
    project.edit(f"ascend_kernels/{path}", "OP_ADD(AscendSlice);", "OP_ADD(AscendSliceV2);")
    code, out, err = project.run("--check", "--diff")
    assert code == 1 and out == ""
    assert f"stale:   ascend_kernels/{path} (differs from what op_specs/slice.yaml generates)" in err
    assert "-OP_ADD(AscendSlice);" in err and "+OP_ADD(AscendSliceV2);" in err
    assert project.read(path) != original  # --check writes nothing
    assert project.run()[0] == 0
    assert project.read(path) == original


def test_check_names_missing_and_extra_files(project):
    (project.out / "slice/op_kernel/CMakeLists.txt").unlink()
    (project.out / "slice/op_host/notes.txt").write_text("hand-written\n")
    orphan = project.out / "gather_rows/op_host/gather_rows.cpp"
    orphan.parent.mkdir(parents=True)
    orphan.write_text("// @generated from op_specs/gather_rows.yaml by ascend-ops-dev generate; "
                      "do not edit\n")
    code, _, err = project.run("--check")
    assert code == 1
    assert "3 file(s) of ascend_kernels/ are not what op_specs/ generates" in err
    assert "missing: ascend_kernels/slice/op_kernel/CMakeLists.txt (op_specs/slice.yaml generates it)" in err
    assert ("extra:   ascend_kernels/slice/op_host/notes.txt (not generated, in a folder the "
            "generator owns)") in err
    assert ("extra:   ascend_kernels/gather_rows/op_host/gather_rows.cpp (generated, but "
            "op_specs/ no longer produces it)") in err

    code, out, err = project.run()
    assert code == 0
    assert "removed  ascend_kernels/gather_rows/op_host/gather_rows.cpp" in out
    assert not (project.out / "gather_rows").exists()  # empty folders go too
    assert "slice/op_host/notes.txt is not generated but sits in a generated folder" in err
    assert (project.out / "slice/op_host/notes.txt").exists()  # hand-written: left alone


def test_a_new_dtype_reaches_the_opdef_with_no_other_edit(project):
    # Every kernel already moves every element size of the vocabulary (slice has no 8-byte dtype
    # but an 8-byte tiling key); a new dtype changes only what the OpDef lets CANN send.
    assert "TILING_KEY_IS(8)" in project.read("slice/op_kernel/slice.cpp")
    project.edit("op_specs/slice.yaml", "dtypes: [float16, float32, int8, bool, int32, uint32, bfloat16]",
                 "dtypes: [float16, float32, int8, bool, int32, uint32, bfloat16, int64]")
    code, _, err = project.run("--check")
    assert code == 1
    assert "stale:   ascend_kernels/slice/op_host/slice.cpp" in err
    assert "op_kernel" not in err and "ascend_kernels/depth_to_space" not in err
    assert project.run()[0] == 0
    assert "ge::DT_INT64" in _config_block(project.read("slice/op_host/slice.cpp"), "ascend910b")
    assert project.run("--check")[0] == 0


def test_an_attribute_default_reaches_the_opdef(project):
    line = 'this->Attr("data_format").AttrType(OPTIONAL).String("{}");'
    assert line.format("NHWC") in project.read("space_to_depth/op_host/space_to_depth.cpp")
    text = (project.specs / "space_to_depth.yaml").read_text()
    text = text.replace("    default: NHWC\n", "    default: NCHW\n", 1)
    (project.specs / "space_to_depth.yaml").write_text(text)
    assert project.run()[0] == 0
    host = project.read("space_to_depth/op_host/space_to_depth.cpp")
    assert line.format("NCHW") in host and line.format("NHWC") not in host
    assert line.format("NHWC") in project.read("depth_to_space/op_host/depth_to_space.cpp")


def test_a_product_rule_reaches_every_opdef(project):
    project.edit("op_specs/products.yaml", "exclude: [bfloat16]", "exclude: [bfloat16, int64]")
    assert project.run()[0] == 0
    for op in ("strided_slice", "depth_to_space", "space_to_depth"):
        block = _config_block(project.read(f"{op}/op_host/{op}.cpp"), "ascend310p")
        assert "ge::DT_INT64" not in block and "ge::DT_INT32" in block
        assert "ge::DT_INT64" in _config_block(project.read(f"{op}/op_host/{op}.cpp"), "ascend910b")


def test_an_op_level_product_rule_changes_only_that_op(project):
    project.edit("op_specs/slice.yaml", "\nexamples:", "\nproducts:\n  atlas-a2: {exclude: [bool]}\nexamples:")
    assert project.run()[0] == 0
    assert "ge::DT_BOOL" not in _config_block(project.read("slice/op_host/slice.cpp"), "ascend910b")
    assert "ge::DT_BOOL" in _config_block(project.read("slice/op_host/slice.cpp"), "ascend910_93")
    assert "ge::DT_BOOL" in _config_block(
        project.read("strided_slice/op_host/strided_slice.cpp"), "ascend910b")


def test_a_product_fact_reaches_the_product_table(project):
    keys = [p.key for p in specs().products]
    a3, a2 = (specs().products[keys.index(key)] for key in ("atlas-a3", "atlas-a2"))
    # The comment after the value makes the edit hit atlas-a3's line only.
    project.edit("op_specs/products.yaml", f"ub_reserved_bytes: {a3.ub_reserved_bytes}    # the last",
                 f"ub_reserved_bytes: {2 * a3.ub_reserved_bytes}    # the last")
    assert project.run()[0] == 0
    rows = {line.split('"')[1]: line for line in project.read("common/products_generated.h").split("\n")
            if line.startswith('    {"atlas-')}
    # ub_reserved_bytes follows ub_bytes in products.yaml's facts:, so in ProductInfo's fields
    assert f", {a3.ub_bytes}, {2 * a3.ub_reserved_bytes}, " in rows["atlas-a3"]
    assert f", {a2.ub_bytes}, {a2.ub_reserved_bytes}, " in rows["atlas-a2"]


def test_removing_an_op_removes_its_generated_folders_and_its_cmake_entries(project):
    (project.specs / "space_to_depth.yaml").unlink()
    # depth_to_space's backward is space_to_depth: without it, depth_to_space has none
    project.edit("op_specs/depth_to_space.yaml", "backward: {inverse: space_to_depth}\n", "")
    code, out, _ = project.run()
    assert code == 0
    assert "removed  ascend_kernels/space_to_depth/op_host/space_to_depth.cpp" in out
    assert not (project.out / "space_to_depth/op_host").exists()
    assert not (project.out / "space_to_depth/op_kernel").exists()
    # the op's hand-written view builder is never the generator's to delete
    assert sorted(p.name for p in (project.out / "space_to_depth").iterdir()) == ["space_to_depth_view.h"]
    assert "space_to_depth" not in project.read("CMakeLists.txt")


def test_a_malformed_engine_header_is_an_error_naming_its_line(project):
    project.edit("ascend_kernels/common/copy_tiling.h", "struct CopyTiling {\n",
                 "struct CopyTiling {\n    int32_t early;\n")
    code, out, err = project.run()
    line = (project.out / "common/copy_tiling.h").read_text().split("\n").index("    int32_t early;") + 2
    assert code == 2 and out == ""
    assert err.startswith(f"ascend-ops-dev generate: error: ascend_kernels/common/copy_tiling.h:{line}: "
                          f"field 'shape' (int64_t) starts at byte 4, not a multiple of 8")


def test_a_spec_error_is_reported_with_its_location(project):
    project.edit("op_specs/slice.yaml", "op_type: AscendSlice", "op_type: AscendSlice\nop_kind: x")
    code, _, err = project.run()
    assert code == 2
    assert "ascend-ops-dev generate: error: op_specs/slice.yaml:6: unknown key 'op_kind'" in err


def test_out_defaults_to_the_folder_next_to_specs(project, capsys):
    from ascend_ops_gen.codegen import main
    assert main(["--check", "--specs", str(project.specs)]) == 0
    assert "ascend_kernels/ is up to date" in capsys.readouterr().out


def _config_block(host: str, add_config: str) -> str:
    """The `AddCopyOpConfig(this->AICore(), "<add_config>", ...)` line of a host source."""
    start = host.index(f'AddCopyOpConfig(this->AICore(), "{add_config}",')
    return host[start:host.index("\n", start)]
