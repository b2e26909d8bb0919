"""One chain of product facts (Note [product table layout] in ascend_ops_gen/codegen/product_types.py):
a key declared under `facts:` of products.yaml reaches the spec model's Product and the generated C++
ProductInfo (and, `per: arch`, ArchTraits and its ASCEND_OPS_ARCH_ macro) with no other edit; a
table edited without regenerating is stale; a fact the spec cannot hold is an error naming its line
(lines of one arch that disagree on a `per: arch` fact: test_products_table.py)."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from ascend_ops_gen.codegen.fast_path import FAST_PATH_HEADER
from ascend_ops_gen.codegen.product_types import cpp_field_name
from ascend_ops_gen.errors import SpecError
from ascend_ops_gen.spec import load_specs, specs

PRODUCTS = "op_specs/products.yaml"
TABLE = "common/products_generated.h"
ARCH_TABLE = "common/arch_traits_generated.h"  # the per-architecture facts, for kernels


def _without_digest(table: bytes) -> list[bytes]:
    return [line for line in table.split(b"\n") if b"kFastSpecsDigest = " not in line]
# The throw-away facts: one per product line, one per architecture (a flag only 310B has).
PROBES = ("  probe_fact: {type: int32, default: 7, doc: a fact no code uses}\n"
          "  probe_flag: {type: bool, per: arch, default: false, doc: a flag no code uses}\n")

PROGRAM = r"""
#include <cstdio>
#include "products.h"

