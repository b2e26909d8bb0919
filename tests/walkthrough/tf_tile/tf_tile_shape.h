// The shape rule of `tf_tile` (shape: infer_shape in op_specs/tf_tile.yaml), for its InferShape and
// tiling function: each dim of x times its multiple.
#ifndef ASCEND_KERNELS_TF_TILE_TF_TILE_SHAPE_H
#define ASCEND_KERNELS_TF_TILE_TF_TILE_SHAPE_H

#include "status.h"
#include "strided_view.h"

namespace ascend_ops {

// inputs: x.
inline Status InferTfTileShape(const TensorShape* inputs, const int64_t* multiples, int64_t multiplesSize,
                               TensorShape* output)
{
    const TensorShape& x = inputs[0];
    if (multiplesSize != x.rank) {
        return Status::Error("multiples has %lld ints; x has %d dims: give one per dim",
                             static_cast<long long>(multiplesSize), x.rank);
    }
    output->rank = x.rank;
    for (int32_t k = 0; k < x.rank; ++k) {
        if (multiples[k] < 0) {
            return Status::Error("multiples[%d] = %lld is negative; a dim repeats 0 or more times", k,
                                 static_cast<long long>(multiples[k]));
        }
        output->dims[k] = x.dims[k] * multiples[k];
    }
    return Status::Ok();
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_TF_TILE_TF_TILE_SHAPE_H
