"""Emitters of what the simulated npu device's CPU aclnn runtime (python/ascend_ops/sim/aclnn/)
takes from the specs: every op's aclnn<Op>GetWorkspaceSize and aclnn<Op> (templates/cpu_aclnn_ops.cpp),
each handing its arguments by OpDef name to the hand-written runtime, and the aclnn headers Note
[aclnn rules] predicts, which the runtime and the binding compile against where CANN's op_build has
not run. Both are files of binding/, not of the op package. Pure: model in, text out."""
from __future__ import annotations

from ..spec import SpecSet
from .aclnn import aclnn_api, emit_header, header_name, opdef_arguments
from .cpp import cpp_string, kernel_name
from .file_manager import header_line
from .templates import template

CPU_ACLNN_OPS_PATH = "binding/host_aclnn/cpu_aclnn_ops.cpp"
PREDICTED_HEADERS_DIR = "binding/host_aclnn/op_api"

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
    return template("cpu_aclnn_ops.cpp").substitute(
        header=header_line(source),
        includes=[f'#include "{header_name(op.op_type)}"' for op in specs.kernel_ops()],
        functions=[_functions(op.op_type, opdef_arguments(op)) for op in specs.kernel_ops()])


def predicted_headers(specs: SpecSet, source: str) -> dict[str, str]:
    """Path (under binding/) -> text of every op's predicted aclnn header."""
    apis = [aclnn_api(op.op_type, opdef_arguments(op)) for op in specs.kernel_ops()]
    return {f"{PREDICTED_HEADERS_DIR}/{header_name(api.op_type)}": f"{header_line(source)}\n{emit_header(api)}"
            for api in apis}
