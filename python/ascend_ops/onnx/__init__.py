"""Export models that call ascend_ops to standard ONNX (for ATC, onnxruntime, ...).

    import ascend_ops.onnx
    torch.onnx.export(model, args, "model.onnx", opset_version=ascend_ops.onnx.ATC_OPSET,
                      custom_translation_table=ascend_ops.onnx.translation_table())

Every op becomes standard ONNX nodes (Slice, Squeeze, Unsqueeze, DepthToSpace, SpaceToDepth,
Transpose, Reshape) computed at export from the input's static shape, so no dimension of an
ascend_ops input may be dynamic. `register_legacy_symbolics()` does the same for the
TorchScript exporter (`dynamo=False`). Needs the `onnx` extra: pip install "ascend-ops[onnx]".
"""
from .dynamo import translation_table
from .legacy import register_legacy_symbolics
from .lowering import OnnxNode, lower
from .opset import ATC_OPSET

__all__ = ["ATC_OPSET", "OnnxNode", "lower", "register_legacy_symbolics", "translation_table"]
