// @generated from op_specs/strided_slice.yaml by ascend-ops-dev generate; do not edit
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
// CANN: a gert::Shape holds 25 dims (kMaxDimNum): the most dimensions of a result that is neither an identity nor empty, on every backend (identity and empty results of any rank run without a kernel on the NPU path)
constexpr int32_t kStridedSliceMaxKernelRank = 25;

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_STRIDED_SLICE_STRIDED_SLICE_LIMITS_GENERATED_H
