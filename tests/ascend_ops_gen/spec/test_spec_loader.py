"""ascend_ops_gen.spec: the real specs load into a frozen model; a malformed copy of op_specs/ fails
with a SpecError whose exact text names `op_specs/<file>.yaml:<line>`, the rule and the fix."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
import yaml

import ascend_ops
from ascend_ops.runtime.errors import SpecError
from ascend_ops_gen.spec import load_specs, specs
from spec_copy import SpecCopy

ROOT = Path(__file__).resolve().parents[3]
SPEC_DIR = ROOT / "op_specs"
# Every <op>.yaml of op_specs/, found without the loader (products.yaml is the one other file).
OP_FILES = tuple(sorted(p.stem for p in SPEC_DIR.glob("*.yaml") if p.stem != "products"))
PRODUCT_KEYS = ("atlas-a3", "atlas-a2", "atlas-training", "atlas-inference", "atlas-200i-500-a2")
VOCABULARY = ("float16", "float32", "bfloat16", "int8", "uint8", "int16", "int32", "int64",
              "uint32", "bool")


@pytest.fixture
def copy(tmp_path: Path) -> SpecCopy:
    return SpecCopy(tmp_path)


# --- the real specs -----------------------------------------------------------------------------

def test_real_specs_load():
    s = specs()
    assert sorted(o.name for o in s.ops) == sorted(OP_FILES)
    assert tuple(p.key for p in s.products) == PRODUCT_KEYS
    assert s.dtype_names == VOCABULARY
    assert dict(s.dtype_sizes) == {"float16": 2, "float32": 4, "bfloat16": 2, "int8": 1,
                                   "uint8": 1, "int16": 2, "int32": 4, "int64": 8, "uint32": 4,
                                   "bool": 1}


def test_unedited_copy_loads_like_the_package(copy: SpecCopy):
    loaded = copy.load()
    assert loaded == specs()  # locations are relative to the root: "op_specs/<file>.yaml"


def test_every_node_points_at_its_line():
    def line(file: str, n: int) -> str:
        return (ROOT / file).read_text(encoding="utf-8").splitlines()[n - 1]

    s = specs()
    for op in s.ops:
        assert op.file == f"op_specs/{op.name}.yaml"
        assert line(op.file, op.loc.line).startswith(f"op: {op.name}")
        for a in op.attributes:
            assert a.loc.file == op.file
            assert f"name: {a.name}" in line(a.loc.file, a.loc.line)
        for ex in op.examples:
            assert f"name: {ex.name}" in line(ex.loc.file, ex.loc.line)
        for er in op.errors:
            assert f"name: {er.name}" in line(er.loc.file, er.loc.line)
    for p in s.products:
        assert p.loc.file == "op_specs/products.yaml"
        assert f"key: {p.key}" in line(p.loc.file, p.loc.line)
        for soc in p.socs:
            assert line(soc.loc.file, soc.loc.line).strip().startswith(f"{soc.name}:")
    assert str(s.op("slice").loc) == f"op_specs/slice.yaml:{s.op('slice').loc.line}"


def test_model_matches_the_yaml():
    """Read the YAML with plain PyYAML and compare the parts the model must keep verbatim."""
    s = specs()
    for name in OP_FILES:
        raw = yaml.safe_load((SPEC_DIR / f"{name}.yaml").read_text(encoding="utf-8"))
        op = s.op(name)
        assert op.op_type == raw["op_type"]
        assert list(op.dtypes) == raw["dtypes"]
        attributes = raw.get("attributes", [])  # optional: an op without arguments has none
        assert [a.name for a in op.attributes] == [a["name"] for a in attributes]
        assert [bool(a.get("keyword_only", False)) for a in attributes] == \
            [a.keyword_only for a in op.attributes]
        assert [a.required for a in op.attributes] == ["default" not in a for a in attributes]
        assert [e.name for e in op.examples] == [e["name"] for e in raw["examples"]]
        assert [e.message for e in op.errors] == [e["message"] for e in raw.get("errors", [])]
        for ex, raw_ex in zip(op.examples, raw["examples"]):
            assert ex.kwargs.keys() == raw_ex.get("args", {}).keys()  # (a custom op's may leave out none)
            assert ex.dtype == raw_ex["dtype"]


def test_soc_core_overrides():
    """A SoC's own ai_cores / vector_cores win over its product line's, read with plain PyYAML."""
    raw = yaml.safe_load((SPEC_DIR / "products.yaml").read_text(encoding="utf-8"))["products"]
    overridden = 0
    for raw_product in raw:
        p = ascend_ops.product(raw_product["key"])
        for name, own in raw_product["socs"].items():
            want = tuple((own or {}).get(k, raw_product[k]) for k in ("ai_cores", "vector_cores"))
            assert (p.soc(name).ai_cores, p.soc(name).vector_cores) == want, name
            overridden += bool(own)
        assert p.soc().name == p.simulated_soc == raw_product["simulated_soc"]
    assert overridden > 0  # the spec overrides some SoC, so the rule above is exercised


# --- frozen -------------------------------------------------------------------------------------

def test_model_is_frozen():
    s = specs()
    op = s.op("strided_slice")
    nodes_and_fields = [
        (s, "ops"), (op, "name"), (op, "dtypes"), (op.attributes[0], "default"),
        (op.examples[0], "output"), (op.errors[0], "message"), (op.loc, "line"),
        (s.products[0], "key"), (s.products[0].socs[0], "ai_cores"),
        (s.products[0].dtype_rule, "kind"),
    ]
    for node, name in nodes_and_fields:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(node, name, None)
    # Containers are tuples, so nothing can be appended either.
    assert isinstance(op.attributes, tuple) and isinstance(op.examples, tuple)
    assert isinstance(op.examples[0].args, tuple)
    assert isinstance(op.examples[0].input, tuple)  # nested lists became tuples
    assert all(isinstance(row, tuple) for row in s.op("slice").examples[0].input)
    assert isinstance(op.examples[0].output, tuple)
    assert isinstance(s.products[0].socs, tuple)


# --- malformed copies: exact messages -----------------------------------------------------------

def test_unknown_key_suggests_the_close_one(copy: SpecCopy):
    copy.edit("slice.yaml", "op_type: AscendSlice\n", "op_type: AscendSlice\nop_tpye: AscendSlice\n")
    line = copy.line_of("slice.yaml", "op_tpye:")
    assert copy.error() == (f"op_specs/slice.yaml:{line}: unknown key 'op_tpye' in op spec; "
                            f"did you mean 'op_type'?")


def test_unknown_key_in_an_attribute(copy: SpecCopy):
    copy.edit("depth_to_space.yaml", "    choices: [DCR, CRD]\n",
              "    choices: [DCR, CRD]\n    keywordonly: true\n")
    line = copy.line_of("depth_to_space.yaml", "keywordonly:")
    assert copy.error() == (f"op_specs/depth_to_space.yaml:{line}: unknown key 'keywordonly' in "
                            f"attribute; did you mean 'keyword_only'?")


def test_misspelt_default_on_a_required_attribute_is_suggested(copy: SpecCopy):
    # `begin` has no default, so `default` is still a key an attribute may have.
    copy.edit("strided_slice.yaml", "    type: int[]\n    doc: First index",
              "    type: int[]\n    defualt: [0]\n    doc: First index")
    line = copy.line_of("strided_slice.yaml", "defualt:")
    assert copy.error() == (f"op_specs/strided_slice.yaml:{line}: unknown key 'defualt' in "
                            f"attribute; did you mean 'default'?")


def test_unknown_key_without_a_close_one_lists_the_allowed(copy: SpecCopy):
    copy.edit("products.yaml", "\nproducts:\n", "\ncolour: red\nproducts:\n")
    line = copy.line_of("products.yaml", "colour:")
    assert copy.error() == (f"op_specs/products.yaml:{line}: unknown key 'colour' in "
                            f"products.yaml; allowed keys: dtypes, facts, products")


def test_duplicate_key(copy: SpecCopy):
    copy.edit("slice.yaml", "op_type: AscendSlice\n", "op_type: AscendSlice\nop_type: AscendSlice2\n")
    first = copy.line_of("slice.yaml", "op_type: AscendSlice")
    second = copy.line_of("slice.yaml", "op_type: AscendSlice2")
    assert copy.error() == (f"op_specs/slice.yaml:{second}: duplicate key 'op_type' (first at line "
                            f"{first}); keep one of them")


def test_duplicate_key_in_a_nested_mapping(copy: SpecCopy):
    copy.edit("products.yaml", "      Ascend310B1: {}\n",
              "      Ascend310B1: {}\n      Ascend310B1: {}\n")
    first = copy.line_of("products.yaml", "Ascend310B1: {}")
    second = copy.line_of("products.yaml", "Ascend310B1: {}", nth=2)
    assert copy.error() == (f"op_specs/products.yaml:{second}: duplicate key 'Ascend310B1' (first "
                            f"at line {first}); keep one of them")


@pytest.mark.parametrize("file, old, new, needle, message", [
    ("slice.yaml", "op_type: AscendSlice\n", "op_type: 5\n", "op_type: 5",
     "op spec.op_type must be a string, got an integer 5"),
    ("depth_to_space.yaml", "    keyword_only: true\n    doc: Memory layout",
     "    keyword_only: 1\n    doc: Memory layout", "keyword_only: 1",
     "attribute.keyword_only must be true or false, got an integer 1"),
    ("products.yaml", "ub_bytes: 253952", "ub_bytes: 248KiB", "ub_bytes: 248KiB",
     "product.ub_bytes must be an integer, got a string '248KiB'"),
    ("products.yaml", "    data_copy_pad_max_elem_bytes: 4\n",
     "    data_copy_pad_max_elem_bytes: true\n", "data_copy_pad_max_elem_bytes: true",
     "product.data_copy_pad_max_elem_bytes must be an integer, got a boolean True"),
    ("slice.yaml", "dtypes: [float16, float32, int8, bool, int32, uint32, bfloat16]",
     "dtypes: float16", "dtypes: float16",
     "op spec.dtypes must be a list, got a string 'float16'"),
], ids=["str_field", "bool_field", "int_field", "bool_is_not_int", "list_field"])
def test_wrong_type(copy: SpecCopy, file, old, new, needle, message):
    copy.edit(file, old, new)
    assert copy.error() == f"op_specs/{file}:{copy.line_of(file, needle)}: {message}"


def test_unknown_dtype_in_an_op(copy: SpecCopy):
    copy.edit("slice.yaml", "[float16, float32, int8, bool,", "[float16, float32, int8x, bool,")
    line = copy.line_of("slice.yaml", "int8x")
    assert copy.error() == (f"op_specs/slice.yaml:{line}: unknown dtype 'int8x'; did you mean "
                            f"'int8'? (dtypes are declared in op_specs/products.yaml)")


def test_unknown_dtype_in_a_product_rule(copy: SpecCopy):
    copy.edit("products.yaml", "exclude: [bfloat16]", "exclude: [complex32]")
    line = copy.line_of("products.yaml", "complex32")
    assert copy.error() == (f"op_specs/products.yaml:{line}: unknown dtype 'complex32'; known: "
                            f"{', '.join(VOCABULARY)}")


def test_unknown_product_in_an_op_rule(copy: SpecCopy):
    copy.edit("slice.yaml", "\nexamples:\n", "\nproducts:\n  atlas-infrence:\n    exclude: [int8]\n"
                                           "examples:\n")
    line = copy.line_of("slice.yaml", "atlas-infrence:")
    assert copy.error() == (f"op_specs/slice.yaml:{line}: unknown product 'atlas-infrence'; "
                            f"did you mean 'atlas-inference'?")


def test_unknown_product_without_a_close_one(copy: SpecCopy):
    copy.edit("depth_to_space.yaml", "examples:\n", "products:\n  tpu-v4: all\nexamples:\n")
    line = copy.line_of("depth_to_space.yaml", "tpu-v4:")
    assert copy.error() == (f"op_specs/depth_to_space.yaml:{line}: unknown product 'tpu-v4'; "
                            f"known: {', '.join(PRODUCT_KEYS)}")


def test_an_op_rule_replaces_the_product_default(copy: SpecCopy):
    copy.edit("slice.yaml", "\nexamples:\n",
              "\nproducts:\n  atlas-a2:\n    only: [int8, float16]\n    why: test\nexamples:\n")
    loaded = copy.load()
    slice_ = loaded.op("slice")
    a2 = next(p for p in loaded.products if p.key == "atlas-a2")
    inference = next(p for p in loaded.products if p.key == "atlas-inference")
    assert set(slice_.supported_dtypes(a2)) == {"int8", "float16"}
    assert slice_.rule_for(a2).why == "test"
    assert "bfloat16" not in slice_.supported_dtypes(inference)  # the default still applies
    assert set(loaded.op("strided_slice").supported_dtypes(a2)) == set(VOCABULARY)


def test_dangling_simulated_soc(copy: SpecCopy):
    copy.edit("products.yaml", "simulated_soc: Ascend310B1", "simulated_soc: Ascend910B2")
    line = copy.line_of("products.yaml", "simulated_soc: Ascend910B2", nth=2)  # a2 has one too
    assert copy.error() == (f"op_specs/products.yaml:{line}: unknown SoC 'Ascend910B2'; did you "
                            f"mean 'Ascend310B2'? (simulated_soc must be one of product "
                            f"atlas-200i-500-a2's socs)")


def test_dangling_simulated_soc_without_a_close_one(copy: SpecCopy):
    copy.edit("products.yaml", "simulated_soc: Ascend910A", "simulated_soc: Kirin9000")
    line = copy.line_of("products.yaml", "simulated_soc: Kirin9000")
    assert copy.error() == (f"op_specs/products.yaml:{line}: unknown SoC 'Kirin9000'; known: "
                            f"Ascend910A, Ascend910ProA, Ascend910PremiumA, Ascend910ProB "
                            f"(simulated_soc must be one of product atlas-training's socs)")


def test_duplicate_soc_across_products(copy: SpecCopy):
    copy.edit("products.yaml", "      Ascend310P2: {}\n", "      Ascend910A: {}\n      Ascend310P2: {}\n")
    first = copy.line_of("products.yaml", "Ascend910A: {}")
    second = copy.line_of("products.yaml", "Ascend910A: {}", nth=2)
    assert copy.error() == (f"op_specs/products.yaml:{second}: SoC 'Ascend910A' is already "
                            f"listed at op_specs/products.yaml:{first}")


def test_example_argument_that_is_not_an_attribute(copy: SpecCopy):
    copy.edit("slice.yaml", "args: {offsets: [1, 2], size: [2, 4]}",
              "args: {offsets: [1, 2], size: [2, 4], offset: [0, 0]}")
    line = copy.line_of("slice.yaml", "offset: [0, 0]")
    assert copy.error() == (f"op_specs/slice.yaml:{line}: example atb_documentation_example: unknown argument "
                            f"'offset'; did you mean 'offsets'?")


def test_error_example_argument_that_is_not_an_attribute(copy: SpecCopy):
    copy.edit("slice.yaml", "args: {offsets: [0], size: [1]}",
              "args: {offsets: [0], size: [1], block_size: 2}")
    line = copy.line_of("slice.yaml", "block_size: 2")
    assert copy.error() == (f"op_specs/slice.yaml:{line}: error example rank_mismatch: unknown "
                            f"argument 'block_size'; known: offsets, size")


def test_example_missing_a_required_argument(copy: SpecCopy):
    copy.edit("slice.yaml", "args: {offsets: [1, 2], size: [2, 4]}", "args: {offsets: [1, 2]}")
    line = copy.line_of("slice.yaml", "args: {offsets: [1, 2]}")
    assert copy.error() == (f"op_specs/slice.yaml:{line}: example atb_documentation_example does not give the "
                            f"required argument 'size'")


def test_missing_required_key_of_the_op(copy: SpecCopy):
    copy.edit("slice.yaml", "op_type: AscendSlice\n", "")
    line = copy.line_of("slice.yaml", "op: slice")
    assert copy.error() == f"op_specs/slice.yaml:{line}: op spec is missing the required key 'op_type'"


def test_missing_required_key_of_an_example(copy: SpecCopy):
    copy.edit("depth_to_space.yaml", "    input: [[[[1, 2, 3, 4]]]]\n    dtype: int64\n",
              "    input: [[[[1, 2, 3, 4]]]]\n")
    line = copy.line_of("depth_to_space.yaml", "name: one_pixel_four_channels")
    assert copy.error() == (f"op_specs/depth_to_space.yaml:{line}: example is missing the "
                            f"required key 'dtype'")


def test_missing_required_key_of_a_product(copy: SpecCopy):
    copy.edit("products.yaml", "    gather: false\n", "")
    line = copy.line_of("products.yaml", "key: atlas-training")
    assert copy.error() == (f"op_specs/products.yaml:{line}: product is missing the required key "
                            f"'gather'")


def test_example_needs_output_or_shape(copy: SpecCopy):
    copy.edit("slice.yaml", "    output: [[[25, 26, 27], [30, 31, 32]], [[45, 46, 47], [50, 51, 52]]]\n", "")
    line = copy.line_of("slice.yaml", "name: to_the_end")
    assert copy.error() == (f"op_specs/slice.yaml:{line}: example to_the_end needs 'output' or "
                            f"'output_shape'")


def test_bad_attribute_default_type(copy: SpecCopy):
    copy.edit("strided_slice.yaml", "    default: 0\n    keyword_only: true\n    doc: Bit i set ignores `begin[i]`",
              "    default: zero\n    keyword_only: true\n    doc: Bit i set ignores `begin[i]`")
    line = copy.line_of("strided_slice.yaml", "default: zero")
    assert copy.error() == (f"op_specs/strided_slice.yaml:{line}: attribute begin_mask: default "
                            f"'zero' is not a valid int")


def test_bad_attribute_default_list(copy: SpecCopy):
    copy.edit("strided_slice.yaml", "    default: null\n", "    default: [1, x]\n")
    line = copy.line_of("strided_slice.yaml", "default: [1, x]")
    assert copy.error() == (f"op_specs/strided_slice.yaml:{line}: attribute strides: default "
                            f"[1, 'x'] is not a valid int[]?")


def test_attribute_default_outside_its_choices(copy: SpecCopy):
    copy.edit("depth_to_space.yaml", "default: NHWC", "default: NWHC")
    line = copy.line_of("depth_to_space.yaml", "default: NWHC")
    assert copy.error() == (f"op_specs/depth_to_space.yaml:{line}: attribute data_format: default "
                            f"'NWHC' is not one of its choices ['NHWC', 'NCHW', 'NCHW_VECT_C']")


def test_unknown_attribute_type(copy: SpecCopy):
    copy.edit("depth_to_space.yaml", "    type: int\n", "    type: integer\n")
    line = copy.line_of("depth_to_space.yaml", "type: integer")
    assert copy.error() == (f"op_specs/depth_to_space.yaml:{line}: unknown attribute type "
                            f"'integer'; did you mean 'int'?")


def test_op_name_must_match_the_file_name(copy: SpecCopy):
    copy.edit("slice.yaml", "op: slice\n", "op: slices\n")
    line = copy.line_of("slice.yaml", "op: slices")
    assert copy.error() == (f"op_specs/slice.yaml:{line}: op 'slices' must be declared in "
                            f"op_specs/slices.yaml, not in op_specs/slice.yaml; rename the file or "
                            f"the op")


def test_op_type_used_twice(copy: SpecCopy):
    copy.edit("space_to_depth.yaml", "op_type: AscendSpaceToDepth", "op_type: AscendDepthToSpace")
    line = copy.line_of("space_to_depth.yaml", "op: space_to_depth")
    assert copy.error() == (f"op_specs/space_to_depth.yaml:{line}: op_type 'AscendDepthToSpace' "
                            f"is used by more than one op (depth_to_space has it too)")


def test_a_broken_op_spec_is_left_out_only_when_asked(copy: SpecCopy):
    copy.edit("slice.yaml", "op_type: AscendSlice\n", "op_type: [AscendSlice]\n")
    line = copy.line_of("slice.yaml", "op_type:")
    error = f"op_specs/slice.yaml:{line}: op spec.op_type must be a string, got a list ['AscendSlice']"
    assert copy.error() == error  # the generator's strict load
    partial = load_specs(copy.root / "op_specs", copy.root, skip_broken_ops=True)
    assert sorted(o.name for o in partial.ops) == sorted(set(OP_FILES) - {"slice"})
    assert partial.broken == (("slice", error),) and partial.first_error() == error
    # an op whose backward inverse is left out goes with it
    copy.edit("space_to_depth.yaml", "op_type: AscendSpaceToDepth", "op_type: 7")
    partial = load_specs(copy.root / "op_specs", copy.root, skip_broken_ops=True)
    assert sorted(name for name, _ in partial.broken) == ["depth_to_space", "slice", "space_to_depth"]
    assert sorted(o.name for o in partial.ops) == sorted(set(OP_FILES) - {"depth_to_space", "slice", "space_to_depth"})
    # negative control: the real specs leave nothing out
    assert specs().broken == () and specs().first_error() is None


def test_invalid_yaml_tab(copy: SpecCopy):
    copy.edit("space_to_depth.yaml", "  - name: x\n", "\t- name: x\n")
    line = copy.line_of("space_to_depth.yaml", "\t- name: x")
    assert copy.error() == (f"op_specs/space_to_depth.yaml:{line}: not valid YAML: found character "
                            f"'\\t' that cannot start any token")


def test_invalid_yaml_indentation(copy: SpecCopy):
    copy.edit("products.yaml", "    ub_bytes: 253952\n", "    ub_bytes: 253952\n   oops: 1\n")
    line = copy.line_of("products.yaml", "oops: 1")
    assert copy.error().startswith(f"op_specs/products.yaml:{line}: not valid YAML: ")


def test_missing_products_file(copy: SpecCopy):
    copy.path("products.yaml").unlink()
    assert copy.error() == "op_specs/products.yaml:1: missing: op_specs needs a products.yaml"


def test_spec_error_is_a_value_error_exported_by_the_package(copy: SpecCopy):
    copy.edit("slice.yaml", "op: slice\n", "op: slices\n")
    with pytest.raises(ValueError):
        copy.load()
    assert ascend_ops.SpecError is SpecError


# --- corruptions that once escaped as raw Python errors or passed silently ----------------------

def test_a_list_as_a_key(copy: SpecCopy):
    copy.edit("slice.yaml", "op_type: AscendSlice\n", "op_type: AscendSlice\n[a, b]: 1\n")
    line = copy.line_of("slice.yaml", "[a, b]: 1")
    assert copy.error() == (f"op_specs/slice.yaml:{line}: a key must be a plain name, got a list "
                            f"['a', 'b']; write `name: value`")


def test_bytes_that_are_not_utf8(copy: SpecCopy):
    path = copy.path("slice.yaml")
    data = path.read_bytes().replace(b"op_type: AscendSlice", b"op_type: Ascend\xffSlice", 1)
    path.write_bytes(data)
    line = data[:data.index(b"\xff")].count(b"\n") + 1
    assert copy.error() == (f"op_specs/slice.yaml:{line}: not UTF-8: byte 0xff at column 16; "
                            f"spec files are UTF-8 text")


def test_an_op_rule_naming_a_dtype_the_op_lacks(copy: SpecCopy):
    copy.edit("slice.yaml", "\nexamples:\n", "\nproducts:\n  atlas-inference:\n    only: [int64]\n"
                                           "examples:\n")
    line = copy.line_of("slice.yaml", "atlas-inference:")
    assert copy.error() == (f"op_specs/slice.yaml:{line}: op slice: the rule for atlas-inference "
                            f"names int64, which the op does not have (its dtypes: float16, "
                            f"float32, int8, bool, int32, uint32, bfloat16)")


def test_an_op_rule_leaving_no_dtype(copy: SpecCopy):
    copy.edit("slice.yaml", "\nexamples:\n",
              "\nproducts:\n  atlas-a2:\n    exclude: [float16, float32, int8, bool, int32, uint32, "
              "bfloat16]\nexamples:\n")
    line = copy.line_of("slice.yaml", "atlas-a2:")
    assert copy.error() == (f"op_specs/slice.yaml:{line}: op slice: the rule for atlas-a2 leaves "
                            f"the op no dtype there; every op needs at least one dtype on every "
                            f"product line")


def test_a_choice_that_is_not_a_string(copy: SpecCopy):
    copy.edit("depth_to_space.yaml", "choices: [NHWC, NCHW, NCHW_VECT_C]", "choices: [NHWC, 7]")
    line = copy.line_of("depth_to_space.yaml", "choices: [NHWC, 7]")
    assert copy.error() == (f"op_specs/depth_to_space.yaml:{line}: attribute data_format: choice 7 "
                            f"is an integer; the choices of a str attribute are strings")


@pytest.mark.parametrize("old, new, needle, message", [
    ("ub_bytes: 196608", "ub_bytes: 100000000000000000000000", "ub_bytes: 1000",
     "product.ub_bytes = 100000000000000000000000 is out of range: it must be in [1, 4294967295]"),
    ("    vector_cores: 48\n", "    vector_cores: -5\n", "vector_cores: -5",
     "product.vector_cores = -5 is out of range: it must be in [0, 65535]"),
    ("Ascend910B3: {ai_cores: 20, vector_cores: 40}", "Ascend910B3: {ai_cores: 20, vector_cores: -5}",
     "vector_cores: -5", "SoC Ascend910B3.vector_cores = -5 is out of range: it must be in [0, 65535]"),
], ids=["ub_bytes_huge", "vector_cores_negative", "soc_override_negative"])
def test_numbers_out_of_range_point_at_their_line(copy: SpecCopy, old, new, needle, message):
    text = copy.path("products.yaml").read_text(encoding="utf-8")
    copy.path("products.yaml").write_text(text.replace(old, new, 1), encoding="utf-8")
    assert copy.error() == f"op_specs/products.yaml:{copy.line_of('products.yaml', needle)}: {message}"


def test_max_rank_is_range_checked(copy: SpecCopy):
    copy.edit("slice.yaml", "max_rank: 8", "max_rank: 65")
    line = copy.line_of("slice.yaml", "max_rank: 65")
    assert copy.error() == (f"op_specs/slice.yaml:{line}: op spec.max_rank = 65 is out of range: "
                            f"it must be in [1, 64]")


# --- backward -----------------------------------------------------------------------------------

def test_backward_rules_of_the_real_specs():
    from ascend_ops_gen.spec import BackwardRule, GradientKernel

    rules = {op.name: (op.backward.rule, op.backward.inverse) for op in specs().ops
             if op.backward is not None}  # optional: an op without one is not differentiable
    shipped = {"strided_slice": (BackwardRule.SCATTER, None),
               "slice": (BackwardRule.SCATTER, None),
               "depth_to_space": (BackwardRule.INVERSE, "space_to_depth"),
               "space_to_depth": (BackwardRule.INVERSE, "depth_to_space")}
    assert {name: rules[name] for name in shipped} == shipped
    # an inverse names an op whose own inverse is this one (another op may be added beside them)
    for name, (rule, inverse) in rules.items():
        assert rule is BackwardRule.SCATTER or rules[inverse] == (BackwardRule.INVERSE, name), name
    gradients = {op.name: (op.backward.gradient.name, op.backward.gradient.op_type, op.backward.gradient.kernel)
                 for op in specs().ops if op.backward is not None and op.backward.gradient is not None}
    assert gradients == {"strided_slice": ("strided_slice_grad", "AscendStridedSliceGrad", GradientKernel.ENGINE),
                         "slice": ("slice_grad", "AscendSliceGrad", GradientKernel.ENGINE)}


_SLICE_GRADIENT = """backward:
  scatter:
    op: slice_grad
    op_type: AscendSliceGrad
    semantics: The adjoint of ATB SliceOperation
    summary: "The gradient of `slice`: `dy` written into the block it reads, zeros elsewhere."
    kernel: engine
    examples:
      - example: atb_documentation_example
        doc: "`dy` = 1..8 in rows 1-2 and columns 2-5 of a (3, 6) float16 gradient."
        output: [[0, 0, 0, 0, 0, 0], [0, 0, 1, 2, 3, 4], [0, 0, 5, 6, 7, 8]]
