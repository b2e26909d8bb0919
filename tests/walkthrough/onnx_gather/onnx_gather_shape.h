// The shape rule of `onnx_gather` (shape: infer_shape in op_specs/onnx_gather.yaml), for its InferShape and
// tiling function: the indices' shape, then data's dims after the first.
#ifndef ASCEND_KERNELS_ONNX_GATHER_ONNX_GATHER_SHAPE_H
#define ASCEND_KERNELS_ONNX_GATHER_ONNX_GATHER_SHAPE_H

#include "status.h"
#include "strided_view.h"

namespace ascend_ops {

// inputs: data, indices.
inline Status InferOnnxGatherShape(const TensorShape* inputs, TensorShape* output)
{
    const TensorShape& data = inputs[0];
    const TensorShape& indices = inputs[1];
    if (data.rank < 1) {
        return Status::Error("data is 0-d; onnx_gather takes rows of a tensor of rank 1 or more");
    }
    const int32_t rank = indices.rank + data.rank - 1;
    if (rank > kMaxViewDims) {
        return Status::Error("the output would have %d dims; at most %d are supported", rank, kMaxViewDims);
    }
    output->rank = rank;
    for (int32_t i = 0; i < indices.rank; ++i) {
        output->dims[i] = indices.dims[i];
    }
    for (int32_t i = 1; i < data.rank; ++i) {
        output->dims[indices.rank + i - 1] = data.dims[i];
    }
    return Status::Ok();
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_ONNX_GATHER_ONNX_GATHER_SHAPE_H
