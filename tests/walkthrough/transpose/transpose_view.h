// numpy transpose as a view: the op's view builder (docs/adding-an-op.md, step 3).
#ifndef ASCEND_KERNELS_TRANSPOSE_TRANSPOSE_VIEW_H
#define ASCEND_KERNELS_TRANSPOSE_TRANSPOSE_VIEW_H

#include <cstdint>

#include "view_builder.h"

namespace ascend_ops {

inline Status BuildTransposeView(const TensorShape& input, const int64_t* perm, int64_t permSize,
                                 TensorShape* outShape, StridedView* view)
{
    Status status = CheckInputShape(input);
    if (!status.ok) {
        return status;
    }
    bool seen[kMaxViewDims] = {};
    bool isPermutation = permSize == input.rank;
    for (int64_t i = 0; isPermutation && i < permSize; ++i) {
        isPermutation = perm[i] >= 0 && perm[i] < input.rank && !seen[perm[i]];
        if (isPermutation) {
            seen[perm[i]] = true;
        }
    }
    if (!isPermutation) {
        return Status::Error("perm is not a permutation of the %d dimensions of x", input.rank);
    }
    int64_t inStrides[kMaxViewDims];
    ContiguousStrides(input, inStrides);
    outShape->rank = input.rank;
    view->rank = input.rank;
    view->offset = 0;
    for (int32_t i = 0; i < input.rank; ++i) {
        outShape->dims[i] = input.dims[perm[i]];
        view->shape[i] = input.dims[perm[i]];
        view->stride[i] = inStrides[perm[i]];
    }
    return Status::Ok();
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_TRANSPOSE_TRANSPOSE_VIEW_H
