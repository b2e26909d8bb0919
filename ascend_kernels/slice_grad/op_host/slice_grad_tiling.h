// @generated from op_specs/slice.yaml by ascend-ops-dev generate; do not edit
//
// The tiling data of AscendSliceGrad: CopyTilingData, the twin of the engine's CopyTiling that every op
// shares (common/copy_tiling_data_generated.h), registered for this OpType so that CANN derives
// the kernel's GET_TILING_DATA struct from it.
#ifndef ASCEND_KERNELS_SLICE_GRAD_OP_HOST_SLICE_GRAD_TILING_H
#define ASCEND_KERNELS_SLICE_GRAD_OP_HOST_SLICE_GRAD_TILING_H

#include "copy_tiling_data_generated.h"

namespace optiling {

REGISTER_TILING_DATA_CLASS(AscendSliceGrad, CopyTilingData)

}  // namespace optiling

#endif  // ASCEND_KERNELS_SLICE_GRAD_OP_HOST_SLICE_GRAD_TILING_H
