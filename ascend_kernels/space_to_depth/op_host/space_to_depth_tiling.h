// @generated from op_specs/space_to_depth.yaml by ascend-ops-dev generate; do not edit
//
// The tiling data of AscendSpaceToDepth: CopyTilingData, the twin of the engine's CopyTiling that every op
// shares (common/copy_tiling_data_generated.h), registered for this OpType so that CANN derives
// the kernel's GET_TILING_DATA struct from it.
#ifndef ASCEND_KERNELS_SPACE_TO_DEPTH_OP_HOST_SPACE_TO_DEPTH_TILING_H
#define ASCEND_KERNELS_SPACE_TO_DEPTH_OP_HOST_SPACE_TO_DEPTH_TILING_H

#include "copy_tiling_data_generated.h"

namespace optiling {

REGISTER_TILING_DATA_CLASS(AscendSpaceToDepth, CopyTilingData)

}  // namespace optiling

#endif  // ASCEND_KERNELS_SPACE_TO_DEPTH_OP_HOST_SPACE_TO_DEPTH_TILING_H
