"""Emitters of the host side: an op's `op_host/` folder (the registration of the tiling twin, the
OpDef + view glue source, CMake) and the tiling twin every op shares.

Pure functions: model (and the parsed engine headers) in, file text out. What is the same for
every op is hand-written once in `ascend_kernels/common/copy_op_host.h`; an op's source holds only
what its spec says.
"""
from __future__ import annotations

import dataclasses
from typing import Callable

from ..spec import AttrType, OpSpec, SpecSet
from .copy_tiling import TilingLayout
from .cpp import FORMAT_ND, TILING_DATA_CLASS, attr_def, camel, cpp_string, ge_dtype, product_dtypes
from .file_manager import header_line
from .op_views import BoundArgument, DtypeCheck, ViewBuilder, view_checks
from .templates import template


def tiling_header_name(op: OpSpec) -> str:
    return f"{op.name}_tiling.h"


def emit_tiling_data(layout: TilingLayout) -> str:
    """`common/copy_tiling_data_generated.h`: the twin class, its layout proof and its setter."""
    fields = []
    for f in layout.fields:
        if f.count is None:
            fields.append(f"TILING_DATA_FIELD_DEF({f.ctype}, {f.name});")
        else:
            fields.append(f"TILING_DATA_FIELD_DEF_ARR({f.ctype}, {f.count}, {f.name});")
    return template("copy_tiling_data_generated.h").substitute(
        header=header_line(layout.header), tiling_size=layout.size,
        offset_asserts=[
            f"static_assert(offsetof(ascend_ops::CopyTiling, {f.name}) == {f.offset}, "
            f"\"CopyTiling changed: run `ascend-ops-dev generate`\");" for f in layout.fields],
        fields=fields,
        set_fields=[f"tiling->set_{f.name}(plan.{f.name});" for f in layout.fields])


def emit_tiling_header(op: OpSpec) -> str:
    return template("op_host_tiling.h").substitute(
        header=header_line(op.file), op_type=op.op_type, guard=op.name.upper(),
        tiling_class=TILING_DATA_CLASS)


def emit_host_source(op: OpSpec, specs: SpecSet, builder: ViewBuilder,
                     bound: tuple[BoundArgument, ...],
                     dtype_check: tuple[DtypeCheck, tuple[BoundArgument, ...]] | None = None) -> str:
    """A view op's op_host source; for a gradient op (`op.forward`, gradient_spec) its view op's
    builder, bound and dtype rule, whose attributes come one place later in the gradient's OpDef
    (after `shape`), and ReadOutputShape, which reads `shape` (Note [write modes] in
    common/copy_write_planner.h)."""
    x, y = op.inputs[0].name, op.outputs[0].name
    all_dtypes = [ge_dtype(d, specs) for d in op.dtypes]
    view_op = op.forward or op.name
    checks = view_checks(specs.op(view_op) if op.forward else op, builder, bound,
                         dtype_check[0] if dtype_check else None, f"ascend_kernels/{view_hh(view_op)}")
    if op.forward:
        bound = tuple(dataclasses.replace(b, attr_index=b.attr_index + 1) for b in bound)
        if dtype_check:
            dtype_check = (dtype_check[0],
                           tuple(dataclasses.replace(b, attr_index=b.attr_index + 1) for b in dtype_check[1]))
    return template("op_host.cpp").substitute(
        header=header_line(op.file), op_type=op.op_type, op_name=op.name,
        input=x, output=y, builder=builder.name, tiling_header=tiling_header_name(op),
        view_include=f"../../{view_hh(view_op)}" if op.forward else f"../{view_op}_view.h",
        view_op=view_op,
        about=_about(op),
        output_shape_rule=_output_shape_rule(op) if op.forward else [],
        output_shape_hook="ReadOutputShape" if op.forward else "nullptr",
        fill_rule=_fill_rule(op), fill_hook="ReadFill" if op.is_filling else "nullptr",
        view_checks=checks,
        build_view=_build_view(op, builder, bound),
        dtype_rule=_dtype_rule(op, specs, dtype_check),
        dtype_hooks="CheckDtype, kDtypeNames, " + str(len(op.dtypes)) if dtype_check else "nullptr, nullptr, 0",
        all_dtypes=all_dtypes, all_formats=[FORMAT_ND] * len(all_dtypes),
        attrs=[attr_def(a) for a in op.attributes],
        configs=_configs(op, specs))


