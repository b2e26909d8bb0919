"""Emitters of an op's `op_kernel/` folder and of the kernel-side tiling loader.

Pure functions: model (and the parsed engine headers) in, file text out.
"""
from __future__ import annotations

from ..spec import OpSpec, SpecSet
from .copy_tiling import TilingLayout
from .cpp import TILING_DATA_CLASS, element_type, kernel_name, op_element_sizes
from .file_manager import header_line
from .templates import template


def emit_kernel_source(op: OpSpec, specs: SpecSet) -> str:
    x, y = op.inputs[0].name, op.outputs[0].name
    sizes = op_element_sizes(op, specs)
    dispatch = []
    for i, size in enumerate(sizes):
        keyword = "if" if i == 0 else "} else if"
        dispatch.append(f"{keyword} (TILING_KEY_IS({size})) {{\n"
                        f"    ascend_ops::RunStridedCopy<{element_type(size)}>({x}, {y}, t);")
    dispatch.append("}")
    return template("op_kernel.cpp").substitute(
        header=header_line(op.file), op_type=op.op_type, kernel_name=kernel_name(op.op_type),
        input=x, output=y, element_sizes=", ".join(str(s) for s in sizes), dispatch=dispatch)


def emit_kernel_cmake(op: OpSpec) -> str:
    return template("op_kernel_CMakeLists.txt").substitute(
        header=header_line(op.file, comment="#"), op_type=op.op_type,
        kernel_file=f"{op.name}.cpp")


def emit_tiling_loader(layout: TilingLayout) -> str:
    copies = []
    for f in layout.fields:
        if f.count is None:
            copies.append(f"t.{f.name} = src.{f.name};")
        else:
            copies.append(f"for (int32_t i = 0; i < {f.count}; ++i) {{\n"
                          f"    t.{f.name}[i] = src.{f.name}[i];\n}}")
    return template("copy_tiling_twin_generated.h").substitute(
        header=header_line(layout.header), copies=copies)


def emit_kernel_tiling_data(layout: TilingLayout) -> str:
    """The kernel-side tiling class and GET_TILING_DATA a CANN build derives from CopyTilingData
    (the BEGIN_TILING_DATA_DEF twin of `layout`): what `ascend-ops-dev check-cann` force-includes into
    a compile against the real AscendC headers."""
    fields = [f"{f.ctype} {f.name}[{f.count}];" if f.count else f"{f.ctype} {f.name};"
              for f in layout.fields]
    return template("kernel_tiling_data.h").substitute(
        source=layout.header, class_name=TILING_DATA_CLASS, fields=fields, size=layout.size)