"""


def test_backward_of_an_unknown_form(copy: SpecCopy):
    copy.edit("slice.yaml", _SLICE_GRADIENT, "backward: gather\n")
    line = copy.line_of("slice.yaml", "backward:")
    assert copy.error() == (f"op_specs/slice.yaml:{line}: backward must be `backward: scatter`, "
                            f"`backward: {{scatter: <gradient op>}}` or `backward: {{inverse: <op>}}`, "
                            f"got 'gather'")


def test_plain_scatter_declares_no_gradient_op(copy: SpecCopy):
    copy.edit("slice.yaml", _SLICE_GRADIENT, "backward: scatter\n")
    assert copy.load().op("slice").backward.gradient is None


@pytest.mark.parametrize("old, new, needle, message", [
    ("    kernel: engine\n", "    kernel: ascendc\n", "kernel: ascendc",
     "backward.scatter.kernel must be 'engine' (the engine's write direction: an AscendC kernel of its own) "
     "or 'none' (no kernel: every device runs its torch view write), got 'ascendc'"),
    ("    kernel: engine\n", "    kernel: engine\n    dtypes: [int8]\n", "dtypes: [int8]",
     "unknown key 'dtypes' in backward.scatter; did you mean 'op_type'?"),
    ("    kernel: engine\n", "", "    op: slice_grad", "backward.scatter is missing the required key 'kernel'"),
    ("    op: slice_grad\n", "    op: slice_gradient\n", "    op: slice_grad",
     "backward.scatter.op must be slice_grad (the gradient op of slice), got 'slice_gradient'"),
    ("    op_type: AscendSliceGrad\n", "    op_type: AscendStridedSlice\n", "    op: slice_grad",
     "backward.scatter.op_type 'AscendStridedSlice' is already op strided_slice's"),
    ("    op_type: AscendSliceGrad\n", "    op_type: ascend_slice_grad\n", "op_type: ascend",
     "backward.scatter.op_type 'ascend_slice_grad' must be CamelCase"),
    ("      - example: atb_documentation_example\n", "      - example: atb_documentation\n", "example: atb_",
     "backward.scatter.examples: unknown worked example of slice 'atb_documentation'; did you mean "
     "'atb_documentation_example'?"),
    ("        output: [[0, 0, 0", "        outputs: [[0, 0, 0", "example: atb_",
     "backward.scatter.examples[] is missing the required key 'output'"),
])
def test_gradient_op_rules(copy: SpecCopy, old, new, needle, message):
    copy.edit("slice.yaml", old, new)
    assert copy.error() == f"op_specs/slice.yaml:{copy.line_of('slice.yaml', needle)}: {message}"


def test_backward_inverse_of_an_unknown_op(copy: SpecCopy):
    copy.edit("depth_to_space.yaml", "backward: {inverse: space_to_depth}",
              "backward: {inverse: space_to_dept}")
    line = copy.line_of("depth_to_space.yaml", "backward:")
    assert copy.error() == (f"op_specs/depth_to_space.yaml:{line}: backward: unknown op "
                            f"'space_to_dept'; did you mean 'space_to_depth'?")


def test_backward_inverse_with_other_attributes(copy: SpecCopy):
    copy.edit("depth_to_space.yaml", "backward: {inverse: space_to_depth}",
              "backward: {inverse: slice}")
    line = copy.line_of("depth_to_space.yaml", "backward:")
    assert copy.error() == (f"op_specs/depth_to_space.yaml:{line}: backward: {{inverse: slice}} "
                            f"needs slice to take the attributes of depth_to_space (block_size, "
                            f"data_format, mode); it takes (offsets, size)")


def test_no_backward_means_not_differentiable(copy: SpecCopy):
    copy.edit("slice.yaml", _SLICE_GRADIENT, "")
    assert copy.load().op("slice").backward is None


# --- corpus: and onnx_node: ---------------------------------------------------------------------

def test_every_op_declares_its_corpus_and_the_nodes_point_at_their_lines():
    def line(file: str, n: int) -> str:
        return (ROOT / file).read_text(encoding="utf-8").splitlines()[n - 1]

    declared = [op for op in specs().ops if op.corpus is not None and not op.is_custom]  # optional: an op
    assert {"strided_slice", "slice", "depth_to_space", "space_to_depth"} <= {op.name for op in declared}
    for op in declared:  # without one runs its worked example in the corpus instead (a custom op: its
        # cases are its inputs' shapes, tests/ascend_ops_gen/spec/test_custom_specs.py)
        assert sum(c.large_contiguous for c in op.corpus.cases) == 1, op.name
        for case in op.corpus.cases:
            assert f'name: "{case.name}"' in line(case.loc.file, case.loc.line), case
        assert line(op.file, op.corpus.line_cases.loc.line).strip() == "draw:"
    assert specs().op("slice").onnx_node is None
    assert specs().op("space_to_depth").onnx_node.when == (("mode", "DCR"),)


def test_a_large_size_follows_the_byte_budget():
    from ascend_ops_gen.spec import LargeSize, Location

    loc = Location("op_specs/x.yaml", 1)
    assert LargeSize((61,), 3, 0, 1, loc).size(6100) == 103
    assert LargeSize((2, 148), 0, 4, 1, loc).size(100) == 4  # at_least before rounding
    assert LargeSize((3, 8, 5), 4, 0, 4, loc).size(1000) == 12  # 1000 // 120 = 8, then + 4
    assert LargeSize((2, 2, 37), 0, 2, 2, loc).size(1000) == 6  # 6 is a multiple of 2


def test_a_formula_evaluates_only_arithmetic_on_drawn_names():
    from ascend_ops_gen.spec import Formula, Location

    formula = Formula("cols - start - 1", Location("op_specs/x.yaml", 1))
    assert formula.names() == ("cols", "start")
    assert formula.evaluate({"cols": 40, "start": 3}) == 36
    assert Formula("(h + 1) * b // 2", formula.loc).evaluate({"h": 5, "b": 3}) == 9


@pytest.mark.parametrize("file, old, new, needle, message", [
    ("slice.yaml", '"0-d", shape: [], args: {offsets: [], size: []}, quick: true}',
     '"0-d", shape: [], args: {offsets: [], size: []}, quik: true}', '"0-d"',
     "unknown key 'quik' in corpus case; did you mean 'quick'?"),
    ("slice.yaml", "args: {offsets: [5], size: [-1]}}", "args: {offsets: [5], sise: [-1]}}",
     "sise:", "corpus case '1-d, to the end, odd length': unknown argument 'sise'; did you mean "
              "'size'?"),
    ("slice.yaml", "args: {offsets: [5], size: [-1]}}", "args: {offsets: [5]}}",
     '"1-d, to the end, odd length"', "corpus case '1-d, to the end, odd length' does not give "
                                      "the required argument 'size'"),
    ("slice.yaml", "shape: [37], args: {offsets: [5]", "shape: [-37], args: {offsets: [5]",
     "shape: [-37]", "corpus case '1-d, to the end, odd length': shape: -37 must be an integer "
                     ">= 0 or {large_over: [dims...], plus: n, at_least: n, multiple_of: n}"),
    ("slice.yaml", "{large_over: [13], plus: 1}", "{large_over: [13], plus: 1, minus: 2}",
     "minus: 2", "unknown key 'minus' in corpus case 'large, short rows': shape: large size; "
                 "allowed keys: at_least, large_over, multiple_of, plus"),
    ("slice.yaml", "{large_over: [13], plus: 1}", "{large_over: [0], plus: 1}", "large_over: [0]",
     "corpus case 'large, short rows': shape: large_over must list positive integers (the "
     "case's other dims), got [0]"),
    ("depth_to_space.yaml", "data_format: NCHW_VECT_C},\n       dtype: int8",
     "data_format: NCHW_VECT_C},\n       dtype: int4", "dtype: int4",
     "corpus case 'NCHW_VECT_C': unknown dtype 'int4'; did you mean 'int64'? (the op's dtypes)"),
    ("slice.yaml", "size: [rows - 2, cols - start - 1]", "size: [rows - 2, cols - strt - 1]",
     "cols - strt", "line_cases: size: unknown drawn name 'strt'; did you mean 'start'?"),
    ("slice.yaml", "size: [rows - 2, cols - start - 1]", "size: [rows ** 2, cols - start - 1]",
     "rows ** 2", "line_cases: size: 'rows ** 2' is not a formula: write integers and drawn "
                  "names joined by +, -, * and //"),
    ("slice.yaml", "start: {between: [1, 7]}", "start: {between: [7, 1]}", "start: {between",
     "draw start: between must be [low, high], integers with 0 <= low < high, got [7, 1]"),
    ("slice.yaml", "start: {between: [1, 7]}", "start: {beween: [1, 7]}", "start: {beween",
     "draw start needs exactly one of between, choice, row_lines"),
    ("depth_to_space.yaml", "      NCHW: [2, depth * block * block, height * block, width * block]\n",
     "", "shapes:", "line_cases: shapes needs one shape for each choice of data_format (NHWC, "
                    "NCHW), got NHWC"),
    ("depth_to_space.yaml", "args: {block_size: block, data_format: data_format, mode: mode}",
     "args: {block_size: block, data_format: layout, mode: mode}",
     "data_format: layout", "line_cases: data_format: 'layout' is neither a drawn name nor one "
                            "of the choices ['NHWC', 'NCHW', 'NCHW_VECT_C']"),
    ("depth_to_space.yaml", "attributes: {blocksize: block_size, mode: mode}",
     "attributes: {blocksize: blocksize, mode: mode}", "attributes: {blocksize: blocksize",
     "onnx_node attribute blocksize: unknown argument 'blocksize'; did you mean 'block_size'?"),
    ("space_to_depth.yaml", "when: {mode: DCR}", "when: {mode: RDC}", "when: {mode: RDC}",
     "onnx_node.when: 'RDC' is not one of mode's choices ['DCR', 'CRD']"),
    ("depth_to_space.yaml", "      NHWC: {permute: [0, 3, 1, 2]}", "      NHWC: {permute: [0, 3, 1, 1]}",
     "NHWC: {permute: [0, 3, 1, 1]}", "onnx_node.layout.changes.NHWC: permute must list each "
                                      "axis 0..3 once, got [0, 3, 1, 1]"),
    ("depth_to_space.yaml", "      NHWC: {permute: [0, 3, 1, 2]}", "      NWHC: {permute: [0, 3, 1, 2]}",
     "NWHC: {permute", "onnx_node.layout.changes.NWHC: 'NWHC' is not one of data_format's "
                       "choices ['NHWC', 'NCHW', 'NCHW_VECT_C']"),
    ("depth_to_space.yaml", "merge: [1, 2]}", "merge: [2, 1]}", "merge: [2, 1]",
     "onnx_node.layout.changes.NCHW_VECT_C: merge must be [first, last], axes of the permuted "
     "input with first < last, got [2, 1]"),
    ("depth_to_space.yaml", "  layout:\n    argument: data_format", "  layout:\n    argument: mode",
     "native: NCHW", "onnx_node.layout.native: 'NCHW' is not one of mode's choices ['DCR', "
                       "'CRD']"),
], ids=["case_unknown_key", "case_unknown_argument", "case_missing_argument", "negative_dim",
        "large_size_unknown_key", "large_over_zero", "case_dtype", "formula_unknown_name",
        "formula_power", "draw_range", "draw_kind", "shapes_per_choice", "str_argument",
        "onnx_attribute", "onnx_when", "onnx_permute", "onnx_layout_value", "onnx_merge",
        "onnx_layout_argument"])
def test_corpus_and_onnx_node_errors_name_their_line(copy: SpecCopy, file, old, new, needle, message):
    copy.edit(file, old, new)
    assert copy.error() == f"op_specs/{file}:{copy.line_of(file, needle)}: {message}"


def test_a_corpus_needs_exactly_one_large_contiguous_case(copy: SpecCopy):
    copy.edit("slice.yaml", "size: [{large_over: [1031]}, -1]}, large_contiguous: true,",
              "size: [{large_over: [1031]}, -1]},")
    line = copy.line_of("slice.yaml", "corpus:")
    assert copy.error() == (f"op_specs/slice.yaml:{line}: op slice: corpus needs exactly one case "
                            f"marked large_contiguous: true (the copy that must reach 95% DMA "
                            f"efficiency), found 0")


def test_a_corpus_case_name_is_used_once(copy: SpecCopy):
    copy.edit("slice.yaml", '{name: "size-1 dims"', '{name: "0-d"')
    line = copy.line_of("slice.yaml", '{name: "0-d"', nth=2)
    assert copy.error() == (f"op_specs/slice.yaml:{line}: corpus case '0-d' is listed twice; give "
                            f"each case its own name")


def test_without_corpus_and_onnx_node_the_op_still_loads(copy: SpecCopy):
    for file in ("slice.yaml", "space_to_depth.yaml"):
        text = copy.path(file).read_text(encoding="utf-8")
        copy.path(file).write_text(text[:text.index("# The simulator's verification corpus")],
                                   encoding="utf-8")
    text = copy.path("space_to_depth.yaml").read_text(encoding="utf-8")
    copy.path("space_to_depth.yaml").write_text(text[:text.index("# ONNX export")], encoding="utf-8")
    loaded = copy.load()
    assert loaded.op("slice").corpus is None
    assert loaded.op("space_to_depth").corpus is None and loaded.op("space_to_depth").onnx_node is None


def test_a_corpus_case_may_be_a_worked_example(copy: SpecCopy):
    case = specs().op("slice").corpus.cases[2]
    assert (case.shape, case.args) == ((3, 6), (("offsets", (1, 2)), ("size", (2, 4))))
    copy.edit("slice.yaml", "example: atb_documentation_example,", "example: atb_documentation,")
    line = copy.line_of("slice.yaml", "example: atb_documentation,")
    assert copy.error() == (f"op_specs/slice.yaml:{line}: corpus case '2-d ATB documentation "
                            f"example': unknown example 'atb_documentation'; did you mean "
                            f"'atb_documentation_example'?")



# --- op_specs/README.md's op table against the loader --------------------------------------------

def _documented_op_keys() -> dict[str, bool]:
    """Top-level keys of op_specs/README.md's <op>.yaml table -> whether it marks them required."""
    text = (SPEC_DIR / "README.md").read_text(encoding="utf-8")
    table = text.split("## &lt;op&gt;.yaml", 1)[1].split("\n### ", 1)[0]
    keys = {}
    for line in table.splitlines():
        cell = line.split("|")[1] if line.startswith("| `") else ""
        for key in re.findall(r"`([a-z_]+)`", cell.split("(")[0]):
            keys[key] = "(**required**)" in cell
    keys["bench"] = False  # its own section, "(optional)" in its heading
    return keys


