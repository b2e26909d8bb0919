"""Export models that call ascend_ops to standard ONNX (for ATC, onnxruntime, ...).

    import ascend_ops.onnx
    torch.onnx.export(model, args, "model.onnx", opset_version=ascend_ops.onnx.ATC_OPSET,
                      custom_translation_table=ascend_ops.onnx.translation_table())

Every op becomes standard ONNX nodes (Slice, Squeeze, Unsqueeze, DepthToSpace, SpaceToDepth,
Transpose, Reshape) computed at export from the input's static shape, so no dimension of an
ascend_ops input may be dynamic. `register_legacy_symbolics()` does the same for the
TorchScript exporter (`dynamo=False`). `standalone.op_model(op, shape, dtype, **args)` builds a
one-op model directly, without an export (ascend_ops itself still imports torch). Needs the `onnx`
extra: pip install "ascend-ops[onnx]"; without it the import fails at once with one line saying so.
"""
from ..runtime.optional_deps import require

require("onnx", "ascend_ops.onnx", ("onnx", "onnxscript"))

from . import standalone  # noqa: E402
from .dynamo import translation_table  # noqa: E402
from .legacy import register_legacy_symbolics  # noqa: E402
from .lowering import OnnxNode, lower  # noqa: E402
from .opset import ATC_OPSET  # noqa: E402

__all__ = ["ATC_OPSET", "OnnxNode", "lower", "register_legacy_symbolics", "standalone", "translation_table"]
