// @generated from op_specs/slice.yaml by ascend-ops-dev generate; do not edit
//
// The limits of slice (op_specs/slice.yaml), for its view builder (slice_view.h).
#ifndef ASCEND_KERNELS_SLICE_SLICE_LIMITS_GENERATED_H
#define ASCEND_KERNELS_SLICE_SLICE_LIMITS_GENERATED_H

#include <cstdint>

namespace ascend_ops {

// the most dimensions x may have (max_rank)
constexpr int32_t kSliceMaxRank = 8;

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_SLICE_SLICE_LIMITS_GENERATED_H