def _without_key(copy: SpecCopy, key: str) -> str | None:
    """The loader's error with `key` taken out of the first op spec that has it (None: loads)."""
    for name in OP_FILES:
        raw = yaml.safe_load(copy.path(f"{name}.yaml").read_text(encoding="utf-8"))
        if key in raw:
            del raw[key]
            copy.path(f"{name}.yaml").write_text(yaml.safe_dump(raw, sort_keys=False), encoding="utf-8")
            try:
                copy.load()
            except SpecError as e:
                return str(e)
            return None
    raise AssertionError(f"no op spec has the key {key!r}")


def test_the_readme_marks_exactly_the_keys_the_loader_requires(tmp_path: Path):
    documented = _documented_op_keys()
    used = {k for name in OP_FILES for k in yaml.safe_load((SPEC_DIR / f"{name}.yaml").read_text())}
    assert used <= set(documented), f"keys the README does not list: {sorted(used - set(documented))}"
    for i, (key, required) in enumerate(sorted(documented.items())):
        if key not in used:
            continue
        error = _without_key(SpecCopy(tmp_path / str(i)), key)
        missing = error is not None and f"missing the required key {key!r}" in error
        assert missing == required, (key, required, error)
    # negative control: attributes is optional (an op without arguments writes nothing)
    assert documented["attributes"] is False and documented["dtypes"] is True

