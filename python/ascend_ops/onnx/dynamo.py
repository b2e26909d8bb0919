"""The ops for `torch.onnx.export(..., dynamo=True)` (torch's default exporter since 2.9).

`translation_table()` maps each `torch.ops.ascend_ops.<op>.default` to a function that the
exporter traces with onnxscript: it reads the input's static shape, lowers the call
(`lowering.py`) and records the standard ONNX nodes. The functions take the op's arguments as
the spec declares them (names, order, defaults); the exporter passes the int, int[] and str
arguments as ONNX attributes, i.e. as the Python values the model used.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

import onnxscript
import torch
from ascend_ops_gen.schema import python_signature
from ascend_ops_gen.spec import AttrType, OpSpec, specs

from ..runtime.errors import OpArgumentError
from ..runtime.torch_private import OpOverload
from .lowering import OnnxNode, lower
from .opset import ATC_OPSET

op = onnxscript.values.Opset("", ATC_OPSET)

# What the exporter reads from the annotations: int / str / Sequence[int] become attributes
# (an absent optional int[] arrives as None).
_ATTRIBUTE_ANNOTATIONS = {
    AttrType.INT: int,
    AttrType.INT_LIST: Sequence[int],
    AttrType.OPTIONAL_INT_LIST: Sequence[int],
    AttrType.STR: str,
}


def static_shape(op_name: str, x) -> tuple[int, ...]:
    """x's shape in the exported graph, refusing dynamic dimensions (see `lowering`)."""
    if x.shape is None:
        raise OpArgumentError(f"{op_name}: x has no known shape in the exported graph; exporting "
                              f"ascend_ops.{op_name} needs x's static shape")
    for i, dim in enumerate(x.shape):
        if not isinstance(dim, int):
            raise OpArgumentError(
                f"{op_name}: x.shape[{i}] is dynamic ({dim}) in the exported graph, but exporting "
                f"ascend_ops.{op_name} needs every dimension of x static: its ONNX nodes are computed "
                "from the sizes at export. Do not mark that dimension dynamic (dynamic_shapes / "
                "dynamic_axes), or export one model per shape.")
    return tuple(x.shape)


def emit(x, nodes: Sequence[OnnxNode]):
    """Record `nodes`, applied in order to the value `x`; return the last output."""
    for node in nodes:
        constants = [op.Constant(value_ints=list(values)) for values in node.constant_inputs]
        attributes = {name: list(value) if isinstance(value, tuple) else value
                      for name, value in node.attributes}
        x = getattr(op, node.op_type)(x, *constants, **attributes)
    return x


def _translation(spec: OpSpec) -> Callable:
    signature = python_signature(spec)
    input_name = spec.inputs[0].name

    def translate(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        arguments = dict(bound.arguments)
        x = arguments.pop(input_name)
        return emit(x, lower(spec.name, static_shape(spec.name, x), **arguments))

    translate.__name__ = translate.__qualname__ = spec.name
    translate.__signature__ = signature
    translate.__annotations__ = {a.name: _ATTRIBUTE_ANNOTATIONS[a.type] for a in spec.attributes}
    translate.__doc__ = f"ONNX translation of ascend_ops.{spec.name} (standard ONNX, opset {ATC_OPSET})."
    return translate


def translation_table() -> dict[OpOverload, Callable]:
    """`custom_translation_table` for torch.onnx.export: every ascend_ops view op that reads to
    standard ONNX (custom and filling ops do not export yet)."""
    return {getattr(torch.ops.ascend_ops, spec.name).default: _translation(spec)
            for spec in specs().ops if spec.reads_a_view}
