"""Emitter of the CPU aclnn runtime's op functions (from cpu_aclnn_ops_template.cpp): every op's
aclnn<Op>GetWorkspaceSize and aclnn<Op>, each handing its arguments by OpDef name to the
hand-written runtime (cpu_aclnn.h). cpu_aclnn.runtime_library writes the result into the build
cache and compiles it there: it is part of the development package's runtime, not of the op
package, so it is no file of ascend_kernels/. Pure: model in, text out."""
from __future__ import annotations

from pathlib import Path

from ascend_ops_gen.codegen.aclnn import aclnn_api, header_name, opdef_arguments
from ascend_ops_gen.codegen.code_template import CodeTemplate
from ascend_ops_gen.codegen.cpp import cpp_string, kernel_name
from ascend_ops_gen.codegen.file_manager import header_line
from ascend_ops_gen.spec import SpecSet

TEMPLATE = Path(__file__).resolve().with_name("cpu_aclnn_ops_template.cpp")

_ROLE_CALL = {"input": "Input", "output": "Output", "attr": "Attr"}


def _functions(op_type: str, arguments) -> str:
    api = aclnn_api(op_type, arguments)
    workspace, launch = (p.rstrip(";") for p in api.prototypes())
    ordered = sorted(arguments, key=lambda a: ("input", "attr", "output").index(a.role))
    steps = [f"        .{_ROLE_CALL[a.role]}({cpp_string(a.name)}, {p.name})"
             for a, p in zip(ordered, api.get_workspace_size)]
    return "\n".join([
        workspace,
        "{",
        f"    return ascend_ops_cpu_aclnn::Call({cpp_string(api.workspace_function)}, {cpp_string(op_type)}, "
        f"{cpp_string(kernel_name(op_type))})",
        *steps,
        "        .Plan(workspaceSize, executor);",
        "}",
        "",
        launch,
        "{",
        f"    return ascend_ops_cpu_aclnn::Launch({cpp_string(api.name)}, workspace, workspaceSize, executor, "
        "stream);",
        "}",
        "",
    ])


def emit_cpu_aclnn_ops(specs: SpecSet, source: str) -> str:
    return CodeTemplate.from_file(TEMPLATE).substitute(
        header=header_line(source),
        includes=[f'#include "{header_name(op.op_type)}"' for op in specs.ops],
        functions=[_functions(op.op_type, opdef_arguments(op)) for op in specs.ops])
