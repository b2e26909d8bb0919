"""The ops' view builders as their specs declare them (codegen/op_views.py): the codegen binds the
attributes from the spec alone, and the generated op_host source has the compiler hold the
hand-written `<op>_view.h` to that signature. A header or a spec that disagrees fails to compile,
naming both."""
from __future__ import annotations

from pathlib import Path

import pytest

from ascend_ops_dev.kernel_checks.host_check import check_host_code
from ascend_ops_gen.codegen.gen import CodegenError, ViewBuilderError, generated_files, load_engine_api
from ascend_ops_gen.codegen.op_views import bind_attributes, bind_dtype_check
from ascend_ops_gen.errors import SpecError
from ascend_ops_gen.spec import load_specs, specs

ROOT = Path(__file__).resolve().parents[2]


def _failures(project, op: str) -> str:
    """The compiler's output for the op_host source of `op` in the copy (which must fail)."""
    results = check_host_code(project.out, kernels=False, ops=[op])
    assert len(results) == 1
    assert not results[0].ok, f"{op}'s op_host compiled although its view builder disagrees with its spec"
    return results[0].output


def _regenerate(project) -> None:
    code, _, err = project.run("-q")
    assert code == 0, err


def test_the_bindings_come_from_the_specs():
    by_name = {op.name: op for op in specs().ops}
    builder, bound = bind_attributes(by_name["slice"])
    assert (builder.name, builder.args_struct) == ("BuildSliceView", None)
    assert [(p.ctype, p.name) for p in builder.params] == [("const int64_t*", "offsets"), ("int64_t", "offsetsSize"),
                                                           ("const int64_t*", "size"), ("int64_t", "sizeSize")]
    builder, _ = bind_attributes(by_name["strided_slice"])
    assert builder.args_struct == "StridedSliceArgs" and builder.loc.startswith("op_specs/strided_slice.yaml:")
    check, args = bind_dtype_check(by_name["depth_to_space"], bind_attributes(by_name["depth_to_space"])[1])
    assert check.name == "CheckDepthToSpaceDtype" and [b.param.name for b in args] == ["blockSize", "dataFormat", "mode"]
    assert bind_dtype_check(by_name["slice"], bound) is None


def test_the_checkout_states_every_view_builder_for_the_compiler():
    files = {f.path: f.content for f in generated_files(specs(), load_engine_api(ROOT / "ascend_kernels"))}
    for op in specs().ops:
        if op.is_custom:  # no view builder: its hooks (test_custom_ops.py)
            continue
        host = files[f"{op.name}/op_host/{op.name}.cpp"]
        assert f"static_assert(std::is_same<decltype(&ascend_ops::{bind_attributes(op)[0].name})" in host, op.name
    results = check_host_code(ROOT / "ascend_kernels", kernels=False)
    assert [r.output for r in results if not r.ok] == []


def test_a_parameter_of_another_type_fails_to_compile_naming_spec_and_header(project):
    project.edit("ascend_kernels/depth_to_space/depth_to_space_view.h",
                 "inline Status BuildDepthToSpaceView(const TensorShape& input, int64_t blockSize,",
                 "inline Status BuildDepthToSpaceView(const TensorShape& input, int32_t blockSize,")
    out = _failures(project, "depth_to_space")
    assert ("ascend_kernels/depth_to_space/depth_to_space_view.h must declare Status BuildDepthToSpaceView("
            "const TensorShape& input, int64_t blockSize, const char* dataFormat, const char* mode, "
            "TensorShape* outShape, StridedView* view): so op_specs/depth_to_space.yaml binds") in out


def test_a_spec_that_declares_another_form_fails_to_compile(project):
    # The spec says the attributes are parameters; the header takes a StridedSliceArgs.
    project.edit("op_specs/strided_slice.yaml", "view_builder: {args: struct}\n", "")
    _regenerate(project)
    out = _failures(project, "strided_slice")
    assert "must declare Status BuildStridedSliceView(const TensorShape& input, const int64_t* begin, " in out


def test_a_struct_field_of_another_type_or_one_too_many_is_named(project):
    header = "ascend_kernels/strided_slice/strided_slice_view.h"
    project.edit(header, "    int64_t endMask;\n", "    int32_t endMask;\n")
    out = _failures(project, "strided_slice")
    assert (f"{header}: StridedSliceArgs::endMask must be of type int64_t, for attribute end_mask of "
            f"op_specs/strided_slice.yaml") in out
    project.edit(header, "    int32_t endMask;\n", "    int64_t endMask;\n    int64_t spareMask;\n")
    out = _failures(project, "strided_slice")
    assert f"{header}: StridedSliceArgs has a field beyond the 11 the attributes of op_specs/strided_slice.yaml fill" in out


def test_a_dtype_rule_the_spec_declares_otherwise_is_named(project):
    project.edit("op_specs/space_to_depth.yaml", "view_builder: {dtype_check: [block_size, data_format, mode]}",
                 "view_builder: {dtype_check: [data_format, mode]}")
    _regenerate(project)
    out = _failures(project, "space_to_depth")
    assert ("space_to_depth_view.h must declare Status CheckSpaceToDepthDtype(const char* dtype, const char* "
            "dataFormat, const char* mode): so view_builder.dtype_check of op_specs/space_to_depth.yaml") in out


def test_the_unedited_copy_compiles(project):
    # The control of the tests above: the same copy, nothing edited.
    results = check_host_code(project.out, kernels=False)
    assert [r.output for r in results if not r.ok] == []


def test_an_op_without_its_view_header_is_named(project):
    (project.out / "slice" / "slice_view.h").unlink()
    with pytest.raises(ViewBuilderError, match=r"op_specs/slice.yaml:\d+: op slice needs "
                                               r"`inline Status BuildSliceView\(.*in ascend_kernels/slice/"
                                               r"slice_view.h, which does not exist"):
        generated_files(load_specs(project.specs, project.root), load_engine_api(project.out))
    assert issubclass(ViewBuilderError, ValueError) and not issubclass(ViewBuilderError, CodegenError)


@pytest.mark.parametrize("declaration, message", [
    ("{args: fields}", "view_builder.args must be 'parameters' or 'struct', got 'fields'"),
    ("{dtype_check: [blocksize]}", "view_builder.dtype_check: unknown attribute 'blocksize'; did you mean 'block_size'?"),
    ("{dtype_check: [mode, block_size]}", "view_builder.dtype_check must name attributes once each, in the spec's order"),
    ("{dtype: [mode]}", "unknown key 'dtype' in view_builder; did you mean 'dtype_check'?"),
], ids=["args", "unknown_attribute", "order", "unknown_key"])
def test_a_malformed_declaration_names_its_line(project, declaration: str, message: str):
    project.edit("op_specs/depth_to_space.yaml", "view_builder: {dtype_check: [block_size, data_format, mode]}",
                 f"view_builder: {declaration}")
    with pytest.raises(SpecError, match=r"^op_specs/depth_to_space.yaml:\d+: ") as e:
        load_specs(project.specs, project.root)
    assert message in str(e.value)
