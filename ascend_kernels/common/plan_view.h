// The view as the copy planner reads it: size-1 dims dropped and contiguous dims merged
// (MergeView), 8-byte elements as 4-byte pairs (SplitPairs, Note [copy units] in copy_planner.h),
// the input a set of dims reaches (Hull), how evenly granules spread over cores (BusiestShare),
// and the integer helpers the planner's headers share.
#ifndef ASCEND_KERNELS_COMMON_PLAN_VIEW_H
#define ASCEND_KERNELS_COMMON_PLAN_VIEW_H

#include <cstdint>

#include "copy_limits.h"
#include "strided_view.h"

#ifdef ASCEND_OPS_KERNEL_TU
#error "plan_view.h is host code; kernels include copy_grid.h (Note [kernel translation unit] in build_arch.h)"
#endif

namespace ascend_ops {
namespace detail {

inline int64_t AlignUp(int64_t value, int64_t align) { return (value + align - 1) / align * align; }
inline int64_t AlignDown(int64_t value, int64_t align) { return value / align * align; }
inline int64_t Abs(int64_t value) { return value < 0 ? -value : value; }
inline int64_t Gcd(int64_t a, int64_t b)
{
    while (b != 0) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

// Drops size-1 dims and merges each dim into its outer neighbour where the pair is one run in
// the input (outer stride == inner size * inner stride). A 0-d view becomes [1].
inline void MergeView(const StridedView& in, StridedView* out)
{
    out->rank = 0;
    out->offset = in.offset;
    for (int32_t d = 0; d < in.rank; ++d) {
        if (in.shape[d] == 1) {
            continue;
        }
        int32_t last = out->rank - 1;
        if (last >= 0 && out->stride[last] == in.shape[d] * in.stride[d]) {
            out->shape[last] *= in.shape[d];
            out->stride[last] = in.stride[d];
            continue;
        }
        out->shape[out->rank] = in.shape[d];
        out->stride[out->rank] = in.stride[d];
        out->rank += 1;
    }
    if (out->rank == 0) {
        out->rank = 1;
        out->shape[0] = 1;
        out->stride[0] = 1;
    }
}

// The view in 4-byte halves of 8-byte elements (Note [copy units]).
inline void SplitPairs(const StridedView& in, StridedView* out)
{
    StridedView wide;
    wide.rank = in.rank + 1;
    wide.offset = in.offset * kUnitsPerPair;
    for (int32_t d = 0; d < in.rank; ++d) {
        wide.shape[d] = in.shape[d];
        wide.stride[d] = in.stride[d] * kUnitsPerPair;
    }
    wide.shape[in.rank] = kUnitsPerPair;
    wide.stride[in.rank] = 1;
    MergeView(wide, out);
}

// Lowest input offset and span (elements) of view dims [first, rank) other than `skip` and
// `skipInner`, with dim `cut` taking only its first `cutLen` indexes.
inline void Hull(const StridedView& v, int32_t first, int32_t cut, int64_t cutLen, int32_t skip, int32_t skipInner,
                 int64_t* lo, int64_t* span)
{
    *lo = 0;
    int64_t hi = 0;
    for (int32_t d = first; d < v.rank; ++d) {
        if (d == skip || d == skipInner) {
            continue;
        }
        int64_t reach = ((d == cut ? cutLen : v.shape[d]) - 1) * v.stride[d];
        (reach < 0 ? *lo : hi) += reach;
    }
    *span = hi - *lo + 1;
}

// Busiest core's share of `granules` equal granules over the mean of `cores` cores: 1.0 when they
// spread evenly over all of them, `cores` when one core does everything.
inline double BusiestShare(int64_t granules, int64_t cores)
{
    int64_t used = cores < granules ? cores : granules;
    int64_t busiest = (granules + used - 1) / used;
    return static_cast<double>(busiest * cores) / static_cast<double>(granules);
}

// ceil(2^64 / d) for an extent d of a view of `totalUnits` units; 0 where Note [index reciprocals]
// gives none.
inline uint64_t ExtentReciprocal(int64_t d, int64_t totalUnits)
{
    if (d < 2 || totalUnits >= (int64_t{1} << 32)) {
        return 0;
    }
    return ~uint64_t{0} / static_cast<uint64_t>(d) + 1;  // floor((2^64 - 1) / d) + 1 = ceil(2^64 / d)
}

}  // namespace detail
}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_PLAN_VIEW_H
