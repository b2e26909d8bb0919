// ATB SliceOperation as a view: the op's view builder, called by its generated op_host code, the
// binding and the simulator.
#ifndef ASCEND_KERNELS_SLICE_SLICE_VIEW_H
#define ASCEND_KERNELS_SLICE_SLICE_VIEW_H

#include <cstdint>

#include "slice_limits_generated.h"
#include "view_builder.h"

namespace ascend_ops {

inline Status BuildSliceView(const TensorShape& input, const int64_t* offsets, int64_t offsetsSize,
                             const int64_t* size, int64_t sizeSize, TensorShape* outShape, StridedView* view)
{
    Status status = CheckInputShape(input);
    if (!status.ok) {
        return status;
    }
    if (input.rank > kSliceMaxRank) {
        return Status::Error("x has %d dimensions: at most %d are supported (ATB Slice's MAX_DIM)", input.rank,
                             kSliceMaxRank);
    }
    if (offsetsSize != sizeSize) {
        return Status::Error("offsets length must be equal to size length: got %lld offsets and %lld sizes",
                             static_cast<long long>(offsetsSize), static_cast<long long>(sizeSize));
    }
    if (sizeSize != input.rank) {
        return Status::Error("size length must be equal to the input tensor rank: got %lld sizes for an input of rank "
                             "%d with shape %s",
                             static_cast<long long>(sizeSize), input.rank, FormatShape(input).text);
    }
    int64_t inStrides[kMaxViewDims];
    ContiguousStrides(input, inStrides);
    int64_t starts[kMaxViewDims];
    for (int32_t i = 0; i < input.rank; ++i) {
        int64_t offset = offsets[i];
        int64_t length = size[i];
        int64_t dim = input.dims[i];
        int64_t start = offset < 0 ? offset + dim : offset;
        if (start < 0 || start >= dim) {
            char actual[96] = "";
            if (offset < 0) {
                std::snprintf(actual, sizeof(actual), " %lld + %lld = %lld", static_cast<long long>(offset),
                              static_cast<long long>(dim), static_cast<long long>(start));
            }
            return Status::Error("offsets[%d] = %lld is out of range for dimension %d of size %lld: the actual "
                                 "offset%s must be in [0, %lld)",
                                 i, static_cast<long long>(offset), i, static_cast<long long>(dim), actual,
                                 static_cast<long long>(dim));
        }
        if (length <= 0 && length != -1) {
            return Status::Error("size[%d] = %lld is invalid: size must be > 0 or -1", i, static_cast<long long>(length));
        }
        length = length == -1 ? dim - start : length;
        if (length > dim - start) {
            char first[64];
            if (offset < 0) {
                std::snprintf(first, sizeof(first), "(%lld + %lld)", static_cast<long long>(offset),
                              static_cast<long long>(dim));
            } else {
                std::snprintf(first, sizeof(first), "%lld", static_cast<long long>(offset));
            }
            return Status::Error("offsets[%d] + size[%d] = %s + %lld = %s exceeds dimension %d of size %lld", i, i, first,
                                 static_cast<long long>(length),
                                 FormatInt128(static_cast<__int128>(start) + length).text, i,
                                 static_cast<long long>(dim));
        }
        starts[i] = start;
        outShape->dims[i] = length;
    }
    outShape->rank = input.rank;
    view->rank = input.rank;
    view->offset = 0;
    for (int32_t i = 0; i < input.rank; ++i) {
        view->shape[i] = outShape->dims[i];
        view->stride[i] = inStrides[i];
        view->offset += starts[i] * inStrides[i];
    }
    return Status::Ok();
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_SLICE_SLICE_VIEW_H
