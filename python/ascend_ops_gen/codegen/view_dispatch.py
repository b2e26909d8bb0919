"""`binding/op_view_dispatch_generated.h`: every op's view builder found by the op's name.

A caller that holds attribute values without the op's C++ types -- the engine test driver,
which reads them from text -- looks the op up in `kOpViews` and passes its attributes in spec
order. Each entry calls `Build<Op>View` exactly as the op's OpDef BuildView does
(`host.view_builder_call`), so a new spec gets its entry with no hand-written table. Pure.
"""
from __future__ import annotations

from ..spec import AttrType, OpSpec, SpecSet
from .cpp import cpp_string
from .file_manager import header_line
from .host import view_builder_call
from .op_views import BoundArgument, ViewBuilder

DISPATCH_PATH = "binding/op_view_dispatch_generated.h"
_GUARD = "ASCEND_KERNELS_BINDING_OP_VIEW_DISPATCH_GENERATED_H"
# How a caller reads each attribute: `kAttrKinds` letters, one per attribute.
ATTR_KIND_LETTERS = {AttrType.INT: "i", AttrType.INT_LIST: "l", AttrType.OPTIONAL_INT_LIST: "l",
                     AttrType.STR: "s", AttrType.FLOAT: "f", AttrType.INT_ROWS: "l"}


def attr_kinds(op: OpSpec) -> str:
    return "".join(ATTR_KIND_LETTERS[a.type] for a in op.attributes)


def _entry_function(op: OpSpec, builder: ViewBuilder, bound: tuple[BoundArgument, ...]) -> list[str]:
    def value(i: int) -> str:
        field = {AttrType.STR: "text", AttrType.FLOAT: "real"}.get(op.attributes[i].type, "value")
        return f"attrs[{i}].{field}"

    call = view_builder_call(op, builder, bound, "input", "outShape", "view", indent=4, value=value,
                             list_part=lambda i, part: f"attrs[{i}].{part}")
    return [
        f"// {op.name} ({op.file})",
        f"inline Status {builder.name}FromAttributes(const OpAttrValue* attrs, const TensorShape& input,",
        "    TensorShape* outShape, StridedView* view)",
        "{",
        *(f"    {line}" for text in call for line in text.split("\n")),
        "}",
        "",
    ]


def emit_view_dispatch(specs: SpecSet, views: list[tuple[OpSpec, ViewBuilder, tuple[BoundArgument, ...]]],
                       source: str) -> str:
    lines = [
        header_line(source),
        "//",
        "// Every op's view builder by the op's name, its attributes in spec order, for callers that",
        "// hold attribute values without the op's C++ types. Each entry calls Build<Op>View as the",
        "// op's OpDef BuildView does.",
        f"#ifndef {_GUARD}",
        f"#define {_GUARD}",
        "",
        "#include <cstdint>",
        "",
        *[f'#include "../{op.name}/{op.name}_view.h"' for op in specs.ops],
        "",
        "namespace ascend_ops {",
        "",
        "// One attribute: `value` of an int, `data` and `size` of an int[] or int[]? (size 0: None) or",
        "// of an int[][] (flattened), `text` of a str, `real` of a float.",
        "struct OpAttrValue {",
        "    int64_t value;",
        "    const int64_t* data;",
        "    int64_t size;",
        "    const char* text;",
        "    float real;",
        "};",
        "",
        "struct OpViewEntry {",
        "    const char* op;         // the spec's op name",
        "    const char* attrKinds;  // per attribute in spec order: i int, l int[], int[]? or int[][], s str,",
        "                            // f float",
        "    Status (*build)(const OpAttrValue* attrs, const TensorShape& input, TensorShape* outShape,",
        "                    StridedView* view);",
        "};",
        "",
    ]
    for op, builder, bound in views:
        lines += _entry_function(op, builder, bound)
    lines.append("inline constexpr OpViewEntry kOpViews[] = {")
    lines += [f"    {{{cpp_string(op.name)}, {cpp_string(attr_kinds(op))}, &{builder.name}FromAttributes}},"
              for op, builder, _ in views]
    lines += [
        "};",
        f"inline constexpr int32_t kOpViewCount = {len(views)};",
        "",
        "}  // namespace ascend_ops",
        "",
        f"#endif  // {_GUARD}",
        "",
    ]
    return "\n".join(lines)
