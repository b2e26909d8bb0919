// CANN / TensorFlow Tile as a view: the op's view builder (docs/adding-an-op.md, step 3). Dim k of
// x becomes the pair (multiples[k], x.dims[k]) of the view, the first of stride 0: the output reads
// x's dim k multiples[k] times over (Note [repeating views] in cpu_reference/view_steps.py).
#ifndef ASCEND_KERNELS_REPEAT_REPEAT_VIEW_H
#define ASCEND_KERNELS_REPEAT_REPEAT_VIEW_H

#include <cstdint>

#include "repeat_limits_generated.h"
#include "view_builder.h"

namespace ascend_ops {

inline Status BuildRepeatView(const TensorShape& input, const int64_t* multiples, int64_t multiplesSize,
                              TensorShape* outShape, StridedView* view)
{
    Status status = CheckInputShape(input);
    if (!status.ok) {
        return status;
    }
    if (input.rank > kRepeatMaxRank) {
        return Status::Error("x has %d dimensions: at most %d are supported (CANN Tile's 8 dims)", input.rank,
                             kRepeatMaxRank);
    }
    if (multiplesSize != input.rank) {
        return Status::Error("multiples has %lld ints; x has %d dims: give one per dim",
                             static_cast<long long>(multiplesSize), input.rank);
    }
    int64_t inStrides[kMaxViewDims];
    ContiguousStrides(input, inStrides);
    outShape->rank = input.rank;
    view->rank = 2 * input.rank;
    view->offset = 0;
    for (int32_t k = 0; k < input.rank; ++k) {
        const int64_t dim = input.dims[k];
        const int64_t times = multiples[k];
        if (times < 0) {
            return Status::Error("multiples[%d] = %lld is negative; a dim repeats 0 or more times", k,
                                 static_cast<long long>(times));
        }
        if (dim > 0 && times > INT64_MAX / dim) {
            return Status::Error("multiples[%d] = %lld makes dim %d of the result %lld * %lld, past int64", k,
                                 static_cast<long long>(times), k, static_cast<long long>(dim),
                                 static_cast<long long>(times));
        }
        outShape->dims[k] = dim * times;
        view->shape[2 * k] = times;
        view->stride[2 * k] = 0;  // every copy of the dim reads the same elements
        view->shape[2 * k + 1] = dim;
        view->stride[2 * k + 1] = inStrides[k];
    }
    return Status::Ok();
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_REPEAT_REPEAT_VIEW_H
