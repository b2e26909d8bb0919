"""The generated OpDefs and kernels say exactly what the model says, for every op x product.

The generated C++ is parsed back, and compared with `op.supported_dtypes(product)` through this
test's own ge::DataType table (not the codegen's), so a wrong table entry would show up here.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from ascend_ops_gen.codegen.gen import generated_files, load_engine_api
from ascend_ops_gen.spec import specs

ROOT = Path(__file__).resolve().parents[2]

GE = {"float16": "ge::DT_FLOAT16", "float32": "ge::DT_FLOAT", "bfloat16": "ge::DT_BF16",
      "int8": "ge::DT_INT8", "uint8": "ge::DT_UINT8", "int16": "ge::DT_INT16",
      "int32": "ge::DT_INT32", "int64": "ge::DT_INT64", "uint32": "ge::DT_UINT32",
      "bool": "ge::DT_BOOL"}

_PARAM = re.compile(r'(?P<owner>this->)(?P<kind>Input|Output)\("(?P<name>\w+)"\)\s*'
                    r'\.ParamType\(REQUIRED\)\s*\.DataType\(\{(?P<dtypes>[^}]*)\}\)\s*'
                    r'\.Format\(\{(?P<formats>[^}]*)\}\);')
# One product line's configuration: its input and output take the listed dtypes, in ND format.
_CONFIG = re.compile(r'ascend_ops::AddCopyOpConfig\(this->AICore\(\), "(?P<soc>\w+)", '
                     r'"(?P<input>\w+)", "(?P<output>\w+)", \{(?P<dtypes>[^}]*)\}\);')

SPECS = specs()
# The view ops' OpDefs (a custom op's: tests/ascend_ops_gen/test_custom_ops.py).
VIEW_OPS = tuple(op for op in SPECS.ops if not op.is_custom)
FILES = {f.path: f.content for f in generated_files(SPECS, load_engine_api(ROOT / "ascend_kernels"))}


def split(items: str) -> list[str]:
    return [s.strip() for s in items.split(",") if s.strip()]


def params(text: str, owner: str) -> dict[str, tuple[list[str], list[str]]]:
    return {m.group("kind"): (split(m.group("dtypes")), split(m.group("formats")))
            for m in _PARAM.finditer(text) if m.group("owner") == owner}


def configs(op_name: str) -> dict[str, re.Match[str]]:
    host = FILES[f"{op_name}/op_host/{op_name}.cpp"]
    found: dict[str, re.Match[str]] = {}
    for m in _CONFIG.finditer(host):
        assert m.group("soc") not in found, f"AddConfig({m.group('soc')}) twice"
        found[m.group("soc")] = m
    return found


def test_the_table_covers_the_spec_vocabulary():
    assert set(SPECS.dtype_names) <= set(GE)


@pytest.mark.parametrize("op", VIEW_OPS, ids=lambda o: o.name)
def test_one_config_per_product_with_exactly_its_supported_dtypes(op):
    found = configs(op.name)
    expected_socs = {p.add_config for p in SPECS.products if op.supported_dtypes(p)}
    assert set(found) == expected_socs
    for product in SPECS.products:
        if product.add_config not in found:
            continue
        config = found[product.add_config]
        assert (config.group("input"), config.group("output")) == (op.inputs[0].name, op.outputs[0].name)
        assert split(config.group("dtypes")) == [GE[d] for d in op.supported_dtypes(product)], \
            f"{op.name} {product.key}"


@pytest.mark.parametrize("op", VIEW_OPS, ids=lambda o: o.name)
def test_the_opdef_declares_every_dtype_and_every_attribute(op):
    host = FILES[f"{op.name}/op_host/{op.name}.cpp"]
    top = params(host, "this->")
    assert top["Input"][0] == top["Output"][0] == [GE[d] for d in op.dtypes]
    assert top["Input"][1] == top["Output"][1] == ["ge::FORMAT_ND"] * len(op.dtypes)
    attrs = re.findall(r'this->Attr\("(\w+)"\)\.AttrType\((REQUIRED|OPTIONAL)\)', host)
    assert attrs == [(a.name, "REQUIRED" if a.required else "OPTIONAL") for a in op.attributes]
    start = host.index("static ascend_ops::Status BuildView(")
    build_view = host[start:host.index("\n}\n", start)]
    reads = re.findall(r'attrs\.\w+\((\d+), "(\w+)"\)', build_view)  # BuildView reads them by OpDef index
    assert sorted(reads, key=lambda r: int(r[0])) == [(str(i), a.name) for i, a in enumerate(op.attributes)]
    assert f"class {op.op_type} : public OpDef" in host and f"OP_ADD({op.op_type});" in host
    for registered in (f"InferCopyOpShape<&k{op.op_type}>", f"CopyOpTiling<&k{op.op_type}>"):
        assert f"ascend_ops::{registered}" in host


@pytest.mark.parametrize("op", VIEW_OPS, ids=lambda o: o.name)
def test_the_kernel_has_one_tiling_key_per_element_size_of_the_vocabulary(op):
    kernel = FILES[f"{op.name}/op_kernel/{op.name}.cpp"]
    keys = re.findall(r"TILING_KEY_IS\((\d+)\)\) \{\s*ascend_ops::RunStridedCopy<uint(\d+)_t>", kernel)
    sizes = sorted({size for _, size in SPECS.dtype_sizes})
    assert [(int(k), int(bits)) for k, bits in keys] == [(s, 8 * s) for s in sizes]
    assert "} else {" not in kernel  # CANN forbids a plain else after TILING_KEY_IS


def test_the_presets_build_every_product_line():
    import json
    presets = json.loads(FILES["CMakePresets.json"])
    units = presets["configurePresets"][0]["cacheVariables"]["ASCEND_COMPUTE_UNIT"]["value"]
    assert units.split(";") == [p.add_config for p in SPECS.products]


def test_the_product_table_lists_every_soc_of_its_product():
    table = FILES["common/products_generated.h"]
    rows = re.findall(r'\{"(\w[\w-]*)", (\d+), (\d+), (\d+)\},', table)
    want = [(s.name, str(i), str(s.ai_cores), str(s.vector_cores))
            for i, p in enumerate(SPECS.products) for s in p.socs]
    assert rows == want
