// @generated from op_specs/space_to_depth.yaml by ascend-ops generate; do not edit
//
// The tiling data of AscendSpaceToDepth: CANN's macro-style twin of struct CopyTiling, field for field and
// in the same order, so the packed struct CANN derives from it for the kernel's GET_TILING_DATA
// has CopyTiling's layout (Note [tiling twin layout] in ascend_ops/codegen/copy_tiling.py; the
// op_host source re-proves it with static_asserts). Parsed from: ascend_kernels/common/copy_tiling.h
#ifndef ASCEND_KERNELS_SPACE_TO_DEPTH_OP_HOST_SPACE_TO_DEPTH_TILING_H
#define ASCEND_KERNELS_SPACE_TO_DEPTH_OP_HOST_SPACE_TO_DEPTH_TILING_H

#include "register/tilingdata_base.h"

namespace optiling {

BEGIN_TILING_DATA_DEF(AscendSpaceToDepthTilingData)
    TILING_DATA_FIELD_DEF_ARR(int64_t, 8, shape);
    TILING_DATA_FIELD_DEF_ARR(int64_t, 8, stride);
    TILING_DATA_FIELD_DEF(int64_t, offset);
    TILING_DATA_FIELD_DEF(int64_t, totalElems);
    TILING_DATA_FIELD_DEF(int64_t, hullLo);
    TILING_DATA_FIELD_DEF(int64_t, hullHi);
    TILING_DATA_FIELD_DEF(int64_t, splitGranule);
    TILING_DATA_FIELD_DEF(int64_t, granulesPerCore);
    TILING_DATA_FIELD_DEF(int64_t, granuleRemainder);
    TILING_DATA_FIELD_DEF(int64_t, tileElems);
    TILING_DATA_FIELD_DEF(int64_t, rowsPerTile);
    TILING_DATA_FIELD_DEF(int64_t, unitElems);
    TILING_DATA_FIELD_DEF(int64_t, unitsPerTile);
    TILING_DATA_FIELD_DEF(int64_t, windowElems);
    TILING_DATA_FIELD_DEF(int64_t, windowLo);
    TILING_DATA_FIELD_DEF(uint32_t, blockSlotBytes);
    TILING_DATA_FIELD_DEF(uint32_t, unitSlotBytes);
    TILING_DATA_FIELD_DEF(uint32_t, mode);
    TILING_DATA_FIELD_DEF(uint32_t, elemBytes);
    TILING_DATA_FIELD_DEF(uint32_t, unitBytes);
    TILING_DATA_FIELD_DEF(uint32_t, blockDim);
    TILING_DATA_FIELD_DEF(int32_t, rank);
    TILING_DATA_FIELD_DEF(int32_t, unitDim);
    TILING_DATA_FIELD_DEF(int32_t, countDim);
    TILING_DATA_FIELD_DEF(uint32_t, usePad);
    TILING_DATA_FIELD_DEF(uint32_t, useVectorGather);
    TILING_DATA_FIELD_DEF(uint32_t, inBufBytes);
    TILING_DATA_FIELD_DEF(uint32_t, outBufBytes);
    TILING_DATA_FIELD_DEF(uint32_t, tableBytes);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(AscendSpaceToDepth, AscendSpaceToDepthTilingData)

}  // namespace optiling

#endif  // ASCEND_KERNELS_SPACE_TO_DEPTH_OP_HOST_SPACE_TO_DEPTH_TILING_H
