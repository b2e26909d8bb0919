// @generated from ascend_kernels/common/copy_tiling.h by ascend-ops-dev generate; do not edit
//
// LoadCopyTiling: the engine's CopyTiling from the struct GET_TILING_DATA declares. On CANN that
// struct is the packed twin CANN derives from the BEGIN_TILING_DATA_DEF class every op registers
// (CopyTilingData: same fields, same names as CopyTiling); the simulator declares a CopyTiling
// itself. Copying field by field serves both.
#ifndef ASCEND_KERNELS_COMMON_COPY_TILING_TWIN_GENERATED_H
#define ASCEND_KERNELS_COMMON_COPY_TILING_TWIN_GENERATED_H

#include <cstdint>

#include "kernel_operator.h"

#include "copy_tiling.h"

namespace ascend_ops {

template <typename TilingData>
__aicore__ inline CopyTiling LoadCopyTiling(const TilingData& src)
{
    CopyTiling t;
    for (int32_t i = 0; i < 8; ++i) {
        t.shape[i] = src.shape[i];
    }
    for (int32_t i = 0; i < 8; ++i) {
        t.stride[i] = src.stride[i];
    }
    for (int32_t i = 0; i < 8; ++i) {
        t.shapeReciprocal[i] = src.shapeReciprocal[i];
    }
    for (int32_t i = 0; i < 8; ++i) {
        t.packedStride[i] = src.packedStride[i];
    }
    t.offset = src.offset;
    t.packedOffset = src.packedOffset;
    t.packedElems = src.packedElems;
    t.totalElems = src.totalElems;
    t.hullLo = src.hullLo;
    t.hullHi = src.hullHi;
    t.splitGranule = src.splitGranule;
    t.granulesPerCore = src.granulesPerCore;
    t.granuleRemainder = src.granuleRemainder;
    t.tileElems = src.tileElems;
    t.rowsPerTile = src.rowsPerTile;
    t.unitElems = src.unitElems;
    t.unitsPerTile = src.unitsPerTile;
    t.windowElems = src.windowElems;
    t.windowLo = src.windowLo;
    t.fillBits = src.fillBits;
    t.blockSlotBytes = src.blockSlotBytes;
    t.unitSlotBytes = src.unitSlotBytes;
    t.mode = src.mode;
    t.elemBytes = src.elemBytes;
    t.unitBytes = src.unitBytes;
    t.blockDim = src.blockDim;
    t.rank = src.rank;
    t.unitDim = src.unitDim;
    t.countDim = src.countDim;
    t.usePad = src.usePad;
    t.useVectorGather = src.useVectorGather;
    t.inBufBytes = src.inBufBytes;
    t.outBufBytes = src.outBufBytes;
    t.tableBytes = src.tableBytes;
    t.runDim = src.runDim;
    t.pieceSlotBytes = src.pieceSlotBytes;
    t.countInnerDim = src.countInnerDim;
    t.windowCount = src.windowCount;
    t.transposeGroupStride = src.transposeGroupStride;
    t.transposeGroupRun = src.transposeGroupRun;
    return t;
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_COPY_TILING_TWIN_GENERATED_H