def view_hh(op_name: str) -> str:
    """The view op's hand-written view builder, relative to ascend_kernels/."""
    return f"{op_name}/{op_name}_view.h"


def _about(op: OpSpec) -> list[str]:
    x, y = op.inputs[0].name, op.outputs[0].name
    if op.forward:
        return [f"// The gradient of `{op.forward}`: {y} is zeros of its `shape` attribute with {x} written into "
                f"the view of it that `{op.forward}` reads (Note [write modes] in common/copy_write_planner.h)."]
    if op.is_filling:
        return [f"// A filling op: {y} is its `{op.fill}` with {x} written into the view of it the view builder "
                f"gives (Note [filling view ops] in ascend_ops_gen/spec/model.py)."]
    return []


def _fill_rule(op: OpSpec) -> list[str]:
    """ReadFill: a filling op's fill attribute as the bits of one element of its input's dtype."""
    if not op.is_filling:
        return []
    index = [a.name for a in op.attributes].index(op.fill)
    return [f"// The fill of {op.outputs[0].name}: `{op.fill}`, exactly a value of {op.inputs[0].name}'s dtype "
            f"(Note [float attributes] in ascend_ops_gen/spec/model.py).",
            "static ascend_ops::Status ReadFill(ascend_ops::OpAttrReader& attrs, ge::DataType type, uint64_t* bits)",
            "{",
            f"    return ascend_ops::FillBits({_read(op, index)}, {cpp_string(op.fill)}, type, "
            f"{cpp_string(op.inputs[0].name)}, bits);",
            "}",
            ""]


def _output_shape_rule(op: OpSpec) -> list[str]:
    return [f"// The shape of {op.outputs[0].name}: the `shape` attribute.",
            "static ascend_ops::Status ReadOutputShape(ascend_ops::OpAttrReader& attrs, "
            "ascend_ops::TensorShape* outShape)",
            "{",
            f"    const ascend_ops::IntListAttr shape = {_read(op, 0)};",
            "    return ascend_ops::ShapeFromList(shape.data, shape.size, outShape);",
            "}",
            ""]


def emit_host_cmake(op: OpSpec) -> str:
    return template("op_host_CMakeLists.txt").substitute(
        header=header_line(op.file, comment="#"), host_source=f"{op.name}.cpp")


# --- helpers --------------------------------------------------------------------------------------

# Generated C++ stays within this many columns where it can (data lists excepted).
_WIDTH = 120
_BODY_INDENT = 4  # BuildView's body in templates/op_host.cpp

# The OpAttrReader (copy_op_host.h) method that reads each attribute type.
_READERS = {
    AttrType.INT: "Int",
    AttrType.STR: "Str",
    AttrType.INT_LIST: "ListInt",
    AttrType.OPTIONAL_INT_LIST: "OptionalListInt",
    AttrType.FLOAT: "Float",
    AttrType.INT_ROWS: "ListInt",  # flattened, row after row
}
_LISTS = (AttrType.INT_LIST, AttrType.OPTIONAL_INT_LIST, AttrType.INT_ROWS)


def _read(op: OpSpec, index: int) -> str:
    a = op.attributes[index]
    return f"attrs.{_READERS[a.type]}({index}, {cpp_string(a.name)})"


def _list_local(name: str) -> str:
    return camel(name) + "Attr"


def _build_view(op: OpSpec, builder: ViewBuilder, bound: tuple[BoundArgument, ...]) -> list[str]:
    """BuildView's body: each attribute read where the view builder takes it. A list feeds two
    parameters (data, size), so it is read once into a local first."""
    used = {b.attr_index for b in bound}  # a gradient's `shape` is ReadOutputShape's
    lines = [f"const ascend_ops::IntListAttr {_list_local(a.name)} = {_read(op, i)};"
             for i, a in enumerate(op.attributes) if a.type in _LISTS and i in used]
    return lines + view_builder_call(
        op, builder, bound, "input", "outShape", "view", indent=_BODY_INDENT,
        value=lambda i: _read(op, i),
        list_part=lambda i, part: f"{_list_local(op.attributes[i].name)}.{part}")


