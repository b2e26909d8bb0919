"""Binding spec attributes to the engine's Build<Op>View parameters (codegen/op_views.py)."""
from dataclasses import replace
from pathlib import Path

import pytest

from ascend_ops_gen.codegen.op_views import (ViewBuilderError, bind_attributes, builder_name,
                                         load_view_builders, parse_view_builders)
from ascend_ops_gen.codegen.gen import load_engine_api
from ascend_ops_gen.spec import specs

ROOT = Path(__file__).resolve().parents[2]
LABEL = "ascend_kernels/depth_to_space/depth_to_space_view.h"


@pytest.fixture(scope="module")
def engine_builders():
    return load_engine_api(ROOT / "ascend_kernels").view_builders


def test_every_op_of_the_specs_binds_to_its_folders_view_builder(engine_builders):
    for op in specs().ops:
        label = f"ascend_kernels/{op.name}/{op.name}_view.h"
        builder, bound = bind_attributes(op, engine_builders, label)
        assert builder.loc.startswith(label + ":")
        assert builder.name == builder_name(op)
        assert sorted({b.attr_index for b in bound}) == list(range(len(op.attributes)))


def test_flat_parameters_and_args_struct_are_both_read():
    text = """
    struct FooArgs {
        const int64_t* begin;   // first
        int64_t beginSize;
        const char* mode;
    };
    inline Status BuildFooView(const TensorShape& input, const FooArgs& args,
                               TensorShape* outShape, StridedView* view) { return Status::Ok(); }
    inline Status BuildBarView(const TensorShape& input, int64_t blockSize,
                               /* comment */ const char* mode, TensorShape* outShape,
                               StridedView* view);
    """
    builders = parse_view_builders(text, LABEL)
    foo, bar = builders["BuildFooView"], builders["BuildBarView"]
    assert foo.args_struct == "FooArgs" and foo.loc == f"{LABEL}:7"
    assert [(p.ctype, p.name) for p in foo.params] == [
        ("const int64_t*", "begin"), ("int64_t", "beginSize"), ("const char*", "mode")]
    assert bar.args_struct is None
    assert [(p.ctype, p.name) for p in bar.params] == [("int64_t", "blockSize"),
                                                      ("const char*", "mode")]


def test_a_renamed_attribute_names_the_spec_and_the_engine(engine_builders):
    op = specs().op("depth_to_space")
    renamed = replace(op, attributes=(replace(op.attributes[0], name="block"),) + op.attributes[1:])
    with pytest.raises(ViewBuilderError) as e:
        bind_attributes(renamed, engine_builders, LABEL)
    text = str(e.value)
    assert text.startswith(f"{op.loc}: the attributes of op depth_to_space do not match "
                           f"BuildDepthToSpaceView ({LABEL}:")
    assert "spec wants:   (int64_t block, const char* dataFormat, const char* mode)" in text
    assert "engine takes: (int64_t blockSize, const char* dataFormat, const char* mode)" in text


def test_a_type_change_is_caught(engine_builders):
    op = specs().op("slice")
    from ascend_ops_gen.spec import AttrType
    changed = replace(op, attributes=(replace(op.attributes[0], type=AttrType.INT, default=0),)
                      + op.attributes[1:])
    with pytest.raises(ViewBuilderError, match=r"spec wants:   \(int64_t offsets, "):
        bind_attributes(changed, engine_builders, "ascend_kernels/slice/slice_view.h")


def test_an_op_without_a_builder(engine_builders):
    op = replace(specs().op("slice"), name="gather_rows")
    with pytest.raises(ViewBuilderError,
                       match=r"op gather_rows needs `inline Status BuildGatherRowsView\(const "
                             r"TensorShape& input, <attributes>, TensorShape\* outShape, "
                             r"StridedView\* view\)` in ascend_kernels/gather_rows/gather_rows_view.h"):
        bind_attributes(op, engine_builders, "ascend_kernels/gather_rows/gather_rows_view.h")


def test_a_builder_with_the_wrong_frame():
    with pytest.raises(ViewBuilderError, match=f"{LABEL}:1: BuildFooView must take"):
        parse_view_builders("inline Status BuildFooView(int64_t a, StridedView* view);", LABEL)
