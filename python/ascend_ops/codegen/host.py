"""Emitters of an op's `op_host/` folder: the tiling twin, the OpDef + tiling source, CMake.

Pure functions: model (and the parsed engine headers) in, file text out.
"""
from __future__ import annotations

from ..spec import AttrType, OpSpec, SpecSet
from .copy_tiling import TilingLayout
from .cpp import FORMAT_ND, attr_def, camel, ge_dtype, product_dtypes, tiling_data_class
from .file_manager import header_line
from .op_views import BoundArgument, ViewBuilder
from .templates import template


def tiling_header_name(op: OpSpec) -> str:
    return f"{op.name}_tiling.h"


def emit_tiling_header(op: OpSpec, layout: TilingLayout) -> str:
    fields = []
    for f in layout.fields:
        if f.count is None:
            fields.append(f"TILING_DATA_FIELD_DEF({f.ctype}, {f.name});")
        else:
            fields.append(f"TILING_DATA_FIELD_DEF_ARR({f.ctype}, {f.count}, {f.name});")
    return template("op_host_tiling.h").substitute(
        header=header_line(op.file), op_type=op.op_type, op_name=op.name,
        guard=op.name.upper(), tiling_class=tiling_data_class(op),
        copy_tiling_header=layout.header, fields=fields)


def emit_host_source(op: OpSpec, specs: SpecSet, layout: TilingLayout, builder: ViewBuilder,
                     bound: tuple[BoundArgument, ...]) -> str:
    x, y = op.inputs[0].name, op.outputs[0].name
    all_dtypes = [ge_dtype(d, specs) for d in op.dtypes]
    return template("op_host.cpp").substitute(
        header=header_line(op.file), op_type=op.op_type, op_name=op.name, spec_file=op.file,
        input=x, output=y, builder=builder.name,
        tiling_header=tiling_header_name(op), tiling_class=tiling_data_class(op),
        tiling_size=layout.size,
        offset_asserts=[
            f"static_assert(offsetof(ascend_ops::CopyTiling, {f.name}) == {f.offset}, "
            f"\"CopyTiling changed: run `ascend-ops generate`\");" for f in layout.fields],
        read_attrs=_read_attrs(op),
        call_builder=_call_builder(op, builder, bound),
        dtype_cases=[f"case {ge_dtype(d, specs)}:\n    return {specs.dtype_size(d)};"
                     for d in op.dtypes],
        set_fields=[f"tiling.set_{f.name}(plan.{f.name});" for f in layout.fields],
        all_dtypes=all_dtypes, all_formats=[FORMAT_ND] * len(all_dtypes),
        attrs=[attr_def(a) for a in op.attributes],
        configs=_configs(op, specs))


def emit_host_cmake(op: OpSpec) -> str:
    return template("op_host_CMakeLists.txt").substitute(
        header=header_line(op.file, comment="#"), host_source=f"{op.name}.cpp")


# --- helpers --------------------------------------------------------------------------------------

def _attr_local(name: str) -> str:
    return camel(name) + "Attr"


def _read_attrs(op: OpSpec) -> list[str]:
    lines = []
    for index, a in enumerate(op.attributes):
        local = _attr_local(a.name)
        if a.type is AttrType.INT:
            lines.append(f"const int64_t* {local} = attrs->GetInt({index});")
        elif a.type is AttrType.STR:
            lines.append(f"const char* {local} = attrs->GetStr({index});")
        else:
            lines.append(f"const gert::TypedContinuousVector<int64_t>* {local} = "
                         f"attrs->GetListInt({index});")
    for index, a in enumerate(op.attributes):
        lines.append(f"if ({_attr_local(a.name)} == nullptr) {{\n"
                     f"    return ascend_ops::Status::Error(\"attribute {a.name} (index {index}) "
                     f"is missing\");\n}}")
    return lines


def _argument(op: OpSpec, b: BoundArgument) -> str:
    attr = op.attributes[b.attr_index]
    local = _attr_local(attr.name)
    if b.part == "size":
        return f"static_cast<int64_t>({local}->GetSize())"
    if b.part == "data":
        if attr.type is AttrType.OPTIONAL_INT_LIST:  # absent: an empty list, passed as nullptr
            return f"{local}->GetSize() == 0 ? nullptr : {local}->GetData()"
        return f"{local}->GetData()"
    return f"*{local}" if attr.type is AttrType.INT else local


def _call_builder(op: OpSpec, builder: ViewBuilder,
                  bound: tuple[BoundArgument, ...]) -> list[str]:
    if builder.args_struct:
        lines = [f"ascend_ops::{builder.args_struct} args{{}};"]
        lines += [f"args.{b.param.name} = {_argument(op, b)};" for b in bound]
        lines.append(f"return ascend_ops::{builder.name}(input, args, outShape, view);")
        return lines
    args = ["input"] + [_argument(op, b) for b in bound] + ["outShape", "view"]
    return [f"return ascend_ops::{builder.name}(\n    " + ",\n    ".join(args) + ");"]


def _configs(op: OpSpec, specs: SpecSet) -> list[str]:
    blocks = []
    for p in specs.products:
        dtypes = product_dtypes(op, p, specs)
        if not dtypes:
            blocks.append(f"// {p.key}: {p.title} ({p.loc.file}): no dtype of {op.name} is supported "
                          f"there, so no AddConfig")
            continue
        blocks.append(template("op_host_config.cpp").substitute(
            product_key=p.key, product_title=p.title, product_file=p.loc.file,
            input=op.inputs[0].name, output=op.outputs[0].name, add_config=p.add_config,
            dtypes=list(dtypes), formats=[FORMAT_ND] * len(dtypes)).rstrip("\n"))
    return blocks
