"""The ONNX opset the exports target (Note [ATC opset])."""

# Note [ATC opset]
# ~~~~~~~~~~~~~~~~
# ATC converts ONNX models to Ascend `.om` models. The CANN reference "supported ONNX operators"
# (CANN 8.0, 8.5 and 9.0 editions) lists opsets v8 to v18 for Slice, DepthToSpace and
# SpaceToDepth, with these limits: Slice's input must not be rank 1 and the step of its last axis
# must be 1 (the lowering keeps both, Note [ONNX slices]); DepthToSpace needs blocksize >= 2 (so
# do the ops); SpaceToDepth lists float16 and float32 inputs only. The same reference names ONNX
# 1.12 as the supported ONNX release. Opset 18 is the newest opset listed, and the opset torch
# 2.13's exporter implements its own aten translations in, so exporting at 18 involves no
# version conversion; torch's default, 20, is beyond what ATC lists. The nodes the ops export to
# are the same at every opset from 13 to 23, so an older target (opset_version=17 for ONNX 1.12)
# changes only the model's opset import for them.
ATC_OPSET = 18
