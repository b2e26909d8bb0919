"""The names the runtime uses in CANN's spelling, as generated tables, so the product never runs an
emitter: `python/ascend_ops/sim/cann_names.py` (each OpType's kernel entry, each dtype's
ge::DataType, each custom op's tiling fields, each NPU arch's CPU-debug defines) and
`python/ascend_ops/npu/binding_names.py` (the binding's source, its torch namespace, each OpType's
aclnn header). Pure: model in, text out.
"""
from __future__ import annotations

from ..spec import SpecSet
from .aclnn import header_name
from .binding import BINDING_PATH, NAMESPACE
from .cpp import GE_DTYPES, kernel_name
from .custom_op import tiling_layout
from .file_manager import header_line
from .project import arch_products, cpu_debug_defines
from .templates import template

# Relative to ascend_kernels/, like every generated path: the product package is its sibling.
SIM_NAMES_PATH = "../python/ascend_ops/sim/cann_names.py"
NPU_NAMES_PATH = "../python/ascend_ops/npu/binding_names.py"


def _rows(pairs) -> list[str]:
    return [f"{key!r}: {value!r}," for key, value in pairs]


def emit_sim_names(specs: SpecSet, source: str) -> str:
    ops = sorted(specs.kernel_ops(), key=lambda o: o.op_type)
    return template("sim_cann_names.py").substitute(
        header=header_line(source, "#"),
        kernel_entries=_rows((op.op_type, kernel_name(op.op_type)) for op in ops),
        ge_dtypes=_rows((name, ge.removeprefix("ge::")) for name, ge in GE_DTYPES.items()),
        tiling_fields=_rows((op.name, tiling_layout(op)) for op in ops if op.is_custom),
        arch_defines=_rows((arch, cpu_debug_defines(specs, arch)) for arch in arch_products(specs)))


def emit_npu_names(specs: SpecSet, source: str) -> str:
    ops = sorted(specs.kernel_ops(), key=lambda o: o.op_type)
    return template("npu_binding_names.py").substitute(
        header=header_line(source, "#"), binding_path=repr(BINDING_PATH), namespace=repr(NAMESPACE),
        aclnn_headers=_rows((op.op_type, header_name(op.op_type)) for op in ops))