int main()
{
    for (int32_t i = 0; i < ascend_ops::kProductCount; ++i) {
        std::printf("%s %d %d\n", ascend_ops::kProducts[i].key, ascend_ops::kProducts[i].probeFact,
                    ascend_ops::kProducts[i].probeFlag);
    }
    return 0;
}
"""

# A kernel build of one architecture decides by the flag at compile time, as `if constexpr` and `#if`.
ARCH_PROGRAM = r"""
#include "build_arch.h"
static_assert(ascend_ops::kBuildArch.probeFlag == (EXPECTED != 0), "ArchTraits::probeFlag");
#if ASCEND_OPS_ARCH_PROBE_FLAG != EXPECTED
#error "ASCEND_OPS_ARCH_PROBE_FLAG"
#endif
int main() { return 0; }
"""


def _compile(common: Path, tmp_path: Path, program: str, *flags: str) -> subprocess.CompletedProcess[str]:
    source = tmp_path / "main.cpp"
    source.write_text(program, encoding="utf-8")
    return subprocess.run(["g++", "-std=c++17", "-I", str(common), *flags, str(source), "-o",
                           str(tmp_path / "main")], capture_output=True, text=True)


def _add_probes(project) -> None:
    project.edit(PRODUCTS, "facts:\n", "facts:\n" + PROBES)
    project.edit(PRODUCTS, "  - key: atlas-inference\n", "  - key: atlas-inference\n    probe_fact: 9\n")
    project.edit(PRODUCTS, "  - key: atlas-200i-500-a2\n", "  - key: atlas-200i-500-a2\n    probe_flag: true\n")


def test_a_new_fact_is_one_yaml_key_and_reaches_python_and_cpp(project, tmp_path: Path):
    before = project.snapshot()
    _add_probes(project)
    code, out, err = project.run()
    assert code == 0, err
    after = project.snapshot()
    # products.yaml is the only hand edit; the generator changes the product tables and nothing else
    # but the CPU fast path table's record of the specs it was generated from.
    assert sorted(p for p in after if after[p] != before.get(p)) == [FAST_PATH_HEADER, ARCH_TABLE, TABLE]
    assert _without_digest(after[FAST_PATH_HEADER]) == _without_digest(before[FAST_PATH_HEADER])
    assert "    int32_t probeFact;" in project.read(TABLE) and "    bool probeFlag;" in project.read(TABLE)
    assert "    bool probeFlag;" in project.read(ARCH_TABLE) and "probeFact" not in project.read(ARCH_TABLE)

    model = load_specs(project.specs, project.root)
    want = {p.key: (p.probe_fact, p.probe_flag) for p in model.products}
    assert want == {"atlas-a3": (7, False), "atlas-a2": (7, False), "atlas-training": (7, False),
                    "atlas-inference": (9, False), "atlas-200i-500-a2": (7, True)}

    built = _compile(project.out / "common", tmp_path, PROGRAM)
    assert built.returncode == 0, built.stderr
    run = subprocess.run([str(tmp_path / "main")], capture_output=True, text=True, check=True)
    assert run.stdout.splitlines() == [f"{k} {v} {int(f)}" for k, (v, f) in want.items()]

    for arch, expected in ((3002, 1), (2201, 0)):
        built = _compile(project.out / "common", tmp_path, ARCH_PROGRAM, f"-D__NPU_ARCH__={arch}",
                         f"-DEXPECTED={expected}", "-fsyntax-only")
        assert built.returncode == 0, (arch, built.stderr)
    # negative control: the same check with the other answer fails to compile
    built = _compile(project.out / "common", tmp_path, ARCH_PROGRAM, "-D__NPU_ARCH__=3002", "-DEXPECTED=0",
                     "-fsyntax-only")
    assert built.returncode != 0 and "ArchTraits::probeFlag" in built.stderr


def test_the_model_serves_every_declared_fact_and_the_table_holds_them():
    facts = specs().products[0].facts
    assert [f.name for f in facts][:2] == ["ub_bytes", "ub_reserved_bytes"]
    table = (Path(__file__).resolve().parents[2] / "ascend_kernels" / TABLE).read_text(encoding="utf-8")
    for fact in facts:
        assert f" {cpp_field_name(fact.name)};" in table, fact.name
    with pytest.raises(AttributeError, match="product atlas-a2 has no fact 'ub_size': declare it under facts:"):
        specs().products[1].ub_size  # noqa: B018


def test_a_fact_edited_without_regenerating_makes_the_table_stale(project):
    project.edit(PRODUCTS, "    event_ids_per_event: 4\n", "    event_ids_per_event: 6\n")
    code, out, err = project.run("--check")
    assert code != 0
    assert TABLE in out + err


def _error(project) -> str:
    with pytest.raises(SpecError) as e:
        load_specs(project.specs, project.root)
    return str(e.value)


def _line(project, text: str, nth: int = 1) -> int:
    lines = (project.root / PRODUCTS).read_text(encoding="utf-8").split("\n")
    return [i + 1 for i, ln in enumerate(lines) if text in ln][nth - 1]


def test_a_line_without_a_required_fact_is_an_error(project):
    project.edit(PRODUCTS, "facts:\n", "facts:\n  probe_fact: {type: int32, doc: no default}\n")
    assert "product is missing the required key 'probe_fact'" in _error(project)


@pytest.mark.parametrize("declaration, message", [
    ("{type: float, doc: x}", "fact probe_fact: unknown fact type 'float'"),
    ("{type: int32, per: soc, doc: x}", "fact probe_fact: per must be 'product' or 'arch', got 'soc'"),
    ("{type: int32, min: 8, default: 7, doc: x}", "product.probe_fact = 7 is out of range: it must be in [8, "),
    ("{type: bool, default: 1, doc: x}", "fact probe_fact.default must be true or false, got an integer 1"),
], ids=["type", "per", "range", "default_type"])
def test_a_malformed_fact_declaration_names_its_line(project, declaration: str, message: str):
    project.edit(PRODUCTS, "facts:\n", f"facts:\n  probe_fact: {declaration}\n")
    assert message in _error(project)


def test_a_structural_key_is_not_a_fact(project):
    project.edit(PRODUCTS, "facts:\n", "facts:\n  npu_arch: {type: int32, doc: x}\n")
    assert _error(project) == f"{PRODUCTS}:{_line(project, 'npu_arch: {type')}: 'npu_arch' is a key of every " \
                              f"product line already, not a fact"


@pytest.mark.parametrize("key, field", [
    ("key", "key"), ("ub_reserved_bytes", "ubReservedBytes"), ("gather_8bit", "gather8Bit"),
    ("gather_max_offset_16bit", "gatherMaxOffset16Bit"), ("data_copy_pad_max_elem_bytes", "dataCopyPadMaxElemBytes"),
])
def test_cpp_field_names(key: str, field: str):
    assert cpp_field_name(key) == field


# ---- set facts: `dtypes` and `round_modes` (a uint32_t mask in C++) ----------------------------

SET_PROBES = ("  probe_dtypes: {type: dtypes, per: arch, default: [int32, float16], doc: dtypes no code uses}\n"
              "  probe_modes: {type: round_modes, per: arch, default: [], doc: round modes no code uses}\n")

SET_PROGRAM = r"""
#include "build_arch.h"
static_assert(ascend_ops::kBuildArch.probeDtypes == (ascend_ops::kDtypeBitFloat16 | ascend_ops::kDtypeBitInt32 |
                                                     EXTRA), "ArchTraits::probeDtypes");
