"""One op as a whole ONNX model, built directly rather than exported from a torch model: e.g. to try
ATC or a runtime on a single op. (The ascend_ops package it lives in imports torch.)"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import onnx
from onnx import helper

from .lowering import OnnxNode, lower
from .opset import ATC_OPSET


def op_model(op_name: str, shape, dtype, *, opset: int = ATC_OPSET, **arguments) -> onnx.ModelProto:
    """A model with input "x" (`shape`, `dtype`) and output "y" = ascend_ops.<op_name>(x, **arguments)."""
    return nodes_model(lower(op_name, shape, **arguments), shape, dtype, f"ascend_ops_{op_name}",
                       opset=opset)


def nodes_model(lowered: Sequence[OnnxNode], shape, dtype, name: str, *,
                opset: int = ATC_OPSET) -> onnx.ModelProto:
    """A model with input "x" (`shape`, `dtype`) and output "y": the `lowered` nodes applied to x."""
    nodes, initializers = [], []
    value = "x"
    for i, node in enumerate(lowered):
        inputs = [value]
        for k, constant in enumerate(node.constant_inputs):
            name = f"n{i}_c{k}"
            initializers.append(helper.make_tensor(name, onnx.TensorProto.INT64, [len(constant)], constant))
            inputs.append(name)
        value = f"n{i}"
        nodes.append(helper.make_node(node.op_type, inputs, [value], name=value, **dict(node.attributes)))
    nodes.append(helper.make_node("Identity", [value], ["y"], name="y"))
    element_type = helper.np_dtype_to_tensor_dtype(np.dtype(dtype))
    graph = helper.make_graph(
        nodes, name,
        [helper.make_tensor_value_info("x", element_type, list(shape))],
        [helper.make_tensor_value_info("y", element_type, None)], initializer=initializers)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)],
                              producer_name="ascend_ops.onnx")
    return onnx.shape_inference.infer_shapes(model, strict_mode=True)  # gives "y" its shape
