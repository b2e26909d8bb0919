"""The product table follows product_types.h and proves its field order (Note [product table
layout] in ascend_ops_gen/codegen/product_types.py): a struct edited after generation fails to
compile naming the fields that moved; a regenerated table follows the struct; a field products.yaml
cannot fill is an error naming its line."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from ascend_ops_gen.codegen.product_types import (ProductTypesError, cpp_field_name,
                                                  parse_product_types)
from ascend_ops_gen.spec import specs

ROOT = Path(__file__).resolve().parents[2]
TYPES = "ascend_kernels/common/product_types.h"

# Prints every field the swaps below move, so a regenerated table can be read back.
PROGRAM = r"""
#include <cstdio>
#include "products.h"

int main()
{
    using namespace ascend_ops;
    for (int32_t i = 0; i < kProductCount; ++i) {
        std::printf("%s %lld %lld\n", kProducts[i].key, static_cast<long long>(kProducts[i].ubBytes),
                    static_cast<long long>(kProducts[i].ubReservedBytes));
    }
    for (int32_t i = 0; i < kSocCount; ++i) {
        std::printf("%s %d %d\n", kSocs[i].name, kSocs[i].aiCores, kSocs[i].vectorCores);
    }
    return 0;
}
"""


def _field_line(text: str, name: str) -> str:
    return next(ln for ln in text.split("\n") if ln.strip().startswith(("int", "bool", "const"))
                and ln.split("//")[0].rstrip().endswith(f" {name};"))


def _swap_fields(path: Path, first: str, second: str) -> None:
    text = path.read_text(encoding="utf-8")
    a, b = _field_line(text, first), _field_line(text, second)
    path.write_text(text.replace(a, "\0").replace(b, a).replace("\0", b), encoding="utf-8")


def _compile(common: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    source = tmp_path / "table_main.cpp"
    source.write_text(PROGRAM, encoding="utf-8")
    return subprocess.run(["g++", "-std=c++17", "-I", str(common), str(source), "-o",
                           str(tmp_path / "table_main")], capture_output=True, text=True)


def _expected_rows() -> list[str]:
    rows = [f"{p.key} {p.ub_bytes} {p.ub_reserved_bytes}" for p in specs().products]
    return rows + [f"{s.name} {s.ai_cores} {s.vector_cores}" for p in specs().products for s in p.socs]


SWAPS = (("ubBytes", "ubReservedBytes"), ("aiCores", "vectorCores"))


def test_swapped_fields_fail_to_compile_naming_them(project, tmp_path: Path):
    for first, second in SWAPS:
        _swap_fields(project.root / TYPES, first, second)
    built = _compile(project.out / "common", tmp_path)
    assert built.returncode != 0
    failed = [ln for ln in built.stderr.split("\n") if "static assertion failed" in ln]
    named = {ln.split("static assertion failed: ")[1].split(" does not hold")[0] for ln in failed}
    assert named == {"ProductInfo::ubBytes", "ProductInfo::ubReservedBytes", "SocEntry::aiCores",
                     "SocEntry::vectorCores"}, built.stderr


def test_the_unedited_table_compiles_and_holds_the_spec(project, tmp_path: Path):
    # The control of the test above: the same program on the same copy, nothing swapped.
    built = _compile(project.out / "common", tmp_path)
    assert built.returncode == 0, built.stderr
    run = subprocess.run([str(tmp_path / "table_main")], capture_output=True, text=True, check=True)
    assert run.stdout.splitlines() == _expected_rows()


def test_a_field_added_without_regenerating_fails_to_compile_naming_its_struct(project, tmp_path: Path):
    project.edit(TYPES, "    int32_t vectorCores;\n", "    int32_t vectorCores;\n    int32_t aiCoreClusters;\n")
    built = _compile(project.out / "common", tmp_path)
    assert built.returncode != 0
    failed = [ln.split("static assertion failed: ")[1] for ln in built.stderr.split("\n")
              if "static assertion failed" in ln]
    written = len(parse_product_types((ROOT / TYPES).read_text(encoding="utf-8"), TYPES).fields("SocEntry"))
    assert failed == [f"SocEntry has more fields than the {written} kSocs was generated with: {TYPES} "
                      f"declares one more; run ascend-ops generate"], built.stderr


def test_a_regenerated_table_follows_the_swapped_struct(project, tmp_path: Path):
    for first, second in SWAPS:
        _swap_fields(project.root / TYPES, first, second)
    code, out, err = project.run()
    assert code == 0, err
    assert "wrote    ascend_kernels/common/products_generated.h" in out
    built = _compile(project.out / "common", tmp_path)
    assert built.returncode == 0, built.stderr
    run = subprocess.run([str(tmp_path / "table_main")], capture_output=True, text=True, check=True)
    assert run.stdout.splitlines() == _expected_rows()


def test_a_swapped_struct_makes_the_checkout_stale(project):
    _swap_fields(project.root / TYPES, "aiCores", "vectorCores")
    code, out, err = project.run("--check")
    assert code != 0
    assert "common/products_generated.h" in out + err


def test_a_field_products_yaml_cannot_fill_names_its_line(project):
    project.edit(TYPES, "    int32_t aiCores;\n", "    int32_t aiCores;\n    int32_t npuCores;\n")
    line = (project.root / TYPES).read_text().split("\n").index("    int32_t npuCores;") + 1
    code, out, err = project.run()
    assert code == 2 and out == ""
    assert err.startswith(f"ascend-ops generate: error: {TYPES}:{line}: SocEntry::npuCores names no "
                          f"key of op_specs/products.yaml")


def test_a_field_of_the_wrong_type_names_its_line(project):
    project.edit(TYPES, "    bool gather;  ", "    int32_t gather;  ")
    line = next(i + 1 for i, ln in enumerate((project.root / TYPES).read_text().split("\n"))
                if ln.startswith("    int32_t gather;"))
    code, _, err = project.run()
    assert code == 2
    assert err.startswith(f"ascend-ops generate: error: {TYPES}:{line}: ProductInfo::gather is a "
                          f"int32_t, which cannot hold True")


@pytest.mark.parametrize("body, message", [
    ("struct ProductInfo {\n    float ubBytes;\n};", "x.h:5: cannot read 'float ubBytes;' in struct ProductInfo"),
    ("struct ProductInfo {\n    int32_t a; int32_t b;\n};", "x.h:5: cannot read 'int32_t a; int32_t b;'"),
    ("struct ProductInfo {\n    int32_t a;\n    bool a;\n};",
     "x.h:6: field 'a' of struct ProductInfo is declared twice"),
    ("struct ProductInfo {\n};", "x.h:5: struct ProductInfo has no fields"),
    ("struct ProductInfo {\n    int32_t a;\n", "x.h:4: struct ProductInfo is never closed"),
    ("", "x.h:1: no line `struct ProductInfo {`"),
], ids=["unknown_type", "two_members", "twice", "empty", "unclosed", "missing"])
def test_malformed_structs_are_errors_naming_their_line(body: str, message: str):
    text = "enum class LaunchArchitecture : int32_t {\n    kSplit = 0,\n};\n" + body
    with pytest.raises(ProductTypesError) as e:
        parse_product_types(text, "x.h")
    assert str(e.value).startswith(message)


def test_the_engine_header_parses_with_its_enum():
    types = parse_product_types((ROOT / TYPES).read_text(encoding="utf-8"), TYPES)
    assert types.enums["LaunchArchitecture"] == ("kSplit", "kCoupled")
    assert [f.name for f in types.fields("SocEntry")] == ["name", "product", "aiCores", "vectorCores"]
    assert types.fields("ProductInfo")[0].ctype == "const char*"


@pytest.mark.parametrize("key, field", [
    ("key", "key"), ("ub_reserved_bytes", "ubReservedBytes"), ("gather_8bit", "gather8Bit"),
    ("gather_max_offset_16bit", "gatherMaxOffset16Bit"), ("data_copy_pad_max_elem_bytes", "dataCopyPadMaxElemBytes"),
])
def test_cpp_field_names(key: str, field: str):
    assert cpp_field_name(key) == field
