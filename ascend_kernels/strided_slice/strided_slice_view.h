// TensorFlow StridedSlice (ValidateStridedSliceOp) as a view: the op's view builder, called by its
// generated op_host code, the binding and the simulator (Note [attribute binding] in
// python/ascend_ops_gen/codegen/op_views.py).
#ifndef ASCEND_KERNELS_STRIDED_SLICE_STRIDED_SLICE_VIEW_H
#define ASCEND_KERNELS_STRIDED_SLICE_STRIDED_SLICE_VIEW_H

#include <cstdint>

#include "strided_slice_limits_generated.h"
#include "view_builder.h"

namespace ascend_ops {

struct StridedSliceArgs {
    const int64_t* begin;
    int64_t beginSize;
    const int64_t* end;
    int64_t endSize;
    const int64_t* strides;  // nullptr: all ones, one per begin entry
    int64_t stridesSize;
    int64_t beginMask;  // int32 attributes in TF; wider values are rejected, -1 sets all 32 bits
    int64_t endMask;
    int64_t ellipsisMask;
    int64_t newAxisMask;
    int64_t shrinkAxisMask;
};

namespace detail {

enum class SpecKind { kEllipsis, kNewAxis, kIndex, kRange };

struct DenseDim {
    int64_t begin;
    int64_t end;
    int64_t stride;
    bool beginMasked;
    bool endMasked;
    bool shrink;
};

constexpr int32_t kGatherNewAxis = -2;
constexpr int32_t kGatherShrinkAxis = -1;

inline Status MaskBits(const char* name, int64_t value, uint32_t* bits)
{
    if (value < INT32_MIN || value > INT32_MAX) {
        return Status::Error("%s = %lld is out of range for an int32 mask: it must be in [%d, %d]", name,
                             static_cast<long long>(value), INT32_MIN, INT32_MAX);
    }
    *bits = static_cast<uint32_t>(static_cast<int32_t>(value));
    return Status::Ok();
}

// Canonical (begin, size) of one input dimension; TF's per-dimension loop body.
inline Status CanonicaliseDim(int32_t i, const DenseDim& spec, int64_t dim, int64_t* begin, int64_t* end,
                              int64_t* size)
{
    int64_t stride = spec.stride;
    if (stride == 0) {
        return Status::Error("strides[%d] must be non-zero", i);
    }
    if (spec.shrink) {
        if (stride < 0) {
            return Status::Error("strides[%d] = %lld is invalid on shrink axis %d: a single index needs a positive stride",
                                 i, static_cast<long long>(stride), i);
        }
        // begin_mask and end are ignored on a shrink axis; the raw begin is wrapped once.
        int64_t index = spec.begin < 0 ? spec.begin + dim : spec.begin;
        if (index < 0 || index >= dim) {
            return Status::Error("slice index %lld of dimension %d out of bounds. A single index into a dimension of "
                                 "size %lld must be in [%lld, %lld); got %lld.",
                                 static_cast<long long>(index), i, static_cast<long long>(dim),
                                 static_cast<long long>(-dim), static_cast<long long>(dim),
                                 static_cast<long long>(spec.begin));
        }
        *begin = index;
        *end = index + 1;
        *size = 1;
        return Status::Ok();
    }
    int64_t low = stride > 0 ? 0 : -1;
    int64_t high = stride > 0 ? dim : dim - 1;
    auto canonical = [&](int64_t x, bool masked, int64_t maskedValue) {
        if (masked) {
            return maskedValue;
        }
        int64_t forward = x < 0 ? x + dim : x;
        return forward < low ? low : (forward > high ? high : forward);
    };
    *begin = canonical(spec.begin, spec.beginMasked, stride > 0 ? low : high);
    *end = canonical(spec.end, spec.endMasked, stride > 0 ? high : low);
    int64_t interval = *end - *begin;  // both in [-1, dim]: no overflow
    if (interval == 0 || (interval < 0) != (stride < 0)) {
        *size = 0;
    } else {
        *size = interval / stride + (interval % stride != 0 ? 1 : 0);
    }
    return Status::Ok();
}

}  // namespace detail

// TensorFlow StridedSlice of an input with shape `input`: fills the final output shape and the
// view of the input (one view dim per non-shrunk input dim; new axes only appear in `outShape`).
inline Status BuildStridedSliceView(const TensorShape& input, const StridedSliceArgs& args, TensorShape* outShape,
                                    StridedView* view)
{
    using namespace detail;
    Status status = CheckInputShape(input);
    if (!status.ok) {
        return status;
    }
    uint32_t beginBits, endBits, ellipsisBits, newAxisBits, shrinkBits;
    const struct {
        const char* name;
        int64_t value;
        uint32_t* bits;
    } masks[] = {{"begin_mask", args.beginMask, &beginBits},
                 {"end_mask", args.endMask, &endBits},
                 {"ellipsis_mask", args.ellipsisMask, &ellipsisBits},
                 {"new_axis_mask", args.newAxisMask, &newAxisBits},
                 {"shrink_axis_mask", args.shrinkAxisMask, &shrinkBits}};
    for (const auto& mask : masks) {
        status = MaskBits(mask.name, mask.value, mask.bits);
        if (!status.ok) {
            return status;
        }
    }
    int64_t m = args.strides == nullptr ? args.beginSize : args.stridesSize;
    if (!(args.beginSize == m && args.endSize == m && m <= kStridedSliceMaxSpecEntries)) {
        return Status::Error("begin, end and strides must be lists of one length, at most %d (one entry per slice "
                             "spec item): got %lld, %lld and %lld entries",
                             kStridedSliceMaxSpecEntries, static_cast<long long>(args.beginSize),
                             static_cast<long long>(args.endSize), static_cast<long long>(m));
    }
    if ((ellipsisBits & (ellipsisBits - 1)) != 0) {
        return Status::Error("Multiple ellipses in slice spec not allowed: ellipsis_mask = %lld must have at most one "
                             "bit set",
                             static_cast<long long>(args.ellipsisMask));
    }

    // Sparse spec: precedence ellipsis > new axis > shrink; the implied ellipsis goes at position m.
    SpecKind kinds[kStridedSliceMaxSpecEntries + 1];
    int32_t entries = static_cast<int32_t>(m);
    bool sawEllipsis = false;
    for (int32_t i = 0; i < entries; ++i) {
        uint32_t bit = 1u << i;
        if (ellipsisBits & bit) {
            kinds[i] = SpecKind::kEllipsis;
            sawEllipsis = true;
        } else if (newAxisBits & bit) {
            kinds[i] = SpecKind::kNewAxis;
        } else {
            kinds[i] = (shrinkBits & bit) ? SpecKind::kIndex : SpecKind::kRange;
        }
    }
    if (!sawEllipsis) {
        kinds[entries++] = SpecKind::kEllipsis;
    }

    // Dense spec: one entry per input dim; the gather list builds the final shape.
    const int32_t rank = input.rank;
    int32_t ellipsisAt = 0;
    while (kinds[ellipsisAt] != SpecKind::kEllipsis) {
        ++ellipsisAt;
    }
    int32_t newAxesAfterEllipsis = 0;
    for (int32_t i = ellipsisAt + 1; i < entries; ++i) {
        newAxesAfterEllipsis += kinds[i] == SpecKind::kNewAxis ? 1 : 0;
    }
    DenseDim dense[kMaxViewDims];
    int32_t gather[kMaxViewDims + kStridedSliceMaxSpecEntries + 1];
    int32_t denseCount = 0;
    int32_t gatherCount = 0;
    for (int32_t i = 0; i < entries; ++i) {
        if (kinds[i] == SpecKind::kEllipsis) {
            int32_t fillTo = rank - (entries - i) + 1 + newAxesAfterEllipsis;
            fillTo = fillTo < rank ? fillTo : rank;
            while (denseCount < fillTo) {
                gather[gatherCount++] = denseCount;
                dense[denseCount++] = DenseDim{0, 0, 1, true, true, false};
            }
        } else if (kinds[i] == SpecKind::kNewAxis) {
            gather[gatherCount++] = kGatherNewAxis;
        } else {
            if (denseCount == rank) {
                if (rank == 0) {
                    return Status::Error("Attempting to slice scalar input. A rank-0 input accepts only ellipsis and "
                                         "new-axis entries.");
                }
                return Status::Error("Index out of range using input dim %d; input has only %d dims", rank, rank);
            }
            bool shrink = kinds[i] == SpecKind::kIndex;
            uint32_t bit = 1u << i;
            gather[gatherCount++] = shrink ? kGatherShrinkAxis : denseCount;
            dense[denseCount++] = DenseDim{args.begin[i], args.end[i], args.strides == nullptr ? 1 : args.strides[i],
                                           (beginBits & bit) != 0, (endBits & bit) != 0, shrink};
        }
    }

    int64_t begins[kMaxViewDims], ends[kMaxViewDims], sizes[kMaxViewDims];
    for (int32_t i = 0; i < rank; ++i) {
        status = CanonicaliseDim(i, dense[i], input.dims[i], &begins[i], &ends[i], &sizes[i]);
        if (!status.ok) {
            return status;
        }
    }
    bool identity = true;
    bool empty = false;
    for (int32_t i = 0; i < rank; ++i) {
        identity = identity && dense[i].stride == 1 && begins[i] == 0 && ends[i] == input.dims[i];
        empty = empty || sizes[i] == 0;
    }
    if (rank > kStridedSliceMaxProcessingRank && !(identity || empty)) {
        return Status::Error("Unhandled input dimensions %d: a strided slice that is neither an identity nor empty "
                             "supports at most %d input dimensions",
                             rank, kStridedSliceMaxProcessingRank);
    }
    int32_t finalRank = 0;
    for (int32_t g = 0; g < gatherCount; ++g) {
        finalRank += gather[g] == kGatherShrinkAxis ? 0 : 1;
    }
    if (finalRank > kMaxViewDims) {
        return Status::Error("the result has %d dimensions: at most %d are supported (numpy's limit)", finalRank,
                             kMaxViewDims);
    }
    if (finalRank > kStridedSliceMaxKernelRank && !(identity || empty)) {
        return Status::Error("the result has %d dimensions: a strided slice that is neither an identity nor empty "
                             "gives at most %d (a CANN tensor shape holds %d dims)",
                             finalRank, kStridedSliceMaxKernelRank, kStridedSliceMaxKernelRank);
    }
    outShape->rank = 0;
    for (int32_t g = 0; g < gatherCount; ++g) {
        if (gather[g] == kGatherNewAxis) {
            outShape->dims[outShape->rank++] = 1;
        } else if (gather[g] != kGatherShrinkAxis) {
            outShape->dims[outShape->rank++] = sizes[gather[g]];
        }
    }

    int64_t inStrides[kMaxViewDims];
    ContiguousStrides(input, inStrides);
    view->rank = 0;
    view->offset = 0;
    for (int32_t i = 0; i < rank; ++i) {
        if (!empty) {
            view->offset += begins[i] * inStrides[i];
        }
        if (dense[i].shrink) {
            continue;
        }
        view->shape[view->rank] = sizes[i];
        // A dim of size <= 1 never steps, and a huge stride times the input stride could overflow.
        view->stride[view->rank] = sizes[i] > 1 ? dense[i].stride * inStrides[i] : inStrides[i];
        view->rank += 1;
    }
    return Status::Ok();
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_STRIDED_SLICE_STRIDED_SLICE_VIEW_H
