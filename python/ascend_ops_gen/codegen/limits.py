"""Emitters of the ops' limits (`max_rank` and `limits:` in each op spec), declared once there:
`<op>/<op>_limits_generated.h` for the op's C++ view builder, `cpu_reference/_op_limits.py` for the
numpy reference (which imports no spec machinery). Pure.

Names: limit `max_block_size` of op `depth_to_space` is `kDepthToSpaceMaxBlockSize` in C++ (an
`int32_t`: every limit fits one) and `DEPTH_TO_SPACE_MAX_BLOCK_SIZE` in Python.
"""
from __future__ import annotations

from ..spec import Limit, OpSpec, SpecSet
from .file_manager import header_line

# Relative to ascend_kernels/, like every generated path: the reference package is its sibling.
REFERENCE_LIMITS_PATH = "../cpu_reference/_op_limits.py"


def op_limits(op: OpSpec) -> tuple[Limit, ...]:
    return op.all_limits()


def limits_header_path(op: OpSpec) -> str:
    return f"{op.name}/{op.name}_limits_generated.h"


def cpp_name(op: OpSpec, limit: Limit) -> str:
    words = op.name.split("_") + limit.name.split("_")
    return "k" + "".join(w[:1].upper() + w[1:] for w in words)


def python_name(op: OpSpec, limit: Limit) -> str:
    return f"{op.name}_{limit.name}".upper()


def emit_limits_header(op: OpSpec) -> str:
    guard = f"ASCEND_KERNELS_{op.name.upper()}_{op.name.upper()}_LIMITS_GENERATED_H"
    lines = [header_line(op.file), "//",
             f"// The limits of {op.name} ({op.file}), for its view builder ({op.name}_view.h).",
             f"#ifndef {guard}", f"#define {guard}", "", "#include <cstdint>", "", "namespace ascend_ops {", ""]
    for limit in op_limits(op):
        lines += [f"// {limit.doc}", f"constexpr int32_t {cpp_name(op, limit)} = {limit.value};"]
    lines += ["", "}  // namespace ascend_ops", "", f"#endif  // {guard}", ""]
    return "\n".join(lines)


def emit_reference_limits(specs: SpecSet, source: str) -> str:
    lines = [header_line(source, "#"),
             '"""The ops\' limits, declared once in their specs (`max_rank`, `limits:`)."""', ""]
    for op in specs.ops:
        for limit in op_limits(op):
            lines += [f"# {op.file}: {limit.doc}", f"{python_name(op, limit)} = {limit.value}"]
    lines.append("")
    return "\n".join(lines)
