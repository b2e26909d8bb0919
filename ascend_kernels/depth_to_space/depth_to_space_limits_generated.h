// @generated from op_specs/depth_to_space.yaml by ascend-ops-dev generate; do not edit
//
// The limits of depth_to_space (op_specs/depth_to_space.yaml), for its view builder (depth_to_space_view.h).
#ifndef ASCEND_KERNELS_DEPTH_TO_SPACE_DEPTH_TO_SPACE_LIMITS_GENERATED_H
#define ASCEND_KERNELS_DEPTH_TO_SPACE_DEPTH_TO_SPACE_LIMITS_GENERATED_H

#include <cstdint>

namespace ascend_ops {

// TF: floor(sqrt(INT32_MAX)), so block_size**2 fits an int32
constexpr int32_t kDepthToSpaceMaxBlockSize = 46340;

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_DEPTH_TO_SPACE_DEPTH_TO_SPACE_LIMITS_GENERATED_H
