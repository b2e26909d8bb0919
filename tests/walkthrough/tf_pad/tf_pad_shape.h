// The shape rule of `tf_pad` (shape: infer_shape in op_specs/tf_pad.yaml), for its InferShape and
// tiling function: each dim of x with its paddings added.
#ifndef ASCEND_KERNELS_TF_PAD_TF_PAD_SHAPE_H
#define ASCEND_KERNELS_TF_PAD_TF_PAD_SHAPE_H

#include "status.h"
#include "strided_view.h"

namespace ascend_ops {

// inputs: x; paddings: rows of [before, after], flattened (its ints, whole rows: the generated glue
// checks that).
inline Status InferTfPadShape(const TensorShape* inputs, const int64_t* paddings, int64_t paddingsSize,
                              float constantValue, TensorShape* output)
{
    (void)constantValue;  // the shape does not depend on it
    const TensorShape& x = inputs[0];
    if (paddingsSize / 2 != x.rank) {
        return Status::Error("paddings has %lld rows; x has %d dims: give one [before, after] per dim",
                             static_cast<long long>(paddingsSize / 2), x.rank);
    }
    output->rank = x.rank;
    for (int32_t k = 0; k < x.rank; ++k) {
        const int64_t before = paddings[2 * k];
        const int64_t after = paddings[2 * k + 1];
        if (before < 0 || after < 0) {
            return Status::Error("paddings[%d] = [%lld, %lld] is negative; paddings are non-negative", k,
                                 static_cast<long long>(before), static_cast<long long>(after));
        }
        output->dims[k] = before + x.dims[k] + after;
    }
    return Status::Ok();
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_TF_PAD_TF_PAD_SHAPE_H
