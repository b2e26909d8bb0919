// @generated from op_specs/strided_slice.yaml by ascend-ops generate; do not edit
//
// The limits of strided_slice (op_specs/strided_slice.yaml), for its view builder (strided_slice_view.h).
#ifndef ASCEND_KERNELS_STRIDED_SLICE_STRIDED_SLICE_LIMITS_GENERATED_H
#define ASCEND_KERNELS_STRIDED_SLICE_STRIDED_SLICE_LIMITS_GENERATED_H

#include <cstdint>

namespace ascend_ops {

// TF: begin.NumElements() < 32: the most entries begin, end and strides may have
constexpr int32_t kStridedSliceMaxSpecEntries = 31;
// TF: HANDLE_DIM(1..8) in the general StridedSlice kernel: the most input dimensions of a slice that is neither an identity nor empty
constexpr int32_t kStridedSliceMaxProcessingRank = 8;

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_STRIDED_SLICE_STRIDED_SLICE_LIMITS_GENERATED_H
