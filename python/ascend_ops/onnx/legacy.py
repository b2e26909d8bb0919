"""The ops for the TorchScript-based exporter, `torch.onnx.export(..., dynamo=False)`.

`register_legacy_symbolics()` registers one symbolic function per op with
`torch.onnx.register_custom_op_symbolic`; each lowers the call (`lowering.py`) from the traced
input's static sizes and emits the same standard ONNX nodes as the default exporter.
"""
from __future__ import annotations

from collections.abc import Sequence

import torch
from torch.onnx import symbolic_helper
from ascend_ops_gen.spec import AttrType, OpSpec, specs

from ..runtime.errors import OpArgumentError
from .lowering import OnnxNode, lower

# The oldest opset all lowered nodes exist in as emitted (Squeeze / Unsqueeze axes as inputs).
MIN_OPSET = 13

_PARSE = {AttrType.INT: "i", AttrType.INT_LIST: "is", AttrType.OPTIONAL_INT_LIST: "is",
          AttrType.STR: "s"}
_ATTRIBUTE_SUFFIX = {int: "i", str: "s", tuple: "i"}  # g.op's typed attribute names: perm_i=[...]


def _static_shape(op_name: str, x) -> tuple[int, ...]:
    sizes = symbolic_helper._get_tensor_sizes(x)
    if sizes is None or any(d is None for d in sizes):
        raise OpArgumentError(
            f"{op_name}: x has sizes {sizes} in the traced graph, but exporting ascend_ops.{op_name} "
            "needs every dimension of x static: its ONNX nodes are computed from the sizes at "
            "export. Do not mark that dimension dynamic (dynamic_axes).")
    return tuple(sizes)


def _emit(g, x, nodes: Sequence[OnnxNode]):
    for node in nodes:
        constants = [g.op("Constant", value_t=torch.tensor(values, dtype=torch.int64))
                     for values in node.constant_inputs]
        attributes = {f"{name}_{_ATTRIBUTE_SUFFIX[type(value)]}": value
                      for name, value in node.attributes}
        x = g.op(node.op_type, x, *constants, **attributes)
    return x


def _symbolic(spec: OpSpec):
    names = [a.name for a in spec.attributes]

    descriptors = [_PARSE[a.type] for a in spec.attributes]

    def symbolic(g, x, *values):
        arguments = {name: None if symbolic_helper._is_none(value)
                     else symbolic_helper._parse_arg(value, descriptor)
                     for name, descriptor, value in zip(names, descriptors, values)}
        return _emit(g, x, lower(spec.name, _static_shape(spec.name, x), **arguments))

    symbolic.__name__ = spec.name
    return symbolic


def register_legacy_symbolics() -> None:
    """Make `torch.onnx.export(..., dynamo=False)` export every ascend_ops op (opset >= 13)."""
    for spec in specs().ops:
        if not spec.reads_a_view:  # custom and filling ops do not export to ONNX yet
            continue
        torch.onnx.register_custom_op_symbolic(f"ascend_ops::{spec.name}", _symbolic(spec), MIN_OPSET)
