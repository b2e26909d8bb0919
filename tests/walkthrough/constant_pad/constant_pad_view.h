// TensorFlow PadV2 (constant mode) as a filling view op: the op's view builder
// (docs/adding-an-op.md, "Filling views"). The view is of the output: the block x is written into.
#ifndef ASCEND_KERNELS_CONSTANT_PAD_CONSTANT_PAD_VIEW_H
#define ASCEND_KERNELS_CONSTANT_PAD_CONSTANT_PAD_VIEW_H

#include <cstdint>

#include "constant_pad_limits_generated.h"
#include "view_builder.h"

namespace ascend_ops {

// `paddings` is paddingsSize ints, [before, after] for each dim of x, row after row; the value of
// the added elements is the fill (the generated host code reads constantValue as one).
inline Status BuildConstantPadView(const TensorShape& input, const int64_t* paddings, int64_t paddingsSize,
                                   float constantValue, TensorShape* outShape, StridedView* view)
{
    (void)constantValue;
    Status status = CheckInputShape(input);
    if (!status.ok) {
        return status;
    }
    if (input.rank > kConstantPadMaxRank) {
        return Status::Error("x has %d dimensions: at most %d are supported", input.rank, kConstantPadMaxRank);
    }
    if (paddingsSize % 2 != 0) {
        return Status::Error("paddings has %lld ints, which are no whole rows of 2 (int[][], inner 2)",
                             static_cast<long long>(paddingsSize));
    }
    if (paddingsSize != 2 * static_cast<int64_t>(input.rank)) {
        return Status::Error("paddings has %lld rows; x has %d dims: give one [before, after] per dim",
                             static_cast<long long>(paddingsSize / 2), input.rank);
    }
    for (int32_t k = 0; k < input.rank; ++k) {
        const int64_t before = paddings[2 * k];
        const int64_t after = paddings[2 * k + 1];
        if (before < 0 || after < 0) {
            return Status::Error("paddings[%d] = [%lld, %lld] is negative; paddings are non-negative", k,
                                 static_cast<long long>(before), static_cast<long long>(after));
        }
        if (before > INT64_MAX - input.dims[k] || after > INT64_MAX - input.dims[k] - before) {
            return Status::Error("paddings[%d] = [%lld, %lld] makes dim %d longer than 2**63 - 1", k,
                                 static_cast<long long>(before), static_cast<long long>(after), k);
        }
        outShape->dims[k] = before + input.dims[k] + after;
    }
    outShape->rank = input.rank;
    int64_t outStrides[kMaxViewDims];
    ContiguousStrides(*outShape, outStrides);
    view->rank = input.rank;
    view->offset = 0;
    for (int32_t k = 0; k < input.rank; ++k) {
        view->shape[k] = input.dims[k];
        view->stride[k] = outStrides[k];
        view->offset += paddings[2 * k] * outStrides[k];
    }
    return Status::Ok();
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_CONSTANT_PAD_CONSTANT_PAD_VIEW_H