static_assert(ascend_ops::kBuildArch.probeModes == MODES, "ArchTraits::probeModes");
static_assert(ascend_ops::kAnyArch.probeDtypes == (ascend_ops::kDtypeBitFloat16 | ascend_ops::kDtypeBitInt32 |
                                                   ascend_ops::kDtypeBitBfloat16), "kAnyArch: the union");
int main() { return 0; }
"""


def test_a_set_fact_is_a_mask_per_arch_and_their_union_for_any_arch(project, tmp_path: Path):
    project.edit(PRODUCTS, "facts:\n", "facts:\n" + SET_PROBES)
    project.edit(PRODUCTS, "  - key: atlas-200i-500-a2\n",
                 "  - key: atlas-200i-500-a2\n    probe_dtypes: [bfloat16, float16, int32]\n"
                 "    probe_modes: [odd, rint]\n")
    code, _, err = project.run()
    assert code == 0, err
    model = load_specs(project.specs, project.root)
    last = model.products[-1]
    # names in the vocabulary's order, whatever order the yaml lists them in
    assert last.probe_dtypes == ("float16", "bfloat16", "int32") and last.probe_modes == ("rint", "odd")
    assert model.products[0].probe_dtypes == ("float16", "int32") and model.products[0].probe_modes == ()
    for arch, extra, modes in ((3002, "ascend_ops::kDtypeBitBfloat16", "0x42u"), (2201, "0u", "0u")):
        built = _compile(project.out / "common", tmp_path, SET_PROGRAM, f"-D__NPU_ARCH__={arch}", f"-DEXTRA={extra}",
                         f"-DMODES={modes}", "-fsyntax-only")
        assert built.returncode == 0, (arch, built.stderr)
    # negative control: the other arch's answer fails
    built = _compile(project.out / "common", tmp_path, SET_PROGRAM, "-D__NPU_ARCH__=2201",
                     "-DEXTRA=ascend_ops::kDtypeBitBfloat16", "-DMODES=0u", "-fsyntax-only")
    assert built.returncode != 0 and "ArchTraits::probeDtypes" in built.stderr


@pytest.mark.parametrize("value, message", [
    ("[float16, float17]", "probe_dtypes: unknown dtype 'float17'; did you mean 'float16'?"),
    ("[int32, int32]", "probe_dtypes lists 'int32' twice"),
    ("float16", "product.probe_dtypes must be a list"),
], ids=["unknown", "twice", "not_a_list"])
def test_a_malformed_set_fact_names_its_line(project, value: str, message: str):
    project.edit(PRODUCTS, "facts:\n", "facts:\n" + SET_PROBES)
    project.edit(PRODUCTS, "  - key: atlas-a3\n", f"  - key: atlas-a3\n    probe_dtypes: {value}\n")
    error = _error(project)
    assert message in error and error.startswith(f"{PRODUCTS}:{_line(project, 'probe_dtypes: ' + value)}"), error


def test_an_unknown_round_mode_is_an_error(project):
    project.edit(PRODUCTS, "facts:\n", "facts:\n" + SET_PROBES)
    project.edit(PRODUCTS, "  - key: atlas-a3\n", "  - key: atlas-a3\n    probe_modes: [rint, nearest]\n")
    assert "probe_modes: unknown round mode 'nearest'" in _error(project)
