// @generated from ascend_kernels/common/copy_tiling.h by ascend-ops-dev generate; do not edit
//
// CopyTilingData: CANN's macro-style twin of the engine's struct CopyTiling, field for field and
// in the same order, so the packed struct CANN derives from it for the kernel's GET_TILING_DATA
// has CopyTiling's layout (Note [tiling twin layout] in ascend_ops_gen/codegen/copy_tiling.py). Every
// op's tiling is a CopyTiling, so one class serves them all: each op_host/<op>_tiling.h registers
// it for its OpType, and copy_op_host.h saves the plan through it.
#ifndef ASCEND_KERNELS_COMMON_COPY_TILING_DATA_GENERATED_H
#define ASCEND_KERNELS_COMMON_COPY_TILING_DATA_GENERATED_H

#include <cstddef>

#include "register/tilingdata_base.h"

#include "copy_tiling.h"

namespace optiling {

// The layout the twin was generated from: a change to copy_tiling.h fails here until the twin is
// generated again.
static_assert(sizeof(ascend_ops::CopyTiling) == 464, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, shape) == 0, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, stride) == 64, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, shapeReciprocal) == 128, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, packedStride) == 192, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, offset) == 256, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, packedOffset) == 264, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, packedElems) == 272, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, totalElems) == 280, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, hullLo) == 288, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, hullHi) == 296, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, splitGranule) == 304, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, granulesPerCore) == 312, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, granuleRemainder) == 320, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, tileElems) == 328, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, rowsPerTile) == 336, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, unitElems) == 344, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, unitsPerTile) == 352, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, windowElems) == 360, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, windowLo) == 368, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, fillBits) == 376, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, blockSlotBytes) == 384, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, unitSlotBytes) == 388, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, mode) == 392, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, elemBytes) == 396, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, unitBytes) == 400, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, blockDim) == 404, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, rank) == 408, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, unitDim) == 412, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, countDim) == 416, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, usePad) == 420, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, useVectorGather) == 424, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, inBufBytes) == 428, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, outBufBytes) == 432, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, tableBytes) == 436, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, runDim) == 440, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, pieceSlotBytes) == 444, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, countInnerDim) == 448, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, windowCount) == 452, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, transposeGroupStride) == 456, "CopyTiling changed: run `ascend-ops-dev generate`");
static_assert(offsetof(ascend_ops::CopyTiling, transposeGroupRun) == 460, "CopyTiling changed: run `ascend-ops-dev generate`");

BEGIN_TILING_DATA_DEF(CopyTilingData)
    TILING_DATA_FIELD_DEF_ARR(int64_t, 8, shape);
    TILING_DATA_FIELD_DEF_ARR(int64_t, 8, stride);
    TILING_DATA_FIELD_DEF_ARR(uint64_t, 8, shapeReciprocal);
    TILING_DATA_FIELD_DEF_ARR(int64_t, 8, packedStride);
    TILING_DATA_FIELD_DEF(int64_t, offset);
    TILING_DATA_FIELD_DEF(int64_t, packedOffset);
    TILING_DATA_FIELD_DEF(int64_t, packedElems);
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
    TILING_DATA_FIELD_DEF(uint64_t, fillBits);
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
    TILING_DATA_FIELD_DEF(int32_t, runDim);
    TILING_DATA_FIELD_DEF(uint32_t, pieceSlotBytes);
    TILING_DATA_FIELD_DEF(int32_t, countInnerDim);
    TILING_DATA_FIELD_DEF(uint32_t, windowCount);
    TILING_DATA_FIELD_DEF(uint32_t, transposeGroupStride);
    TILING_DATA_FIELD_DEF(uint32_t, transposeGroupRun);
END_TILING_DATA_DEF;

// The plan into the twin, field for field. CANN's array setters take a non-const pointer, so the
// plan is not const.
inline void SetCopyTilingData(ascend_ops::CopyTiling& plan, CopyTilingData* tiling)
{
    tiling->set_shape(plan.shape);
    tiling->set_stride(plan.stride);
    tiling->set_shapeReciprocal(plan.shapeReciprocal);
    tiling->set_packedStride(plan.packedStride);
    tiling->set_offset(plan.offset);
    tiling->set_packedOffset(plan.packedOffset);
    tiling->set_packedElems(plan.packedElems);
    tiling->set_totalElems(plan.totalElems);
    tiling->set_hullLo(plan.hullLo);
    tiling->set_hullHi(plan.hullHi);
    tiling->set_splitGranule(plan.splitGranule);
    tiling->set_granulesPerCore(plan.granulesPerCore);
    tiling->set_granuleRemainder(plan.granuleRemainder);
    tiling->set_tileElems(plan.tileElems);
    tiling->set_rowsPerTile(plan.rowsPerTile);
    tiling->set_unitElems(plan.unitElems);
    tiling->set_unitsPerTile(plan.unitsPerTile);
    tiling->set_windowElems(plan.windowElems);
    tiling->set_windowLo(plan.windowLo);
    tiling->set_fillBits(plan.fillBits);
    tiling->set_blockSlotBytes(plan.blockSlotBytes);
    tiling->set_unitSlotBytes(plan.unitSlotBytes);
    tiling->set_mode(plan.mode);
    tiling->set_elemBytes(plan.elemBytes);
    tiling->set_unitBytes(plan.unitBytes);
    tiling->set_blockDim(plan.blockDim);
    tiling->set_rank(plan.rank);
    tiling->set_unitDim(plan.unitDim);
    tiling->set_countDim(plan.countDim);
    tiling->set_usePad(plan.usePad);
    tiling->set_useVectorGather(plan.useVectorGather);
    tiling->set_inBufBytes(plan.inBufBytes);
    tiling->set_outBufBytes(plan.outBufBytes);
    tiling->set_tableBytes(plan.tableBytes);
    tiling->set_runDim(plan.runDim);
    tiling->set_pieceSlotBytes(plan.pieceSlotBytes);
    tiling->set_countInnerDim(plan.countInnerDim);
    tiling->set_windowCount(plan.windowCount);
    tiling->set_transposeGroupStride(plan.transposeGroupStride);
    tiling->set_transposeGroupRun(plan.transposeGroupRun);
}

}  // namespace optiling

#endif  // ASCEND_KERNELS_COMMON_COPY_TILING_DATA_GENERATED_H