def view_builder_call(op: OpSpec, builder: ViewBuilder, bound: tuple[BoundArgument, ...],
                      input_shape: str, out_shape: str, view: str, *, indent: int,
                      value: Callable[[int], str], list_part: Callable[[int, str], str]
                      ) -> list[str]:
    """`return ascend_ops::Build<Op>View(...)` with every attribute where the builder takes it
    (Note [attribute binding]): `value(i)` is the C++ expression of attribute i, `list_part(i,
    "data" | "size")` that of a list attribute's parts. The OpDef's BuildView and the torch
    binding (binding.py) both call the builder through this."""
    def argument(b: BoundArgument) -> str:
        return value(b.attr_index) if b.part == "value" else list_part(b.attr_index, b.part)

    if builder.args_struct:
        lines = [f"ascend_ops::{builder.args_struct} args{{}};"]
        lines += [f"args.{b.param.name} = {argument(b)};" for b in bound]
        lines.append(f"return ascend_ops::{builder.name}({input_shape}, args, {out_shape}, {view});")
        return lines
    args = [input_shape] + [argument(b) for b in bound] + [out_shape, view]
    return [wrapped_call(f"return ascend_ops::{builder.name}", args, indent)]


def _dtype_rule(op: OpSpec, specs: SpecSet, dtype_check: tuple[DtypeCheck, tuple[BoundArgument, ...]] | None
                ) -> list[str]:
    """CheckDtype and the op's dtype names (Note [dtype rules] in codegen/op_views.py), or nothing."""
    if dtype_check is None:
        return []
    check, bound = dtype_check
    names = ", ".join(f"{{{ge_dtype(d, specs)}, {cpp_string(d)}}}" for d in op.dtypes)
    call = wrapped_call(f"return ascend_ops::{check.name}", ["dtype"] + [_argument(op, b) for b in bound],
                         _BODY_INDENT)
    return ["",
            f"// The dtype rule of {op.name} ({check.name}, ../{op.name}_view.h), for the input's dtype by its op_specs/ name.",
            "static ascend_ops::Status CheckDtype(const char* dtype, ascend_ops::OpAttrReader& attrs)",
            "{",
            *("    " + line for line in call.split("\n")),
            "}",
            "",
            f"// The dtypes of {op.name} by their op_specs/ names, for CheckDtype.",
            f"static const ascend_ops::DtypeName kDtypeNames[] = {{{names}}};"]


def _argument(op: OpSpec, b: BoundArgument) -> str:
    if b.part == "value":
        return _read(op, b.attr_index)
    return f"{_list_local(op.attributes[b.attr_index].name)}.{b.part}"


def wrapped_call(head: str, args: list[str], indent: int, end: str = ");") -> str:
    """`head(args...);` (or what `end` closes it with), broken before an argument that would pass
    column _WIDTH; continuation lines start under the first argument."""
    tokens = [f"{a}," for a in args[:-1]] + [f"{args[-1]}{end}"]
    opening = f"{head}("
    lines, current = [], opening + tokens[0]
    for token in tokens[1:]:
        if indent + len(current) + 1 + len(token) <= _WIDTH:
            current += " " + token
        else:
            lines.append(current)
            current = " " * len(opening) + token
    return "\n".join(lines + [current])


def _configs(op: OpSpec, specs: SpecSet) -> list[str]:
    x, y = cpp_string(op.inputs[0].name), cpp_string(op.outputs[0].name)
    lines = []
    for p in specs.products:
        dtypes = product_dtypes(op, p, specs)
        if not dtypes:
            lines.append(f"// {p.key}: {p.title} ({p.loc.file}): no dtype of {op.name} is supported "
                         f"there, so no AddConfig")
            continue
        arguments = f"{cpp_string(p.add_config)}, {x}, {y}, {{{', '.join(dtypes)}}}"
        lines.append(f"// {p.key}: {p.title} ({p.loc.file})")
        lines.append(f"ascend_ops::AddCopyOpConfig(this->AICore(), {arguments});")
    return lines
